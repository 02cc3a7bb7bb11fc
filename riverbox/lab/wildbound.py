"""River Wild bots against the perfect-information bound, deal by deal (``riverbox bound``).

Each bot plays the same deals (seeds from ``--seed``, as ``simulate`` and ``ladder`` deal them);
for each deal :func:`riverbox.games.river_wild.bound.pi_bound` gives an upper bound on any play
of it (exact where the search finishes) and the best line it found with the deck known. A bot's
*gap* is the bound less its score on the same deal, so the deal's luck cancels out. The lab
reaches the bound through the game's ``perfect_information_bound`` hook (the lab never imports
a game).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from riverbox.lab import tournament
from riverbox.lab.stats import mean_sd
from riverbox.registry import load

GAME = "river-wild"

NODES = 20_000
"""Positions the bound's search may expand per deal by default (a few seconds a deal)."""


@dataclass
class DealBound:
    """One deal: its seed, the bound (upper), the best line found (lower), whether they meet,
    and each bot's score."""

    seed: int
    upper: int
    lower: int
    exact: bool
    scores: list[float]

    @property
    def best_known(self) -> float:
        """The best play of the deal seen: the search's line or a bot's game, whichever scored
        more (the deal's perfect-information value lies between this and ``upper``)."""
        return max([float(self.lower), *self.scores])


@dataclass
class BoundReport:
    bots: list[str]
    nodes: int
    deals: list[DealBound]

    def mean_ci(self, values: Sequence[float]) -> tuple[float, float, float]:
        """Mean and a 95% normal interval of the mean (the deals are independent)."""
        m, sd = mean_sd(values)
        half = 1.96 * sd / math.sqrt(len(values)) if len(values) > 1 else 0.0
        return m, m - half, m + half

    def summary(self) -> list[dict[str, Any]]:
        """Per bot: mean score, mean gap to the bound and below the best play seen, with 95% intervals."""
        out = []
        for i, bot in enumerate(self.bots):
            scores = [d.scores[i] for d in self.deals]
            gaps = [d.upper - d.scores[i] for d in self.deals]
            below_best = [d.best_known - d.scores[i] for d in self.deals]
            m, lo, hi = self.mean_ci(scores)
            g, glo, ghi = self.mean_ci(gaps)
            b, blo, bhi = self.mean_ci(below_best)
            out.append(
                {
                    "bot": bot,
                    "score_mean": m,
                    "score_ci95": [lo, hi],
                    "gap_to_bound": g,
                    "gap_ci95": [glo, ghi],
                    "below_best_known": b,
                    "below_best_known_ci95": [blo, bhi],
                    "above_bound": sum(1 for d in self.deals if d.scores[i] > d.upper),
                }
            )
        return out

    def to_json(self) -> dict[str, Any]:
        upper = self.mean_ci([d.upper for d in self.deals])
        lower = self.mean_ci([d.lower for d in self.deals])
        known = self.mean_ci([d.best_known for d in self.deals])
        return {
            "game": GAME,
            "nodes": self.nodes,
            "bound_mean": upper[0],
            "bound_ci95": list(upper[1:]),
            "best_line_mean": lower[0],
            "best_line_ci95": list(lower[1:]),
            "best_known_mean": known[0],
            "best_known_ci95": list(known[1:]),
            "exact_deals": sum(d.exact for d in self.deals),
            "bots": self.summary(),
            "deals": [
                {
                    "seed": d.seed,
                    "bound": d.upper,
                    "best_line": d.lower,
                    "best_known": d.best_known,
                    "exact": d.exact,
                    "scores": dict(zip(self.bots, d.scores, strict=True)),
                }
                for d in self.deals
            ],
        }


def run_bound(
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    nodes: int = NODES,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> BoundReport:
    """Play every bot on ``deals`` deals and bound each deal (see the module docstring)."""
    opts = dict(options or {})
    setups = [tournament.Setup(GAME, 1, dict(opts), (bot,)) for bot in bots]
    results = tournament.run_many(setups, deals, seed, workers, progress)
    game = load(GAME, 1, **opts)
    bound = game.perfect_information_bound  # type: ignore[attr-defined]  # River Wild's own hook
    rows: list[DealBound] = []
    for d in range(deals):
        deal_seed = results[0][d]["seed"]
        upper, lower, exact = bound(game.new_state(deal_seed), nodes)
        rows.append(
            DealBound(
                deal_seed,
                upper,
                lower,
                exact,
                [float(results[b][d]["scores"][0]) for b in range(len(bots))],
            )
        )
        if progress is not None:
            progress(1)
    return BoundReport(list(bots), nodes, rows)
