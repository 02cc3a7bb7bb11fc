"""Scoring: 2 points per Protected Land plus goal points, the largest land (most cards) using its
goals' first numbers and every other land their second; a tie for largest resolved to the player's
best total (RW-7, spec check 5); the rank a total reaches (spec check 12). The spec's worked example
(section 3) step by step.
"""

from __future__ import annotations

import pytest

from riverbox.games.river_wild.board import pos_key
from riverbox.games.river_wild.content import ANIMALS, B1, LAND, RIVER, S0, T0
from riverbox.games.river_wild.scoring import find_lands, rank_name, score_layout, total_of

from .helpers import WORKED, Move, board, face, game, placements, rigged

# Layouts from random games of the placeholder deck (found by search), each named for how its
# Protected Lands come out; the board lists them in the order given in the tests' parameters.
BEST_TIED_LAND_FIRST: list[Move] = [
    (8, "front", 1, 1), (15, "back", 1, -1), (3, "front", 2, -1), (14, "front", 2, 2), (2, "front", 3, 0),
    (10, "front", 3, 2), (13, "back", 4, 0), (7, "back", 5, 0), (5, "back", 6, -1), (11, "back", 4, 2),
    (6, "front", 5, 2),
]  # fmt: skip
LARGER_LAND_FIRST: list[Move] = [
    (10, "back", 1, -1), (13, "front", 2, -1), (15, "back", 3, -2), (12, "back", 4, -3), (6, "front", 5, -3),
    (3, "front", 4, -1), (14, "back", 5, -1), (7, "back", 6, -1), (9, "front", 1, 1), (5, "back", 7, -2),
    (11, "front", 6, -3), (8, "front", 7, 0),
]  # fmt: skip
LARGER_LAND_SECOND: list[Move] = [
    (5, "back", 1, -1), (8, "front", 1, 1), (9, "front", 2, 2), (16, "back", 3, 2), (14, "front", 4, 3),
    (7, "front", 5, 3), (15, "back", 6, 2), (12, "front", 7, 2), (3, "front", 6, 4), (10, "front", 8, 3),
    (2, "back", 9, 3), (4, "back", 7, 4),
]  # fmt: skip
THREE_TIED_FOR_LARGEST: list[Move] = [
    (13, "back", 1, -1), (7, "back", 2, -1), (14, "front", 1, 1), (15, "front", 3, 0), (10, "front", 4, 0),
    (3, "back", 3, -2), (4, "front", 4, -2), (11, "front", 2, 1), (5, "front", 5, 1), (6, "front", 3, 2),
    (16, "front", 5, -1), (8, "back", 6, -2), (12, "back", 7, -3), (1, "front", 7, -1), (9, "front", 8, -3),
    (2, "back", 8, -1),
]  # fmt: skip


# -- the worked example ---------------------------------------------------------------------------------
def test_worked_example_step_by_step_total_6() -> None:
    """Spec section 3 worked example, placement by placement (RW-5 to RW-7, RW-10): total 6."""
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


def test_worked_example_via_placements_and_state_agree() -> None:
    """Spec section 3 worked example once more through the from-scratch scorer: total 6, base 4."""
    g = game()
    score = score_layout(placements(g, WORKED))
    assert (score.total, score.base) == (6, 4)
    assert board(g, WORKED).score() == 6 and board(g, WORKED).cell(pos_key(2, -1)) != 0


# -- RW-7 tie for largest resolved to the player's best ------------------------------------------------
def test_rw_7_tie_for_largest_picks_the_best_total() -> None:
    """RW-7: of the worked example's two 2-card lands, the one worth 0 counts as the largest."""
    g = game()
    score = score_layout(placements(g, WORKED))
    assert score.total == 6
    largest = [s for s in score.lands if s.largest]
    assert len(largest) == 1 and largest[0].first == 0  # the land worth 0 is treated as the largest
    other = next(s for s in score.lands if not s.largest)
    assert other.points == 2 + 2  # uses its second number
    # Board (the game's incremental scorer) agrees.
    assert board(g, WORKED).score() == 6


