"""Speed benchmark for Ravenous River (not a test): ``python -m tests.games.ravenous_river.bench_speed``.

Random playout of whole 4-player games with ``legal_actions`` + ``apply``: games/s (median of
5 runs, CPU time), and the extra cost of building every seat's view at every step.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import riverbox


def run(game: riverbox.Game, games: int, seed: int, views: bool) -> tuple[float, int]:
    r = random.Random(seed)
    n = game.players
    steps = 0
    t = time.process_time()
    for i in range(games):
        st = game.new_state(seed + i)
        while st.to_move:
            seat = st.to_move[0]
            if views:
                for s in range(n):
                    st.view(s)
            st.apply(r.choice(st.legal_actions(seat)), seat)
            steps += 1
    return time.process_time() - t, steps


def main(games: int = 300, players: int = 4) -> None:
    game = riverbox.load("ravenous-river", players=players)
    bare, viewed = [], []
    steps = 0
    for k in range(5):
        dt, steps = run(game, games, 1000 * k, False)
        bare.append(dt)
        viewed.append(run(game, games, 1000 * k, True)[0])
    b, v = statistics.median(bare), statistics.median(viewed)
    print(
        f"{players} players: {games / b:.0f} games/s (median of 5; runs {[round(games / x) for x in bare]})"
    )
    print(f"{steps / games:.1f} steps per game, {b / steps * 1e6:.2f} us per step")
    print(f"all {players} views at every step: +{(v - b) / b:.2f}x the bare step (total {v / b:.2f}x)")


if __name__ == "__main__":
    main(*(int(x) for x in sys.argv[1:]))
