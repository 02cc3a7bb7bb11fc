"""``riverbox``: list games, read rules, play, simulate, replay and benchmark.

Every command reports bad input (unknown game, bad option, corrupt record) as one clear line
naming the problem, with exit code 2, and changes nothing.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from riverbox.bots.base import bot_names, make_bot
from riverbox.cli.common import load_game, read_record
from riverbox.core.checks import SEED_LIMIT
from riverbox.registry import games as list_games
from riverbox.registry import replay as replay_record

app = typer.Typer(
    help="riverbox: play and study Ravenous River, River Rivals, River Wild and River Trek.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)

def _game_names(incomplete: str) -> list[str]:
    """Shell completion of game names."""
    return [info.name for info in list_games() if info.name.startswith(incomplete)]


GameArg = Annotated[
    str,
    typer.Argument(
        help="Game name, e.g. ravenous-river (see `riverbox games`).", autocompletion=_game_names
    ),
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


def _fail(message: str) -> None:
    # Messages are plain text: escaped, so "pip install 'riverbox[plots]'" prints as written.
    err.print(f"[bold red]error:[/bold red] {escape(message)}", soft_wrap=True, highlight=False)
    raise typer.Exit(2)


def _show_version(value: bool) -> None:
    if value:
        from riverbox import __version__

        print(f"riverbox {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", help="Show the version and exit.", callback=_show_version, is_eager=True),
    ] = False,
) -> None:
    """riverbox: play and study Ravenous River, River Rivals, River Wild and River Trek."""


def _check_output(path: Path, what: str) -> None:
    """Refuse an output path that cannot be written, before any work that would be lost."""
    folder = path.parent
    if path.is_dir():
        raise ValueError(f"{what} {path} is a folder; name a file")
    if not folder.is_dir():
        raise ValueError(f"{what} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"{what} {path} cannot be written (no permission)")


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False) -> None:
    """List the games with their player counts and options."""
    infos = list_games()
    if as_json:
        print(json.dumps([i.to_json() for i in infos], indent=1))
        return
    table = Table(title="riverbox games")
    table.add_column("name", style="bold cyan")
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("options (default; allowed)")
    for info in infos:
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else (f"{info.min_players}-{info.max_players}")
        )
        opts = "\n".join(f"{o.name}={o.default!r}  [dim]{o.describe()}[/dim]" for o in info.options) or "-"
        table.add_row(info.name, info.title, players, opts)
    console.print(table)


@app.command()
def rules(game: GameArg) -> None:
    """Show the rules of a game, in riverbox's own words (placeholder content marked)."""
    try:
        g = load_game(game, None, None)
    except ValueError as exc:
        _fail(str(exc))
        return
    console.print(Markdown(g.rules_text()))


@app.command()
def play(
    game: GameArg,
    players: PlayersOpt = None,
    bots: Annotated[
        str | None,
        typer.Option(help="Comma-separated bots for the seats after the humans, e.g. heuristic,random."),
    ] = None,
    humans: Annotated[
        int, typer.Option(help="Human seats when --bots is not given (rest: heuristic bots).")
    ] = 1,
    seed: DealSeedOpt = None,
    option: OptionOpt = None,
    mode: ModeOpt = None,
    variant: VariantOpt = None,
    resume: Annotated[Path | None, typer.Option(help="Continue a saved record (same seats).")] = None,
    record: Annotated[Path | None, typer.Option(help="Where to save the record (default: data dir).")] = None,
) -> None:
    """Play a game in the terminal against bots, or pass the screen between humans."""
    from riverbox.cli.play import PlaySession

    try:
        if resume is not None:
            state = replay_record(read_record(resume))
            g = state.game
        else:
            g = load_game(game, players, option, mode=mode, variant=variant)
            state = None
        names = _seat_bots(g, bots, humans)
        seed_value = seed if seed is not None else random.randrange(2**31)
        rng = random.Random(seed_value)
        seat_bots = {s: make_bot(n, g, rng.randrange(2**31)) for s, n in names.items()}
    except ValueError as exc:
        _fail(str(exc))
        return
    if state is not None and state.game.name != game:
        _fail(f"the record is a game of {state.game.name}, not {game}")
    human_seats = [s for s in range(g.players) if s not in seat_bots]
    console.print(
        f"[bold]{g.info.title}[/bold], {g.players} players. You: seat "
        f"{', '.join(map(str, human_seats)) or 'none'}; bots: "
        + ", ".join(f"{s}={n}" for s, n in names.items())
        + ". Type [bold]help[/bold] for commands."
    )
    session = PlaySession(g, seat_bots, seed_value, console=console, record_path=record, state=state)
    try:
        session.run()
    except (EOFError, KeyboardInterrupt):
        from riverbox.cli.common import save_record

        path = save_record(session.state.record(), record)
        console.print(f"\nStopped. Game saved to [bold]{path}[/bold].")


