"""Measure one step of a game's level ladder and record it in the levels data file (issue 28).

    python scripts/levels.py GAME LOWER UPPER --deals N --seed S [--write]
    python scripts/levels.py GAME --rate [--write] [--plot docs/levels.png]

(``--journal FILE`` keeps each finished deal of a two-player step, so a stopped run resumes.)
A step pits two adjacent levels (``easy`` and ``medium``, ...) on the same deals. In a
two-player game it is ``riverbox ladder GAME -p 2 --bots "UPPER LOWER" --anchor LOWER --games N
--seed S --workers 1`` (the ladder's own code, so every deal is played in both seatings): the
share of games UPPER finished above LOWER with its 95% interval (deals resampled), its split by
seat, and UPPER's Elo rating over LOWER. River Wild is solo: both levels play the same N deals
and the step is UPPER's mean score minus LOWER's, with a 95% interval from resampling the deals
(each deal's difference, so its luck cancels); its Elo is the ladder's fit to "which scored more
on the same deal". ``--write`` stores the step in ``riverbox/bots/levels.json``; ``--rate``
chains a game's steps into ratings (``easy`` = 1000, each level its step's Elo above the one
below) and, with ``--write``, stores them. The levels' specs are read from the same file.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from riverbox.bots.levels import DATA, LEVEL_NAMES, load_levels
from riverbox.lab import tournament
from riverbox.lab.ladder import Tally, items_of, seatings, summarise_ladder, tally_game
from riverbox.lab.ratings import bootstrap, plackett_luce, to_elo

BASE = 1000.0
"""The rating of every game's ``easy`` level: the ladder's Elo is relative, so one level is fixed."""


def ladder_command(game: str, lower: str, upper: str, deals: int, seed: int, players: int) -> str:
    """The ``riverbox ladder`` command a two-player step is the same as."""
    return (
        f'riverbox ladder {game} -p {players} --bots "{upper} {lower}" --anchor {lower}'
        f" --games {deals} --seed {seed} --workers 1"
    )


def _play_deals(
    game: str, players: int, bots: list[str], deals: int, seed: int, journal: Path | None
) -> list[list[dict[str, Any]]]:
    """Every seating of ``bots`` on the ladder's deals, deal by deal, as ``run_ladder`` plays them.

    With a ``journal`` (a JSON-lines file) each finished deal is appended there and a deal already
    in it is not played again, so a run stopped on a busy machine resumes where it stopped and the
    deals finished so far can be summarised (``--deals`` lower) without losing them.
    """
    lineups = seatings(len(bots), players)
    setups = [tournament.Setup(game, players, {}, tuple(bots[b] for b in lineup)) for lineup in lineups]
    done: dict[int, list[dict[str, Any]]] = {}
    if journal is not None and journal.exists():
        for line in journal.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["bots"] == bots:
                done[int(row["seed"])] = row["results"]
    per_lineup: list[list[dict[str, Any]]] = [[] for _ in lineups]
    for deal_seed in tournament.seeds_for(seed, deals):
        results = done.get(deal_seed)
        if results is None:
            results = [tournament.play_one(setup, deal_seed) for setup in setups]
            if journal is not None:
                with journal.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"bots": bots, "seed": deal_seed, "results": results}) + "\n")
        for i, result in enumerate(results):
            per_lineup[i].append(result)
    return per_lineup


def step_versus(
    game: str, players: int, lower: str, upper: str, deals: int, seed: int, journal: Path | None = None
) -> dict[str, Any]:
    """A two-player step through the ladder: UPPER's share above LOWER, by seat, and its Elo."""
    bots = [upper, lower]
    items, bot_items = items_of(bots)
    per_deal = [Tally(len(items)) for _ in range(deals)]
    scores: list[list[float]] = [[] for _ in items]
    every = _play_deals(game, players, bots, deals, seed, journal)
    for lineup, results in zip(seatings(len(bots), players), every, strict=True):
        seat_items = [bot_items[b] for b in lineup]
        for d, result in enumerate(results):
            per_deal[d].add(tally_game(len(items), seat_items, result))
            for s, item in enumerate(seat_items):
                scores[item].append(result["scores"][s])
    games = sum(len(r) for r in every)
    result = summarise_ladder(game, players, items, items, per_deal, games, scores, items.index(lower), seed)
    data = result.to_json()
    mine = next(b for b in data["bots"] if b["bot"] == upper)
    pair = next(p for p in data["pairwise"] if p["bot"] == upper)
    return {
        "command": ladder_command(game, lower, upper, deals, seed, players),
        "deals": deals,
        "games": data["games"],
        "above": pair["finished_above"],
        "above_ci95": pair["ci95"],
        "by_seat": [
            {"seat": s["seat"], "games": s["games"], "win_share": s["win_share"], "ci95": s["win_share_ci95"]}
            for s in mine["by_seat"]
        ],
        "elo": mine["rating"],
        "elo_ci95": mine["rating_ci95"],
    }


def _solo_figures(pairs: list[tuple[float, float]]) -> list[float]:
    """Mean difference (upper - lower), share of deals upper scored more (ties half), and its Elo."""
    diff = statistics.fmean(u - lo for lo, u in pairs)
    above = sum(1.0 if u > lo else 0.5 if u == lo else 0.0 for lo, u in pairs)
    orders = {(0, 1): above, (1, 0): len(pairs) - above}
    elo = to_elo(plackett_luce(orders, 2, prior=1.0), anchor=1)[0]
    return [diff, above / len(pairs), elo]


