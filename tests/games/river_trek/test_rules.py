"""River Trek rules: every ruling RT-1..RT-29 and the spec's checks (§3), cited by id.

Positions are built with ``helpers.make`` on the placeholder path START + M1A + M2A + FINAL:

    0 Dock | 1-2 S-a (area 0) | 3-4 S-b (area 1) | 5 X (Base camp) | 6 S-c (area 2) | 7 X
    8-9 M1A-a (3) | 10 X | 11-12 b (4) | 13-14 c (5) | 15 X | 16-17 d (6) | 18 e (7)
    19 X | 20-21 M2A-a (8) | 22-23 b (9) | 24 . | 25-26 c (10) | 27 X | 28-29 d (11)
    30 "4" | 31 "5" | 32 "7" | 33 "9" | 34 "*"   (then the clearing)

Animal tiles (RT-18, forward): 6, 8, 11, 13.

Spec §3.5 unit tests, item by item: (1) test_rt_2_*, test_rulebook_example_2_exact_income;
(2) test_rt_6_*; (3) test_rt_9_*; (4) test_rt_13_*; (5) test_rt_12_*, test_rt_19_*, test_rt_20_*;
(6) test_rt_19_tiebreak*; (7) test_rt_15_*, test_rt_16_*; (8) test_rt_21_* .. test_rt_24_*;
(9) test_rt_26_27_civilization_event, test_rt_27_exactly_one_event; (10) test_board.py.
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.core import IllegalAction
from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.board import path_for
from riverbox.games.river_trek.position import Phase, setup_sequence
from riverbox.games.river_trek.setup import tile_positions

from .helpers import act, legal, make

G, O, P, B = 0, 1, 2, 3  # noqa: E741 - green, orange, purple, blue


# ---------------------------------------------------------------- §3.1 Example 2, RT-2, RT-8, RT-9
def test_rulebook_example_2_exact_income() -> None:
    """§3.1: green $3, the orange explorer washes downstream, purple $10 ($5 x 2)."""
    s = make(
        seat=G,
        stacks={8: [G, O, P], 9: [B, B], 11: [B, O, B, O]},
        posts={(3, G): 1, (4, P): 2},
    )
    act(s, "move 8")
    assert s.money == [3, 0, 10, 0]
    assert s.stacks[9] == [B, B, G]  # caravan of 3 topped by green
    assert s.stacks[10] == []  # the orange explorer washed away ...
    assert s.stacks[7] == [O]  # ... to the next crossing downstream (RT-9)
    assert s.stacks[11] == [B, O, B, O, P]  # caravan of 5, purple on top, 2 purple posts
    assert s.phase == Phase.PLACE  # on to "place a new explorer"


# ---------------------------------------------------------------- RT-1, RT-2
def test_rt_1_each_space_links_to_at_most_one_area() -> None:
    for m in ("M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9"):
        for other in ("M1", "M9"):
            if other == m:
                continue
            path = path_for((m, other))
            assert all(len(a) <= 1 for a in path.space_areas)  # RT-1
            for ar in path.areas:  # an area may serve one or several spaces
                assert all(path.space_areas[i] == (ar.id,) for i in ar.spaces)


def test_rt_2_income_formula() -> None:
    assert scoring.post_income(3, 1, False) == 3
    assert scoring.post_income(5, 2, False) == 10
    assert scoring.post_income(4, 3, False) == 12  # Tamandua: triple
    assert scoring.post_income(4, 1, True) == 6  # +2 is flat ...
    assert scoring.post_income(4, 2, True) == 10  # ... and not multiplied
    assert scoring.post_income(4, 0, True) == 0  # no post, no +2


def test_rt_2_plus2_box_pays_two_more() -> None:
    plus = next(a for a in path_for(("M5", "M1")).areas if a.plus2)
    assert plus.spaces == (27,) and plus.small
    s = make(seat=G, middle=("M5", "M1"), stacks={26: [G]}, posts={(plus.id, G): 1})
    act(s, "move 26")
    assert s.money[G] == 1 * 1 + 2


def test_rt_2_only_top_player_collects() -> None:
    s = make(seat=G, stacks={8: [G, O], 9: [B]}, posts={(3, B): 2, (3, G): 1, (4, O): 1})
    act(s, "move 8")  # G drops on 9 (caravan 2: $2), O drops on 10 (washes)
    assert s.money == [2, 0, 0, 0]


# ---------------------------------------------------------------- RT-3, RT-4, RT-5
def test_rt_3_post_limits_per_player() -> None:
    s = make(seat=G, phase="post", posts={(0, G): 1, (3, G): 2, (3, O): 2, (4, G): 1})
    lg = legal(s)
    assert "post 0" not in lg  # small Start area: 1 per player
    assert "post 3" not in lg  # large area: 2 per player
    assert "post 4" in lg
    s2 = make(seat=O, phase="post", posts={(3, G): 2, (3, B): 2})
    assert "post 3" in legal(s2)  # no total capacity per area


def test_rt_3_tamandua_adds_one() -> None:
    s = make(
        seat=G,
        phase="post",
        animals=("tamandua",),
        holders={"tamandua": G},
        stacks={6: [G]},
        posts={(0, G): 1, (3, G): 2},
    )
    lg = legal(s)
    assert "post 0" in lg and "post 3" in lg
    act(s, "post 3")
    assert s.posts[3][G] == 3


def test_rt_4_post_step_optional_move_only_with_empty_hand() -> None:
    s = make(seat=G, phase="post", stacks={8: [G]})
    lg = legal(s)
    assert "skip" in lg
    assert not any(a.startswith("movepost") for a in lg)
    act(s, "skip")
    assert s.phase == Phase.MOVE  # move
    s = make(seat=G, phase="post", stacks={8: [G]}, posts={(3, G): 2, (4, G): 2, (5, G): 2, (6, G): 1})
    assert s.hand[G] == 0
    lg = legal(s)
    assert "movepost 6 7" in lg and not any(a.startswith("post ") for a in lg)
    assert "movepost 3 4" not in lg  # area 4 already at its limit
    with pytest.raises(IllegalAction, match="no trading post left in hand"):
        act(s, "post 7")
    act(s, "movepost 6 7")
    assert s.posts[6][G] == 0 and s.posts[7][G] == 1
    assert s.phase == Phase.MOVE


def test_rt_4_no_posts_on_final_board() -> None:
    s = make(seat=G, phase="post")
    final = s.path.final_start
    assert all(min(a.spaces) < final for a in s.path.areas)
    assert all(not s.path.space_areas[i] for i in range(final, s.path.length))


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


# ---------------------------------------------------------------- RT-6, RT-7
def test_rt_6_setup_height_limit_three() -> None:
    s = make(phase="setup-explorer", stacks={1: [1, 2], 2: [1, 2, 3]})
    lg = legal(s)
    assert "place 1" in lg and "place 2" not in lg
    assert {"place 0", "place 5"} <= lg  # Dock always, the Base-camp crossing itself is legal
    assert "place 6" not in lg  # outside the New Explorer range
    assert "place 0" in legal(make(phase="setup-explorer", stacks={0: [1, 2, 3, 1, 2]}))
    with pytest.raises(IllegalAction, match="height limit"):
        act(s, "place 2")


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


# ---------------------------------------------------------------- RT-8, RT-9
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


# ---------------------------------------------------------------- RT-10, RT-11, RT-12
def test_rt_10_animal_tile_pays_then_gives_token_without_post() -> None:
    s = make(seat=G, animals=("sloth", "jaguar"), stacks={7: [O, G]}, posts={(3, O): 1})
    act(s, "move 7")  # O drops on tile 8 (area 3: $1), G drops on 9
    assert s.money[O] == 1
    assert s.holder == [-1, O]  # the Jaguar (tile 8) goes to orange
    s = make(seat=G, animals=("sloth",), stacks={5: [G]})
    act(s, "move 5")  # no post at all: the token is still taken
    assert s.holder == [G]


def test_rt_10_stanley_never_takes_tokens() -> None:
    s = make(players=2, seat=G, phase="place", animals=("sloth",), stacks={5: [2]}, off={2: 0})
    act(s, "place 0")  # Stanley then moves his lowest caravan (space 5) onto tile 6
    assert s.stacks[6] == [2]
    assert s.holder == [-1]


def test_rt_11_number_spaces_and_star() -> None:
    s = make(seat=G, stacks={29: [G, O]})
    act(s, "move 29")
    assert s.money == [4, 5, 0, 0]  # no post needed
    s = make(seat=G, stacks={33: [G], 0: [O, G], 7: [G, G, G], 30: [G], 31: [B, O], 12: [G, B]})
    act(s, "move 33")
    # caravans topped by green: Dock 2, crossing 7: 3, Final 30: 1, the star caravan 1 -> $7
    assert s.money[G] == 7


def test_rt_12_off_the_end_clearing_and_one_dollar_each() -> None:
    s = make(seat=G, stacks={33: [O, G, B]})
    act(s, "move 33")  # O drops on the star, G and B leave the path
    assert s.clearing == [1, 0, 0, 1]
    assert s.money[G] == 1 and s.money[B] == 1
    assert s.triggered


def test_rt_12_stanley_gets_nothing_in_the_clearing() -> None:
    s = make(players=2, seat=G, stacks={34: [2, G]})
    act(s, "move 34")
    assert s.clearing == [1, 0, 1] and s.money == [1, 0]


# ---------------------------------------------------------------- RT-13 forced moves
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


def test_rt_13_boa_frog_on_own_forced_move_never_peccary() -> None:
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


# ---------------------------------------------------------------- RT-14 .. RT-17 tokens
def test_rt_14_token_taken_mid_move_not_usable_until_the_move_ends() -> None:
    s = make(seat=G, animals=("frog",), stacks={5: [G, G, G]})
    act(s, "move 5")  # first drop on tile 6 takes the Frog; no Frog choice in this move
    assert s.holder == [G]
    assert s.phase == Phase.PLACE  # the move finished without pausing
    s2 = make(seat=G, phase="place", animals=("frog",), stacks={6: [G], 20: [B] * 7}, holders={"frog": G})
    act(s2, "place 1")
    assert "frog" in legal(s2)  # a later move (here forced) may use it


def test_rt_14_powers_offered_between_steps_not_inside_a_move() -> None:
    s = make(
        seat=G,
        phase="post",
        animals=("jaguar", "boa"),
        holders={"jaguar": G, "boa": G},
        stacks={6: [G], 8: [G], 9: [O], 3: [G, G]},
    )
    assert any(a.startswith("jaguar") for a in legal(s))
    act(s, "skip")
    assert any(a.startswith("jaguar") for a in legal(s))
    act(s, "move 3")
    assert s.phase == Phase.DROP and not any(a.startswith("jaguar") for a in legal(s))
    with pytest.raises(IllegalAction, match="between the steps of your turn"):
        act(s, "jaguar 8 9")


def test_rt_15_token_lost_only_when_tile_empties_after_the_move() -> None:
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [O, G]})
    act(s, "move 6")  # O drops on crossing 7: the Kingfisher (still orange's) holds it
    assert s.stacks[7] == [O] and s.stacks[8] == [G]
    assert s.holder == [-1] and s.down == [False]  # tile 6 empty: back face up after the move
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [B], 20: [G]})
    act(s, "move 20")
    assert s.holder == [O]  # the holder has no explorer on the tile: kept, tile not empty


@pytest.mark.parametrize("mode", ["any-move", "caravan-move"])
def test_rt_15_option_check_after_any_move(mode: str) -> None:
    s = make(
        seat=G,
        phase="post",
        animals=("sloth", "jaguar"),
        holders={"sloth": O, "jaguar": G},
        stacks={6: [G], 9: [O], 20: [G]},
        empty_tile_check=mode,
    )
    act(s, "jaguar 6 9")  # empties tile 6 (the Sloth's tile)
    assert s.holder[0] == (-1 if mode == "any-move" else O)
    act(s, "skip")
    act(s, "move 20")
    # caravan-move: the move from 20 did not empty tile 6 (the Jaguar did), so the Sloth stays
    assert s.holder[0] == (-1 if mode == "any-move" else O)


def test_rt_16_face_down_not_taken_flipped_after_move() -> None:
    s = make(seat=G, animals=("frog",), holders={"frog": G}, stacks={6: [B], 4: [G, G, G]})
    act(s, "move 4")
    assert legal(s) == {"drop all", "drop", "frog"}
    act(s, "frog")  # jump over crossing 5; the Frog goes back face down on tile 6
    # the next drop lands on tile 6 itself: a face-down token cannot be taken
    assert s.stacks[6] == [B, G] and s.holder == [-1]
    assert s.down == [False]  # flipped face up when the move ended (RT-16)


def test_rt_16_face_down_flipped_at_end_of_turn() -> None:
    s = make(
        seat=G, phase="place", animals=("jaguar",), holders={"jaguar": G}, stacks={6: [O], 9: [G], 12: [B]}
    )
    act(s, "jaguar 9 12")
    assert s.down == [True]
    act(s, "place 1")
    assert s.down == [False] and s.to_move == (O,)


def test_rt_17_several_tokens() -> None:
    s = make(seat=G, animals=("sloth", "jaguar"), holders={"sloth": G}, stacks={6: [G], 7: [G]})
    act(s, "move 7")
    assert s.holder == [G, G]


# ---------------------------------------------------------------- RT-18 animal setup
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
    assert s.path.kinds[nominal] == 2  # the nominal space is a crossing
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
                assert all(path.kinds[t] == 1 and t < path.final_start for t in tiles)


def test_rt_18_setup_draws_four_animals() -> None:
    s = riverbox.load("river-trek", players=4).new_state(5)
    assert len(s.animals) == 4 and len(set(s.animals)) == 4
    assert str(s.history[1][1]).startswith("animals ")
    assert riverbox.load("river-trek", animals=False).new_state(5).animals == ()
    assert riverbox.load("river-trek", variant="simple").new_state(5).animals == ()


# ---------------------------------------------------------------- RT-19 end of game
def _play_first_legal_until_over(s, current: bool = False) -> list[int]:  # type: ignore[no-untyped-def]
    actors = [s.cur] if current else []
    last = s.turn_no
    while not s.is_over:
        if s.turn_no != last:
            actors.append(s.cur)
            last = s.turn_no
        lg = s.legal_actions()
        choice = next((a for a in lg if str(a) in ("skip", "end", "drop", "done")), lg[0])
        s.apply(choice)
    return actors


def test_rt_19_everyone_else_gets_exactly_one_more_turn() -> None:
    s = make(seat=O, stacks={34: [O], 3: [G], 4: [B], 1: [P]})
    act(s, "move 34")
    assert s.triggered
    actors = _play_first_legal_until_over(s)
    assert actors == [P, B, G]
    assert s.is_over and s.to_move == ()


def test_rt_19_final_round_clearing_still_pays() -> None:
    s = make(seat=O, stacks={34: [O], 33: [B]})
    act(s, "move 34")
    act(s, "place 1")
    # purple has nothing to move; blue moves from 33: star, then nothing else
    while s.cur != B:
        s.apply(next(iter(s.legal_actions())))
    act(s, "skip")
    act(s, "move 33")
    assert s.money[B] >= 1


def test_rt_19_tiebreaks() -> None:
    # most money, then clearing, then top of the furthest-upstream caravan among the tied only
    assert scoring.winners([5, 9, 9], [0, 1, 2], [[]]) == [2]
    stacks = [[1], [0], [2, 1], [], [2]]  # furthest upstream is topped by seat 2 (not tied): skipped
    assert scoring.winners([9, 9, 9], [1, 1, 0], stacks) == [1]
    assert scoring.winners([9, 9], [1, 1], [[], []]) == [0, 1]  # still tied: shared


def test_rt_19_tiebreak_in_state() -> None:
    s = make(seat=G, money=[10, 10, 3, 3], stacks={30: [G], 31: [O]}, phase="over")
    assert s.winners() == [O]
    assert s.returns() == [-1.0, 1.0, -1.0, -1.0]


# ---------------------------------------------------------------- RT-20 Stanley
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
    actors = _play_first_legal_until_over(s, current=True)
    assert actors == [O, G]


def test_rt_20_human_triggers_stanley_then_other_human() -> None:
    s = make(players=2, seat=G, stacks={34: [G], 3: [O], 4: [G]})
    act(s, "move 34")
    act(s, "place 1")
    assert any(str(a).startswith("stanley") for _, a in s.history[-2:])
    actors = _play_first_legal_until_over(s, current=True)
    assert actors == [O]
    assert s.is_over


# ---------------------------------------------------------------- RT-21 .. RT-25 animal powers
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


def test_monkey_extra_posts_then_moves() -> None:
    s = make(seat=G, phase="post", animals=("monkey",), holders={"monkey": G}, stacks={6: [G], 8: [G]})
    act(s, "monkey")
    act(s, "post 3")
    act(s, "post 4")
    assert not any(a.startswith("post ") for a in legal(s))  # at most two extra
    act(s, "movepost 3 5")
    assert not any(a.startswith("post ") for a in legal(s))
    act(s, "done")
    assert s.phase == Phase.POST and "post 3" in legal(s)  # the turn's own post is still available
    act(s, "post 3")
    assert s.hand[G] == 4


# ---------------------------------------------------------------- RT-26, RT-27 full game
def test_rt_26_27_civilization_event() -> None:
    s = make(
        variant="full",
        seat=G,
        stacks={29: [G], 1: [O, B], 3: [P], 5: [B, O], 6: [P]},
        posts={(0, O): 1, (1, B): 1, (2, P): 1},
    )
    assert s.scout == 30  # first space of the third middle board (RT-26 / §3.2)
    act(s, "move 29")
    assert s.scout_state == 1 and s.scout_holder == G
    assert s.bridge == -1  # the event waits for the end of the turn
    act(s, "place 0")
    assert s.bridge == 5 and s.dock == 5  # Bridge on the first crossing
    assert s.basecamp == 10  # crossing 7 has one space between: skipped
    assert all(not s.stacks[i] for i in range(5))
    assert s.stacks[5] == [B, O]  # stays, on top of the Bridge
    assert s.off[O] == 11 and s.off[B] == 11 and s.off[P] == 11 and s.off[G] == 11
    assert s.posts[0][O] == 0 and s.posts[1][B] == 0 and s.posts[2][P] == 1
    assert s.hand[O] == 7 and s.hand[B] == 7
    assert s.scout_state == 2
    # placement from now on: Bridge..Base camp, Bridge always open
    after = make(seat=O, phase="place", stacks={5: [O, O, O]}, civilized=True)
    assert legal(after) == {f"place {i}" for i in range(5, 11)}
    after = make(seat=O, phase="post", stacks={5: [O, O, O]}, civilized=True)
    assert "post 0" not in legal(after) and "post 1" not in legal(after) and "post 2" in legal(after)


def test_rt_26_scout_taken_by_wash_and_jaguar() -> None:
    s = make(variant="full", middle=("M1", "M2", "M8"), seat=G, stacks={31: [B], 36: [G]})
    assert s.scout == 30 and s.path.kinds[30] == 2  # M8A starts with a crossing
    act(s, "move 36")  # drops on crossing 37, washes down to 30 (the Scout's crossing)
    assert s.stacks[30] == [G] and s.scout_state == 1
    s = make(
        variant="full",
        seat=G,
        phase="post",
        animals=("jaguar",),
        holders={"jaguar": G},
        stacks={6: [O], 12: [G], 30: [O]},
    )
    act(s, "jaguar 12 30")
    assert s.scout_state == 1 and s.scout_holder == G


def test_rt_27_exactly_one_event() -> None:
    g = riverbox.load("river-trek", players=3, variant="full")
    for seed in range(6):
        s = g.new_state(seed)
        r = riverbox.core.Rng(seed)
        events = 0
        prev = s.bridge
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
            if s.bridge != prev:
                events += 1
                prev = s.bridge
        assert events <= 1
        assert s.bridge in (-1, 5)


def test_rt_26_stanley_takes_the_scout() -> None:
    s = make(players=2, variant="full", seat=G, phase="place", stacks={29: [2]}, off={2: 0})
    act(s, "place 1")
    assert s.bridge == 5  # Stanley's turn took the Scout and the event followed it
    assert s.off[G] == 12  # green's new explorer on space 1 went back


# ---------------------------------------------------------------- RT-28, RT-29
def test_rt_28_money_public_by_default_hidden_option() -> None:
    s = make(money=[1, 2, 3, 4])
    assert s.view(1)["money"] == [1, 2, 3, 4]
    h = make(money=[1, 2, 3, 4], hidden_money=True)
    assert h.view(1)["money"] == [None, 2, None, None]
    assert h.view(None)["money"] == [None, None, None, None]


def test_rt_29_nothing_to_move_skips_the_step() -> None:
    s = make(seat=G, phase="post", stacks={3: [O]})
    act(s, "skip")
    assert s.phase == Phase.PLACE  # straight to placing a new explorer
