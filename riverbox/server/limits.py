"""Token-bucket rate limits per client address and per player (issue 26 item 4).

A bucket holds up to ``burst`` tokens and refills at ``per_second``; each request of a kind
takes one token from the bucket of its address and, when a player cookie names one, from the
player's. An empty bucket answers 429 with ``Retry-After`` (the seconds until a token is back)
and the request does nothing. The module knows nothing of routes: a router adopts it with
``Depends(rate_limit("kind"))``, so chat or any later kind can reuse it.

One process keeps its buckets in memory (:class:`Buckets`). Several ``riverbox serve``
processes on PostgreSQL given ``--redis URL`` share theirs in Redis (:class:`RedisBuckets`; on
SQLite there is only one process, and nothing to share), or N processes
would allow N times the limits: one Lua script takes a token from every key's bucket or from
none, atomically for all processes, on Redis's own clock (``TIME``: the processes' clocks need
not agree), and a bucket's key expires once it would be full again (a full bucket is the same
as none). A request whose Redis check fails (Redis down, slow or erring) is counted in the
process's own buckets instead, and Redis is left alone for :data:`REDIS_PAUSE` seconds: a blip
never refuses or stalls play, it only lets each process allow its own share for a moment.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from threading import Lock
from typing import Any

log = logging.getLogger("riverbox.server")


@dataclass(frozen=True)
class Rate:
    """``burst`` requests at once, then ``per_second`` on average."""

    per_second: float
    burst: int


RATES: Mapping[str, Rate] = {
    "create": Rate(2.0, 300),
    "move": Rate(50.0, 1000),
    "hint": Rate(1.0, 60),
    "chat": Rate(1.0, 20),
}
"""Defaults: generous for a person or a house full of people behind one address (and the
existing tests); a script making tables by the hundred a second is held to ``per_second``."""

KEYS = 100_000
"""Buckets kept per kind; the least recently used go first (a full bucket costs nothing to forget)."""


class RateLimited(Exception):
    """Refused for now: ``retry_after`` seconds until the request would be taken."""

    def __init__(self, kind: str, retry_after: int) -> None:
        super().__init__(f"too many {kind} requests; try again in {retry_after} s")
        self.kind = kind
        self.retry_after = retry_after


class Buckets:
    """The buckets of one kind of request, by key (an address or a player id)."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._held: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = Lock()

    def wait(self, keys: list[str]) -> float:
        """Take a token from every key's bucket and return 0, or take none and return the wait."""
        with self._lock:
            now = self.clock()
            levels = [self._level(key, now) for key in keys]
            short = [1.0 - level for level in levels if level < 1.0]
            if short:
                return max(short) / self.rate.per_second
            for key, level in zip(keys, levels, strict=True):
                self._held[key] = (level - 1.0, now)
                self._held.move_to_end(key)
            while len(self._held) > KEYS:
                self._held.popitem(last=False)
            return 0.0

    def _level(self, key: str, now: float) -> float:
        tokens, then = self._held.get(key, (float(self.rate.burst), now))
        return min(float(self.rate.burst), tokens + (now - then) * self.rate.per_second)


REDIS_SECONDS = 0.25
"""How long a shared check waits for Redis (connecting, or an answer) before the process's own
buckets decide: a round trip takes well under a millisecond, so only a sick Redis is this slow."""
REDIS_PAUSE = 5.0
"""After a failed shared check, this process counts in its own buckets for this long before
asking Redis again (so a Redis that hangs costs one slow request per pause, not every request)."""
WARN_SECONDS = 60.0
"""At most one warning of a failing Redis per this many seconds (a long outage does not flood the log)."""

TAKE = """
if redis.replicate_commands then redis.replicate_commands() end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local levels, short = {}, 0
for i, key in ipairs(KEYS) do
  local level = burst
  local held = redis.call('GET', key)
  if held then
    local tokens, at = string.match(held, '^(%S+) (%S+)$')
    level = math.min(burst, tonumber(tokens) + math.max(0, now - tonumber(at)) * rate)
  end
  levels[i] = level
  if level < 1 and 1 - level > short then short = 1 - level end
end
if short > 0 then return string.format('%.6f', short / rate) end
for i, key in ipairs(KEYS) do
  local left = levels[i] - 1
  local full = math.max(1, math.ceil((burst - left) / rate * 1000))
  redis.call('SET', key, string.format('%.17g %.6f', left, now), 'PX', full)
end
return '0'
"""
"""Take one token from every bucket in KEYS (rate ARGV[1] per second, ARGV[2] at most) or none.

Returns the seconds until all have a token (0: taken). A bucket is ``"tokens time"``, kept
until it would be full again. ``replicate_commands`` lets a script that read ``TIME`` write on
Redis before 5 (later ones always replicate a script's effects, and 7.4 drops the call)."""


