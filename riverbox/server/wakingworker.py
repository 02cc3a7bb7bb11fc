"""arq's worker, woken by a notice instead of polling the queue often (``riverbox bot-worker``).

arq's worker looks at its queue (a sorted set in Redis) every ``poll_delay`` seconds: short, it
answers sooner but costs Redis commands all day; long, every move waits up to that long before a
worker sees it. arq has no blocking take (a job is claimed by marking it in progress under
WATCH, which a blocking pop cannot do without giving up deferred jobs and retries), so this worker
keeps arq's take and only changes *when* it looks: at once when a server announces a job on
``<queue>:new`` (see :mod:`riverbox.server.botqueue`), when one of its own jobs ends (a slot is
free; a job put back for a retry is due after its delay), and otherwise every ``poll_every``
seconds (a notice lost while the subscription reconnected; a dead worker's job whose mark
lapsed). After storing a job's result it announces the job's id on ``<queue>:done``, so the
servers waiting for it read it at once.

Kept separate from :mod:`riverbox.server.botqueue` so that a server without a bot queue never
imports arq's worker.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from arq.worker import Worker

from riverbox.server import worker
from riverbox.server.botqueue import (
    DEFAULT_QUEUE,
    JOB_TIMEOUT,
    KEEP_RESULT,
    MAX_TRIES,
    RETRY_DEFER,
    WARM_SECONDS,
    WORKER_POLL,
    Notices,
    announce,
    bot_hint,
    bot_move,
    done_channel,
    dumps,
    loads,
    new_channel,
)


class WakingWorker(Worker):
    """arq's :class:`~arq.worker.Worker`, looking at the queue when told and every ``poll_every`` s."""

    def __init__(self, *args: Any, poll_every: float, **kwargs: Any) -> None:
        self.poll_every = poll_every
        self._wake = asyncio.Event()
        self._looked = False
        self._notices: Notices | None = None
        self._then_start = kwargs.pop("on_startup", None)
        self._then_stop = kwargs.pop("on_shutdown", None)
        # arq's loop then never sleeps by itself: each round waits in _poll_iteration instead
        super().__init__(*args, poll_delay=0, on_startup=self._startup, on_shutdown=self._shutdown, **kwargs)

    async def _startup(self, ctx: dict[str, Any]) -> None:
        self._notices = Notices(ctx["redis"], new_channel(self.queue_name), self._heard)
        await self._notices.start()
        if self._then_start is not None:
            await self._then_start(ctx)

    async def _shutdown(self, ctx: dict[str, Any]) -> None:
        if self._notices is not None:
            await self._notices.stop()
        if self._then_stop is not None:
            await self._then_stop(ctx)

    @property
    def listening(self) -> bool:
        """Subscribed to the servers' notices of new jobs."""
        return self._notices is not None and self._notices.subscribed.is_set()

    def _heard(self, _job_id: str | None) -> None:
        self._wake.set()

    async def _poll_iteration(self) -> None:
        """arq's look at the queue, once woken (the first one at once)."""
        if self._looked:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_every)
        self._looked = True
        self._wake.clear()  # before looking: a notice during the look brings another look
        await super()._poll_iteration()

    async def finish_job(
        self,
        job_id: str,
        finish: bool,
        result_data: bytes | None,
        result_timeout_s: float | None,
        keep_result_forever: bool,
        incr_score: int | None,
        keep_in_progress: float | None,
    ) -> None:
        """arq's (the result stored and the job off the queue in one transaction), then the notices."""
        await super().finish_job(
            job_id, finish, result_data, result_timeout_s, keep_result_forever, incr_score, keep_in_progress
        )
        if finish:
            await announce(self.pool, done_channel(self.queue_name), job_id)
        elif incr_score:  # put back for a retry (ours are due RETRY_DEFER from now): look again then
            asyncio.get_running_loop().call_later(RETRY_DEFER, self._wake.set)
        self._wake.set()  # a slot is free: take the next queued job now

    async def finish_failed_job(self, job_id: str, result_data: bytes | None) -> None:
        """arq's (a job out of tries or expired: its failure stored), then the notice."""
        await super().finish_failed_job(job_id, result_data)
        await announce(self.pool, done_channel(self.queue_name), job_id)
        self._wake.set()


def run_worker(
    url: str, queue: str = DEFAULT_QUEUE, workers: int = 1, job_timeout: float = JOB_TIMEOUT
) -> None:
    """Take bot jobs from ``queue`` until stopped (SIGTERM or SIGINT end it after the jobs under way).

    ``workers`` processes think (jobs taken at once); each ends with this process however it
    ends, as the server's own pool's do.
    """
    from arq.connections import RedisSettings
    from arq.worker import func

    from riverbox.server.botpool import BotPool

    if workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if job_timeout < 2:
        raise ValueError(f"--job-timeout must be at least 2 seconds, not {job_timeout:g}")
    pool = BotPool(workers)

    async def startup(ctx: dict[str, Any]) -> None:
        ctx["pool"] = pool
        ctx["think_timeout"] = job_timeout - 1
        # no job before the processes have imported the games: a cold start is not a move's time
        await pool.run(worker.warm, timeout=WARM_SECONDS)
        print(f"riverbox bot-worker is up: {workers} process(es) on queue {queue}", flush=True)

    async def shutdown(ctx: dict[str, Any]) -> None:
        pool.shutdown()

    try:
        asyncio.set_event_loop(asyncio.new_event_loop())
        arq_worker = WakingWorker(
            functions=[func(bot_move, name="bot_move"), func(bot_hint, name="bot_hint")],
            queue_name=queue,
            redis_settings=RedisSettings.from_dsn(url),
            max_jobs=workers,
            job_timeout=job_timeout,
            max_tries=MAX_TRIES,
            keep_result=KEEP_RESULT,
            poll_every=WORKER_POLL,
            job_serializer=dumps,
            job_deserializer=loads,
            on_startup=startup,
            on_shutdown=shutdown,
            health_check_interval=30,
            log_results=False,
        )
        arq_worker.run()
    finally:
        pool.shutdown()