def test_check_5_single_tie_resolved_to_the_maximum() -> None:
    """RW-7, spec check 5, on the reference scorer: each tied land tried as the largest, the best kept."""
    # Two lands of size 3; land A would score 4 as largest (first) or 8 (second); land B 0 either way.
    assert total_of([3, 3], [4, 0], [8, 0]) == 2 * 2 + 8 + 0  # B counts as the largest
    assert total_of([3, 3], [0, 4], [0, 8]) == 2 * 2 + 8
    assert total_of([4, 3], [1, 0], [2, 9]) == 2 * 2 + 1 + 9  # no tie: the bigger land is largest
    assert total_of([], [], []) == 0


@pytest.mark.parametrize(
    ("moves", "lands", "largest", "total"),
    [
        # Worked example: land (c1, c3) scores 1 as largest or 2 otherwise, land (c9, c10) 0 either
        # way. Best: (c9, c10), listed second, is the largest: 2 + 2 + 2 + 0 = 6 (not 5).
        (WORKED, [(2, 1, 2), (2, 0, 0)], 1, 6),
        # The best tied land listed first: 2 + 2 + 0 + 4 = 8 (not 6).
        (BEST_TIED_LAND_FIRST, [(2, 0, 0), (2, 2, 4)], 0, 8),
    ],
    ids=["worked-example", "best-tied-land-first"],
)
def test_rw_7_board_tie_resolved_to_the_best_total_in_either_order(
    moves: list[Move], lands: list[tuple[int, int, int]], largest: int, total: int
) -> None:
    """RW-7 on the game's Board, whichever of the tied lands it lists first; the view marks the same
    land as largest and its points add up to the score."""
    g = game()
    b = board(g, moves)
    assert [land[:3] for land in b.lands] == lands
    assert b.score() == total and b.largest() == largest
    placed = {c for c, _, _, _ in moves}
    rest = [c for c in g.deck.ids if c not in placed]
    s = rigged(g, hand=rest[:3], moves=moves)
    view = s.view(0)["lands"]
    assert [land["largest"] for land in view] == [i == largest for i in range(len(lands))]
    assert view[largest]["first"] == lands[largest][1]
    assert sum(land["points"] for land in view) == s.scores()[0] == total


@pytest.mark.parametrize(
    ("moves", "lands", "largest", "total"),
    [
        # The 6-card land must take its first number (losing 4) though the other would lose nothing.
        (LARGER_LAND_FIRST, [(6, 4, 8), (2, 0, 0)], 0, 2 * 2 + 4 + 0),
        (LARGER_LAND_SECOND, [(2, 0, 0), (4, 3, 6)], 1, 2 * 2 + 0 + 3),
        # A tie of three 4-card lands (the 2-card land cannot be largest): the last loses least.
        (THREE_TIED_FOR_LARGEST, [(2, 0, 0), (4, 4, 8), (4, 3, 6), (4, 2, 4)], 3, 2 * 4 + 0 + 8 + 6 + 2),
    ],
    ids=["larger-land-first", "larger-land-second", "three-tied"],
)
def test_rw_7_strictly_larger_land_takes_the_first_number_even_if_that_costs_points(
    moves: list[Move], lands: list[tuple[int, int, int]], largest: int, total: int
) -> None:
    """Largest = formed from more cards (RW-6): without a tie there is no choice, even when another
    land would lose less; with a tie of three, the best of the three (RW-7)."""
    g = game()
    b = board(g, moves)
    assert [land[:3] for land in b.lands] == lands
    assert b.score() == total and b.largest() == largest
    sizes, firsts, seconds = ([land[k] for land in lands] for k in range(3))
    assert total_of(sizes, firsts, seconds) == total  # the reference scorer agrees


# -- ranks ------------------------------------------------------------------------------------------------
def test_rw_12_rank_boundaries() -> None:
    """Spec check 12: the rank boundaries 29/30, 34/35, 39/40, 44/45."""
    assert rank_name(0) == rank_name(29) == "Embarrassing Environment"
    assert rank_name(30) == rank_name(34) == "Decent Domicile"
    assert rank_name(35) == rank_name(39) == "Harmonious Habitat"
    assert rank_name(40) == rank_name(44) == "Sublime Sanctuary"
    assert rank_name(45) == rank_name(80) == "Heavenly Haven"
