"""Review hardening: tests written where a deliberate one-line break of a rule went unnoticed.

Each test names the rule or ruling it pins down; the numbers are exact for the placeholder deck.
"""

from __future__ import annotations

import json

import pytest
from rich.console import Console

import riverbox
from riverbox.games.river_wild.board import pos_key
from riverbox.games.river_wild.scoring import find_lands, score_layout

from .helpers import board, card, custom_game, game, placements, rigged

WORKED = [(1, "back", 1, -1), (3, "front", 1, 1), (9, "front", 2, -1), (10, "back", 2, 1)]


# -- placement: below an existing card, directly or half offset; gaps allowed ---------------------
def test_every_legal_placement_is_below_a_card_and_overlaps_none() -> None:
    # Placement rule: (r, c) needs a card at (r-1, c-1), (r-1, c) or (r-1, c+1) and no card at
    # (r, c-1), (r, c) or (r, c+1). Checked on every legal action of random games, from the layout.
    g = game()
    for seed in range(25):
        s = g.new_state(seed)
        while not s.is_over:
            cards = {(d["row"], d["col"]) for d in s.layout()}
            legal = s.legal_actions()
            for a in legal:
                assert a.row >= 1
                assert any((a.row - 1, a.col + d) in cards for d in (-1, 0, 1)), a
                assert not any((a.row, a.col + d) in cards for d in (-1, 0, 1)), a
            s.apply(legal[(7 * seed + len(s.history)) % len(legal)])
    # The first card can only go at 1,-1 / 1,0 / 1,1; a whole card width aside is not "below".
    s = g.new_state(0)
    assert {(a.row, a.col) for a in s.legal_actions()} <= {(1, -1), (1, 0), (1, 1)}
    with pytest.raises(ValueError, match="off the table"):
        g.parse_action("place c1 front at 1,2")
    # A whole card width to the side of the card above is not below it either.
    s = rigged(g, hand=[2, 3, 5], moves=[(1, "back", 1, -1)])
    assert "below an existing card" in str(s.explain_illegal(g.parse_action("place c3 front at 2,1"), 0))


def test_horizontal_gap_between_cards_is_allowed() -> None:
    # Rulebook placement notes: horizontal gaps are fine. c8 back at 2,-1 covers half-columns -1, 0;
    # c1 front at 2,2 covers 2, 3 and leaves half-column 1 empty between them.
    g = game()
    s = rigged(g, hand=[1, 2, 4], moves=[(16, "back", 1, -1), (10, "front", 1, 1), (8, "back", 2, -1)])
    gap = g.parse_action("place c1 front at 2,2")
    assert gap in s.legal_actions()
    s.apply(gap)
    # The land facing the gap (c1 front's left side S0, land) stays open.
    pl = placements(g, [(16, "back", 1, -1), (10, "front", 1, 1), (8, "back", 2, -1), (1, "front", 2, 2)])
    lands = find_lands(pl)
    c1_left = next(land for land in lands if (4, 1) in land.sections)  # c1 front: section 1 holds S0
    assert not c1_left.protected
    assert s.board.open_land_slots() == sum(land.open_slots for land in lands)


@pytest.mark.parametrize("order", [1, -1])
def test_rw_5_gap_leaves_land_open_in_the_incremental_board_too(order: int) -> None:
    # RW-5 / spec check 4, on the game's own Board (not only the reference find_lands), placing the
    # two cards in either order: c9 front at 2,-1 and c10 back at 2,2 leave a half-card gap whose
    # facing land (c9's S1, c10 back's S0) is open, so no Protected Land; touching at 2,1 they close one.
    g = game()
    apart = [(9, "front", 2, -1), (10, "back", 2, 2)][::order]
    b = board(g, apart)
    assert b.lands == [] and b.score() == 0
    assert b.open_land_slots() == sum(land.open_slots for land in find_lands(placements(g, apart)))
    touching = [(9, "front", 2, -1), (10, "back", 2, 1)][::order]
    b = board(g, touching)
    assert [land[0] for land in b.lands] == [2] and b.score() == 2 + 0


