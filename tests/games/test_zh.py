"""A Chinese reader of each game: menus, log sentences, refusals (of moves and of notation),
screens and rules in Chinese, with no English sentence left over and no ruling id (issue 12,
"Languages")."""

from __future__ import annotations

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
