"""The live side of the server: WebSocket fan-out, bots in seats, the turn clock, PostgreSQL NOTIFY.

All of it runs on the event loop and hands blocking work (store, replay, views) to threads
and bot thinking to a worker process. Changes are coalesced per table: a table that changes
while its clients are being updated is sent once more, with the newest state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

from riverbox.server import worker
from riverbox.server.clock import with_now
from riverbox.server.service import BotJob, Tables
from riverbox.server.stages import STAGES
from riverbox.server.table import Refused

log = logging.getLogger("riverbox.server")


@dataclass(eq=False)
class Client:
    """One WebSocket: a seat (or None for a spectator) and the last text it was sent."""

    ws: WebSocket
    seat: int | None
    lang: str = "en"
    last: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    """Who watches which table; sends each one its own state after every change."""

    def __init__(self, tables: Tables, on_presence: Callable[[str, int, int], None] | None = None) -> None:
        self.tables = tables
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
        """Send ``text`` unless the client already has exactly it (or ``same``: it without its time)."""
        key = text if same is None else same
        async with client.lock:
            if key == client.last:
                return
            client.last = key
            with contextlib.suppress(Exception):
                await client.ws.send_text(text)


BATCH = 64
"""Most bot moves one trip to the worker carries."""


class BotDriver:
    """Plays bot seats (and clock expiries) through the worker process, never on the loop."""

    def __init__(self, tables: Tables, executor: Executor, workers: int = 1) -> None:
        self.tables = tables
        self.executor = executor
        self._trips = 2 * workers
        """Trips to the worker under way at once: the rest of the jobs wait here, so a burst
        never piles up in its queue, and each trip carries every job waiting (up to ``BATCH``)."""
        self._flying = 0
        self._waiting: deque[tuple[BotJob, asyncio.Future[str | None], float]] = deque()
        self._busy: set[tuple[str, int, str]] = set()
        self._again: set[str] = set()
        self._clocks: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def changed(self, table_id: str) -> None:
        task = asyncio.get_running_loop().create_task(self._check(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _check(self, table_id: str, timeout: bool = False) -> None:
        start = time.perf_counter()
        try:
            held = None if timeout else self.tables.bot_jobs_at_once(table_id)
            jobs, clock = held if held is not None else await run_in_threadpool(self._look, table_id, timeout)
            STAGES.since("bot.look", start)
        except Refused:
            return
        if not timeout or not jobs:  # an expiry with nothing due (a timer a hair early): wait again
            self._arm_clock(table_id, clock)
        for job in jobs:
            key = (job.table, job.seat, job.kind)
            if key in self._busy:
                self._again.add(job.table)  # look again once that job is done
                continue
            self._busy.add(key)
            task = asyncio.get_running_loop().create_task(self._play(job, key))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _look(self, table_id: str, timeout: bool) -> tuple[list[BotJob], tuple[int, float] | None]:
        """The bot jobs due and the turn clock of a table (one trip to a thread for both)."""
        jobs = self.tables.bot_jobs(table_id, timeout)
        return jobs, self.tables.clock(table_id)

    async def _play(self, job: BotJob, key: tuple[str, int, str]) -> None:
        seq = None
        try:
            text = await self._choose(job)
            if text is None:  # a broken or stuck bot must not stop the table
                log.warning("bot %s failed on table %s", job.bot, job.table)
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
        self._waiting.append((job, answer, time.perf_counter()))
        self._dispatch()
        return answer

    def _dispatch(self) -> None:
        """Start trips to the worker while there are jobs waiting and trips to spare."""
        while self._waiting and self._flying < self._trips:
            batch = [self._waiting.popleft() for _ in range(min(BATCH, len(self._waiting)))]
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
            texts = await asyncio.wait_for(
                asyncio.get_running_loop().run_in_executor(self.executor, worker.choose_many, jobs),
                timeout=sum(job.seconds for job in jobs) * 4 + 20,
            )
            STAGES.since("bot.worker", start)
        except Exception as exc:  # a stuck or lost worker: these moves fail, the tables go on
            log.warning("bot worker failed on %d moves: %s", len(jobs), type(exc).__name__)
        finally:
            self._flying -= 1
            self._dispatch()
        await _hand_out([answer for _, answer, _ in batch], texts)

    async def think(self, work: Callable[..., Any], *args: Any, timeout: float) -> Any:
        """``work(*args)`` in the worker process, queued with the bots' trips in its executor."""
        return await asyncio.wait_for(
            asyncio.get_running_loop().run_in_executor(self.executor, work, *args), timeout=timeout
        )

    def _arm_clock(self, table_id: str, clock: tuple[int, float] | None) -> None:
        old = self._clocks.pop(table_id, None)
        if old is not None:
            old.cancel()
        if clock is None:
            return
        loop = asyncio.get_running_loop()
        import time

        delay = max(0.0, clock[1] - time.time())

        def fire() -> None:
            self._clocks.pop(table_id, None)
            task = loop.create_task(self._check(table_id, timeout=True))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        self._clocks[table_id] = loop.call_later(delay, fire)

    def stop(self) -> None:
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


class PgListener:
    """LISTENs on the store's channel in a thread; each notice ``"table seq"`` calls ``on_notice``."""

    def __init__(self, url: str, channel: str, on_notice: Callable[[str, int], None]) -> None:
        self.url = url
        self.channel = channel
        self.on_notice = on_notice
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="riverbox-listen", daemon=True)
        self.ready = threading.Event()

    def start(self) -> None:
        self._thread.start()
        self.ready.wait(10)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f'LISTEN "{self.channel}"')
                    self.ready.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            table_id, _, seq = note.payload.partition(" ")
                            with contextlib.suppress(ValueError):
                                self.on_notice(table_id, int(seq))
            except Exception as exc:  # reconnect after a dropped connection
                log.warning("LISTEN connection lost (%s); reconnecting", type(exc).__name__)
                self._stop.wait(1.0)


def listen_url(sqlalchemy_url: str) -> str:
    """The libpq URL psycopg connects with, from the store's SQLAlchemy URL."""
    from sqlalchemy.engine import make_url

    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


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
