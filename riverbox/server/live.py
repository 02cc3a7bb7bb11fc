"""The live side of the server: WebSocket fan-out, bots in seats, the turn clock.

All of it runs on the event loop and hands blocking work (store, replay, views) to threads
and bot thinking to a worker process (or a queue, see :mod:`riverbox.server.botqueue`).
Changes are coalesced per table: a table that changes while its clients are being updated is
sent once more, with the newest state. Changes made by other server processes arrive through
:mod:`riverbox.server.fanout`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

from riverbox.server import worker
from riverbox.server.botpool import PlainPool, Pool
from riverbox.server.clock import with_now
from riverbox.server.fanout import Fanout
from riverbox.server.service import BotJob, Tables
from riverbox.server.stages import STAGES
from riverbox.server.table import Refused

log = logging.getLogger("riverbox.server")


TAKEOVER_SECONDS = 25.0
"""How long a table another process changed may wait before this one plays its bots and clock
(``riverbox serve --takeover``): longer than the longest bot move (10 s of CPU) with room for a
busy machine, since until then only the process that committed the change drives the table."""

SEND_QUEUE = 32
"""Messages waiting for one client at most: a client this far behind is not reading, and is dropped."""
SEND_SECONDS = 10.0
"""Longest one message may take to go out to a client before the client is dropped."""
CLOSE_SECONDS = 2.0
"""How long a dropped client's close handshake may take (its socket is abandoned after it)."""
TOO_SLOW = 1013
"""The close code a dropped client gets: "try again later" (the table page reconnects)."""
TOO_SLOW_REASON = "too slow to read the table's updates; reconnect"


@dataclass(eq=False)
class Client:
    """One WebSocket: a seat (or None for a spectator), the last text it was sent, and its outbox.

    Everything sent to the client goes through ``outbox`` in order, written by the client's own
    task (:meth:`Hub._write`): a client that does not read holds up nobody but itself, and is
    dropped once ``SEND_QUEUE`` messages wait or one takes ``SEND_SECONDS`` (issue 26).
    """

    ws: WebSocket
    seat: int | None
    lang: str = "en"
    last: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    writer: asyncio.Task[None] | None = None
    dropped: bool = False


