"""A decision's CPU budget: when a search bot should stop so that it ends on time.

Checking only ``now < deadline`` before each step lets the last step run past the deadline by a
whole step (River Wild's ``strong`` answered in about 0.46 s on a 0.3 s budget, issue 28). A
:class:`Budget` also remembers the longest step so far and refuses a step that would end past the
deadline if it cost as much, so a decision overruns only by how far a step outgrows the longest
one before it.

The clock is a plain function (``time.process_time`` by default, CPU seconds of this process, so
a bot waiting for a core on a busy machine is not cut short) so a test can drive it: each search
bot keeps its clock in a ``clock`` attribute.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]
"""Seconds, counted from anywhere; only differences are read."""

CPU_CLOCK: Clock = time.process_time
"""The clock bots measure their budget with unless a test gives them another."""


class Budget:
    """``seconds`` from now on ``clock``; :meth:`more` before each step says whether to take it."""

    def __init__(self, seconds: float, clock: Clock = CPU_CLOCK) -> None:
        self.clock = clock
        self.deadline = clock() + seconds
        self._last: float | None = None
        self._step = 0.0

    def more(self) -> bool:
        """Whether one more step, as long as the longest so far, still ends by the deadline.

        Call it before every step (also the first, whose answer a caller that always takes one
        step may ignore): the time between two calls is one step's cost.
        """
        now = self.clock()
        if self._last is not None:
            self._step = max(self._step, now - self._last)
        self._last = now
        return now + self._step <= self.deadline
