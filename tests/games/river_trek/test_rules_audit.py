"""Rule tests added by the faithfulness audit: each closes a gap found by mutation testing (a
small deliberate break of the rules code that no earlier test noticed). Ruling ids are the
spec's; "RB" marks a point the rulebook states directly.

Positions use the path START + M1A + M2A + FINAL (see test_rules.py for the space map);
animal tiles sit on 6, 8, 11, 13 in the order the animals are listed.
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.core import IllegalAction
from riverbox.games.river_trek.position import Phase

from .helpers import act, legal, make

G, O, P, B = 0, 1, 2, 3  # noqa: E741 - green, orange, purple, blue
STANLEY = 2


# ---------------------------------------------------------------- RB setup: money and explorers
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


# ---------------------------------------------------------------- RB step 2 / RT-29
def test_rb_step_2_only_caravans_with_your_explorer_move() -> None:
    """RB step 2: a caravan without one of your explorers cannot be moved (on your own turn)."""
    s = make(seat=G, stacks={3: [O, B], 8: [O, G, B], 12: [P]})
    assert {a for a in legal(s) if a.startswith("move")} == {"move 8"}  # G buried mid-caravan counts
    before = s.to_json()
    with pytest.raises(IllegalAction, match="one of your explorers"):
        act(s, "move 3")
    assert s.to_json() == before  # state unchanged


# ---------------------------------------------------------------- RT-3 / RT-4 trading posts
def test_rt_4_no_movepost_while_a_post_is_in_hand() -> None:
    """RT-4: moving a post is allowed only with no post left in hand; one left is enough to forbid it."""
    s = make(seat=G, phase="post", stacks={8: [G]}, posts={(3, G): 2, (4, G): 2, (5, G): 1, (6, G): 1})
    assert s.hand[G] == 1
    lg = legal(s)
    assert not any(a.startswith("movepost") for a in lg) and "post 7" in lg
    with pytest.raises(IllegalAction, match="only when none are left in your hand"):
        act(s, "movepost 5 7")


def test_rt_3_rt_4_tamandua_also_when_moving_a_post() -> None:
    """RT-3/RT-4: the Tamandua allows one more post per player in an area when moving a post too."""
    posts = {(0, G): 1, (1, G): 1, (3, G): 2, (4, G): 2, (5, G): 1}
    s = make(seat=G, phase="post", stacks={8: [G]}, posts=posts)
    assert s.hand[G] == 0
    assert "movepost 5 3" not in legal(s)  # area 3 full (2 per player) without the Tamandua
    s = make(
        seat=G,
        phase="post",
        animals=("tamandua",),
        holders={"tamandua": G},
        stacks={6: [O], 8: [G]},
        posts=posts,
    )
    lg = legal(s)
    assert "movepost 5 3" in lg and "movepost 3 0" in lg  # large area: 3; small Start area: 2
    act(s, "movepost 5 3")
    assert s.posts[3][G] == 3 and s.posts[5][G] == 0


# ---------------------------------------------------------------- RT-10 animal tokens
def test_rt_10_token_goes_to_the_dropping_explorers_owner() -> None:
    """RT-10: the owner of the explorer dropped on the tile takes the token, not the caravan's others."""
    s = make(seat=G, animals=("sloth",), stacks={5: [G], 6: [B]}, off={G: 0})
    act(s, "move 5")
    assert s.stacks[6] == [B, G] and s.holder == [G]


def test_rt_10_a_held_token_is_not_taken_away() -> None:
    """RT-10 (RB): if another player holds the token, dropping on its tile does not take it."""
    s = make(seat=G, animals=("sloth",), holders={"sloth": O}, stacks={5: [G], 6: [O]}, off={G: 0})
    act(s, "move 5")
    assert s.holder == [O]


# ---------------------------------------------------------------- RT-13 / RT-20 forced moves
def test_rt_13_no_boa_or_frog_choice_on_stanleys_forced_move() -> None:
    """RT-13 (RB, Boa/Tree Frog): a forced move during Stanley's turn runs with no human choice."""
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


# ---------------------------------------------------------------- RT-14 timing
def test_rt_14_boa_taken_during_a_move_waits_for_the_next_move() -> None:
    """RT-14 (RB): a power picked up in a caravan move cannot be used before that move ends."""
    s = make(seat=G, animals=("boa",), stacks={5: [G, G, G]})
    act(s, "move 5")  # drop 1 on tile 6 takes the Boa; drops 2 and 3 must be plain
    assert s.holder == [G]
    assert s.phase == Phase.PLACE  # no drop choice was offered: on to placing a new explorer
    assert s.stacks[6] == [G] and s.stacks[8] == [G] and s.stacks[5] == [G]  # 7 washed to 5