class Hub:
    """Who watches which table; sends each one its own state after every change."""

    def __init__(self, tables: Tables, on_presence: Callable[[str, int, int], None] | None = None) -> None:
        self.tables = tables
        self.fanout: Fanout | None = None
        """How messages for every process's clients leave this one (set while the server runs)."""
        self.on_presence = on_presence
        """Called with (table, seat, sockets open here) when a seat's count changes (several processes)."""
        self.clients: dict[str, set[Client]] = {}
        self._dirty: dict[str, float] = {}
        """Tables whose clients need an update, with when the oldest unsent change came."""
        self._running: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def add(self, table_id: str, client: Client) -> None:
        self.clients.setdefault(table_id, set()).add(client)
        self._count(table_id, client.seat, 1)

    def remove(self, table_id: str, client: Client) -> None:
        """Forget a client (gone or dropped): it is sent nothing more."""
        client.dropped = True
        if client.writer is not None and client.writer is not asyncio.current_task():
            client.writer.cancel()
        group = self.clients.get(table_id)
        if group is not None and client in group:
            group.discard(client)
            self._count(table_id, client.seat, -1)
            if not group:
                del self.clients[table_id]

    def _count(self, table_id: str, seat: int | None, delta: int) -> None:
        if seat is None:
            return
        key = (table_id, seat)
        count = self.tables.connected[key] = self.tables.connected.get(key, 0) + delta
        if count <= 0:
            del self.tables.connected[key]
        if self.on_presence is not None and (count == 0 or (count == 1 and delta > 0)):
            self.on_presence(table_id, seat, max(count, 0))
        self.changed(table_id)

    def broadcast(self, table_id: str, text: str) -> None:
        """Queue ``text`` (a chat line) for the table's clients here and on every other process."""
        self.relay(table_id, text)
        if self.fanout is not None:
            self.fanout.chat(table_id, text)

    def relay(self, table_id: str, text: str) -> None:
        """Queue ``text`` for the table's clients on this process (call on the loop)."""
        for client in list(self.clients.get(table_id, ())):
            self.post(client, text)  # the client's own outbox: a socket that does not read waits nobody

    def changed(self, table_id: str) -> None:
        """Schedule an update of this table's clients (call on the loop)."""
        if table_id not in self.clients:
            return
        self._dirty.setdefault(table_id, time.perf_counter())
        if table_id not in self._running:
            self._running.add(table_id)
            task = asyncio.get_running_loop().create_task(self._flush(table_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _flush(self, table_id: str) -> None:
        try:
            while table_id in self._dirty:
                since = self._dirty.pop(table_id)
                start = time.perf_counter()
                STAGES.add("fanout.wait", start - since)
                clients = list(self.clients.get(table_id, ()))
                viewers = {(c.seat, c.lang) for c in clients}
                try:
                    bodies = self.tables.state_texts_at_once(table_id, viewers)
                    if bodies is None:
                        STAGES.add("fanout.in_thread_count", 1)
                        bodies = await run_in_threadpool(self.tables.state_texts, table_id, viewers)
                except Refused:
                    continue
                sending = time.perf_counter()
                STAGES.add("fanout.encode", sending - start)
                texts = {viewer: state_message(body) for viewer, body in bodies.items()}
                now = time.time()  # each message says when it left, for the pages' clocks
                stamped = {viewer: with_now(text, now) for viewer, text in texts.items()}
                await asyncio.gather(
                    *(self.send(c, stamped[c.seat, c.lang], texts[c.seat, c.lang]) for c in clients)
                )
                STAGES.since("fanout.send", sending)
                STAGES.since("fanout.total", since)
        finally:
            self._running.discard(table_id)

    async def send(self, client: Client, text: str, same: str | None = None) -> None:
        """Queue ``text`` for the client unless it already has exactly it (or ``same``: it without
        its time); never waits on the socket."""
        key = text if same is None else same
        if key == client.last:
            return
        client.last = key
        self.post(client, text)

    def post(self, client: Client, text: str) -> None:
        """Queue ``text`` for the client, after everything queued before; a full outbox drops it."""
        if client.dropped:
            return
        try:
            client.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.drop(client, "its outbox is full")
            return
        if client.writer is None:
            client.writer = asyncio.get_running_loop().create_task(self._write(client))
            self._tasks.add(client.writer)
            client.writer.add_done_callback(self._tasks.discard)

    async def _write(self, client: Client) -> None:
        """Send the client's outbox in order, each message within ``SEND_SECONDS``."""
        try:
            while not client.dropped:
                text = await client.outbox.get()
                async with client.lock:
                    await asyncio.wait_for(client.ws.send_text(text), SEND_SECONDS)
        except TimeoutError:
            self.drop(client, "a message took too long to send")
        except Exception:  # the socket is gone: the endpoint notices and removes the client
            client.dropped = True

    def drop(self, client: Client, why: str) -> None:
        """Close a client that does not read (it may reconnect); the others go on as before."""
        if client.dropped:
            return
        client.dropped = True
        log.info("dropping a WebSocket client that does not read: %s", why)
        for table_id, group in list(self.clients.items()):
            if client in group:
                self.remove(table_id, client)
        task = asyncio.get_running_loop().create_task(_close(client.ws))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


async def _close(ws: WebSocket) -> None:
    """Close with ``TOO_SLOW``, giving up after ``CLOSE_SECONDS`` (a client that never reads may
    never take the close frame either; the server's ping timeout then ends the connection)."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=TOO_SLOW, reason=TOO_SLOW_REASON), CLOSE_SECONDS)


BATCH = 64
"""Most bot moves one trip to the worker carries."""


TRIP_ATTEMPTS = 3
"""Tries of one trip to the workers (the pool is replaced after a worker died or hung)."""

_Waiting = tuple[BotJob, "asyncio.Future[str | None]", float]


class BotDriver:
    """Plays bot seats (and clock expiries) through the worker processes, never on the loop.

    Fair between tables: jobs wait in one line per table and trips take them round-robin, one
    table's job at a time, so a table with many due moves never pushes the others back. A trip
    that fails (a worker died, hung, or raised) is tried again on the replaced pool; a move
    still without an answer is played at random (:meth:`Tables.chance_move`), so no table is
    ever left waiting on a bot (issue 26).
    """

    def __init__(
        self, tables: Tables, executor: Executor | Pool, workers: int = 1, takeover: float = TAKEOVER_SECONDS
    ) -> None:
        self.tables = tables
        self.takeover = takeover
        """Seconds a change heard of in a notice waits before this process drives it (:meth:`heard`)."""
        self._stopped = False
        self._heard: dict[str, int] = {}
        """The newest seq a notice named per table, while its takeover timer runs."""
        self.pool: Pool = PlainPool(executor) if isinstance(executor, Executor) else executor
        self._trips = 2 * workers
        """Trips to the worker under way at once: the rest of the jobs wait here, so a burst
        never piles up in its queue, and each trip carries every job waiting (up to ``BATCH``)."""
        self._flying = 0
        self._waiting: OrderedDict[str, deque[_Waiting]] = OrderedDict()
        """Jobs waiting for a trip, one line per table, tables in turn order."""
        self._busy: set[tuple[str, int, str]] = set()
        self._again: set[str] = set()
        self._clocks: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def changed(self, table_id: str) -> None:
        """This process changed the table (a move, a seat, a start): its bots and clock are ours to drive."""
        self._start(self._check(table_id))

    def heard(self, table_id: str, seq: int) -> None:
        """A notice: the table reached ``seq``, committed here or by another process (on the loop).

        The process that commits a change drives what follows it, the bots' moves and the turn
        clock, so with several processes a bot's move is worked out once, not once per process
        (each worked it out and all but one commit lost: wasted CPU, issue 26 item 8). Another
        process steps in only when the table is still at ``seq`` after :attr:`takeover`
        seconds: the process that committed it stopped, or hangs. Its own notices reach this
        process too; their timers find the table moved on, or its work already under way.
        """
        if seq <= self._heard.get(table_id, -1):
            return  # an older notice, delivered late: the newer one's timer covers it
        self._heard[table_id] = seq
        asyncio.get_running_loop().call_later(self.takeover, self._take_over, table_id, seq)

    def _take_over(self, table_id: str, seq: int) -> None:
        if self._stopped or self._heard.get(table_id) != seq:
            return  # the table moved on since: that notice set its own timer
        del self._heard[table_id]
        self._start(self._check(table_id, late=self.takeover))

    def _start(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _check(self, table_id: str, timeout: bool = False, late: float = 0.0) -> None:
        """Start the table's due bot moves, and arm its clock.

        ``late`` (seconds) marks a process that only stands in for the one that drives the
        table (:meth:`heard`): a move already under way here is left alone, a clock already
        armed here is kept, and a clock it arms fires ``late`` seconds after the deadline,
        when the driving process would have played the missed turn.
        """
        start = time.perf_counter()
        try:
            held = None if timeout else self.tables.bot_jobs_at_once(table_id)
            jobs, clock = held if held is not None else await run_in_threadpool(self._look, table_id, timeout)
            STAGES.since("bot.look", start)
        except Refused:
            return
        # an expiry with nothing due (a timer a hair early) waits again; a stand-in keeps a clock armed here
        if (not timeout or not jobs) and not (late and table_id in self._clocks):
            self._arm_clock(table_id, clock, late)
        for job in jobs:
            key = (job.table, job.seat, job.kind)
            if key in self._busy:
                if not late:
                    self._again.add(job.table)  # look again once that job is done
                continue
            self._busy.add(key)
            STAGES.add("bot.job_count", 1)
            self._start(self._play(job, key))

    def _look(self, table_id: str, timeout: bool) -> tuple[list[BotJob], tuple[int, float] | None]:
        """The bot jobs due and the turn clock of a table (one trip to a thread for both)."""
        jobs = self.tables.bot_jobs(table_id, timeout)
        return jobs, self.tables.clock(table_id)

    async def _play(self, job: BotJob, key: tuple[str, int, str]) -> None:
        seq = None
        try:
            text = await self._choose(job)
            if text is None:  # a broken or lost bot must not stop the table: a random legal move
                log.warning("bot %s failed on table %s; a random move is played", job.bot, job.table)
                text = await run_in_threadpool(self.tables.chance_move, job)
                if text is None:
                    return
            acting = time.perf_counter()
            done, seq = await self.tables.bot_act_at_once(job, text)
            if not done:
                seq = await run_in_threadpool(self.tables.bot_act, job, text)
            STAGES.since("bot.act", acting)
        finally:
            self._busy.discard(key)
        # a committed move already announced itself (the store's change callback looks again)
        if seq is None or job.table in self._again:
            self._again.discard(job.table)
            self.changed(job.table)

    def _choose(self, job: BotJob) -> asyncio.Future[str | None]:
        """The bot's move in notation, or None if it failed; the job waits for the next trip."""
        answer: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        line = self._waiting.get(job.table)
        if line is None:
            line = self._waiting[job.table] = deque()
        line.append((job, answer, time.perf_counter()))
        self._dispatch()
        return answer

    def _take(self, most: int) -> list[_Waiting]:
        """Up to ``most`` waiting jobs, round-robin over the tables (each table then goes last)."""
        batch: list[_Waiting] = []
        while self._waiting and len(batch) < most:
            table, line = self._waiting.popitem(last=False)
            batch.append(line.popleft())
            if line:
                self._waiting[table] = line
        return batch

    def _dispatch(self) -> None:
        """Start trips to the worker while there are jobs waiting and trips to spare."""
        while self._waiting and self._flying < self._trips:
            batch = self._take(BATCH)
            self._flying += 1
            task = asyncio.get_running_loop().create_task(self._trip(batch))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _trip(self, batch: list[tuple[BotJob, asyncio.Future[str | None], float]]) -> None:
        """One trip to the worker with ``batch``'s jobs; each waiting move gets its own answer."""
        start = time.perf_counter()
        for _, _, queued in batch:
            STAGES.add("bot.slot_wait", start - queued)
        STAGES.add("bot.batch_count", len(batch))
        jobs = [job for job, _, _ in batch]
        texts: list[str | None] = [None] * len(jobs)
        try:
            for attempt in range(TRIP_ATTEMPTS):
                try:
                    texts = await self.pool.run(
                        worker.choose_many, jobs, timeout=sum(job.seconds for job in jobs) * 4 + 20
                    )
                    break
                except Exception as exc:  # a lost or stuck worker (the pool is replaced): again
                    why = type(exc).__name__
                    log.warning("bot trip of %d moves failed (%s), attempt %d", len(jobs), why, attempt + 1)
            STAGES.since("bot.worker", start)
        finally:
            self._flying -= 1
            self._dispatch()
        await _hand_out([answer for _, answer, _ in batch], texts)

    async def think(self, work: Callable[..., Any], *args: Any, timeout: float) -> Any:
        """``work(*args)`` in the worker process, queued with the bots' trips in its executor."""
        return await self.pool.run(work, *args, timeout=timeout)

    def _arm_clock(self, table_id: str, clock: tuple[int, float] | None, late: float = 0.0) -> None:
        old = self._clocks.pop(table_id, None)
        if old is not None:
            old.cancel()
        if clock is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, clock[1] + late - time.time())

        def fire() -> None:
            self._clocks.pop(table_id, None)
            self._start(self._check(table_id, timeout=True, late=late))

        self._clocks[table_id] = loop.call_later(delay, fire)

    def stop(self) -> None:
        self._stopped = True
        for handle in self._clocks.values():
            handle.cancel()
        self._clocks.clear()


HAND_OUT = 8
"""Bot moves a trip's answers start on the loop at once, before it looks at its sockets again."""


async def _hand_out(answers: list[asyncio.Future[str | None]], texts: list[str | None]) -> None:
    """Give each waiting bot move its answer, ``HAND_OUT`` at a time, the loop polling in between.

    A trip brings back up to ``BATCH`` moves, and each costs the loop a check, a commit and a
    fan-out. Started all at once, they formed a burst that a person's move arriving meanwhile
    queued behind, all the way to its own fan-out: the slowest moves were those. In slices,
    the person's request is read after the slice under way and joins the next group commit.
    Every answer is given even if this is cancelled, so no bot move waits forever.
    """
    try:
        for start in range(0, len(answers), HAND_OUT):
            if start:
                await asyncio.sleep(0)
            end = start + HAND_OUT
            for answer, text in zip(answers[start:end], texts[start:end], strict=True):
                if not answer.done():
                    answer.set_result(text)
    finally:
        for answer, text in zip(answers, texts, strict=True):
            if not answer.done():
                answer.set_result(text)


def state_message(body: str) -> str:
    """The WebSocket message for a state body's JSON text: ``{"type": "state", ...body}``."""
    return '{"type":"state",' + body[1:] if body != "{}" else '{"type":"state"}'


def json_message(raw: str, limit: int) -> dict[str, Any]:
    """A client's WebSocket message as a dict; Refused(413/422) for oversize or malformed ones."""
    if len(raw) > limit:
        raise Refused(413, f"messages are limited to {limit} characters")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise Refused(422, f"the message is not JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise Refused(422, "a message must be a JSON object")
    return data
