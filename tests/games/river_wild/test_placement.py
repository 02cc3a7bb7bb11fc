"""Where a card may go: below a card and overlapping none (gaps allowed), land never touching
another card's river (RW-1), the river extended from river or mountain above (RW-2), the top river
facing empty table (RW-3, option ``strict_top_river``), and the refusals that name the broken rule.

The legal placements are also checked against an oracle written from the spec's "Placement
legality" steps 1-5, independently of the game's incremental board.
"""

from __future__ import annotations

import json

import pytest

import riverbox
from riverbox.games.river_wild.content import B0, B1, S0, S1, T0, T1
from riverbox.games.river_wild.scoring import facing, find_lands, layout_cells

from .helpers import card, custom_game, game, layout_moves, legal_texts, placements, rigged


# -- below an existing card, directly or half offset; no overlap; gaps allowed ---------------------------
def test_every_legal_placement_is_below_a_card_and_overlaps_none() -> None:
    """Placement steps 1-2: (r, c) needs a card at (r-1, c-1), (r-1, c) or (r-1, c+1) and none at
    (r, c-1), (r, c) or (r, c+1). Checked on every legal action of random games, from the layout."""
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
    """Rulebook placement notes: horizontal gaps are fine (and the land facing one stays open, RW-5).

    c8 back at 2,-1 covers half-columns -1, 0; c1 front at 2,2 covers 2, 3 and leaves half-column 1
    empty between them."""
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


def test_check_3_half_offset_contacts_map_to_the_right_slots() -> None:
    """Spec check 3: which slot of which card each slot faces, directly below, half offset and beside."""
    g = game()
    pl = placements(g, [(1, "back", 1, -1), (3, "front", 1, 1), (9, "front", 2, -1), (10, "back", 2, 1)])
    cells = layout_cells(pl)
    # Card 1 at (1,-1) covers half-columns -1, 0: its T1 faces the Source's B0, its T0 empty table.
    assert facing(cells, 1, -1, T1) == (0, B0) and facing(cells, 1, -1, T0) is None
    # Card 3 at (1,1): T0 faces the Source's B1; its S0 faces card 1's S1.
    assert facing(cells, 1, 1, T0) == (0, B1) and facing(cells, 1, 1, S0) == (1, S1)
    # Card 9 directly below card 1: T0-B0, T1-B1. Card 10 offset: its T0 faces card 3's B0.
    assert facing(cells, 2, -1, T0) == (1, B0) and facing(cells, 2, -1, T1) == (1, B1)
    assert facing(cells, 2, 1, T0) == (2, B0) and facing(cells, 2, 1, T1) == (2, B1)
    assert facing(cells, 1, -1, B1) == (3, T1) and facing(cells, 1, 1, B0) == (4, T0)
    # Half offsets: a card at (2,0) would face card 1's B1 and card 3's B0.
    assert facing({**cells, (2, 0): (9, 0), (2, 1): (9, 1)}, 2, 0, T0) == (1, B1)
    off = layout_cells(placements(g, [(1, "back", 1, -1), (5, "front", 2, 0)]))
    assert facing(off, 2, 0, T0) == (1, B1) and facing(off, 2, 0, T1) is None
    assert facing(off, 1, -1, B1) == (2, T0) and facing(off, 1, -1, B0) is None
    # Sides touch only at a column difference of 2.
    assert facing(cells, 2, -1, S1) == (4, S0) and facing(cells, 2, 1, S0) == (3, S1)


# -- RW-1 land and river may not touch (only between different cards) -------------------------------
def test_rw_1_land_next_to_its_own_river_is_fine_but_not_next_to_another_cards_river() -> None:
    """RW-1: every placeholder card has land beside its own river; that never blocks a placement."""
    g = game()
    s = rigged(g, hand=[1, 3, 9])
    assert "place c1 back at 1,-1" in legal_texts(s)
    # Card 1 front at (1,-1): its top-right half is land under the Source's river.
    with pytest.raises(riverbox.IllegalAction, match="land and river may not touch"):
        s.apply(g.parse_action("place c1 front at 1,-1"))


