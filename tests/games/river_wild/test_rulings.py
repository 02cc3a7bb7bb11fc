"""Rulings RW-1 ... RW-13 of the spec, one or more tests each (cited by id)."""

from __future__ import annotations

import pytest

import riverbox
from riverbox.games.river_wild.cards import parse_deck
from riverbox.games.river_wild.scoring import find_lands, land_goal_points, score_layout, total_score

from .helpers import board, card, custom_game, game, placements, rigged

# The worked example of the spec (section 3): cards 1, 3, 9 and 10 around the Source Card.
WORKED = [(1, "back", 1, -1), (3, "front", 1, 1), (9, "front", 2, -1), (10, "back", 2, 1)]


def legal_texts(state) -> set[str]:
    return {str(a) for a in state.legal_actions(0)}


# -- RW-1 land and river may not touch (only between different cards) -------------------------
def test_rw_1_land_next_to_its_own_river_is_fine_but_not_next_to_another_cards_river() -> None:
    g = game()
    # RW-1: every placeholder card has land beside its own river; that never blocks a placement.
    s = rigged(g, hand=[1, 3, 9])
    assert "place c1 back at 1,-1" in legal_texts(s)
    # Card 1 front at (1,-1): its top-right half is land under the Source's river.
    with pytest.raises(riverbox.IllegalAction, match="land and river may not touch"):
        s.apply(g.parse_action("place c1 front at 1,-1"))


def test_rw_1_land_river_contact_rejected_on_all_four_sides() -> None:
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


# -- RW-2 the river must extend from river or mountain above ----------------------------------
def test_rw_2_river_must_meet_river_or_mountain_above() -> None:
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
    g = game()
    # c9 front (top R,M) at (1,-1): its river half faces empty table, its mountain faces the Source's river.
    s = rigged(g, hand=[9, 1, 2])
    msg = str(s.explain_illegal(g.parse_action("place c9 front at 1,-1"), 0))
    assert "must extend the river" in msg


# -- RW-3 top river facing empty table (option strict_top_river) --------------------------------
STRICT_DECK = (
    {"top": "MM", "bottom": "RR", "sides": "MM"},
    [card(1, "RR", "RR", "MM"), card(2, "RR", "RR", "MM"), card(3, "RR", "RR", "MM")],
)


@pytest.mark.parametrize("strict", [False, True])
def test_rw_3_strict_top_river_both_ways(strict: bool) -> None:
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
    lenient, strict = game(), game(strict_top_river=True)
    for seed in range(20):
        a, b = lenient.new_state(seed), strict.new_state(seed)
        while not a.is_over:
            assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
            move = a.legal_actions()[seed % len(a.legal_actions())]
            a.apply(move)
            b.apply(strict.parse_action(str(move)))
        assert b.is_over


# -- RW-4 corner-only contacts do not count ------------------------------------------------------
def test_rw_4_corner_contact_does_not_join_lands() -> None:
    g = game()
    # c1 back at (1,-1) has land on its bottom-right half (half-column 0); c3 back at (2,1) has land
    # on its top-left half (half-column 1). The two cards meet only at a corner.
    pl = placements(g, [(1, "back", 1, -1), (3, "back", 2, 1)])
    lands = find_lands(pl)
    # c1 back's bottom-right land is its section 1; c3 back's top-left land is its section 0.
    a = next(land for land in lands if (1, 1) in land.sections)
    assert (2, 0) not in a.sections
    assert all(len(land.cards) == 1 for land in lands)


# -- RW-5 gapless, completely surrounded --------------------------------------------------------
def test_rw_5_land_is_protected_only_when_no_land_slot_faces_empty_table() -> None:
    g = game()
    before = {land.sections: land.protected for land in find_lands(placements(g, WORKED[:3]))}
    assert not any(before.values())
    after = find_lands(placements(g, WORKED))
    protected = [land for land in after if land.protected]
    assert sorted(land.sections for land in protected) == [((1, 1), (2, 1)), ((3, 1), (4, 0))]


def test_rw_5_a_horizontal_gap_next_to_land_leaves_it_open() -> None:
    g = game()
    # Spec check 4. Cards 9 and 10 of the worked example, moved apart by one half card: the land
    # between them now faces the gap and is open (only the gap differs from the worked example).
    touching = placements(g, [(9, "front", 2, -1), (10, "back", 2, 1)])
    apart = placements(g, [(9, "front", 2, -1), (10, "back", 2, 2)])
    closed = [land for land in find_lands(touching) if land.protected]
    assert [land.sections for land in closed] == [((1, 1), (2, 0))]
    assert not any(land.protected for land in find_lands(apart))


# -- RW-6 size = distinct cards contributing land ------------------------------------------------
def test_rw_6_size_counts_distinct_cards() -> None:
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


