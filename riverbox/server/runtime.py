"""What one server holds while it runs: the store, the tables, the sockets, the bot driver.

A typed object in place of a dict of services: the routers reach it through
:func:`riverbox.server.deps.runtime`, and the lifespan fills in what exists only while the
server runs (the event loop, the bot driver, the writer lock, the presence pool).
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from fastapi.templating import Jinja2Templates

from riverbox.server.botpool import BotPool
from riverbox.server.botqueue import QueuePool
from riverbox.server.caps import BOT_TABLES, OPEN_TABLES, Caps, Openings
from riverbox.server.chat import Chat
from riverbox.server.fanout import Fanout
from riverbox.server.limits import Limiter
from riverbox.server.live import TAKEOVER_SECONDS, BotDriver, Hub
from riverbox.server.players import Players
from riverbox.server.ratings import RatingKeeper
from riverbox.server.service import Tables
from riverbox.server.stages import STAGES
from riverbox.server.webhook import TurnAlerts
from riverbox.store.db import Store, WriterLock

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("riverbox.server")


@dataclass
class Settings:
    db_url: str
    bot_workers: int = 1
    """Bot worker processes (``riverbox serve --bot-workers``; it defaults to the cores less one)."""
    allowed_origins: tuple[str, ...] = ()
    rate_scale: float = 1.0
    """Multiplies every rate limit (``riverbox serve --rate-scale``): 2 allows twice as many
    requests, 0 turns the limits off (the load benchmark, which drives hundreds of tables from
    one address)."""
    open_tables: int = OPEN_TABLES
    """Unfinished tables one address or player may keep (``riverbox serve --open-tables``)."""
    bot_tables: int = BOT_TABLES
    """Of those, all-bot tables (``--bot-tables``; 0 refuses them outright)."""
    expire_days: float | None = None
    """Tables nobody moved at for this many days end as abandoned (``--expire-days``; None: never)."""
    redis_url: str | None = None
    """Redis (``riverbox serve --redis``): live updates and chat between processes go through its
    pub/sub instead of PostgreSQL's NOTIFY."""
    bot_queue: bool = False
    """Bot moves and hints go to ``riverbox bot-worker`` processes through Redis (``--bot-queue``)."""
    queue_name: str = "riverbox:bots"
    """The bot queue's name in Redis (``--queue-name``)."""
    takeover_seconds: float = TAKEOVER_SECONDS
    """With several processes, how long a table another process changed waits before this one
    plays its bots and clock (``--takeover``; see :meth:`BotDriver.heard`)."""
    freeze_gc: bool = False
    """Move every object alive once the server has started out of the collector's sight
    (``gc.freeze``): ``riverbox serve`` sets it, a test harness running many apps in one
    process does not (what it froze would never be collected)."""


@dataclass(eq=False)
class Runtime:
    """The services of one app; built by :meth:`build`, started and stopped by the app's lifespan."""

    settings: Settings
    store: Store
    tables: Tables
    hub: Hub
    templates: Jinja2Templates
    players: Players
    """People who keep their seats (a name and a key in a cookie)."""
    chat: Chat
    """Table chat: checks, storage, live delivery."""
    ratings: RatingKeeper
    """Rates each rated table once it ends."""
    turn_alerts: TurnAlerts
    """Posts a player's webhook when their turn comes."""
    loop: asyncio.AbstractEventLoop | None = None
    """The event loop the server runs on (set by the lifespan): store callbacks come from threads."""
    driver: BotDriver | None = None
    """Plays bot seats and clock expiries (exists while the server runs)."""
    bot_pool: BotPool | None = None
    """The supervised worker processes that think for bots and hints (while the server runs)."""
    bot_queue: QueuePool | None = None
    """Instead of ``bot_pool``: the Redis queue that ``riverbox bot-worker`` processes answer."""
    fanout: Fanout | None = None
    """How changes and chat reach the other server processes (while the server runs)."""
    writer: WriterLock | None = None
    """SQLite: the lock that makes this process the store's only writer."""
    writer_users: int = 0
    """Lifespans of this app running now (a test harness may start one app twice)."""
    presence_pool: ThreadPoolExecutor | None = None
    """PostgreSQL: the thread that writes which seats have sockets here."""
    gc_watched: bool = False
    limiter: Limiter = field(default_factory=Limiter)
    """Rate limits per address and player (see :mod:`riverbox.server.limits`)."""
    openings: Openings | None = None
    """Caps on the unfinished tables each address and player keeps (:mod:`riverbox.server.caps`)."""

    @classmethod
    def build(cls, settings: Settings) -> Runtime:
        """The services for ``settings``' database, wired to tell each other of changes."""
        store = Store(settings.db_url, STAGES.add)
        templates = Jinja2Templates(directory=str(WEB / "templates"))
        runtime: Runtime
        tables = Tables(store, lambda table_id: runtime.on_change(table_id))
        hub = Hub(tables, lambda table_id, seat, clients: runtime.on_presence(table_id, seat, clients))
        runtime = cls(
            settings,
            store,
            tables,
            hub,
            templates,
            Players(store),
            Chat(tables, hub),
            RatingKeeper(tables),
            TurnAlerts(tables),
        )
        runtime.players.on_link = runtime.on_link
        runtime.limiter = Limiter(settings.rate_scale)
        runtime.openings = Openings(store, Caps(settings.open_tables, settings.bot_tables))
        return runtime

    def on_link(self, table_id: str, seat: int) -> None:
        """A seat became a player's (any thread): a turn alert looks at their webhook."""
        self.turn_alerts.linked(table_id, seat)
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self.turn_alerts.changed, table_id)

    def on_change(self, table_id: str) -> None:
        """A table changed (called from any thread): update its sockets and bots on the loop."""
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self._changed_on_loop, table_id)

    def _changed_on_loop(self, table_id: str) -> None:
        self.hub.changed(table_id)
        self.ratings.changed(table_id)
        self.turn_alerts.changed(table_id)
        if self.driver is not None:
            self.driver.changed(table_id)

    def on_notice(self, table_id: str, seq: int) -> None:
        """A notice from the fan-out (any thread): the next look at the table catches up with the store.

        Every process updates its own sockets and ratings. What follows a change, bot moves,
        the turn clock and turn alerts, is the committing process's (see
        :meth:`BotDriver.heard`); a negative ``seq`` (presence) changes nothing of it.
        """
        self.tables.announced(table_id, seq)
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self._noticed_on_loop, table_id, seq)

    def _noticed_on_loop(self, table_id: str, seq: int) -> None:
        self.hub.changed(table_id)
        self.ratings.changed(table_id)
        if self.driver is not None and seq >= 0:
            self.driver.heard(table_id, seq)

    def on_chat(self, table_id: str, text: str) -> None:
        """A chat line said on another process (any thread): sent to this process's sockets."""
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self.hub.relay, table_id, text)

    def on_presence(self, table_id: str, seat: int, clients: int) -> None:
        pool = self.presence_pool
        if pool is not None and self.tables.process is not None:
            pool.submit(write_presence, self.store, self.tables.process, table_id, seat, clients)


def write_presence(store: Store, process: str, table_id: str | None, seat: int, clients: int) -> None:
    """One presence change (``table_id`` None: forget all of this process's), never raising.

    A lost database connection must not break a socket's life; the heartbeat and the expiry
    of stale rows put presence right again.
    """
    try:
        if table_id is None:
            store.clear_presence(process)
        else:
            store.set_presence(process, table_id, seat, clients, time.time())
    except Exception as exc:
        log.warning("presence not written (%s)", type(exc).__name__)
