"""``riverbox games`` and ``riverbox rules``: what there is to play, and how."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.table import Table

from riverbox.bots.base import bot_names
from riverbox.bots.levels import level_info, levels_for
from riverbox.cli.commands.shared import (
    GameArg,
    LangOpt,
    console,
    fail,
)
from riverbox.cli.common import load_game
from riverbox.registry import games as list_games


def games(as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False) -> None:
    """List the games with their player counts and options."""
    infos = list_games()
    bots = {i.name: bot_names(load_game(i.name, None, None)) for i in infos}
    if as_json:
        print(
            json.dumps(
                [
                    i.to_json()
                    | {
                        "bots": bots[i.name],
                        "levels": levels_for(i.name),
                        "level_ratings": {
                            n: {"spec": lv.spec, "budget": lv.budget, "rating": lv.rating}
                            for n, lv in level_info(i.name).items()
                        },
                    }
                    for i in infos
                ],
                indent=1,
            )
        )
        return
    table = Table(title="riverbox games")
    table.add_column("name", style="bold cyan")
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("options (default; allowed)")
    table.add_column("bots and levels")
    for info in infos:
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else (f"{info.min_players}-{info.max_players}")
        )
        opts = "\n".join(f"{o.name}={o.default!r}  [dim]{o.describe()}[/dim]" for o in info.options) or "-"
        levels = levels_for(info.name)
        listed = [b for b in bots[info.name] if b not in levels]
        table.add_row(
            info.name,
            info.title,
            players,
            opts,
            ", ".join(listed) + ("\n[dim]levels: " + ", ".join(levels) + "[/dim]" if levels else ""),
        )
    console.print(table)
    console.print(_levels_table([i.name for i in infos]))


def _levels_table(names: list[str]) -> Table:
    """Every game's levels: the bot each plays, its CPU budget per move and its measured rating."""
    table = Table(title="levels (rating: Elo scale, each game's easy = 1000)")
    table.add_column("game", style="bold cyan")
    table.add_column("level")
    table.add_column("bot")
    table.add_column("CPU a move", justify="right")
    table.add_column("rating", justify="right")
    for name in names:
        for level, measured in level_info(name).items():
            rating = "-" if measured.rating is None else str(measured.rating)
            table.add_row(name, level, measured.spec, f"{measured.budget:g} s", rating)
    return table


def rules(game: GameArg, lang: LangOpt = "en") -> None:
    """Show the rules of a game, in riverbox's own words (placeholder content marked)."""
    try:
        g = load_game(game, None, None)
    except ValueError as exc:
        fail(str(exc))
        return
    console.print(Markdown(g.rules_text(lang)))
