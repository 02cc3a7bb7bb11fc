"""The rating ladder: bots play duplicate deals in every seating, then a rating fit with intervals.

Each deal (one seed) is played once per seating: every lineup of the bots (every choice of
``players`` of them, when more bots than seats are named) in every rotation of the seats. The
luck of the deal and of the seat is then the same for every bot and cancels out of the
comparison. Games run through :func:`riverbox.lab.tournament.run_many`: every seating on the
same seeds, all in one pool, so the ladder is reproducible for any number of workers.

Ratings are a Plackett-Luce fit of the finishing orders on the Elo scale (Bradley-Terry when
two play); intervals come from resampling whole deals (bootstrap). A solo game (River Wild) has
no opponents: bots are ranked by mean score on the same deals instead.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from riverbox.lab import tournament
from riverbox.lab.ratings import (
    Orders,
    bootstrap,
    expand_ties,
    plackett_luce,
    ranking_from_scores,
    to_elo,
)
from riverbox.lab.stats import mean_sd

BOOTSTRAP_REPS = 400


def seatings(bots: int, players: int) -> list[tuple[int, ...]]:
    """Bot indices per seat: each choice of ``players`` of the bots, in each rotation of the seats."""
    if bots < players:
        raise ValueError(f"{bots} bots named for a {players}-player game; name at least {players}")
    result: list[tuple[int, ...]] = []
    for combo in itertools.combinations(range(bots), players):
        result.extend(combo[r:] + combo[:r] for r in range(players))
    return result


def items_of(bots: Sequence[str]) -> tuple[list[str], list[int]]:
    """The distinct bots (rated items) in order of first mention, and each named bot's item."""
    items: list[str] = []
    for b in bots:
        if b not in items:
            items.append(b)
    return items, [items.index(b) for b in bots]


@dataclass
class Tally:
    """What one or more deals contribute to the ladder's figures (summed over deals)."""

    items: int
    orders: Orders = field(default_factory=dict)
    wins: list[float] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    ahead: dict[tuple[int, int], float] = field(default_factory=dict)
    meetings: dict[tuple[int, int], int] = field(default_factory=dict)
    scores: list[float] = field(default_factory=list)
    seat_wins: dict[tuple[int, int], float] = field(default_factory=dict)
    seat_games: dict[tuple[int, int], int] = field(default_factory=dict)
    """Wins and games per (item, seat): "from either seat" is a claim about these."""

    def __post_init__(self) -> None:
        self.wins = self.wins or [0.0] * self.items
        self.seats = self.seats or [0] * self.items
        self.scores = self.scores or [0.0] * self.items

    def add(self, other: Tally) -> None:
        for order, w in other.orders.items():
            self.orders[order] = self.orders.get(order, 0.0) + w
        for i in range(self.items):
            self.wins[i] += other.wins[i]
            self.seats[i] += other.seats[i]
            self.scores[i] += other.scores[i]
        for key, v in other.ahead.items():
            self.ahead[key] = self.ahead.get(key, 0.0) + v
        for key, n in other.meetings.items():
            self.meetings[key] = self.meetings.get(key, 0) + n
        for key, w in other.seat_wins.items():
            self.seat_wins[key] = self.seat_wins.get(key, 0.0) + w
        for key, n in other.seat_games.items():
            self.seat_games[key] = self.seat_games.get(key, 0) + n


def tally_game(items: int, seat_items: Sequence[int], result: dict[str, Any]) -> Tally:
    """One finished game's contribution: its finishing order, wins, pairwise places and scores."""
    t = Tally(items)
    scores, winners = result["scores"], result["winners"]
    ranking = ranking_from_scores(scores, winners)
    place = {seat: p for p, group in enumerate(ranking) for seat in group}
    t.orders = expand_ties([[seat_items[s] for s in group] for group in ranking])
    for seat, item in enumerate(seat_items):
        t.seats[item] += 1
        t.scores[item] += scores[seat]
        t.seat_games[(item, seat)] = t.seat_games.get((item, seat), 0) + 1
        t.seat_wins.setdefault((item, seat), 0.0)
        if seat in winners:
            t.wins[item] += 1.0 / len(winners)
            t.seat_wins[(item, seat)] += 1.0 / len(winners)
    for a, b in itertools.permutations(range(len(seat_items)), 2):
        ia, ib = seat_items[a], seat_items[b]
        if ia == ib:
            continue
        t.meetings[(ia, ib)] = t.meetings.get((ia, ib), 0) + 1
        credit = 1.0 if place[a] < place[b] else 0.5 if place[a] == place[b] else 0.0
        t.ahead[(ia, ib)] = t.ahead.get((ia, ib), 0.0) + credit
    return t


