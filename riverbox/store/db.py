"""The event store: create tables, append events race-free, read them back.

``append`` inserts event ``seq`` of a table; the primary key (game_id, seq) makes a second
writer of the same seq fail, which surfaces as :class:`Stale`, so two server processes can
never both append. A caller acknowledges a move only after ``append`` returned, that is after
the commit. On PostgreSQL the same transaction sends a NOTIFY carrying only the table id and
seq; PostgreSQL delivers it after the commit.

Group commit: appends are handed to one writer thread, which writes every append waiting at
that moment in one transaction and commits once, so moves of many tables arriving together
share one fsync (SQLite's FULL commit costs milliseconds). Each append still waits for its own
commit; an append that lost its seq fails alone (``ON CONFLICT DO NOTHING``), the rest commit.
"""

from __future__ import annotations

import fcntl
import logging
import os
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from riverbox.core.rng import KEYED, SPLITMIX
from riverbox.store import schema

MIGRATIONS = Path(__file__).with_name("migrations")
log = logging.getLogger("riverbox.store")

SCHEMA_LOCK = 0x7269766572626F78  # "riverbox" in ASCII, as a 64-bit key
"""The PostgreSQL advisory lock held while the schema is created or migrated (see :meth:`Store.upgrade`)."""

_NOTICES = "riverbox.notices"
Notice = tuple[str, int]
"""(table, seq) of a committed change; seq -1 says only that the seats' presence changed."""


class Stale(Exception):
    """Another writer appended this seq first."""


class _Append:
    """One append waiting for the writer thread: its row, and then its outcome."""

    __slots__ = ("done", "error", "queued", "row", "seat_bot", "status", "then")

    def __init__(
        self,
        row: dict[str, Any],
        status: str | None,
        seat_bot: tuple[int, str] | None,
        then: Callable[[Pending], None] | None = None,
    ) -> None:
        self.row = row
        self.then = then
        self.status = status
        self.seat_bot = seat_bot
        self.done = threading.Event()
        self.error: Exception | None = None
        self.queued = time.perf_counter()


Pending = _Append
"""An append handed to the writer thread (see :meth:`Store.submit`): ``error`` tells its outcome."""

GROUP_LIMIT = 256
"""Most appends one commit carries (a bound on how long the first of them waits)."""

CHECKPOINT_SECONDS = 1.0
"""How often SQLite's write-ahead log is copied into the database file, off the commit path."""


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
    secret: str | None = None
    """The keyed generator's 256-bit seed in hex (``seed`` is then unused); None: SplitMix64 from ``seed``."""

    @property
    def deal(self) -> tuple[int, str]:
        """(seed, generator) that deal this table's chance outcomes (a secret until the game is over)."""
        return (self.seed, SPLITMIX) if self.secret is None else (int(self.secret, 16), KEYED)


@dataclass(frozen=True)
class SeatRow:
    """One seat: who sits there (``kind`` human/open/bot), its name and bot, never its token."""

    seat: int
    kind: str
    name: str | None
    bot: str | None
    claimed: bool


@dataclass(frozen=True)
class NewEvent:
    """An event to append: event ``seq`` (0-based) of ``table``, and what changes with it.

    ``status`` (the table's new status) and ``seat_bot`` (a seat handed to a bot) are written
    in the same transaction as the event.
    """

    table: str
    seq: int
    kind: str
    seat: int | None
    action: str | None
    status: str | None = None
    seat_bot: tuple[int, str] | None = None


@dataclass(frozen=True)
class Opener:
    """Who opens a new table (its address, its player; either may be None), and what must hold first.

    ``check`` runs inside the transaction that inserts the table, before the insert (while no
    other table of the same opener can be inserted: see :meth:`Store.create_table`); it raises
    to refuse, and then nothing is written.
    """

    address: str | None
    player: str | None
    check: Callable[[Connection], None] | None = None


UNFINISHED = ("open", "running")
"""The statuses of a table still being played (any other one has ended)."""


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


SYNC_ENV = "RIVERBOX_SQLITE_SYNC"
"""``full`` makes every SQLite commit wait for the disk (fsync); unset or ``normal``, it does not."""


