"""PettingZoo: four masked random agents play Ravenous River through the AEC API.

Run: ``python examples/pettingzoo_ravenous_river.py`` (needs ``pip install riverbox[pettingzoo]``).
A few hundred agent steps; CI runs it. Each agent sees only its seat's view; simultaneous
votes are asked one agent at a time.

``--max-cycles N`` caps each agent at N actions per episode: an agent that reaches the cap is
truncated (one dead step with ``None``, then it leaves), and its seat's remaining decisions in
that game are made by the environment's seeded random autopilot, which no agent sees. The
riverbox record of a truncated game still replays; it simply ends before the game does.
"""

from __future__ import annotations

import argparse

import numpy as np

import riverbox
from riverbox.integrations.pettingzoo import env as make_env


def main(
    steps: int = 300, players: int = 4, seed: int = 0, max_cycles: int | None = None
) -> dict[str, float]:
    env = make_env("ravenous-river", players=players, max_cycles=max_cycles)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    done_steps = games = truncated_games = 0
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
        if max_cycles is not None:
            assert all(n <= max_cycles for n in env.actions_taken.values())
        truncated_games += not env.riverbox_state.is_over
        record = env.riverbox_state.record()  # every game is a riverbox record
        assert riverbox.replay(record).to_json() == env.riverbox_state.to_json()
        games += 1
        game_seed += 1
    print(
        f"{games} games ({truncated_games} truncated), {done_steps} agent steps; "
        f"total rewards per agent: {totals}"
    )
    return {"games": float(games), "steps": float(done_steps), "truncated": float(truncated_games)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-cycles", type=int, default=None, help="cap each agent's actions per game")
    args = parser.parse_args()
    main(args.steps, args.players, args.seed, args.max_cycles)
