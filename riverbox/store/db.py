"""The event store: create tables, append events race-free, read them back.

Every write is one transaction. ``append`` inserts event ``seq`` of a table; the primary key
(game_id, seq) makes a second writer of the same seq fail, which surfaces as :class:`Stale`,
so two server processes can never both append. A caller acknowledges a move only after
``append`` returned, that is after the commit. On PostgreSQL the same transaction sends a
NOTIFY carrying only the table id and seq; PostgreSQL delivers it after the commit.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from riverbox.store import schema

MIGRATIONS = Path(__file__).with_name("migrations")


class Stale(Exception):
    """Another writer appended this seq first."""


@dataclass(frozen=True)
class TableRow:
    """A table's fixed set-up and current status."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    table_options: dict[str, Any]
    created: float


@dataclass(frozen=True)
class SeatRow:
    """One seat: who sits there (``kind`` human/open/bot), its name and bot, never its token."""

    seat: int
    kind: str
    name: str | None
    bot: str | None
    claimed: bool


@dataclass(frozen=True)
class EventRow:
    """One entry of a table's append-only log."""

    seq: int
    kind: str
    seat: int | None
    action: str | None
    at: float


def default_url(home: Path) -> str:
    """The zero-setup database: an SQLite file in the riverbox data directory."""
    home.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{home / 'riverbox.db'}"


def normalise_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs and use psycopg 3 for them."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


