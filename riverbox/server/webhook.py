"""Turn webhooks: a POST to a player's URL when it becomes their turn at a table (turn-based play).

The body is the table's link and nothing else (``{"event": "turn", "table": URL}``): no token,
no player key, no card. A URL must be http or https (anything else is refused when it is set).
Posts go out from a small thread pool with a timeout and a bounded number of retries, so a slow
or dead receiver never holds up a move, the event loop or another player's post; past
``QUEUE_LIMIT`` waiting posts, new ones are dropped (and logged) rather than queued forever.

Who has a webhook comes from site-core's names (``players.webhook``, ``seats.player_id``); where
the schema has no players yet, nobody has one. The table link is built from
``RIVERBOX_PUBLIC_URL`` when set (a server behind a proxy cannot know its public address),
else from the address of the last request the server answered.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from riverbox.server.service import Tables
from riverbox.server.table import Refused, server_text
from riverbox.store import schema
from riverbox.store.db import Store

log = logging.getLogger("riverbox.server")

URL_LIMIT = 512
TIMEOUT = 5.0
"""Seconds one attempt may take (connect and answer)."""
ATTEMPTS = 3
"""Most attempts per post: the first and two retries."""
BACKOFF = 0.5
"""Seconds before the first retry; each later one waits twice as long."""
QUEUE_LIMIT = 256
"""Posts waiting or under way at once; more are dropped."""
SEATS_TTL = 30.0
"""Seconds a table's seat webhooks are remembered before they are read again."""


def check_url(url: str) -> str:
    """A webhook URL as stored: http(s), with a host, at most ``URL_LIMIT`` characters; else 422."""
    url = url.strip()
    parts = urlsplit(url)
    if len(url) > URL_LIMIT:
        raise Refused(422, server_text("a webhook URL is limited to {limit} characters", limit=URL_LIMIT))
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused(422, server_text("a webhook URL must start with http:// or https:// and name a host"))
    return url


def turn_body(table_url: str) -> bytes:
    """What a webhook is told: that it is your turn, and the table's link. Nothing else."""
    return json.dumps({"event": "turn", "table": table_url}).encode()


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A webhook is posted to the URL its player gave, never where a redirect points."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def post_once(url: str, body: bytes, timeout: float = TIMEOUT) -> int:
    """One POST; its HTTP status (0 when no answer came)."""
    request = urllib.request.Request(
        url, data=body, method="POST", headers={"content-type": "application/json", "user-agent": "riverbox"}
    )
    try:
        with _OPENER.open(request, timeout=timeout) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)
    except (OSError, ValueError):
        return 0


def deliver(
    url: str,
    body: bytes,
    attempts: int = ATTEMPTS,
    backoff: float = BACKOFF,
    post: Callable[[str, bytes], int] = post_once,
) -> int:
    """Post with bounded retries (no answer, 429 and 5xx are retried; a redirect is not followed
    and ends it like any other answer); the last status."""
    status = 0
    for attempt in range(attempts):
        if attempt:
            time.sleep(backoff * 2 ** (attempt - 1))
        status = post(url, body)
        if status != 0 and status != 429 and status < 500:
            return status
    log.warning("webhook gave up after %d attempts (last status %d)", attempts, status)
    return status


class Sender:
    """Posts webhooks from its own threads; :meth:`send` returns at once."""

    def __init__(self, workers: int = 2, attempts: int = ATTEMPTS, backoff: float = BACKOFF) -> None:
        self.attempts = attempts
        self.backoff = backoff
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="riverbox-webhook")
        self._pending = 0
        self._guard = threading.Lock()

    def send(self, url: str, body: bytes) -> bool:
        """Queue one post; False (dropped) when ``QUEUE_LIMIT`` posts are already waiting."""
        with self._guard:
            if self._pending >= QUEUE_LIMIT:
                log.warning("webhook dropped: %d posts already waiting", self._pending)
                return False
            self._pending += 1
        future = self._pool.submit(deliver, url, body, self.attempts, self.backoff)
        future.add_done_callback(self._done)
        return True

    def _done(self, _future: Any) -> None:
        with self._guard:
            self._pending -= 1

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def has_players() -> bool:
    """Does the schema have site-core's players (without them nobody has a webhook)?"""
    return "players" in schema.metadata.tables


