"""Play again: a finished table makes one new table with the same people and bots, seats rotated.

The first seat to ask makes it (a new deal: a new seed); the old table announces it as a
``rematch`` event, so every page of the old table hears of it over its socket. Each person who
accepts is carried to their seat: a seat's player (the cookie) is linked to the new seat from
the start; someone without a player gets a fresh token for it when they accept.
"""

from __future__ import annotations

import secrets
import time

import sqlalchemy as sa

from riverbox.server.players import Player, Players, take_seat
from riverbox.server.service import Tables, new_token, token_hash
from riverbox.server.table import Refused, Table, server_text
from riverbox.store import schema
from riverbox.store.db import SeatRow, Store, TableRow


def rotated(seat: int, players: int) -> int:
    """Where old ``seat`` sits at the rematch: every seat moves one place, so another seat starts."""
    return (seat - 1) % players


def make_rematch(store: Store, table: Table, seats: list[SeatRow]) -> str:
    """A new table like ``table`` (game, options, clock, bots, names, players), seats rotated."""
    n = table.game.players
    owners = _owners(store, table.row.id)
    table_id = secrets.token_urlsafe(9)
    new_seats: list[tuple[int, SeatRow]] = []
    for old in seats:
        open_seat = old.kind == "open" and not old.claimed
        kind = "open" if open_seat else ("bot" if old.kind == "bot" else "human")
        new_seats.append(
            (
                rotated(old.seat, n),
                SeatRow(rotated(old.seat, n), kind, old.name, old.bot if kind == "bot" else None, False),
            )
        )
    new_seats.sort(key=lambda pair: pair[0])
    status = "open" if any(s.kind == "open" for _, s in new_seats) else "running"
    row = TableRow(
        table_id,
        table.row.game,
        table.row.options,
        secrets.randbelow(2**31),
        status,
        dict(table.row.table_options),
        time.time(),
    )
    store.create_table(row, [(s, None) for _, s in new_seats])
    with store.engine.begin() as conn:
        for old_seat, player_id in owners.items():
            conn.execute(
                schema.seats.update()
                .where(schema.seats.c.game_id == table_id, schema.seats.c.seat == rotated(old_seat, n))
                .values(player_id=player_id)
            )
    return table_id


def accept(
    tables: Tables, players: Players, old_id: str, token: str | None, player: Player | None
) -> tuple[str, int, str | None]:
    """Carry the caller (``token``: seat token or player key) to the rematch: (table, seat, token).

    The token is a fresh one for the new seat if nobody holds it yet, else None (the seat's
    player cookie opens it, or the person accepted before in another tab).
    """
    seat = tables.seat_of(old_id, token)
    if seat is None:
        raise Refused(403, server_text("only the players of this table can play it again"))
    new_id = tables.rematch(old_id, seat, lambda table, seats: make_rematch(tables.store, table, seats))
    with tables.locked(new_id) as table:
        new_seat = rotated(seat, table.game.players)
    fresh = new_token()
    s = schema.seats.c
    with tables.store.engine.begin() as conn:
        done = conn.execute(
            schema.seats.update()
            .where(s.game_id == new_id, s.seat == new_seat, s.kind == "human", s.token_hash.is_(None))
            .values(token_hash=token_hash(fresh))
        )
    take_seat(tables, players, new_id, new_seat, player)
    tables.seats_changed(new_id)
    return new_id, new_seat, fresh if done.rowcount else None


def _owners(store: Store, table_id: str) -> dict[int, str]:
    """The players of a table's seats (seat -> player id)."""
    s = schema.seats.c
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(s.seat, s.player_id).where(s.game_id == table_id, s.player_id.is_not(None))
        )
        return {int(r.seat): str(r.player_id) for r in rows}
