"""Runestones (RW-10): one wildcard animal per runestone card in each Protected Land it is part of
(however many of its sections lie there), a different animal in each land it borders, counting
toward one goal of the land by default or toward all of them with ``runestone_counts_for_all_goals``
(spec check 6, the runestone cap).
"""

from __future__ import annotations

from riverbox.games.river_wild.content import Goal, parse_deck
from riverbox.games.river_wild.scoring import find_lands, land_goal_points, score_layout, total_score

from .helpers import WORKED, board, card, custom_game, game, placements, rigged


def test_check_6_runestone_cap() -> None:
    """RW-10, spec check 6: one runestone card gives one wildcard per land, however many goals it has."""
    frog = Goal("per_icon", (1, 0, 0, 0), 1, 1, 2)
    assert land_goal_points((0, 0, 0, 0), (frog, frog, frog), 1) == (1, 2)
    assert land_goal_points((0, 0, 0, 0), (frog, frog, frog), 2) == (2, 4)
    # One per land on each side: see
    # test_rw_10_runestone_gives_one_animal_to_each_land_it_borders.


def test_rw_10_runestone_counts_toward_one_goal_by_default() -> None:
    """RW-10: the wildcard completes one goal of the land; with the option, every goal."""
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
    """RW-10: a runestone card in two Protected Lands gives each its own wildcard."""
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


def test_rw_10_one_runestone_gives_a_different_animal_to_each_land_it_borders() -> None:
    """Rulebook runestone note, RW-10, spec check 6: card 1 (runestone) has a land section on each
    half of its bottom edge; card 2 below closes them into two separate 2-card lands, one with a
    Jackalope goal 1/2, the other a Unicorn goal 1/2. The stone is a Jackalope in one land and a
    Unicorn in the other: base 2 + 2, the tied "largest" scores 1, the other 2: total 7."""
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


def test_rw_10_both_sections_of_a_runestone_card_in_one_land_give_one_wildcard() -> None:
    """RW-10 (and RW-6): a runestone card with both sections in one land gives one wildcard."""
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


# A layout every placement rule allows (RW-1, RW-2) in which card 4, a runestone, has both of its
# land sections (two Frogs, on its bottom edge) in one Protected Land with cards 6 and 7 below it:
#
#   row 0:                 Source (bottom RR)
#   row 1:        c1 (1,-1)            c2 (1,1)          rivers run down through c1 and c2
#   row 2:  c3 (2,-2)      c4 (2,0) fork       c5 (2,2)  c4's bottom is land in two sections
#   row 3:         c6 (3,-1)         c7 (3,1)            c6 and c7 close it; c6 holds a Dragon goal
_FORK_LAYOUT = [
    (1, "front", 1, -1),
    (2, "front", 1, 1),
    (3, "front", 2, -2),
    (4, "front", 2, 0),
    (5, "front", 2, 2),
    (6, "front", 3, -1),
    (7, "front", 3, 1),
]


def _fork_cards() -> list[dict[str, object]]:
    dragon = {"kind": "per_icon", "icons": ["Dragon"], "first": 1, "second": 2}
    return [
        card(1, "MR", "RR", "MM"),
        card(2, "RM", "RR", "MM"),
        card(3, "MR", "MR", "MM"),
        card(
            4,
            "RR",
            "LL",
            "MM",
            [{"slots": ["B0"], "animal": "Frog"}, {"slots": ["B1"], "animal": "Frog"}],
            True,
        ),
        card(5, "RM", "RM", "MM"),
        card(6, "RL", "MM", "ML", [{"slots": ["T1", "S1"], "goal": dragon}]),
        card(7, "LR", "MM", "LM", [{"slots": ["T0", "S0"]}]),
    ]


def test_rw_6_rw_10_board_counts_a_two_section_card_once() -> None:
    """RW-6: size counts cards, not sections; RW-10: one wildcard per runestone card per land.

    Card 4's two Frog sections and the sections of cards 6 and 7 form one land of 4 sections on 3
    cards, with a Dragon goal 1/2. One wildcard -> one Dragon -> 1 point (the only land is the
    largest: first number). Total 2 + 1 = 3, with the option for all goals too (one goal)."""
    src = {"top": "MM", "bottom": "RR", "sides": "MM"}
    for all_goals in (False, True):
        cg = custom_game(src, _fork_cards(), runestone_counts_for_all_goals=all_goals)
        s = rigged(cg, hand=[], moves=_FORK_LAYOUT)  # every placement checked while loading
        b = s.board
        assert b.score() == 3 and s.scores() == [3.0]
        (land,) = b.lands
        assert land[0] == 3  # size in cards, not the 4 sections
        (found,) = [land for land in find_lands(placements(cg, _FORK_LAYOUT)) if land.protected]
        assert len(found.sections) == 4 and found.size == 3 and found.runestones == 1
        assert s.view(0)["lands"] == [
            {"cards": [4, 6, 7], "size": 3, "first": 1, "second": 2, "largest": True, "points": 3}
        ]


def test_rw_10_option_runestone_counts_for_all_goals_never_scores_less_and_sometimes_more() -> None:
    """RW-10 option ``runestone_counts_for_all_goals``: never less, sometimes more, over random games."""
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
