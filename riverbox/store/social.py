"""Store functions for the social tables (migration ``0004_social``): chat lines and ratings.

Kept apart from :mod:`riverbox.store.db` (the event store's hot path): these are plain reads
and one-transaction writes on the same :class:`~riverbox.store.db.Store` engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from riverbox.store import schema
from riverbox.store.db import Store


@dataclass(frozen=True)
class ChatRow:
    """One chat entry: a line (``say``) or the host's ``mute``/``unmute`` of the spectators."""

    id: int
    seq: int
    kind: str
    seat: int | None
    name: str
    text: str | None
    at: float


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game (openskill's mu and sigma) and the games it counts."""

    player_id: str
    game: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class RatingChange:
    """What one rated table did to one player's rating."""

    table_id: str
    player_id: str
    game: str
    seat: int
    place: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: float


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill shown and ranked by: mu - 3 sigma (openskill's ordinal)."""
    return mu - 3.0 * sigma


# -- chat -----------------------------------------------------------------------------------
def add_chat(
    store: Store, table_id: str, seq: int, kind: str, seat: int | None, name: str, text: str | None, at: float
) -> ChatRow:
    """Append one chat entry and return it with its id (ids order a table's chat)."""
    with store.engine.begin() as conn:
        result = conn.execute(
            schema.chat.insert().values(
                game_id=table_id, seq=seq, kind=kind, seat=seat, name=name, text=text, at=at
            )
        )
        key = result.inserted_primary_key
        assert key is not None
        return ChatRow(int(key[0]), seq, kind, seat, name, text, at)


def chat(store: Store, table_id: str, after: int = 0, limit: int = 500) -> list[ChatRow]:
    """A table's chat entries with ``id > after``, oldest first (at most ``limit``)."""
    c = schema.chat.c
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(schema.chat).where(c.game_id == table_id, c.id > after).order_by(c.id).limit(limit)
        ).all()
    return [ChatRow(r.id, r.seq, r.kind, r.seat, r.name, r.text, r.at) for r in rows]


def spectators_muted(store: Store, table_id: str) -> bool:
    """Whether the host's last word on the spectators was ``mute``."""
    c = schema.chat.c
    with store.engine.connect() as conn:
        kind = conn.execute(
            sa.select(c.kind)
            .where(c.game_id == table_id, c.kind.in_(("mute", "unmute")))
            .order_by(c.id.desc())
            .limit(1)
        ).scalar()
    return kind == "mute"


# -- ratings --------------------------------------------------------------------------------
def ratings(store: Store, game: str, players: Sequence[str]) -> dict[str, Rating]:
    """The stored ratings of ``players`` in ``game`` (a player never rated is absent)."""
    r = schema.ratings.c
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(schema.ratings).where(r.game == game, r.player_id.in_(list(players)))
        ).all()
    return {row.player_id: Rating(row.player_id, game, row.mu, row.sigma, row.games) for row in rows}


def record_rated_table(store: Store, changes: Sequence[RatingChange]) -> bool:
    """Write one rated table's changes and the new ratings in one transaction.

    False (and nothing written) when the table was rated already: the history's key
    (table, player) is unique, so a second attempt, by this process or another, fails whole.
    """
    if not changes:
        return False
    try:
        with store.engine.begin() as conn:
            conn.execute(
                schema.rating_changes.insert(),
                [
                    {
                        "game_id": ch.table_id,
                        "player_id": ch.player_id,
                        "game": ch.game,
                        "seat": ch.seat,
                        "place": ch.place,
                        "mu_before": ch.mu_before,
                        "sigma_before": ch.sigma_before,
                        "mu_after": ch.mu_after,
                        "sigma_after": ch.sigma_after,
                        "at": ch.at,
                    }
                    for ch in changes
                ],
            )
            r = schema.ratings.c
            for ch in changes:
                values = {
                    "mu": ch.mu_after,
                    "sigma": ch.sigma_after,
                    "ordinal": ordinal(ch.mu_after, ch.sigma_after),
                    "updated": ch.at,
                }
                done = conn.execute(
                    schema.ratings.update()
                    .where(r.player_id == ch.player_id, r.game == ch.game)
                    .values(games=r.games + 1, **values)
                )
                if done.rowcount == 0:
                    conn.execute(
                        schema.ratings.insert().values(
                            player_id=ch.player_id, game=ch.game, games=1, **values
                        )
                    )
    except sa.exc.IntegrityError:
        return False
    return True


def leaderboard(store: Store, game: str, limit: int = 100) -> list[Rating]:
    """The best rated players of ``game``, by ordinal (mu - 3 sigma), best first."""
    r = schema.ratings.c
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(schema.ratings)
            .where(r.game == game)
            .order_by(r.ordinal.desc(), r.player_id)
            .limit(limit)
        ).all()
    return [Rating(row.player_id, game, row.mu, row.sigma, row.games) for row in rows]


def player_ratings(store: Store, player_id: str) -> list[Rating]:
    """A player's rating in every game they played rated, by game name."""
    r = schema.ratings.c
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(schema.ratings).where(r.player_id == player_id).order_by(r.game)).all()
    return [Rating(row.player_id, row.game, row.mu, row.sigma, row.games) for row in rows]


def player_history(store: Store, player_id: str, limit: int = 100) -> list[RatingChange]:
    """A player's rated tables, newest first."""
    c = schema.rating_changes.c
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(schema.rating_changes)
            .where(c.player_id == player_id)
            .order_by(c.at.desc())
            .limit(limit)
        ).all()
    return [
        RatingChange(
            row.game_id,
            row.player_id,
            row.game,
            row.seat,
            row.place,
            row.mu_before,
            row.sigma_before,
            row.mu_after,
            row.sigma_after,
            row.at,
        )
        for row in rows
    ]
