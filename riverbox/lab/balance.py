"""Balance reports: seat advantage, and how each card, equipment, animal or board goes with winning.

Games are played by one bot spec in every seat (``strong`` by default, so the figures describe
good play), each finished game reporting what every seat had through
``Game.balance_features``. A feature's *effect* is the difference in outcome between the seats
that had it and the seats that did not: the win share (a shared win counts 1/k) in games with
opponents, the score in every game (the only outcome in solo River Wild). Intervals are the
normal approximation of a difference of two means (Welch), which needs a few seats on each
side; features seen fewer than ``MIN_SEATS`` times on either side get no interval. A feature
that every seat shares (a River Trek board) has no effect on winning by construction; its score
effect says how it moves scores.

The effects are associations under the bots' play, not causes: a card that strong play uses
when already ahead looks good. They are where a designer looks first, not a verdict.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from riverbox.lab import tournament
from riverbox.lab.stats import mean_sd

MIN_SEATS = 5
Z95 = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Effect:
    """One feature's outcomes with and without it; ``None`` intervals where there are too few seats."""

    feature: str
    seats_with: int
    seats_without: int
    win_with: float
    win_without: float
    win_ci: tuple[float, float] | None
    score_with: float
    score_without: float
    score_ci: tuple[float, float] | None
    shared: bool = False
    """Every seat of a game has it or none does (a board): it cannot change who wins."""

    @property
    def win_effect(self) -> float:
        return self.win_with - self.win_without

    @property
    def score_effect(self) -> float:
        return self.score_with - self.score_without

    def to_json(self, solo: bool) -> dict[str, Any]:
        out: dict[str, Any] = {
            "feature": self.feature,
            "seats_with": self.seats_with,
            "seats_without": self.seats_without,
            "shared": self.shared,
        }
        if not solo and not self.shared:
            out |= {
                "win_with": self.win_with,
                "win_without": self.win_without,
                "win_effect": self.win_effect,
                "win_effect_ci95": list(self.win_ci) if self.win_ci else None,
            }
        return out | {
            "score_with": self.score_with,
            "score_without": self.score_without,
            "score_effect": self.score_effect,
            "score_effect_ci95": list(self.score_ci) if self.score_ci else None,
        }


def difference_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float] | None:
    """95% interval of mean(a) - mean(b) (Welch's normal approximation); ``None`` for too few values."""
    if len(a) < MIN_SEATS or len(b) < MIN_SEATS:
        return None
    (ma, sa), (mb, sb) = mean_sd(a), mean_sd(b)
    half = Z95 * math.sqrt(sa * sa / len(a) + sb * sb / len(b))
    return (ma - mb - half, ma - mb + half)


def seat_outcomes(result: dict[str, Any]) -> list[tuple[float, float]]:
    """(win share, score) of every seat of one finished game."""
    winners = result["winners"]
    return [
        (1.0 / len(winners) if seat in winners else 0.0, float(score))
        for seat, score in enumerate(result["scores"])
    ]


def feature_effects(results: Sequence[dict[str, Any]]) -> list[Effect]:
    """Every feature's effect over all seats of all games, strongest association with winning first."""
    rows: list[tuple[set[str], float, float]] = []
    partial: set[str] = set()
    for result in results:
        sets = [set(f) for f in result["features"]]
        partial |= set.union(*sets) - set.intersection(*sets)
        for feats, (win, score) in zip(sets, seat_outcomes(result), strict=True):
            rows.append((feats, win, score))
    names = sorted({f for feats, _, _ in rows for f in feats})
    effects = []
    for name in names:
        has = [(w, s) for feats, w, s in rows if name in feats]
        lacks = [(w, s) for feats, w, s in rows if name not in feats]
        effects.append(
            Effect(
                feature=name,
                seats_with=len(has),
                seats_without=len(lacks),
                win_with=mean_sd([w for w, _ in has])[0],
                win_without=mean_sd([w for w, _ in lacks])[0],
                win_ci=difference_interval([w for w, _ in has], [w for w, _ in lacks]),
                score_with=mean_sd([s for _, s in has])[0],
                score_without=mean_sd([s for _, s in lacks])[0],
                score_ci=difference_interval([s for _, s in has], [s for _, s in lacks]),
                shared=len(results[0]["features"]) > 1 and name not in partial,
            )
        )
    return sorted(effects, key=lambda e: (e.shared, -e.win_effect, -e.score_effect, e.feature))


@dataclass
class BalanceReport:
    """Seat advantage (the tournament summary) and the feature effects of one run."""

    game: str
    players: int
    bots: list[str]
    seed: int
    summary: tournament.Summary
    effects: list[Effect]

    @property
    def solo(self) -> bool:
        return self.players == 1

    def to_json(self) -> dict[str, Any]:
        seats = self.summary.to_json()["seats"]
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "games": self.summary.games,
            "seed": self.seed,
            "seats": seats,
            "features": [e.to_json(self.solo) for e in self.effects],
        }


def run_balance(
    game: str,
    players: int,
    options: dict[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
) -> BalanceReport:
    """Play ``games`` games with ``bots`` (one spec per seat) recording features, and report."""
    setup = tournament.Setup(game, players, dict(options), tuple(bots), features=True)
    results = tournament.run(setup, games, seed, workers, progress, ray_address=ray_address)
    return BalanceReport(
        game=game,
        players=players,
        bots=list(bots),
        seed=seed,
        summary=tournament.summarise(bots, results),
        effects=feature_effects(results),
    )
