"""The site's HTML pages: the lobby, a game's rules, a table, a replay."""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from riverbox.core.i18n import gettext
from riverbox.server.botpolicy import BARRED_BOTS
from riverbox.server.deps import TablesDep, page, request_lang
from riverbox.server.service import Tables
from riverbox.server.table import Refused, server_text

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
def lobby_page(request: Request) -> Response:
    from riverbox.bots.base import bot_names
    from riverbox.registry import games, load

    lang = request_lang(request)
    # bots a table may not seat (see botpolicy) are not offered
    infos = [
        {**i.to_json(), "bots": [b for b in bot_names(load(i.name)) if b not in BARRED_BOTS]} for i in games()
    ]
    chosen = request.query_params.get("game")  # /?game=NAME opens the form with that game
    return page(request, "lobby.html", {"games": [game_info(info, lang) for info in infos], "chosen": chosen})


@router.get("/rules/{game}", response_class=HTMLResponse)
def rules_page(request: Request, game: str) -> Response:
    """A game's rules in the reader's language, as ``riverbox rules GAME --lang`` shows them."""
    from riverbox.registry import games

    if game not in {info.name for info in games()}:
        raise Refused(404, server_text("no game {game}", game=game[:64]))
    lang = request_lang(request)
    title = gettext(_game_domain(game), lang, next(i.title for i in games() if i.name == game))
    return page(request, "rules.html", {"game": game, "title": title, "rules": rules_html(game, lang)})


def _summary_or_page(
    request: Request, tables: Tables, table_id: str, lang: str = "en"
) -> dict[str, Any] | Response:
    """The table's summary (seats named in ``lang``), or (no such table) a page that says so in the
    reader's language."""
    try:
        return tables.summary(table_id, lang)
    except Refused as exc:
        if exc.status != 404:
            raise
        return page(request, "missing.html", {"table_id": table_id[:64]}, status=404)


@router.get("/tables/{table_id}", response_class=HTMLResponse)
def table_page(request: Request, table_id: str, tables: TablesDep) -> Response:
    summary = _summary_or_page(request, tables, table_id)
    if isinstance(summary, Response):
        return summary
    lang = request_lang(request)
    context = {"table": titled(summary, lang), "content": printed_content(summary["game"], lang)}
    return page(request, "table.html", context, summary["game"])


@router.get("/tables/{table_id}/replay", response_class=HTMLResponse)
def replay_page(request: Request, table_id: str, tables: TablesDep) -> Response:
    lang = request_lang(request)
    summary = _summary_or_page(request, tables, table_id, lang)  # the seats' names draw the replay
    if isinstance(summary, Response):
        return summary
    context = {"table": titled(summary, lang), "content": printed_content(summary["game"], lang)}
    return page(request, "replay.html", context, summary["game"])


@functools.cache
def printed_content(game: str, lang: str = "en") -> dict[str, Any]:
    """What the game's components say, for its drawing (fixed per game and language, so built once)."""
    from riverbox.registry import load

    return load(game).printed_content(lang)


@functools.cache
def rules_html(game: str, lang: str = "en") -> str:
    """A game's rules (Markdown) as HTML; raw HTML in the text is escaped, never passed through."""
    from markdown_it import MarkdownIt

    from riverbox.core.text import close_cjk_gaps
    from riverbox.registry import load

    rendered = MarkdownIt("commonmark", {"html": False}).enable("table").render(load(game).rules_text(lang))
    return close_cjk_gaps(str(rendered))


def _game_domain(game: str) -> str:
    from riverbox.registry import game_class

    return game_class(game).domain


def titled(summary: dict[str, Any], lang: str) -> dict[str, Any]:
    """A table summary whose game title is in ``lang`` (the title is the game's, in its domain)."""
    if "title" not in summary:
        return summary
    return {**summary, "title": gettext(_game_domain(summary["game"]), lang, summary["title"])}


def game_info(info: dict[str, Any], lang: str) -> dict[str, Any]:
    """A game's lobby entry with its title, labelled options and bots in ``lang``."""
    from riverbox.server.lobby_form import lobby_game

    return lobby_game(info, _game_domain(info["name"]), lang)
