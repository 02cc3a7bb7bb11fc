"""Protected Lands: land joins across shared edges only, never at a corner (RW-4); a land is
protected once no land slot of it faces empty table, so a gap leaves it open (RW-5); its size is the
number of cards it is formed from (RW-6); the Source Card's land counts or not (RW-11, option
``source_counts_for_size``). The union-find is checked against a raster flood fill (spec check 8).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riverbox.games.river_wild.content import parse_deck
from riverbox.games.river_wild.scoring import find_lands, score_layout

from .helpers import WORKED, board, card, custom_game, game, layout_moves, placements, raster_regions, rigged


# -- RW-4 corner-only contacts do not count ---------------------------------------------------------
def test_rw_4_corner_contact_does_not_join_lands() -> None:
    """RW-4: two lands meeting only at a corner stay two lands."""
    g = game()
    # c1 back at (1,-1) has land on its bottom-right half (half-column 0); c3 back at (2,1) has land
    # on its top-left half (half-column 1). The two cards meet only at a corner.
    pl = placements(g, [(1, "back", 1, -1), (3, "back", 2, 1)])
    lands = find_lands(pl)
    # c1 back's bottom-right land is its section 1; c3 back's top-left land is its section 0.
    a = next(land for land in lands if (1, 1) in land.sections)
    assert (2, 0) not in a.sections
    assert all(len(land.cards) == 1 for land in lands)


# -- RW-5 gapless, completely surrounded ------------------------------------------------------------
def test_rw_5_land_is_protected_only_when_no_land_slot_faces_empty_table() -> None:
    """RW-5: the worked example's two lands are open until the last card closes both."""
    g = game()
    before = {land.sections: land.protected for land in find_lands(placements(g, WORKED[:3]))}
    assert not any(before.values())
    after = find_lands(placements(g, WORKED))
    protected = [land for land in after if land.protected]
    assert sorted(land.sections for land in protected) == [((1, 1), (2, 1)), ((3, 1), (4, 0))]


def test_rw_5_a_horizontal_gap_next_to_land_leaves_it_open() -> None:
    """RW-5, spec check 4: cards 9 and 10 of the worked example, moved apart by one half card: the
    land between them now faces the gap and is open (only the gap differs from the worked example)."""
    g = game()
    touching = placements(g, [(9, "front", 2, -1), (10, "back", 2, 1)])
    apart = placements(g, [(9, "front", 2, -1), (10, "back", 2, 2)])
    closed = [land for land in find_lands(touching) if land.protected]
    assert [land.sections for land in closed] == [((1, 1), (2, 0))]
    assert not any(land.protected for land in find_lands(apart))


def test_check_4_gap_next_to_land_leaves_it_open() -> None:
    """RW-5, spec check 4, on the reference land finder."""
    g = game()
    apart = placements(g, [(9, "front", 2, -1), (10, "back", 2, 2)])
    assert not any(land.protected for land in find_lands(apart))


@pytest.mark.parametrize("order", [1, -1])
def test_rw_5_gap_leaves_land_open_in_the_incremental_board_too(order: int) -> None:
    """RW-5 / spec check 4 on the game's own Board (not only the reference find_lands), placing
    the two cards in either order: c9 front at 2,-1 and c10 back at 2,2 leave a half-card gap whose
    facing land (c9's S1, c10 back's S0) is open, so no Protected Land; touching at 2,1 they close one."""
    g = game()
    apart = [(9, "front", 2, -1), (10, "back", 2, 2)][::order]
    b = board(g, apart)
    assert b.lands == [] and b.score() == 0
    assert b.open_land_slots() == sum(land.open_slots for land in find_lands(placements(g, apart)))
    touching = [(9, "front", 2, -1), (10, "back", 2, 1)][::order]
    b = board(g, touching)
    assert [land[0] for land in b.lands] == [2] and b.score() == 2 + 0


# -- RW-6 size = distinct cards contributing land ---------------------------------------------------
def test_rw_6_size_counts_distinct_cards() -> None:
    """RW-6: a land's size counts cards, so a card with both sections in one land counts once."""
    g = game()
    lands = [land for land in find_lands(placements(g, WORKED)) if land.protected]
    assert [land.size for land in lands] == [2, 2]
    # A card whose two sections both lie in one land counts once.
    src = {"top": "MM", "bottom": "RR", "sides": "MM"}
    fork = card(
        1,
        "RM",
        "LL",
        "MM",
        [{"slots": ["B0"], "animal": "Frog"}, {"slots": ["B1"], "animal": "Unicorn"}],
        True,
    )
    under = card(2, "LL", "MM", "MM", [{"slots": ["T0", "T1"], "animal": "Dragon"}])
    deck = parse_deck({"source": src, "cards": [fork, under]})
    pl = [(deck.source, 0, 0), (deck.faces[0], 1, 0), (deck.faces[2], 2, 0)]
    (land,) = [land for land in find_lands(pl) if land.protected]
    assert land.size == 2 and land.cards == (1, 2)
    # RW-10: both sections of the runestone card lie in this land: still one wildcard.
    assert land.runestones == 1


