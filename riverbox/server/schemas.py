"""The API's request and response shapes (they document /openapi.json)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class SeatIn(BaseModel):
    kind: Literal["human", "open", "bot"]
    bot: str | None = Field(None, max_length=200, description="Bot name for a bot seat, e.g. heuristic.")
    name: str | None = Field(None, max_length=64)


class CreateIn(BaseModel):
    game: str = Field(max_length=64, examples=["ravenous-river"])
    players: int | None = Field(None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(None, max_length=16)
    clock: float | None = Field(
        None, description="Seconds each move gets free; on expiry a bot makes the move and the seat is away."
    )
    bank: float | None = Field(None, description="Seconds of reserve per seat for the game (needs clock).")
    timeouts: int | None = Field(None, description="Expiries in a row that make a seat a zombie (default 3).")
    bot_seconds: float | None = Field(None, description="CPU budget of one bot move, in seconds.")
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