def test_rw_1_land_river_contact_rejected_on_all_four_sides() -> None:
    """RW-1 and spec check 2: a land-river contact is refused on the top, bottom, left and right."""
    g = game()
    # Top: c1 back at (1,-1) has river over its bottom-left half; c4 back (top L,R) directly below
    # would put its land under that river. c4 front fits (river under river, land under land).
    s = rigged(g, hand=[4, 5, 6], moves=[(1, "back", 1, -1)])
    assert "place c4 front at 2,-1" in legal_texts(s)
    msg = str(s.explain_illegal(g.parse_action("place c4 back at 2,-1"), 0))
    assert "land and river may not touch" in msg and "top-left" in msg
    # Bottom (a card placed above an existing card): c3 front at (2,0) has land on its top-right
    # half; c6 front at (1,1) would put its river (bottom-left) on it, c2 front its land.
    s = rigged(g, hand=[6, 2, 4], moves=[(5, "back", 1, -1), (3, "front", 2, 0)])
    assert "place c2 front at 1,1" in legal_texts(s)
    msg = str(s.explain_illegal(g.parse_action("place c6 front at 1,1"), 0))
    assert "land and river may not touch" in msg and "bottom-left" in msg
    # Sides: placeholder sides are land or mountain, so use hand-made cards with a river side.
    cg = custom_game(
        {"top": "MM", "bottom": "RR", "sides": "MM"},
        [
            card(1, "LR", "LR", "LL", [{"slots": ["T0", "B0", "S0"]}, {"slots": ["S1"]}]),
            card(2, "RL", "RL", "RL", [{"slots": ["T1", "B1", "S1"]}]),
            card(3, "LR", "LR", "LR", [{"slots": ["T0", "B0", "S0"]}]),
            card(4, "RL", "RL", "LL", [{"slots": ["S0"]}, {"slots": ["T1", "B1", "S1"]}]),
        ],
    )
    s = rigged(cg, hand=[2, 3], moves=[(1, "front", 1, -1)])
    msg = str(s.explain_illegal(cg.parse_action("place c2 front at 1,1"), 0))
    assert "land and river may not touch" in msg and "left side" in msg
    s = rigged(cg, hand=[1, 3], moves=[(4, "front", 1, 1)])
    assert "place c1 front at 1,-1" in legal_texts(s)
    msg = str(s.explain_illegal(cg.parse_action("place c3 front at 1,-1"), 0))
    assert "land and river may not touch" in msg and "right side" in msg


def test_check_2_land_river_contacts_rejected_on_all_four_sides() -> None:
    """RW-1, spec check 2, exhaustively: no legal placement ever creates a land-river contact
    (the four sides in detail: test_rw_1_land_river_contact_rejected_on_all_four_sides)."""
    g = game()
    for seed in range(30):
        s = g.new_state(seed)
        while not s.is_over:
            for a in s.legal_actions():
                pl = placements(g, [*layout_moves(s), (a.card, "back" if a.side else "front", a.row, a.col)])
                find_lands(pl)  # raises ValueError on a land-river contact
            s.apply(s.legal_actions()[seed % len(s.legal_actions())])


def test_rw_1_message_says_which_neighbour() -> None:
    """RW-1: the refusal names the slot and the card it would meet."""
    g = game()
    s = rigged(g, hand=[1, 3, 9])
    msg = str(s.explain_illegal(g.parse_action("place c1 front at 1,-1"), 0))
    assert "top-right (land) would meet river on the card above" in msg


# -- RW-2 the river must extend from river or mountain above -----------------------------------------
def test_rw_2_river_must_meet_river_or_mountain_above() -> None:
    """RW-2: some top river slot meets river or mountain above; land above both halves blocks a spot."""
    g = game()
    s = rigged(g, hand=[9, 2, 4], moves=[(1, "back", 1, -1), (3, "front", 1, 1)])
    # Spec check step 3: (2,0) has land above both halves: nothing can go there.
    assert not any(a.row == 2 and a.col == 0 for a in s.legal_actions(0))
    msg = str(s.explain_illegal(g.parse_action("place c9 front at 2,0"), 0))
    assert "land and river may not touch" in msg or "must extend the river" in msg
    # New source in mountains: c9's mountain (top-right) is not needed, but c10 back's mountain
    # at the top-left over land is fine and its river meets river.
    s2 = rigged(g, hand=[10, 9, 2], moves=[(1, "back", 1, -1), (3, "front", 1, 1)])
    assert "place c10 back at 2,1" in legal_texts(s2)


