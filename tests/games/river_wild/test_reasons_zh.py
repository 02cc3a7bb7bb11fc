"""A Chinese reader of river-wild: every reason a face cannot go somewhere reads in Chinese (the
sweep over all four games is tests/games/test_zh.py)."""

from __future__ import annotations


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
