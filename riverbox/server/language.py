"""Each viewer's language: how the server picks it, and what a page needs to speak it.

A viewer's language is, in order: an explicit ``?lang=`` (a page remembers it in a cookie, so
the switch on every page sticks), the cookie, the browser's ``Accept-Language``, else English.
It is chosen per viewer, never per table: two players at one table may read different languages.

Pages are rendered with ``_`` bound to the reader's catalog; the page's scripts get their own
strings (those marked ``_("...")`` in the static scripts, extracted once) as a JSON table, so no
script ever carries a translation of its own.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from starlette.requests import Request

from riverbox.core.i18n import LANGUAGE_NAMES, LANGUAGES, gettext, translator

LANG_COOKIE = "riverbox_lang"
STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
HTML_LANG = {"en": "en", "zh": "zh-Hans"}
"""The ``lang`` attribute of a page (BCP 47): Simplified Chinese is ``zh-Hans``."""


def accepted(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header that riverbox speaks, best first."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES and quality > 0:
            ranked.append((-quality, i, primary))
    return [lang for _, _, lang in sorted(ranked)]


def choose_lang(asked: str | None, cookie: str | None, accept: str | None) -> str:
    """The first of ``?lang=``, the cookie and ``Accept-Language`` that riverbox speaks, else English."""
    for choice in (asked, cookie):
        if choice in LANGUAGES:
            return str(choice)
    found = accepted(accept)
    return found[0] if found else "en"


@functools.cache
def script_ids(domain: str) -> tuple[str, ...]:
    """The strings the static scripts of ``domain`` mark with ``_("...")`` (read once)."""
    from babel.messages.extract import extract_from_file

    if domain == "riverbox":
        files = sorted(STATIC.glob("*.js"))
    else:
        files = [STATIC / "games" / f"{domain.replace('_', '-')}.js"]
    found: dict[str, None] = {}
    for path in files:
        if path.is_file():
            for _line, text, _comments, _context in extract_from_file(
                "javascript", str(path), keywords={"_": None}
            ):
                if isinstance(text, str):
                    found[text] = None
    return tuple(found)


def script_strings(lang: str, domains: tuple[str, ...]) -> dict[str, str]:
    """msgid -> translation for the scripts of ``domains`` (empty in English: the ids are the words)."""
    if lang == "en":
        return {}
    out: dict[str, str] = {}
    for domain in domains:
        for text in script_ids(domain):
            said = gettext(domain, lang, text)
            if said != text:
                out[text] = said
    return out


def page_context(request: Request, lang: str, game: str | None = None) -> dict[str, Any]:
    """What every template needs to speak ``lang``: ``_``, the switch, the scripts' strings."""
    domains: tuple[str, ...] = ("riverbox",)
    if game is not None:
        from riverbox.registry import game_class

        domains = ("riverbox", game_class(game).domain)
    switch = [
        {"code": code, "name": LANGUAGE_NAMES[code], "url": str(request.url.include_query_params(lang=code))}
        for code in LANGUAGES
    ]
    return {
        "_": translator("riverbox", lang),
        "lang": lang,
        "html_lang": HTML_LANG[lang],
        "switch": switch,
        "strings": script_strings(lang, domains),
    }


__all__ = ["LANG_COOKIE", "accepted", "choose_lang", "page_context", "script_ids", "script_strings"]