def seat_webhooks(store: Store, table_id: str) -> dict[int, str]:
    """Seat -> webhook URL of the players seated at a table (site-core's players and seats.player_id)."""
    players = schema.metadata.tables.get("players")
    column = schema.seats.c.get("player_id")
    if players is None or column is None or "webhook" not in players.c:
        return {}
    s = schema.seats.c
    query = (
        sa.select(s.seat, players.c.webhook)
        .join(players, players.c.id == column)
        .where(s.game_id == table_id, players.c.webhook.is_not(None))
    )
    with store.engine.connect() as conn:
        return {int(r[0]): str(r[1]) for r in conn.execute(query).all()}


class TurnAlerts:
    """Watches tables change (on the loop) and posts a seat's webhook when its turn comes."""

    def __init__(self, tables: Tables, sender: Sender | None = None) -> None:
        self.tables = tables
        self.sender = sender or Sender()
        self.base = os.environ.get("RIVERBOX_PUBLIC_URL", "").rstrip("/")
        self._learnt = ""
        self._moving: dict[str, frozenset[int]] = {}
        self._hooks: dict[str, tuple[float, dict[int, str]]] = {}
        self._tasks: set[asyncio.Task[list[int]]] = set()
        self._hooked: dict[str, frozenset[int]] = {}

    def forget(self) -> None:
        """A webhook was set or cleared: read every table's seats' webhooks again."""
        self._hooks.clear()

    def linked(self, table_id: str, seat: int) -> None:
        """A seat just became a player's (any thread): read the table's webhooks again at the
        next look (a seat whose webhook is new then is told if it is to move: its turn may have
        come before the seat was theirs)."""
        self._hooks.pop(table_id, None)

    def learn(self, base: str) -> None:
        """The address requests come to (used for links when RIVERBOX_PUBLIC_URL is not set)."""
        self._learnt = base.rstrip("/")

    def changed(self, table_id: str) -> None:
        """A table changed (on the loop): look in a thread whether a seat's turn just came."""
        cached = self._hooks.get(table_id)
        if not has_players() or (
            cached is not None and not cached[1] and time.monotonic() - cached[0] <= SEATS_TTL
        ):
            return  # nobody at this table has a webhook: no trip to a thread
        task = asyncio.get_running_loop().create_task(run_in_threadpool(self.look, table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def look(self, table_id: str) -> list[int]:
        """Post to each seat (with a webhook) that is to move now and was not at the last look."""
        try:
            now = time.monotonic()
            cached = self._hooks.get(table_id)
            if cached is None or now - cached[0] > SEATS_TTL:
                cached = self._hooks[table_id] = (now, seat_webhooks(self.tables.store, table_id))
            hooks = cached[1]
            if not hooks:
                self._hooked[table_id] = frozenset()
                return []
            with self.tables.locked(table_id) as table:
                moving = frozenset(() if table.state.is_over else table.state.to_move)
                first = table.seq == 0
                bots = table.bot_seats(self.tables.seats(table_id))
            before = self._moving.get(table_id, frozenset() if first else moving)
            self._moving[table_id] = moving
            fresh = frozenset(hooks) - self._hooked.get(table_id, frozenset(hooks))
            self._hooked[table_id] = frozenset(hooks)
            due = sorted(s for s in moving - (before - fresh) if s in hooks and s not in bots)
            base = self.base or self._learnt
            for seat in due:
                self.sender.send(hooks[seat], turn_body(f"{base}/tables/{table_id}"))
            return due
        except Refused:
            return []
        except Exception as exc:  # an alert must never break a table
            log.warning("turn alert failed on table %s: %s", table_id, type(exc).__name__)
            return []


class LearnBase:
    """ASGI middleware telling :class:`TurnAlerts` the address requests come to."""

    def __init__(self, app: ASGIApp, alerts: TurnAlerts) -> None:
        self.app = app
        self.alerts = alerts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self.alerts.base:
            host = dict(scope.get("headers", [])).get(b"host")
            if host:
                self.alerts.learn(f"{scope.get('scheme', 'http')}://{host.decode('latin-1')}")
        await self.app(scope, receive, send)
