"""``riverbox games`` and ``riverbox rules``: what there is to play, and how."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.table import Table

from riverbox.bots.base import bot_names
from riverbox.bots.levels import levels_for
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
                [i.to_json() | {"bots": bots[i.name], "levels": levels_for(i.name)} for i in infos], indent=1
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
            ", ".join(listed) + "\n" + "\n".join(f"[dim]{k} = {v}[/dim]" for k, v in levels.items()),
        )
    console.print(table)


def rules(game: GameArg, lang: LangOpt = "en") -> None:
    """Show the rules of a game, in riverbox's own words (placeholder content marked)."""
    try:
        g = load_game(game, None, None)
    except ValueError as exc:
        fail(str(exc))
        return
    console.print(Markdown(g.rules_text(lang)))
