"""The toy game's differential test, as docs/writing-a-game.md asks of every game: the fast rules
(the dispatch tables) against the reference, over seeded games, and a broken reference caught."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.core import toy
from tests.games.differential import play_both


def _reference() -> SimpleNamespace:
    return SimpleNamespace(
        setup=toy.reference_setup,
        legal=toy.reference_legal,
        apply=toy.reference_apply,
        winners=toy.reference_winners,
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_rules_agree_with_their_reference(players: int) -> None:
    game = toy.ToyGame(players=players)
    for seed in range(30):
        assert play_both(game, _reference(), seed) == ""


def test_a_broken_toy_reference_is_caught() -> None:
    """A bet that no longer raises the stake shows in the position the same step."""
    ref = _reference()

    def wrong(st: toy.ToyState, action: toy.Act, seat: int) -> None:
        bets = list(st.bets)
        toy.reference_apply(st, action, seat)
        st.bets = bets

    ref.apply = wrong
    found = [play_both(toy.ToyGame(players=2), ref, seed) for seed in range(10)]
    assert any("different positions" in f for f in found)
