"""The engine against River Rivals' rules in rulebook shape (``reference.py``), over seeded games.

At every step of many random games: the action step's legal actions are the reference's, every
column's fish check agrees with the reference's catch rule (RV-1, RV-2, RV-3, RV-17), and a game
won on fish is won by the seat that placed all of them. A reference rule broken on purpose is caught.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import riverbox
from riverbox.games.river_rivals import reference
from riverbox.games.river_rivals.content import COLUMNS
from riverbox.games.river_rivals.scoring import catch_spaces
from riverbox.games.river_rivals.state import RiverRivalsState


def differences(options: dict[str, Any], seeds: range) -> list[str]:
    """Every disagreement between the engine and the reference over the seeded random games."""
    game = riverbox.load("river-rivals", **options)
    found: list[str] = []
    for seed in seeds:
        st = game.new_state(seed)
        assert isinstance(st, RiverRivalsState)
        pick = random.Random(seed)
        for step in range(400):
            if st.is_over:
                break
            for seat in st.to_move:
                expected = reference.legal(st, seat)
                if expected is not None:
                    a = sorted(map(str, st.legal_actions(seat)))
                    if a != sorted(map(str, expected)):
                        found.append(f"seed {seed} step {step}: seat {seat} legal {a} vs {expected}")
            for s in (0, 1):
                for c in range(COLUMNS):
                    own, other = st.board[s * COLUMNS + c], st.board[(1 - s) * COLUMNS + c]
                    if list(catch_spaces(own, other)) != reference.catch_spaces(own, other):
                        found.append(f"seed {seed} step {step}: column {c + 1}, seat {s}: catch differs")
            seat = pick.choice(st.to_move)
            st.apply(pick.choice(st.legal_actions(seat)), seat)
        by_fish = reference.winner_by_fish(st)
        if st.is_over and by_fish is not None and st.winners() != [by_fish]:
            found.append(f"seed {seed}: won by {st.winners()}, the fish say {by_fish}")
    return found


@pytest.mark.parametrize("stuck", ["lose", "pass"])
@pytest.mark.parametrize("full_hand_draw", ["forbidden", "empty"])
def test_engine_and_reference_agree_over_seeded_random_games(stuck: str, full_hand_draw: str) -> None:
    assert differences({"stuck": stuck, "full_hand_draw": full_hand_draw}, range(50)) == []


def test_engine_and_reference_agree_in_advanced_mode() -> None:
    """The draft and the equipment are left to their records; the catch rule and the result still hold."""
    assert differences({"mode": "advanced"}, range(30)) == []


def test_a_broken_reference_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """RV-17 broken on purpose: a tie no longer goes to the active player."""

    def strict(own: list[tuple[int, int, int]], opposing: list[tuple[int, int, int]]) -> list[int]:
        if len(own) != 3 or reference.strength(own) <= reference.strength(opposing):
            return []
        return reference.room_for_fish(own)

    monkeypatch.setattr(reference, "catch_spaces", strict)
    assert differences({}, range(30))


def test_a_broken_legal_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """RV-18 broken on purpose: a hand limit of five."""
    monkeypatch.setattr(reference, "hand_limit", lambda st, seat: 5)
    assert differences({}, range(30))