def test_rw_2_new_source_from_a_mountain_above() -> None:
    """RW-2: a top river meeting only a mountain above starts a new source."""
    g = game()
    # c11 front (BOTMTN): bottom L,M -> a mountain on its bottom-right half.
    # c9 front at (1,0): bottom L,R. Put c11 front below-right so its river meets c9's river.
    s = rigged(g, hand=[2, 4, 6], moves=[(9, "front", 1, 0), (11, "front", 2, 1)])
    # c11 at (2,1) covers half-columns 1,2; its bottom M sits at half-column 2.
    # A card at (3,2) with river on top-left meets only that mountain: legal (new source).
    assert "place c2 front at 3,2" in legal_texts(s)
    msg = str(s.explain_illegal(g.parse_action("place c2 back at 3,2"), 0))
    assert "must extend the river" in msg or "land and river may not touch" in msg


def test_rw_2_placement_that_does_not_extend_the_river_is_refused() -> None:
    """RW-2: a card whose top river meets nothing above is refused, naming the rule."""
    g = game()
    # c9 front (top R,M) at (1,-1): its river half faces empty table, its mountain faces the Source's river.
    s = rigged(g, hand=[9, 1, 2])
    msg = str(s.explain_illegal(g.parse_action("place c9 front at 1,-1"), 0))
    assert "must extend the river" in msg


# -- RW-3 top river facing empty table (option strict_top_river) --------------------------------------
STRICT_DECK = (
    {"top": "MM", "bottom": "RR", "sides": "MM"},
    [card(1, "RR", "RR", "MM"), card(2, "RR", "RR", "MM"), card(3, "RR", "RR", "MM")],
)


@pytest.mark.parametrize("strict", [False, True])
def test_rw_3_strict_top_river_both_ways(strict: bool) -> None:
    """RW-3 (spec check 11, both ways): a top river facing empty table is refused only when strict."""
    cg = custom_game(*STRICT_DECK, strict_top_river=strict)
    s = cg.new_state(1)
    # At (1,1) the card's top-left river meets the Source's river, its top-right river faces empty table.
    in_hand = cg.deck.ids[s.hand[0]]
    action = cg.parse_action(f"place c{in_hand} front at 1,1")
    if strict:
        assert action not in s.legal_actions(0)
        assert "strict_top_river" in str(s.explain_illegal(action, 0))
    else:
        assert action in s.legal_actions(0)


def test_rw_3_placeholder_deck_plays_the_same_either_way() -> None:
    """RW-3: no placeholder card has a top river that could face empty table: the option changes nothing."""
    lenient, strict = game(), game(strict_top_river=True)
    for seed in range(20):
        a, b = lenient.new_state(seed), strict.new_state(seed)
        while not a.is_over:
            assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
            move = a.legal_actions()[seed % len(a.legal_actions())]
            a.apply(move)
            b.apply(strict.parse_action(str(move)))
        assert b.is_over


# -- refusals: the rule named, the state unchanged -----------------------------------------------------
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
    """Each placement rule (steps 1-4, RW-1, RW-2, the hand, the face-up top card) refuses by name."""
    g = game()
    s = rigged(g, hand=[1, 3, 9], moves=[(4, "front", 1, 1)], deck=[5, 6, 2])
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(riverbox.IllegalAction, match=rule):
        s.apply(g.parse_action(text))
    assert json.dumps(s.to_json(), sort_keys=True) == before


# -- an independent legality oracle, written from the spec's "Placement legality" steps 1-5 ----------------
def _oracle_legal(g, s) -> set[str]:  # type: ignore[no-untyped-def]
    from riverbox.games.river_wild.content import EMPTY, LAND, MOUNTAIN, RIVER, SIDES

    pl = placements(g, layout_moves(s))
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
    """Spec "Placement legality" (RW-1, RW-2, RW-3): every (card, side, position) the oracle
    accepts is listed, and no other."""
    g = game(strict_top_river=strict)
    for seed in range(12):
        s = g.new_state(seed)
        while not s.is_over:
            legal = s.legal_actions()
            assert {str(a) for a in legal} == _oracle_legal(g, s)
            s.apply(legal[(seed * 13 + len(s.history)) % len(legal)])
        assert _oracle_legal(g, s) == set() or not s.hand