def figures(
    tallies: Sequence[Tally], anchor: int | None = None, prior: float = 1.0, players: int = 0
) -> list[float]:
    """Ratings, then win shares, then score means, then the pairwise table (row-major), then the
    win share per item and seat (row-major over ``players`` seats; NaN where it never sat), as one list.

    Flat so that :func:`riverbox.lab.ratings.bootstrap` gives every figure an interval at once.
    """
    total = Tally(tallies[0].items)
    for t in tallies:
        total.add(t)
    n = total.items
    solo = not total.meetings
    ratings = [0.0] * n if solo else to_elo(plackett_luce(total.orders, n, prior), anchor)
    shares = [total.wins[i] / total.seats[i] if total.seats[i] else 0.0 for i in range(n)]
    means = [total.scores[i] / total.seats[i] if total.seats[i] else 0.0 for i in range(n)]
    pairs = [
        total.ahead.get((a, b), 0.0) / total.meetings[(a, b)] if total.meetings.get((a, b)) else float("nan")
        for a in range(n)
        for b in range(n)
    ]
    by_seat = [
        total.seat_wins.get((i, seat), 0.0) / total.seat_games[(i, seat)]
        if total.seat_games.get((i, seat))
        else float("nan")
        for i in range(n)
        for seat in range(players)
    ]
    return ratings + shares + means + pairs + by_seat


@dataclass
class LadderResult:
    """The ladder's figures with 95% intervals; ``pairwise[a][b]`` is how often a finished above b."""

    game: str
    players: int
    bots: list[str]
    resolved: list[str]
    deals: int
    games: int
    anchor: str | None
    solo: bool
    rating: list[float]
    rating_ci: list[tuple[float, float]]
    win_share: list[float]
    win_ci: list[tuple[float, float]]
    score_mean: list[float]
    score_ci: list[tuple[float, float]]
    score_sd: list[float]
    pairwise: list[list[float | None]]
    pairwise_ci: list[list[tuple[float, float] | None]]
    seat_share: list[list[float | None]] = field(default_factory=list)
    """``seat_share[i][s]``: bot i's win share from seat s (None if it never sat there)."""
    seat_ci: list[list[tuple[float, float] | None]] = field(default_factory=list)
    seat_games: list[list[int]] = field(default_factory=list)
    """Games bot i played from seat s (the seat figures' sample size)."""
    deal_scores: list[list[float]] = field(default_factory=list)
    """Solo games: each bot's score per deal, in deal order (the meta-game compares them)."""

    def order(self) -> list[int]:
        """Bots from best to worst (by rating, or by mean score in a solo game)."""
        key = self.score_mean if self.solo else self.rating
        return sorted(range(len(self.bots)), key=lambda i: -key[i])

    def _by_seat(self, i: int) -> list[dict[str, Any]]:
        """Bot ``i``'s win share from each seat it sat in (seats numbered from 1)."""
        return [
            {
                "seat": s + 1,
                "games": self.seat_games[i][s],
                "win_share": share,
                "win_share_ci95": list(ci) if (ci := self.seat_ci[i][s]) is not None else None,
            }
            for s, share in enumerate(self.seat_share[i])
            if share is not None
        ]

    def to_json(self) -> dict[str, Any]:
        bots = [
            {
                "bot": self.bots[i],
                "spec": self.resolved[i],
                **(
                    {}
                    if self.solo
                    else {
                        "rating": self.rating[i],
                        "rating_ci95": list(self.rating_ci[i]),
                        "win_share": self.win_share[i],
                        "win_share_ci95": list(self.win_ci[i]),
                    }
                ),
                "score_mean": self.score_mean[i],
                "score_ci95": list(self.score_ci[i]),
                "score_sd": self.score_sd[i],
                **({} if self.solo else {"by_seat": self._by_seat(i)}),
            }
            for i in self.order()
        ]
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "deals": self.deals,
            "games": self.games,
            "scale": "mean score" if self.solo else "Elo (Plackett-Luce)",
            "anchor": None if self.solo else (self.anchor or "mean 0"),
            "bots": bots,
        }
        if not self.solo:
            out["pairwise"] = [
                {
                    "bot": self.bots[a],
                    "opponent": self.bots[b],
                    "finished_above": self.pairwise[a][b],
                    "ci95": list(ci) if (ci := self.pairwise_ci[a][b]) is not None else None,
                }
                for a in range(len(self.bots))
                for b in range(len(self.bots))
                if self.pairwise[a][b] is not None
            ]
        return out


