"""Token-bucket rate limits per client address and per player (issue 26 item 4).

A bucket holds up to ``burst`` tokens and refills at ``per_second``; each request of a kind
takes one token from the bucket of its address and, when a player cookie names one, from the
player's. An empty bucket answers 429 with ``Retry-After`` (the seconds until a token is back)
and the request does nothing. The module knows nothing of routes: a router adopts it with
``Depends(rate_limit("kind"))``, so chat or any later kind can reuse it.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from threading import Lock


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


class Limiter:
    """Every kind's buckets, scaled: ``scale`` 2 allows twice the defaults, 0 turns limits off."""

    def __init__(self, scale: float = 1.0, rates: Mapping[str, Rate] = RATES) -> None:
        self.off = scale == 0
        self.buckets = {
            kind: Buckets(Rate(r.per_second * scale, max(1, round(r.burst * scale))))
            for kind, r in rates.items()
        }

    def check(self, kind: str, keys: list[str]) -> None:
        """Raise :class:`RateLimited` if any of ``keys`` has no token left for ``kind``."""
        if self.off:
            return
        wait = self.buckets[kind].wait(keys)
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
