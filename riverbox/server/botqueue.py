"""Bot moves and hints through a job queue in Redis (arq), answered by ``riverbox bot-worker`` processes.

With ``riverbox serve --redis URL --bot-queue`` the server thinks for no bot itself: each bot
move (and hint) becomes an arq job in Redis, and any number of ``riverbox bot-worker --redis
URL`` processes, on this machine or others, take them. The in-process pool
(:mod:`riverbox.server.botpool`) stays the default.

**What a job carries.** Only what the seat may know: the server builds the same
:class:`~riverbox.server.service.BotJob` as for its own pool, then hands the queue the
position *determinized from the seat* (:meth:`State.determinize`: everything the seat cannot
see re-dealt at random, a fresh SplitMix64 generator, chance the seat did not see redacted),
as JSON. No table secret, no other seat's hidden cards, no chat ever reaches Redis or a
worker. Jobs and results are JSON, not pickles, so a Redis that someone else can write to
cannot run code in the servers or workers.

**Bounds and retries.** The worker applies the same caps as the in-process pool: the bot spec
must pass :func:`~riverbox.server.botpolicy.check_table_bot`, its budgets are cut to
:data:`~riverbox.server.botpolicy.BUDGET_CAPS`, and each move is stopped at the table's CPU cap
(:func:`riverbox.server.worker.decide`), in a supervised pool of processes (a worker process that
dies is replaced and the job tried again). A job whose ``bot-worker`` dies (SIGKILL, a lost
machine) is taken again by another worker once its in-progress mark lapses (``--job-timeout``
plus 10 s); a job tried ``MAX_TRIES`` times, or with no answer within ``QUEUE_WAIT``, gets a
random legal move from the server, so no table waits on a bot for ever.

**Several servers.** A move's job id is its table, seq, seat and kind: two servers that see the
same bot to move ask once, wait for the same answer, and the store lets one of them play it.

**Woken, not polling.** arq's own way is to poll: a server for its answer, a worker for new jobs.
Polled every 50 ms, that cost a move 45 ms on average and the idle worker 20 Redis commands a
second. Instead a server PUBLISHes a new job's id on ``<queue>:new`` (every worker wakes and looks
at the queue at once), and a worker PUBLISHes a finished job's id on ``<queue>:done`` once arq has
stored its result (after arq's ``finish_job``, whose transaction writes the result and takes the
job off the queue), and each server's one subscription wakes whoever waits for it. Pub/sub is not
kept: a message sent while a subscriber reconnects is lost. So both sides still look on their
own, slowly (:data:`SAFETY_POLL`, :data:`WORKER_POLL`), and a (re)subscription wakes every
waiter; a lost message costs at most that second, never the move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from starlette.concurrency import run_in_threadpool

from riverbox.core.game import State
from riverbox.server import worker
from riverbox.server.botpolicy import OverBudget, check_table_bot
from riverbox.server.service import MAX_BOT_SECONDS, BotJob, Tables
from riverbox.server.table import make_game

log = logging.getLogger("riverbox.server")

DEFAULT_QUEUE = "riverbox:bots"
"""The queue's name in Redis (``--queue-name``: servers and workers of one site share it)."""
QUEUE_WAIT = 120.0
"""Longest a server waits for a queued move's answer before it plays a random legal move."""
JOB_TIMEOUT = 60.0
"""A worker's time for one job (``bot-worker --job-timeout``); a job of a dead worker is taken
again this long plus 10 s after it started."""
MAX_TRIES = 3
"""Tries of one job (a worker process that died or hung, a worker that vanished)."""
KEEP_RESULT = 600.0
"""Seconds an answer stays in Redis: a server asking again for the same move gets the same one."""
SAFETY_POLL = 1.0
"""Longest a waiting server goes without looking for its answer (a ``<queue>:done`` notice may be lost)."""
WORKER_POLL = 1.0
"""Longest an idle worker goes without looking at the queue (a ``<queue>:new`` notice may be lost;
a dead worker's job, taken again when its mark lapses, is noticed only so)."""
RETRY_DEFER = 0.1
"""Seconds before a job that failed in a worker is tried again."""
RECONNECT_SECONDS = 1.0
"""Pause before subscribing again after the Redis connection of a subscription was lost."""
WARM_SECONDS = 300.0
"""Longest a worker's processes may take to start and import the games before it takes jobs."""
QUEUE_TRIPS = 32
"""Trips of the bot driver under way at once in queue mode (each waits on Redis, not on a core)."""


def dumps(value: Any) -> bytes:
    """arq's serializer here: JSON (a pickle from Redis could run code)."""
    return json.dumps(value, default=str).encode()


def loads(raw: bytes) -> Any:
    return json.loads(raw)


