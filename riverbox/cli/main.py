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

from riverbox.bots.base import bot_names, make_bot, with_think
from riverbox.bots.levels import levels_for
from riverbox.bots.settings import split_lineup
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
    typer.Argument(help="Game name, e.g. ravenous-river (see `riverbox games`).", autocompletion=_game_names),
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
        callback=lambda value: _checked_lang(value),
    ),
]


def _checked_lang(value: str) -> str:
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


@app.command()
def rules(game: GameArg, lang: LangOpt = "en") -> None:
    """Show the rules of a game, in riverbox's own words (placeholder content marked)."""
    try:
        g = load_game(game, None, None)
    except ValueError as exc:
        _fail(str(exc))
        return
    console.print(Markdown(g.rules_text(lang)))


@app.command()
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
        names = _seat_bots(g, bots, humans, think)
        rng = random.Random(seed if seed is not None else state.seed)
        seat_bots = {s: make_bot(n, g, rng.randrange(2**31)) for s, n in names.items()}
    except ValueError as exc:
        _fail(str(exc))
        return
    screen: AppRunner | None = None
    if wants_app(plain):
        from riverbox.cli.tui import run_app

        screen = run_app
    code = run_play(GameTable(g, seat_bots, state, path, lang), names, screen, console, err)
    if code:
        raise typer.Exit(code)


def _seat_bots(game: Any, bots: str | None, humans: int, think: float | None = None) -> dict[int, str]:
    n = game.players
    if bots is None:
        if not 0 <= humans <= n:
            raise ValueError(f"--humans must be between 0 and {n}")
        default = "heuristic" if "heuristic" in bot_names(game) else "random"
        return {s: with_think(default, think, game) for s in range(humans, n)}
    names = _lineup(game, bots, think)
    if len(names) > n:
        raise ValueError(f"{len(names)} bots named for a {n}-player game")
    first = n - len(names)
    return {first + i: name for i, name in enumerate(names)}


def _lineup(game: Any, bots: str, think: float | None) -> list[str]:
    """The specs of a --bots list with --think applied, each checked by building it once."""
    specs = [with_think(spec, think, game) for spec in split_lineup(bots)]
    for spec in set(specs):
        make_bot(spec, game, 0)
    return specs


