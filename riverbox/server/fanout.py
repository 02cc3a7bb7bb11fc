"""How a change one server process commits reaches the sockets of every other process.

One small interface, :class:`Fanout`, with three transports:

- :class:`LocalFanout`: one process (SQLite): nothing to send, the process hears its own changes.
- :class:`PgFanout` (the default on PostgreSQL): the store NOTIFYs each committed change inside
  its transaction (``"table seq"``), every process LISTENs on the database's channel.
- :class:`RedisFanout` (``riverbox serve --redis URL``): the store hands each transaction's
  notices over after the commit, and they are PUBLISHed on a Redis channel every process
  subscribes to; PostgreSQL then sends no NOTIFY.

A notice carries only a table id and a seq (``-1``: the seats' presence changed), never
anything a seat may not see: each process re-reads the table from the store and renders every
client's own view. Chat lines travel the same way as ``{"chat": message, "table", "from"}``
(a chat line is public to the table, and the process that stored it has already sent it to its
own sockets, so it skips the notices it sent itself).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
from collections.abc import Callable
from typing import Any

from riverbox.store.db import Notice, Store

log = logging.getLogger("riverbox.server")

OnNotice = Callable[[str, int], None]
"""Called with (table, seq) for a change committed anywhere (from any thread)."""
OnChat = Callable[[str, str], None]
"""Called with (table, chat message text) for a chat line said on another process (any thread)."""

RECONNECT_SECONDS = 1.0
"""Wait before a lost LISTEN or SUBSCRIBE connection is opened again."""


class Fanout:
    """The transport between server processes: start, pass chat on, stop.

    A committed change needs no call: the store announces it (NOTIFY, or :attr:`Store.announce`).
    This base class is the one-process transport (nothing leaves the process).
    """

    name = "local"

    def __init__(self) -> None:
        self.origin = secrets.token_hex(8)
        """This process's name in chat notices (so it skips its own)."""
        self.on_chat: OnChat | None = None

    async def start(self, on_notice: OnNotice, on_chat: OnChat) -> None:
        """Begin delivering other processes' notices to ``on_notice`` and ``on_chat``."""
        self.on_chat = on_chat

    @property
    def listening(self) -> bool:
        """Whether other processes' notices reach this one now (a cached table may then be trusted
        until a notice names a newer change); one process has no others to hear."""
        return False

    def chat(self, table_id: str, text: str) -> None:
        """Pass a chat message this process stored (and sent to its own sockets) to the others."""

    async def stop(self) -> None:
        """Stop listening (the store's notices stop too)."""

    def _payload(self, table_id: str, text: str) -> str:
        return json.dumps({"chat": text, "table": table_id, "from": self.origin}, ensure_ascii=False)

    def _received(self, payload: str, on_notice: OnNotice) -> None:
        """Dispatch one message of the channel: a chat line, or lines of ``"table seq"``."""
        if payload.startswith("{"):
            with contextlib.suppress(ValueError, KeyError, TypeError):
                data = json.loads(payload)
                if data["from"] != self.origin and self.on_chat is not None:
                    self.on_chat(str(data["table"]), str(data["chat"]))
            return
        for line in payload.splitlines():
            table_id, _, seq = line.partition(" ")
            with contextlib.suppress(ValueError):
                on_notice(table_id, int(seq))


LocalFanout = Fanout


class PgFanout(Fanout):
    """PostgreSQL LISTEN/NOTIFY on the store's channel (one per database schema)."""

    name = "postgresql"

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.listener: PgListener | None = None
        self._tasks: set[asyncio.Future[None]] = set()

    async def start(self, on_notice: OnNotice, on_chat: OnChat) -> None:
        await super().start(on_notice, on_chat)
        self.listener = PgListener(
            listen_url(self.store.url), self.store.channel, lambda p: self._received(p, on_notice)
        )
        await asyncio.get_running_loop().run_in_executor(None, self.listener.start)

    @property
    def listening(self) -> bool:
        return self.listener is not None and self.listener.ready.is_set()

    def chat(self, table_id: str, text: str) -> None:
        """NOTIFY the line in a thread (a chat line is at most a few hundred bytes, NOTIFY takes 8000)."""
        task = asyncio.get_running_loop().run_in_executor(None, self._notify, self._payload(table_id, text))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _notify(self, payload: str) -> None:
        import sqlalchemy as sa

        try:
            with self.store.engine.begin() as conn:
                conn.execute(
                    sa.text("SELECT pg_notify(:ch, :msg)"), {"ch": self.store.channel, "msg": payload}
                )
        except Exception as exc:  # the line is stored: a reload of the other processes' pages shows it
            log.warning("chat notice not sent (%s)", type(exc).__name__)

    async def stop(self) -> None:
        if self.listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.listener.stop)
            self.listener = None


