"""Players who keep their seats: who am I, my name, my tables, moving my player to another device."""

from __future__ import annotations

import math
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from riverbox.core.i18n import translator
from riverbox.server.deps import (
    CurrentPlayer,
    RuntimeDep,
    SeatToken,
    base_url,
    page,
    player_key,
    request_lang,
    set_player_cookie,
)
from riverbox.server.players import NAME_LIMIT, Player, name_my_seat
from riverbox.server.routers.pages import titled
from riverbox.server.runtime import Runtime
from riverbox.server.schemas import ERRORS
from riverbox.server.table import Refused, server_text

router = APIRouter(tags=["players"])
MY_TABLES = 60
"""Tables a My tables list shows (the newest)."""


class PlayerOut(BaseModel):
    id: str = Field(description="The player's public id (never their key).")
    name: str = Field(description="The player's name; empty until they give one.")


class NameIn(BaseModel):
    name: str = Field(max_length=200, description=f"At most {NAME_LIMIT} characters once trimmed.")


class MyTable(BaseModel):
    id: str
    game: str
    title: str
    seat: int
    status: str = Field(description="open, running or over")
    my_turn: bool
    created: float
    winner: bool | None = Field(None, description="Finished tables: did this seat win?")
    place: int | None = Field(None, description="Finished tables: this seat's place (1 is first).")
    score: Any = None
    resigned: bool = False
    time_left: float | None = Field(
        None, description="My turn at a table with a clock: seconds left on my clock (move time and reserve)."
    )


class MyTablesOut(BaseModel):
    player: PlayerOut
    running: list[MyTable] = Field(description="Open and running tables, those where it is my turn first.")
    finished: list[MyTable] = Field(description="Finished tables, newest first.")


class LinkOut(BaseModel):
    url: str = Field(description="Opens this player on another device; the key is after '#'.")


class AdoptIn(BaseModel):
    key: str = Field(min_length=1, max_length=100, description="The player key from a move link.")


def _need(player: Player | None) -> Player:
    if player is None:
        raise Refused(403, server_text("this browser has no player; open the lobby first"))
    return player


@router.get("/api/players/me", response_model=MyTablesOut, responses=ERRORS)
def me(runtime: RuntimeDep, player: CurrentPlayer) -> MyTablesOut:
    """The browser's player (the ``riverbox_player`` cookie) and their tables."""
    return my_tables(runtime, _need(player))


@router.put("/api/players/me", response_model=PlayerOut, responses=ERRORS)
def rename(body: NameIn, request: Request, runtime: RuntimeDep, player: CurrentPlayer) -> PlayerOut:
    """Give the browser's player a name (it is offered when they take a seat)."""
    _need(player)
    renamed = runtime.players.rename(player_key(request) or "", body.name)
    return PlayerOut(id=renamed.id, name=renamed.name)


@router.post("/api/players/me/move-link", response_model=LinkOut, responses=ERRORS)
def move_link(request: Request, player: CurrentPlayer) -> LinkOut:
    """A link that makes another browser this player (keep it private: it is the player's key)."""
    _need(player)
    return LinkOut(url=f"{base_url(request)}/players/move#key={player_key(request)}")


class SeatNameOut(BaseModel):
    seat: int
    name: str


@router.put("/api/tables/{table_id}/name", response_model=SeatNameOut, responses=ERRORS)
def name_seat(
    table_id: str,
    body: NameIn,
    request: Request,
    runtime: RuntimeDep,
    token: SeatToken,
) -> SeatNameOut:
    """Give your seat at this table a name (an invitee names themselves when they sit down).

    The seat is the one your token opens (or your player's, from the cookie); a browser's player
    with no name yet takes it too.
    """
    seat, name = name_my_seat(
        runtime.tables, runtime.players, table_id, token, body.name, player_key(request)
    )
    return SeatNameOut(seat=seat, name=name)