def step_solo(game: str, lower: str, upper: str, deals: int, seed: int) -> dict[str, Any]:
    """A solo step: both levels on the same deals, the mean score difference with its interval."""
    setups = [tournament.Setup(game, 1, {}, (lower,)), tournament.Setup(game, 1, {}, (upper,))]
    low, high = tournament.run_many(setups, deals, seed, 1)
    pairs = [(float(a["scores"][0]), float(b["scores"][0])) for a, b in zip(low, high, strict=True)]
    point = _solo_figures(pairs)
    cis = bootstrap(pairs, _solo_figures, 2000, seed)
    return {
        "command": f"python scripts/levels.py {game} {lower} {upper} --deals {deals} --seed {seed}",
        "deals": deals,
        "games": 2 * deals,
        "lower_mean": statistics.fmean(p[0] for p in pairs),
        "upper_mean": statistics.fmean(p[1] for p in pairs),
        "difference": point[0],
        "difference_ci95": list(cis[0]),
        "above": point[1],
        "above_ci95": list(cis[1]),
        "elo": point[2],
        "elo_ci95": list(cis[2]),
    }


def chain(steps: dict[str, dict[str, Any]]) -> dict[str, float]:
    """Each level's rating: ``easy`` at :data:`BASE`, every other its step's Elo above the level below."""
    ratings = {LEVEL_NAMES[0]: BASE}
    for lower, upper in itertools.pairwise(LEVEL_NAMES):
        ratings[upper] = ratings[lower] + float(steps[f"{lower}-{upper}"]["elo"])
    return ratings


def plot(data: dict[str, Any], path: Path) -> None:
    """Each game's levels by rating, each step's 95% interval drawn on the level above it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = [g for g in data if not g.startswith("_")]
    fig, axes = plt.subplots(1, len(games), figsize=(3.2 * len(games), 3.4), sharey=False)
    for ax, game in zip(axes, games, strict=True):
        entry = data[game]
        ratings = [entry["levels"][n]["rating"] for n in LEVEL_NAMES]
        low = [0.0]
        high = [0.0]
        for lower, upper in itertools.pairwise(LEVEL_NAMES):
            step = entry["steps"][f"{lower}-{upper}"]
            low.append(step["elo"] - step["elo_ci95"][0])
            high.append(step["elo_ci95"][1] - step["elo"])
        ax.errorbar(range(4), ratings, yerr=[low, high], marker="o", capsize=4)
        ax.set_xticks(range(4), LEVEL_NAMES)
        ax.set_title(game)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("rating (Elo scale, easy = 1000)")
    fig.suptitle("Levels: each step's 95% interval on the level above it")
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def markdown(data: dict[str, Any]) -> str:
    """The levels and the steps of every game as the two tables docs/bots.md shows."""
    lines = ["| game | level | bot | CPU a move | rating |", "|---|---|---|---|---|"]
    for game in (g for g in data if not g.startswith("_")):
        for name, lv in data[game]["levels"].items():
            lines.append(f"| {game} | {name} | `{lv['spec']}` | {lv['budget']:g} s | {lv['rating']} |")
    lines += [
        "",
        "| game | step | games | finished above (95%) | by seat | Elo step (95%) |",
        "|---|---|---|---|---|---|",
    ]
    for game in (g for g in data if not g.startswith("_")):
        for key, st in data[game]["steps"].items():
            lo, hi = st["above_ci95"]
            above = f"{_pct(st['above'])} [{_pct(lo)}, {_pct(hi)}]"
            if "difference" in st:
                d_lo, d_hi = st["difference_ci95"]
                means = f"mean {st['upper_mean']:.1f} vs {st['lower_mean']:.1f}"
                above += f"; {means}, +{st['difference']:.1f} [{d_lo:.1f}, {d_hi:.1f}]"
            seats = ", ".join(f"{_pct(s['win_share'])} of {s['games']}" for s in st.get("by_seat", [])) or "-"
            e_lo, e_hi = st["elo_ci95"]
            elo = f"{st['elo']:+.0f} [{e_lo:+.0f}, {e_hi:+.0f}]"
            lines.append(f"| {game} | {key} | {st['games']} | {above} | {seats} | {elo} |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("lower", nargs="?")
    parser.add_argument("upper", nargs="?")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument(
        "--markdown", action="store_true", help="print every game's levels and steps as tables"
    )
    parser.add_argument("--journal", type=Path, help="keep finished deals here, resume from them")
    parser.add_argument("--plot", type=Path, help="with --rate: also draw every game's levels to this file")
    args = parser.parse_args(argv)
    data = json.loads(Path(DATA).read_text(encoding="utf-8"))
    if args.markdown:
        print(markdown(data))
        return
    entry = data[args.game]
    if args.rate:
        ratings = chain(entry["steps"])
        for level, rating in ratings.items():
            entry["levels"][level]["rating"] = round(rating)
        print(json.dumps({k: round(v) for k, v in ratings.items()}))
        if args.plot is not None:
            plot(data, args.plot)
    else:
        specs = load_levels(DATA)[args.game]
        players = int(entry["players"])
        lo, up = specs[args.lower], specs[args.upper]
        if players == 1:
            step = step_solo(args.game, lo, up, args.deals, args.seed)
        else:
            step = step_versus(args.game, players, lo, up, args.deals, args.seed, args.journal)
        step = {"lower": lo, "upper": up, **step}
        print(json.dumps(step, indent=1))
        if args.write:  # read again: another step may have been written while this one played
            data = json.loads(Path(DATA).read_text(encoding="utf-8"))
            data[args.game]["steps"][f"{args.lower}-{args.upper}"] = step
    if args.write:
        Path(DATA).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
