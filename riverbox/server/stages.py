"""Where a move's time goes: wall-clock timings of the server's stages, for ``serve-bench``.

Each stage (parsing the request, waiting for a thread, the commit, the rebuild, encoding a
seat's state, sending it, a bot's trip through its worker...) records how long it took. The
server keeps the newest samples of each stage in memory and shows them at ``GET /api/stages``
only when it runs with ``RIVERBOX_STAGE_TIMES=1`` (the benchmark starts its server so);
recording is cheap enough to stay on always.
"""

from __future__ import annotations

import gc
import os
import statistics
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

KEEP = 50_000
"""Samples kept per stage (the newest): a bound on memory in a long-running server."""

ENV = "RIVERBOX_STAGE_TIMES"


def enabled() -> bool:
    """True when the server shows its stage timings (``RIVERBOX_STAGE_TIMES=1``)."""
    return os.environ.get(ENV, "") not in ("", "0")


class Stages:
    """Samples (seconds) per stage name; safe to record from any thread."""

    def __init__(self) -> None:
        self._samples: dict[str, deque[float]] = {}
        self._guard = threading.Lock()

    def add(self, stage: str, seconds: float) -> None:
        samples = self._samples.get(stage)
        if samples is None:
            with self._guard:
                samples = self._samples.setdefault(stage, deque(maxlen=KEEP))
        samples.append(seconds)

    def since(self, stage: str, start: float) -> None:
        """Record the time from ``start`` (a ``time.perf_counter()`` reading) until now."""
        self.add(stage, time.perf_counter() - start)

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.since(stage, start)

    def clear(self) -> None:
        with self._guard:
            self._samples.clear()

    def report(self) -> dict[str, dict[str, Any]]:
        """Per stage: count, mean, p50, p99 and max in milliseconds (``*_count`` stages are counts)."""
        with self._guard:
            names = sorted(self._samples)
        out = {}
        for name in names:
            values = sorted(self._samples[name])
            if not values:
                continue
            scale = 1.0 if name.endswith("_count") else 1000.0
            out[name] = {
                "n": len(values),
                "mean": round(statistics.fmean(values) * scale, 3),
                "p50": round(_quantile(values, 0.50) * scale, 3),
                "p99": round(_quantile(values, 0.99) * scale, 3),
                "max": round(values[-1] * scale, 3),
            }
        return out


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` (nearest rank)."""
    return values[min(len(values) - 1, int(q * len(values)))]


STAGES = Stages()
"""The server process's timings (one server per process)."""


def watch_gc(stages: Stages = STAGES) -> None:
    """Record every garbage collection's pause as stage ``gc.pause`` and ``gc.pause.genN`` (2: a full one).

    A collection stops every thread holding the GIL, the event loop first; the long ones
    (generation 2 walks every object the process holds) land in the latency's tail.
    """
    started: list[float] = [0.0]

    def timer(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
            return
        pause = time.perf_counter() - started[0]
        stages.add("gc.pause", pause)
        stages.add(f"gc.pause.gen{info.get('generation')}", pause)

    gc.callbacks.append(timer)
