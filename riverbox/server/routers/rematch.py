"""Play again: POST on a finished table carries the caller to its rematch."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from riverbox.server.deps import CurrentPlayer, RuntimeDep, SeatToken, base_url
from riverbox.server.rematch import accept
from riverbox.server.schemas import ERRORS

router = APIRouter(tags=["tables"])


class RematchOut(BaseModel):
    id: str = Field(description="The new table.")
    seat: int = Field(description="Your seat there (seats are rotated by one).")
    token: str | None = Field(None, description="A token for that seat, the first time it is taken.")
    url: str = Field(description="Your seat's page (with its token after '#' when there is one).")


@router.post("/api/tables/{table_id}/rematch", response_model=RematchOut, responses=ERRORS)
async def rematch(
    table_id: str, request: Request, runtime: RuntimeDep, token: SeatToken, player: CurrentPlayer
) -> RematchOut:
    """Play again: the same people and bots at a new table (a new deal, seats rotated by one).

    The first player to ask makes it; every page of this table hears of it; each player who
    asks is carried to their new seat. 409 before the game is over, 403 for a spectator.
    """
    new_id, seat, fresh = await run_in_threadpool(
        accept, runtime.tables, runtime.players, table_id, token, player
    )
    url = f"{base_url(request)}/tables/{new_id}" + (f"#token={fresh}" if fresh else "")
    return RematchOut(id=new_id, seat=seat, token=fresh, url=url)
