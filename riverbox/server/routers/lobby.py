"""The lobby's API: open a table, list the tables, claim an open seat."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request

from riverbox.server.deps import (
    CurrentPlayer,
    RuntimeDep,
    base_url,
    client_keys,
    player_key,
    rate_limit,
    request_lang,
)
from riverbox.server.players import clean_name, take_seat
from riverbox.server.schemas import ERRORS, CreateIn, CreateOut, JoinIn, JoinOut, SeatOut, TableOut
from riverbox.server.service import SeatSpec

router = APIRouter(tags=["lobby"])


@router.post(
    "/api/tables",
    status_code=201,
    response_model=CreateOut,
    responses=ERRORS,
    dependencies=[Depends(rate_limit("create"))],
)
def create_table(body: CreateIn, request: Request, runtime: RuntimeDep, player: CurrentPlayer) -> CreateOut:
    """Open a table. Human seats get a secret token and an invite link; keep them private.

    A browser with a player (the ``riverbox_player`` cookie) takes the first human seat: it is
    theirs in every tab from then on.
    """
    specs = None if body.seats is None else [SeatSpec(s.kind, s.bot, _name(s.name)) for s in body.seats]
    keys, all_bots = client_keys(request), bool(specs) and all(s.kind == "bot" for s in specs or ())
    # 429 at the caps on unfinished and all-bot tables, counted as the table is inserted
    opener = None if runtime.openings is None else runtime.openings.opener(keys, all_bots)
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
        opener,
    )
    mine = next((s for s, kind, _ in seats if kind == "human"), None)
    if mine is not None:
        take_seat(runtime.tables, runtime.players, table_id, mine, player)
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
def list_tables(request: Request, runtime: RuntimeDep) -> list[dict[str, Any]]:
    """Open and running tables, newest first, then the newest finished ones (the lobby); seats
    are named in the reader's language (``?lang=``)."""
    return runtime.tables.lobby(request_lang(request))


@router.post("/api/tables/{table_id}/join", response_model=JoinOut, responses=ERRORS)
def join(
    table_id: str, body: JoinIn, request: Request, runtime: RuntimeDep, player: CurrentPlayer
) -> JoinOut:
    """Claim a free open seat (the first one unless ``seat`` is given); a browser's player keeps it."""
    name = clean_name(body.name)
    seat, token = runtime.tables.join(table_id, body.seat, name)
    take_seat(runtime.tables, runtime.players, table_id, seat, player)
    key = player_key(request)
    if player is not None and key is not None and not player.name:  # their next seats take it too
        runtime.players.rename(key, name)
    return JoinOut(seat=seat, token=token, url=f"{base_url(request)}/tables/{table_id}#token={token}")


def _name(raw: str | None) -> str | None:
    """A seat's name as given when creating a table (cleaned), or None for none."""
    return None if raw is None or not raw.strip() else clean_name(raw)