# ---------------------------------------------------------------- Kingfisher (RB animal powers)
def test_kingfisher_protects_a_caravan_holding_the_holders_explorer_anywhere() -> None:
    """RB Kingfisher: any caravan containing one of the holder's explorers does not wash, even if the
    holder's explorer is buried and someone else's dropped explorer is on top."""
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [O], 9: [B, O], 4: [G]})
    act(s, "move 4")  # G drops on crossing 5 (empty): washes to the Dock
    assert s.stacks[0] == [G]
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [O], 9: [G], 10: [O, B]})
    act(s, "move 9")  # G drops on crossing 10 onto orange + blue: orange's Kingfisher holds it
    assert s.stacks[10] == [O, B, G] and s.stacks[7] == []


# ---------------------------------------------------------------- RT-24 / RT-25 powers
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


def test_rt_14_rt_21_boa_picked_up_mid_move_not_offered_at_a_later_pause() -> None:
    """RT-14/RT-21: holding the Tree Frog makes the move pause at each drop; a Boa taken during the
    same move must not be offered at those pauses."""
    s = make(seat=G, animals=("frog", "boa"), holders={"frog": G}, stacks={6: [O], 7: [G, G, G]})
    act(s, "move 7")
    assert legal(s) == {"drop all", "drop", "frog"}
    act(s, "drop")  # onto tile 8: green takes the Boa
    assert s.holder == [G, G]
    assert legal(s) == {"drop all", "drop", "frog"}  # still no Boa in this move


def test_rt_21_boa_needs_two_explorers_in_hand() -> None:
    """RT-21: the Boa drops two explorers on one space, so it is offered only with two left."""
    s = make(seat=G, animals=("boa",), holders={"boa": G}, stacks={6: [O], 8: [G, G]})
    act(s, "move 8")
    assert legal(s) == {"drop all", "drop", "boa"}
    act(s, "drop")  # one explorer left: no more choices, the move finishes
    assert s.phase == Phase.PLACE and s.holder == [G]


# ---------------------------------------------------------------- RT-15 power lasts the whole move
def test_rt_15_kingfisher_lasts_all_move_after_its_tile_empties() -> None:
    """RT-15 (RB Kingfisher): the tile empties on the first drop, yet the Kingfisher still stops a
    wash at the fourth drop; the token goes back only when the move is over."""
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [O, G, G, O]})
    act(s, "move 6")  # O on crossing 7 (held), G on 8, G on 9, O on crossing 10 (held)
    assert s.stacks[7] == [O] and s.stacks[10] == [O]
    assert s.holder == [-1]  # tile 6 empty: returned after the move


def test_rt_15_forced_move_emptying_a_tile_returns_the_token() -> None:
    """RT-15: a forced move is a caravan move too; emptying a tile returns its token."""
    s = make(seat=G, phase="place", animals=("sloth",), holders={"sloth": O}, stacks={6: [O] * 7})
    act(s, "place 1")  # end of turn: the caravan of 7 on tile 6 is forced
    assert s.stacks[6] == [] and s.holder == [-1]


# ---------------------------------------------------------------- Capybara, Monkey, Peccary
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


def test_monkey_extra_posts_come_before_moving_posts() -> None:
    """RB Monkey: place up to two extra posts, then move posts; no placing after a move."""
    s = make(
        seat=G, phase="post", animals=("monkey",), holders={"monkey": G}, stacks={6: [G]}, posts={(3, G): 1}
    )
    act(s, "monkey")
    assert "post 4" in legal(s)
    act(s, "movepost 3 5")
    assert not any(a.startswith("post ") for a in legal(s))
    with pytest.raises(IllegalAction, match="at most two extra posts, before any moves"):
        act(s, "post 4")


def test_rt_23_peccary_never_moves_a_dock_caravan_downstream() -> None:
    """RT-23: with the Peccary, any caravan above the Dock may go downstream, the Dock's may not."""
    s = make(seat=G, animals=("peccary",), holders={"peccary": G}, stacks={0: [G], 3: [G], 6: [O]})
    backs = {a for a in legal(s) if a.startswith("moveback")}
    assert backs == {"moveback 3"}