def seat_job(tables: Tables, job: BotJob) -> dict[str, Any]:
    """The queue's job for ``job``: the position as ``job.seat`` knows it, and the bot's budget.

    The position is the table's at ``job.seq`` (rebuilt from the job's moves if the table moved
    on meanwhile), determinized from the seat with the bot's own seed, so a job asked twice is
    the same job.
    """
    known: State | None = None
    with tables.locked(job.table) as table:
        if table.seq == job.seq:
            known = table.state.determinize(job.seat, job.bot_seed)
    if known is None:
        state = make_game(job.game, job.options).new_state(job.seed, job.generator)
        for seat, text in job.moves:
            state.apply(state.game.parse_action(text, state), seat)
        known = state.determinize(job.seat, job.bot_seed)
    return {
        "table": job.table,
        "game": job.game,
        "options": job.options,
        "state": known.to_json(),
        "seat": job.seat,
        "bot": job.bot,
        "bot_seed": job.bot_seed,
        "seconds": job.seconds,
        "seq": job.seq,
        "kind": job.kind,
    }


def new_channel(queue: str) -> str:
    """Where servers announce a queued job (workers then look at the queue at once)."""
    return f"{queue}:new"


def done_channel(queue: str) -> str:
    """Where workers announce a finished job's id (its result is stored by then)."""
    return f"{queue}:done"


class Notices:
    """One Redis pub/sub subscription, kept open: each message's text goes to ``heard``.

    After each (re)subscription ``heard(None)``: messages sent while it was away are lost, so
    whoever waits should look again.
    """

    def __init__(self, redis: Any, channel: str, heard: Callable[[str | None], None]) -> None:
        self.redis = redis
        self.channel = channel
        self.heard = heard
        self.subscribed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self, seconds: float = 10.0) -> None:
        """Subscribe (waiting up to ``seconds`` for it; without it, the slow polls still answer)."""
        self._task = asyncio.get_running_loop().create_task(self._listen())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.subscribed.wait(), seconds)

    async def _listen(self) -> None:
        while True:
            try:
                pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                async with pubsub:
                    await pubsub.subscribe(self.channel)
                    self.subscribed.set()
                    self.heard(None)
                    async for message in pubsub.listen():
                        data = message.get("data")
                        if isinstance(data, bytes):
                            self.heard(data.decode("utf-8", "replace"))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.subscribed.clear()
                log.warning("bot queue subscription lost (%s); subscribing again", type(exc).__name__)
                await asyncio.sleep(RECONNECT_SECONDS)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def announce(redis: Any, channel: str, text: str) -> None:
    """PUBLISH, best effort: a notice that cannot go only costs the other side its slow poll."""
    try:
        await redis.publish(channel, text)
    except Exception as exc:
        log.warning("bot queue notice not published (%s)", type(exc).__name__)


def move_id(queue: str, job: BotJob) -> str:
    """A move's job id: the same for every server that sees the same bot to move."""
    return f"{queue}:{job.table}:{job.seq}:{job.seat}:{job.kind}"


