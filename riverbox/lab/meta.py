"""Population evaluation of a ladder: the bots' pairwise meta-game, its α-Rank and Nash equilibrium.

Elo says which bot wins most, averaged over the field it met. A meta-game asks a different
question (Balduzzi et al. 2018, "Re-evaluating evaluation"; Omidshafiei et al. 2019,
"α-Rank"): if a player could pick any of these bots, which would they pick, and which bots are
never worth picking? The ladder's games give the empirical payoff matrix of a symmetric
two-player zero-sum game, ``payoff[a][b] = P(a above b) - P(b above a)`` (ties count half to
each; with more seats, from the games the two shared). Then:

* **α-Rank** (OpenSpiel's ``open_spiel.python.egt.alpharank``, single population): the
  stationary distribution of an evolutionary process where a population of bots switches to a
  bot that does better against it; mass goes to the bots that survive, the rest get about none.
* **Nash equilibrium** of the matrix game, by a small linear program (scipy's ``linprog``;
  scipy comes with OpenSpiel): a mix of bots no single bot beats on average. Each
  bot's payoff against that mix is its *Nash average* (0 for the bots in the equilibrium's
  support, less for the others).
* **Dominated bots**: a bot is dominated by another that does at least as well against every
  bot in the population and better against one (comparing rows of the payoff matrix, itself
  included); a bot outside the equilibrium's support is never a best choice against it.

In a solo game (River Wild) the bots meet on the same deals: ``a`` is "above" ``b`` on a deal
when it scored more there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ALPHA = 100.0
"""α-Rank's selection intensity (its default; payoffs here lie in -1..1)."""

POPULATION = 50
"""α-Rank's finite population size (its default)."""

SUPPORT = 1e-6
"""Nash mass below this counts as outside the equilibrium's support."""


class MetaUnavailable(RuntimeError):
    """OpenSpiel (for α-Rank) or scipy (for the Nash LP) is not installed."""


def payoff_matrix(above: Sequence[Sequence[float | None]]) -> list[list[float]]:
    """The zero-sum payoff matrix from "how often a finished above b" (None where a and b never
    met: counted as even, 0). ``payoff[a][b] = above[a][b] - above[b][a]``; the diagonal is 0."""
    n = len(above)
    out = [[0.0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            if a != b and above[a][b] is not None and above[b][a] is not None:
                out[a][b] = float(above[a][b]) - float(above[b][a])  # type: ignore[arg-type]
    return out


def solo_above(deal_scores: Sequence[Sequence[float]]) -> list[list[float | None]]:
    """For a solo game, how often bot a scored more than bot b on the same deal (ties half)."""
    n = len(deal_scores)
    out: list[list[float | None]] = [[None] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            pairs = list(zip(deal_scores[a], deal_scores[b], strict=True))
            if pairs:
                out[a][b] = sum(1.0 if x > y else 0.5 if x == y else 0.0 for x, y in pairs) / len(pairs)
    return out


def alpha_rank(payoff: Sequence[Sequence[float]], alpha: float = ALPHA) -> list[float]:
    """α-Rank's stationary distribution over the bots (single population, OpenSpiel's egt)."""
    try:
        import numpy as np
        from open_spiel.python.egt import alpharank
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MetaUnavailable(
            "α-Rank needs OpenSpiel: pip install open_spiel (or the riverbox 'openspiel' extra)"
        ) from exc
    table = np.asarray(payoff, dtype=float)
    with np.errstate(over="ignore"):  # exp overflows harmlessly for strong selection (a 0 fixation)
        _, _, pi, _, _ = alpharank.compute([table], m=POPULATION, alpha=alpha)
    return [float(p) for p in pi]


def nash(payoff: Sequence[Sequence[float]]) -> tuple[list[float], float]:
    """A Nash equilibrium mix of the symmetric zero-sum matrix game and its value (0 for an
    antisymmetric matrix): maximise v subject to (payoff^T x)_b >= v for every b, x a mix."""
    try:
        from scipy.optimize import linprog
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MetaUnavailable("the Nash equilibrium needs scipy: pip install scipy") from exc
    n = len(payoff)
    # variables x_0..x_{n-1}, v; minimise -v
    cost = [0.0] * n + [-1.0]
    upper = [[-payoff[a][b] for a in range(n)] + [1.0] for b in range(n)]  # v - sum_a x_a M[a][b] <= 0
    found = linprog(
        cost,
        A_ub=upper,
        b_ub=[0.0] * n,
        A_eq=[[1.0] * n + [0.0]],
        b_eq=[1.0],
        bounds=[(0.0, None)] * n + [(None, None)],
        method="highs",
    )
    if not found.success:  # pragma: no cover - a finite matrix game always has an equilibrium
        raise RuntimeError(f"the Nash LP failed: {found.message}")
    mix = [max(0.0, float(x)) for x in found.x[:n]]
    total = sum(mix)
    return [x / total for x in mix], float(found.x[n])


def dominated_by(payoff: Sequence[Sequence[float]]) -> list[list[int]]:
    """Per bot, the bots that dominate it: at least as good against every bot, better against one."""
    n = len(payoff)
    out: list[list[int]] = [[] for _ in range(n)]
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            diffs = [payoff[b][c] - payoff[a][c] for c in range(n)]
            if all(d >= -1e-12 for d in diffs) and any(d > 1e-12 for d in diffs):
                out[a].append(b)
    return out


@dataclass
class MetaGame:
    """The meta-game figures, one entry per bot in the ladder's order of items."""

    bots: list[str]
    payoff: list[list[float]]
    alpha_rank: list[float]
    nash: list[float]
    value: float
    nash_average: list[float]
    dominated_by: list[list[int]]

    def to_json(self) -> dict[str, Any]:
        return {
            "payoff": "P(row above column) - P(column above row), on the ladder's games",
            "alpha": ALPHA,
            "population": POPULATION,
            "value": self.value,
            "bots": [
                {
                    "bot": bot,
                    "alpha_rank": self.alpha_rank[i],
                    "nash": self.nash[i],
                    "nash_average": self.nash_average[i],
                    "in_nash_support": self.nash[i] > SUPPORT,
                    "dominated_by": [self.bots[j] for j in self.dominated_by[i]],
                }
                for i, bot in enumerate(self.bots)
            ],
            "matrix": self.payoff,
        }


def meta_of(result: Any) -> MetaGame:
    """The meta-game of a :class:`riverbox.lab.ladder.LadderResult` (solo: from its deal scores)."""
    above = solo_above(result.deal_scores) if result.solo else result.pairwise
    return meta_game(result.bots, above)


def meta_game(bots: Sequence[str], above: Sequence[Sequence[float | None]]) -> MetaGame:
    """α-Rank, a Nash equilibrium and dominance of the meta-game "pick a bot" (module docstring).
    Raises :class:`MetaUnavailable` with an install hint when OpenSpiel or scipy is missing."""
    if len(bots) < 2:
        raise ValueError("a meta-game needs at least two distinct bots")
    payoff = payoff_matrix(above)
    ranks = alpha_rank(payoff)
    mix, value = nash(payoff)
    n = len(bots)
    average = [sum(payoff[a][b] * mix[b] for b in range(n)) for a in range(n)]
    return MetaGame(
        list(bots),
        payoff,
        ranks,
        mix,
        0.0 if math.isclose(value, 0.0, abs_tol=1e-9) else value,
        average,
        dominated_by(payoff),
    )
