"""River Trek rules: Setting up: starting money and explorers, starting posts (RT-5), the setup height
limit (RT-6), animal tiles (RT-18) and who places Stanley's explorers (RT-20).

Positions are built with ``helpers.make`` (see its docstring for the map of the path).
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.core import IllegalAction
from riverbox.games.river_trek.content import CROSSING, NORMAL, path_for
from riverbox.games.river_trek.position import Phase, setup_sequence
from riverbox.games.river_trek.setup import tile_positions

from .helpers import act, legal, make


def test_rt_5_setup_posts_in_turn_order_no_skip() -> None:
    g = riverbox.load("river-trek", players=3, variant="simple")
    s = g.new_state(3)
    while s.phase == Phase.SETUP_EXPLORER:
        s.apply(s.legal_actions()[0])
    assert s.phase == Phase.SETUP_POST
    order = []
    while s.phase == Phase.SETUP_POST:
        assert "skip" not in legal(s)
        order.append(s.to_move[0])
        s.apply(s.legal_actions()[0])
    assert order == [0, 1, 2]
    assert s.phase == Phase.POST and s.to_move == (0,)
    assert s.hand == [6, 6, 6]


def test_rt_6_setup_height_limit_three() -> None:
    s = make(phase="setup-explorer", stacks={1: [1, 2], 2: [1, 2, 3]})
    lg = legal(s)
    assert "place 1" in lg and "place 2" not in lg
    assert {"place 0", "place 5"} <= lg  # Dock always, the Base-camp crossing itself is legal
    assert "place 6" not in lg  # outside the New Explorer range
    assert "place 0" in legal(make(phase="setup-explorer", stacks={0: [1, 2, 3, 1, 2]}))
    with pytest.raises(IllegalAction, match="height limit"):
        act(s, "place 2")


def test_rt_18_tile_positions_forward_and_back() -> None:
    path = path_for(("M1", "M2"))
    g = riverbox.load("river-trek", players=3)
    assert tile_positions(path, g.options) == [6, 8, 11, 13]  # 10 is a crossing: forward to 11, next from 11
    gb = riverbox.load("river-trek", players=3, animal_shift="back")
    assert tile_positions(path, gb.options) == [6, 8, 9, 11]


def test_rt_18_option_host_chooses_each_shift() -> None:
    g = riverbox.load("river-trek", players=3, animal_shift="choose")
    s = next(x for x in (g.new_state(seed) for seed in range(40)) if x.phase == Phase.SETUP_TILE)
    assert s.to_move == (0,)  # seat 0 acts as the host
    options = legal(s)
    assert len(options) == 2
    nominal = s.tiles[-1] + 2
    assert options == {f"tile {nominal + 1}", f"tile {nominal - 1}"}
    assert s.path.kinds[nominal] == CROSSING  # the nominal space is a crossing
    act(s, f"tile {nominal - 1}")  # back, against the default
    assert nominal - 1 in s.tiles
    while s.phase == Phase.SETUP_TILE:
        act(s, sorted(legal(s))[0])
    assert len(s.tiles) == 4 and s.phase == Phase.SETUP_EXPLORER
    assert s.tiles[0] == s.path.first_crossing() + 1
    for a, b in zip(s.tiles, s.tiles[1:], strict=False):
        assert b - a in (1, 2, 3)  # counted from where the previous tile actually ended up


def test_rt_18_tiles_never_on_crossings_or_final() -> None:
    names = [f"M{i}" for i in range(1, 10)]
    for a in names:
        for b in names:
            if a == b:
                continue
            path = path_for((a, b))
            for shift in ("forward", "back"):
                tiles = tile_positions(path, riverbox.load("river-trek", animal_shift=shift).options)
                assert len(set(tiles)) == 4
                assert all(path.kinds[t] == NORMAL and t < path.final_start for t in tiles)


def test_rt_18_setup_draws_four_animals() -> None:
    s = riverbox.load("river-trek", players=4).new_state(5)
    assert len(s.animals) == 4 and len(set(s.animals)) == 4
    assert str(s.history[1][1]).startswith("animals ")
    assert riverbox.load("river-trek", animals=False).new_state(5).animals == ()
    assert riverbox.load("river-trek", variant="simple").new_state(5).animals == ()


def test_rt_20_stanley_setup_sequence_and_money() -> None:
    g = riverbox.load("river-trek", players=2)
    seq = setup_sequence(2)
    p0 = [c for seat, c in seq if seat == 0]
    assert p0 == [0, 2, 0, 2, 0, 2, 0, 0]  # own, Stanley x3 interleaved, then own, own
    assert len(seq) == 16
    s = g.new_state(2)
    assert s.money == [0, 2]
    while s.phase == Phase.SETUP_EXPLORER:
        s.apply(s.legal_actions()[-1])
    assert s.off == [7, 7, 6]


@pytest.mark.parametrize(("players", "money"), [(2, [0, 2]), (3, [0, 2, 4]), (4, [0, 2, 4, 6])])
def test_rb_setup_starting_money_by_seat(players: int, money: list[int]) -> None:
    """RB setup (RT-20 for two players): the Compass holder $0, then $2, $4, $6."""
    s = riverbox.load("river-trek", players=players).new_state(1)
    assert s.money == money


@pytest.mark.parametrize(("players", "each"), [(3, 5), (4, 4)])
def test_rb_setup_starting_explorer_count(players: int, each: int) -> None:
    """RB setup: four starting explorers each with 4 players, five with 3, placed one at a time."""
    s = riverbox.load("river-trek", players=players, variant="simple").new_state(2)
    order = []
    while s.phase == Phase.SETUP_EXPLORER:
        order.append(s.to_move[0])
        s.apply(s.legal_actions()[0])
    assert order == list(range(players)) * each
    assert s.off == [12 - each] * players
