"""The server's tables: create, join, move, undo, resign, and what each seat is told.

Synchronous and thread-safe (one lock per table); the web layer calls it from a thread pool.
A table in memory is a cache: before any answer it catches up with the events other
processes appended (unless this process is the store's only writer, as on SQLite, where the
cache is current by construction), and a move is kept in the cache only after the store
committed it. What a seat is told is rendered to JSON text once per table change and seat.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from riverbox.bots.base import bot_names, make_bot
from riverbox.core.game import Game, State
from riverbox.core.i18n import Message
from riverbox.core.rng import SPLITMIX, secret_seed
from riverbox.server import clock as clocks
from riverbox.server.botpolicy import chance_move, check_table_bot
from riverbox.server.jsontext import dumps
from riverbox.server.lobby_form import field_at_fault, refusal
from riverbox.server.stages import STAGES
from riverbox.server.table import (
    MOVE_KINDS,
    SEAT_KINDS,
    Refused,
    Table,
    Viewer,
    concession_ends,
    make_game,
    server_text,
)
from riverbox.store.db import EventRow, NewEvent, Opener, SeatRow, Stale, Store, TableRow

CACHE_SIZE = 4096
"""Tables kept in memory; older ones are rebuilt from the store when asked for."""


def taken_over(seat: int, timed_out: set[int]) -> Message:
    """Why a seat a bot has taken over cannot move: its player timed out or resigned."""
    if seat in timed_out:
        return server_text("player {seat} timed out; a bot plays this seat", seat=seat)
    return server_text("player {seat} has resigned; a bot plays this seat", seat=seat)


_STAND_INS: dict[str, str] = {}


def stand_in_bot(game: Game) -> str:
    """The bot that takes over a seat (resign, clock): the game's heuristic if it has one.

    Remembered per game: listing a game's bots inspects every factory's signature, far too
    slow to do on every move.
    """
    bot = _STAND_INS.get(game.name)
    if bot is None:
        bot = _STAND_INS[game.name] = "heuristic" if "heuristic" in bot_names(game) else "random"
    return bot


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the store keeps of a token (tokens are random, so a plain SHA-256 is enough)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class SeatSpec:
    """One seat asked for when creating a table."""

    kind: str
    bot: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class BotJob:
    """A move a bot must choose: everything the worker process needs, as plain data."""

    table: str
    game: str
    options: dict[str, Any]
    seed: int
    moves: tuple[tuple[int, str], ...]
    seat: int
    bot: str
    bot_seed: int
    seconds: float
    seq: int
    kind: str
    generator: str = SPLITMIX
    """Draws ``seed`` deals with (the worker rebuilds the real game; bots see it only determinized)."""


TOKEN_CACHE = 65536
"""Token hashes remembered with their seat (emptied when full; the store has them all)."""

RETRIES = 5
"""Attempts at a join while other processes keep appending to the same table."""

PRESENCE_HEARTBEAT = 5.0
"""Seconds between a process's refreshes of its presence rows (several processes)."""
PRESENCE_STALE = 3 * PRESENCE_HEARTBEAT
"""A presence row not refreshed for this long belongs to a dead process and is ignored, then dropped."""
TRUST_SECONDS = PRESENCE_HEARTBEAT
"""Several processes: how long a table read from the store, with no newer seq announced since,
is taken as current without reading it again (and a table's presence rows likewise). NOTIFY
announces every commit, so the bound only matters if a notice is lost (a dropped LISTEN
connection): then a page or a bot's look is at most this late."""

DEFAULT_BOT_SECONDS = 1.0
MAX_BOT_SECONDS = 10.0
HINT_SECONDS = 1.5
"""Every hint is answered this long after it is asked (at least): the game's ``strong`` level
thinks for less (0.5 CPU seconds at most, see ``riverbox.bots.levels``), so how long a hint takes
says nothing about the position, hidden cards included."""


