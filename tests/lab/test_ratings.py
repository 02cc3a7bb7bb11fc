"""Rating fits against known values: Bradley-Terry, Plackett-Luce, ties, Elo scale, bootstrap."""

from __future__ import annotations

import math
import random

import pytest

from riverbox.lab.ratings import (
    ELO,
    bootstrap,
    bradley_terry,
    elo_win_chance,
    expand_ties,
    plackett_luce,
    ranking_from_scores,
    to_elo,
)


def test_bradley_terry_recovers_strengths_from_a_consistent_win_matrix() -> None:
    # 60 games per pair, each won exactly as often as strengths 4 : 2 : 1 predict.
    wins = [[0, 40, 48], [20, 0, 40], [12, 20, 0]]
    logs = bradley_terry(wins)
    assert [math.exp(v - logs[2]) for v in logs] == pytest.approx([4, 2, 1], rel=1e-6)
    assert sum(logs) == pytest.approx(0, abs=1e-9)


def test_two_player_fit_is_the_win_ratio_on_the_elo_scale() -> None:
    elo = to_elo(bradley_terry([[0, 30], [10, 0]]))
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(3))
    assert elo_win_chance(elo[0] - elo[1]) == pytest.approx(0.75)


def test_bradley_terry_solves_the_score_equations_of_an_irregular_matrix() -> None:
    wins = [[0, 7, 3, 9], [5, 0, 6, 2], [8, 4, 0, 5], [1, 6, 4, 0]]
    g = [math.exp(v) for v in bradley_terry(wins)]
    for i in range(4):
        expected = sum((wins[i][j] + wins[j][i]) * g[i] / (g[i] + g[j]) for j in range(4) if j != i)
        assert sum(wins[i]) == pytest.approx(expected, rel=1e-6)


def _sample_order(strengths: list[float], rng: random.Random) -> tuple[int, ...]:
    left, order = list(range(len(strengths))), []
    while left:
        pick = rng.choices(left, weights=[math.exp(strengths[i]) for i in left])[0]
        order.append(pick)
        left.remove(pick)
    return tuple(order)


def test_plackett_luce_recovers_known_strengths_from_synthetic_orders() -> None:
    true = [0.0, 0.5, 1.0, 1.5]
    rng = random.Random(4)
    orders: dict[tuple[int, ...], float] = {}
    for _ in range(3000):
        o = _sample_order(true, rng)
        orders[o] = orders.get(o, 0) + 1
    fit = plackett_luce(orders, 4, prior=0)
    assert [v - fit[0] for v in fit] == pytest.approx(true, abs=0.12)


def test_a_tie_counts_half_to_each() -> None:
    assert expand_ties([[0], [1, 2], [3]]) == {(0, 1, 2, 3): 0.5, (0, 2, 1, 3): 0.5}
    assert sum(expand_ties([[0, 1, 2]], 2.0).values()) == pytest.approx(2.0)
    # a beats b 3 times and they tie twice: the same as 4 wins to 1
    orders = dict(expand_ties([[0, 1]], 2.0))
    orders[(0, 1)] += 3.0
    merged: dict[tuple[int, ...], float] = {(0, 1): 4.0, (1, 0): 1.0}
    assert plackett_luce(orders, 2, prior=0) == pytest.approx(plackett_luce(merged, 2, prior=0))


def test_prior_keeps_a_clean_sweep_finite() -> None:
    sweep = {(0, 1): 10.0}
    elo = to_elo(plackett_luce(sweep, 2, prior=1.0))
    # 10.5 wins to 0.5: the odds of the posterior-mode fit
    assert elo[0] - elo[1] == pytest.approx(ELO * math.log(10.5 / 0.5), rel=1e-6)
    with pytest.raises(ValueError, match="never placed above"):
        plackett_luce(sweep, 2, prior=0)


def test_anchor_puts_that_item_at_zero() -> None:
    assert to_elo([0.5, -0.5], anchor=1) == pytest.approx([ELO, 0.0])
    assert to_elo([0.5, -0.5]) == pytest.approx([ELO / 2, -ELO / 2])


def test_ranking_puts_winners_first_even_on_tied_scores() -> None:
    assert ranking_from_scores([5, 5, 2, 2], [1]) == [[1], [0], [2, 3]]
    assert ranking_from_scores([3, 3, 1], [0, 1]) == [[0, 1], [2]]


def test_bootstrap_intervals_cover_the_mean_and_shrink_with_data() -> None:
    rng = random.Random(1)
    small = [rng.gauss(10, 2) for _ in range(20)]
    large = small * 10

    def mean(xs: object) -> list[float]:
        values = list(xs)  # type: ignore[call-overload]
        return [sum(values) / len(values)]

    ((lo, hi),) = bootstrap(small, mean, reps=300, seed=3)
    assert lo < sum(small) / 20 < hi
    assert bootstrap(small, mean, reps=300, seed=3) == [(lo, hi)]
    ((lo2, hi2),) = bootstrap(large, mean, reps=300, seed=3)
    assert hi2 - lo2 < (hi - lo) / 2
    with pytest.raises(ValueError):
        bootstrap([], mean)
