"""The engine against the rules in rulebook shape (``reference.py``): many seeded games, step by step.

At every step both give every seat the same legal actions; the same action tells the same events to
every seat and to spectators and leaves the same document (fields, history, chance outcomes); the
scores and the winner agree at the end. A reference rule broken on purpose is caught.
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.games.ravenous_river import reference
from tests.games.differential import play_both


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
def test_engine_and_reference_agree_over_seeded_random_games(players: int) -> None:
    game = riverbox.load("ravenous-river", players=players, target=4)
    for seed in range(40):
        assert play_both(game, reference, seed) == ""


def test_engine_and_reference_agree_when_the_first_player_is_chosen() -> None:
    game = riverbox.load("ravenous-river", players=4, first_player=2, target=9)
    for seed in range(10):
        assert play_both(game, reference, seed) == ""


def test_a_broken_reference_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """RR-23 broken on purpose: the mouse no longer eats the lion, so some round scores differently."""

    def wrong(animals: list[int]) -> tuple[dict[int, int], list[int]]:
        return right([x for x in animals if x != 0] if 6 in animals else animals)

    right = reference.predation
    monkeypatch.setattr(reference, "predation", wrong)
    game = riverbox.load("ravenous-river", players=4, target=4)
    found = [play_both(game, reference, seed) for seed in range(40)]
    assert any("differ" in f for f in found)


def test_a_broken_legal_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """RR-17 broken on purpose: a boat takes a third animal."""
    monkeypatch.setattr(reference, "has_room", lambda st, boat: reference.in_play(st, boat))
    game = riverbox.load("ravenous-river", players=3, target=4)
    found = [play_both(game, reference, seed) for seed in range(20)]
    assert any("may play" in f for f in found)
