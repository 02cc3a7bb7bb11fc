"""``riverbox play`` and ``riverbox replay``: a game in the terminal, and a saved record stepped through."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from riverbox.bots.base import make_bot
from riverbox.cli.commands.shared import (
    BOTS_HELP,
    DealSeedOpt,
    GameArg,
    LangOpt,
    ModeOpt,
    OptionOpt,
    PlayersOpt,
    ThinkOpt,
    VariantOpt,
    console,
    err,
    fail,
    seated_bots,
)
from riverbox.cli.common import read_record
from riverbox.registry import replay as replay_record


def play(
    game: GameArg,
    players: PlayersOpt = None,
    bots: Annotated[
        str | None,
        typer.Option(help="Bots for the seats after the humans, e.g. heuristic,random. " + BOTS_HELP),
    ] = None,
    humans: Annotated[
        int, typer.Option(help="Human seats when --bots is not given (rest: heuristic bots).")
    ] = 1,
    seed: DealSeedOpt = None,
    option: OptionOpt = None,
    mode: ModeOpt = None,
    variant: VariantOpt = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Continue a saved record; the game goes on saving to that same file."),
    ] = None,
    record: Annotated[
        Path | None, typer.Option(help="Where to save the record, after every move (default: data dir).")
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Line mode, not the full-screen app (pipes, screen readers).")
    ] = False,
    think: ThinkOpt = None,
    lang: LangOpt = "en",
) -> None:
    """Play a game in the terminal against bots, or pass the screen between humans."""
    from riverbox.cli.play import AppRunner, GameTable, PlayRequest, open_game, wants_app
    from riverbox.cli.play import run as run_play

    request = PlayRequest(game, players, seed, option, {"mode": mode, "variant": variant}, resume, record)
    try:
        g, state, path = open_game(request)
        names = seated_bots(g, bots, humans, think)
        rng = random.Random(seed if seed is not None else state.seed)
        seat_bots = {s: make_bot(n, g, rng.randrange(2**31)) for s, n in names.items()}
    except ValueError as exc:
        fail(str(exc))
        return
    screen: AppRunner | None = None
    if wants_app(plain):
        from riverbox.cli.tui import run_app

        screen = run_app
    code = run_play(GameTable(g, seat_bots, state, path, lang), names, screen, console, err)
    if code:
        raise typer.Exit(code)


def replay(
    file: Annotated[Path, typer.Argument(help="A record file saved by `riverbox play`.")],
    seat: Annotated[int | None, typer.Option(help="See the game as this seat (default: spectator).")] = None,
    step: Annotated[
        bool | None, typer.Option("--step/--no-step", help="Step with Enter (default: when interactive).")
    ] = None,
) -> None:
    """Step through a saved game record."""
    try:
        record = read_record(file)
        final = replay_record(record)
    except ValueError as exc:
        fail(str(exc))
        return
    g = final.game
    if seat is not None and not 0 <= seat < g.players:
        fail(f"seat must be 0 to {g.players - 1}")
    interactive = sys.stdin.isatty() if step is None else step
    state = g.new_state(record["seed"])
    entries = record["actions"]
    console.print(f"[bold]{g.info.title}[/bold] record: {len(entries)} entries, seed {record['seed']}.")
    told = 0

    def news() -> list[str]:
        """Sentences for the events ``seat`` may see that were not printed yet."""
        nonlocal told
        events = state.log(seat)
        lines = [g.describe_event(event) for event in events[told:]]
        told = len(events)
        return lines

    for line in news():  # the opening: what was dealt before the first move
        console.print(f"  {escape(line)}")
    for index, (s, text) in enumerate(entries):
        if s < 0:
            continue
        state.apply(g.parse_action(text, state), s)
        for line in news():
            console.print(f"  [dim]{index:>4}[/dim] {escape(line)}")
        if interactive:
            console.print(g.render(state, seat))
            answer = console.input("[dim]Enter: next, q: quit[/dim] ")
            if answer.strip().lower() == "q":
                return
    console.print(g.render(state, seat))
    if state.is_over:
        scores = ", ".join(f"seat {i}: {v:g}" for i, v in enumerate(state.scores()))
        console.print(f"Final: {scores}; winners: {state.winners()}")
