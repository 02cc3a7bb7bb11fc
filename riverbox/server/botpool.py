"""The bot worker processes, supervised: a worker that dies or hangs is replaced, its work retried.

A ``ProcessPoolExecutor`` whose worker dies (the OOM killer, a native crash, SIGKILL) is broken
for good: every later bot move failed with ``BrokenProcessPool`` until the server restarted
(issue 26). Here the pool is replaced the first time any caller sees it broken or stuck, and
the caller tries again on the new one. Workers end with the server however it ends (see
:func:`riverbox.server.worker.start`).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any, Protocol

from riverbox.server import worker

log = logging.getLogger("riverbox.server")


class Pool(Protocol):
    """What the bot driver thinks with: these pools, or the queue (:mod:`riverbox.server.botqueue`)."""

    async def run(self, work: Callable[..., Any], *args: Any, timeout: float) -> Any: ...

    def shutdown(self) -> None: ...


def default_bot_workers() -> int:
    """One worker per core but one (the event loop's), and at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


class BotPool:
    """``size`` worker processes running bot moves and hints; replaced when broken or stuck."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"the bot pool needs at least one worker, not {size}")
        self.size = size
        self.generation = 0
        """How many times the pool was replaced (a broken or stuck pool is replaced once)."""
        self.closed = False
        self._executor = self._new()
        self._executor.submit(worker.warm)  # the workers start importing while the server starts

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.size,
            mp_context=get_context("spawn"),
            initializer=worker.start,
            initargs=(os.getpid(),),
        )

    async def run(self, work: Callable[..., Any], *args: Any, timeout: float) -> Any:
        """``work(*args)`` in a worker; a broken or stuck pool is replaced before the error is raised.

        The caller decides whether to try again (the bot driver does, once per trip).
        """
        executor, generation = self._executor, self.generation
        try:
            return await asyncio.wait_for(
                asyncio.get_running_loop().run_in_executor(executor, work, *args), timeout=timeout
            )
        except BrokenProcessPool:
            self._replace(generation, "a bot worker died")
            raise
        except TimeoutError:
            self._replace(generation, "a bot worker did not answer in time")
            raise

    def _replace(self, generation: int, why: str) -> None:
        """A new pool for the one of ``generation`` (unless another caller replaced it already)."""
        if generation != self.generation or self.closed:  # replaced already, or the server is stopping
            return
        log.warning("%s: replacing the bot worker pool", why)
        old = self._executor
        self.generation += 1
        self._executor = self._new()
        _stop(old)

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and monitoring)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def shutdown(self) -> None:
        self.closed = True
        _stop(self._executor)


def _stop(executor: ProcessPoolExecutor) -> None:
    """Shut ``executor`` down without waiting, and end its workers (a stuck one would linger)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()


class PlainPool:
    """Any ``Executor`` with :class:`BotPool`'s ``run`` (no replacing): for tests and in-process use."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.generation = 0

    async def run(self, work: Callable[..., Any], *args: Any, timeout: float) -> Any:
        return await asyncio.wait_for(
            asyncio.get_running_loop().run_in_executor(self.executor, work, *args), timeout=timeout
        )

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
