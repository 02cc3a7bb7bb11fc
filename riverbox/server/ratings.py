"""Players' ratings: openskill (Plackett-Luce) per player and game, updated when a rated table ends.

Only human seats with a player are rated; bots never are (they have fixed reference ratings per
level, from each game's measured levels in ``riverbox/bots/levels.json``, shown on the leaderboard).
A table is rated if its creator said so (table option ``rated``), else when it has two or more
human seats. Places come from the finished table's ``results`` when the summary has them, else
from the final scores; a resigned or zombie seat is placed last either way: giving up is a loss,
whatever a stand-in bot scored for the seat afterwards.

Everything but :class:`RatingKeeper` is a pure function, tested on its own.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import sqlalchemy as sa
from starlette.concurrency import run_in_threadpool

from riverbox.bots.levels import level_info
from riverbox.lab.ratings import elo_win_chance
from riverbox.server.service import Tables, is_rated
from riverbox.server.table import Refused
from riverbox.store import schema, social
from riverbox.store.db import Store
from riverbox.store.social import Rating, RatingChange, ordinal

log = logging.getLogger("riverbox.server")

START_MU = 25.0
START_SIGMA = 25.0 / 3.0
"""openskill's defaults: a new player's rating (ordinal 0)."""

REFERENCE_SIGMA = 2.0
"""The uncertainty given to every level's reference rating (a few dozen measured games each)."""

OPENSKILL_BETA = START_SIGMA / 2.0
"""openskill's performance spread (its default beta): sets how many mu points an Elo step is."""


@dataclass(frozen=True)
class Placed:
    """One rated seat at a finished table: its player and place (1 is first; ties share a place)."""

    seat: int
    player_id: str
    place: int


def elo_to_mu(elo_steps: float) -> float:
    """openskill mu points for a difference on the Elo scale, at equal chances to win.

    Elo gives the stronger of two a chance of 1 / (1 + 10^(-d/400)); openskill predicts
    Phi(dmu / c) for two players of sigma :data:`REFERENCE_SIGMA`, c = sqrt(2 beta^2 + 2 sigma^2)
    (its ``predict_win``). Equating the two chances converts one scale to the other.
    """
    c = math.sqrt(2 * OPENSKILL_BETA**2 + 2 * REFERENCE_SIGMA**2)
    return c * NormalDist().inv_cdf(elo_win_chance(elo_steps))


@functools.cache
def reference_ratings(game: str) -> dict[str, tuple[float, float]]:
    """A game's bot levels as fixed openskill (mu, sigma), from their measured ratings.

    The levels were measured against each other (``riverbox.bots.levels``), not against people,
    so one point must be placed by assumption: ``medium`` sits at a new player's mu. Each other
    level is its measured Elo distance from ``medium``, converted (:func:`elo_to_mu`). A level
    not yet measured is left out.
    """
    levels = level_info(game)
    middle = levels.get("medium")
    if middle is None or middle.rating is None:
        return {}
    return {
        name: (START_MU + elo_to_mu(level.rating - middle.rating), REFERENCE_SIGMA)
        for name, level in levels.items()
        if level.rating is not None
    }


def places(summary: Mapping[str, Any]) -> dict[int, int]:
    """Seat -> place of a finished table: its ``results`` when present, else by final scores;
    either way a seat whose player resigned or became a zombie finishes last.

    Giving up is a loss whatever the stand-in bot scored for the seat afterwards, even where
    the summary's ``results`` placed it by score. The others keep their order (1 + the number
    of players who stayed and placed, or scored, better).
    """
    results = summary.get("results") or []
    gave_up = {int(s["seat"]) for s in summary.get("seats") or [] if s.get("resigned") or s.get("zombie")}
    gave_up |= {int(r["seat"]) for r in results if r.get("resigned") or r.get("zombie")}
    if results:
        rank = {int(r["seat"]): float(r["place"]) for r in results}
    else:  # better scores first: a rank is the negated score
        scores = summary.get("scores") or summary.get("returns") or []
        rank = {seat: -float(score) for seat, score in enumerate(scores)}
    staying = [seat for seat in rank if seat not in gave_up]
    out = {seat: 1 + sum(rank[other] < rank[seat] for other in staying) for seat in staying}
    out.update({seat: len(staying) + 1 for seat in rank if seat in gave_up})
    return out


