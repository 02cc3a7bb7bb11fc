"""The clock's route: an away seat's player takes the seat back with one call (the page's "I'm back").

The clock itself (time banks, expiries, away and zombie seats) lives in the table's events
(see :mod:`riverbox.server.clock`); this router only adds the ``back`` call.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

router = APIRouter(tags=["clock"])


class BackOut(BaseModel):
    seq: int


class BackProblem(BaseModel):
    detail: str


@router.post(
    "/api/tables/{table_id}/back",
    response_model=BackOut,
    responses={code: {"model": BackProblem} for code in (403, 404, 409)},
)
async def back(
    table_id: str,
    request: Request,
    authorization: Annotated[str | None, Header(description="Bearer TOKEN of a seat")] = None,
) -> BackOut:
    """I'm back: an away seat (a bot moved for it when its time ran out) is its player's again.

    409 if the seat is not away, or is a zombie (too many expiries in a row: a bot plays it
    to the end). Making a move takes the seat back too.
    """
    from riverbox.server.app import _bearer

    token = _bearer(authorization)
    return BackOut(seq=await run_in_threadpool(request.app.state.tables.back, table_id, token))
