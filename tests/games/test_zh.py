"""A Chinese reader of each game: menus, log sentences, refusals (of moves and of notation),
screens and rules in Chinese, with no English sentence left over and no ruling id (issue 12,
"Languages")."""

from __future__ import annotations

import re

import pytest

from riverbox.registry import game_class

from .player_text import english_leaks, not_chinese, offending, player_texts

CASES: list[tuple[str, dict[str, object]]] = [
    ("ravenous-river", {"players": 3}),
    ("ravenous-river", {"players": 2}),
    ("river-rivals", {"mode": "basic"}),
    ("river-rivals", {"mode": "advanced"}),
    ("river-wild", {}),
    ("river-trek", {}),
    ("river-trek", {"players": 2}),
    ("river-trek", {"variant": "full", "players": 4}),
]


@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_menu_line_log_sentence_and_refusal_reads_in_chinese(
    game: str, options: dict[str, object]
) -> None:
    assert not_chinese(game, range(3), **options) == []


@pytest.mark.parametrize(("game", "options"), CASES)
def test_chinese_screens_and_rules_leave_no_english_sentence_and_no_ruling_id(
    game: str, options: dict[str, object]
) -> None:
    texts = list(player_texts(game, range(2), lang="zh", **options))
    assert offending(iter(texts)) == []
    assert english_leaks(iter(texts), game_class(game).domain) == []


LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
IDENTIFIER = re.compile(r"[a-z][a-z-]*|[A-Z]+")
"""A component's id or kind ("lion", "SPEND", "START"): names for programs, not words for readers."""


def _read_texts(value: object) -> list[str]:
    """The strings of printed content a reader reads: ids, kinds, and a ``name`` beside its own
    ``title`` (the reader's form of it) are left out."""
    if isinstance(value, str):
        return [] if IDENTIFIER.fullmatch(value) else [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() if not (k == "name" and "title" in value) for s in _read_texts(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _read_texts(v)]
    return []


@pytest.mark.parametrize("game", sorted({game for game, _ in CASES}))
def test_every_printed_card_text_reads_in_chinese_without_english_words(game: str) -> None:
    """Every text printed on a component, as the drawn table shows it, in Chinese: an option's
    internal name (once seen on River Rivals' Poison card) is as foreign to a reader as a word."""
    texts = _read_texts(game_class(game)(None).printed_content("zh"))
    assert texts
    words = sorted({(word, text) for text in texts for word in LATIN_WORD.findall(text)})
    assert not words, words[:10]