def rated_seats(seat_places: Mapping[int, int], seat_players: Mapping[int, str]) -> list[Placed]:
    """The seats that count: those with a player (people, never bots), one seat per player.

    A player in two seats (passing one device) rates nothing: nobody gains by beating themself.
    """
    ids = [seat_players[s] for s in seat_places if s in seat_players]
    if len(set(ids)) != len(ids):
        return []
    return [Placed(s, seat_players[s], p) for s, p in sorted(seat_places.items()) if s in seat_players]


def rate(
    table_id: str, game: str, placed: Sequence[Placed], before: Mapping[str, Rating], now: float
) -> list[RatingChange]:
    """Each rated player's rating after this table (empty when fewer than two players count)."""
    if len(placed) < 2:
        return []
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA)
    old = [before.get(p.player_id) for p in placed]
    teams = [
        [model.rating(mu=START_MU if r is None else r.mu, sigma=START_SIGMA if r is None else r.sigma)]
        for r in old
    ]
    after = model.rate(teams, ranks=[float(p.place) for p in placed])
    return [
        RatingChange(
            table_id,
            p.player_id,
            game,
            p.seat,
            p.place,
            START_MU if r is None else r.mu,
            START_SIGMA if r is None else r.sigma,
            float(new[0].mu),
            float(new[0].sigma),
            now,
        )
        for p, r, new in zip(placed, old, after, strict=True)
    ]


def shown(mu: float, sigma: float) -> int:
    """The number a person sees: the conservative ordinal, rounded."""
    return round(ordinal(mu, sigma))


# -- the store side (site-core's names: seats.player_id, players.name) ----------------------
def seat_players(store: Store, table_id: str) -> dict[int, str]:
    """Seat -> player id of a table's seats that have one (``seats.player_id``, site-core's column)."""
    column = schema.seats.c.get("player_id")
    if column is None:  # a schema without players: nobody is rated
        return {}
    s = schema.seats.c
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(s.seat, column).where(s.game_id == table_id, column.is_not(None))).all()
    return {int(r[0]): str(r[1]) for r in rows}


def player_names(store: Store, ids: Sequence[str]) -> dict[str, str]:
    """Player id -> name (site-core's ``players`` table); empty without one."""
    players = schema.metadata.tables.get("players")
    if players is None or not ids:
        return {}
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(players.c.id, players.c.name).where(players.c.id.in_(list(ids)))).all()
    return {str(r[0]): str(r[1]) for r in rows}


def rate_table(tables: Tables, table_id: str) -> list[RatingChange]:
    """Rate a finished table once (nothing if unfinished, unrated, already rated); its changes."""
    summary = tables.summary(table_id)
    if summary.get("status") != "over":
        return []
    with tables.locked(table_id) as table:
        options = dict(table.row.table_options)
        if "scores" not in summary:
            summary = {**summary, "scores": table.state.scores()}
    if not is_rated(options, [s["kind"] for s in summary["seats"]]):
        return []
    placed = rated_seats(places(summary), seat_players(tables.store, table_id))
    if len(placed) < 2:
        return []
    game = str(summary["game"])
    before = social.ratings(tables.store, game, [p.player_id for p in placed])
    changes = rate(table_id, game, placed, before, time.time())
    return changes if social.record_rated_table(tables.store, changes) else []


class RatingKeeper:
    """Rates each table once it ends: told of every table change on the loop, works in a thread."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._done: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def changed(self, table_id: str) -> None:
        """A table changed (called on the loop): if it may have ended, rate it in a thread."""
        if table_id in self._done:
            return
        with self.tables.at_once(table_id) as held:
            if held is not None and not held[0].state.is_over:
                return  # the usual case, decided without a thread
        task = asyncio.get_running_loop().create_task(self._rate(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rate(self, table_id: str) -> None:
        try:
            summary = await run_in_threadpool(self.tables.summary, table_id)
            if summary.get("status") != "over":
                return
            self._done.add(table_id)
            await run_in_threadpool(rate_table, self.tables, table_id)
        except Refused:
            return
        except Exception as exc:  # a rating must never break a table
            log.warning("table %s not rated: %s", table_id, type(exc).__name__)