class RedisBuckets:
    """Every process's buckets in one Redis: the same contract as :meth:`Buckets.wait`, async.

    ``prefix`` names the keys (the database's channel: processes sharing a database share
    buckets, a test's own schema has its own). :meth:`wait` answers None when Redis could not
    decide (the caller then counts locally) and never raises.
    """

    def __init__(
        self,
        url: str,
        prefix: str,
        clock: Callable[[], float] = time.monotonic,
        seconds: float | None = None,
    ) -> None:
        import redis.asyncio as aioredis

        self.prefix = prefix
        self.clock = clock
        self.seconds = REDIS_SECONDS if seconds is None else seconds
        """How long a check waits for Redis before it counts locally (:data:`REDIS_SECONDS`)."""
        self.client: Any = aioredis.from_url(
            url, socket_timeout=self.seconds, socket_connect_timeout=self.seconds
        )
        self.script: Any = self.client.register_script(TAKE)  # EVALSHA, loaded again if Redis forgot it
        self.paused_until = float("-inf")
        self.warned_at = float("-inf")
        self.failures = 0
        """Shared checks that fell back to the local buckets (for tests and the curious)."""

    async def wait(self, kind: str, rate: Rate, keys: list[str]) -> float | None:
        """Take a token from every key's shared bucket and return 0, or take none and return the wait;
        None if Redis failed (or is being left alone after a failure)."""
        if self.clock() < self.paused_until:
            self.failures += 1
            return None
        names = [f"{self.prefix}:{kind}:{key}" for key in keys]
        try:
            answer = await asyncio.wait_for(
                self.script(keys=names, args=[repr(rate.per_second), rate.burst]), self.seconds
            )
            return float(answer)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # down, timed out, erring, a reply that is no number
            self._failed(exc)
            return None

    def _failed(self, exc: Exception) -> None:
        now = self.clock()
        self.failures += 1
        self.paused_until = now + REDIS_PAUSE
        if now - self.warned_at >= WARN_SECONDS:
            self.warned_at = now
            log.warning(
                "rate limits: Redis failed (%s: %s); counting in this process's own buckets for now",
                type(exc).__name__,
                exc,
            )

    async def close(self) -> None:
        try:
            await self.client.aclose()
        except Exception as exc:  # a client that never connected has nothing to close
            log.debug("rate-limit Redis client not closed cleanly (%s)", type(exc).__name__)


class Limiter:
    """Every kind's buckets, scaled: ``scale`` 2 allows twice the defaults, 0 turns limits off.

    :meth:`check` counts in this process's buckets; :meth:`acheck` (on the event loop) in the
    :attr:`shared` ones when the server has Redis, else the same local ones.
    """

    def __init__(self, scale: float = 1.0, rates: Mapping[str, Rate] = RATES) -> None:
        self.off = scale == 0
        self.rates = {
            kind: Rate(r.per_second * scale, max(1, round(r.burst * scale))) for kind, r in rates.items()
        }
        self.buckets = {kind: Buckets(rate) for kind, rate in self.rates.items()}
        self.shared: RedisBuckets | None = None
        """Set while a server with ``--redis`` runs: the buckets all its processes share."""

    def check(self, kind: str, keys: list[str]) -> None:
        """Raise :class:`RateLimited` if any of ``keys`` has no token left for ``kind`` (here only)."""
        if self.off:
            return
        _refuse(kind, self.buckets[kind].wait(keys))

    async def acheck(self, kind: str, keys: list[str]) -> None:
        """:meth:`check` against the buckets every process shares, or this process's own when
        there are none or Redis failed (see :class:`RedisBuckets`)."""
        if self.off:
            return
        shared = self.shared
        wait = None if shared is None else await shared.wait(kind, self.rates[kind], keys)
        _refuse(kind, self.buckets[kind].wait(keys) if wait is None else wait)


def _refuse(kind: str, wait: float) -> None:
    if wait > 0:
        raise RateLimited(kind, max(1, math.ceil(wait)))


def keys_of(host: str | None, player_id: str | None) -> list[str]:
    """The keys counted for a client: its address, and its player when it has one.

    REST requests and socket messages share these keys, so a client cannot double its allowance
    by sending its moves or chat over the other channel.
    """
    keys = [f"ip:{host or 'unknown'}"]
    if player_id is not None:
        keys.append(f"player:{player_id}")
    return keys
