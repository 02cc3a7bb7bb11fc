"""The spec's checks (section 3): the worked example, the rulebook's scoring notes and unit checks 1-12."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riverbox.games.river_wild.cards import (
    ANIMALS,
    B0,
    B1,
    LAND,
    MIRROR_SLOT,
    MOUNTAIN,
    RIVER,
    S0,
    S1,
    T0,
    T1,
    Goal,
    load_deck,
)
from riverbox.games.river_wild.scoring import (
    facing,
    find_lands,
    goal_completions,
    land_goal_points,
    layout_cells,
    score_layout,
    total_of,
)

from .helpers import face, game, placements, raster_regions, rigged

WORKED = [(1, "back", 1, -1), (3, "front", 1, 1), (9, "front", 2, -1), (10, "back", 2, 1)]


# -- worked example ----------------------------------------------------------------------------------
def test_worked_example_step_by_step_total_6() -> None:
    g = game()
    s = rigged(g, hand=[1, 3, 9], deck=[2, 4, 10])
    # Step 1: card 1 mirrored at (1,-1); its Frog section {T0,S0} is open for good.
    s.apply(g.parse_action("place c1 back at 1,-1"))
    f1 = face(g, 1, "back")
    assert f1.slots[T0 : B1 + 1] == (LAND, RIVER, RIVER, LAND)
    frog = f1.sections[f1.section_of[T0]]
    assert frog.animal == ANIMALS.index("Frog") and set(frog.slots) == {T0, S0}
    # Step 2: card 3 at (1,1); goal-Unicorn and goal-Frog merge; open at c1 B1 and c3 B0 only.
    s.apply(g.parse_action("place c3 front at 1,1"))
    lands = find_lands(placements(g, WORKED[:2]))
    merged = next(land for land in lands if (1, 1) in land.sections)
    assert merged.sections == ((1, 1), (2, 1)) and merged.open_slots == 2 and not merged.protected
    # Step 3: nothing can go at (2,0).
    assert not any((a.row, a.col) == (2, 0) for a in s.legal_actions())
    # Steps 4 and 5.
    s.apply(g.parse_action("place c9 front at 2,-1"))
    assert s.scores() == [0.0]
    closing = g.parse_action("place c10 back at 2,1")
    assert g.describe_action(closing, s).endswith("protects 2 lands, score 0 -> 6")
    s.apply(closing)
    assert s.scores() == [6.0]
    score = score_layout(placements(g, WORKED))
    assert score.total == 6 and score.base == 4
    by_cards = {sl.land.cards: sl for sl in score.lands}
    first_land, second_land = by_cards[(1, 2)], by_cards[(3, 4)]
    assert first_land.land.size == 2 and first_land.land.runestones == 1  # card 1's runestone
    assert (first_land.first, first_land.second) == (1, 2)
    assert second_land.land.runestones == 1 and (second_land.first, second_land.second) == (0, 0)
    assert second_land.largest and first_land.points == 4 and second_land.points == 2


def test_rulebook_scoring_notes() -> None:
    # A land with 1 Frog, 1 Unicorn and 1 adjacent runestone, scored as the largest (first numbers).
    frog = Goal("per_icon", (1, 0, 0, 0), 1, 1, 2)
    frog_unicorn = Goal("each_type", (1, 0, 1, 0), 2, 2, 4)
    animals = (1, 0, 1, 0)
    assert land_goal_points(animals, (frog,), 1)[0] == 2  # 1 for the frog + 1 for the runestone
    assert land_goal_points(animals, (frog_unicorn,), 0)[0] == 2
    # Goals are scored individually; an animal helps every goal (printed animals).
    assert land_goal_points(animals, (frog, frog_unicorn), 0) == (1 + 2, 2 + 4)


# -- unit checks 1-12 --------------------------------------------------------------------------------
def test_check_1_mirror_is_an_involution() -> None:
    deck = load_deck()
    for i in range(deck.size):
        front, back = deck.faces[2 * i], deck.faces[2 * i + 1]
        assert back.mirror() == front and front.mirror() == back and back != front
        assert all(back.slots[MIRROR_SLOT[s]] == front.slots[s] for s in range(6))
    assert all(MIRROR_SLOT[MIRROR_SLOT[s]] == s for s in range(6))


def test_check_2_land_river_contacts_rejected_on_all_four_sides() -> None:
    # Detailed in test_rulings.test_rw_1_land_river_contact_rejected_on_all_four_sides; here the
    # legal-move generator is checked exhaustively: no legal placement ever creates such a contact.
    g = game()
    for seed in range(30):
        s = g.new_state(seed)
        while not s.is_over:
            for a in s.legal_actions():
                pl = placements(g, [*layout_moves(s), (a.card, "back" if a.side else "front", a.row, a.col)])
                find_lands(pl)  # raises ValueError on a land-river contact
            s.apply(s.legal_actions()[seed % len(s.legal_actions())])


def layout_moves(state) -> list[tuple[int, str, int, int]]:
    return [(d["card"], d["side"], d["row"], d["col"]) for d in state.layout()[1:]]


def test_check_3_half_offset_contacts_map_to_the_right_slots() -> None:
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


def test_check_4_gap_next_to_land_leaves_it_open() -> None:
    g = game()
    apart = placements(g, [(9, "front", 2, -1), (10, "back", 2, 2)])
    assert not any(land.protected for land in find_lands(apart))


def test_check_5_single_tie_resolved_to_the_maximum() -> None:
    # Two lands of size 3; land A would score 4 as largest (first) or 8 (second); land B 0 either way.
    assert total_of([3, 3], [4, 0], [8, 0]) == 2 * 2 + 8 + 0  # B counts as the largest
    assert total_of([3, 3], [0, 4], [0, 8]) == 2 * 2 + 8
    assert total_of([4, 3], [1, 0], [2, 9]) == 2 * 2 + 1 + 9  # no tie: the bigger land is largest
    assert total_of([], [], []) == 0


def test_check_6_runestone_cap() -> None:
    frog = Goal("per_icon", (1, 0, 0, 0), 1, 1, 2)
    # One runestone card gives one wildcard per land, however many goals the land has.
    assert land_goal_points((0, 0, 0, 0), (frog, frog, frog), 1) == (1, 2)
    assert land_goal_points((0, 0, 0, 0), (frog, frog, frog), 2) == (2, 4)
    # One per land on each side: see
    # test_rulings.test_rw_10_runestone_gives_one_animal_to_each_land_it_borders.


def test_check_7_goal_completions_are_disjoint_sets() -> None:
    fff = Goal("per_icon", (3, 0, 0, 0), 3, 3, 6)
    everyone = Goal("each_type", (1, 1, 1, 1), 4, 4, 8)
    assert goal_completions(fff, (8, 0, 0, 0)) == 2
    assert goal_completions(fff, (2, 0, 0, 0), wild=1) == 1
    assert goal_completions(everyone, (2, 2, 2, 1)) == 1
    assert goal_completions(everyone, (2, 2, 2, 1), wild=1) == 2
    assert goal_completions(everyone, (0, 0, 0, 0), wild=3) == 0


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


def test_check_9_every_card_has_two_sections_covering_each_land_slot_once() -> None:
    deck = load_deck()
    for f in deck.faces:
        assert len(f.sections) == 2
        covered = Counter(s for sec in f.sections for s in sec.slots)
        assert all(covered[s] == (1 if f.slots[s] == LAND else 0) for s in range(6))
        kinds = sorted("animal" if sec.animal is not None else "goal" for sec in f.sections)
        assert kinds == ["animal", "goal"]
        assert f.slots[S0] != RIVER and f.slots[S1] != RIVER  # rivers cross top and bottom edges only


def test_check_10_placeholder_deck_composition() -> None:
    deck = load_deck()
    assert deck.placeholder and deck.size == 16 and deck.ids == tuple(range(1, 17))
    fronts = deck.faces[0::2]
    animals = Counter(ANIMALS[sec.animal] for f in fronts for sec in f.sections if sec.animal is not None)
    assert animals == {a: 4 for a in ANIMALS}
    assert sum(f.runestone for f in fronts) == 6
    goals = [sec.goal for f in fronts for sec in f.sections if sec.goal is not None]
    shapes = Counter((g.kind, g.count, len([n for n in g.need if n]), g.first, g.second) for g in goals)
    assert shapes == {
        ("per_icon", 1, 1, 1, 2): 4,  # single icon
        ("each_type", 2, 2, 2, 4): 4,  # two different icons
        ("per_icon", 3, 1, 3, 6): 2,  # three of one type
        ("each_type", 4, 4, 4, 8): 2,  # one of each of the four
        ("any", 3, 0, 1, 3): 4,  # any three
    }
    assert all(g.first < g.second for g in goals)
    # Goals name types other than the card's own animal (except every-type and any-3 goals).
    for f in fronts:
        own = next(sec.animal for sec in f.sections if sec.animal is not None)
        goal = next(sec.goal for sec in f.sections if sec.goal is not None)
        assert own is not None and goal is not None
        if goal.kind == "per_icon" or goal.count == 2:
            assert goal.need[own] == 0
    source = deck.source
    assert source.slots == (MOUNTAIN, MOUNTAIN, RIVER, RIVER, MOUNTAIN, MOUNTAIN) and not source.sections
    assert source.mirror().slots == source.slots


@pytest.mark.parametrize(
    "option", ["strict_top_river", "runestone_counts_for_all_goals", "source_counts_for_size"]
)
def test_check_11_every_option_is_named_with_its_default(option: str) -> None:
    import riverbox

    info = next(i for i in riverbox.games() if i.name == "river-wild")
    defaults = info.defaults()
    assert defaults == {
        "strict_top_river": False,
        "runestone_counts_for_all_goals": False,
        "source_counts_for_size": True,
    }
    for value in (True, False):
        g = game(**{option: value})
        assert g.options[option] is value
        s = g.new_state(2)
        while not s.is_over:
            s.apply(s.legal_actions()[0])
        assert s.scores()[0] >= 0
    # Both ways for RW-3 and RW-11: test_rulings.test_rw_3_* and test_rw_11_*.


def test_check_12_every_placeholder_card_is_placeable() -> None:
    g = game()
    ever: set[int] = set()
    for seed in range(40):
        s = g.new_state(seed)
        while not s.is_over:
            ever |= {a.card for a in s.legal_actions()}
            s.apply(s.legal_actions()[(seed * 7) % len(s.legal_actions())])
    assert ever == set(range(1, 17))
