"""The FastAPI application: it wires the routers, the middleware and the lifespan (see :func:`create_app`).

The routes live in ``riverbox.server.routers`` by area, the dependencies they share in
``riverbox.server.deps``, the services in a :class:`~riverbox.server.runtime.Runtime`.
Every refusal is a 4xx with ``{"detail": message}``; tokens travel only in the
``Authorization`` header, the first WebSocket message or a URL fragment, never in a path or
query, so no access log ever holds one.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any

from anyio import to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from riverbox.server.botpool import BotPool, Pool
from riverbox.server.botqueue import QUEUE_TRIPS, QueuePool
from riverbox.server.deps import request_lang
from riverbox.server.expiry import sweep
from riverbox.server.failures import storage_failed
from riverbox.server.fanout import make_fanout
from riverbox.server.limits import RateLimited, RedisBuckets
from riverbox.server.live import BotDriver
from riverbox.server.lobby_form import first_field
from riverbox.server.middleware import BODY_LIMIT, BodyLimit, SecurityHeaders
from riverbox.server.routers import (
    alerts,
    chat,
    clock,
    lobby,
    pages,
    players,
    ratings,
    rematch,
    sockets,
    stages,
    tables,
)
from riverbox.server.routers.pages import game_info, printed_content, rules_html, titled
from riverbox.server.routers.sockets import HELLO_SECONDS, MESSAGE_LIMIT, origin_allowed
from riverbox.server.runtime import WEB, Runtime, Settings, write_presence
from riverbox.server.schemas import method_not_allowed
from riverbox.server.service import PRESENCE_HEARTBEAT, PRESENCE_STALE
from riverbox.server.stages import STAGES, watch_gc
from riverbox.server.stages import enabled as stages_enabled
from riverbox.server.static import ArtFiles
from riverbox.server.table import Refused
from riverbox.server.webhook import LearnBase
from riverbox.store.db import Store, WriterLock

__all__ = [
    "BODY_LIMIT",
    "HELLO_SECONDS",
    "MESSAGE_LIMIT",
    "Runtime",
    "Settings",
    "create_app",
    "game_info",
    "origin_allowed",
    "printed_content",
    "rules_html",
    "titled",
]

THREADS = 128
log = logging.getLogger("riverbox.server")


def create_app(settings: Settings) -> FastAPI:
    """The server for one database. Its lifespan starts the bot workers (or the bot queue) and the fan-out."""
    runtime = Runtime.build(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        async with _running(runtime):
            yield

    app = FastAPI(
        title="riverbox",
        summary="Tables, seats, bots and spectators for riverbox's four games.",
        version="1",
        lifespan=lifespan,
    )
    app.state.runtime = runtime
    app.state.tables = runtime.tables
    app.state.hub = runtime.hub
    app.add_middleware(BodyLimit)
    app.add_middleware(LearnBase, alerts=runtime.turn_alerts)
    app.mount("/static/art", ArtFiles(directory=WEB / "static" / "art", check_dir=False), name="art")
    app.add_middleware(SecurityHeaders)  # outermost: every answer, a 413 included, carries them
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")
    app.add_exception_handler(Refused, _refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.add_exception_handler(RateLimited, _limited)  # type: ignore[arg-type]
    app.add_exception_handler(DBAPIError, storage_failed)  # a full or read-only disk: 503, else 500
    app.add_exception_handler(OSError, storage_failed)
    app.add_exception_handler(StarletteHTTPException, method_not_allowed)  # type: ignore[arg-type]
    app.include_router(lobby.router)
    app.include_router(tables.router)
    if stages_enabled():
        app.include_router(stages.router)
    app.include_router(sockets.router)
    app.include_router(players.router)
    app.include_router(rematch.router)
    app.include_router(pages.router)
    app.include_router(clock.router)
    app.include_router(chat.router)
    app.include_router(ratings.router)
    app.include_router(alerts.router)
    return app


async def _limited(_request: Request, exc: RateLimited) -> JSONResponse:
    return JSONResponse({"detail": str(exc)}, 429, headers={"Retry-After": str(exc.retry_after)})


async def _refused(request: Request, exc: Refused) -> JSONResponse:
    field = {} if exc.field is None else {"field": exc.field}
    return JSONResponse({"detail": exc.text(request_lang(request)), **field}, exc.status)


def _unparsed(error: Any) -> bool:
    """An error about a body that was not JSON at all (broken, or sent as text), not about a value."""
    raw = tuple(error.get("loc", ())) == ("body",) and isinstance(error.get("input"), (bytes, str))
    return error.get("type") == "json_invalid" or raw


async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
    if any(_unparsed(e) for e in exc.errors()):  # not a value problem: no JSON to look at
        return JSONResponse({"detail": "the body is not valid JSON"}, 400)
    problems = [
        f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
        for e in exc.errors()
    ]
    detail = "; ".join(problems) or "invalid request"
    return JSONResponse({"detail": detail, **first_field(exc.errors())}, 422)


@asynccontextmanager
async def _running(runtime: Runtime) -> AsyncIterator[None]:
    """Start the runtime's live parts (bot workers or queue, fan-out, presence), stop them at the end."""
    settings, store, tables = runtime.settings, runtime.store, runtime.tables
    # threads mostly wait (for a commit, a table lock): let more of them wait at once
    to_thread.current_default_thread_limiter().total_tokens = THREADS
    # one lock per app: a second lifespan of the same app (a test harness) shares it
    runtime.writer_users += 1
    if runtime.writer_users == 1 and not store.is_postgres:
        runtime.writer = WriterLock(store.url)
    tables.sole_writer = runtime.writer is not None
    await run_in_threadpool(store.upgrade)
    runtime.loop = asyncio.get_running_loop()
    bot_pool: Pool
    if settings.bot_queue:  # bots think in ``riverbox bot-worker`` processes, through Redis
        if not settings.redis_url:
            raise ValueError("the bot queue needs Redis (--redis URL)")
        queue = runtime.bot_queue = QueuePool(tables, settings.redis_url, settings.queue_name)
        await queue.start()
        bot_pool = queue
        driver = runtime.driver = BotDriver(tables, queue, QUEUE_TRIPS, settings.takeover_seconds)
    else:
        bot_pool = runtime.bot_pool = BotPool(settings.bot_workers)  # supervised: a lost worker is replaced
        driver = runtime.driver = BotDriver(tables, bot_pool, settings.bot_workers, settings.takeover_seconds)
    fanout = runtime.fanout = runtime.hub.fanout = make_fanout(store, settings.redis_url)
    limiter = runtime.limiter
    # several processes share PostgreSQL: they count in the same buckets (SQLite has one process)
    if settings.redis_url and store.is_postgres and not limiter.off:
        limiter.shared = RedisBuckets(settings.redis_url, f"{store.channel}:limits")
    await fanout.start(runtime.on_notice, runtime.on_chat)
    tables.hears_notices = fanout.listening  # cached tables then stay current between notices
    beat = None
    if store.is_postgres:  # several processes may share it: say which seats are connected here
        tables.process = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
        pool = runtime.presence_pool = ThreadPoolExecutor(1, thread_name_prefix="riverbox-presence")
        beat = asyncio.get_running_loop().create_task(_heartbeat(store, tables.process, pool))
    for row in await run_in_threadpool(store.tables, ("open", "running"), 1000):
        driver.changed(row.id)
    lag = asyncio.get_running_loop().create_task(_loop_lag()) if stages_enabled() else None
    days = settings.expire_days
    expiring = None if days is None else asyncio.get_running_loop().create_task(sweep(tables, days))
    if stages_enabled() and not runtime.gc_watched:
        runtime.gc_watched = True
        watch_gc()
    if settings.freeze_gc:
        freeze_startup()
    try:
        yield
    finally:
        if lag is not None:
            lag.cancel()
        if expiring is not None:
            expiring.cancel()
        if beat is not None:
            beat.cancel()
        done = runtime.presence_pool
        if done is not None and tables.process is not None:
            runtime.presence_pool = None
            done.submit(write_presence, store, tables.process, None, 0, 0)
            await asyncio.get_running_loop().run_in_executor(None, functools.partial(done.shutdown, True))
        driver.stop()
        runtime.turn_alerts.sender.close()
        tables.hears_notices = False
        await fanout.stop()
        if limiter.shared is not None:
            shared, limiter.shared = limiter.shared, None
            await shared.close()
        runtime.hub.fanout = None
        bot_pool.shutdown()
        store.close()
        runtime.writer_users -= 1
        if runtime.writer_users == 0 and runtime.writer is not None:
            runtime.writer.release()
            runtime.writer = None


