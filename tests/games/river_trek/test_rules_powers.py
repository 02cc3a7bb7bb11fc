"""River Trek rules: Animal powers: Emerald Tree Boa (RT-21), Tree Frog (RT-22), Peccary (RT-23),
Jaguar and Bush Dog (RT-24), Otter, Capybara, Sloth, Harpy Eagle and Bush Dog limits (RT-25), the
Kingfisher.

Positions are built with ``helpers.make`` (see its docstring for the map of the path).
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.core import IllegalAction
from riverbox.games.river_trek.position import Phase
from riverbox.games.river_trek.state import TrekState

from .helpers import B, G, O, P, act, bridged, first_found, legal, make


def test_rt_21_boa_second_drop_sees_n_plus_1() -> None:
    s = make(
        seat=G, animals=("boa",), holders={"boa": G}, stacks={6: [B], 8: [G, G, G], 9: [B]}, posts={(3, G): 1}
    )
    act(s, "move 8")
    act(s, "boa")
    assert s.money[G] == 2 + 3
    assert s.stacks[9] == [B, G, G]
    assert s.stacks[7] == [G]  # the third explorer washed from 10 to 7


def test_rt_21_boa_washed_then_second_washes_too() -> None:
    s = make(seat=G, animals=("boa",), holders={"boa": G}, stacks={6: [B], 9: [G, G, G]})
    act(s, "move 9")
    act(s, "boa")
    assert s.stacks[7] == [G, G] and s.stacks[10] == [] and s.stacks[11] == [G]


def test_rt_22_tree_frog_skips_one_space() -> None:
    s = make(seat=G, animals=("frog",), holders={"frog": G}, stacks={6: [B], 8: [G, G]}, posts={(3, G): 1})
    act(s, "move 8")
    act(s, "frog")
    assert s.stacks[9] == [] and s.money[G] == 0  # 9 jumped, not activated
    assert s.stacks[7] == [G] and s.stacks[11] == [G]


def test_rt_23_peccary_downstream_stacks_on_dock() -> None:
    s = make(seat=G, animals=("peccary",), holders={"peccary": G}, stacks={6: [B], 3: [G, O, G, B, G]})
    assert "moveback 3" in legal(s)
    act(s, "moveback 3")
    assert s.stacks[2] == [G] and s.stacks[1] == [O]
    assert s.stacks[0] == [G, B, G]  # onto the Dock: nothing happens there, extras stack on it


def test_rt_23_peccary_crossing_still_washes() -> None:
    s = make(seat=G, animals=("peccary",), holders={"peccary": G}, stacks={6: [B], 9: [O, G]})
    act(s, "moveback 9")
    assert s.stacks[8] == [O]
    assert s.stacks[7] == [] and s.stacks[5] == [G]  # dropped on crossing 7, washed to 5


def test_rt_23_peccary_never_from_the_dock_and_not_without_token() -> None:
    s = make(seat=G, stacks={0: [G], 3: [G]})
    assert not any(a.startswith("moveback") for a in legal(s))
    with pytest.raises(IllegalAction, match="only the Peccary's holder"):
        act(s, "moveback 3")


def test_rt_24_jaguar_activates_nothing_never_onto_empty() -> None:
    s = make(
        seat=G,
        phase="post",
        animals=("jaguar",),
        holders={"jaguar": G},
        stacks={6: [B], 9: [O, G], 10: [O], 12: [P, B]},
        posts={(4, G): 2},
    )
    lg = legal(s)
    assert "jaguar 9 12" in lg and "jaguar 9 11" not in lg and "jaguar 12 9" not in lg
    act(s, "jaguar 9 10")  # onto a crossing: no wash
    assert s.stacks[10] == [O, G] and s.stacks[9] == [O] and s.money[G] == 0
    assert s.holder == [-1] and s.down == [True]
    with pytest.raises(IllegalAction):
        act(s, "jaguar 10 12")


def test_rt_24_bush_dog_free_step_no_activation() -> None:
    s = make(
        seat=G,
        phase="place",
        animals=("bushdog",),
        holders={"bushdog": G},
        stacks={6: [G], 9: [G], 34: [G]},
        posts={(3, G): 2},
    )
    act(s, "place 1")
    lg = legal(s)
    assert s.phase == Phase.END and {"dog 9 up", "dog 9 down", "dog 34 down", "end"} <= lg
    assert "dog 34 up" not in lg  # never off the path
    act(s, "dog 9 up")  # onto crossing 10: no wash
    assert s.stacks[10] == [G] and s.money[G] == 0
    assert not any(a.startswith("dog") for a in legal(s))  # once per turn
    act(s, "end")
    assert s.to_move == (O,)


def test_rt_25_bush_dog_can_cause_forced_move() -> None:
    s = make(
        seat=G,
        phase="end",
        animals=("bushdog",),
        holders={"bushdog": G},
        stacks={6: [G, B], 12: [G], 13: [O] * 6},
    )
    act(s, "dog 12 up")
    act(s, "end")
    assert max(len(x) for x in s.stacks) < 7 and s.stacks[13] == []


def test_rt_25_otter_and_capybara_activate_nothing() -> None:
    s = make(
        seat=G,
        phase="post",
        animals=("otter", "capybara"),
        holders={"otter": G, "capybara": G},
        stacks={6: [G], 8: [O], 5: [G, O], 15: [B, B, O], 11: [O, G, B, O]},
    )
    assert "otter 5 15" in legal(s) and "otter 5 10" not in legal(s)  # both must hold a caravan
    act(s, "otter 5 15")
    assert s.stacks[5] == [B, B, O] and s.stacks[15] == [G, O] and s.money == [0, 0, 0, 0]
    act(s, "capybara 11")
    assert s.phase == Phase.RESTACK and legal(s) == {"restack 0", "restack 1", "restack 3"}
    act(s, "restack 1")
    act(s, "restack 3")
    act(s, "restack 1")  # only green left: placed automatically
    assert s.stacks[11] == [O, B, O, G]
    assert s.phase == Phase.POST  # back to the trading-post step


def test_rt_25_sloth_pays_from_next_turn() -> None:
    s = make(seat=G, animals=("sloth",), stacks={5: [G]}, off={G: 0})
    act(s, "move 5")  # takes the Sloth: no $2 this turn
    assert s.holder == [G] and s.money[G] == 0
    for _ in range(3):  # orange, purple, blue: skip, move nothing (no explorers) -> place
        while s.cur != G:
            s.apply(s.legal_actions()[0])
    assert s.money[G] == 2


def test_rt_25_harpy_ignores_height_not_range() -> None:
    s = make(
        seat=G,
        phase="place",
        animals=("harpy",),
        holders={"harpy": G},
        stacks={6: [G], 3: [O, O, O, O], 5: [B, B]},
    )
    lg = legal(s)
    assert {"place 3", "place 5"} <= lg and "place 6" not in lg


def test_kingfisher_protects_a_caravan_holding_the_holders_explorer_anywhere() -> None:
    """RB Kingfisher: any caravan containing one of the holder's explorers does not wash, even if the
    holder's explorer is buried and someone else's dropped explorer is on top."""
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [O], 9: [B, O], 4: [G]})
    act(s, "move 4")  # G drops on crossing 5 (empty): washes to the Dock
    assert s.stacks[0] == [G]
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [O], 9: [G], 10: [O, B]})
    act(s, "move 9")  # G drops on crossing 10 onto orange + blue: orange's Kingfisher holds it
    assert s.stacks[10] == [O, B, G] and s.stacks[7] == []


def test_rt_24_jaguar_only_from_the_top_of_a_caravan() -> None:
    """RT-24 (RB Jaguar): only your explorer on top of a caravan may be moved."""
    s = make(
        seat=G,
        phase="post",
        animals=("jaguar",),
        holders={"jaguar": G},
        stacks={6: [O], 9: [G, O], 12: [B, G], 14: [P]},
    )
    lg = legal(s)
    assert not any(a.startswith("jaguar 9 ") for a in lg)  # green is under orange
    assert {"jaguar 12 6", "jaguar 12 9", "jaguar 12 14"} <= lg
    with pytest.raises(IllegalAction, match="from the top of a caravan"):
        act(s, "jaguar 9 14")


def test_rt_24_bush_dog_only_a_lone_explorer() -> None:
    """RT-24/RT-25 (RB Bush Dog): the free step is for a space holding just one explorer, yours."""
    s = make(
        seat=G,
        phase="end",
        animals=("bushdog",),
        holders={"bushdog": G},
        stacks={6: [O], 9: [O, G], 12: [G], 14: [O]},
    )
    dogs = {a for a in legal(s) if a.startswith("dog")}
    assert dogs == {"dog 12 up", "dog 12 down"}
    with pytest.raises(IllegalAction, match="Bush Dog moves a lone explorer"):
        act(s, "dog 9 up")
    with pytest.raises(IllegalAction, match="Bush Dog moves a lone explorer"):
        act(s, "dog 14 up")


def test_rt_25_otter_swaps_only_caravans_on_crossings() -> None:
    """RT-25 (RB Otter): both caravans must be on river crossings (the Dock counts)."""
    s = make(
        seat=G,
        phase="post",
        animals=("otter",),
        holders={"otter": G},
        stacks={0: [B], 6: [G], 7: [O], 9: [P], 15: [O, G]},
    )
    otters = {a for a in legal(s) if a.startswith("otter")}
    assert otters == {"otter 0 7", "otter 0 15", "otter 7 15"}
    with pytest.raises(IllegalAction, match="river crossings"):
        act(s, "otter 6 9")


def test_rt_21_boa_needs_two_explorers_in_hand() -> None:
    """RT-21: the Boa drops two explorers on one space, so it is offered only with two left."""
    s = make(seat=G, animals=("boa",), holders={"boa": G}, stacks={6: [O], 8: [G, G]})
    act(s, "move 8")
    assert legal(s) == {"drop all", "drop", "boa"}
    act(s, "drop")  # one explorer left: no more choices, the move finishes
    assert s.phase == Phase.PLACE and s.holder == [G]


def test_rt_25_capybara_restacks_bottom_first_in_chosen_order() -> None:
    """RT-25 (RB Capybara): the caravan is rebuilt from the bottom in the order chosen."""
    s = make(
        seat=G,
        phase="post",
        animals=("capybara",),
        holders={"capybara": G},
        stacks={6: [G], 12: [O, G, B, O]},
    )
    act(s, "capybara 12")
    act(s, "restack 3")  # blue at the bottom
    act(s, "restack 1")  # then orange
    assert legal(s) == {"restack 0", "restack 1"}
    act(s, "restack 0")  # then green; the last orange goes on top by itself
    assert s.stacks[12] == [B, O, G, O]
    assert s.money == [0, 0, 0, 0] and s.phase == Phase.POST


def test_rt_30_peccary_never_moves_a_dock_caravan_downstream() -> None:
    """RT-30: with the Peccary, any caravan above the Dock may go downstream, the Dock's may not."""
    s = make(seat=G, animals=("peccary",), holders={"peccary": G}, stacks={0: [G], 3: [G], 6: [O]})
    backs = {a for a in legal(s) if a.startswith("moveback")}
    assert backs == {"moveback 3"}


