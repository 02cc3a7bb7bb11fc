"""Rating fits for the ladder: Plackett-Luce on finishing orders (Bradley-Terry for two), Elo scale.

Pure functions over small data. A game's result is a *ranking*: groups of items (bot
indices) from first place to last, a group holding the seats that tied. The Plackett-Luce
model gives each item a strength ``g``; the chance of an order is the product, over places,
of the chosen item's strength divided by the strength of all items still unplaced. With two
items per game it is the Bradley-Terry model. The fit is Hunter's MM algorithm (Hunter 2004,
"MM algorithms for generalized Bradley-Terry models"), which needs no numeric library and
converges monotonically.

Ties: a tied group stands for every order of its members with equal weight, so two bots that
tie count as half a win each. An item may fill several seats of one game (a bot against
three copies of another): the model then simply has that item's strength in several places.

A small prior (``prior`` virtual drawn games between every pair) keeps ratings finite when a
bot never wins or never loses, as happens in short runs and bootstrap resamples.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import TypeVar

Ranking = Sequence[Sequence[int]]
"""Tied groups of item indices, best place first."""

Orders = dict[tuple[int, ...], float]
"""Strict finishing orders with (possibly fractional) weights."""

ELO = 400.0 / math.log(10.0)
"""Elo points per unit of log-strength: 400 points = 10x the odds."""

T = TypeVar("T")


def expand_ties(ranking: Ranking, weight: float = 1.0) -> Orders:
    """The strict orders a ranking stands for, each tied group's orders sharing ``weight`` evenly."""
    groups = [list(g) for g in ranking if len(g)]
    perms = [list(itertools.permutations(g)) for g in groups]
    share = weight / math.prod(len(p) for p in perms)
    orders: Orders = defaultdict(float)
    for combo in itertools.product(*perms):
        orders[tuple(i for part in combo for i in part)] += share
    return orders


def ranking_from_scores(scores: Sequence[float], winners: Sequence[int]) -> list[list[int]]:
    """Seats in finishing order: the winners (after the game's tiebreakers), then by score, ties grouped."""
    rest = sorted((s for s in range(len(scores)) if s not in winners), key=lambda s: -scores[s])
    groups: list[list[int]] = [sorted(winners)] if winners else []
    for _, seats in itertools.groupby(rest, key=lambda s: scores[s]):
        groups.append(list(seats))
    return groups


def plackett_luce(orders: Orders, items: int, prior: float = 1.0, tol: float = 1e-10) -> list[float]:
    """Log-strengths (mean 0) of ``items`` items fitted to weighted strict orders.

    ``prior`` adds that many virtual drawn games between every pair of items.
    """
    data: Orders = defaultdict(float, orders)
    if prior > 0:
        for i, j in itertools.combinations(range(items), 2):
            data[(i, j)] += prior / 2
            data[(j, i)] += prior / 2
    wins = [0.0] * items
    for order, w in data.items():
        for i in order[:-1]:
            wins[i] += w
    if any(v <= 0 for v in wins):
        lost = [i for i, v in enumerate(wins) if v <= 0]
        raise ValueError(f"items {lost} never placed above another; use a prior > 0")
    gamma = [1.0] * items
    for _ in range(100_000):
        denom = [0.0] * items
        for order, w in data.items():
            tail = 0.0
            tails = []
            for i in reversed(order):
                tail += gamma[i]
                tails.append(tail)
            tails.reverse()
            # At place r the chosen item is order[r] out of order[r:]; every item in there gets
            # w / (their total strength) added to its denominator.
            acc = 0.0
            for r, i in enumerate(order):
                if r < len(order) - 1:
                    acc += w / tails[r]
                denom[i] += acc
        new = [wins[i] / denom[i] for i in range(items)]
        shift = sum(math.log(g) for g in new) / items
        new = [g / math.exp(shift) for g in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < tol:
            break
    return [math.log(g) for g in gamma]


def bradley_terry(wins: Sequence[Sequence[float]], prior: float = 0.0) -> list[float]:
    """Log-strengths (mean 0) from a win matrix: ``wins[i][j]`` is how often i beat j (ties as halves)."""
    orders: Orders = defaultdict(float)
    for i, row in enumerate(wins):
        for j, w in enumerate(row):
            if i != j and w:
                orders[(i, j)] += w
    return plackett_luce(orders, len(wins), prior)


def to_elo(log_strengths: Sequence[float], anchor: int | None = None) -> list[float]:
    """Elo-scale ratings: mean 0, or ``anchor``'s rating 0 when an anchor item is given."""
    ratings = [ELO * v for v in log_strengths]
    zero = ratings[anchor] if anchor is not None else sum(ratings) / len(ratings)
    return [r - zero for r in ratings]


def elo_win_chance(diff: float) -> float:
    """The chance to finish above an opponent rated ``diff`` points lower (two-player Elo)."""
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def bootstrap(
    units: Sequence[T],
    statistic: Callable[[Sequence[T]], Sequence[float]],
    reps: int = 500,
    seed: int = 0,
    level: float = 0.95,
) -> list[tuple[float, float]]:
    """Percentile intervals of each value of ``statistic`` over resamples of ``units`` with replacement.

    Resampling whole units (the ladder's deals, each with all its seatings) keeps what the
    duplicate design cancelled cancelled in every resample.
    """
    if not units:
        raise ValueError("bootstrap of no data")
    rng = random.Random(seed)
    draws = [statistic([units[rng.randrange(len(units))] for _ in units]) for _ in range(reps)]
    lo_q, hi_q = (1 - level) / 2, 1 - (1 - level) / 2
    result = []
    for k in range(len(draws[0])):
        column = sorted(d[k] for d in draws)
        result.append((_quantile(column, lo_q), _quantile(column, hi_q)))
    return result


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile of sorted values."""
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)
