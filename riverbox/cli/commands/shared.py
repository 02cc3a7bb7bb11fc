"""What every command shares: the consoles, the typed options, bad-input handling and bot lineups.

Every command reports bad input (unknown game, bad option, corrupt record) as one clear line
naming the problem, with exit code 2, and changes nothing: ``fail`` is that line.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from riverbox.bots.base import bot_names, make_bot, with_think
from riverbox.bots.settings import split_lineup
from riverbox.core.checks import SEED_LIMIT
from riverbox.registry import games as list_games

console = Console()

err = Console(stderr=True)


def game_names(incomplete: str) -> list[str]:
    """Shell completion of game names."""
    return [info.name for info in list_games() if info.name.startswith(incomplete)]


GameArg = Annotated[
    str,
    typer.Argument(help="Game name, e.g. ravenous-river (see `riverbox games`).", autocompletion=game_names),
]

PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")]

OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option name=value (repeatable).")
]

ModeOpt = Annotated[str | None, typer.Option("--mode", help="Shortcut for -o mode=... (River Rivals).")]

DealSeedOpt = Annotated[
    int | None, typer.Option(help="Seed for the deal (random if omitted).", min=0, max=SEED_LIMIT - 1)
]

VariantOpt = Annotated[
    str | None, typer.Option("--variant", help="Shortcut for -o variant=... (River Trek).")
]

BOTS_HELP = (
    "Bot per seat: a name, level or spec (name:key=value,...); seats separated by commas,"
    " spaces or ';', e.g. 'ismcts:iterations=4000,c=1 heuristic' (see `riverbox games`)."
)

SeedOpt = Annotated[int, typer.Option(help="Master seed (results are reproducible).")]

WorkersOpt = Annotated[int, typer.Option(help="Processes to use.", min=1)]

RayOpt = Annotated[str | None, typer.Option(help="Run on a Ray cluster at this address.")]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]

LangOpt = Annotated[
    str,
    typer.Option(
        "--lang",
        help="Language of the game's texts: en or zh (Simplified Chinese).",
        callback=lambda value: checked_lang(value),
    ),
]


def checked_lang(value: str) -> str:
    """``--lang`` if riverbox speaks it, else a usage error naming the choices."""
    from riverbox.core.i18n import check_lang

    try:
        return check_lang(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


ThinkOpt = Annotated[
    float | None,
    typer.Option(help="CPU seconds per decision for every bot that takes a thinking time.", min=0.001),
]


def fail(message: str) -> None:
    # Messages are plain text: escaped, so "pip install 'riverbox[plots]'" prints as written.
    err.print(f"[bold red]error:[/bold red] {escape(message)}", soft_wrap=True, highlight=False)
    raise typer.Exit(2)


def check_output(path: Path, what: str) -> None:
    """Refuse an output path that cannot be written, before any work that would be lost."""
    folder = path.parent
    if path.is_dir():
        raise ValueError(f"{what} {path} is a folder; name a file")
    if not folder.is_dir():
        raise ValueError(f"{what} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"{what} {path} cannot be written (no permission)")


def seated_bots(game: Any, bots: str | None, humans: int, think: float | None = None) -> dict[int, str]:
    n = game.players
    if bots is None:
        if not 0 <= humans <= n:
            raise ValueError(f"--humans must be between 0 and {n}")
        default = "heuristic" if "heuristic" in bot_names(game) else "random"
        return {s: with_think(default, think, game) for s in range(humans, n)}
    names = lineup(game, bots, think)
    if len(names) > n:
        raise ValueError(f"{len(names)} bots named for a {n}-player game")
    first = n - len(names)
    return {first + i: name for i, name in enumerate(names)}


def lineup(game: Any, bots: str, think: float | None) -> list[str]:
    """The specs of a --bots list with --think applied, each checked by building it once."""
    specs = [with_think(spec, think, game) for spec in split_lineup(bots)]
    for spec in set(specs):
        make_bot(spec, game, 0)
    return specs