def test_rt_30_peccary_dock_caravan_refused_space_1_stacks_onto_the_dock() -> None:
    """RT-30: the Dock's caravan would move nothing, so it is refused and nothing changes; the caravan on
    space 1 may go downstream, its explorers stacking onto the Dock (RT-23)."""
    s = make(seat=G, animals=("peccary",), holders={"peccary": G}, stacks={0: [O, G], 1: [G, B], 6: [P]})
    assert "moveback 0" not in legal(s) and "moveback 1" in legal(s)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="cannot move further downstream"):
        act(s, "moveback 0")
    assert s.to_json() == before
    act(s, "moveback 1")
    assert s.stacks[1] == [] and s.stacks[0] == [O, G, G, B]


def test_rt_30_peccary_bridge_caravan_stays_the_one_above_stacks_onto_it() -> None:
    """RT-30 after the Civilization Event: the Bridge is the Dock, so its caravan cannot go downstream and
    the caravan just above it (space 6) stacks onto the Bridge (RT-27)."""
    s = bridged(seat=G, animals=("peccary",), holders={"peccary": G}, stacks={5: [G], 6: [G, O], 8: [B]})
    assert {a for a in legal(s) if a.startswith("moveback")} == {"moveback 6"}
    with pytest.raises(IllegalAction, match="cannot move further downstream"):
        act(s, "moveback 5")
    act(s, "moveback 6")
    assert s.stacks[6] == [] and s.stacks[5] == [G, G, O] and s.stacks[0] == []


