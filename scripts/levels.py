"""Measure one step of a game's level ladder and record it in the levels data file (issue 28).

    python scripts/levels.py GAME LOWER UPPER --deals N --seed S [--write]
    python scripts/levels.py GAME --rate [--write]

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
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from riverbox.bots.levels import DATA, LEVEL_NAMES, load_levels
from riverbox.lab import tournament
from riverbox.lab.ladder import run_ladder
from riverbox.lab.ratings import bootstrap, plackett_luce, to_elo

BASE = 1000.0
"""The rating of every game's ``easy`` level: the ladder's Elo is relative, so one level is fixed."""


def ladder_command(game: str, lower: str, upper: str, deals: int, seed: int, players: int) -> str:
    """The ``riverbox ladder`` command a two-player step is the same as."""
    return (
        f'riverbox ladder {game} -p {players} --bots "{upper} {lower}" --anchor {lower}'
        f" --games {deals} --seed {seed} --workers 1"
    )


def step_versus(game: str, players: int, lower: str, upper: str, deals: int, seed: int) -> dict[str, Any]:
    """A two-player step through the ladder: UPPER's share above LOWER, by seat, and its Elo."""
    result = run_ladder(game, players, {}, [upper, lower], deals, seed, anchor=lower)
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
    for lower, upper in zip(LEVEL_NAMES, LEVEL_NAMES[1:], strict=False):
        ratings[upper] = ratings[lower] + float(steps[f"{lower}-{upper}"]["elo"])
    return ratings


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("lower", nargs="?")
    parser.add_argument("upper", nargs="?")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", action="store_true")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    data = json.loads(Path(DATA).read_text(encoding="utf-8"))
    entry = data[args.game]
    if args.rate:
        ratings = chain(entry["steps"])
        for level, rating in ratings.items():
            entry["levels"][level]["rating"] = round(rating)
        print(json.dumps({k: round(v) for k, v in ratings.items()}))
    else:
        specs = load_levels(DATA)[args.game]
        players = int(entry["players"])
        lo, up = specs[args.lower], specs[args.upper]
        if players == 1:
            step = step_solo(args.game, lo, up, args.deals, args.seed)
        else:
            step = step_versus(args.game, players, lo, up, args.deals, args.seed)
        step = {"lower": lo, "upper": up, **step}
        print(json.dumps(step, indent=1))
        if args.write:  # read again: another step may have been written while this one played
            data = json.loads(Path(DATA).read_text(encoding="utf-8"))
            data[args.game]["steps"][f"{args.lower}-{args.upper}"] = step
    if args.write:
        Path(DATA).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