_E = schema.events.c
_S = schema.seats.c
_EVENTS = (
    sa.select(_E.seq, _E.kind, _E.seat, _E.action, _E.at)
    .where(_E.game_id == sa.bindparam("t"), _E.seq >= sa.bindparam("after"))
    .order_by(_E.seq)
)
_SEAT_OF = sa.select(_S.seat).where(_S.game_id == sa.bindparam("t"), _S.token_hash == sa.bindparam("h"))
"""The hot reads (every request catches up with the log), built once rather than per call."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Store:
    """One database (SQLite or PostgreSQL) holding every table's record."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.engine: Engine = sa.create_engine(self.url, future=True, pool_pre_ping=True)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.channel = "riverbox"

    # -- schema ---------------------------------------------------------------------------
    def upgrade(self) -> None:
        """Create or upgrade the schema with the shipped Alembic migrations."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        if self.is_postgres:
            with self.engine.connect() as conn:
                current = conn.execute(sa.text("SELECT current_schema()")).scalar_one()
            self.channel = "riverbox_" + re.sub(r"[^a-z0-9_]", "_", str(current).lower())

    def close(self) -> None:
        self.engine.dispose()

    # -- writes ---------------------------------------------------------------------------
    def create_table(self, table: TableRow, seats: list[tuple[SeatRow, str | None]]) -> None:
        """Insert a table and its seats (each with its token hash, or None) in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(
                schema.games.insert().values(
                    id=table.id,
                    game=table.game,
                    options=table.options,
                    seed=table.seed,
                    status=table.status,
                    table_options=table.table_options,
                    created=table.created,
                )
            )
            conn.execute(
                schema.seats.insert(),
                [
                    {
                        "game_id": table.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "bot": s.bot,
                        "token_hash": token_hash,
                    }
                    for s, token_hash in seats
                ],
            )

    def append(
        self,
        table_id: str,
        seq: int,
        kind: str,
        seat: int | None,
        action: str | None,
        status: str | None = None,
        seat_bot: tuple[int, str] | None = None,
    ) -> float:
        """Append event ``seq`` (0-based) and commit; :class:`Stale` if that seq is taken.

        ``status`` and ``seat_bot`` (a seat handed to a bot) change in the same transaction.
        Returns the event's time.
        """
        at = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    schema.events.insert().values(
                        game_id=table_id, seq=seq, kind=kind, seat=seat, action=action, at=at
                    )
                )
                if status is not None:
                    conn.execute(
                        schema.games.update().where(schema.games.c.id == table_id).values(status=status)
                    )
                if seat_bot is not None:
                    conn.execute(
                        schema.seats.update()
                        .where(schema.seats.c.game_id == table_id, schema.seats.c.seat == seat_bot[0])
                        .values(bot=seat_bot[1])
                    )
                self._notify(conn, table_id, seq + 1)
        except sa.exc.IntegrityError:
            raise Stale(f"event {seq} of table {table_id} was already written") from None
        return at

    def claim(
        self, table_id: str, seat: int | None, name: str, token_hash: str, seq: int
    ) -> tuple[int, float] | None:
        """Give a free open seat (the lowest one if ``seat`` is None) to ``name``, logged as event ``seq``.

        Returns the seat and the event's time, or None if no such seat is free; :class:`Stale`
        (nothing changed) if event ``seq`` is taken.
        """
        at = time.time()
        try:
            with self.engine.begin() as conn:
                got = self._claim(conn, table_id, seat, name, token_hash)
                if got is not None:
                    conn.execute(
                        schema.events.insert().values(
                            game_id=table_id, seq=seq, kind="join", seat=got, action=None, at=at
                        )
                    )
                    self._notify(conn, table_id, seq + 1)
                return None if got is None else (got, at)
        except sa.exc.IntegrityError:
            raise Stale(f"event {seq} of table {table_id} was already written") from None

    def _claim(self, conn: Connection, table_id: str, seat: int | None, name: str, token_hash: str) -> int | None:
        """The seat claimed inside ``conn``'s transaction, or None; the table runs once none is open."""
        s = schema.seats.c
        free = conn.execute(
            sa.select(s.seat)
            .where(s.game_id == table_id, s.kind == "open", s.token_hash.is_(None))
            .order_by(s.seat)
        ).scalars()
        candidates = [x for x in free if seat is None or x == seat]
        for chosen in candidates:
            done = conn.execute(
                schema.seats.update()
                .where(s.game_id == table_id, s.seat == chosen, s.kind == "open", s.token_hash.is_(None))
                .values(token_hash=token_hash, name=name)
            )
            if done.rowcount == 1:
                left = conn.execute(
                    sa.select(sa.func.count())
                    .select_from(schema.seats)
                    .where(s.game_id == table_id, s.kind == "open", s.token_hash.is_(None))
                ).scalar_one()
                if left == 0:
                    conn.execute(
                        schema.games.update()
                        .where(schema.games.c.id == table_id, schema.games.c.status == "open")
                        .values(status="running")
                    )
                return int(chosen)
        return None

    def _notify(self, conn: Connection, table_id: str, seq: int) -> None:
        if self.is_postgres:
            conn.execute(
                sa.text("SELECT pg_notify(:ch, :msg)"), {"ch": self.channel, "msg": f"{table_id} {seq}"}
            )

    # -- reads ----------------------------------------------------------------------------
    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(schema.games).where(schema.games.c.id == table_id)).first()
        return None if row is None else _table_row(row)

    def tables(self, statuses: tuple[str, ...], limit: int = 100) -> list[TableRow]:
        """The newest tables with one of ``statuses`` (the lobby's list)."""
        g = schema.games.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(schema.games).where(g.status.in_(statuses)).order_by(g.created.desc()).limit(limit)
            ).all()
        return [_table_row(r) for r in rows]

    def seats(self, table_id: str) -> list[SeatRow]:
        s = schema.seats.c
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(schema.seats).where(s.game_id == table_id).order_by(s.seat)).all()
        return [SeatRow(r.seat, r.kind, r.name, r.bot, r.token_hash is not None) for r in rows]

    def seat_of(self, table_id: str, token_hash: str) -> int | None:
        """The seat whose token has this hash, or None."""
        with self.engine.connect() as conn:
            seat = conn.execute(_SEAT_OF, {"t": table_id, "h": token_hash}).scalar()
        return None if seat is None else int(seat)

    def events(self, table_id: str, after: int = 0) -> list[EventRow]:
        """Events with ``seq >= after``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(_EVENTS, {"t": table_id, "after": after}).all()
        return [EventRow(r.seq, r.kind, r.seat, r.action, r.at) for r in rows]


def _table_row(row: Any) -> TableRow:
    return TableRow(
        row.id, row.game, dict(row.options), int(row.seed), row.status, dict(row.table_options), row.created
    )