# -- spec check 8: the union-find against a raster flood fill ------------------------------------------
@st.composite
def random_layout(draw: st.DrawFn) -> tuple[bool, int, list[int]]:
    return (
        draw(st.booleans()),
        draw(st.integers(0, 2**31 - 1)),
        draw(st.lists(st.integers(0, 10**6), max_size=16)),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_layout())
def test_check_8_union_find_matches_raster_flood_fill(case: tuple[bool, int, list[int]]) -> None:
    """Spec check 8 (RW-4, RW-5, RW-6): land regions and their protection from the union-find equal
    those of a flood fill over a raster drawing; the game's incremental board agrees with both."""
    strict, seed, choices = case
    g = game(strict_top_river=strict)
    s = g.new_state(seed)
    for k in choices:
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[k % len(legal)])
        pl = placements(g, layout_moves(s))
        lands = find_lands(pl)
        uf = {(frozenset(land.sections), land.protected) for land in lands}
        assert uf == raster_regions(pl)
        # The game's incremental board agrees with both.
        protected = sorted((land.size, land.cards) for land in lands if land.protected)
        inc = sorted(
            (size, tuple(p for p in range(len(pl)) if cards >> p & 1))
            for size, _, _, cards, _ in s.board.lands
        )
        assert protected == inc
        assert score_layout(pl).total == s.scores()[0]
        assert s.board.open_land_slots() == sum(land.open_slots for land in lands)


# -- RW-11 the Source Card's land (option source_counts_for_size) -------------------------------------
@pytest.mark.parametrize("counts", [True, False])
def test_rw_11_source_land_counts_for_size_or_not(counts: bool) -> None:
    """RW-11 (spec check 11, both ways): a land partly on the Source Card counts it in its size
    only with ``source_counts_for_size``."""
    src = {"top": "MM", "bottom": "ML", "sides": "MM", "sections": [{"slots": ["B1"], "animal": "Frog"}]}
    cards = [
        card(
            1,
            "RL",
            "MM",
            "MM",
            [{"slots": ["T1"], "goal": {"kind": "per_icon", "icons": ["Frog"], "first": 1, "second": 2}}],
        ),
        card(2, "RM", "MM", "MM"),
    ]
    cg = custom_game(src, cards, source_counts_for_size=counts)
    s = rigged(cg, hand=[1], deck=[2])
    s.apply(cg.parse_action("place c1 front at 1,0"))
    (land,) = [
        land
        for land in find_lands(
            [(cg.deck.source, 0, 0), (cg.deck.faces[0], 1, 0)], source_counts_for_size=counts
        )
        if land.protected
    ]
    assert land.size == (2 if counts else 1)
    assert s.board.lands[0][0] == land.size
    assert s.scores() == [2.0 + 1.0]  # the only land is the largest: first number


def test_rw_11_placeholder_source_has_no_land() -> None:
    """RW-11: the placeholder Source has no land, so the option changes nothing there."""
    g = game()
    assert g.deck.source.sections == () and g.deck.placeholder
    assert game(source_counts_for_size=False).new_state(3).legal_actions() == g.new_state(3).legal_actions()


# -- the board's packed cells: land nodes in 8-bit fields, 16-bit ones for a deck too big ----------------
def test_land_nodes_fall_back_to_16_bit_fields_for_a_big_deck_and_lands_still_match() -> None:
    """A cell keeps land nodes in 8-bit fields when the deck allows (the placeholder deck); a deck
    with more land sections than 8 bits can number gets 16-bit fields, and the incremental lands
    of a layout on it still equal the from-scratch ``find_lands``."""
    import json
    import random

    from riverbox.games.river_wild.board import Board, Rules, node_shifts
    from riverbox.games.river_wild.content import DATA

    assert node_shifts(game().deck) == (6, 14, 22)
    data = json.loads((DATA / "placeholder_deck.json").read_text(encoding="utf-8"))
    base = data["cards"]
    data["cards"] = [{**base[i % len(base)], "id": i + 1} for i in range(160)]
    deck = parse_deck(data)
    assert node_shifts(deck) == (6, 22, 38)
    rules = Rules(deck, False, False, True)
    rng = random.Random(5)
    for _ in range(3):
        b = Board.new(rules)
        unplaced = set(range(deck.size))
        for _ in range(60):
            options = [
                (fi, key)
                for key, m in sorted((rules.key(i), b.fits[i]) for i in b.open)
                for fi in range(2 * deck.size)
                if m >> fi & 1 and fi // 2 in unplaced
            ]
            if not options:
                break
            fi, key = rng.choice(options)
            unplaced.discard(fi // 2)
            b.place(fi, key)
        pl = [(rules.faces[fi], key >> 8, (key & 255) - 128) for fi, key in b.placed]
        protected = sorted((land.size, land.cards) for land in find_lands(pl) if land.protected)
        inc = sorted(
            (size, tuple(p for p in range(len(pl)) if cards >> p & 1)) for size, _, _, cards, _ in b.lands
        )
        assert len(pl) > 20 and protected == inc