# -- RW-7 tie for largest resolved to the player's best -------------------------------------------
def test_rw_7_tie_for_largest_picks_the_best_total() -> None:
    g = game()
    score = score_layout(placements(g, WORKED))
    assert score.total == 6
    largest = [s for s in score.lands if s.largest]
    assert len(largest) == 1 and largest[0].first == 0  # the land worth 0 is treated as the largest
    other = next(s for s in score.lands if not s.largest)
    assert other.points == 2 + 2  # uses its second number
    # Board (the game's incremental scorer) agrees.
    assert board(g, WORKED).score() == 6


# -- RW-8 / RW-9 goals --------------------------------------------------------------------------
def test_rw_8_each_type_means_each_type_shown() -> None:
    from riverbox.games.river_wild.cards import Goal
    from riverbox.games.river_wild.scoring import goal_completions

    frog_unicorn = Goal("each_type", (1, 0, 1, 0), 2, 2, 4)
    assert goal_completions(frog_unicorn, (1, 0, 1, 0)) == 1  # no jackalope or dragon needed
    assert goal_completions(frog_unicorn, (3, 0, 1, 0)) == 1  # disjoint sets: one unicorn, one set
    assert goal_completions(frog_unicorn, (3, 5, 2, 9)) == 2


def test_rw_9_any_three() -> None:
    from riverbox.games.river_wild.cards import Goal
    from riverbox.games.river_wild.scoring import goal_completions

    any3 = Goal("any", (0, 0, 0, 0), 3, 1, 3)
    assert goal_completions(any3, (1, 1, 0, 0)) == 0
    assert goal_completions(any3, (1, 1, 1, 0)) == 1
    assert goal_completions(any3, (2, 2, 2, 1)) == 2
    assert goal_completions(any3, (2, 0, 0, 0), wild=1) == 1


# -- RW-10 runestones -----------------------------------------------------------------------------
def test_rw_10_runestone_counts_toward_one_goal_by_default() -> None:
    from riverbox.games.river_wild.cards import Goal

    frog = Goal("per_icon", (1, 0, 0, 0), 1, 1, 2)
    frog_unicorn = Goal("each_type", (1, 0, 1, 0), 2, 2, 4)
    animals = (0, 0, 1, 0)  # one unicorn
    # The wildcard becomes a frog: it completes frog (1/2) or frog+unicorn (2/4), not both.
    assert land_goal_points(animals, (frog, frog_unicorn), 1) == (2, 4)
    # Option runestone_counts_for_all_goals: the frog counts for both goals.
    assert land_goal_points(animals, (frog, frog_unicorn), 1, True) == (3, 6)
    # RB note: a runestone bordering two goals scores for this land from one goal only.
    unicorn = Goal("per_icon", (0, 0, 1, 0), 1, 1, 2)
    assert land_goal_points((0, 0, 0, 0), (frog, unicorn), 1) == (1, 2)


def test_rw_10_runestone_gives_one_animal_to_each_land_it_borders() -> None:
    g = game()
    # Found by search over random games: c13 ... c6; card c10 (runestone) ends with its two
    # sections in two different Protected Lands.
    moves = [
        (13, "back", 1, -1),
        (7, "front", 1, 1),
        (3, "back", 2, -1),
        (14, "front", 3, -1),
        (11, "back", 4, -2),
        (10, "front", 2, 1),
        (4, "back", 3, 1),
        (15, "front", 4, 1),
        (5, "back", 5, 0),
        (8, "front", 6, 1),
        (16, "back", 7, 0),
        (1, "front", 7, 2),
        (12, "front", 5, 2),
        (2, "front", 6, 3),
        (9, "back", 8, 2),
        (6, "front", 7, 4),
    ]
    pl = placements(g, moves)
    lands = [land for land in find_lands(pl) if land.protected]
    for p, (f, _, _) in enumerate(pl):
        if not f.runestone:
            continue
        holding = [land for land in lands if p in land.cards]
        if len(holding) == 2:
            break
    else:  # pragma: no cover
        raise AssertionError("no runestone card borders two Protected Lands in this layout")
    # Each land gets its own wildcard from that card; it may be a different animal in each.
    for land in holding:
        without = sum(1 for q in land.cards if pl[q][0].runestone)
        assert land.runestones == without >= 1
    assert total_score(find_lands(pl)).total == board(g, moves).score()


def test_rw_10_option_runestone_counts_for_all_goals_never_scores_less_and_sometimes_more() -> None:
    one, every = game(), game(runestone_counts_for_all_goals=True)
    assert every.rules.all_goals and not one.rules.all_goals
    assert board(one, WORKED).score() == board(every, WORKED).score() == 6  # one wildcard, one goal
    differ = 0
    for seed in range(200):
        a, b = one.new_state(seed), every.new_state(seed)
        while not a.is_over:
            move = a.legal_actions()[(seed + len(a.history)) % len(a.legal_actions())]
            a.apply(move)
            b.apply(move)
            assert b.scores()[0] >= a.scores()[0]
        differ += b.scores()[0] > a.scores()[0]
    assert differ > 0


