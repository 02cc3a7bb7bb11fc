"""CPU seconds per decision of a search bot against its budget (issue 28: at most 10% over at p99).

    python scripts/decision_time.py GAME PLAYERS SEED BUDGET SPEC

Plays one game with SPEC in every seat and times each decision with a real choice (two or more
legal moves) in CPU seconds (``time.process_time``, what the bots budget); prints the count,
median, 99th percentile and maximum, each also as a ratio of BUDGET (the spec's ``think`` or
``seconds``, given again so the ratio needs no parsing). A forced move is not a decision.
"""

from __future__ import annotations

import statistics
import sys
import time

import riverbox
from riverbox.bots.base import make_bot


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0-100): with few decisions, p99 is the slowest but one or so."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def main(argv: list[str]) -> None:
    game_name, players, seed, budget, spec = argv[0], int(argv[1]), int(argv[2]), float(argv[3]), argv[4]
    game = riverbox.load(game_name, players)
    bots = [make_bot(spec, game, seed * 10 + s) for s in range(game.players)]
    state = game.new_state(seed)
    times: list[float] = []
    while not state.is_over:
        for seat in state.to_move:
            if seat in state.to_move and not state.is_over:
                choice = len(state.legal_actions(seat)) > 1
                start = time.process_time()
                action = bots[seat].act(state, seat)
                if choice:
                    times.append(time.process_time() - start)
                state.apply(action, seat)
    med, p99, top = statistics.median(times), percentile(times, 99), max(times)
    print(
        f"{game_name} {spec}: {len(times)} decisions, budget {budget:g} s; median {med:.3f} s"
        f" ({med / budget:.2f}x), p99 {p99:.3f} s ({p99 / budget:.2f}x),"
        f" max {top:.3f} s ({top / budget:.2f}x)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
