"""The FastAPI application: REST API, WebSocket, pages. Build it with :func:`create_app`.

Every refusal is a 4xx with ``{"detail": message}``; tokens travel only in the
``Authorization`` header, the first WebSocket message or a URL fragment, never in a path or
query, so no access log ever holds one.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from anyio import to_thread
from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from riverbox.core.i18n import check_lang, gettext
from riverbox.server import worker
from riverbox.server.botpolicy import BARRED_BOTS
from riverbox.server.botpool import BotPool
from riverbox.server.language import LANG_COOKIE, choose_lang, page_context
from riverbox.server.live import BotDriver, Client, Hub, PgListener, json_message, listen_url, state_message
from riverbox.server.service import HINT_SECONDS, PRESENCE_HEARTBEAT, PRESENCE_STALE, SeatSpec, Tables
from riverbox.server.stages import STAGES, watch_gc
from riverbox.server.stages import enabled as stages_enabled
from riverbox.server.table import Refused, server_text
from riverbox.store.db import Store, WriterLock

WEB = Path(__file__).resolve().parent.parent / "web"
BODY_LIMIT = 64 * 1024
MESSAGE_LIMIT = 16 * 1024
HELLO_SECONDS = 10.0
THREADS = 128
log = logging.getLogger("riverbox.server")


# -- request and response shapes (they document /openapi.json) -----------------------------
class SeatIn(BaseModel):
    kind: Literal["human", "open", "bot"]
    bot: str | None = Field(None, max_length=200, description="Bot name for a bot seat, e.g. heuristic.")
    name: str | None = Field(None, max_length=64)


class CreateIn(BaseModel):
    game: str = Field(max_length=64, examples=["ravenous-river"])
    players: int | None = Field(None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(None, max_length=16)
    clock: float | None = Field(None, description="Seconds per move; on expiry a bot moves for the seat.")
    bot_seconds: float | None = Field(None, description="CPU budget of one bot move, in seconds.")


class SeatOut(BaseModel):
    seat: int
    kind: str
    token: str | None = None
    url: str | None = None


class CreateOut(BaseModel):
    id: str
    seats: list[SeatOut]
    spectate_url: str


class JoinIn(BaseModel):
    seat: int | None = Field(None, ge=0, le=15)
    name: str = Field(max_length=64)


class JoinOut(BaseModel):
    seat: int
    token: str
    url: str


class ActionIn(BaseModel):
    action: str = Field(max_length=200, examples=["vote end"])
    seq: int = Field(ge=0, le=2**31)


class SeqOut(BaseModel):
    seq: int


class LegalOut(BaseModel):
    action: str
    text: str


class HintOut(BaseModel):
    seq: int = Field(description="The move the hint is for; a later state makes it stale.")
    action: str = Field(description="The suggested move in notation (a data-action of the table page).")
    text: str = Field(description="The suggested move in words, as the seat's list of moves says it.")
    why: list[str] = Field(description="The values of the bot's top choices in words (may be empty).")


class StateOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    seq: int
    seat: int | None
    to_move: list[int]
    over: bool
    view: dict[str, Any]
    legal: list[LegalOut]
    log: list[dict[str, Any]]


class SeatSummary(BaseModel):
    model_config = ConfigDict(extra="allow")
    seat: int
    kind: str
    name: str
    connected: bool


class TableOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    game: str
    options: dict[str, Any]
    seats: list[SeatSummary]
    status: str
    seq: int


class Problem(BaseModel):
    detail: str | list[Any]


ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": Problem} for code in (403, 404, 409, 413, 422)}
HINT_ERRORS: dict[int | str, dict[str, Any]] = {**ERRORS, 503: {"model": Problem}}


Auth = Annotated[str | None, Header(description="Bearer TOKEN of a seat")]


# -- middleware -----------------------------------------------------------------------------
class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int = BODY_LIMIT) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope["riverbox.start"] = time.perf_counter()
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.limit + 1
                if declared > self.limit:
                    await self._refuse(scope, receive, send)
                    return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"detail": f"request bodies are limited to {self.limit} bytes"}, 413)
        await response(scope, receive, send)


class _TooLarge(Exception):
    pass


# -- the application ----------------------------------------------------------------------
@dataclass
class Settings:
    db_url: str
    bot_workers: int = 1
    """Bot worker processes (``riverbox serve --bot-workers``; it defaults to the cores less one)."""
    allowed_origins: tuple[str, ...] = ()
    freeze_gc: bool = False
    """Move every object alive once the server has started out of the collector's sight
    (``gc.freeze``): ``riverbox serve`` sets it, a test harness running many apps in one
    process does not (what it froze would never be collected)."""


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused(403, server_text("the Authorization header must be 'Bearer TOKEN'"))
    return token.strip()


def create_app(settings: Settings) -> FastAPI:
    """The server for one database. Its lifespan starts the bot worker and (PostgreSQL) LISTEN."""
    store = Store(settings.db_url, STAGES.add)
    state: dict[str, Any] = {}

    def on_change(table_id: str) -> None:
        loop = state.get("loop")
        if loop is not None:
            loop.call_soon_threadsafe(_changed_on_loop, table_id)

    def _changed_on_loop(table_id: str) -> None:
        hub.changed(table_id)
        driver = state.get("driver")
        if driver is not None:
            driver.changed(table_id)

    def on_notice(table_id: str, _seq: int) -> None:
        on_change(table_id)  # the next look at the table catches up with the store

    tables = Tables(store, on_change)
    presence: dict[str, ThreadPoolExecutor] = {}

    def on_presence(table_id: str, seat: int, clients: int) -> None:
        pool = presence.get("pool")
        if pool is not None and tables.process is not None:
            pool.submit(_write_presence, store, tables.process, table_id, seat, clients)

    hub = Hub(tables, on_presence)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # threads mostly wait (for a commit, a table lock): let more of them wait at once
        to_thread.current_default_thread_limiter().total_tokens = THREADS
        # one lock per app: a second lifespan of the same app (a test harness) shares it
        users = state["writer_users"] = state.get("writer_users", 0) + 1
        if users == 1 and not store.is_postgres:
            state["writer"] = WriterLock(store.url)
        tables.sole_writer = "writer" in state
        await run_in_threadpool(store.upgrade)
        state["loop"] = asyncio.get_running_loop()
        pool = _app.state.bot_pool = BotPool(settings.bot_workers)  # supervised: a lost worker is replaced
        driver = state["driver"] = BotDriver(tables, pool, settings.bot_workers)
        listener = None
        if store.is_postgres:
            listener = PgListener(listen_url(store.url), store.channel, on_notice)
            await run_in_threadpool(listener.start)
        beat = None
        if store.is_postgres:  # several processes may share it: say which seats are connected here
            tables.process = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
            beats = presence["pool"] = ThreadPoolExecutor(1, thread_name_prefix="riverbox-presence")
            beat = asyncio.get_running_loop().create_task(_heartbeat(store, tables.process, beats))
        for row in await run_in_threadpool(store.tables, ("open", "running"), 1000):
            driver.changed(row.id)
        lag = asyncio.get_running_loop().create_task(_loop_lag()) if stages_enabled() else None
        if stages_enabled() and not state.get("gc_watched"):
            state["gc_watched"] = True
            watch_gc()
        if settings.freeze_gc:
            freeze_startup()
        try:
            yield
        finally:
            if lag is not None:
                lag.cancel()
            if beat is not None:
                beat.cancel()
            if "pool" in presence and tables.process is not None:
                done = presence.pop("pool")
                done.submit(_write_presence, store, tables.process, None, 0, 0)
                await asyncio.get_running_loop().run_in_executor(None, functools.partial(done.shutdown, True))
            driver.stop()
            if listener is not None:
                await run_in_threadpool(listener.stop)
            pool.shutdown()
            store.close()
            state["writer_users"] -= 1
            if state["writer_users"] == 0 and "writer" in state:
                state.pop("writer").release()

    app = FastAPI(
        title="riverbox",
        summary="Tables, seats, bots and spectators for riverbox's four games.",
        version="1",
        lifespan=lifespan,
    )
    app.state.tables = tables
    app.state.hub = hub
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")
    templates = Jinja2Templates(directory=str(WEB / "templates"))

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"detail": exc.text(request_lang(request))}, exc.status)

    def request_lang(request: Request, strict: bool = False) -> str:
        """The reader's language: ``?lang=``, else the cookie, else Accept-Language, else English.

        ``strict``: a ``?lang=`` riverbox does not speak is refused (422) rather than ignored.
        """
        asked = request.query_params.get("lang")
        if strict and asked is not None:
            try:
                check_lang(asked)
            except ValueError as exc:
                raise Refused(422, str(exc)) from None
        return choose_lang(asked, request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))

    def page(request: Request, template: str, context: dict[str, Any], game: str | None = None) -> Response:
        """A page in the reader's language; a ``?lang=`` choice is remembered in a cookie."""
        lang = request_lang(request)
        response = templates.TemplateResponse(
            request, template, {**context, **page_context(request, lang, game)}
        )
        if request.query_params.get("lang") == lang:
            response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
            for e in exc.errors()
        ]
        return JSONResponse({"detail": "; ".join(problems) or "invalid request"}, 422)

    def base(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    @app.post("/api/tables", status_code=201, response_model=CreateOut, responses=ERRORS)
    def create_table(body: CreateIn, request: Request) -> CreateOut:
        """Open a table. Human seats get a secret token and an invite link; keep them private."""
        specs = None if body.seats is None else [SeatSpec(s.kind, s.bot, s.name) for s in body.seats]
        table_id, seats = tables.create(
            body.game, body.players, body.options, specs, body.clock, body.bot_seconds
        )
        root = base(request)
        return CreateOut(
            id=table_id,
            seats=[
                SeatOut(
                    seat=s,
                    kind=kind,
                    token=token,
                    url=None if token is None else f"{root}/tables/{table_id}#token={token}",
                )
                for s, kind, token in seats
            ],
            spectate_url=f"{root}/tables/{table_id}",
        )

    @app.get("/api/tables", response_model=list[TableOut])
    def list_tables() -> list[dict[str, Any]]:
        """Open and running tables, newest first (the lobby)."""
        return tables.lobby()

    @app.get("/api/tables/{table_id}", response_model=TableOut, responses=ERRORS)
    def table_summary(table_id: str) -> dict[str, Any]:
        """What anyone may know of a table."""
        return tables.summary(table_id)

    @app.post("/api/tables/{table_id}/join", response_model=JoinOut, responses=ERRORS)
    def join(table_id: str, body: JoinIn, request: Request) -> JoinOut:
        """Claim a free open seat (the first one unless ``seat`` is given)."""
        seat, token = tables.join(table_id, body.seat, body.name)
        return JoinOut(seat=seat, token=token, url=f"{base(request)}/tables/{table_id}#token={token}")

    @app.get("/api/tables/{table_id}/state", response_model=StateOut, responses=ERRORS)
    def table_state(
        table_id: str, request: Request, authorization: Auth = None, lang: str | None = None
    ) -> Response:
        """The seat's view, legal actions and log; without a token, the spectator's.

        ``lang`` (``en``, ``zh``; default: the cookie or Accept-Language) is the language of the
        words: the legal actions' texts, the story and the seat names.
        """
        viewer = (tables.seat_of(table_id, _bearer(authorization)), request_lang(request, strict=True))
        return Response(tables.state_texts(table_id, [viewer])[viewer], media_type="application/json")

    @app.post("/api/tables/{table_id}/actions", response_model=SeqOut, responses=ERRORS)
    async def act(table_id: str, body: ActionIn, request: Request, authorization: Auth = None) -> SeqOut:
        """Play ``action`` at move ``seq``: 409 if stale, 422 if illegal, 403 if not this seat's turn."""
        called = time.perf_counter()
        STAGES.add("http.parse", called - request.scope.get("riverbox.start", called))
        token = _bearer(authorization)

        def play() -> int:
            STAGES.since("act.thread_wait", called)
            return tables.act(table_id, token, body.action, body.seq)

        seq = await tables.act_at_once(table_id, token, body.action, body.seq)
        if seq is None:
            seq = await run_in_threadpool(play)
        STAGES.since("act.total", called)
        return SeqOut(seq=seq)

    @app.post("/api/tables/{table_id}/hint", response_model=HintOut, responses=HINT_ERRORS)
    async def hint(
        table_id: str, request: Request, authorization: Auth = None, lang: str | None = None
    ) -> HintOut:
        """What the game's strongest bot would play for your seat now, and why (your turn only).

        The bot thinks in the worker process from what your seat knows; every answer takes
        the same time (``HINT_SECONDS``), so its timing tells nothing of the hidden cards.
        403 without your seat's token, 409 when it is not your turn.
        """
        called = time.perf_counter()
        reader = request_lang(request, strict=True)
        job = await run_in_threadpool(tables.hint_job, table_id, _bearer(authorization))
        driver: BotDriver = state["driver"]
        try:
            answer = await driver.think(worker.hint, job, reader, timeout=HINT_SECONDS * 4 + 20)
        except Exception as exc:  # the worker's failure says nothing of the position
            log.warning("hint failed on table %s: %s", table_id, type(exc).__name__)
            raise Refused(503, server_text("no hint could be worked out now; try again")) from None
        await asyncio.sleep(max(0.0, called + HINT_SECONDS - time.perf_counter()))
        return HintOut(**answer)

    @app.post("/api/tables/{table_id}/undo", response_model=SeqOut, responses=ERRORS)
    def undo(table_id: str, authorization: Auth = None) -> SeqOut:
        """Take back your last move if nobody moved since and it showed you nothing new."""
        return SeqOut(seq=tables.undo(table_id, _bearer(authorization)))

    @app.post("/api/tables/{table_id}/resign", response_model=SeqOut, responses=ERRORS)
    def resign(table_id: str, authorization: Auth = None) -> SeqOut:
        """Leave the game; a bot plays your seat from now on."""
        return SeqOut(seq=tables.resign(table_id, _bearer(authorization)))

    @app.get("/api/tables/{table_id}/record", responses=ERRORS)
    def record(table_id: str) -> dict[str, Any]:
        """The full record (every hidden card): only once the game is over."""
        return tables.record(table_id)

    @app.get("/api/tables/{table_id}/replay", responses=ERRORS)
    def replay(
        table_id: str, request: Request, seat: int | None = None, lang: str | None = None
    ) -> list[dict[str, Any]]:
        """A finished table move by move as ``seat`` saw it (no seat: the public view); 403 until the end."""
        from riverbox.server.replay import frames

        record = tables.record(table_id)
        try:
            return frames(record, seat, request_lang(request, strict=True))
        except ValueError as exc:
            raise Refused(422, str(exc)) from None

    if stages_enabled():

        @app.get("/api/stages", include_in_schema=False)
        def stages() -> dict[str, Any]:
            """Where the server's time went (ms per stage), for serve-bench."""
            return STAGES.report()

        @app.delete("/api/stages", include_in_schema=False)
        def clear_stages() -> dict[str, Any]:
            STAGES.clear()
            return {}

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await _socket(ws, table_id, tables, hub, settings)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def lobby_page(request: Request) -> Response:
        from riverbox.bots.base import bot_names
        from riverbox.registry import games, load

        lang = request_lang(request)
        # bots a table may not seat (see botpolicy) are not offered
        infos = [
            {**i.to_json(), "bots": [b for b in bot_names(load(i.name)) if b not in BARRED_BOTS]}
            for i in games()
        ]
        return page(request, "lobby.html", {"games": [game_info(info, lang) for info in infos]})

    @app.get("/rules/{game}", response_class=HTMLResponse, include_in_schema=False)
    def rules_page(request: Request, game: str) -> Response:
        """A game's rules in the reader's language, as ``riverbox rules GAME --lang`` shows them."""
        from riverbox.registry import games

        if game not in {info.name for info in games()}:
            raise Refused(404, server_text("no game {game}", game=game[:64]))
        lang = request_lang(request)
        title = gettext(_game_domain(game), lang, next(i.title for i in games() if i.name == game))
        return page(request, "rules.html", {"game": game, "title": title, "rules": rules_html(game, lang)})

    @app.get("/tables/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    def table_page(request: Request, table_id: str) -> Response:
        summary = tables.summary(table_id)
        lang = request_lang(request)
        context = {"table": titled(summary, lang), "content": printed_content(summary["game"], lang)}
        return page(request, "table.html", context, summary["game"])

    @app.get("/tables/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
    def replay_page(request: Request, table_id: str) -> Response:
        summary = tables.summary(table_id)
        lang = request_lang(request)
        context = {"table": titled(summary, lang), "content": printed_content(summary["game"], lang)}
        return page(request, "replay.html", context, summary["game"])

    return app


def _write_presence(store: Store, process: str, table_id: str | None, seat: int, clients: int) -> None:
    """One presence change (``table_id`` None: forget all of this process's), never raising.

    A lost database connection must not break a socket's life; the heartbeat and the expiry
    of stale rows put presence right again.
    """
    try:
        if table_id is None:
            store.clear_presence(process)
        else:
            store.set_presence(process, table_id, seat, clients, time.time())
    except Exception as exc:
        log.warning("presence not written (%s)", type(exc).__name__)


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


@functools.cache
def printed_content(game: str, lang: str = "en") -> dict[str, Any]:
    """What the game's components say, for its drawing (fixed per game and language, so built once)."""
    from riverbox.registry import load

    return load(game).printed_content(lang)


@functools.cache
def rules_html(game: str, lang: str = "en") -> str:
    """A game's rules (Markdown) as HTML; raw HTML in the text is escaped, never passed through."""
    from markdown_it import MarkdownIt

    from riverbox.registry import load

    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(load(game).rules_text(lang)))


def _game_domain(game: str) -> str:
    from riverbox.registry import game_class

    return game_class(game).domain


def titled(summary: dict[str, Any], lang: str) -> dict[str, Any]:
    """A table summary whose game title is in ``lang`` (the title is the game's, in its domain)."""
    if "title" not in summary:
        return summary
    return {**summary, "title": gettext(_game_domain(summary["game"]), lang, summary["title"])}


def game_info(info: dict[str, Any], lang: str) -> dict[str, Any]:
    """A game's lobby entry with its title and option help in ``lang``."""
    domain = _game_domain(info["name"])
    options = [
        {**o, "help": gettext(domain, lang, o["help"])} if "help" in o else o for o in info.get("options", [])
    ]
    return {**info, "title": gettext(domain, lang, info["title"]), "options": options}


def origin_allowed(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Browsers send Origin: it must be this server (or an allowed origin). Programs send none."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    host = ws.headers.get("host", "")
    return origin in allowed or origin in (f"http://{host}", f"https://{host}")


async def _socket(ws: WebSocket, table_id: str, tables: Tables, hub: Hub, settings: Settings) -> None:
    if not origin_allowed(ws, settings.allowed_origins):
        await ws.close(code=1008, reason="origin not allowed")
        return
    await ws.accept()
    lang = "en"
    try:
        raw = await asyncio.wait_for(ws.receive_text(), HELLO_SECONDS)
        hello = json_message(raw, MESSAGE_LIMIT)
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise Refused(422, "token must be a string")
        asked = hello.get("lang")
        if asked is None:  # the page's language: cookie, else the browser's
            asked = choose_lang(None, ws.cookies.get(LANG_COOKIE), ws.headers.get("accept-language"))
        try:
            lang = check_lang(asked)
        except ValueError as exc:
            raise Refused(422, str(exc)) from None
        seat = await run_in_threadpool(tables.seat_of, table_id, token)
        await run_in_threadpool(tables.summary, table_id)
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await ws.close(code=1008, reason="no hello")
        return
    except Refused as exc:
        with contextlib.suppress(Exception):
            await ws.send_json({"type": "error", "status": exc.status, "detail": exc.text(lang)})
            await ws.close(code=1008, reason=exc.message[:100])
        return
    client = Client(ws, seat, lang)
    hub.add(table_id, client)
    try:
        texts = await run_in_threadpool(tables.state_texts, table_id, [(seat, lang)])
        await hub.send(client, state_message(texts[seat, lang]))
        while True:
            raw = await ws.receive_text()
            reply = await _answer(raw, table_id, token, tables, lang)
            # queued after the states sent before it, so the client reads them in order
            hub.post(client, json.dumps(reply, separators=(",", ":"), ensure_ascii=False))
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(table_id, client)


async def _answer(
    raw: str, table_id: str, token: str | None, tables: Tables, lang: str = "en"
) -> dict[str, Any]:
    """One client message answered like the REST call it stands for."""
    handlers: dict[str, Callable[[dict[str, Any]], Awaitable[int]]] = {
        "action": lambda m: _act(tables, table_id, token, _text(m, "action"), _int(m, "seq")),
        "undo": lambda m: run_in_threadpool(tables.undo, table_id, token),
        "resign": lambda m: run_in_threadpool(tables.resign, table_id, token),
    }
    try:
        message = json_message(raw, MESSAGE_LIMIT)
        kind = message.get("type")
        handler = handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise Refused(422, f"unknown message type {kind!r}; use action, undo or resign")
        return {"type": "ok", "of": kind, "seq": await handler(message)}
    except Refused as exc:
        return {"type": "error", "status": exc.status, "detail": exc.text(lang)}


async def _act(tables: Tables, table_id: str, token: str | None, text: str, seq: int) -> int:
    """A move from a socket: on the loop when the table is at hand, else in a thread."""
    done = await tables.act_at_once(table_id, token, text, seq)
    return done if done is not None else await run_in_threadpool(tables.act, table_id, token, text, seq)


def _text(message: dict[str, Any], key: str) -> str:
    value = message.get(key)
    if not isinstance(value, str) or len(value) > 200:
        raise Refused(422, f"{key} must be a string of at most 200 characters")
    return value


def _int(message: dict[str, Any], key: str) -> int:
    value = message.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(422, f"{key} must be an integer")
    return value
