"""A player's turn webhook: set it (http or https only) or clear it. Posts go out from
:mod:`riverbox.server.webhook` when the player's turn comes at one of their tables."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi import APIRouter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from riverbox.server.deps import CurrentPlayer, RuntimeDep
from riverbox.server.schemas import ERRORS
from riverbox.server.table import Refused, server_text
from riverbox.server.webhook import URL_LIMIT, check_url
from riverbox.store import schema
from riverbox.store.db import Store

router = APIRouter(tags=["players"])


class WebhookIn(BaseModel):
    url: str | None = Field(
        None, max_length=URL_LIMIT * 2, description="An http(s) URL to POST to on your turn; null clears it."
    )


class WebhookOut(BaseModel):
    url: str | None


def set_webhook(store: Store, player_id: str, url: str | None) -> None:
    """Store (or clear) a player's webhook URL."""
    players = schema.players
    with store.engine.begin() as conn:
        conn.execute(sa.update(players).where(players.c.id == player_id).values(webhook=url))


@router.put("/api/players/me/webhook", response_model=WebhookOut, responses=ERRORS)
async def put_webhook(body: WebhookIn, runtime: RuntimeDep, player: CurrentPlayer) -> WebhookOut:
    """Set the URL riverbox POSTs ``{"event": "turn", "table": LINK}`` to when it is your turn."""
    if player is None:
        raise Refused(403, server_text("this needs a player: open the lobby once in this browser"))
    url = None if body.url is None or not body.url.strip() else check_url(body.url)
    await run_in_threadpool(set_webhook, runtime.store, player.id, url)
    runtime.turn_alerts.forget()
    return WebhookOut(url=url)