class RedisFanout(Fanout):
    """Redis pub/sub (``--redis URL``): notices PUBLISHed after each commit, in commit order.

    The store's writer thread hands notices to the event loop, where one task publishes them
    one after another, so every subscriber gets a table's changes in the order they committed.
    A lost connection is opened again; notices published meanwhile are missed by that process,
    as a dropped LISTEN connection misses NOTIFYs (its pages catch up at the next change).
    """

    name = "redis"

    def __init__(self, store: Store, url: str) -> None:
        super().__init__()
        self.store = store
        self.url = url
        self.channel = f"{store.channel}:changes"
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._client: Any = None
        self.subscribed = asyncio.Event()

    async def start(self, on_notice: OnNotice, on_chat: OnChat) -> None:
        import redis.asyncio as aioredis

        await super().start(on_notice, on_chat)
        self._loop = asyncio.get_running_loop()
        self._client = aioredis.from_url(self.url)
        self._tasks = [
            self._loop.create_task(self._publish()),
            self._loop.create_task(self._listen(on_notice)),
        ]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.subscribed.wait(), 10)
        self.store.announce = self.announce

    @property
    def listening(self) -> bool:
        return self.subscribed.is_set()

    def announce(self, notices: list[Notice]) -> None:
        """The store's hook (its writer thread, after a commit): queue one message for the loop."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            text = "\n".join(f"{table_id} {seq}" for table_id, seq in notices)
            loop.call_soon_threadsafe(self._outbox.put_nowait, text)

    def chat(self, table_id: str, text: str) -> None:
        self._outbox.put_nowait(self._payload(table_id, text))

    async def _publish(self) -> None:
        while True:
            text = await self._outbox.get()
            try:
                await self._client.publish(self.channel, text)
            except Exception as exc:  # Redis is away: this notice is lost, the next one may go
                log.warning("change notice not published (%s)", type(exc).__name__)

    async def _listen(self, on_notice: OnNotice) -> None:
        while True:
            try:
                pubsub = self._client.pubsub(ignore_subscribe_messages=True)
                async with pubsub:
                    await pubsub.subscribe(self.channel)
                    self.subscribed.set()
                    async for message in pubsub.listen():
                        data = message.get("data")
                        if isinstance(data, bytes):
                            self._received(data.decode("utf-8", "replace"), on_notice)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("Redis subscription lost (%s); subscribing again", type(exc).__name__)
                await asyncio.sleep(RECONNECT_SECONDS)

    async def stop(self) -> None:
        self.store.announce = None
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()


def make_fanout(store: Store, redis_url: str | None) -> Fanout:
    """Redis when a URL is given, else PostgreSQL's NOTIFY on PostgreSQL, else nothing (one process)."""
    if redis_url:
        return RedisFanout(store, redis_url)
    if store.is_postgres:
        return PgFanout(store)
    return LocalFanout()


class PgListener:
    """LISTENs on the store's channel in a thread; each notice's payload goes to ``on_payload``."""

    def __init__(self, url: str, channel: str, on_payload: Callable[[str], None]) -> None:
        self.url = url
        self.channel = channel
        self.on_payload = on_payload
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
                            self.on_payload(note.payload)
            except Exception as exc:  # reconnect after a dropped connection
                log.warning("LISTEN connection lost (%s); reconnecting", type(exc).__name__)
                self._stop.wait(RECONNECT_SECONDS)


def listen_url(sqlalchemy_url: str) -> str:
    """The libpq URL psycopg connects with, from the store's SQLAlchemy URL."""
    from sqlalchemy.engine import make_url

    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)
