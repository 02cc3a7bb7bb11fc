"""Measure bot strength the way the search figures were measured (CPU time, seats rotated).

    python scripts/strength.py match GAME PLAYERS GAMES SEED SPEC [SPEC ...]
    python scripts/strength.py openspiel GAME PLAYERS GAMES SEED THINK SPEC
    python scripts/strength.py wild GAMES SEED SPEC

``match`` plays the specs against each other, spec i in seat (i + game) mod PLAYERS, and prints
each spec's wins (shared wins split) with a Wilson 95% interval and its CPU seconds per decision.
``openspiel`` plays SPEC against OpenSpiel's own IS-MCTS (random-rollout evaluator) through
riverbox's OpenSpiel adapter, both with THINK CPU seconds per move, seats alternating.
``wild`` gives a River Wild bot's mean score with a 95% interval. Specs are ``name`` or
``name:key=value,...`` (search bots and River Wild's own bots take their settings as keywords).
Progress goes to stderr after every game, so a long run shows partial results.
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

import riverbox
from riverbox.bots.base import RandomBot
from riverbox.bots.search import SEARCH_BOTS
from riverbox.core.game import Game


def parse(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.partition(":")
    settings: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, value = part.split("=")
        settings[key] = _number(value)
    return name, settings


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make(spec: str, game: Game, seed: int) -> Any:
    name, settings = parse(spec)
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return game.heuristic_bot(seed)
    if name in SEARCH_BOTS:
        return SEARCH_BOTS[name](game, seed, **settings)
    return game.extra_bots()[name](seed, **settings)


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def match(name: str, players: int, games: int, seed: int, specs: list[str]) -> None:
    game = riverbox.load(name, players)
    wins = [0.0] * len(specs)
    cpu = [0.0] * len(specs)
    decisions = [0] * len(specs)
    rng = random.Random(seed)
    for g in range(games):
        bots = {
            (i + g) % players: (i, make(spec, game, rng.randrange(2**31))) for i, spec in enumerate(specs)
        }
        state = game.new_state(rng.randrange(2**31))
        while not state.is_over:
            seat = state.to_move[0]
            i, bot = bots[seat]
            start = time.process_time()
            action = bot.act(state, seat)
            cpu[i] += time.process_time() - start
            decisions[i] += 1
            state.apply(action, seat)
        won = state.winners()
        for seat, (i, _) in bots.items():
            if seat in won:
                wins[i] += 1 / len(won)
        print(g + 1, [round(w, 1) for w in wins], file=sys.stderr, flush=True)
    for i, spec in enumerate(specs):
        lo, hi = wilson(wins[i], games)
        print(
            f"{name} {players}p {spec}: won {wins[i]:.1f}/{games} = {wins[i] / games:.3f}"
            f" [95% {lo:.3f}, {hi:.3f}], CPU {cpu[i] / max(1, decisions[i]):.3f} s/decision"
        )


def wild(games: int, seed: int, spec: str) -> None:
    game = riverbox.load("river-wild")
    scores = []
    for g in range(games):
        bot = make(spec, game, seed + g)
        state = game.new_state(seed + g)
        while not state.is_over:
            state.apply(bot.act(state, 0), 0)
        scores.append(state.scores()[0])
        print(g + 1, sum(scores) / len(scores), file=sys.stderr, flush=True)
    mean = sum(scores) / games
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / max(1, games - 1))
    print(
        f"river-wild {spec}: mean {mean:.2f} +- {1.96 * sd / math.sqrt(games):.2f} (95%) over {games} seeds"
    )


def openspiel(name: str, players: int, games: int, seed: int, think: float, spec: str) -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    import riverbox.integrations.openspiel as rbos

    class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
        """OpenSpiel's IS-MCTS searching for a CPU-time budget per move instead of a count."""

        def run_search(self, state: Any) -> Any:
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            deadline = time.process_time() + think
            done = 0
            while done == 0 or time.process_time() < deadline:
                self.run_simulation(self.sample_root_state(state))
                done += 1
            return self.get_final_policy(state, self._root_node)

    rgame = riverbox.load(name, players)
    osgame = rbos.load_game(name, players)
    rng = random.Random(seed)
    nrs = np.random.RandomState(seed)
    theirs = TimedISMCTS(osgame, mcts.RandomRolloutEvaluator(1, nrs), 2.0, 10**9, random_state=nrs)
    wins = 0.0
    ours_total = theirs_total = 0.0
    for g in range(games):
        deal = rng.randrange(rbos.SEED_OUTCOMES)
        for me in [0, -1] if players == 1 else [g % players]:
            bot = make(spec, rgame, rng.randrange(2**31))
            state = osgame.new_initial_state()
            state.apply_action(deal)
            while not state.is_terminal():
                seat = state.current_player()
                if seat == me:
                    state.apply_action(rgame.action_id(bot.act(state._rb.state, me)))
                else:
                    state.apply_action(int(theirs.step(state)))
            final = state._rb.state
            if players == 1:
                if me == 0:
                    ours_total += final.scores()[0]
                else:
                    theirs_total += final.scores()[0]
            elif me in final.winners():
                wins += 1 / len(final.winners())
        print(g + 1, wins, ours_total, theirs_total, file=sys.stderr, flush=True)
    if players == 1:
        print(
            f"{name} {spec} vs OpenSpiel IS-MCTS ({think} s/move): mean {ours_total / games:.2f}"
            f" vs {theirs_total / games:.2f} over {games} seeds"
        )
        return
    lo, hi = wilson(wins, games)
    print(
        f"{name} {players}p {spec} vs OpenSpiel IS-MCTS ({think} s/move): won {wins:.1f}/{games}"
        f" = {wins / games:.3f} [95% {lo:.3f}, {hi:.3f}]"
    )


def main(argv: list[str]) -> None:
    if not argv:
        raise SystemExit(__doc__)
    kind, rest = argv[0], argv[1:]
    if kind == "match":
        match(rest[0], int(rest[1]), int(rest[2]), int(rest[3]), rest[4:])
    elif kind == "openspiel":
        openspiel(rest[0], int(rest[1]), int(rest[2]), int(rest[3]), float(rest[4]), rest[5])
    elif kind == "wild":
        wild(int(rest[0]), int(rest[1]), rest[2])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
