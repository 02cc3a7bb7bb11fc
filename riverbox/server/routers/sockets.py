"""The table's WebSocket: a hello (token, language), then state messages and the seat's moves."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from riverbox.core.i18n import check_lang, in_lang
from riverbox.server.chat import CHAT_LIMIT, Chat
from riverbox.server.clock import with_now
from riverbox.server.language import LANG_COOKIE, choose_lang
from riverbox.server.limits import Limiter, RateLimited, keys_of
from riverbox.server.live import Client, json_message, state_message
from riverbox.server.players import PLAYER_COOKIE, take_seat
from riverbox.server.runtime import Runtime
from riverbox.server.service import Tables
from riverbox.server.table import Refused, server_text

MESSAGE_LIMIT = 16 * 1024
HELLO_SECONDS = 10.0

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    runtime: Runtime = ws.app.state.runtime
    await _socket(ws, table_id, runtime)


def origin_allowed(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Browsers send Origin: it must be this server (or an allowed origin). Programs send none."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    host = ws.headers.get("host", "")
    return origin in allowed or origin in (f"http://{host}", f"https://{host}")


async def _socket(ws: WebSocket, table_id: str, runtime: Runtime) -> None:
    tables, hub = runtime.tables, runtime.hub
    if not origin_allowed(ws, runtime.settings.allowed_origins):
        await ws.close(code=1008, reason="origin not allowed")
        return
    await ws.accept()
    lang = "en"
    try:
        raw = await asyncio.wait_for(ws.receive_text(), HELLO_SECONDS)
        hello = json_message(raw, MESSAGE_LIMIT)
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise Refused(422, "token must be a string")
        asked = hello.get("lang")
        if asked is None:  # the page's language: cookie, else the browser's
            asked = choose_lang(None, ws.cookies.get(LANG_COOKIE), ws.headers.get("accept-language"))
        try:
            lang = check_lang(asked)
        except ValueError as exc:
            raise Refused(422, str(exc)) from None
        key = ws.cookies.get(PLAYER_COOKIE) or None
        if token is None and key is not None and len(key) <= 100:  # the player's seat, in any tab
            token = key if await run_in_threadpool(tables.seat_of_key, table_id, key) is not None else None
        seat = await run_in_threadpool(tables.seat_of, table_id, token)
        await run_in_threadpool(tables.summary, table_id)
        if seat is not None and token != key:
            await run_in_threadpool(_link, runtime, table_id, seat, key)
        player = await run_in_threadpool(runtime.players.by_key, key)
        counted = keys_of(ws.client.host if ws.client else None, None if player is None else player.id)
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await ws.close(code=1008, reason="no hello")
        return
    except Refused as exc:
        with contextlib.suppress(Exception):
            await ws.send_json({"type": "error", "status": exc.status, "detail": exc.text(lang)})
            await ws.close(code=1008, reason=exc.message[:100])
        return
    client = Client(ws, seat, lang)
    hub.add(table_id, client)
    try:
        texts = await run_in_threadpool(tables.state_texts, table_id, [(seat, lang)])
        await hub.send(client, with_now(state_message(texts[seat, lang])), state_message(texts[seat, lang]))
        while True:
            raw = await ws.receive_text()
            limits = (runtime.limiter, counted)
            reply = await _answer(raw, table_id, token, tables, lang, runtime.chat, limits)
            # queued after the states sent before it, so the client reads them in order
            hub.post(client, json.dumps(reply, separators=(",", ":"), ensure_ascii=False))
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(table_id, client)


def _link(runtime: Runtime, table_id: str, seat: int, key: str | None) -> None:
    """A seat opened by its token in a browser with a player becomes that player's (if nobody's yet).

    So an invite link opened once is the seat in every tab of that browser from then on.
    """
    take_seat(runtime.tables, runtime.players, table_id, seat, runtime.players.by_key(key))


LIMITED = {
    **dict.fromkeys(("action", "undo", "resign", "back"), "move"),
    **dict.fromkeys(("chat", "chat-mute"), "chat"),
}
"""The rate-limit kind each socket message counts against: the same buckets as its REST route."""


async def _answer(
    raw: str,
    table_id: str,
    token: str | None,
    tables: Tables,
    lang: str = "en",
    chat: Chat | None = None,
    limits: tuple[Limiter, list[str]] | None = None,
) -> dict[str, Any]:
    """One client message answered like the REST call it stands for.

    ``limits`` (the server's limiter and this client's address and player keys) counts the
    message against its REST route's buckets; an empty bucket answers 429 and does nothing.
    """
    handlers: dict[str, Callable[[dict[str, Any]], Awaitable[int]]] = {
        "action": lambda m: _act(tables, table_id, token, _text(m, "action"), _int(m, "seq")),
        "undo": lambda m: run_in_threadpool(tables.undo, table_id, token),
        "resign": lambda m: run_in_threadpool(tables.resign, table_id, token),
        "back": lambda m: run_in_threadpool(tables.back, table_id, token),
    }
    if chat is not None:  # a line from a seat's socket (spectators without a token say theirs over REST)
        handlers["chat"] = lambda m: _say(chat, table_id, token, m)
        handlers["chat-mute"] = lambda m: _say(chat, table_id, token, m, mute=True)
    try:
        message = json_message(raw, MESSAGE_LIMIT)
        kind = message.get("type")
        handler = handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise Refused(422, f"unknown message type {kind!r}; use action, undo, resign, back or chat")
        if limits is not None and isinstance(kind, str):
            await limits[0].acheck(LIMITED[kind], limits[1])
        return {"type": "ok", "of": kind, "seq": await handler(message)}
    except Refused as exc:
        return {"type": "error", "status": exc.status, "detail": exc.text(lang)}
    except RateLimited as exc:
        busy = server_text("too many requests; wait {seconds} s and try again", seconds=exc.retry_after)
        return {"type": "error", "status": 429, "detail": in_lang(busy, lang), "retry_after": exc.retry_after}


async def _say(
    chat: Chat, table_id: str, token: str | None, message: dict[str, Any], mute: bool = False
) -> int:
    """A chat line (or the host's mute) from a seat's socket: stored, sent to the table's sockets; its id."""
    if token is None:
        raise Refused(403, server_text("this needs a seat token (Authorization: Bearer TOKEN)"))
    if mute:
        muted = message.get("muted")
        if not isinstance(muted, bool):
            raise Refused(422, "muted must be true or false")
        row = await run_in_threadpool(chat.mute, table_id, token, muted)
    else:
        text = message.get("text")
        if not isinstance(text, str) or len(text) > 4 * CHAT_LIMIT:
            raise Refused(422, "text must be a string")
        row = await run_in_threadpool(chat.say, table_id, token, text, None, "")
    await chat.deliver(table_id, row)
    return row.id


async def _act(tables: Tables, table_id: str, token: str | None, text: str, seq: int) -> int:
    """A move from a socket: on the loop when the table is at hand, else in a thread."""
    done = await tables.act_at_once(table_id, token, text, seq)
    return done if done is not None else await run_in_threadpool(tables.act, table_id, token, text, seq)


def _text(message: dict[str, Any], key: str) -> str:
    value = message.get(key)
    if not isinstance(value, str) or len(value) > 200:
        raise Refused(422, f"{key} must be a string of at most 200 characters")
    return value


def _int(message: dict[str, Any], key: str) -> int:
    value = message.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(422, f"{key} must be an integer")
    return value
