"""Caps on the tables one client keeps open (issue 26 item 4).

Rate limits bound how fast tables are made; these bound how many are alive at once. A client
(its address, and its player when the cookie names one) may keep ``open_tables`` unfinished
tables, and ``bot_tables`` of those may be all-bot tables (no human or open seat: nobody
watches them end, and each one keeps a bot worker busy). ``bot_tables`` 0 refuses all-bot
tables outright. A refusal is a 429 naming the cap, and creates nothing.

The count is this process's own (tables made since it started, looked up in the store to drop
those that have ended): a restart forgets it, and several server processes each count theirs.
That is enough for the abuse it guards against (one client making thousands of tables), and
needs no table of its own in the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from threading import Lock

import sqlalchemy as sa

from riverbox.server.table import Refused, server_text
from riverbox.store import schema
from riverbox.store.db import Store

OPEN_TABLES = 50
"""Unfinished tables one address or player may keep (``riverbox serve --open-tables``)."""
BOT_TABLES = 3
"""Unfinished all-bot tables one address or player may keep (``--bot-tables``; 0: none at all)."""

KEYS = 100_000
"""Clients remembered at most."""


@dataclass(frozen=True)
class Caps:
    open_tables: int = OPEN_TABLES
    bot_tables: int = BOT_TABLES


@dataclass
class Openings:
    """The unfinished tables each key (``ip:…``, ``player:…``) made, and the check against the caps."""

    store: Store
    caps: Caps = field(default_factory=Caps)
    _made: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)
    _lock: Lock = field(default_factory=Lock)

    def check(self, keys: list[str], all_bots: bool) -> None:
        """Refuse (429) a new table for ``keys`` if any of them is at a cap."""
        if all_bots and self.caps.bot_tables == 0:
            raise Refused(429, server_text("this server does not host tables of bots only"), "seats")
        for key in keys:
            made = self._alive(key)
            if len(made) >= self.caps.open_tables:
                raise Refused(
                    429,
                    server_text(
                        "you have {count} unfinished tables, the most this server allows; "
                        "finish or resign one first",
                        count=len(made),
                    ),
                )
            bots = sum(1 for _, only_bots in made if only_bots)
            if all_bots and bots >= self.caps.bot_tables:
                raise Refused(
                    429,
                    server_text(
                        "you have {count} unfinished tables of bots only, the most this server allows",
                        count=bots,
                    ),
                    "seats",
                )

    def add(self, keys: list[str], table_id: str, all_bots: bool) -> None:
        """Count a table just made for each of ``keys``."""
        with self._lock:
            for key in keys:
                self._made.setdefault(key, []).append((table_id, all_bots))
            while len(self._made) > KEYS:  # a bound on memory: the oldest clients are forgotten
                del self._made[next(iter(self._made))]

    def _alive(self, key: str) -> list[tuple[str, bool]]:
        """``key``'s tables that have not ended (the ended ones are forgotten)."""
        with self._lock:
            made = list(self._made.get(key, ()))
        if not made:
            return []
        g = schema.games.c
        with self.store.engine.connect() as conn:
            going = {
                row.id
                for row in conn.execute(
                    sa.select(g.id).where(g.id.in_([t for t, _ in made]), g.status.in_(("open", "running")))
                )
            }
        with self._lock:
            alive = [m for m in self._made.get(key, ()) if m[0] in going]
            if alive:
                self._made[key] = alive
            else:
                self._made.pop(key, None)
        return alive