@app.command()
def simulate(
    game: GameArg,
    players: PlayersOpt = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many games.", min=1)] = 1000,
    seed: Annotated[int, typer.Option(help="Master seed (results are reproducible).")] = 0,
    bots: Annotated[str | None, typer.Option(help=BOTS_HELP + " Missing seats: random.")] = None,
    think: ThinkOpt = None,
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
        names = _lineup(g, bots or "", think)
        if len(names) > g.players:
            raise ValueError(f"{len(names)} bots named for a {g.players}-player game")
        names += ["random"] * (g.players - len(names))
        if out is not None:
            _check_output(out, "--out")
        _plot_ready(plot)
    except ValueError as exc:
        _fail(str(exc))
        return
    setup = tournament.Setup(g.name, g.players, dict(g.options), tuple(names))
    with _progress(g.name, as_json) as progress:
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
    console.print(_seat_table(f"{g.info.title}: {summary.games} games, seed {seed}", summary))
    solo = g.players == 1
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


def _progress(name: str, as_json: bool) -> Progress:
    """The games progress bar on stderr (kept off when JSON goes to a pipe)."""
    return Progress(
        TextColumn(f"[bold]{name}[/bold]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeRemainingColumn(),
        console=err,
        disable=not err.is_terminal and as_json,
    )


def _seat_table(title: str, summary: Any) -> Table:
    """Per seat: bot, win rate with its 95% interval (not in solo games), score mean and sd."""
    table = Table(title=title)
    solo = len(summary.bots) == 1
    columns = (
        ("seat", "bot", "score mean", "score sd")
        if solo
        else ("seat", "bot", "win rate", "95% CI", "score mean", "score sd")
    )
    for col in columns:
        table.add_column(col, justify="left" if col == "bot" else "right")
    for i, name in enumerate(summary.bots):
        lo, hi = summary.win_ci[i]
        stats = (f"{summary.score_mean[i]:.2f}", f"{summary.score_sd[i]:.2f}")
        if solo:
            table.add_row(str(i), name, *stats)
        else:
            table.add_row(str(i), name, f"{summary.win_rate[i]:.1%}", f"{lo:.1%} - {hi:.1%}", *stats)
    return table


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
    compare: Annotated[
        str | None,
        typer.Option(help="Play side by side with a reference engine and print ratios: openspiel (hearts)."),
    ] = None,
) -> None:
    """Random-playout speed: games/s, steps/s, clone cost and all seats' view cost per step."""
    from riverbox.lab.bench import TIMING, check_bench_args, progress_bar, run_bench

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


def _plot_ready(plot: Path | None) -> None:
    """Refuse an unusable plot path (or a missing matplotlib) before any game is played."""
    if plot is None:
        return
    from riverbox.lab.plots import check_plot_path

    _check_output(plot, "--plot")
    check_plot_path(plot)


def _ci(lo: float, hi: float, pct: bool = False) -> str:
    return f"{lo:.1%} - {hi:.1%}" if pct else f"{lo:+.0f} - {hi:+.0f}"


def _players_for(g: Any, count: int, players: int | None) -> int:
    """The seat count: as given, else as many as bots named, within the game's range."""
    if players is not None:
        return players
    return max(g.info.min_players, min(g.info.max_players, count))


@app.command()
def ladder(
    game: GameArg,
    bots: Annotated[str, typer.Option(help="The bots to rate, at least as many as seats. " + BOTS_HELP)],
    players: PlayersOpt = None,
    games_: Annotated[
        int, typer.Option("--games", "-n", help="Deals; each is played in every seating.", min=1)
    ] = 50,
    think: ThinkOpt = None,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    mode: ModeOpt = None,
    variant: VariantOpt = None,
    workers: WorkersOpt = 1,
    ray: RayOpt = None,
    anchor: Annotated[str | None, typer.Option(help="The bot rated 0 (default: ratings average 0).")] = None,
    as_json: JsonOpt = False,
    plot: Annotated[Path | None, typer.Option(help="Write a PNG/SVG/PDF plot of the ratings.")] = None,
) -> None:
    """Rate bots: duplicate deals in every seating, Elo ratings with 95% intervals, head-to-head table."""
    from riverbox.bots.base import resolve
    from riverbox.lab.ladder import run_ladder, seatings

    try:
        g = load_game(game, None, option, mode=mode, variant=variant)
        specs = _lineup(g, bots, think)
        g = load_game(game, _players_for(g, len(specs), players), option, mode=mode, variant=variant)
        n_seatings = len(seatings(len(specs), g.players))
        anchor_spec = with_think(anchor, think, g) if anchor is not None else None
        _plot_ready(plot)
    except ValueError as exc:
        _fail(str(exc))
        return
    with _progress(g.name, as_json) as progress:
        task = progress.add_task("games", total=games_ * n_seatings)
        try:
            result = run_ladder(
                g.name,
                g.players,
                dict(g.options),
                specs,
                games_,
                seed,
                workers,
                lambda k: progress.advance(task, k),
                ray_address=ray,
                anchor=anchor_spec,
                resolved=[str(resolve(spec, g)) for spec in dict.fromkeys(specs)],
            )
        except ValueError as exc:
            _fail(str(exc))
            return
    if plot is not None:
        from riverbox.lab.plots import plot_ladder

        plot_ladder(g.info.title, result, plot)
    if as_json:
        print(json.dumps({"options": g.config(), "seed": seed, **result.to_json()}, indent=1))
        return
    _print_ladder(g.info.title, result, n_seatings, seed)
    if plot is not None:
        console.print(f"Plot written to [bold]{plot}[/bold].")


def _print_ladder(title: str, r: Any, n_seatings: int, seed: int) -> None:
    table = Table(
        title=f"{title} ladder: {r.deals} deals x {n_seatings} seatings = {r.games} games, seed {seed}"
    )
    columns = (
        ("rank", "bot", "mean score", "95% CI", "sd")
        if r.solo
        else ("rank", "bot", "rating", "95% CI", "win share", "95% CI ", "score mean")
    )
    for col in columns:
        table.add_column(col, justify="left" if col == "bot" else "right")
    for rank, i in enumerate(r.order(), 1):
        if r.solo:
            lo, hi = r.score_ci[i]
            table.add_row(
                str(rank), r.bots[i], f"{r.score_mean[i]:.2f}", f"{lo:.2f} - {hi:.2f}", f"{r.score_sd[i]:.2f}"
            )
        else:
            table.add_row(
                str(rank),
                r.bots[i],
                f"{r.rating[i]:+.0f}",
                _ci(r.rating_ci[i][0], r.rating_ci[i][1]),
                f"{r.win_share[i]:.1%}",
                _ci(r.win_ci[i][0], r.win_ci[i][1], pct=True),
                f"{r.score_mean[i]:.2f}",
            )
    console.print(table)
    if r.solo:
        console.print("Each bot played the same deals alone; intervals resample the deals.")
        return
    zero = f"{r.anchor} is rated 0" if r.anchor is not None else "the ratings average 0"
    console.print(
        f"Elo scale from a Plackett-Luce fit of the finishing orders; {zero}. Win share counts a shared"
        f" win 1/k (an even share is {1 / r.players:.0%}). Intervals resample the deals."
    )
    pairs = Table(title="How often the row bot finished above the column bot (95% CI)")
    pairs.add_column("bot")
    order = r.order()
    for j in order:
        pairs.add_column(r.bots[j], justify="right")
    for i in order:
        cells = []
        for j in order:
            value, ci = r.pairwise[i][j], r.pairwise_ci[i][j]
            cells.append("-" if value is None else f"{value:.0%} ({ci[0]:.0%}-{ci[1]:.0%})")
        pairs.add_row(r.bots[i], *cells)
    console.print(pairs)


@app.command()
def balance(
    game: GameArg,
    bots: Annotated[
        str, typer.Option(help="One bot for every seat, or one per seat. " + BOTS_HELP)
    ] = "strong",
    players: PlayersOpt = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many games.", min=1)] = 200,
    think: ThinkOpt = None,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    mode: ModeOpt = None,
    variant: VariantOpt = None,
    workers: WorkersOpt = 1,
    ray: RayOpt = None,
    as_json: JsonOpt = False,
    plot: Annotated[Path | None, typer.Option(help="Write a PNG/SVG/PDF plot of the report.")] = None,
) -> None:
    """Seat advantage and each card, equipment, animal or board's effect on winning, with 95% intervals."""
    from riverbox.lab.balance import run_balance

    try:
        g = load_game(game, players, option, mode=mode, variant=variant)
        specs = _lineup(g, bots, think)
        if len(specs) == 1:
            specs *= g.players
        if len(specs) != g.players:
            raise ValueError(
                f"name one bot for every seat or one per seat; {len(specs)} named for {g.players}"
            )
        _plot_ready(plot)
    except ValueError as exc:
        _fail(str(exc))
        return
    with _progress(g.name, as_json) as progress:
        task = progress.add_task("games", total=games_)
        try:
            report = run_balance(
                g.name,
                g.players,
                dict(g.options),
                specs,
                games_,
                seed,
                workers,
                lambda k: progress.advance(task, k),
                ray_address=ray,
            )
        except ValueError as exc:
            _fail(str(exc))
            return
    if plot is not None:
        from riverbox.lab.plots import plot_balance

        plot_balance(g.info.title, report, plot)
    if as_json:
        print(json.dumps({"options": g.config(), **report.to_json()}, indent=1))
        return
    console.print(
        _seat_table(f"{g.info.title} balance: {report.summary.games} games, seed {seed}", report.summary)
    )
    _print_effects(report)
    if plot is not None:
        console.print(f"Plot written to [bold]{plot}[/bold].")


def _print_effects(report: Any) -> None:
    if not report.effects:
        console.print("This game reports no cards, equipment, animals or boards; seat advantage only.")
        return
    table = Table(title="Features: outcome of the seats that had each one, against those that did not")
    columns = ["feature", "seats"]
    columns += [] if report.solo else ["win with", "without", "win effect (95% CI)"]
    columns += ["score effect (95% CI)"]
    for col in columns:
        table.add_column(col, justify="left" if col == "feature" else "right")

    def effect(value: float, ci: tuple[float, float] | None, pct: bool) -> str:
        text = f"{value:+.1%}" if pct else f"{value:+.2f}"
        if ci is None:
            return text + " (too few)"
        return text + (f" ({ci[0]:+.1%} - {ci[1]:+.1%})" if pct else f" ({ci[0]:+.2f} - {ci[1]:+.2f})")

    for e in report.effects:
        row = [e.feature, str(e.seats_with)]
        if not report.solo and e.shared:
            row += ["-", "-", "same for every seat"]
        elif not report.solo:
            row += [f"{e.win_with:.1%}", f"{e.win_without:.1%}", effect(e.win_effect, e.win_ci, True)]
        row.append(effect(e.score_effect, e.score_ci, False))
        table.add_row(*row)
    console.print(table)
    console.print(
        "Effects are associations under the bots' play, not causes. Content marked (placeholder)"
        " is not the published game's."
    )


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=0, max=65535)] = 8000,
    db: Annotated[
        str | None, typer.Option(help="Database URL (default: SQLite in the data dir; or postgresql://...).")
    ] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a web browser.")] = False,
    access_log: Annotated[bool, typer.Option(help="Log a line per HTTP request.")] = False,
    bot_workers: Annotated[
        int | None,
        typer.Option(help="Processes that think for bots and hints (default: the cores less one).", min=1),
    ] = None,
) -> None:
    """Host tables for play over the network: lobby, seats, bots and spectators (needs riverbox[web])."""
    try:
        from riverbox.server.run import serve as run_server
    except ImportError as exc:
        _fail(f"the server needs the web extra: pip install 'riverbox[web]' ({exc.name} is missing)")
        return
    try:
        run_server(host, port, db, open_browser, access_log, bot_workers)
    except ValueError as exc:
        _fail(str(exc))


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
    from riverbox.lab.bench import TIMING, check_bench_args, progress_bar
    from riverbox.lab.compare import GAMES, compare, reference_loop

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
        _fail(str(exc))
        return
    if as_json:
        print(json.dumps(result.to_json(), indent=1))
        return
    print(f"riverbox bench --compare {reference}: {result.build} build ({TIMING.format(runs=runs)})")
    for line in result.lines():
        print(line)


