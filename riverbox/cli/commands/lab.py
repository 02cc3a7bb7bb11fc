"""``riverbox simulate``, ``ladder`` and ``balance``: many bot games, ratings and balance reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from riverbox.bots.base import with_think
from riverbox.cli.commands.shared import (
    BOTS_HELP,
    GameArg,
    JsonOpt,
    ModeOpt,
    OptionOpt,
    PlayersOpt,
    RayOpt,
    SeedOpt,
    ThinkOpt,
    VariantOpt,
    WorkersOpt,
    check_output,
    console,
    err,
    fail,
    lineup,
)
from riverbox.cli.common import load_game


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
        names = lineup(g, bots or "", think)
        if len(names) > g.players:
            raise ValueError(f"{len(names)} bots named for a {g.players}-player game")
        names += ["random"] * (g.players - len(names))
        if out is not None:
            check_output(out, "--out")
        _plot_ready(plot)
    except ValueError as exc:
        fail(str(exc))
        return
    setup = tournament.Setup(g.name, g.players, dict(g.options), tuple(names))
    with _progress(g.name, as_json) as progress:
        task = progress.add_task("games", total=games_)
        try:
            results = tournament.run(
                setup, games_, seed, workers, lambda k: progress.advance(task, k), ray_address=ray
            )
        except ValueError as exc:
            fail(str(exc))
            return
    summary = tournament.summarise(names, results)
    if out is not None:
        out.write_text("".join(json.dumps(r) + "\n" for r in results))
    if plot is not None:
        from riverbox.lab.plots import plot_tournament

        try:
            plot_tournament(g.info.title, summary, results, plot)
        except ValueError as exc:
            fail(str(exc))
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


def _plot_ready(plot: Path | None) -> None:
    """Refuse an unusable plot path (or a missing matplotlib) before any game is played."""
    if plot is None:
        return
    from riverbox.lab.plots import check_plot_path

    check_output(plot, "--plot")
    check_plot_path(plot)


def _ci(lo: float, hi: float, pct: bool = False) -> str:
    return f"{lo:.1%} - {hi:.1%}" if pct else f"{lo:+.0f} - {hi:+.0f}"


def _players_for(g: Any, count: int, players: int | None) -> int:
    """The seat count: as given, else as many as bots named, within the game's range."""
    if players is not None:
        return players
    return max(g.info.min_players, min(g.info.max_players, count))


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
    meta: Annotated[
        bool,
        typer.Option(
            "--meta",
            help="Also the meta-game of the bots: alpha-Rank, a Nash equilibrium and the dominated bots"
            " (needs OpenSpiel).",
        ),
    ] = False,
) -> None:
    """Rate bots: duplicate deals in every seating, Elo ratings with 95% intervals, head-to-head table."""
    from riverbox.bots.base import resolve
    from riverbox.lab.ladder import run_ladder, seatings

    try:
        g = load_game(game, None, option, mode=mode, variant=variant)
        specs = lineup(g, bots, think)
        g = load_game(game, _players_for(g, len(specs), players), option, mode=mode, variant=variant)
        n_seatings = len(seatings(len(specs), g.players))
        anchor_spec = with_think(anchor, think, g) if anchor is not None else None
        _plot_ready(plot)
    except ValueError as exc:
        fail(str(exc))
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
            fail(str(exc))
            return
    meta_game = None
    if meta:
        from riverbox.lab.meta import MetaUnavailable, meta_of

        try:
            meta_game = meta_of(result)
        except (MetaUnavailable, ValueError) as exc:
            fail(f"--meta: {exc}")
            return
    if plot is not None:
        from riverbox.lab.plots import plot_ladder

        plot_ladder(g.info.title, result, plot)
    if as_json:
        out = {"options": g.config(), "seed": seed, **result.to_json()}
        if meta_game is not None:
            out["meta"] = meta_game.to_json()
        print(json.dumps(out, indent=1))
        return
    _print_ladder(g.info.title, result, n_seatings, seed)
    if meta_game is not None:
        _print_meta(result, meta_game)
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
    console.print(_ladder_seat_table(r, order))


