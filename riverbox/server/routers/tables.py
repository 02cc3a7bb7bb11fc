"""One table's API: what anyone may know, a seat's view, moves, hints, undo, resign, the record."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from starlette.concurrency import run_in_threadpool

from riverbox.server import worker
from riverbox.server.deps import ReaderLang, RuntimeDep, SeatToken, TablesDep, rate_limit
from riverbox.server.schemas import (
    ERRORS,
    HINT_ERRORS,
    ActionIn,
    HintOut,
    LangQuery,
    SeatQuery,
    SeqOut,
    StateOut,
    TableOut,
)
from riverbox.server.service import HINT_SECONDS
from riverbox.server.stages import STAGES
from riverbox.server.table import Refused, server_text

router = APIRouter(tags=["tables"])
log = logging.getLogger("riverbox.server")


@router.get("/api/tables/{table_id}", response_model=TableOut, responses=ERRORS)
def table_summary(table_id: str, tables: TablesDep) -> dict[str, Any]:
    """What anyone may know of a table."""
    return tables.summary(table_id)


@router.get("/api/tables/{table_id}/state", response_model=StateOut, responses=ERRORS)
def table_state(
    table_id: str, tables: TablesDep, token: SeatToken, reader: ReaderLang, lang: LangQuery = None
) -> Response:
    """The seat's view, legal actions and log; without a token, the spectator's.

    ``lang`` (``en``, ``zh``; default: the cookie or Accept-Language) is the language of the
    words: the legal actions' texts, the story and the seat names.
    """
    viewer = (tables.seat_of(table_id, token), reader)
    return Response(tables.state_texts(table_id, [viewer])[viewer], media_type="application/json")


@router.post(
    "/api/tables/{table_id}/actions",
    response_model=SeqOut,
    responses=ERRORS,
    dependencies=[Depends(rate_limit("move"))],
)
async def act(table_id: str, body: ActionIn, request: Request, tables: TablesDep, token: SeatToken) -> SeqOut:
    """Play ``action`` at move ``seq``: 409 if stale, 422 if illegal, 403 if not this seat's turn."""
    called = time.perf_counter()
    STAGES.add("http.parse", called - request.scope.get("riverbox.start", called))

    def play() -> int:
        STAGES.since("act.thread_wait", called)
        return tables.act(table_id, token, body.action, body.seq)

    seq = await tables.act_at_once(table_id, token, body.action, body.seq)
    if seq is None:
        seq = await run_in_threadpool(play)
    STAGES.since("act.total", called)
    return SeqOut(seq=seq)


@router.post(
    "/api/tables/{table_id}/hint",
    response_model=HintOut,
    responses=HINT_ERRORS,
    dependencies=[Depends(rate_limit("hint"))],
)
async def hint(
    table_id: str, runtime: RuntimeDep, token: SeatToken, reader: ReaderLang, lang: LangQuery = None
) -> HintOut:
    """What the game's strongest bot would play for your seat now, and why (your turn only).

    The bot thinks in the worker process from what your seat knows; every answer takes
    the same time (``HINT_SECONDS``), so its timing tells nothing of the hidden cards.
    403 without your seat's token, 409 when it is not your turn.
    """
    called = time.perf_counter()
    job = await run_in_threadpool(runtime.tables.hint_job, table_id, token)
    driver = runtime.driver
    try:
        if driver is None:
            raise RuntimeError("the server is not running")
        answer = await driver.think(worker.hint, job, reader, timeout=HINT_SECONDS * 4 + 20)
    except Exception as exc:  # the worker's failure says nothing of the position
        log.warning("hint failed on table %s: %s", table_id, type(exc).__name__)
        raise Refused(503, server_text("no hint could be worked out now; try again")) from None
    await asyncio.sleep(max(0.0, called + HINT_SECONDS - time.perf_counter()))
    return HintOut(**answer)


@router.post(
    "/api/tables/{table_id}/undo",
    response_model=SeqOut,
    responses=ERRORS,
    dependencies=[Depends(rate_limit("move"))],
)
def undo(table_id: str, tables: TablesDep, token: SeatToken) -> SeqOut:
    """Take back your last move if nobody moved since and it showed you nothing new."""
    return SeqOut(seq=tables.undo(table_id, token))


@router.post(
    "/api/tables/{table_id}/resign",
    response_model=SeqOut,
    responses=ERRORS,
    dependencies=[Depends(rate_limit("move"))],
)
def resign(table_id: str, tables: TablesDep, token: SeatToken) -> SeqOut:
    """Leave the game; a bot plays your seat from now on."""
    return SeqOut(seq=tables.resign(table_id, token))


@router.get("/api/tables/{table_id}/record", responses=ERRORS)
def record(table_id: str, tables: TablesDep) -> dict[str, Any]:
    """The full record (every hidden card): only once the game is over."""
    return tables.record(table_id)


@router.get("/api/tables/{table_id}/replay", responses=ERRORS)
def replay(
    table_id: str, tables: TablesDep, reader: ReaderLang, seat: SeatQuery = None, lang: LangQuery = None
) -> list[dict[str, Any]]:
    """A finished table move by move as ``seat`` saw it (no seat: the public view); 403 until the end."""
    from riverbox.server.replay import frames

    record = tables.record(table_id)
    try:
        return frames(record, seat, reader)
    except ValueError as exc:
        raise Refused(422, str(exc)) from None
