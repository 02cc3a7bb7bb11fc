"""FastAPI dependencies shared by the routers: the runtime, the reader's language, the seat's token.

Each is a small function FastAPI calls per request, so a route declares what it needs in its
signature (``tables: TablesDep``) and the OpenAPI document shows the headers and parameters
they read.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import Depends, Header, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from riverbox.core.i18n import check_lang
from riverbox.server.language import LANG_COOKIE, choose_lang, page_context
from riverbox.server.limits import keys_of
from riverbox.server.players import COOKIE_SECONDS, PLAYER_COOKIE, Player
from riverbox.server.runtime import Runtime
from riverbox.server.service import Tables
from riverbox.server.table import Refused, server_text


def runtime(request: Request) -> Runtime:
    """The app's :class:`Runtime` (set by ``create_app``)."""
    found: Runtime = request.app.state.runtime
    return found


def tables(request: Request) -> Tables:
    """The app's tables."""
    return runtime(request).tables


RuntimeDep = Annotated[Runtime, Depends(runtime)]
TablesDep = Annotated[Tables, Depends(tables)]


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header; None without one, 403 if malformed."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused(403, server_text("the Authorization header must be 'Bearer TOKEN'"))
    return token.strip()


def player_key(request: Request) -> str | None:
    """The secret player key of the browser's ``riverbox_player`` cookie, if it sent one."""
    return request.cookies.get(PLAYER_COOKIE) or None


def current_player(request: Request) -> Player | None:
    """The player the request's cookie names, or None (no cookie, or a key nobody holds)."""
    return runtime(request).players.by_key(player_key(request))


CurrentPlayer = Annotated[Player | None, Depends(current_player)]


async def seat_token(
    request: Request,
    table_id: str,
    authorization: Annotated[str | None, Header(description="Bearer TOKEN of a seat")] = None,
) -> str | None:
    """What opens the request's seat at ``table_id``: its bearer token, else the player cookie.

    Tokens travel only in the Authorization header. Without one, a browser whose player took a
    seat at this table is that seat (any tab); otherwise the request is a spectator's (None).
    """
    token = bearer(authorization)
    if token is not None:
        return token
    key = player_key(request)
    if key is None or len(key) > 100:
        return None
    seat = await run_in_threadpool(tables(request).seat_of_key, table_id, key)
    return None if seat is None else key


SeatToken = Annotated[str | None, Depends(seat_token)]


def request_lang(request: Request, strict: bool = False) -> str:
    """The reader's language: ``?lang=``, else the cookie, else Accept-Language, else English.

    ``strict``: a ``?lang=`` riverbox does not speak is refused (422) rather than ignored.
    """
    asked = request.query_params.get("lang")
    if strict and asked is not None:
        try:
            check_lang(asked)
        except ValueError as exc:
            raise Refused(422, str(exc)) from None
    return choose_lang(asked, request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))


def reader_lang(request: Request) -> str:
    """The reader's language for an API answer (an unknown ``?lang=`` is refused)."""
    return request_lang(request, strict=True)


ReaderLang = Annotated[str, Depends(reader_lang)]


def base_url(request: Request) -> str:
    """The server's address as the client reached it, without a trailing slash."""
    return str(request.base_url).rstrip("/")


def page(
    request: Request,
    template: str,
    context: dict[str, Any],
    game: str | None = None,
    status: int = 200,
    make_player: bool = True,
) -> Response:
    """A page in the reader's language; a ``?lang=`` choice is remembered in a cookie.

    ``make_player``: a browser without a player gets one (its first visit), except on the page
    that is about to give it one from a move link.
    """
    lang = request_lang(request)
    response = runtime(request).templates.TemplateResponse(
        request, template, {**context, **page_context(request, lang, game)}, status_code=status
    )
    if request.query_params.get("lang") == lang:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    if (
        make_player and current_player(request) is None
    ):  # the first visit makes a player (see riverbox.server.players)
        _, key = runtime(request).players.new()
        set_player_cookie(request, response, key)
    return response


def set_player_cookie(request: Request, response: Response, key: str) -> None:
    """Keep ``key`` in the browser: HttpOnly (no script reads it), SameSite=Lax, Secure on https."""
    response.set_cookie(
        PLAYER_COOKIE,
        key,
        max_age=COOKIE_SECONDS,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


# -- rate limits (riverbox.server.limits): the buckets a request is counted under --------------
def client_keys(request: Request) -> list[str]:
    """The keys a request is counted under: its address, and its player when the cookie names one."""
    player = current_player(request)
    host = request.client.host if request.client is not None else None
    return keys_of(host, None if player is None else player.id)


def rate_limit(kind: str) -> Callable[[Request], Awaitable[None]]:
    """A route dependency that counts the request against ``kind``'s buckets (429 when empty).

    Async, so a server with Redis asks it on the event loop (one round trip, no thread); the
    player behind a cookie is looked up in a thread (it may read the store).
    """

    async def check(request: Request) -> None:
        if player_key(request) is None:
            host = request.client.host if request.client is not None else None
            keys = keys_of(host, None)
        else:
            keys = await run_in_threadpool(client_keys, request)
        await runtime(request).limiter.acheck(kind, keys)

    return check
