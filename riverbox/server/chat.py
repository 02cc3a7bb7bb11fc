"""Table chat: who may say what, how often, and how a line reaches the table's sockets.

A line is stored with the table (``chat`` rows, see :mod:`riverbox.store.social`) and sent to
every socket of the table as ``{"type": "chat", ...}``. It names its sender by seat and name
only: a token opens the seat and is never stored, echoed or logged. Bots are never told: a
bot's move is worked out from a :class:`~riverbox.server.service.BotJob` (the game's moves
only) and no socket is a bot's, so chat cannot steer or inform a bot.

Spectators may chat unless the table's host (its first human seat, the creator's) muted them.
Every sender has a token bucket (``BURST`` lines at once, then one every ``REFILL_SECONDS``);
an empty bucket is refused with 429 and the seconds to wait. Buckets live in the process: with
several server processes a sender may get one bucket per process, still a hard bound.
"""

from __future__ import annotations

import json
import math
import threading
import time
import unicodedata
from dataclasses import asdict
from typing import Any

from riverbox.server.live import Hub
from riverbox.server.service import Tables
from riverbox.server.table import Refused, server_text
from riverbox.store import social
from riverbox.store.social import ChatRow

CHAT_LIMIT = 300
"""Most characters in one chat line."""
NAME_LIMIT = 40
"""Most characters in a spectator's chosen name."""
BURST = 5
"""Lines a sender may send at once before the rate limit applies."""
REFILL_SECONDS = 2.0
"""One more line is allowed every this many seconds (up to ``BURST``)."""
BUCKETS = 65536
"""Senders remembered (the buckets are emptied when more are seen; a bound on memory)."""


class RateLimited(Refused):
    """A sender's bucket is empty: 429, and ``retry_after`` whole seconds to wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            429, server_text("too many chat messages; wait {seconds} s and send again", seconds=retry_after)
        )
        self.retry_after = retry_after


class Buckets:
    """Token buckets per sender: ``burst`` at once, refilled at one per ``refill`` seconds."""

    def __init__(self, burst: int = BURST, refill: float = REFILL_SECONDS) -> None:
        self.burst = burst
        self.refill = refill
        self._level: dict[Any, tuple[float, float]] = {}
        self._guard = threading.Lock()

    def take(self, key: Any, now: float) -> float:
        """Take one token for ``key``: 0.0 if there was one, else the seconds until there is."""
        with self._guard:
            level, then = self._level.get(key, (float(self.burst), now))
            level = min(float(self.burst), level + (now - then) / self.refill)
            if level < 1.0:
                self._level[key] = (level, now)
                return (1.0 - level) * self.refill
            if len(self._level) >= BUCKETS:
                self._level.clear()
            self._level[key] = (level - 1.0, now)
            return 0.0


def clean_line(text: str, limit: int = CHAT_LIMIT) -> str:
    """A chat line as stored: one line, no control characters, trimmed; 422 if empty or too long.

    Escaping is the page's job (it sets text, never HTML); this keeps a line from breaking the
    page's layout (newlines, bidi overrides, zero-width tricks are control or format characters).
    """
    cleaned = "".join(
        " " if ch in "\r\n\t" else ch
        for ch in text
        if unicodedata.category(ch) not in ("Cc", "Cf") or ch in "\r\n\t"
    ).strip()
    if not cleaned:
        raise Refused(422, server_text("a chat message cannot be empty"))
    if len(cleaned) > limit:
        raise Refused(422, server_text("a chat message is limited to {limit} characters", limit=limit))
    return cleaned


def chat_json(row: ChatRow) -> dict[str, Any]:
    """What anyone at the table (seats, spectators, the replay) is told of a chat entry."""
    return asdict(row)


def chat_message(row: ChatRow) -> str:
    """The WebSocket message of a chat entry."""
    return json.dumps({"type": "chat", **chat_json(row)}, ensure_ascii=False)


class Chat:
    """The chat of every table of one server: checks, storage, live delivery."""

    def __init__(self, tables: Tables, hub: Hub) -> None:
        self.tables = tables
        self.hub = hub
        self.buckets = Buckets()

    def host(self, table_id: str) -> int | None:
        """The seat that may mute spectators: the first human seat (the creator's)."""
        seats = self.tables.seats(table_id)
        humans = [s.seat for s in seats if s.kind == "human"]
        return humans[0] if humans else None

    def lines(self, table_id: str, after: int = 0) -> dict[str, Any]:
        """A table's chat, the host's mutes included (404 for no table), and whether spectators are muted."""
        self.tables.summary(table_id)
        rows = social.chat(self.tables.store, table_id, after)
        return {
            "messages": [chat_json(r) for r in rows],
            "muted": social.spectators_muted(self.tables.store, table_id),
            "limit": CHAT_LIMIT,
        }

    def say(self, table_id: str, token: str | None, text: str, name: str | None, sender: str) -> ChatRow:
        """Store one line from ``token``'s seat (None: a spectator called ``name``; ``sender`` tells
        spectators apart for the rate limit). Refused: 403 muted, 404, 422 bad line, 429 too fast."""
        seat = self.tables.seat_of(table_id, token)
        line = clean_line(text)
        summary = self.tables.summary(table_id)
        if seat is None:
            if social.spectators_muted(self.tables.store, table_id):
                raise Refused(403, server_text("the host has muted spectators at this table"))
            shown = "" if name is None else clean_line(name, NAME_LIMIT) if name.strip() else ""
        else:
            row = next(s for s in self.tables.seats(table_id) if s.seat == seat)
            shown = row.name or ""
        key = (table_id, seat) if seat is not None else (table_id, None, sender)
        wait = self.buckets.take(key, time.monotonic())
        if wait > 0:
            raise RateLimited(max(1, math.ceil(wait)))
        return social.add_chat(
            self.tables.store, table_id, int(summary["seq"]), "say", seat, shown, line, time.time()
        )

    def mute(self, table_id: str, token: str | None, muted: bool) -> ChatRow:
        """The host mutes (or unmutes) the spectators; 403 for anyone else."""
        seat = self.tables.seat_of(table_id, token)
        if seat is None or seat != self.host(table_id):
            raise Refused(403, server_text("only the table's host can mute spectators"))
        summary = self.tables.summary(table_id)
        kind = "mute" if muted else "unmute"
        return social.add_chat(
            self.tables.store, table_id, int(summary["seq"]), kind, seat, "", None, time.time()
        )

    async def deliver(self, table_id: str, row: ChatRow) -> None:
        """Send a chat entry to every socket of the table (seats and spectators alike), on every
        server process (through the hub's fan-out)."""
        self.hub.broadcast(table_id, chat_message(row))
