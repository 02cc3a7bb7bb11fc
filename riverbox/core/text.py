"""Words players read: kept free of the ruling ids that data files and code cite."""

from __future__ import annotations

import re

RULING = re.compile(r"\s*\((?:R[RVWT]-\d+[,;\s]*)+\)")
"""A parenthesised list of ruling ids, as the data files cite them."""


def player_text(text: str) -> str:
    """``text`` without the ruling ids the data files cite (players never read them)."""
    return RULING.sub("", text).strip()


CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
"""Chinese characters and their punctuation (ideographs, CJK symbols, full-width forms)."""

_WRAPPED_END = re.compile(rf"[{CJK}][*_`]*$")
_WRAPPED_START = re.compile(rf"^[*_`]*[{CJK}]")


def unwrap_cjk(markdown: str) -> str:
    """``markdown`` with lines wrapped between two Chinese characters joined again.

    Markdown turns a line break inside a paragraph into a space, which is right between English
    words and wrong between Chinese ones ("它会 展开"): Chinese puts no space between words. A
    source file wrapped at a fixed width (as the Chinese rules are) would show such a space at every
    wrap, in the web page and in the terminal alike, so every reader of rules text goes through
    this. A line is joined only when it ends with a Chinese character (emphasis marks may follow)
    and the next one, inside the same block (a blockquote's ``>`` continues a blockquote), starts
    with one: a list item, heading or table row never starts with a Chinese character.
    """
    out: list[str] = []
    for line in markdown.split("\n"):
        if out and _WRAPPED_END.search(out[-1]):
            rest = line.lstrip()
            if out[-1].lstrip().startswith(">") and rest.startswith(">"):
                rest = rest[1:].lstrip()
            if _WRAPPED_START.match(rest):
                out[-1] += rest
                continue
        out.append(line)
    return "\n".join(out)


_INLINE_TAGS = r"(?:</?(?:strong|em|code|a)\b[^>]*>)*"
_HTML_GAP = re.compile(rf"([{CJK}]{_INLINE_TAGS})[ \t\n]+({_INLINE_TAGS}[{CJK}])")


def close_cjk_gaps(html: str) -> str:
    """Rendered HTML without the spaces left between two Chinese characters around inline markup.

    Chinese Markdown needs a space next to ``**bold**`` after full-width punctuation
    (``**放置一只动物。** 从``): without it CommonMark does not close the emphasis. The rendered
    page must not show that space, so it is taken out after rendering, where the markup is already
    settled. Only spaces between two Chinese characters (through ``strong``, ``em``, ``code`` or
    ``a`` tags) go; a space next to a Latin word or a digit stays.
    """
    for _ in range(2):  # a one-character word between two gaps needs a second pass
        html = _HTML_GAP.sub(r"\1\2", html)
    return html


__all__ = ["CJK", "RULING", "close_cjk_gaps", "player_text", "unwrap_cjk"]