async def _heartbeat(store: Store, process: str, pool: ThreadPoolExecutor) -> None:
    """Refresh this process's presence rows and drop those of processes that died."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(PRESENCE_HEARTBEAT)
        now = time.time()
        try:
            await loop.run_in_executor(pool, store.heartbeat, process, now, now - PRESENCE_STALE)
        except Exception as exc:
            log.warning("presence heartbeat failed (%s)", type(exc).__name__)


GC_THRESHOLDS = (700, 10, 100)
"""The collector's thresholds in ``riverbox serve`` (Python's are 700, 10, 10): see :func:`freeze_startup`."""


def freeze_startup() -> None:
    """Collect once, freeze what is left (imports, app, routes, games), collect less often.

    A full collection walks every object the process holds, and the event loop stops until
    it is done: with the server's start-up objects (some 160,000) in sight, each one stopped
    the loop for 300 to 550 ms on a busy machine, the largest single cause of the slowest
    moves. Those objects live as long as the server, so nothing is lost by never looking at
    them again. The tables (some 500 objects each) still make every full collection long,
    and at a few hundred moves a second Python's thresholds ran one every few seconds:
    ``GC_THRESHOLDS`` make them ten times rarer (cycles are rare here; reference counting
    frees the states, messages and requests of every move).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def _loop_lag(period: float = 0.05) -> None:
    """Record how late the event loop wakes a sleeper: the wait every callback on it sees."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(period)
        STAGES.add("loop.lag", time.perf_counter() - start - period)