@router.post("/api/players/adopt", response_model=PlayerOut, responses=ERRORS)
def adopt(body: AdoptIn, request: Request, response: Response, runtime: RuntimeDep) -> PlayerOut:
    """Become the player whose key a move link carried: the key is set as this browser's cookie."""
    player = runtime.players.by_key(body.key)
    if player is None:
        raise Refused(404, server_text("this link opens no player; ask for a new one"))
    set_player_cookie(request, response, body.key)
    return PlayerOut(id=player.id, name=player.name)


def my_tables(runtime: Runtime, player: Player, lang: str = "en") -> MyTablesOut:
    """A player's tables: running ones (their turn first), then finished ones with their results."""
    running: list[MyTable] = []
    finished: list[MyTable] = []
    seen: set[str] = set()
    for taken in runtime.players.seats(player)[:MY_TABLES]:
        if taken.table in seen:
            continue
        seen.add(taken.table)
        try:
            summary = titled(runtime.tables.summary(taken.table), lang)
        except (Refused, ValueError):
            continue
        entry = _entry(summary, taken.seat)
        (finished if entry.status in ("over", "abandoned") else running).append(entry)
    running.sort(key=lambda t: (not t.my_turn, -t.created))
    return MyTablesOut(player=PlayerOut(id=player.id, name=player.name), running=running, finished=finished)


def _entry(summary: dict[str, Any], seat: int) -> MyTable:
    result: dict[str, Any] = next((r for r in summary.get("results", []) if r.get("seat") == seat), {})
    over = summary["status"] == "over"
    my_turn = not over and seat in summary.get("to_move", [])
    return MyTable(
        id=summary["id"],
        game=summary["game"],
        title=summary.get("title", summary["game"]),
        seat=seat,
        status=summary["status"],
        my_turn=my_turn,
        created=summary.get("created", 0.0),
        winner=seat in summary.get("winners", []) if over else None,
        place=result.get("place"),
        score=result.get("score"),
        resigned=bool(result.get("resigned") or result.get("zombie")),
        time_left=_time_left(summary, seat) if my_turn else None,
    )


def _time_left(summary: dict[str, Any], seat: int) -> float | None:
    """Seconds until ``seat``'s running clock runs out, from the summary's clocks and its ``now``."""
    clocks = summary.get("clocks") or {}
    mine = next((c for c in clocks.get("seats", []) if c["seat"] == seat and c["counts"]), None)
    if mine is None or mine["deadline"] is None:
        return None
    return max(0.0, round(float(mine["deadline"]) - float(summary["now"]), 1))


def left_words(seconds: float, lang: str) -> str:
    """A clock's time left as the table's clock bar writes it: 4:05, 1:02:03, 2 d 3 h."""
    whole = max(0, math.ceil(seconds))
    days, hours, minutes = whole // 86400, whole % 86400 // 3600, whole % 3600 // 60
    if days:
        return translator("riverbox", lang)("{d} d {h} h").format(d=days, h=hours)
    if hours:
        return f"{hours}:{minutes:02d}:{whole % 60:02d}"
    return f"{minutes}:{whole % 60:02d}"


@router.get("/me", response_class=HTMLResponse, include_in_schema=False)
async def my_tables_page(request: Request, runtime: RuntimeDep, player: CurrentPlayer) -> Response:
    """My tables: where it is my turn, what is running, what finished (with replays)."""
    lang = request_lang(request)
    mine = None if player is None else await run_in_threadpool(my_tables, runtime, player, lang)
    running = mine.running if mine is not None else []
    left = {t.id: left_words(t.time_left, lang) for t in running if t.time_left is not None}
    return page(request, "my_tables.html", {"mine": mine, "name_limit": NAME_LIMIT, "left": left})


@router.get("/players/move", response_class=HTMLResponse, include_in_schema=False)
def move_page(request: Request) -> Response:
    """Where a move link lands: a button stores the link's key (after '#') as this browser's player."""
    return page(request, "move_player.html", {}, make_player=False)
