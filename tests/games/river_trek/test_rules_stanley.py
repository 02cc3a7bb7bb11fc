"""River Trek rules: Stanley, the automatic third colour of a two-player game (RT-20): his turns, his
forced moves, and the final round he triggers.

Positions are built with ``helpers.make`` (see its docstring for the map of the path).
"""

from __future__ import annotations

import riverbox
from riverbox.games.river_trek.position import Phase

from .helpers import STANLEY, G, O, act, make, play_first_legal_until_over


def test_rt_20_turn_order_and_stanley_places_furthest_upstream() -> None:
    s = make(players=2, seat=G, phase="place", stacks={5: [O, O], 4: [G]})
    act(s, "place 1")
    assert s.history[-1][0] == riverbox.CHANCE and str(s.history[-1][1]) == "stanley place 4"
    assert s.stacks[4] == [G, 2]
    assert s.to_move == (O,)


def test_rt_20_stanley_moves_lowest_caravan_and_pays_humans() -> None:
    s = make(
        players=2, seat=O, phase="place", stacks={8: [2, G], 20: [2], 11: [O]}, posts={(4, G): 1}, off={2: 0}
    )
    act(s, "place 1")
    assert str(s.history[-1][1]) == "stanley move 8"
    assert s.stacks[9] == [2] and s.stacks[7] == [G]  # G dropped on crossing 10 and washed to 7
    assert s.money == [0, 0]
    assert s.to_move == (G,)


def test_rt_20_stanley_triggers_end_each_human_one_more_turn() -> None:
    s = make(players=2, seat=G, phase="place", stacks={34: [2], 3: [O], 4: [G]}, off={2: 0})
    act(s, "place 1")
    assert s.triggered
    actors = play_first_legal_until_over(s, current=True)
    assert actors == [O, G]


def test_rt_20_human_triggers_stanley_then_other_human() -> None:
    s = make(players=2, seat=G, stacks={34: [G], 3: [O], 4: [G]})
    act(s, "move 34")
    act(s, "place 1")
    assert any(str(a).startswith("stanley") for _, a in s.history[-2:])
    actors = play_first_legal_until_over(s, current=True)
    assert actors == [O]
    assert s.is_over


def test_rt_31_no_boa_or_frog_choice_on_stanleys_forced_move() -> None:
    """RT-31 (RB, Boa/Tree Frog): a forced move during Stanley's turn runs with no human choice."""
    s = make(
        players=2,
        seat=O,
        phase="place",
        animals=("frog", "boa"),
        holders={"frog": G, "boa": G},
        stacks={6: [G], 8: [G], 20: [STANLEY], 21: [O, O, O, G, G, G]},
        off={STANLEY: 0},
    )
    act(s, "place 1")  # Stanley moves 20 -> 21 (a caravan of 7): forced at the end of his turn
    assert str(s.history[-1][1]) == "stanley move 20"
    assert s.phase == Phase.POST and s.to_move == (G,)  # straight on to green's turn, no drop choice
    assert s.holder == [G, G]  # neither token spent
    assert all(len(x) < 7 for x in s.stacks)


def test_rt_20_stanley_triggers_end_and_takes_no_further_turn() -> None:
    """RT-19/RT-20: when Stanley moves explorers off the end, each human gets one more turn and
    Stanley none (he sits twice in the 2-player rotation, so he must be skipped)."""
    s = make(players=2, seat=G, phase="place", stacks={34: [STANLEY], 3: [O], 4: [G]}, off={STANLEY: 0})
    act(s, "place 1")
    assert s.triggered
    mark = len(s.history)
    while not s.is_over:
        lg = s.legal_actions()
        s.apply(next((a for a in lg if str(a) in ("skip", "end", "drop", "done")), lg[0]))
    assert not any(str(a).startswith("stanley") for _, a in s.history[mark:])
