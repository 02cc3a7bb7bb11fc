"""Caps on the tables one client keeps open (issue 26 item 4).

Rate limits bound how fast tables are made; these bound how many are alive at once. A client
(its address, and its player when the cookie names one) may keep ``open_tables`` unfinished
tables, and ``bot_tables`` of those may be all-bot tables (no human or open seat: nobody
watches them end, and each one keeps a bot worker busy). ``bot_tables`` 0 refuses all-bot
tables outright. A refusal is a 429 naming the cap, and creates nothing.

The count comes from the database, not from the process's memory: each table records who
opened it (``games.opener_address`` and ``opener_player``, kept only while it is unfinished),
and a new table is checked by counting that client's unfinished tables, in the transaction
that inserts it. So every ``riverbox serve`` process sharing a database counts the same
tables, a restart forgets nothing, and a table that ends (finished, resigned, abandoned by the
expiry) frees its place in the same commit that ends it, with nothing to keep in step.

Why the database and not Redis, when a server has Redis: the database already knows which
tables are unfinished, and the insert that the cap guards is a database write. Counting there
is one indexed query per new table (tables are made a few times a second at most, not per
move), works alike on SQLite and PostgreSQL with or without Redis, and leaves no second copy
of the truth to drift (a Redis set would have to learn of every table that ends, from every
process, and be rebuilt after Redis loses it). On PostgreSQL the check takes a transaction
advisory lock per key first, so two processes creating for one client at once take turns and
the cap holds exactly; on SQLite (one process) the store makes such creations take turns.
"""

from __future__ import annotations

import functools
import zlib
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from riverbox.server.table import Refused, server_text
from riverbox.store import schema
from riverbox.store.db import UNFINISHED, Opener, Store

OPEN_TABLES = 50
"""Unfinished tables one address or player may keep (``riverbox serve --open-tables``)."""
BOT_TABLES = 3
"""Unfinished all-bot tables one address or player may keep (``--bot-tables``; 0: none at all)."""

CAPS_LOCK = 0x72627870  # "rbxp": the first key of the caps' two-key advisory locks
"""PostgreSQL advisory locks of the caps are (CAPS_LOCK, hash of the client's key)."""


@dataclass(frozen=True)
class Caps:
    open_tables: int = OPEN_TABLES
    bot_tables: int = BOT_TABLES


@dataclass(frozen=True)
class Count:
    """A client's unfinished tables, and how many of them have only bots."""

    tables: int
    bots_only: int


def opener_of(keys: list[str]) -> tuple[str | None, str | None]:
    """(address, player) of a client's keys (``ip:…``, ``player:…``, see :func:`limits.keys_of`)."""
    address = next((k.removeprefix("ip:") for k in keys if k.startswith("ip:")), None)
    player = next((k.removeprefix("player:") for k in keys if k.startswith("player:")), None)
    return (None if address is None else address[:64]), player


def count(conn: Connection, column: sa.Column[str | None], value: str) -> Count:
    """The unfinished tables whose opener ``column`` is ``value`` (one indexed query)."""
    g, s = schema.games.c, schema.seats.c
    people = sa.exists().where(s.game_id == g.id, s.kind != "bot")
    row = conn.execute(
        sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(sa.case((~people, 1), else_=0)), 0)).where(
            column == value, g.status.in_(UNFINISHED)
        )
    ).one()
    return Count(int(row[0]), int(row[1]))


@dataclass
class Openings:
    """The check of a new table against the caps, counted in the shared database."""

    store: Store
    caps: Caps = Caps()

    def opener(self, keys: list[str], all_bots: bool) -> Opener:
        """Who opens a table for ``keys``, with the check the store runs as it inserts it.

        An all-bot table on a server that hosts none is refused at once (no count needed).
        """
        if all_bots and self.caps.bot_tables == 0:
            raise Refused(429, server_text("this server does not host tables of bots only"), "seats")
        address, player = opener_of(keys)
        return Opener(
            address, player, functools.partial(self._check, address=address, player=player, all_bots=all_bots)
        )

    def check(self, keys: list[str], all_bots: bool) -> None:
        """Refuse (429) a new table for ``keys`` if any of them is at a cap (outside a creation)."""
        opener = self.opener(keys, all_bots)
        with self.store.engine.begin() as conn:
            self._check(conn, address=opener.address, player=opener.player, all_bots=all_bots)

    def _check(self, conn: Connection, address: str | None, player: str | None, all_bots: bool) -> None:
        g = schema.games.c
        held = [(c, v) for c, v in ((g.opener_address, address), (g.opener_player, player)) if v is not None]
        if self.store.is_postgres:  # other processes' creations for these keys wait for this commit
            for name in sorted(f"{c.name}:{v}" for c, v in held):  # one order: no deadlock
                conn.execute(
                    sa.text("SELECT pg_advisory_xact_lock(:a, :b)"),
                    {"a": CAPS_LOCK, "b": _int32(zlib.crc32(name.encode()))},
                )
        for column, value in held:
            self._refuse(count(conn, column, value), all_bots)

    def _refuse(self, found: Count, all_bots: bool) -> None:
        if found.tables >= self.caps.open_tables:
            raise Refused(
                429,
                server_text(
                    "you have {count} unfinished tables, the most this server allows; "
                    "finish or resign one first",
                    count=found.tables,
                ),
            )
        if all_bots and found.bots_only >= self.caps.bot_tables:
            raise Refused(
                429,
                server_text(
                    "you have {count} unfinished tables of bots only, the most this server allows",
                    count=found.bots_only,
                ),
                "seats",
            )


def _int32(n: int) -> int:
    """An unsigned 32-bit hash as PostgreSQL's signed ``int`` (the advisory lock's key)."""
    return n - (1 << 32) if n >= 1 << 31 else n
