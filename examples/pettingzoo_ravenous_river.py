"""PettingZoo: four masked random agents play Ravenous River through the AEC API.

Run: ``python examples/pettingzoo_ravenous_river.py`` (needs ``pip install riverbox[pettingzoo]``).
A few hundred agent steps; CI runs it. Each agent sees only its seat's view; simultaneous
votes are asked one agent at a time.
"""

from __future__ import annotations

import argparse

import numpy as np

import riverbox
from riverbox.integrations.pettingzoo import env as make_env


def main(steps: int = 300, players: int = 4, seed: int = 0) -> dict[str, float]:
    env = make_env("ravenous-river", players=players)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    done_steps = games = 0
    game_seed = seed
    while done_steps < steps:
        env.reset(seed=game_seed)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += float(reward)
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
            done_steps += 1
        record = env.riverbox_state.record()  # every game is a riverbox record
        assert riverbox.replay(record).to_json() == env.riverbox_state.to_json()
        games += 1
        game_seed += 1
    print(f"{games} games, {done_steps} agent steps; total rewards per agent: {totals}")
    return {"games": float(games), "steps": float(done_steps)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    main(args.steps, args.players, args.seed)