def _print_meta(r: Any, m: Any) -> None:
    """The meta-game table: Elo (or mean score), alpha-Rank mass, Nash mix, Nash average, dominance."""
    table = Table(
        title="Meta-game: pick a bot (payoff: how often it finishes above the other, less the reverse)"
    )
    for col in (
        "bot",
        "mean score" if r.solo else "rating",
        "alpha-Rank",
        "Nash mix",
        "vs Nash",
        "dominated by",
    ):
        table.add_column(col, justify="left" if col in ("bot", "dominated by") else "right")
    for i in sorted(range(len(m.bots)), key=lambda i: (-m.alpha_rank[i], -m.nash[i], -m.nash_average[i])):
        table.add_row(
            m.bots[i],
            f"{r.score_mean[i]:.2f}" if r.solo else f"{r.rating[i]:+.0f}",
            f"{m.alpha_rank[i]:.3f}",
            f"{m.nash[i]:.3f}",
            f"{m.nash_average[i]:+.3f}",
            ", ".join(m.bots[j] for j in m.dominated_by[i]) or "-",
        )
    console.print(table)
    console.print(
        "alpha-Rank (OpenSpiel, alpha 100, population 50): where an evolving population of these bots"
        " settles. Nash mix: a mix no single bot beats; vs Nash: each bot's payoff against it (below 0:"
        " never worth picking against that mix). Dominated: another bot does at least as well against"
        " every bot and better against one."
    )


def _ladder_seat_table(r: Any, order: list[int]) -> Table:
    """Each bot's win share from each seat (95% CI): whether a result holds from either seat."""
    table = Table(title="Win share by seat (95% CI)")
    table.add_column("bot")
    for seat in range(r.players):
        table.add_column(f"seat {seat + 1}", justify="right")
    for i in order:
        cells = []
        for value, ci, n in zip(r.seat_share[i], r.seat_ci[i], r.seat_games[i], strict=True):
            cells.append("-" if value is None else f"{value:.0%} ({ci[0]:.0%}-{ci[1]:.0%}) of {n}")
        table.add_row(r.bots[i], *cells)
    return table


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
        specs = lineup(g, bots, think)
        if len(specs) == 1:
            specs *= g.players
        if len(specs) != g.players:
            raise ValueError(
                f"name one bot for every seat or one per seat; {len(specs)} named for {g.players}"
            )
        _plot_ready(plot)
    except ValueError as exc:
        fail(str(exc))
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
            fail(str(exc))
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


def bound(
    bots: Annotated[
        str, typer.Option(help="The River Wild bots to measure. " + BOTS_HELP)
    ] = "heuristic,strong",
    games_: Annotated[int, typer.Option("--games", "-n", help="Deals.", min=1)] = 20,
    nodes: Annotated[
        int, typer.Option(help="Positions the bound's search may expand per deal (then it relaxes).", min=0)
    ] = 20_000,
    think: ThinkOpt = None,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    workers: WorkersOpt = 1,
    as_json: JsonOpt = False,
) -> None:
    """River Wild: each bot's score and its gap to a bound no play of the deal can beat, per deal."""
    from riverbox.lab.wildbound import GAME, run_bound

    try:
        g = load_game(GAME, None, option)
        specs = list(dict.fromkeys(lineup(g, bots, think)))
    except ValueError as exc:
        fail(str(exc))
        return
    with _progress(g.name, as_json) as progress:
        task = progress.add_task("games and bounds", total=games_ * (len(specs) + 1))
        report = run_bound(
            specs, games_, seed, dict(g.options), nodes, workers, lambda k: progress.advance(task, k)
        )
    data = report.to_json()
    if as_json:
        print(json.dumps({"options": g.config(), "seed": seed, **data}, indent=1))
        return
    table = Table(title=f"{g.info.title}: {games_} deals, seed {seed}, bound search {nodes} positions a deal")
    for col in ("seed", "bound", "exact", "best line", *specs):
        table.add_column(col, justify="right")
    for d in report.deals:
        cells = [f"{s:.0f} ({d.upper - s:+.0f})" for s in d.scores]
        table.add_row(str(d.seed), str(d.upper), "yes" if d.exact else "no", str(d.lower), *cells)
    console.print(table)
    summary = Table(title="Mean over the deals (95% CI)")
    for col in ("bot", "score", "gap to bound", "below best play seen"):
        summary.add_column(col, justify="left" if col == "bot" else "right")
    for row in data["bots"]:
        summary.add_row(
            row["bot"],
            f"{row['score_mean']:.2f} ({row['score_ci95'][0]:.2f} - {row['score_ci95'][1]:.2f})",
            f"{row['gap_to_bound']:.2f} ({row['gap_ci95'][0]:.2f} - {row['gap_ci95'][1]:.2f})",
            f"{row['below_best_known']:.2f} ({row['below_best_known_ci95'][0]:.2f} -"
            f" {row['below_best_known_ci95'][1]:.2f})",
        )
    console.print(summary)
    console.print(
        f"Bound: no play of the deal scores more ({data['exact_deals']} of {games_} exact). Best line:"
        " the best game the search found with the deck order known; best play seen: that line or a"
        " bot's game, whichever scored more. Bot cells: score (bound - score)."
    )