def run_ladder(
    game: str,
    players: int,
    options: dict[str, Any],
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
    anchor: str | None = None,
    resolved: Sequence[str] | None = None,
) -> LadderResult:
    """Play ``deals`` deals in every seating of ``bots`` and fit the ratings (see the module docstring)."""
    items, bot_items = items_of(bots)
    anchor_item = None
    if anchor is not None:
        if anchor not in items:
            raise ValueError(f"the anchor {anchor!r} is not one of the bots: {', '.join(items)}")
        anchor_item = items.index(anchor)
    per_deal = [Tally(len(items)) for _ in range(deals)]
    games = 0
    scores: list[list[float]] = [[] for _ in items]
    lineups = seatings(len(bots), players)
    setups = [
        tournament.Setup(game, players, dict(options), tuple(bots[b] for b in lineup)) for lineup in lineups
    ]
    every = tournament.run_many(setups, deals, seed, workers, progress, ray_address=ray_address)
    for lineup, results in zip(lineups, every, strict=True):
        seat_items = [bot_items[b] for b in lineup]
        for d, result in enumerate(results):
            per_deal[d].add(tally_game(len(items), seat_items, result))
            for seat, item in enumerate(seat_items):
                scores[item].append(result["scores"][seat])
        games += len(results)
    return summarise_ladder(
        game, players, items, list(resolved or items), per_deal, games, scores, anchor_item, seed
    )


def _per_deal(scores: Sequence[float], deals: int) -> list[float]:
    """A solo bot's score per deal: its lineups' results come deal by deal, one lineup after
    another (a bot named twice plays every deal twice), so deal ``d`` is every ``deals``-th."""
    runs = max(1, len(scores) // deals) if deals else 1
    return [sum(scores[d::deals]) / runs for d in range(deals)] if deals else []


def summarise_ladder(
    game: str,
    players: int,
    items: list[str],
    resolved: list[str],
    per_deal: Sequence[Tally],
    games: int,
    scores: Sequence[Sequence[float]],
    anchor: int | None,
    seed: int,
) -> LadderResult:
    """Point figures from all deals and 95% intervals from resampled deals."""
    n = len(items)
    point = figures(per_deal, anchor, players=players)
    cis = bootstrap(per_deal, lambda sample: figures(sample, anchor, players=players), BOOTSTRAP_REPS, seed)
    solo = players == 1
    total = Tally(n)
    for t in per_deal:
        total.add(t)

    def part(k: int) -> slice:
        return slice(k * n, (k + 1) * n)

    pairs, pair_cis = point[3 * n : 3 * n + n * n], cis[3 * n : 3 * n + n * n]
    seat, seat_cis = point[3 * n + n * n :], cis[3 * n + n * n :]
    return LadderResult(
        game=game,
        players=players,
        bots=items,
        resolved=resolved,
        deals=len(per_deal),
        games=games,
        anchor=items[anchor] if anchor is not None else None,
        solo=solo,
        rating=point[part(0)],
        rating_ci=cis[part(0)],
        win_share=point[part(1)],
        win_ci=cis[part(1)],
        score_mean=point[part(2)],
        score_ci=cis[part(2)],
        score_sd=[mean_sd(s)[1] for s in scores],
        pairwise=[
            [None if math.isnan(pairs[a * n + b]) else pairs[a * n + b] for b in range(n)] for a in range(n)
        ],
        pairwise_ci=[
            [None if math.isnan(pairs[a * n + b]) else pair_cis[a * n + b] for b in range(n)]
            for a in range(n)
        ],
        seat_share=[
            [None if math.isnan(v := seat[i * players + s]) else v for s in range(players)] for i in range(n)
        ],
        seat_ci=[
            [None if math.isnan(seat[i * players + s]) else seat_cis[i * players + s] for s in range(players)]
            for i in range(n)
        ],
        seat_games=[[total.seat_games.get((i, s), 0) for s in range(players)] for i in range(n)],
        deal_scores=[_per_deal(s, len(per_deal)) for s in scores] if solo else [],
    )