class QueuePool:
    """:class:`~riverbox.server.botpool.BotPool`'s ``run``, answered by workers through Redis."""

    def __init__(
        self,
        tables: Tables,
        url: str,
        queue: str = DEFAULT_QUEUE,
        wait: float = QUEUE_WAIT,
        safety_poll: float = SAFETY_POLL,
    ) -> None:
        self.tables = tables
        self.url = url
        self.queue = queue
        self.wait = wait
        self.safety_poll = safety_poll
        self.redis: Any = None
        self.notices: Notices | None = None
        self._waiting: dict[str, set[asyncio.Event]] = {}

    async def start(self) -> None:
        from arq.connections import RedisSettings, create_pool

        self.redis = await create_pool(
            RedisSettings.from_dsn(self.url),
            default_queue_name=self.queue,
            job_serializer=dumps,
            job_deserializer=loads,
        )
        self.notices = Notices(self.redis, done_channel(self.queue), self._heard)
        await self.notices.start()

    def _heard(self, job_id: str | None) -> None:
        """A job is done (or, None, notices may have been missed): its waiters look now."""
        if job_id is None:
            woken = [event for events in self._waiting.values() for event in events]
        else:
            woken = list(self._waiting.get(job_id, ()))
        for event in woken:
            event.set()

    async def run(self, work: Callable[..., Any], *args: Any, timeout: float) -> Any:
        """``worker.choose_many(jobs)`` (None for a move with no answer) or ``worker.hint(job, lang)``."""
        if work is worker.choose_many:
            jobs: list[BotJob] = args[0]
            return list(await asyncio.gather(*(self._move(job) for job in jobs)))
        if work is worker.hint:
            job, lang = args
            job_id = f"{self.queue}:hint:{secrets.token_hex(8)}"
            return await self._ask("bot_hint", job_id, job, min(timeout, self.wait), lang)
        raise TypeError(f"the bot queue runs bot moves and hints, not {getattr(work, '__name__', work)}")

    async def _move(self, job: BotJob) -> str | None:
        try:
            answer = await self._ask("bot_move", move_id(self.queue, job), job, self.wait)
        except Exception as exc:  # the driver plays a random legal move instead
            log.warning("queued bot move for table %s failed (%s)", job.table, type(exc).__name__)
            return None
        return answer if isinstance(answer, str) else None

    async def _ask(self, function: str, job_id: str, job: BotJob, wait: float, *extra: Any) -> Any:
        payload = await run_in_threadpool(seat_job, self.tables, job)
        return await self.ask(function, job_id, wait, payload, *extra)

    async def ask(self, function: str, job_id: str, wait: float, *args: Any) -> Any:
        """Queue ``function(*args)`` as job ``job_id`` (unless it is queued or answered already) and
        wait up to ``wait`` seconds for its result (``TimeoutError`` after)."""
        queued = await self.redis.enqueue_job(function, *args, _job_id=job_id, _expires=wait)
        if queued is not None:  # a job someone else queued was announced by them
            await announce(self.redis, new_channel(self.queue), job_id)
        return await self.result(job_id, wait)

    async def result(self, job_id: str, wait: float) -> Any:
        """Job ``job_id``'s result, as arq's ``Job.result``, woken by the worker's notice.

        Each look is arq's own (the result, else whether the job is still queued), made when a
        notice for the job came, after a (re)subscription, or ``safety_poll`` seconds after the
        last look, whichever is first. The waiter is registered before the first look, so a notice
        that comes while a look is under way is not missed.
        """
        from arq.constants import result_key_prefix
        from arq.jobs import ResultNotFound, SerializationError, deserialize_result

        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        woken = asyncio.Event()
        self._waiting.setdefault(job_id, set()).add(woken)
        try:
            while True:
                woken.clear()
                async with self.redis.pipeline(transaction=True) as tr:
                    tr.get(result_key_prefix + job_id)
                    tr.zscore(self.queue, job_id)
                    raw, score = await tr.execute()
                if raw:
                    info = deserialize_result(raw, deserializer=loads)
                    if info.success:
                        return info.result
                    if isinstance(info.result, BaseException):
                        raise info.result
                    raise SerializationError(str(info.result))
                if score is None:
                    raise ResultNotFound(f"job {job_id} is neither queued nor answered")
                left = deadline - loop.time()
                if left <= 0:
                    raise TimeoutError
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(woken.wait(), min(self.safety_poll, left))
        finally:
            events = self._waiting.get(job_id)
            if events is not None:
                events.discard(woken)
                if not events:
                    del self._waiting[job_id]

    def shutdown(self) -> None:
        """Stop listening and close the connection pool (on the loop, when it is still running)."""
        redis, notices = self.redis, self.notices
        self.redis = self.notices = None
        if redis is not None:
            with contextlib.suppress(RuntimeError):  # no loop: the process is ending anyway
                asyncio.get_running_loop().create_task(_close(notices, redis))


async def _close(notices: Notices | None, redis: Any) -> None:
    if notices is not None:
        await notices.stop()
    await redis.aclose()


# -- the worker side (``riverbox bot-worker``) ----------------------------------------------


def known_state(payload: dict[str, Any]) -> State:
    """The job's position; ``ValueError`` unless it is a determinized one (a seat's knowledge)."""
    game = make_game(str(payload["game"]), dict(payload["options"]))
    state = game.state_from_json(payload["state"])
    if not state.determinized:
        raise ValueError("a queued bot job must carry a determinized position")
    return state


def _budget(payload: dict[str, Any]) -> float:
    return min(float(payload["seconds"]), MAX_BOT_SECONDS)


def remote_choose(payload: dict[str, Any]) -> str | None:
    """A queued move, in a worker process: the same caps as the server's pool; None if the bot failed."""
    try:
        state = known_state(payload)
        bot = check_table_bot(str(payload["bot"]), state.game)
        return worker.decide(state, int(payload["seat"]), bot, _budget(payload), int(payload["bot_seed"]))
    except Exception as exc:  # the server plays a random legal move for it
        log.warning("bot %s failed (%s)", payload.get("bot"), type(exc).__name__)
        return None


def remote_hint(payload: dict[str, Any], lang: str) -> dict[str, Any]:
    """A queued hint, in a worker process (see :func:`riverbox.server.worker.advise`)."""
    state = known_state(payload)
    seat, seed, seq = int(payload["seat"]), int(payload["bot_seed"]), int(payload["seq"])
    return worker.advise(state, seat, _budget(payload), seed, seq, lang)


async def bot_move(ctx: dict[str, Any], payload: dict[str, Any]) -> str | None:
    """arq job: one bot move."""
    return await _think(ctx, remote_choose, payload)


async def bot_hint(ctx: dict[str, Any], payload: dict[str, Any], lang: str) -> dict[str, Any]:
    """arq job: one hint."""
    answer: dict[str, Any] = await _think(ctx, remote_hint, payload, lang)
    return answer


async def _think(ctx: dict[str, Any], work: Callable[..., Any], *args: Any) -> Any:
    """``work(*args)`` in the worker's supervised pool; a lost or stuck process: the job again."""
    from arq.worker import Retry

    try:
        return await ctx["pool"].run(work, *args, timeout=ctx["think_timeout"])
    except (BrokenProcessPool, TimeoutError, OverBudget) as exc:
        log.warning("bot job failed (%s); trying it again", type(exc).__name__)
        raise Retry(defer=RETRY_DEFER) from None
