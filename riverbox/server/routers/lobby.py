"""The lobby's API: open a table, list the tables, claim an open seat."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from riverbox.server.deps import CurrentPlayer, RuntimeDep, base_url
from riverbox.server.schemas import ERRORS, CreateIn, CreateOut, JoinIn, JoinOut, SeatOut, TableOut
from riverbox.server.service import SeatSpec

router = APIRouter(tags=["lobby"])


@router.post("/api/tables", status_code=201, response_model=CreateOut, responses=ERRORS)
def create_table(body: CreateIn, request: Request, runtime: RuntimeDep, player: CurrentPlayer) -> CreateOut:
    """Open a table. Human seats get a secret token and an invite link; keep them private.

    A browser with a player (the ``riverbox_player`` cookie) takes the first human seat: it is
    theirs in every tab from then on.
    """
    specs = None if body.seats is None else [SeatSpec(s.kind, s.bot, s.name) for s in body.seats]
    table_id, seats = runtime.tables.create(
        body.game,
        body.players,
        body.options,
        specs,
        body.clock,
        body.bot_seconds,
        body.bank,
        body.timeouts,
        body.rated,
    )
    mine = next((s for s, kind, _ in seats if kind == "human"), None)
    if player is not None and mine is not None:
        runtime.players.link(table_id, mine, player)
    root = base_url(request)
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


@router.get("/api/tables", response_model=list[TableOut])
def list_tables(runtime: RuntimeDep) -> list[dict[str, Any]]:
    """Open and running tables, newest first, then the newest finished ones (the lobby)."""
    return runtime.tables.lobby()


@router.post("/api/tables/{table_id}/join", response_model=JoinOut, responses=ERRORS)
def join(
    table_id: str, body: JoinIn, request: Request, runtime: RuntimeDep, player: CurrentPlayer
) -> JoinOut:
    """Claim a free open seat (the first one unless ``seat`` is given); a browser's player keeps it."""
    seat, token = runtime.tables.join(table_id, body.seat, body.name)
    if player is not None:
        runtime.players.link(table_id, seat, player)
    return JoinOut(seat=seat, token=token, url=f"{base_url(request)}/tables/{table_id}#token={token}")