# -- RW-6 / RW-10 on the game's Board: a card with both sections in one land ----------------------
def test_rw_6_rw_10_board_counts_a_two_section_card_once() -> None:
    # RW-6: size counts cards, not sections; RW-10: one wildcard per runestone card per land.
    # Card 1 (runestone) has two Frog sections on its bottom edge; card 2 below joins both into one
    # land of 3 sections on 2 cards, with a Dragon goal 1/2. One wildcard -> one Dragon -> 1 point
    # (the only land is the largest: first number). Total 2 + 1 = 3.
    src = {"top": "MM", "bottom": "RR", "sides": "MM"}
    fork = card(
        1, "RM", "LL", "MM", [{"slots": ["B0"], "animal": "Frog"}, {"slots": ["B1"], "animal": "Frog"}], True
    )
    goal = {"kind": "per_icon", "icons": ["Dragon"], "first": 1, "second": 2}
    under = card(2, "LL", "MM", "MM", [{"slots": ["T0", "T1"], "goal": goal}])
    moves = [(1, "front", 1, 0), (2, "front", 2, 0)]
    for all_goals in (False, True):
        cg = custom_game(src, [fork, under], runestone_counts_for_all_goals=all_goals)
        b = board(cg, moves)
        assert b.score() == 3
        (land,) = b.lands
        assert land[0] == 2  # size in cards, not the 3 sections
        s = cg.new_state(0)
        s.board = b
        assert s.view(0)["lands"] == [
            {"cards": [1, 2], "size": 2, "first": 1, "second": 2, "largest": True, "points": 3}
        ]


# -- RW-7 tie for largest, on the Board in either land order ---------------------------------------
@pytest.mark.parametrize("flip", [False, True])
def test_rw_7_board_tie_resolved_to_the_best_total_in_either_order(flip: bool) -> None:
    # Worked example: two lands of 2 cards; land (c1, c3) scores 1 as largest or 2 otherwise, land
    # (c9, c10) 0 either way. Best: (c9, c10) is the largest: 2 + 2 + 2 + 0 = 6 (treating the other
    # as largest would give 5). The view marks the same land as largest, and the points add up.
    g = game()
    b = board(g, WORKED)
    if flip:
        b.lands.reverse()
    assert b.score() == 6
    big = b.lands[b.largest()]
    assert (big[0], big[1], big[2]) == (2, 0, 0)
    s = rigged(g, hand=[2, 4, 5], moves=WORKED)
    if flip:
        s.board.lands.reverse()
    lands = s.view(0)["lands"]
    assert [land["largest"] for land in lands].count(True) == 1
    assert next(land for land in lands if land["largest"])["first"] == 0
    assert sum(land["points"] for land in lands) == s.scores()[0] == 6


def test_rw_7_strictly_larger_land_takes_the_first_number_even_if_that_costs_points() -> None:
    # Largest = formed from more cards; no choice without a tie. Sizes 3 and 2: the 3-card land
    # must use its first number even though the 2-card land would lose less.
    g = game()
    b = board(g, WORKED)
    b.lands = [(3, 1, 2, 0, 0), (2, 0, 0, 0, 0)]
    assert b.score() == 2 * 2 + 1 + 0 and b.largest() == 0
    b.lands = [(2, 0, 0, 0, 0), (3, 1, 2, 0, 0)]
    assert b.score() == 5 and b.largest() == 1
    b.lands = [(2, 1, 2, 0, 0), (2, 4, 8, 0, 0), (2, 0, 3, 0, 0)]
    # Tie of three: the best "largest" is the first land (loses 1): 6 + 2 + 8 + 3 - 1 = 18.
    assert b.score() == 18 and b.largest() == 0


# -- RW-13 determinize with two unseen cards --------------------------------------------------------
def test_rw_13_determinize_shuffles_even_two_face_down_cards() -> None:
    # With 3 cards in the deck, the top is face up and the two below are unseen: both orders occur.
    g = game()
    s = g.new_state(9)
    while len(s.deck) > 3:
        s.apply(s.legal_actions()[0])
    orders = {tuple(s.determinize(0, k).deck) for k in range(40)}
    assert len(orders) == 2 and all(o[-1] == s.deck[-1] for o in orders)
    while len(s.deck) > 2:
        s.apply(s.legal_actions()[0])
    assert {tuple(s.determinize(0, k).deck) for k in range(10)} == {tuple(s.deck)}


# -- bad input: clear errors, state unchanged --------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [{"strict_top_river": 1}, {"runestone_counts_for_all_goals": "maybe"}, {"source_counts_for_size": None}],
)
def test_bad_option_values_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"expected true \| false"):
        riverbox.load("river-wild", **options)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("place c1 front at 1,-1", "land and river may not touch"),  # land under the Source's river
        ("place c9 front at 1,-1", "must extend the river"),  # river faces empty table, mountain under river
        ("place c3 front at 1,0", "no overlap"),
        ("place c3 front at 3,0", "below an existing card"),
        ("place c5 front at 2,-1", "not in your hand"),
        ("place c2 front at 2,-1", "face-up top card"),
        ("place c4 front at 2,-1", "already on the table"),
    ],
)
def test_illegal_placement_names_the_rule_and_leaves_the_state_unchanged(text: str, rule: str) -> None:
    g = game()
    s = rigged(g, hand=[1, 3, 9], moves=[(4, "front", 1, 1)], deck=[5, 6, 2])
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(riverbox.IllegalAction, match=rule):
        s.apply(g.parse_action(text))
    assert json.dumps(s.to_json(), sort_keys=True) == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place c1",
        "place c1 front",
        "place c1 front at",
        "place c1 front at 1",
        "place c1 up at 1,0",
        "place c1 sideways at 1,0",
        "place c1 front at 1;0",
        "place c1 front at a,b",
        "c11,0",
        "c1'' 1,0",
        "c1' 1 0",
        "place c0 front at 1,0",
        "place c1 front at -1,0",
    ],
)
def test_bad_notation_is_a_clear_value_error(text: str) -> None:
    g = game()
    with pytest.raises(ValueError, match="river-wild"):
        g.parse_action(text)


