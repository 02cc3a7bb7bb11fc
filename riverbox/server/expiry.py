"""Abandoned tables expire (issue 26 item 4; ``riverbox serve --expire-days``, off by default).

A table still open or running where nobody has moved (no event at all) for that many days ends
without a result: an ``abandon`` event marks it, its status becomes ``abandoned``, so it leaves
the lobby, stops its bots and clock, no longer counts against its players' caps, and shows its
record like any finished table. Nobody is rated for it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import sqlalchemy as sa
from starlette.concurrency import run_in_threadpool

from riverbox.server.service import Tables
from riverbox.server.table import Refused
from riverbox.store import schema
from riverbox.store.db import Store

DAY = 86_400.0
SWEEP_SECONDS = 3600.0
"""How often a server looks for abandoned tables."""
log = logging.getLogger("riverbox.server")


def idle_tables(store: Store, idle_since: float) -> list[str]:
    """Open or running tables whose last event (or creation, with none) is before ``idle_since``."""
    g, e = schema.games.c, schema.events.c
    last = sa.select(sa.func.max(e.at)).where(e.game_id == g.id).scalar_subquery()
    query = sa.select(g.id).where(
        g.status.in_(("open", "running")), sa.func.coalesce(last, g.created) < idle_since
    )
    with store.engine.connect() as conn:
        return [str(row.id) for row in conn.execute(query)]


def expire(tables: Tables, days: float, now: float) -> list[str]:
    """Abandon every table idle for ``days`` at ``now``; the ids abandoned."""
    since = now - days * DAY
    done = []
    for table_id in idle_tables(tables.store, since):
        try:
            if tables.abandon(table_id, since):
                done.append(table_id)
        except (Refused, ValueError) as exc:  # a table that no longer loads: leave it be
            log.warning("could not expire table %s (%s)", table_id, exc)
    return done


async def sweep(tables: Tables, days: float, clock: Callable[[], float] = time.time) -> None:
    """Expire abandoned tables now and every :data:`SWEEP_SECONDS` (the server's task)."""
    while True:
        try:
            gone = await run_in_threadpool(expire, tables, days, clock())
            if gone:
                log.info("expired %d abandoned tables", len(gone))
        except Exception as exc:  # a busy or full disk: try again next time
            log.warning("expiring abandoned tables failed (%s)", type(exc).__name__)
        await asyncio.sleep(SWEEP_SECONDS)