def _seat_bots(game: Any, bots: str | None, humans: int) -> dict[int, str]:
    n = game.players
    if bots is None:
        if not 0 <= humans <= n:
            raise ValueError(f"--humans must be between 0 and {n}")
        default = "heuristic" if "heuristic" in bot_names(game) else "random"
        return {s: default for s in range(humans, n)}
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if len(names) > n:
        raise ValueError(f"{len(names)} bots named for a {n}-player game")
    valid = bot_names(game)
    for name in names:
        if name.lower() not in valid:
            raise ValueError(f"unknown bot {name!r} for {game.name}; valid bots: {', '.join(valid)}")
    first = n - len(names)
    return {first + i: name.lower() for i, name in enumerate(names)}


@app.command()
def simulate(
    game: GameArg,
    players: PlayersOpt = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many games.", min=1)] = 1000,
    seed: Annotated[int, typer.Option(help="Master seed (results are reproducible).")] = 0,
    bots: Annotated[
        str | None, typer.Option(help="Comma-separated bot per seat (missing seats: random).")
    ] = None,
    option: OptionOpt = None,
    mode: ModeOpt = None,
    variant: VariantOpt = None,
    workers: Annotated[int, typer.Option(help="Processes to use.", min=1)] = 1,
    ray: Annotated[str | None, typer.Option(help="Run on a Ray cluster at this address.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
    plot: Annotated[Path | None, typer.Option(help="Write a PNG/SVG plot of the results.")] = None,
    out: Annotated[Path | None, typer.Option(help="Write every game's result as JSON lines.")] = None,
) -> None:
    """Play many games between bots: win rates with 95% intervals, scores, lengths, plots."""
    from riverbox.lab import tournament

    try:
        g = load_game(game, players, option, mode=mode, variant=variant)
        names = [b.strip().lower() for b in (bots or "").split(",") if b.strip()]
        if len(names) > g.players:
            raise ValueError(f"{len(names)} bots named for a {g.players}-player game")
        names += ["random"] * (g.players - len(names))
        for name in set(names):
            make_bot(name, g, 0)
        if out is not None:
            _check_output(out, "--out")
        if plot is not None:
            from riverbox.lab.plots import check_plot_path

            _check_output(plot, "--plot")
            check_plot_path(plot)
    except ValueError as exc:
        _fail(str(exc))
        return
    setup = tournament.Setup(g.name, g.players, dict(g.options), tuple(names))
    with Progress(
        TextColumn(f"[bold]{g.name}[/bold]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeRemainingColumn(),
        console=err,
        disable=not err.is_terminal and as_json,
    ) as progress:
        task = progress.add_task("games", total=games_)
        try:
            results = tournament.run(
                setup, games_, seed, workers, lambda k: progress.advance(task, k), ray_address=ray
            )
        except ValueError as exc:
            _fail(str(exc))
            return
    summary = tournament.summarise(names, results)
    if out is not None:
        out.write_text("".join(json.dumps(r) + "\n" for r in results))
    if plot is not None:
        from riverbox.lab.plots import plot_tournament

        try:
            plot_tournament(g.info.title, summary, results, plot)
        except ValueError as exc:
            _fail(str(exc))
    if as_json:
        print(
            json.dumps({"game": g.name, "options": g.config(), "seed": seed, **summary.to_json()}, indent=1)
        )
        return
    table = Table(title=f"{g.info.title}: {summary.games} games, seed {seed}")
    solo = g.players == 1
    columns = (
        ("seat", "bot", "score mean", "score sd")
        if solo
        else ("seat", "bot", "win rate", "95% CI", "score mean", "score sd")
    )
    for col in columns:
        table.add_column(col, justify="left" if col == "bot" else "right")
    for i, name in enumerate(names):
        lo, hi = summary.win_ci[i]
        stats = (f"{summary.score_mean[i]:.2f}", f"{summary.score_sd[i]:.2f}")
        if solo:
            table.add_row(str(i), name, *stats)
        else:
            table.add_row(str(i), name, f"{summary.win_rate[i]:.1%}", f"{lo:.1%} - {hi:.1%}", *stats)
    console.print(table)
    if summary.labels:
        console.print(
            "Outcomes: " + ", ".join(f"{k} {v} ({v / summary.games:.1%})" for k, v in summary.labels.items())
        )
    console.print(
        f"Game length: {summary.length_mean:.1f} ± {summary.length_sd:.1f} actions"
        + ("." if solo else f"; shared wins: {summary.ties}.")
    )
    if plot is not None:
        console.print(f"Plot written to [bold]{plot}[/bold].")


@app.command()
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
        _fail(str(exc))
        return
    g = final.game
    if seat is not None and not 0 <= seat < g.players:
        _fail(f"seat must be 0 to {g.players - 1}")
    interactive = sys.stdin.isatty() if step is None else step
    state = g.new_state(record["seed"])
    entries = record["actions"]
    console.print(f"[bold]{g.info.title}[/bold] record: {len(entries)} entries, seed {record['seed']}.")
    shown = 0
    for index, (s, text) in enumerate(entries):
        if s < 0:
            continue
        state.apply(g.parse_action(text, state), s)
        lines = g.narrate(state, seat, shown)
        shown = len(state.history)
        for line in lines:
            console.print(f"  [dim]{index:>4}[/dim] {line}")
        if interactive:
            console.print(g.render(state, seat))
            answer = console.input("[dim]Enter: next, q: quit[/dim] ")
            if answer.strip().lower() == "q":
                return
    for line in g.narrate(state, seat, shown):
        console.print(f"  {line}")
    console.print(g.render(state, seat))
    if state.is_over:
        scores = ", ".join(f"seat {i}: {v:g}" for i, v in enumerate(state.scores()))
        console.print(f"Final: {scores}; winners: {state.winners()}")


@app.command()
def bench(
    game: Annotated[str | None, typer.Argument(help="Game to measure (default: all).")] = None,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    mode: ModeOpt = None,
    variant: VariantOpt = None,
    runs: Annotated[int, typer.Option(help="Runs per figure (the median is reported).")] = 5,
    seconds: Annotated[float, typer.Option(help="CPU seconds per run (finite, above 0).")] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Random-playout speed: games/s, steps/s, clone cost and all seats' view cost per step."""
    from riverbox.lab.bench import TIMING, check_bench_args, progress_bar, run_bench

    try:
        check_bench_args(runs, seconds)
        targets = (
            [load_game(game, players, option, mode=mode, variant=variant)]
            if game is not None
            else [load_game(info.name, None, None) for info in list_games()]
        )
    except ValueError as exc:
        _fail(str(exc))
        return
    results = []
    with progress_bar(len(targets) * runs) as bar:
        for g in targets:
            bar.now(f"{g.name}: runs of {seconds:g} s CPU time")
            results.append(run_bench(g, runs=runs, seconds=seconds, on_run=bar.advance))
    if as_json:
        print(json.dumps([r.to_json() for r in results], indent=1))
        return
    table = Table(title=f"riverbox bench ({TIMING.format(runs=runs)}, one core)")
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


def main() -> None:
    app()


if __name__ == "__main__":
    main()
