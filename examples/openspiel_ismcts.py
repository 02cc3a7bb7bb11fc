"""OpenSpiel: IS-MCTS against a random player in River Rivals, plus OpenSpiel's own API test.

Run: ``python examples/openspiel_ismcts.py`` (needs ``pip install riverbox[openspiel]``).
A few hundred moves in total; CI runs it.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import riverbox.integrations.openspiel  # noqa: F401 - registers the riverbox_* pyspiel games


def play(game: pyspiel.Game, bots: list[Any], rng: np.random.RandomState) -> tuple[list[float], int]:
    """One game: ``bots[p]`` is an OpenSpiel bot, or None for a uniformly random player."""
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():  # the root: riverbox's seed
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        bot = bots[state.current_player()]
        action = bot.step(state) if bot is not None else int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        moves += 1
    return state.returns(), moves


def main(games: int = 4, simulations: int = 20, seed: int = 0) -> dict[str, float]:
    game = pyspiel.load_game("riverbox_river_rivals", {"mode": "basic"})
    print(game, "|", game.get_type().information, "|", game.num_distinct_actions(), "action ids")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    print("pyspiel.random_sim_test: passed")

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng)
    wins = 0.0
    total_moves = 0
    for g in range(games):
        seats: list[Any] = [bot, None] if g % 2 == 0 else [None, bot]
        returns, moves = play(game, seats, rng)
        me = 0 if g % 2 == 0 else 1
        wins += returns[me] > 0
        total_moves += moves
        print(f"game {g + 1}: IS-MCTS in seat {me}, returns {returns}, {moves} moves")
    result = {"ismcts_win_rate": wins / games, "moves": float(total_moves)}
    print(result)
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    main(args.games, args.simulations, args.seed)
