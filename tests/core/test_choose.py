"""choose_best: the heuristic bots' one loop for "score each action, keep the best, break ties"."""

from __future__ import annotations

import pytest

from riverbox.core.choose import choose_best
from riverbox.core.rng import Rng


def test_the_highest_score_wins_and_each_action_is_scored_once_in_order() -> None:
    seen: list[str] = []

    def score(action: str) -> float:
        seen.append(action)
        return {"a": 1.0, "b": 3.0, "c": 2.0}[action]

    assert choose_best(["a", "b", "c"], score) == "b"
    assert seen == ["a", "b", "c"]


def test_without_a_generator_the_first_of_the_ties_wins() -> None:
    assert choose_best(["a", "b", "c"], lambda a: 0 if a == "a" else 5) == "b"


def test_a_generator_picks_among_exact_ties_only_and_is_seeded() -> None:
    actions = list(range(10))
    picks = {choose_best(actions, lambda a: a % 3 == 0, Rng(seed)) for seed in range(60)}
    assert picks == {0, 3, 6, 9}  # every tie can be picked, nothing else is
    same = {choose_best(actions, lambda a: a % 3 == 0, Rng(7)) for _ in range(5)}
    assert len(same) == 1


def test_a_single_best_action_draws_nothing_unless_asked() -> None:
    rng = Rng(4)
    assert choose_best([1, 2, 3], float, rng) == 3
    assert rng.state == Rng(4).state
    assert choose_best([1, 2, 3], float, rng, draw_for_one=True) == 3
    assert rng.state != Rng(4).state  # one draw, as a bot written that way always made


def test_tolerance_makes_near_equal_scores_ties() -> None:
    scores = {"a": 1.0, "b": 1.0 + 1e-12, "c": 0.5}
    assert choose_best(list(scores), scores.__getitem__) == "b"
    near = {choose_best(list(scores), scores.__getitem__, Rng(s), tolerance=1e-9) for s in range(40)}
    assert near == {"a", "b"}


def test_tuple_scores_compare_in_order() -> None:
    scores = {"a": (2, 0), "b": (2, 1), "c": (1, 9)}
    assert choose_best(list(scores), scores.__getitem__, Rng(1)) == "b"


def test_no_actions_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one action"):
        choose_best([], float)