@pytest.mark.parametrize(
    "text",
    ["place c7 back at 3,-1", "c7' 3,-1", "c7b 3,-1", "c7 back 3, -1", "7 b at 3,-1", "C7 BACK AT 3 , -1"],
)
def test_short_notation_as_shown_in_the_picture(text: str) -> None:
    # The picture labels a back side c7'; players may type that form (or b/back) instead of the
    # canonical notation, which stays what str() gives.
    g = game()
    assert g.parse_action(text) is g.parse_action("place c7 back at 3,-1")
    assert str(g.parse_action("c7 3,-1")) == "place c7 front at 3,-1"
    assert g.parse_action("c7f 3,-1") is g.parse_action("place c7 front at 3,-1")


def test_worked_example_via_placements_and_state_agree() -> None:
    # Spec section 3 worked example once more through the from-scratch scorer: total 6, base 4.
    g = game()
    score = score_layout(placements(g, WORKED))
    assert (score.total, score.base) == (6, 4)
    assert board(g, WORKED).score() == 6 and pos_key(2, -1) in board(g, WORKED).cells


# -- the picture and the texts a player reads -----------------------------------------------------------
def _text(g, s) -> str:  # type: ignore[no-untyped-def]
    console = Console(width=200, record=True, color_system=None)
    console.print(g.render(s, 0))
    return console.export_text()


def test_render_explains_each_protected_land_and_where_cards_fit() -> None:
    g = game()
    s = rigged(g, hand=[2, 4, 5], moves=WORKED, deck=[6, 7, 8])
    out = _text(g, s)
    # Worked example: land A (c1, c3) holds only card 1's runestone; land B (c9, c10) a Jackalope and
    # card 10's runestone. B is the largest by the RW-7 tie rule.
    assert "c1 c3 (size 2): 2 + 2 goal points = 4  [second numbers]" in out
    assert "holds 1 runestone ◆; goals: F 1/2, U 1/2" in out
    assert "c9 c10 (size 2): 2 + 0 goal points = 2  [largest land: first numbers]" in out
    assert "holds Jackalope, 1 runestone ◆; goals: D+D+D 3/6" in out
    assert "Score so far 6  (rank now: Embarrassing Environment; next: Decent Domicile at 30)" in out
    # Where each card fits, in the short notation a player may type.
    assert "fits: c2 front at 3,1   c2' back at 3,-1" in out
    for a in s.legal_actions():
        short = f"c{a.card}{chr(39) if a.side else ''} {a.row},{a.col}"
        assert g.parse_action(short) is a
    assert "Goals: F Frog, J Jackalope, U Unicorn, D Dragon" in out


def test_render_final_score_names_rank_next_rank_and_unplaced_cards() -> None:
    dry = [
        card(i, "LL", "LL", "LL", [{"slots": ["T0", "T1", "B0", "B1", "S0", "S1"], "animal": "Frog"}])
        for i in (2, 3, 4)
    ]
    cg = custom_game({"top": "MM", "bottom": "RR", "sides": "MM"}, [card(1, "RM", "MM", "MM"), *dry])
    s = rigged(cg, hand=[1, 2, 3], deck=[4])
    s.apply(cg.parse_action("c1 1,0"))
    assert s.is_over
    out = _text(cg, s)
    assert "Final score 0  — Embarrassing Environment  (next rank: Decent Domicile at 30)" in out
    assert "No card in hand fits anywhere; unplaced: c2 c3 c4." in out


def test_goal_labels_shrink_without_changing_meaning() -> None:
    from riverbox.games.river_wild.render import _label_forms

    g = game()
    f11 = g.rules.faces[2 * g.deck.index_of(11)]
    goal_section = next(k for k, sec in enumerate(f11.sections) if sec.goal is not None)
    assert _label_forms(f11, goal_section) == [["F+J+U+D 4/8"], ["FJUD 4/8"], ["FJUD4/8"], ["FJUD"]]
    f13 = g.rules.faces[2 * g.deck.index_of(13)]
    goal_section = next(k for k, sec in enumerate(f13.sections) if sec.goal is not None)
    assert _label_forms(f13, goal_section)[0] == ["any3 1/3"]


