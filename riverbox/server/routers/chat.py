"""Table chat over REST: read a table's chat, say a line, mute the spectators (host only).

Lines also arrive live over the table's WebSocket (``{"type": "chat"}``), and a seat may send
one there (``{"type": "chat", "text": ...}``); both ways go through :class:`riverbox.server.chat.Chat`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from riverbox.server.chat import CHAT_LIMIT, NAME_LIMIT, Chat, RateLimited, chat_json
from riverbox.server.deps import RuntimeDep, SeatToken, rate_limit, request_lang
from riverbox.server.schemas import ERRORS as SHARED_ERRORS
from riverbox.server.schemas import AfterQuery

router = APIRouter(tags=["chat"])


class ChatIn(BaseModel):
    text: str = Field(
        max_length=CHAT_LIMIT * 4, description=f"The line (at most {CHAT_LIMIT} characters once trimmed)."
    )
    name: str | None = Field(
        None, max_length=NAME_LIMIT * 4, description="A spectator's name (a seat speaks under its own)."
    )


class ChatLine(BaseModel):
    id: int
    seq: int = Field(description="The table's move when the line was said.")
    kind: str
    seat: int | None = Field(description="The sender's seat; null for a spectator.")
    name: str
    text: str | None
    at: float


class ChatOut(BaseModel):
    messages: list[ChatLine]
    muted: bool = Field(description="True while the host has muted the spectators.")
    limit: int


class MuteIn(BaseModel):
    muted: bool


class Problem(BaseModel):
    detail: str


ERRORS: dict[int | str, dict[str, Any]] = SHARED_ERRORS
"""Every answer of the API besides success (400, 403, 404, 409, 413, 422, 429 with Retry-After, 503)."""


def chat_service(runtime: RuntimeDep) -> Chat:
    return runtime.chat


Service = Annotated[Chat, Depends(chat_service)]


def _sender(request: Request) -> str:
    """What tells spectators apart for the rate limit: their address."""
    return request.client.host if request.client is not None else ""


@router.get("/api/tables/{table_id}/chat", response_model=ChatOut, responses=ERRORS)
def read_chat(table_id: str, chat: Service, after: AfterQuery = 0) -> dict[str, Any]:
    """The table's chat, oldest first (``after``: only lines with a greater id). Public, like the table."""
    return chat.lines(table_id, after)


@router.post(
    "/api/tables/{table_id}/chat",
    status_code=201,
    response_model=ChatLine,
    responses=ERRORS,
    dependencies=[Depends(rate_limit("chat"))],
)
async def say(table_id: str, body: ChatIn, request: Request, chat: Service, token: SeatToken) -> Response:
    """Say a line at the table: a seat with its token, a spectator without (unless muted).

    429 with ``Retry-After`` when the sender says too much too fast.
    """
    try:
        row = await run_in_threadpool(chat.say, table_id, token, body.text, body.name, _sender(request))
    except RateLimited as exc:
        lang = request_lang(request)
        return JSONResponse({"detail": exc.text(lang)}, 429, headers={"Retry-After": str(exc.retry_after)})
    await chat.deliver(table_id, row)
    return JSONResponse(chat_json(row), 201)


@router.post("/api/tables/{table_id}/chat/mute", response_model=ChatLine, responses=ERRORS)
async def mute(table_id: str, body: MuteIn, chat: Service, token: SeatToken) -> dict[str, Any]:
    """The host (the table's first human seat) mutes or unmutes the spectators."""
    row = await run_in_threadpool(chat.mute, table_id, token, body.muted)
    await chat.deliver(table_id, row)
    return chat_json(row)
