"""Ratings: a leaderboard per game and a player's ratings with their history, as JSON and pages.

The bot levels' fixed reference ratings are listed with the players (marked as bots), so a
person sees where they stand against the bots they can play.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from riverbox.core.i18n import N_, gettext
from riverbox.server.deps import page, request_lang
from riverbox.server.ratings import player_names, reference_ratings, shown
from riverbox.server.schemas import ERRORS
from riverbox.server.service import Tables
from riverbox.server.table import Refused, server_text
from riverbox.store import social

router = APIRouter(tags=["ratings"])
BOARD_SIZE = 100
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"), "strong": N_("strong")}
"""The bot levels in words (the leaderboard's reference rows)."""


class RatedPlayer(BaseModel):
    player: str
    name: str
    rating: int = Field(description="What is shown and ranked by: mu - 3 sigma, rounded.")
    mu: float
    sigma: float
    games: int


class ReferenceBot(BaseModel):
    level: str = Field(description="easy, medium, hard or strong (provisional, fixed numbers).")
    rating: int
    mu: float
    sigma: float


class BoardOut(BaseModel):
    game: str
    players: list[RatedPlayer]
    bots: list[ReferenceBot]


class HistoryLine(BaseModel):
    table: str
    game: str
    seat: int
    place: int
    before: int
    after: int
    at: float


class PlayerOut(BaseModel):
    player: str
    name: str
    ratings: list[RatedPlayer]
    history: list[HistoryLine]


def tables_of(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


TablesDep = Annotated[Tables, Depends(tables_of)]


def _game_title(game: str, lang: str) -> str:
    from riverbox.registry import game_class, games

    for info in games():
        if info.name == game:
            return gettext(game_class(game).domain, lang, info.title)
    raise Refused(404, server_text("no game {game}", game=game[:64]))


def _lang(request: Request) -> str:
    return request_lang(request)


def board(tables: Tables, game: str) -> dict[str, Any]:
    """A game's leaderboard (404 for no such game): players best first, and the reference bots."""
    _game_title(game, "en")
    rows = social.leaderboard(tables.store, game, BOARD_SIZE)
    names = player_names(tables.store, [r.player_id for r in rows])
    return {
        "game": game,
        "players": [
            {
                "player": r.player_id,
                "name": names.get(r.player_id, ""),
                "rating": shown(r.mu, r.sigma),
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
            }
            for r in rows
        ],
        "bots": [
            {"level": level, "rating": shown(mu, sigma), "mu": mu, "sigma": sigma}
            for level, (mu, sigma) in reference_ratings(game).items()
        ],
    }


def player(tables: Tables, player_id: str) -> dict[str, Any]:
    """A player's ratings per game and rated tables, newest first (404 if never rated nor known)."""
    ratings = social.player_ratings(tables.store, player_id)
    history = social.player_history(tables.store, player_id)
    name = player_names(tables.store, [player_id]).get(player_id)
    if not ratings and name is None:
        raise Refused(404, server_text("no player {player}", player=player_id[:32]))
    return {
        "player": player_id,
        "name": name or "",
        "ratings": [
            {
                "player": player_id,
                "name": name or "",
                "rating": shown(r.mu, r.sigma),
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "game": r.game,
            }
            for r in ratings
        ],
        "history": [
            {
                "table": h.table_id,
                "game": h.game,
                "seat": h.seat,
                "place": h.place,
                "before": shown(h.mu_before, h.sigma_before),
                "after": shown(h.mu_after, h.sigma_after),
                "at": h.at,
            }
            for h in history
        ],
    }


@router.get("/api/leaderboard/{game}", response_model=BoardOut, responses=ERRORS)
def leaderboard_json(game: str, tables: TablesDep) -> dict[str, Any]:
    """A game's best rated players (rating = mu - 3 sigma) and the bot levels' reference ratings."""
    return board(tables, game)


@router.get("/api/players/{player_id}/ratings", response_model=PlayerOut, responses=ERRORS)
def player_json(player_id: str, tables: TablesDep) -> dict[str, Any]:
    """A player's rating in each game and their rated tables, newest first."""
    return player(tables, player_id)


@router.get("/leaderboard/{game}", response_class=HTMLResponse, include_in_schema=False)
async def leaderboard_page(request: Request, game: str, tables: TablesDep) -> Response:
    lang = _lang(request)
    data = await run_in_threadpool(board, tables, game)
    rows = [{**p, "bot": None} for p in data["players"]] + [
        {
            **b,
            "bot": b["level"],
            "level_words": gettext("riverbox", lang, LEVEL_WORDS.get(b["level"], b["level"])),
        }
        for b in data["bots"]
    ]
    rows.sort(key=lambda r: -r["rating"])
    return page(request, "leaderboard.html", {"title": _game_title(game, lang), "game": game, "rows": rows})


@router.get("/players/{player_id}", response_class=HTMLResponse, include_in_schema=False)
async def player_page(request: Request, player_id: str, tables: TablesDep) -> Response:
    lang = _lang(request)
    data = await run_in_threadpool(player, tables, player_id)
    titles = {
        g: _game_title(g, lang)
        for g in {r["game"] for r in data["ratings"]} | {h["game"] for h in data["history"]}
    }
    return page(request, "player.html", {"player": data, "titles": titles})
