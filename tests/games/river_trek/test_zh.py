"""A Chinese reader of river-trek: menus, log sentences, refusals, screens and rules in Chinese,
with no English sentence left over and no ruling id (issue 12, "Languages")."""

from __future__ import annotations

import pytest

from ..player_text import english_leaks, not_chinese, offending, player_texts

OPTIONS: list[dict[str, object]] = [{}, {"players": 2}, {"variant": "full", "players": 4}]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_menu_line_log_sentence_and_refusal_reads_in_chinese(options: dict[str, object]) -> None:
    assert not_chinese("river-trek", range(3), **options) == []


@pytest.mark.parametrize("options", OPTIONS)
def test_chinese_screens_and_rules_leave_no_english_sentence_and_no_ruling_id(
    options: dict[str, object],
) -> None:
    texts = list(player_texts("river-trek", range(2), lang="zh", **options))
    assert offending(iter(texts)) == []
    assert english_leaks(iter(texts), "river_trek") == []
