"""The occupied-space bitmasks and the tall-caravan flag the rules keep as explorers move.

The move step, the animal powers and the end of a turn read ``occ`` and ``tall`` instead of
walking every space; these tests check that every rule keeps them equal to what the stacks say.
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.core import Rng
from riverbox.games.river_trek.actions import MAX_SPACES
from riverbox.games.river_trek.position import FORCED_HEIGHT
from riverbox.games.river_trek.state import TrekState
from riverbox.games.river_trek.tables import MOVE_AT, for_spaces, spaces_of
from tests.games.river_trek.helpers import G, O, P, act, make


def recount(s: TrekState) -> list[int]:
    """``occ`` as the stacks say it, space by space."""
    occ = [0] * s.colours
    for i, stack in enumerate(s.stacks):
        for e in stack:
            occ[e] |= 1 << i
    return occ


def check(s: TrekState) -> None:
    assert s.occ == recount(s)
    for i, x in enumerate(s.stacks):  # RT-13: a caravan that tall always has its space flagged
        if len(x) >= FORCED_HEIGHT:
            assert s.tall >> i & 1


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        (3, {"variant": "full"}),
        (2, {"variant": "full", "animal_shift": "back"}),
        (4, {"empty_tile_check": "caravan-move"}),
    ],
)
def test_bitmasks_follow_every_rule(players: int, options: dict[str, str]) -> None:
    g = riverbox.load("river-trek", players=players, **options)
    kinds_seen: set[int] = set()
    for seed in range(12):
        s = g.new_state(seed)
        assert isinstance(s, TrekState)
        r = Rng(seed)
        check(s)
        while not s.is_over:
            action = r.choice(s.legal_actions())
            kinds_seen.add(action.kind)
            s.apply(action)
            check(s)
        copy = g.state_from_json(s.to_json())
        assert isinstance(copy, TrekState) and copy.occ == s.occ
    assert len(kinds_seen) >= 12  # the animal powers were played too, not only moves


def test_every_power_keeps_the_bitmasks() -> None:
    """Jaguar, Otter, Capybara (restack), Bush Dog: each moves explorers without a caravan move."""
    s = make(seat=G, animals=("jaguar",), holders={"jaguar": G}, stacks={6: [O, G], 8: [P]})
    act(s, "jaguar 6 8")
    check(s)
    assert s.occ[G] == 1 << 8 and s.occ[O] == 1 << 6
    s = make(seat=G, animals=("otter",), holders={"otter": G}, stacks={5: [O, G], 7: [P]})
    act(s, "otter 5 7")
    check(s)
    assert s.occ[G] == 1 << 7 and s.occ[P] == 1 << 5
    s = make(seat=G, animals=("capybara",), holders={"capybara": G}, stacks={6: [G], 11: [G, O, O]})
    act(s, "capybara 11")
    assert s.occ[O] == 0
    act(s, "restack 1")
    check(s)
    s = make(seat=G, phase="end", animals=("bushdog",), holders={"bushdog": G}, stacks={6: [G], 8: [O]})
    act(s, "dog 6 up")
    check(s)
    assert s.occ[G] == 1 << 7


def test_a_tall_caravan_laid_out_by_hand_moves_at_the_end_of_the_turn() -> None:
    s = make(seat=G, phase="end", animals=("bushdog",), holders={"bushdog": G}, stacks={6: [G], 8: [O] * 7})
    assert s.tall
    act(s, "end")
    assert all(len(x) < FORCED_HEIGHT for x in s.stacks) and not s.tall


def test_space_tables_list_the_spaces_of_a_mask_in_order() -> None:
    r = Rng(7)
    for _ in range(200):
        mask = sum(1 << i for i in range(MAX_SPACES) if r.random() < 0.3)
        assert spaces_of(mask) == [i for i in range(MAX_SPACES) if mask >> i & 1]
        assert [a.at for a in for_spaces(MOVE_AT, mask)] == spaces_of(mask)
