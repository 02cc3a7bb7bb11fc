"""Benchmarks for River Rivals (not a test): ``python -m tests.games.river_rivals.measure [what]``.

* ``speed``: random play of whole games (``legal_actions`` + ``apply``), games/s of CPU time (so other
  load on the machine matters less) per
  run and the median; then the cost of all seats' views (0, 1 and spectator) per step relative to
  a bare step.
* ``bot``: the heuristic bot against the random bot, N games from each seat, with 95% Wilson
  intervals.
"""

from __future__ import annotations

import math
import statistics
import sys
import time

import riverbox
from riverbox.bots.base import RandomBot
from riverbox.core.rng import Rng


def _playout(game: riverbox.Game, games: int, seed: int, views: bool = False) -> tuple[float, int]:
    rng = Rng(seed)
    steps = 0
    start = time.process_time()
    for i in range(games):
        state = game.new_state(seed * 1_000_003 + i)
        while state.to_move:
            if views:
                state.view(0)
                state.view(1)
                state.view(None)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return time.process_time() - start, steps


def speed(mode: str = "basic", runs: int = 7, games: int = 300) -> None:
    game = riverbox.load("river-rivals", mode=mode)
    rates = []
    steps = 0
    for r in range(runs):
        secs, steps = _playout(game, games, r)
        rates.append(games / secs)
    print(
        f"{mode}: games/s per run {[round(x) for x in rates]}; median {statistics.median(rates):.0f}; "
        f"{steps / games:.1f} steps per game"
    )
    bare, viewed = [], []
    for r in range(runs):
        bare.append(_playout(game, games // 2, 100 + r)[0])
        viewed.append(_playout(game, games // 2, 100 + r, views=True)[0])
    b, v = statistics.median(bare), statistics.median(viewed)
    print(f"{mode}: all three views per step cost {(v - b) / b:.2f}x a bare step (step+views = {v / b:.2f}x)")


def wilson(wins: int, n: int) -> tuple[float, float]:
    p = wins / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def bot(mode: str = "basic", games: int = 1000) -> None:
    game = riverbox.load("river-rivals", mode=mode)
    for hseat in (0, 1):
        wins = ties = 0
        for i in range(games):
            bots = {hseat: game.heuristic_bot(i), 1 - hseat: RandomBot(10_000 + i)}
            state = game.new_state(100_000 * (hseat + 1) + i)
            while not state.is_over:
                seat = state.to_move[0]
                state.apply(bots[seat].act(state, seat), seat)
            w = state.winners()
            wins += w == [hseat]
            ties += len(w) > 1
        lo, hi = wilson(wins, games)
        print(
            f"{mode}: heuristic as seat {hseat} vs random: {wins}/{games} = {wins / games:.3f} "
            f"(95% CI {lo:.3f}-{hi:.3f}), shared {ties}"
        )


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    if what in ("speed", "all"):
        speed("basic")
        speed("advanced", runs=3)
    if what in ("bot", "all"):
        bot("basic")
        bot("advanced")
