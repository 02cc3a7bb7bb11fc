"""River Trek rules: Caravan moves: which caravans may move (RT-29), new explorers (RT-6, RT-7), drops
one by one (RT-8), washing down at crossings (RT-9, the Bridge of RT-27) and forced moves (RT-13).

Positions are built with ``helpers.make`` (see its docstring for the map of the path).
"""

from __future__ import annotations

import pytest

from riverbox.core import IllegalAction
from riverbox.games.river_trek.position import Phase

from .helpers import B, G, O, P, act, bridged, legal, make


def test_rt_6_game_height_limit_two_and_no_activation() -> None:
    s = make(seat=G, phase="place", stacks={0: [O, O, B], 1: [O], 2: [O, B], 5: [B]}, posts={(0, G): 1})
    lg = legal(s)
    assert lg == {"place 0", "place 1", "place 3", "place 4", "place 5"}
    act(s, "place 5")  # onto the Base-camp crossing: no wash, no income (RT-6)
    assert s.stacks[5] == [B, G] and s.money[G] == 0
    s = make(seat=G, phase="place", stacks={1: [O]}, posts={(0, G): 1})
    act(s, "place 1")
    assert s.money[G] == 0


def test_rt_7_new_explorer_step_mandatory_or_skipped() -> None:
    s = make(seat=G, stacks={8: [G]})
    act(s, "move 8")
    assert s.phase == Phase.PLACE and s.to_move == (G,)  # must place
    assert "skip" not in legal(s)
    s = make(seat=G, stacks={8: [G] * 1}, off={G: 0})  # all twelve on the board: step skipped
    act(s, "move 8")
    assert s.to_move == (O,)


def test_rt_8_sequential_activation_kingfisher_starts_at_once() -> None:
    s = make(seat=G, animals=("kingfisher",), stacks={4: [G, G, G, G]})
    act(s, "move 4")
    # drop 1 on crossing 5 washes to the Dock; drop 2 on tile 6 takes the Kingfisher;
    # drop 3 on crossing 7 does not wash (the Kingfisher already works); drop 4 on 8.
    assert s.stacks[0] == [G]
    assert s.stacks[5] == [] and s.stacks[6] == [G] and s.stacks[7] == [G] and s.stacks[8] == [G]
    assert s.holder == [G]


def test_rt_9_wash_whole_caravan_one_crossing_no_chain() -> None:
    s = make(seat=G, stacks={9: [G], 10: [O, B], 7: [P]})
    act(s, "move 9")
    assert s.stacks[10] == []
    assert s.stacks[7] == [P, O, B, G]  # on top of the caravan there, and stops (not on to 5)
    assert s.stacks[5] == []


def test_rt_9_empty_crossing_still_washes_and_dock_never_washes() -> None:
    s = make(seat=G, stacks={4: [G]})
    act(s, "move 4")
    assert s.stacks[5] == [] and s.stacks[0] == [G]
    s = make(seat=G, phase="move", stacks={0: [O, G]})
    # moving off the Dock: nothing washes at the Dock itself
    act(s, "move 0")
    assert s.stacks[1] == [O] and s.stacks[2] == [G]


def test_rt_13_forced_moves_furthest_downstream_first_and_repeat() -> None:
    s = make(seat=G, phase="place", stacks={20: [B] * 7, 25: [O] * 7}, off={G: 1})
    act(s, "place 1")
    forced = [e["space"] for e in s.log(None) if e["kind"] == "forced"]
    assert forced == [20, 25]
    assert all(len(st) < 7 for st in s.stacks)
    assert s.to_move == (O,)


def test_rt_13_forced_move_creates_another() -> None:
    s = make(seat=G, phase="place", stacks={20: [B] * 7, 21: [O] * 6})
    act(s, "place 1")
    forced = [e["space"] for e in s.log(None) if e["kind"] == "forced"]
    assert len(forced) >= 2 and forced[1] == 21
    assert all(len(st) < 7 for st in s.stacks)


def test_rt_13_dock_can_build_a_forced_stack() -> None:
    s = make(seat=G, phase="place", stacks={0: [O, B, P, O, B, P]})
    act(s, "place 0")  # the Dock caravan reaches 7 and is forced up the path
    assert s.stacks[1] == [O] and s.stacks[6] == [P] and s.stacks[7] == []
    assert s.stacks[0] == [B]  # the fifth explorer dropped on crossing 5 and washed back to the Dock
    assert s.stacks[5] == [G]  # the seventh washed from crossing 7 to 5
    assert s.to_move == (O,)


def test_rt_31_boa_frog_on_own_forced_move_never_peccary() -> None:
    """RT-31: the Boa and the Tree Frog work in a forced move of your own turn; the Peccary never does."""
    s = make(
        seat=G,
        phase="place",
        animals=("frog", "peccary"),
        holders={"frog": G, "peccary": G},
        stacks={6: [G], 8: [B], 20: [B] * 7},
    )
    act(s, "place 1")
    assert s.phase == Phase.DROP and legal(s) == {"drop all", "drop", "frog"}  # deciding a forced move's drop
    act(s, "drop")
    while s.phase == Phase.DROP:
        act(s, "drop")
    assert s.stacks[20] == [] and s.stacks[21] == [B]  # upstream: the Peccary never applies


def test_rt_29_nothing_to_move_skips_the_step() -> None:
    s = make(seat=G, phase="post", stacks={3: [O]})
    act(s, "skip")
    assert s.phase == Phase.PLACE  # straight to placing a new explorer


def test_rb_step_2_only_caravans_with_your_explorer_move() -> None:
    """RB step 2: a caravan without one of your explorers cannot be moved (on your own turn)."""
    s = make(seat=G, stacks={3: [O, B], 8: [O, G, B], 12: [P]})
    assert {a for a in legal(s) if a.startswith("move")} == {"move 8"}  # G buried mid-caravan counts
    before = s.to_json()
    with pytest.raises(IllegalAction, match="one of your explorers"):
        act(s, "move 3")
    assert s.to_json() == before  # state unchanged


def test_rt_9_rt_27_nothing_washes_below_the_bridge() -> None:
    """RT-9/RT-27: the Bridge is the Dock: a drop on it never washes; a wash from 7 stops on it."""
    s = bridged(seat=G, animals=("peccary",), holders={"peccary": G}, stacks={6: [G, O], 8: [B]})
    act(s, "moveback 6")  # G drops on the Bridge (nothing happens), O stacks on it too
    assert s.stacks[5] == [G, O] and s.stacks[0] == []
    s = bridged(seat=G, stacks={6: [G], 5: [O]})
    act(s, "move 6")  # onto crossing 7: washes down onto the Bridge and stops there
    assert s.stacks[5] == [O, G] and s.stacks[0] == []