def test_rw_1_message_says_which_neighbour() -> None:
    g = game()
    s = rigged(g, hand=[1, 3, 9])
    msg = str(s.explain_illegal(g.parse_action("place c1 front at 1,-1"), 0))
    assert "top-right (land) would meet river on the card above" in msg


# -- an independent legality oracle, written from the spec's "Placement legality" steps 1-5 ----------------
def _oracle_legal(g, s) -> set[str]:  # type: ignore[no-untyped-def]
    from riverbox.games.river_wild.cards import EMPTY, LAND, MOUNTAIN, RIVER, SIDES
    from riverbox.games.river_wild.scoring import facing, layout_cells

    pl = placements(g, [(d["card"], d["side"], d["row"], d["col"]) for d in s.layout()[1:]])
    out = set()
    rows = max(r for _, r, _ in pl) + 1
    for ci in s.hand:
        for side in (0, 1):
            f = g.rules.faces[2 * ci + side]
            for r in range(1, rows + 1):
                for c in range(-r, r + 1):
                    if any(rr == r and abs(cc - c) <= 1 for _, rr, cc in pl):  # step 1: no overlap
                        continue
                    if not any(rr == r - 1 and abs(cc - c) <= 1 for _, rr, cc in pl):  # step 2: below
                        continue
                    cells = layout_cells([*pl, (f, r, c)])
                    me = len(pl)
                    seen = []
                    for slot in range(6):
                        hit = facing(cells, r, c, slot)
                        seen.append(EMPTY if hit is None else pl[hit[0]][0].slots[hit[1]])
                    assert all(cells[(r, c + h)][0] == me for h in (0, 1))
                    pairs = list(zip(f.slots, seen, strict=True))
                    if (LAND, RIVER) in pairs or (RIVER, LAND) in pairs:  # step 3 (RW-1)
                        continue
                    if not any(f.slots[t] == RIVER and seen[t] in (RIVER, MOUNTAIN) for t in (0, 1)):  # RW-2
                        continue
                    if g.options["strict_top_river"] and any(
                        f.slots[t] == RIVER and seen[t] == EMPTY for t in (0, 1)
                    ):  # step 5 (RW-3)
                        continue
                    out.add(f"place c{g.deck.ids[ci]} {SIDES[side]} at {r},{c}")
    return out


@pytest.mark.parametrize("strict", [False, True])
def test_legal_actions_match_an_independent_oracle(strict: bool) -> None:
    # Spec "Placement legality": every (card, side, position) the oracle accepts is listed, and no other.
    g = game(strict_top_river=strict)
    for seed in range(12):
        s = g.new_state(seed)
        while not s.is_over:
            legal = s.legal_actions()
            assert {str(a) for a in legal} == _oracle_legal(g, s)
            s.apply(legal[(seed * 13 + len(s.history)) % len(legal)])
        assert _oracle_legal(g, s) == set() or not s.hand


def test_rw_10_one_runestone_gives_a_different_animal_to_each_land_it_borders() -> None:
    # Rulebook runestone note / RW-10 / spec check 6: card 1 (runestone) has a land section on each
    # half of its bottom edge; card 2 below closes them into two separate 2-card lands, one with a
    # Jackalope goal 1/2, the other a Unicorn goal 1/2. The stone is a Jackalope in one land and a
    # Unicorn in the other: base 2 + 2, the tied "largest" scores 1, the other 2: total 7.
    src = {"top": "MM", "bottom": "RR", "sides": "MM"}
    stone = card(1, "RR", "LL", "MM", [{"slots": ["B0"]}, {"slots": ["B1"]}], True)
    goals = [
        {"slots": ["T0"], "goal": {"kind": "per_icon", "icons": ["Jackalope"], "first": 1, "second": 2}},
        {"slots": ["T1"], "goal": {"kind": "per_icon", "icons": ["Unicorn"], "first": 1, "second": 2}},
    ]
    below = card(2, "LL", "MM", "MM", goals)
    cg = custom_game(src, [stone, below])
    moves = [(1, "front", 1, 0), (2, "front", 2, 0)]
    b = board(cg, moves)
    assert sorted(land[:3] for land in b.lands) == [(2, 1, 2), (2, 1, 2)]
    assert b.score() == 7
    score = score_layout(placements(cg, moves))
    assert score.total == 7 and [sl.land.runestones for sl in score.lands] == [1, 1]
    # Without the runestone neither goal completes: 2 + 2.
    plain = custom_game(src, [{**stone, "runestone": False}, below])
    assert board(plain, moves).score() == 4