class Tables:
    """Every table of one store, cached in memory."""

    def __init__(
        self, store: Store, on_change: Callable[[str], None] | None = None, sole_writer: bool = False
    ) -> None:
        self.store = store
        self.on_change = on_change
        self.sole_writer = sole_writer
        """True when no other process writes this store: a cached table is then current."""
        self._tokens: dict[tuple[str, str], int] = {}
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._seats: dict[str, list[SeatRow]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self.connected: dict[tuple[str, int], int] = {}
        """Sockets open in this process per (table, seat)."""
        self.process: str | None = None
        self.hears_notices = False
        """Several processes: True once this process LISTENs to the store's NOTIFY (the server's
        lifespan sets it); until then every look at a table reads the store."""
        self._announced: dict[str, int] = {}
        """Several processes: the newest seq NOTIFY announced per table (see :meth:`announced`)."""
        self._read_at: dict[str, float] = {}
        """Several processes: when each cached table was last caught up with the store."""
        self._present: dict[str, tuple[float, set[int]]] = {}
        """Several processes: each table's seats with a socket in another process, and when read."""
        """This process's name in the store's presence rows, when several processes share the
        store (PostgreSQL); then a seat connected to another process counts as connected too."""

    # -- plumbing -------------------------------------------------------------------------
    def _lock(self, table_id: str) -> threading.Lock:
        with self._guard:
            lock = self._locks.get(table_id)
            if lock is None:
                lock = self._locks[table_id] = threading.Lock()
            return lock

    @contextmanager
    def locked(self, table_id: str, seen: int = 0) -> Iterator[Table]:
        """The table, caught up with the store, held for exclusive use; 404 if unknown.

        With several processes it reads the store unless the cached table is current (see
        :meth:`announced`) and at ``seen`` or beyond (a seq the caller was shown, perhaps by
        another process whose notice has not come yet). A write on a table that is not current
        after all loses its seq to the other process's and is refused (409), after a catch-up.
        """
        lock = self._lock(table_id)
        if not lock.acquire(False):
            start = time.perf_counter()
            lock.acquire()
            STAGES.since("table.lock_wait", start)
        try:
            table = self._cache.get(table_id)
            if table is None:
                row = self.store.table(table_id)
                if row is None:
                    raise Refused(404, server_text("there is no table {table}", table=repr(table_id)))
                table = Table.new(row)
                self._catch_up(table)
            elif table.seq < seen or not self._current(table_id, table):
                self._catch_up(table)
            with self._guard:
                self._cache[table_id] = table
                self._cache.move_to_end(table_id)
                while len(self._cache) > CACHE_SIZE:
                    old, _ = self._cache.popitem(last=False)
                    self._seats.pop(old, None)
                    self._read_at.pop(old, None)
                    self._present.pop(old, None)
                if len(self._announced) > 4 * CACHE_SIZE:  # notices of tables never looked at here
                    for gone in [t for t in list(self._announced) if t not in self._cache]:
                        self._announced.pop(gone, None)  # in place: the LISTEN thread writes meanwhile
            yield table
        finally:
            lock.release()

    def announced(self, table_id: str, seq: int) -> None:
        """A NOTIFY said ``table_id`` reached ``seq`` (any thread; negative seqs are presence changes).

        With several processes a cached table is current while no newer seq was announced, so
        the loop can read it at once (:meth:`at_once`) instead of a thread reading the store
        at every change: that trip, for every socket update, bot look and rating look of both
        processes, cost more than the move itself and made the latency's tail (issue 26 item 8).
        """
        if seq < 0:
            self._present.pop(table_id, None)
        elif seq > self._announced.get(table_id, 0):
            self._announced[table_id] = seq

    def _current(self, table_id: str, table: Table) -> bool:
        """Is the cached ``table`` known to hold every committed event (see :meth:`announced`)?"""
        if self.sole_writer:
            return True
        return (
            self.hears_notices
            and table.seq >= self._announced.get(table_id, 0)
            and time.monotonic() - self._read_at.get(table_id, -TRUST_SECONDS) < TRUST_SECONDS
        )

    @contextmanager
    def at_once(self, table_id: str) -> Iterator[tuple[Table, list[SeatRow]] | None]:
        """The table and its seats if they can be had now without waiting or reading the store.

        For the event loop: a cached table that is current (this process alone writes it, or
        no other process announced a newer seq), with its seats, not in use by a thread, is
        cheap to read; anything else (None) goes to a thread.
        """
        held = self._hold_at_once(table_id)
        if held is None:
            yield None
            return
        try:
            yield held
        finally:
            self._lock(table_id).release()

    def _hold_at_once(self, table_id: str) -> tuple[Table, list[SeatRow]] | None:
        """Like :meth:`at_once`, for a caller that releases the table's lock itself (across an await)."""
        table = self._cache.get(table_id)
        seats = self._seats.get(table_id)
        if table is None or seats is None or not self._current(table_id, table):
            return None
        if not self._lock(table_id).acquire(False):
            return None
        return table, seats

    def seats(self, table_id: str) -> list[SeatRow]:
        seats = self._seats.get(table_id)
        if seats is None:
            seats = self._seats[table_id] = self.store.seats(table_id)
        return seats

    def forget_seats(self, table_id: str) -> None:
        """Seats changed elsewhere (a join in another process): read them again next time."""
        self._seats.pop(table_id, None)

    def seats_changed(self, table_id: str) -> None:
        """Seats changed outside the event log (a seat's name): read them again, tell the clients."""
        self.forget_seats(table_id)
        self._changed(table_id)

    def _changed(self, table_id: str) -> None:
        if self.on_change is not None:
            self.on_change(table_id)

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token opens; None for no token (a spectator); 403 for a wrong one."""
        if token is None:
            return None
        seat = self.seat_of_key(table_id, token)
        if seat is None:
            raise Refused(403, server_text("this token opens no seat at this table"))
        return seat

    def seat_of_key(self, table_id: str, key: str) -> int | None:
        """The seat a seat token or a player key opens at this table, or None.

        A player key opens the (lowest) seat its player took here (see ``riverbox.server.players``).
        Both are 256 random bits, so one can never be mistaken for the other.
        """
        cache = (table_id, token_hash(key))
        seat = self._tokens.get(cache)
        if seat is None:
            seat = self.store.seat_of(*cache)
            if seat is None:
                from riverbox.store.players import seat_of_player

                seat = seat_of_player(self.store, *cache)
            if seat is None:
                return None
            if len(self._tokens) >= TOKEN_CACHE:
                self._tokens.clear()
            self._tokens[cache] = seat  # a seat's token or player never changes once given
        return seat

    # -- lobby ----------------------------------------------------------------------------
    def create(
        self,
        game: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[SeatSpec] | None,
        clock: float | None = None,
        bot_seconds: float | None = None,
        bank: float | None = None,
        timeouts: int | None = None,
        rated: bool | None = None,
        opener: Opener | None = None,
    ) -> tuple[str, list[tuple[int, str, str | None]]]:
        """A new table; returns its id and (seat, kind, token) for every seat (tokens for humans).

        ``opener``: who opens it, and the check of the caps on unfinished tables that the store
        runs as it inserts the table (:mod:`riverbox.server.caps`).
        """
        if players is not None and "players" in options:  # which would win? neither: refused
            raise Refused(422, "players is given twice (as players and in options); give it once")
        try:
            g = make_game(game, {"players": players, **options})
        except (ValueError, TypeError) as exc:
            raise Refused(422, refusal(exc), field_at_fault(exc)) from None
        specs = seats if seats else [SeatSpec("human")] + [SeatSpec("open")] * (g.players - 1)
        if len(specs) != g.players:
            raise Refused(422, f"{g.name} with {g.players} players needs {g.players} seats, not {len(specs)}")
        for i, spec in enumerate(specs):
            if spec.kind == "bot":
                if not spec.bot:
                    raise Refused(
                        422,
                        f"seat {i} is a bot seat but names no bot; valid bots: " + ", ".join(bot_names(g)),
                        f"seats.{i}",
                    )
                try:
                    check_table_bot(spec.bot, g)
                    make_bot(spec.bot, g, 0)
                except ValueError as exc:
                    raise Refused(422, f"seat {i}: {exc}", f"seats.{i}") from None
        try:
            time_control = clocks.check_time_control(clock, bank, timeouts)
        except clocks.BadTimeControl as exc:
            raise Refused(422, exc.reason, "clock") from None
        seconds = DEFAULT_BOT_SECONDS if bot_seconds is None else bot_seconds
        if not 0.01 <= seconds <= MAX_BOT_SECONDS:
            raise Refused(422, f"bot_seconds must be between 0.01 and {MAX_BOT_SECONDS:g}")
        table_id = secrets.token_urlsafe(9)
        has_open = any(s.kind == "open" for s in specs)
        row = TableRow(
            table_id,
            g.name,
            g.config(),
            0,
            "open" if has_open else "running",
            {
                "clock": clock,
                "bot_seconds": seconds,
                **time_control,
                "rated": rated,
                "open": [i for i, spec in enumerate(specs) if spec.kind == "open"],
            },
            time.time(),
            secret=f"{secret_seed():064x}",  # issue 26: no seat can search the deal from its draws
        )
        out: list[tuple[int, str, str | None]] = []
        rows: list[tuple[SeatRow, str | None]] = []
        for i, spec in enumerate(specs):
            token = new_token() if spec.kind == "human" else None
            bot = spec.bot.strip().lower() if spec.kind == "bot" and spec.bot else None
            rows.append(
                (
                    SeatRow(i, spec.kind, spec.name, bot, token is not None),
                    None if token is None else token_hash(token),
                )
            )
            out.append((i, spec.kind, token))
        self.store.create_table(row, rows, opener)
        self._changed(table_id)
        return table_id, out

    def join(self, table_id: str, seat: int | None, name: str) -> tuple[int, str]:
        """Claim a free open seat, announced as a table event; returns (seat, token). 409 if none is free."""
        token = new_token()
        with self.locked(table_id) as table:
            if table.over:
                raise Refused(409, server_text("the game is over"))
            if seat is not None and not 0 <= seat < table.game.players:
                raise Refused(422, server_text("seat must be 0 to {last}", last=table.game.players - 1))
            for _ in range(RETRIES):
                try:
                    claimed = self.store.claim(table_id, seat, name, token_hash(token), table.seq)
                    break
                except Stale:  # another process appended first: catch up and claim at the new seq
                    self._catch_up(table)
            else:
                raise Refused(409, server_text("the table is busy; try again"))
            if claimed is None:
                if seat is not None:
                    raise Refused(409, server_text("that seat is not open at this table"))
                raise Refused(409, server_text("no seat is open at this table"))
            got, at = claimed
            table.replay(EventRow(table.seq, "join", got, None, at))
        self.forget_seats(table_id)
        self._changed(table_id)
        return got, token

    def summary(self, table_id: str, lang: str = "en") -> dict[str, Any]:
        """What anyone may know of a table: game, options, seats (named in ``lang``), status, seq."""
        with self.locked(table_id) as table:
            seats = self.seats(table_id)
            return {
                "id": table_id,
                "game": table.row.game,
                "title": table.game.info.title,
                "players": table.game.players,
                "options": table.row.options,
                "clock": table.row.table_options.get("clock"),
                "clocks": table.public_clock(seats),
                "rated": is_rated(table.row.table_options, [s.kind for s in seats]),
                "seats": [
                    table.seat_summary(s, on, lang, seats=seats)
                    for s, on in zip(seats, self._connected(table_id, seats), strict=True)
                ],
                "status": _status(table, seats),
                "to_move": [] if table.over else list(table.state.to_move),
                "seq": table.seq,
                "created": table.row.created,
                "now": time.time(),
                **_results(table),
            }

    def lobby(self, lang: str = "en", finished: int = 20) -> list[dict[str, Any]]:
        """Open and running tables, newest first, then the ``finished`` newest finished ones (seats
        named in ``lang``)."""
        rows = self.store.tables(("open", "running")) + self.store.tables(("over",), finished)
        out = []
        for row in rows:
            try:
                out.append(self.summary(row.id, lang))
            except (Refused, ValueError):
                continue
        return out

    # -- play -----------------------------------------------------------------------------
    def state_texts(self, table_id: str, viewers: Iterable[Viewer]) -> dict[Viewer, str]:
        """Each viewer's state body as JSON text, rendered once per table change, seat and language.

        Every client of a seat reading one language, every GET of its state, is sent the same
        text: the view, legal actions and log are computed and encoded once per (table, seq,
        seat, language).
        """
        with self.locked(table_id) as table:
            return self._texts(table, self.seats(table_id), viewers)

    def state_texts_at_once(self, table_id: str, viewers: Iterable[Viewer]) -> dict[Viewer, str] | None:
        """:meth:`state_texts` if the table is at hand without waiting (see :meth:`at_once`), else None."""
        if self.process is not None and self._remote_cached(table_id) is None:
            return None  # the other processes' presence needs a read of the store: a thread
        with self.at_once(table_id) as held:
            return None if held is None else self._texts(*held, viewers)

    def _remote_cached(self, table_id: str) -> set[int] | None:
        """Seats with a socket in another process, if read within ``TRUST_SECONDS`` and unchanged since."""
        cached = self._present.get(table_id)
        if cached is None or time.monotonic() - cached[0] >= TRUST_SECONDS:
            return None
        return cached[1]

    def _connected(self, table_id: str, rows: list[SeatRow]) -> tuple[bool, ...]:
        """Per seat: has it a socket open here or (several processes) in another live process?"""
        remote: set[int] = set()
        if self.process is not None:
            cached = self._remote_cached(table_id)
            if cached is None:
                read_at = time.monotonic()
                cached = self.store.present(table_id, time.time() - PRESENCE_STALE)
                self._present[table_id] = (read_at, cached)
            remote = cached
        return tuple(self.connected.get((table_id, s.seat), 0) > 0 or s.seat in remote for s in rows)

    def _texts(self, table: Table, rows: list[SeatRow], viewers: Iterable[Viewer]) -> dict[Viewer, str]:
        connected = self._connected(table.row.id, rows)
        key = (table.seq, tuple(rows), connected)
        out = {}
        for viewer in viewers:
            cached = table.rendered.get(viewer)
            if cached is None or cached[0] != key:
                start = time.perf_counter()
                body = table.payload(viewer[0], rows, viewer[1])
                for s, on in zip(body["seats"], connected, strict=True):
                    s["connected"] = on
                encoded = time.perf_counter()
                cached = table.rendered[viewer] = (key, dumps(body))
                STAGES.add("encode.payload", encoded - start)
                STAGES.since("encode.json", encoded)
            out[viewer] = cached[1]
        return out

    def act(self, table_id: str, token: str | None, text: str, seq: int) -> int:
        """A seat's move; returns the new seq once committed. Refused (403/409/422) changes nothing."""
        seat = self._require_seat(table_id, token)
        with self.locked(table_id, seen=seq) as table:
            start = time.perf_counter()
            table.check_seq(seq)
            if seat in table.bot_seats(self.seats(table_id)):
                raise Refused(403, taken_over(seat, table.timed_out))
            action = table.check_move(seat, text)
            STAGES.since("act.check", start)
            return self._append(table, "move", seat, str(action))

    def back(self, table_id: str, token: str | None) -> int:
        """An away seat's player takes it back (one click); 409 if it is not away or is a zombie."""
        seat = self._require_seat(table_id, token)
        with self.locked(table_id) as table:
            why = clocks.back_refusal(table.clocks, seat, table.over)
            if why is not None:
                raise Refused(409, why)
            return self._append(table, "back", seat, None)

    async def act_at_once(self, table_id: str, token: str | None, text: str, seq: int) -> int | None:
        """:meth:`act` on the event loop, with no trip to a thread, when the table is at hand.

        None (nothing done) unless this process is the store's only writer and the table, its
        seats and the token are cached and nobody holds the table: then :meth:`act` in a
        thread does it. The loop holds the table while the commit is awaited, never blocking.
        """
        seat = None if token is None else self._tokens.get((table_id, token_hash(token)))
        held = None if seat is None else self._hold_at_once(table_id)
        if seat is None or held is None:
            return None
        table, seats = held
        try:
            if seq != table.seq and not self.sole_writer:
                return None  # the mover may have heard of a move whose notice is still on its way
            start = time.perf_counter()
            table.check_seq(seq)
            if seat in table.bot_seats(seats):
                raise Refused(403, taken_over(seat, table.timed_out))
            action = table.check_move(seat, text)
            STAGES.since("act.check", start)
            return await self._append_on_loop(table, "move", seat, str(action))
        finally:
            self._lock(table_id).release()

    async def bot_act_at_once(self, job: BotJob, text: str) -> tuple[bool, int | None]:
        """:meth:`bot_act` on the loop if the table is at hand: (True, its answer); else (False, None)."""
        held = self._hold_at_once(job.table)
        if held is None:
            return False, None
        table = held[0]
        try:
            move = self._bot_move(table, job, text)
            if move is None:
                return True, None
            try:
                seq = await self._append_on_loop(table, job.kind, job.seat, move)
            except Refused:
                return True, None
        finally:
            self._lock(job.table).release()
        return True, seq

    def _bot_move(self, table: Table, job: BotJob, text: str) -> str | None:
        """The bot's move in notation if it is still due and legal, else None (the moment passed)."""
        if job.kind == "expire" and table.seq != job.seq:
            return None
        if job.seat not in table.state.to_move:
            return None
        try:
            return str(table.check_move(job.seat, text))
        except Refused:
            return None

    def bot_act(self, job: BotJob, text: str) -> int | None:
        """A bot's (or the clock's) move; None when the moment has passed (the seat no longer to move)."""
        with self.locked(job.table) as table:
            move = self._bot_move(table, job, text)
            if move is None:
                return None
            # a clock expiry (``expire``) is this one move: the seat stays its player's (away)
            try:
                return self._append(table, job.kind, job.seat, move)
            except Refused:
                return None

    def undo(self, table_id: str, token: str | None) -> int:
        seat = self._require_seat(table_id, token)
        with self.locked(table_id) as table:
            why = table.undo_refusal(seat)
            if why is not None:
                raise Refused(409, server_text("cannot undo: {why}", why=why))
            return self._append(table, "undo", seat, None)

    def resign(self, table_id: str, token: str | None) -> int:
        seat = self._require_seat(table_id, token)
        with self.locked(table_id) as table:
            if table.over:
                raise Refused(409, server_text("the game is over"))
            if seat in table.timed_out:
                raise Refused(
                    409, server_text("player {seat} timed out; a bot already plays this seat", seat=seat)
                )
            if seat in table.resigned:
                raise Refused(409, server_text("player {seat} has already resigned", seat=seat))
            bot = stand_in_bot(table.game)
            seq = self._append(table, "resign", seat, None, seat_bot=(seat, bot))
        self.forget_seats(table_id)
        return seq

    def abandon(self, table_id: str, idle_since: float) -> bool:
        """End a table nobody has moved at since ``idle_since`` without a result (``--expire-days``).

        The table stops: no move, no bot, no clock; it leaves the lobby and its players' caps.
        False if it has ended or someone moved since.
        """
        with self.locked(table_id) as table:
            if table.over or table.changed_at >= idle_since:
                return False
            event = NewEvent(table_id, table.seq, "abandon", None, None, "abandoned")
            try:
                at = self.store.append(event)
            except Stale:  # another process wrote first: someone is there after all
                self._catch_up(table)
                return False
            self._committed(table, event, at, None, time.perf_counter())
        return True

    def rematch(self, table_id: str, seat: int, make: Callable[[Table, list[SeatRow]], str]) -> str:
        """The finished table's rematch: the one made already, else ``make(table, seats)``'s,
        announced to every client as a ``rematch`` event of this table (409 before the end)."""
        with self.locked(table_id) as table:
            if not table.over:
                raise Refused(409, server_text("the game is not over yet"))
            if table.rematch is not None:
                return table.rematch
            made = make(table, self.seats(table_id))
            try:
                self._append(table, "rematch", seat, made)
            except Refused:  # another process made one first: that one it is
                if table.rematch is None:
                    raise
                return table.rematch
            return made

    def record(self, table_id: str) -> dict[str, Any]:
        with self.locked(table_id) as table:
            if not table.over:
                raise Refused(
                    403, server_text("the record holds every hidden card; it is shown when the game is over")
                )
            return {**table.state.record(), **_results(table)}

    def _require_seat(self, table_id: str, token: str | None) -> int:
        seat = self.seat_of(table_id, token)
        if seat is None:
            raise Refused(403, server_text("this needs a seat token (Authorization: Bearer TOKEN)"))
        return seat

    async def _append_on_loop(
        self, table: Table, kind: str, seat: int, action: str | None, seat_bot: tuple[int, str] | None = None
    ) -> int:
        """:meth:`_append` for the event loop: the commit is awaited, not waited for in a thread."""
        event, probe = _event(table, kind, seat, action, seat_bot)
        loop = asyncio.get_running_loop()
        outcome: asyncio.Future[None] = loop.create_future()
        committing = time.perf_counter()
        pending = self.store.submit(event, then=lambda _: _settle_from_thread(loop, outcome))
        await outcome
        if isinstance(pending.error, Stale):  # never while this process is the only writer
            self._cache.pop(table.row.id, None)  # rebuilt from the store at the next look
            raise Refused(409, "the table moved on; reload and choose again")
        if pending.error is not None:
            raise pending.error
        return self._committed(table, event, float(pending.row["at"]), probe, committing)

    def _append(
        self, table: Table, kind: str, seat: int, action: str | None, seat_bot: tuple[int, str] | None = None
    ) -> int:
        """Commit event ``table.seq``, then apply it to the cached table (the caller holds the lock)."""
        event, probe = _event(table, kind, seat, action, seat_bot)
        committing = time.perf_counter()
        try:
            at = self.store.append(event)
        except Stale:
            self._catch_up(table)
            raise Refused(
                409, server_text("the table moved on to move {seq}; reload and choose again", seq=table.seq)
            ) from None
        return self._committed(table, event, at, probe, committing)

    def _committed(
        self, table: Table, event: NewEvent, at: float, probe: State | None, committing: float
    ) -> int:
        """Apply a committed ``event`` to the cached table and announce the change; the new seq."""
        replaying = time.perf_counter()
        STAGES.add("commit.total", replaying - committing)
        table.replay(EventRow(event.seq, event.kind, event.seat, event.action, at), probe)
        STAGES.since("act.rebuild", replaying)
        self._changed(table.row.id)
        return table.seq

    def _catch_up(self, table: Table) -> None:
        """Replay the events other processes appended since the cached ``table.seq``."""
        read_at = time.monotonic()
        events = self.store.events(table.row.id, table.seq)
        self._read_at[table.row.id] = read_at
        for event in events:
            table.replay(event)
        if any(e.kind in SEAT_KINDS for e in events):
            self._seats.pop(table.row.id, None)

    # -- bots -----------------------------------------------------------------------------
    def bot_jobs(self, table_id: str, timeout: bool = False, now: float | None = None) -> list[BotJob]:
        """Moves bots must choose now: bot seats to move (or, on a clock expiry, people out of time)."""
        with self.locked(table_id) as table:
            return _jobs(table, self.seats(table_id), timeout, now)

    def bot_jobs_at_once(self, table_id: str) -> tuple[list[BotJob], tuple[int, float] | None] | None:
        """:meth:`bot_jobs` and :meth:`clock` if the table is at hand now (see :meth:`at_once`), else None.

        Every change of a table asks this; on the loop it costs microseconds, a trip to a
        thread costs more than the look itself.
        """
        with self.at_once(table_id) as held:
            return None if held is None else (_jobs(*held, False), _clock(*held))

    def hint_job(self, table_id: str, token: str | None) -> BotJob:
        """The worker's job for a hint to the token's seat: 403 without a seat, 409 off turn.

        Only the seat to move may ask, so a hint never speaks of a position its seat is not
        playing; the worker hands the bot the position as that seat knows it.
        """
        seat = self._require_seat(table_id, token)
        with self.locked(table_id) as table:
            if table.over:
                raise Refused(409, server_text("the game is over"))
            if seat not in table.state.to_move:
                raise Refused(409, server_text("a hint is for the seat to move, and it is not your turn"))
            if seat in table.bot_seats(self.seats(table_id)):
                raise Refused(403, taken_over(seat, table.timed_out))
            return _job(table, seat, "strong", HINT_SECONDS, "hint")

    def chance_move(self, job: BotJob) -> str | None:
        """A random legal move for ``job``'s seat when its bot gave none; None if it is no longer due."""
        with self.locked(job.table) as table:
            if table.state.is_over or job.seat not in table.state.to_move:
                return None
            return chance_move(table.state, job.seat, job.bot_seed)

    def clock(self, table_id: str) -> tuple[int, float] | None:
        """(seq, deadline) when the turn clock runs for a human seat to move, else None."""
        with self.locked(table_id) as table:
            return _clock(table, self.seats(table_id))


def _clock(table: Table, seats: list[SeatRow]) -> tuple[int, float] | None:
    """(seq, the first deadline of a person to move), read from the table's replayed clocks."""
    if table.over:
        return None
    due = [d for s in _timed(table, seats) if (d := table.clocks.deadline(s)) is not None]
    return (table.seq, min(due)) if due else None


def _timed(table: Table, seats: list[SeatRow]) -> list[int]:
    """Seats to move whose clock can expire: people (not bots, not free seats) a bot does not play."""
    bots = table.bot_seats(seats)
    people = {s.seat for s in seats if s.kind == "human" or (s.kind == "open" and s.claimed)}
    return [s for s in table.state.to_move if s in people and s not in bots]


def _probe(table: Table, kind: str, seat: int, action: str | None) -> State | None:
    """The state after a move (to store whether it ends the game, then adopt); None for other events."""
    if kind not in MOVE_KINDS or action is None:
        return None
    start = time.perf_counter()
    probe = table.state.clone()
    table.replay_into(probe, seat, action)
    STAGES.since("act.apply", start)
    return probe


def _event(
    table: Table, kind: str, seat: int, action: str | None, seat_bot: tuple[int, str] | None
) -> tuple[NewEvent, State | None]:
    """Event ``table.seq`` to append, and the state after it when it is a move (see :func:`_probe`).

    A move that ends the game marks the table over in the same transaction.
    """
    probe = _probe(table, kind, seat, action)
    status = "over" if probe is not None and probe.is_over else None
    if kind == "resign" and seat not in table.conceded:  # the last to concede ends it
        status = "over" if concession_ends(table.game.players, [*table.conceded, seat]) else status
    return NewEvent(table.row.id, table.seq, kind, seat, action, status, seat_bot), probe


def _settle_from_thread(loop: asyncio.AbstractEventLoop, outcome: asyncio.Future[None]) -> None:
    loop.call_soon_threadsafe(_settle, outcome)


def _settle(outcome: asyncio.Future[None]) -> None:
    if not outcome.done():
        outcome.set_result(None)


def _jobs(table: Table, seats: list[SeatRow], timeout: bool, now: float | None = None) -> list[BotJob]:
    """Bot moves due: bot seats to move, or (``timeout``) the one move of each person out of time.

    An expiry is checked against the replayed clock, so an early or stale timer does nothing.
    """
    if table.over:
        return []
    bots = table.bot_seats(seats)
    fallback = stand_in_bot(table.game)
    seconds = float(table.row.table_options.get("bot_seconds") or DEFAULT_BOT_SECONDS)
    if timeout:
        due = [s for s in _timed(table, seats) if clocks.expired(table.clocks, s, now)]
        return [_job(table, seat, fallback, seconds, "expire") for seat in due]
    return [
        _job(table, seat, bots[seat] or fallback, seconds, "move")
        for seat in table.state.to_move
        if seat in bots
    ]


def _job(table: Table, seat: int, bot: str, seconds: float, kind: str) -> BotJob:
    """What the worker needs to think for ``seat`` at the table's current move."""
    seed, generator = table.row.deal
    return BotJob(
        table.row.id,
        table.row.game,
        table.row.options,
        seed,
        tuple((s, a) for s, a, _ in table.moves),
        seat,
        bot,
        bot_seed(seed, table.seq, seat),
        seconds,
        table.seq,
        kind,
        generator,
    )


def _results(table: Table) -> dict[str, Any]:
    """A finished table's ``winners`` and each seat's result (nothing before the end)."""
    if not table.over:
        return {}
    winners, results = table.standings()
    return {"winners": winners, "results": results}


def bot_seed(seed: int, seq: int, seat: int) -> int:
    """A bot's own seed for one move: a hash of the table's seed, so it tells nothing of it.

    (It was ``seed * 1_000_003 + ...`` modulo 2**31, which gives away the seed's low bits.)
    """
    digest = hashlib.blake2b(f"{seed}:{seq}:{seat}".encode(), digest_size=4, person=b"riverbox-bot").digest()
    return int.from_bytes(digest, "little") & 0x7FFFFFFF


def is_rated(table_options: Mapping[str, Any], seat_kinds: Sequence[str]) -> bool:
    """The creator's choice (``rated``), else: two or more seats for people (human or open)."""
    chosen = table_options.get("rated")
    if chosen is not None:
        return bool(chosen)
    return sum(kind in ("human", "open") for kind in seat_kinds) >= 2


def _status(table: Table, seats: list[SeatRow]) -> str:
    """abandoned, over, open (a seat waits for a player) or running."""
    if table.abandoned:
        return "abandoned"
    if table.over:
        return "over"
    return "open" if any(s.kind == "open" and not s.claimed for s in seats) else "running"
