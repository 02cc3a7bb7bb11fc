"""``riverbox bench``: the engine's random-playout speed, alone or beside a reference engine."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from riverbox.cli.commands.shared import (
    ModeOpt,
    OptionOpt,
    PlayersOpt,
    VariantOpt,
    console,
    fail,
)
from riverbox.cli.common import load_game
from riverbox.registry import games as list_games


def bench(
    game: Annotated[str | None, typer.Argument(help="Game to measure (default: all).")] = None,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    mode: ModeOpt = None,
    variant: VariantOpt = None,
    runs: Annotated[int, typer.Option(help="Runs per figure (the median is reported).")] = 5,
    seconds: Annotated[float, typer.Option(help="CPU seconds per run (finite, above 0).")] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    compare: Annotated[
        str | None,
        typer.Option(help="Play side by side with a reference engine and print ratios: openspiel (hearts)."),
    ] = None,
) -> None:
    """Random-playout speed: games/s, steps/s, clone cost and all seats' view cost per step."""
    from riverbox.lab.engine_speed import TIMING, check_bench_args, progress_bar, run_bench

    if compare is not None:
        _bench_compare(compare, game, players, option, runs, seconds, as_json)
        return
    try:
        check_bench_args(runs, seconds)
        targets = (
            [load_game(game, players, option, mode=mode, variant=variant)]
            if game is not None
            else [load_game(info.name, None, None) for info in list_games()]
        )
    except ValueError as exc:
        fail(str(exc))
        return
    results = []
    with progress_bar(len(targets) * runs) as bar:
        for g in targets:
            bar.now(f"{g.name}: runs of {seconds:g} s CPU time")
            results.append(run_bench(g, runs=runs, seconds=seconds, on_run=bar.advance))
    if as_json:
        print(json.dumps([r.to_json() for r in results], indent=1))
        return
    build = results[0].build if results else "pure"
    table = Table(title=f"riverbox bench, {build} build ({TIMING.format(runs=runs)}, one core)")
    for col in (
        "game",
        "players",
        "games/s",
        "steps/s",
        "step µs",
        "clone µs",
        "views µs/step",
        "views/step",
    ):
        table.add_column(col, justify="right" if col != "game" else "left")
    for r in results:
        table.add_row(
            r.game,
            str(r.players),
            f"{r.games_per_s:,.0f}",
            f"{r.steps_per_s:,.0f}",
            f"{r.step_us:.1f}",
            f"{r.clone_us:.1f}",
            f"{r.views_per_step_us:.1f}",
            f"{r.view_ratio:.2f}x",
        )
    console.print(table)


def _bench_compare(
    reference: str,
    game: str | None,
    players: int | None,
    option: list[str] | None,
    runs: int,
    seconds: float,
    as_json: bool,
) -> None:
    """``riverbox bench --compare``: steps/s beside a reference engine, and the ratios."""
    from riverbox.lab.compare import GAMES, compare, reference_loop
    from riverbox.lab.engine_speed import TIMING, check_bench_args, progress_bar

    try:
        check_bench_args(runs, seconds)
        reference_loop(reference)  # a missing extra is named before anything runs
        targets = (
            [load_game(game, players, option)]
            if game is not None
            else [load_game(name, count, None) for name, count in GAMES]
        )
        with progress_bar(runs) as bar:
            bar.now(f"{len(targets) + 1} loops, runs of {seconds:g} s CPU time each")
            result = compare(targets, reference, runs=runs, seconds=seconds, on_run=bar.advance)
    except ValueError as exc:
        fail(str(exc))
        return
    if as_json:
        print(json.dumps(result.to_json(), indent=1))
        return
    print(f"riverbox bench --compare {reference}: {result.build} build ({TIMING.format(runs=runs)})")
    for line in result.lines():
        print(line)
