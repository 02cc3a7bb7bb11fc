"""Players in the store: who they are (a name, their key's hash) and which seats they took.

Kept apart from :mod:`riverbox.store.db` (the event log's hot path): these reads and writes
happen when a page opens or a seat is taken, never on a move.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from riverbox.store import schema
from riverbox.store.db import Store


@dataclass(frozen=True)
class PlayerRow:
    id: str
    name: str
    created: float
    webhook: str | None = None


@dataclass(frozen=True)
class PlayerSeat:
    """A seat a player took: the table, the seat, and when the table was made."""

    table: str
    seat: int
    created: float


def create_player(store: Store, row: PlayerRow, key_hash: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(
            schema.players.insert().values(
                id=row.id, name=row.name, key_hash=key_hash, created=row.created, webhook=row.webhook
            )
        )


def player_by_key(store: Store, key_hash: str) -> PlayerRow | None:
    """The player whose key has this hash, or None."""
    p = schema.players.c
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(schema.players).where(p.key_hash == key_hash)).first()
    return None if row is None else PlayerRow(row.id, row.name, row.created, row.webhook)


def rename_player(store: Store, player_id: str, name: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(schema.players.update().where(schema.players.c.id == player_id).values(name=name))


def seat_link(store: Store, table_id: str, seat: int, player_id: str) -> tuple[bool, bool]:
    """Make ``seat`` the player's unless it is someone else's already: (it is theirs now, it
    became theirs just now)."""
    s = schema.seats.c
    with store.engine.begin() as conn:
        taken = conn.execute(
            schema.seats.update()
            .where(s.game_id == table_id, s.seat == seat, s.player_id.is_(None))
            .values(player_id=player_id)
        ).rowcount
        owner = conn.execute(
            sa.select(s.player_id).where(s.game_id == table_id, s.seat == seat)
        ).scalar_one_or_none()
    return owner == player_id, owner == player_id and bool(taken)


def name_seat(store: Store, table_id: str, seat: int, name: str, only_unnamed: bool = False) -> bool:
    """Give a seat its player's name (``only_unnamed``: only if it has none); True if it changed."""
    s = schema.seats.c
    where = [s.game_id == table_id, s.seat == seat]
    if only_unnamed:
        where.append(s.name.is_(None))
    with store.engine.begin() as conn:
        done = conn.execute(schema.seats.update().where(*where).values(name=name))
    return bool(done.rowcount)


def seat_of_player(store: Store, table_id: str, key_hash: str) -> int | None:
    """The (lowest) seat at ``table_id`` of the player whose key has this hash, or None."""
    s, p = schema.seats.c, schema.players.c
    with store.engine.connect() as conn:
        seat = conn.execute(
            sa.select(sa.func.min(s.seat))
            .select_from(schema.seats.join(schema.players, s.player_id == p.id))
            .where(s.game_id == table_id, p.key_hash == key_hash)
        ).scalar()
    return None if seat is None else int(seat)


def player_seats(store: Store, player_id: str, limit: int = 200) -> list[PlayerSeat]:
    """The seats a player took, newest table first."""
    s, g = schema.seats.c, schema.games.c
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(s.game_id, s.seat, g.created)
            .select_from(schema.seats.join(schema.games, s.game_id == g.id))
            .where(s.player_id == player_id)
            .order_by(g.created.desc(), s.seat)
            .limit(limit)
        ).all()
    return [PlayerSeat(r.game_id, int(r.seat), float(r.created)) for r in rows]