@app.command("serve-bench")
def serve_bench(
    tables: Annotated[int, typer.Option(help="Live tables (a person and a bot each).", min=1)] = 200,
    spectators: Annotated[int, typer.Option(help="Spectator WebSockets spread over them.", min=0)] = 200,
    seconds: Annotated[float, typer.Option(help="How long to measure.", min=1)] = 60.0,
    think_min: Annotated[float, typer.Option(help="Fewest seconds a person takes over a move.", min=0)] = 1.0,
    think_max: Annotated[float, typer.Option(help="Most seconds a person takes over a move.", min=0)] = 3.0,
    bot: Annotated[str, typer.Option(help="The bot in each table's other seat.")] = "heuristic",
    bot_seconds: Annotated[
        float, typer.Option(help="CPU budget of one bot move, in seconds.", min=0.01, max=10)
    ] = 0.05,
    flat_out: Annotated[
        bool, typer.Option("--flat-out", help="No thinking: players move at once (capacity).")
    ] = False,
    url: Annotated[str | None, typer.Option(help="Use a running server on 127.0.0.1 instead.")] = None,
    db: Annotated[str | None, typer.Option(help="Database of the server it starts (default SQLite).")] = None,
) -> None:
    """Load benchmark of the server on 127.0.0.1: live tables, moves/s, p50/p99 move-to-update latency."""
    from riverbox.server.bench import Load, serve_and_run

    if url is not None and not url.startswith(("http://127.", "http://localhost")):
        _fail("the benchmark only targets a server on this machine (http://127.0.0.1:PORT)")
    if think_max < think_min:
        _fail(f"--think-max ({think_max:g}) must not be below --think-min ({think_min:g})")
    load = Load(tables, spectators, seconds, think_min, think_max, bot, bot_seconds, flat_out)
    result = serve_and_run(load, url, db)
    print(json.dumps(result.to_json(), indent=1))


def main() -> None:
    app()


if __name__ == "__main__":
    main()