def test_rw_10_both_sections_of_a_runestone_card_in_one_land_give_one_wildcard() -> None:
    src = {"top": "MM", "bottom": "RR", "sides": "MM"}
    fork = card(
        1, "RM", "LL", "MM", [{"slots": ["B0"], "animal": "Frog"}, {"slots": ["B1"], "animal": "Frog"}], True
    )
    goal = {"kind": "per_icon", "icons": ["Dragon"], "first": 1, "second": 2}
    under = card(2, "LL", "MM", "MM", [{"slots": ["T0", "T1"], "goal": goal}])
    deck = parse_deck({"source": src, "cards": [fork, under]})
    pl = [(deck.source, 0, 0), (deck.faces[0], 1, 0), (deck.faces[2], 2, 0)]
    (land,) = [land for land in find_lands(pl) if land.protected]
    assert land.runestones == 1 and land.animals == (2, 0, 0, 0)
    # One wildcard: the Dragon goal completes once, not twice.
    assert total_score([land]).total == 2 + 1


# -- RW-11 the Source Card's land (option source_counts_for_size) ---------------------------------
@pytest.mark.parametrize("counts", [True, False])
def test_rw_11_source_land_counts_for_size_or_not(counts: bool) -> None:
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
    s = cg.new_state(0)
    s.hand = [0]
    s._lkey = None
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
    g = game()
    assert g.deck.source.sections == () and g.deck.placeholder
    assert game(source_counts_for_size=False).new_state(3).legal_actions() == g.new_state(3).legal_actions()


# -- RW-12 game end --------------------------------------------------------------------------------
def test_rw_12_game_ends_when_all_cards_are_placed() -> None:
    g = game()
    s = g.new_state(11)
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
    assert len(s.board.placed) == 17 and s.hand == [] and s.deck == []
    assert s.winners() == [0] and s.returns() == s.scores()


def test_rw_12_game_ends_when_no_card_in_hand_can_be_placed() -> None:
    # Cards without river on top can never extend the river.
    dry = [
        card(i, "LL", "LL", "LL", [{"slots": ["T0", "T1", "B0", "B1", "S0", "S1"], "animal": "Frog"}])
        for i in (1, 2, 3, 4)
    ]
    cg = custom_game({"top": "MM", "bottom": "RR", "sides": "MM"}, dry)
    s = cg.new_state(5)
    assert s.is_over and s.scores() == [0.0] and s.returns() == [0.0] and s.winners() == [0]
    assert len(s.hand) == 3  # unplaced cards simply do not score
    # Mid-game: the card drawn after a placement fits nowhere, so the game ends with it in hand.
    cg = custom_game({"top": "MM", "bottom": "RR", "sides": "MM"}, [card(1, "RM", "MM", "MM"), *dry[1:]])
    st = rigged(cg, hand=[1], deck=[2, 3])
    assert not st.is_over
    st.apply(cg.parse_action("place c1 front at 1,0"))
    assert st.is_over and [cg.deck.ids[i] for i in st.hand] == [3] and st.legal_actions() == []


def test_rw_12_rank_boundaries() -> None:
    from riverbox.games.river_wild.scoring import rank_name

    assert rank_name(0) == rank_name(29) == "Embarrassing Environment"
    assert rank_name(30) == rank_name(34) == "Decent Domicile"
    assert rank_name(35) == rank_name(39) == "Harmonious Habitat"
    assert rank_name(40) == rank_name(44) == "Sublime Sanctuary"
    assert rank_name(45) == rank_name(80) == "Heavenly Haven"


# -- RW-13 the top card of the deck is visible -----------------------------------------------------
def test_rw_13_top_card_visible_and_kept_by_determinize() -> None:
    g = game()
    s = g.new_state(4)
    top = s.view(0)["top"]
    assert top == g.deck.ids[s.deck[-1]]
    assert "top c" in str(s.history[-1][1])
    hidden_orders = set()
    for k in range(20):
        d = s.determinize(0, k)
        assert d.view(0) == s.view(0) and d.deck[-1] == s.deck[-1]
        assert sorted(d.deck) == sorted(s.deck)
        hidden_orders.add(tuple(d.deck))
    assert len(hidden_orders) > 1
    # After a placement the known top card is drawn, and the next one turns face up.
    s.apply(s.legal_actions()[0])
    assert g.deck.index_of(top) in s.hand
    assert s.view(0)["top"] == g.deck.ids[s.deck[-1]]


def test_rw_13_shuffle_is_hidden_from_the_player() -> None:
    g = game()
    s = g.new_state(4)
    d = s.determinize(0, 1)
    assert str(d.history[0][1]) == "hidden"
    assert str(s.history[0][1]).startswith("shuffle")
    # Spectators see what the player sees: the hand lies face up on the table.
    assert s.view(None) == s.view(0)
