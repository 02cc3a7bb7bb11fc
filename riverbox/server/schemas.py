"""The API's request and response shapes (they document /openapi.json)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Query, Request, Response
from fastapi.exception_handlers import http_exception_handler
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from riverbox.bots.levels import LEVEL_NAMES
from riverbox.core.i18n import LANGUAGES
from riverbox.server.clock import MAX_SECONDS, MAX_TIMEOUTS, MIN_MOVE


def _game_names(schema: dict[str, Any]) -> None:
    """``game``'s enum: every game registered when /openapi.json is built (games register at import)."""
    from riverbox.registry import games

    schema["enum"] = [info.name for info in games()]


def _bounds(low: float, high: float) -> dict[str, Any]:
    """A nullable number's range, declared beside its ``anyOf`` (bounds apply to numbers only).

    The server checks these itself (``riverbox.server.clock``, ``Tables.create``) with its own
    words in the reader's language, so pydantic is not asked to; the schema says what it enforces.
    """
    return {"minimum": low, "maximum": high}


def _bot_names(schema: dict[str, Any]) -> None:
    """A bot seat's ``bot``: a level (the enum) or a bot spec (``name`` or ``name:setting=value,...``)."""
    schema["anyOf"] = [
        {"type": "string", "enum": list(LEVEL_NAMES)},
        {"type": "string", "maxLength": 200, "pattern": "^[a-z][a-z0-9-]*(:.*)?$"},
        {"type": "null"},
    ]


class SeatIn(BaseModel):
    kind: Literal["human", "open", "bot"]
    bot: str | None = Field(
        None,
        max_length=200,
        description="The bot of a bot seat: a level (easy, medium, hard, strong) or an allowed spec.",
        examples=list(LEVEL_NAMES),
        json_schema_extra=_bot_names,
    )
    name: str | None = Field(None, max_length=64)


class CreateIn(BaseModel):
    game: str = Field(max_length=64, examples=["ravenous-river"], json_schema_extra=_game_names)
    players: int | None = Field(None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(None, max_length=16)
    clock: float | None = Field(
        None,
        description="Seconds each move gets free; on expiry a bot makes the move and the seat is away.",
        json_schema_extra=_bounds(MIN_MOVE, MAX_SECONDS),
    )
    bank: float | None = Field(
        None,
        description="Seconds of reserve per seat for the game (needs clock).",
        json_schema_extra=_bounds(0, MAX_SECONDS),
    )
    timeouts: int | None = Field(
        None,
        description="Expiries in a row that make a seat a zombie (default 3; needs clock).",
        json_schema_extra=_bounds(1, MAX_TIMEOUTS),
    )
    bot_seconds: float | None = Field(
        None, description="CPU budget of one bot move, in seconds.", json_schema_extra=_bounds(0.01, 10)
    )
    rated: bool | None = Field(
        None, description="Does the end change the players' ratings? Default: yes with 2+ human seats."
    )


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


class SeatResult(BaseModel):
    model_config = ConfigDict(extra="allow")
    seat: int
    place: int = Field(description="1 is first; seats that resigned or lost to the clock come last.")
    score: float | None = Field(None, description="The game's score (absent when resigns ended it early).")
    resigned: bool
    zombie: bool = Field(description="The clock took the seat over for good.")


class TableOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    game: str
    options: dict[str, Any]
    seats: list[SeatSummary]
    status: str
    seq: int
    to_move: list[int] = Field(default_factory=list, description="Seats to move now (none once over).")
    winners: list[int] | None = Field(None, description="A finished table's winners (seats).")
    results: list[SeatResult] | None = Field(None, description="A finished table's result per seat.")
    rated: bool = Field(False, description="Whether the table's end changes its players' ratings.")


class Problem(BaseModel):
    detail: str | list[Any]


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "The body is not JSON."},
    403: {"model": Problem, "description": "A missing, malformed or wrong seat token."},
    404: {"model": Problem, "description": "No such table."},
    409: {"model": Problem, "description": "The table has moved on (stale seq, seat taken, game over)."},
    413: {"model": Problem, "description": "The body is over the size limit."},
    422: {"model": Problem, "description": "A value out of range or not allowed (named in detail)."},
    429: {
        "model": Problem,
        "description": "Too many requests from this client or player; retry after Retry-After seconds.",
        "headers": {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait."}},
    },
    503: {"model": Problem, "description": "The store cannot write (disk full, read-only); nothing done."},
}
"""Every answer the API gives besides success, declared on each operation (issue 26 item 6)."""


async def method_not_allowed(request: Request, exc: StarletteHTTPException) -> Response:
    """FastAPI's answer to an HTTP error, with a 405's ``Allow`` naming every method of the path.

    Starlette's 405 names only the methods of the one route it matched, so ``OPTIONS
    /api/tables`` said ``Allow: POST`` though ``GET`` is served there too (schemathesis's
    ``unsupported_method`` check, issue 26 item 6).
    """
    response = await http_exception_handler(request, exc)
    if exc.status_code == 405:
        routes = request.app.router.routes
        methods = [
            method
            for method in ("GET", "POST", "PUT", "PATCH", "DELETE")
            if any(route.matches({**request.scope, "method": method})[0] == Match.FULL for route in routes)
        ]
        if methods:
            response.headers["Allow"] = ", ".join(methods)
    return response


HINT_ERRORS: dict[int | str, dict[str, Any]] = ERRORS
"""A hint's 503 also means no answer could be worked out in time."""

LangQuery = Annotated[
    str | None,
    Query(
        description="Language of the words (default: the cookie, else Accept-Language).",
        json_schema_extra={"enum": [*LANGUAGES, None]},
    ),
]
"""``?lang=``: one of the languages riverbox speaks; another is refused with 422."""

SeatQuery = Annotated[int | None, Query(ge=0, le=15, description="The seat whose view (none: the public).")]
"""A seat number in a query: tables have at most 16 seats."""

AfterQuery = Annotated[
    int, Query(ge=0, le=2**63 - 1, description="Only chat lines with a greater id (a 64-bit id).")
]
"""``?after=``: a chat line id; beyond 64 bits the database cannot compare it (it was a 500)."""
