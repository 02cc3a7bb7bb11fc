"""The clock's route: an away seat's player takes the seat back with one call (the page's "I'm back").

The clock itself (time banks, expiries, away and zombie seats) lives in the table's events
(see :mod:`riverbox.server.clock`); this router only adds the ``back`` call.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends
from starlette.concurrency import run_in_threadpool

from riverbox.server.deps import SeatToken, TablesDep, rate_limit
from riverbox.server.schemas import ERRORS, SeqOut

router = APIRouter(tags=["clock"])


@router.post(
    "/api/tables/{table_id}/back",
    response_model=SeqOut,
    responses=ERRORS,
    dependencies=[Depends(rate_limit("move"))],
)
async def back(table_id: str, tables: TablesDep, token: SeatToken) -> SeqOut:
    """I'm back: an away seat (a bot moved for it when its time ran out) is its player's again.

    409 if the seat is not away, or is a zombie (too many turns missed in a row: a bot plays
    it to the end). Making a move takes the seat back too.
    """
    return SeqOut(seq=await run_in_threadpool(tables.back, table_id, token))
