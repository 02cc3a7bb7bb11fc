"""Goals: "each type" means each type shown (RW-8), "any three" counts any animals (RW-9), completions
are disjoint sets (spec check 7), and each goal of a land scores on its own (rulebook scoring notes).
Runestones as wildcards: test_runestones.py.
"""

from __future__ import annotations

from riverbox.games.river_wild.content import Goal
from riverbox.games.river_wild.scoring import goal_completions, land_goal_points


def test_rulebook_scoring_notes() -> None:
    """Rulebook scoring notes: goals score individually, a printed animal helps every goal, a
    runestone adds one animal (RW-10)."""
    # A land with 1 Frog, 1 Unicorn and 1 adjacent runestone, scored as the largest (first numbers).
    frog = Goal("per_icon", (1, 0, 0, 0), 1, 1, 2)
    frog_unicorn = Goal("each_type", (1, 0, 1, 0), 2, 2, 4)
    animals = (1, 0, 1, 0)
    assert land_goal_points(animals, (frog,), 1)[0] == 2  # 1 for the frog + 1 for the runestone
    assert land_goal_points(animals, (frog_unicorn,), 0)[0] == 2
    # Goals are scored individually; an animal helps every goal (printed animals).
    assert land_goal_points(animals, (frog, frog_unicorn), 0) == (1 + 2, 2 + 4)


def test_rw_8_each_type_means_each_type_shown() -> None:
    """RW-8: an "each type" goal needs one of each type it shows, not all four."""
    frog_unicorn = Goal("each_type", (1, 0, 1, 0), 2, 2, 4)
    assert goal_completions(frog_unicorn, (1, 0, 1, 0)) == 1  # no jackalope or dragon needed
    assert goal_completions(frog_unicorn, (3, 0, 1, 0)) == 1  # disjoint sets: one unicorn, one set
    assert goal_completions(frog_unicorn, (3, 5, 2, 9)) == 2


def test_rw_9_any_three() -> None:
    """RW-9: "three of any type(s)" completes once per three animals of the land."""
    any3 = Goal("any", (0, 0, 0, 0), 3, 1, 3)
    assert goal_completions(any3, (1, 1, 0, 0)) == 0
    assert goal_completions(any3, (1, 1, 1, 0)) == 1
    assert goal_completions(any3, (2, 2, 2, 1)) == 2
    assert goal_completions(any3, (2, 0, 0, 0), wild=1) == 1


def test_check_7_goal_completions_are_disjoint_sets() -> None:
    """RW-8, spec check 7: an animal counts in one completion of a goal, never two."""
    fff = Goal("per_icon", (3, 0, 0, 0), 3, 3, 6)
    everyone = Goal("each_type", (1, 1, 1, 1), 4, 4, 8)
    assert goal_completions(fff, (8, 0, 0, 0)) == 2
    assert goal_completions(fff, (2, 0, 0, 0), wild=1) == 1
    assert goal_completions(everyone, (2, 2, 2, 1)) == 1
    assert goal_completions(everyone, (2, 2, 2, 1), wild=1) == 2
    assert goal_completions(everyone, (0, 0, 0, 0), wild=3) == 0
