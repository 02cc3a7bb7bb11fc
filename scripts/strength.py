"""Measure bot strength the way the search figures were measured (CPU time, seats rotated).

    python scripts/strength.py match GAME PLAYERS GAMES SEED SPEC [SPEC ...]
    python scripts/strength.py openspiel GAME PLAYERS DEALS SEED THINK SPEC
    python scripts/strength.py wild GAMES SEED SPEC

``match`` plays the specs against each other, spec i in seat (i + game) mod PLAYERS, and prints
each spec's wins (shared wins split) with a Wilson 95% interval and its CPU seconds per decision.
``openspiel`` plays SPEC against OpenSpiel's own IS-MCTS (random-rollout evaluator) through
riverbox's OpenSpiel adapter, OpenSpiel's bot with THINK CPU seconds per move: each of DEALS
deals once with SPEC in every seat (River Wild: once per bot), wins per seat and CPU per move.
``wild`` gives a River Wild bot's mean score with a 95% interval. Specs are anything
``--bots`` takes: a level (``strong``), a bot ``name`` or ``name:key=value,...``.
Progress goes to stderr after every game, so a long run shows partial results.
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

import riverbox
from riverbox.bots.base import make_bot
from riverbox.core.game import Game


def make(spec: str, game: Game, seed: int) -> Any:
    """The bot a spec names: a level (``strong``), a bot name, or ``name:key=value,...``."""
    return make_bot(spec, game, seed)


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


def openspiel(name: str, players: int, deals: int, seed: int, think: float, spec: str) -> None:
    """SPEC against OpenSpiel's IS-MCTS: every deal once with SPEC in each seat (duplicate deals).

    With several players the other seats are all OpenSpiel's bot. River Wild (one player) plays
    each deal twice, once per bot, and compares the scores deal by deal (a paired interval).
    Both sides' CPU seconds per move are printed, so the budgets can be seen to match.
    """
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
            root = self._root_node = self.create_new_node(state)
            key = self.get_state_key(state)
            deadline = time.process_time() + think
            # The first simulation only expands the root: a move needs a second one, however long
            # the random rollouts take (a River Trek rollout can outlast a small budget).
            while root.total_visits < 1 or time.process_time() < deadline:
                sample = self.sample_root_state(state)
                if self.get_state_key(sample) != key:
                    raise AssertionError("a resampled state shows its player a different information state")
                self.run_simulation(sample)
            return self.get_final_policy(state, root)

    rgame = riverbox.load(name, players)
    osgame = rbos.load_game(name, players)
    rng = random.Random(seed)
    nrs = np.random.RandomState(seed)
    theirs = TimedISMCTS(osgame, mcts.RandomRolloutEvaluator(1, nrs), 2.0, 10**9, random_state=nrs)
    seat_wins = [0.0] * players
    seat_games = [0] * players
    cpu = {"ours": 0.0, "theirs": 0.0}
    moves = {"ours": 0, "theirs": 0}
    diffs: list[float] = []
    for d in range(deals):
        deal = rng.randrange(rbos.SEED_OUTCOMES)
        finals = []
        for me in [0, -1] if players == 1 else range(players):
            bot = make(spec, rgame, rng.randrange(2**31))
            state = osgame.new_initial_state()
            state.apply_action(deal)
            while not state.is_terminal():
                seat = state.current_player()
                side = "ours" if seat == me else "theirs"
                start = time.process_time()
                if seat == me:
                    action = rgame.action_id(bot.act(state._rb.state, me))
                else:
                    action = int(theirs.step(state))
                cpu[side] += time.process_time() - start
                moves[side] += 1
                state.apply_action(action)
            final = state._rb.state
            finals.append(final.scores()[0])
            if players > 1:
                seat_games[me] += 1
                if me in final.winners():
                    seat_wins[me] += 1 / len(final.winners())
        if players == 1:
            diffs.append(finals[0] - finals[1])
        print(d + 1, [round(w, 1) for w in seat_wins], finals, file=sys.stderr, flush=True)
    per_move = ", ".join(f"{side} {cpu[side] / max(1, moves[side]):.3f}" for side in ("ours", "theirs"))
    head = f"{name} {players}p {spec} vs OpenSpiel IS-MCTS ({think} s/move)"
    if players == 1:
        mean = sum(diffs) / deals
        sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(1, deals - 1))
        half = 1.96 * sd / math.sqrt(deals)
        print(
            f"{head}: mean score {spec} minus IS-MCTS {mean:+.2f}"
            f" [95% {mean - half:+.2f}, {mean + half:+.2f}] over {deals} deals; CPU s/move {per_move}"
        )
        return
    wins, games = sum(seat_wins), sum(seat_games)
    lo, hi = wilson(wins, games)
    share = f"{wins:.1f}/{games} = {wins / games:.3f} [95% {lo:.3f}, {hi:.3f}]"
    print(f"{head}: won {share}; CPU s/move {per_move}")
    for me in range(players):
        lo, hi = wilson(seat_wins[me], seat_games[me])
        print(f"  seat {me}: {seat_wins[me]:.1f}/{seat_games[me]} [95% {lo:.3f}, {hi:.3f}]")


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