def sqlite_synchronous() -> str:
    """SQLite's ``synchronous`` for the server's database: NORMAL unless ``RIVERBOX_SQLITE_SYNC=full``.

    In WAL mode NORMAL writes every commit to the log before the move is acknowledged and
    syncs the log only at checkpoints: a killed or crashed server process loses nothing (the
    operating system holds the written log), only a power cut or a kernel crash can lose the
    last commits, never the database's consistency. FULL also waits for an fsync at every
    commit, about 6 ms on a plain disk, and that wait was the largest share of a move's
    latency on SQLite (issue 26 item 8, see docs/benchmarks.md).
    """
    return "FULL" if os.environ.get(SYNC_ENV, "").strip().lower() == "full" else "NORMAL"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute(f"PRAGMA synchronous={sqlite_synchronous()}")
    # no checkpoint inside a commit: the Store's checkpoint thread does them (see Store._checkpoints)
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Store:
    """One database (SQLite or PostgreSQL) holding every table's record."""

    def __init__(self, url: str, timing: Callable[[str, float], None] | None = None) -> None:
        self.url = normalise_url(url)
        self.timing = timing
        """Called with (stage, seconds) for the commit path's stages (the server's timings)."""
        sqlite = self.url.startswith("sqlite")
        self.engine: Engine = sa.create_engine(self.url, future=True, pool_pre_ping=not sqlite)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        if sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.channel = "riverbox"
        self.announce: Callable[[list[Notice]], None] | None = None
        """Set by a fan-out other than PostgreSQL's (Redis): it is handed each transaction's
        notices once the transaction committed, and no NOTIFY is sent. Unset, PostgreSQL NOTIFYs
        inside the transaction (delivered at its commit, never for a rolled-back one)."""
        self._insert = _insert_ignoring_conflicts(self.engine.dialect.name)
        self._queue: queue.SimpleQueue[_Append | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._writer_guard = threading.Lock()
        self._create_turns = threading.Lock()
        self._sqlite = sqlite
        self._checkpointer: threading.Thread | None = None
        self._stop = threading.Event()

    # -- schema ---------------------------------------------------------------------------
    def upgrade(self) -> None:
        """Create or upgrade the schema with the shipped Alembic migrations.

        On PostgreSQL the migration runs under a transaction-level advisory lock
        (:data:`SCHEMA_LOCK`), so several servers starting at once on a fresh database take
        turns: the first creates the tables, the others wait for it and then find nothing to do.
        Without it two ``CREATE TABLE`` of one name collided and one server failed to start.
        """
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            if self.is_postgres:
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        if self.is_postgres:
            with self.engine.connect() as conn:
                current = conn.execute(sa.text("SELECT current_schema()")).scalar_one()
            self.channel = "riverbox_" + re.sub(r"[^a-z0-9_]", "_", str(current).lower())

    def close(self) -> None:
        if self._writer is not None:
            self._queue.put(None)
            self._writer.join(10)
            self._writer = None
        if self._checkpointer is not None:
            self._stop.set()
            self._checkpointer.join(10)
            self._checkpointer = None
        self.engine.dispose()  # SQLite checkpoints the rest as its last connection closes

    # -- writes ---------------------------------------------------------------------------
    def create_table(
        self, table: TableRow, seats: list[tuple[SeatRow, str | None]], opener: Opener | None = None
    ) -> None:
        """Insert a table and its seats (each with its token hash, or None) in one transaction.

        ``opener`` is recorded with the table while it is unfinished, and its ``check`` runs in
        the same transaction first. On SQLite (one process) creations with a check take turns
        in this process, so two cannot both pass a check that only one of them should; on
        PostgreSQL the check serialises itself with advisory locks in its transaction.
        """
        self._start_writer()  # and the checkpoints of whatever this process writes
        check = None if opener is None else opener.check
        turns = self._create_turns if self._sqlite and check is not None else nullcontext()
        with turns, self.engine.begin() as conn:
            if check is not None:
                check(conn)  # raises to refuse: the transaction rolls back with nothing written
            conn.execute(
                schema.games.insert().values(
                    id=table.id,
                    game=table.game,
                    options=table.options,
                    seed=table.seed,
                    status=table.status,
                    table_options=table.table_options,
                    created=table.created,
                    secret=table.secret,
                    opener_address=None if opener is None else opener.address,
                    opener_player=None if opener is None else opener.player,
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

    def append(self, event: NewEvent) -> float:
        """Append ``event`` and commit; :class:`Stale` if its seq is taken.

        Returns the event's time. Blocks until the commit that carries it is done.
        """
        pending = self.submit(event)
        pending.done.wait()
        if pending.error is not None:
            raise pending.error
        return float(pending.row["at"])

    def submit(self, event: NewEvent, then: Callable[[Pending], None] | None = None) -> Pending:
        """:meth:`append` without waiting: ``then(pending)`` runs in the writer thread after the commit.

        For an event loop, which must not block: ``then`` hands the outcome back to it. The
        event's time is ``pending.row["at"]``; ``pending.error`` is :class:`Stale` or the failure.
        """
        row = {
            "game_id": event.table,
            "seq": event.seq,
            "kind": event.kind,
            "seat": event.seat,
            "action": event.action,
            "at": time.time(),
        }
        pending = _Append(row, event.status, event.seat_bot, then)
        self._start_writer()
        self._queue.put(pending)
        return pending

    def _start_writer(self) -> None:
        if self._writer is None:
            with self._writer_guard:
                if self._writer is None:
                    self._writer = threading.Thread(
                        target=self._write_loop, name="riverbox-commit", daemon=True
                    )
                    self._writer.start()
                    if self._sqlite:
                        self._stop.clear()
                        self._checkpointer = threading.Thread(
                            target=self._checkpoints, name="riverbox-checkpoint", daemon=True
                        )
                        self._checkpointer.start()

    def _checkpoints(self) -> None:
        """Copy SQLite's write-ahead log into the database file every ``CHECKPOINT_SECONDS``.

        SQLite's own checkpoint runs inside the commit that fills the log past 1000 pages: that
        commit (and every move waiting for the next one) then also waits for the copy and the
        database file's fsync, tens of milliseconds every few seconds at a few hundred moves a
        second. Here they run beside the commits (PASSIVE: never blocking a writer); a commit
        is as durable as before (the log holds it; with synchronous FULL, synced at every commit).
        """
        while not self._stop.wait(CHECKPOINT_SECONDS):
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                    conn.commit()
            except Exception:  # a busy or closing database: the next round tries again
                continue

    def _write_loop(self) -> None:
        """Take every append waiting, write them in one transaction, commit once, wake them."""
        while True:
            first = self._queue.get()
            if first is None:
                return
            group = [first]
            while len(group) < GROUP_LIMIT:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # finish this group, then stop
                    break
                group.append(more)
            self._commit(group)

    def _commit(self, group: list[_Append]) -> None:
        start = time.perf_counter()
        if self.timing is not None:
            for item in group:
                self.timing("commit.queue", start - item.queued)
            self.timing("commit.group_count", len(group))
        try:
            with self._transaction() as conn:
                written = [item for item in group if self._write(conn, item)]
                self._notify_all(conn, [(i.row["game_id"], i.row["seq"] + 1) for i in written])
        except Exception as exc:  # nothing of the group was committed: every one of them fails
            for item in group:
                item.error = item.error or exc
        if self.timing is not None:
            self.timing("commit.transaction", time.perf_counter() - start)
        for item in group:
            item.done.set()
            if item.then is not None:
                try:
                    item.then(item)
                except Exception:  # e.g. the loop that waited has closed: the writer goes on
                    continue

    def _write(self, conn: Connection, item: _Append) -> bool:
        """Write one append of a group commit; False (and :class:`Stale` on it) if its seq was taken."""
        table_id, seq = item.row["game_id"], item.row["seq"]
        if conn.execute(self._insert, item.row).first() is None:
            item.error = Stale(f"event {seq} of table {table_id} was already written")
            return False
        if item.status is not None:
            ended = {} if item.status in UNFINISHED else {"opener_address": None, "opener_player": None}
            conn.execute(  # an ended table forgets who opened it (counted only while unfinished)
                schema.games.update().where(schema.games.c.id == table_id).values(status=item.status, **ended)
            )
        if item.seat_bot is not None:
            conn.execute(
                schema.seats.update()
                .where(schema.seats.c.game_id == table_id, schema.seats.c.seat == item.seat_bot[0])
                .values(bot=item.seat_bot[1])
            )
        return True

    def claim(
        self, table_id: str, seat: int | None, name: str, token_hash: str, seq: int
    ) -> tuple[int, float] | None:
        """Give a free open seat (the lowest one if ``seat`` is None) to ``name``, logged as event ``seq``.

        Returns the seat and the event's time, or None if no such seat is free; :class:`Stale`
        (nothing changed) if event ``seq`` is taken.
        """
        at = time.time()
        self._start_writer()  # and the checkpoints of whatever this process writes
        try:
            with self._transaction() as conn:
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

    def _claim(
        self, conn: Connection, table_id: str, seat: int | None, name: str, token_hash: str
    ) -> int | None:
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

    def _notify_all(self, conn: Connection, notices: list[Notice]) -> None:
        """Announce a group commit's appends: handed to :attr:`announce` after the commit (Redis),
        or one NOTIFY per append all in one statement, so the group costs PostgreSQL one round
        trip for its notices, not one each."""
        if self.announce is not None:
            conn.info.setdefault(_NOTICES, []).extend(notices)
        elif self.is_postgres and notices:
            conn.execute(
                sa.text("SELECT pg_notify(:ch, m) FROM unnest(CAST(:msgs AS text[])) AS m"),
                {"ch": self.channel, "msgs": [f"{table_id} {seq}" for table_id, seq in notices]},
            )

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """A transaction whose :meth:`_notify` notices go out once it committed.

        PostgreSQL's own NOTIFY is sent inside the transaction (and delivered at its commit);
        with :attr:`announce` set (Redis) the notices are handed to it after the commit, so a
        rolled-back change is never announced either way.
        """
        notices: list[Notice] = []
        with self.engine.begin() as conn:
            conn.info[_NOTICES] = notices
            try:
                yield conn
            finally:
                conn.info.pop(_NOTICES, None)
        announce = self.announce
        if notices and announce is not None:
            try:
                announce(notices)
            except Exception as exc:  # committed all the same: never report it as failed
                log.warning("change notices not sent (%s)", type(exc).__name__)

    def _notify(self, conn: Connection, table_id: str, seq: int) -> None:
        if self.announce is not None:
            conn.info.setdefault(_NOTICES, []).append((table_id, seq))
        elif self.is_postgres:
            conn.execute(
                sa.text("SELECT pg_notify(:ch, :msg)"), {"ch": self.channel, "msg": f"{table_id} {seq}"}
            )

    # -- presence (several processes on one database) -------------------------------------
    def set_presence(self, process: str, table_id: str, seat: int, clients: int, now: float) -> None:
        """Record that ``process`` has ``clients`` sockets open for ``seat`` (0 forgets it); NOTIFY.

        Each process writes only its own rows, from one thread, so the delete-then-insert
        never races; the notice (seq -1) tells the other processes to tell their clients.
        """
        p = schema.presence.c
        with self._transaction() as conn:
            conn.execute(
                schema.presence.delete().where(p.process == process, p.game_id == table_id, p.seat == seat)
            )
            if clients > 0:
                conn.execute(
                    schema.presence.insert().values(
                        process=process, game_id=table_id, seat=seat, clients=clients, heartbeat=now
                    )
                )
            self._notify(conn, table_id, -1)

    def heartbeat(self, process: str, now: float, stale_before: float) -> list[str]:
        """Refresh ``process``'s rows; drop every row not refreshed since ``stale_before``.

        Rows go stale when their process died without saying goodbye (SIGKILL, a lost
        machine). Returns the tables whose presence changed that way (already NOTIFYed).
        """
        p = schema.presence.c
        with self._transaction() as conn:
            conn.execute(schema.presence.update().where(p.process == process).values(heartbeat=now))
            gone = list(
                conn.execute(sa.select(p.game_id).where(p.heartbeat < stale_before).distinct()).scalars()
            )
            if gone:
                conn.execute(schema.presence.delete().where(p.heartbeat < stale_before))
                for table_id in gone:
                    self._notify(conn, table_id, -1)
        return gone

    def clear_presence(self, process: str) -> None:
        """Forget every seat ``process`` had connected (it is shutting down)."""
        p = schema.presence.c
        with self._transaction() as conn:
            tables = list(conn.execute(sa.select(p.game_id).where(p.process == process).distinct()).scalars())
            conn.execute(schema.presence.delete().where(p.process == process))
            for table_id in tables:
                self._notify(conn, table_id, -1)

    def present(self, table_id: str, fresh_after: float) -> set[int]:
        """Seats of ``table_id`` some live process has a socket open for (heartbeat after ``fresh_after``)."""
        p = schema.presence.c
        with self.engine.connect() as conn:
            seats = conn.execute(
                sa.select(p.seat).where(p.game_id == table_id, p.clients > 0, p.heartbeat >= fresh_after)
            ).scalars()
            return {int(s) for s in seats}

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


def _insert_ignoring_conflicts(dialect: str) -> Any:
    """An event insert that writes and returns nothing when its (game_id, seq) is taken.

    RETURNING tells the outcome (psycopg reports no rowcount for it).
    """
    if dialect == "postgresql":
        from sqlalchemy.dialects import postgresql

        return postgresql.insert(schema.events).on_conflict_do_nothing().returning(schema.events.c.seq)
    from sqlalchemy.dialects import sqlite

    return sqlite.insert(schema.events).on_conflict_do_nothing().returning(schema.events.c.seq)


class WriterLock:
    """This process's claim to be the only writer of an SQLite database (an ``flock`` held open).

    The server then trusts its cache and reads nothing back before answering; a second
    ``riverbox serve`` on the same file is refused (several processes need PostgreSQL).
    """

    def __init__(self, url: str) -> None:
        self._fd: int | None = None
        database = sa.engine.make_url(normalise_url(url)).database
        if not database or database == ":memory:":
            return
        fd = os.open(database + ".writer", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise RuntimeError(
                "another riverbox serve is using this SQLite database; "
                "run several processes on PostgreSQL (--db postgresql://...)"
            ) from None
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _table_row(row: Any) -> TableRow:
    return TableRow(
        row.id,
        row.game,
        dict(row.options),
        int(row.seed),
        row.status,
        dict(row.table_options),
        row.created,
        row.secret,
    )