# ---------------------------------------------------------------- RT-9 / RT-23 / RT-27 the Bridge
def _bridged(**kw: object) -> object:
    s = make(variant="full", civilized=True, **kw)  # type: ignore[arg-type]
    assert (s.bridge, s.dock, s.basecamp) == (5, 5, 10)  # as after the Civilization Event (RT-27)
    return s


def test_rt_9_rt_27_nothing_washes_below_the_bridge() -> None:
    """RT-9/RT-27: the Bridge is the Dock: a drop on it never washes; a wash from 7 stops on it."""
    s = _bridged(seat=G, animals=("peccary",), holders={"peccary": G}, stacks={6: [G, O], 8: [B]})
    act(s, "moveback 6")  # G drops on the Bridge (nothing happens), O stacks on it too
    assert s.stacks[5] == [G, O] and s.stacks[0] == []
    s = _bridged(seat=G, stacks={6: [G], 5: [O]})
    act(s, "move 6")  # onto crossing 7: washes down onto the Bridge and stops there
    assert s.stacks[5] == [O, G] and s.stacks[0] == []


# ---------------------------------------------------------------- RT-27 / RT-19 event timing
def test_rt_27_event_after_the_turns_forced_moves() -> None:
    """RB Civilization Event / RT-27: the turn is finished, forced moves included, before the event."""
    s = make(variant="full", seat=G, stacks={29: [G], 0: [O, B, O, B, O, B]})
    act(s, "move 29")  # green takes the Scout
    act(s, "place 0")  # the Dock caravan reaches 7: forced up the path before the event
    assert s.stacks[6] == [B]  # dropped by the forced move, above the Bridge: kept
    assert s.stacks[5] == [G]  # washed from 7 onto space 5, which becomes the Bridge
    assert s.bridge == 5 and all(not s.stacks[i] for i in range(5))


def test_rt_19_rt_27_event_still_happens_when_the_game_end_is_triggered() -> None:
    """RT-19: the triggering player finishes the turn, including a pending Civilization Event."""
    s = make(variant="full", seat=G, stacks={29: [G], 1: [O], 44: [B] * 7})
    end = s.path.length - 1
    assert end == 45
    act(s, "move 29")  # the Scout
    act(s, "place 2")  # end of turn: the caravan of 7 on 44 is forced off the end
    assert s.triggered and s.clearing[B] == 6
    assert s.bridge == 5 and s.stacks[1] == []


# ---------------------------------------------------------------- RT-20 final round with Stanley
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


# ---------------------------------------------------------------- RT-26 Scout by Otter / Bush Dog
def test_rt_26_scout_taken_by_otter_and_by_bush_dog() -> None:
    """RT-26: an explorer arriving on the Scout's space by any means (here Otter, Bush Dog) takes it."""
    middle = ("M1", "M2", "M8")  # M8A starts with a crossing: the Scout sits on crossing 30
    s = make(
        variant="full",
        middle=middle,
        seat=G,
        phase="post",
        animals=("otter",),
        holders={"otter": G},
        stacks={6: [G], 19: [B], 30: [P]},  # (purple was put on 30 by hand: Scout still there)
    )
    assert s.scout == 30 and s.path.kinds[30] == 2 and s.scout_state == 0
    act(s, "otter 19 30")  # blue's caravan is swapped onto the Scout's crossing
    assert s.stacks[30] == [B] and s.scout_state == 1 and s.scout_holder == G
    s = make(
        variant="full",
        middle=middle,
        seat=G,
        phase="end",
        animals=("bushdog",),
        holders={"bushdog": G},
        stacks={6: [O], 29: [G]},
    )
    act(s, "dog 29 up")  # onto the Scout's crossing: no wash (RT-24), Scout taken
    assert s.stacks[30] == [G] and s.scout_state == 1 and s.scout_holder == G


# ---------------------------------------------------------------- Bush Dog: tile check, once per turn
def test_rt_15_option_bush_dog_emptying_a_tile_returns_the_token() -> None:
    """RT-15 option (default any-move): a Bush Dog step that empties a tile returns its token."""
    s = make(
        seat=G,
        phase="end",
        animals=("sloth", "bushdog"),
        holders={"sloth": O, "bushdog": G},
        stacks={6: [G], 8: [B]},
    )
    act(s, "dog 6 up")
    assert s.holder == [-1, G]


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
