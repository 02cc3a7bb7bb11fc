"""How fast each adapter steps, against the bare engine: ``python -m riverbox.integrations.adapter_speed``.

Every loop plays uniformly random legal moves to the end of a game, again and again, for about
``seconds`` of CPU time; each figure is the median steps/s of ``runs`` runs, the loops taking
turns so that a busy machine slows them alike. It times exactly as ``riverbox bench`` does
(``riverbox.lab.engine_speed.cpu_timed``: the process's CPU time, medians of runs) and shows the
same progress bar on stderr. The loops do what a user of each framework does per step:

* ``bare``: riverbox ``legal_actions`` and ``apply`` (as ``riverbox bench`` measures it);
* ``bare+obs``: the same plus the mover's observation vector as the adapters encode it
  (``observe_values``), the price of observations that any learner pays;
* ``openspiel``: pyspiel ``legal_actions`` and ``apply_action`` on the Python game;
* ``openspiel+info``: plus the mover's information-state string and observation tensor;
* ``pettingzoo``: AEC ``last()`` (observation and mask) and ``step``;
* ``gymnasium``: ``step`` (observation and mask in the result), one-player games only.

Needs the three frameworks installed (``pip install riverbox[openspiel,pettingzoo,gymnasium]``);
a loop whose framework is missing is left out.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import warnings
from collections.abc import Callable
from typing import Any

from riverbox.core.game import Game
from riverbox.integrations._common import mover, observe_values
from riverbox.lab.engine_speed import TIMING, RunProgress, check_bench_args, cpu_timed, progress_bar
from riverbox.registry import load

DEFAULT_GAMES: list[tuple[str, int | None, dict[str, Any]]] = [
    ("ravenous-river", 4, {}),
    ("river-rivals", None, {}),
    ("river-wild", None, {}),
    ("river-trek", 3, {}),
]


def _timed(loop: Callable[[random.Random], int], seconds: float, seed: int) -> float:
    """Steps per CPU second of ``loop`` over about ``seconds``."""
    rng = random.Random(seed)
    _, steps, elapsed = cpu_timed(lambda: loop(rng), seconds)
    return steps / elapsed if elapsed > 0 else float("inf")


def _bare(game: Game, obs: bool) -> Callable[[random.Random], int]:
    def loop(rng: random.Random) -> int:
        state = game.new_state(rng.randrange(2**31))
        steps = 0
        while not state.is_over:
            seat = mover(state)
            if obs:
                observe_values(game, state, seat)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            steps += 1
        return steps

    return loop


def _openspiel(game: Game, info: bool) -> Callable[[random.Random], int] | None:
    try:
        from riverbox.integrations import openspiel
    except ImportError:
        return None
    os_game = openspiel.load_game(game.name, game.players, **game.options)

    def loop(rng: random.Random) -> int:
        state = os_game.new_initial_state()
        state.apply_action(rng.randrange(openspiel.SEED_OUTCOMES))
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            if info:
                state.information_state_string(player)
                state.observation_tensor(player)
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return loop


def _pettingzoo(game: Game) -> Callable[[random.Random], int] | None:
    try:
        import numpy as np

        from riverbox.integrations import pettingzoo
    except ImportError:
        return None
    env = pettingzoo.env(game)

    def loop(rng: random.Random) -> int:
        env.reset(seed=rng.randrange(2**31))
        steps = 0
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return steps

    return loop


def _gymnasium(game: Game) -> Callable[[random.Random], int] | None:
    if game.players != 1:
        return None
    try:
        import numpy as np

        from riverbox.integrations import gymnasium
    except ImportError:
        return None
    env = gymnasium.RiverboxEnv(game)

    def loop(rng: random.Random) -> int:
        _, info = env.reset(seed=rng.randrange(2**31))
        steps = 0
        while True:
            _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
            if terminated or truncated:
                return steps

    return loop


def bench_game(
    game: Game, seconds: float = 1.0, runs: int = 5, seed: int = 1, bar: RunProgress | None = None
) -> dict[str, Any]:
    """Median steps/s of every loop for ``game`` and each adapter's ratio to the bare engine.

    ``bar`` (from ``progress_bar``) is advanced once per run of all loops.
    """
    check_bench_args(runs, seconds)
    loops: dict[str, Callable[[random.Random], int] | None] = {
        "bare": _bare(game, obs=False),
        "bare+obs": _bare(game, obs=True),
        "openspiel": _openspiel(game, info=False),
        "openspiel+info": _openspiel(game, info=True),
        "pettingzoo": _pettingzoo(game),
        "gymnasium": _gymnasium(game),
    }
    row: dict[str, Any] = {"game": game.name, "players": game.players, "options": dict(game.options)}
    rates: dict[str, list[float]] = {name: [] for name, loop in loops.items() if loop is not None}
    for r in range(runs):  # interleaved, so a busy machine slows every loop alike
        for name, loop in loops.items():
            if loop is not None:
                rates[name].append(_timed(loop, seconds, seed + r))
        if bar is not None:
            bar.advance()
    for name, values in rates.items():
        row[f"{name.replace('+', '_')}_steps_per_s"] = statistics.median(values)
    bare = row["bare_steps_per_s"]
    for key in [k for k in row if k.endswith("_steps_per_s") and k != "bare_steps_per_s"]:
        row[key.replace("_steps_per_s", "_ratio")] = row[key] / bare
    return row


def bench_all(
    seconds: float = 1.0,
    runs: int = 5,
    games: list[str] | None = None,
    seed: int = 1,
    bar: RunProgress | None = None,
) -> list[dict[str, Any]]:
    """``bench_game`` for the default configuration of each game (or the named games)."""
    rows = []
    for game in _targets(games):
        if bar is not None:
            bar.now(f"{game.name}: runs of {seconds:g} s CPU time per loop")
        rows.append(bench_game(game, seconds, runs, seed, bar))
    return rows


def _targets(games: list[str] | None) -> list[Game]:
    found = []
    for name, players, options in DEFAULT_GAMES:
        if games is not None and name not in games:
            continue
        try:
            found.append(load(name, players, **options))
        except ValueError:  # not in this riverbox
            continue
    return found


def _table(rows: list[dict[str, Any]]) -> str:
    cols = ["bare", "bare_obs", "openspiel", "openspiel_info", "pettingzoo", "gymnasium"]
    lines = [f"{'game':<16}{'players':>8}" + "".join(f"{c:>16}" for c in cols)]
    for row in rows:
        cells = []
        for c in cols:
            rate = row.get(f"{c}_steps_per_s")
            if rate is None:
                cells.append(f"{'-':>16}")
            elif c == "bare":
                cells.append(f"{rate:>16,.0f}")
            else:
                cells.append(f"{rate:>9,.0f} ({row[c + '_ratio']:.2f})")
        lines.append(f"{row['game']:<16}{row['players']:>8}" + "".join(cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Adapter steps/s against the bare engine (medians).")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run (above 0)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (the median is reported)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    args = parser.parse_args(argv)
    try:
        check_bench_args(args.runs, args.seconds)
    except ValueError as exc:
        parser.error(str(exc))
    with warnings.catch_warnings(), progress_bar(len(_targets(args.game)) * args.runs) as bar:
        warnings.simplefilter("ignore")
        rows = bench_all(args.seconds, args.runs, args.game, bar=bar)
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(f"steps/s ({TIMING.format(runs=args.runs)}); in brackets: ratio to the bare engine")
        print(_table(rows))


if __name__ == "__main__":
    main()