def test_rt_25_bush_dog_again_on_the_holders_next_turn() -> None:
    """RB Bush Dog: one move per turn, and again on each later turn while held."""
    s = make(
        seat=G,
        phase="end",
        animals=("bushdog",),
        holders={"bushdog": G},
        stacks={6: [O], 8: [G], 12: [G], 20: [O], 22: [P], 24: [B]},
        off={G: 0},
    )  # nothing to place: the turn goes straight to its end
    act(s, "dog 12 up")
    act(s, "end")
    while s.cur != G:  # the others skip, move their furthest caravan, place on space 5
        s.apply(s.legal_actions()[-1])
    assert s.holder == [G]
    act(s, "skip")
    act(s, "move 13")
    assert "dog 14 up" in legal(s)  # the once-per-turn flag was reset


# -- the Boa / Tree Frog question, answered once per move (found in random play) ----------------------
def _boa_or_frog_prompt() -> TrekState:
    game = riverbox.load("river-trek", players=2)
    st, _ = first_found(
        game, 80, lambda st, seat: True if st.phase == Phase.DROP and len(st.mv_stack) >= 3 else None
    )
    return st


def test_rt_21_rt_22_drop_all_answers_the_boa_frog_question_once_per_move() -> None:
    """RT-21, RT-22: "drop all" answers the Boa / Tree Frog question once for the whole move, with
    the same result as dropping one explorer at a time."""
    st = _boa_or_frog_prompt()
    game = st.game
    assert "drop all" in [str(a) for a in st.legal_actions()]
    one_by_one = st.clone()
    prompts = 0
    while one_by_one.phase == Phase.DROP:
        one_by_one.apply(game.parse_action("drop", one_by_one))
        prompts += 1
    st.apply(game.parse_action("drop all", st))
    assert prompts >= 2 and st.phase != Phase.DROP  # one answer instead of one prompt per drop
    assert st.stacks == one_by_one.stacks and st.money == one_by_one.money
    assert st.holder == one_by_one.holder


def test_old_drop_notation_still_replays() -> None:
    """RT-21, RT-22: a record answering each drop one by one (the older notation) still replays."""
    st = _boa_or_frog_prompt()
    st.apply(st.game.parse_action("drop", st))
    again = riverbox.replay(st.record())
    assert again.record() == st.record()
