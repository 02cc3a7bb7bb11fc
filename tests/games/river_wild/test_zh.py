"""A Chinese reader of river-wild: menus, log sentences, refusals, screens and rules in Chinese,
with no English sentence left over and no ruling id (issue 12, "Languages")."""

from __future__ import annotations

import pytest

from ..player_text import english_leaks, not_chinese, offending, player_texts

OPTIONS: list[dict[str, object]] = [{}]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_menu_line_log_sentence_and_refusal_reads_in_chinese(options: dict[str, object]) -> None:
    assert not_chinese("river-wild", range(3), **options) == []


@pytest.mark.parametrize("options", OPTIONS)
def test_chinese_screens_and_rules_leave_no_english_sentence_and_no_ruling_id(
    options: dict[str, object],
) -> None:
    texts = list(player_texts("river-wild", range(2), lang="zh", **options))
    assert offending(iter(texts)) == []
    assert english_leaks(iter(texts), "river_wild") == []


def test_every_reason_a_face_cannot_go_somewhere_is_translated() -> None:
    # The rules name the broken rule in English inside the legal-placement loop; each distinct
    # sentence (RW-1 land against river on every edge, RW-2, RW-3) reaches a Chinese reader in Chinese.
    import re

    import riverbox
    from riverbox.games.river_wild.explain import violation_message

    reasons = set()
    for strict in (False, True):
        game = riverbox.load("river-wild", strict_top_river=strict)
        for face in game.rules.faces:
            reasons |= {game.rules.violation(face, ctx) for ctx in range(1 << 12)}
    reasons.discard("")
    assert len(reasons) > 10  # every edge, both ways, and the fixed sentences
    for reason in reasons:
        said = violation_message(reason).text("zh")
        assert re.search(r"[\u4e00-\u9fff]", said) and not re.search(r"[A-Za-z]{3} [A-Za-z]{3}", said), said
        assert str(violation_message(reason)) == reason
