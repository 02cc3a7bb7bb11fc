"""Gymnasium: a masked random agent and a one-step greedy agent play River Wild.

Run: ``python examples/gymnasium_river_wild.py`` (needs ``pip install riverbox[gymnasium]``).
A few hundred steps; CI runs it. The reward is the score gained by each step, and
``info["action_mask"]`` lists the legal actions.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium as gym
import numpy as np

import riverbox.integrations.gymnasium  # noqa: F401 - registers riverbox/RiverWild-v0


def greedy(env: Any, legal: np.ndarray) -> int:
    """The legal action whose step gains the most score (ties: the lowest id)."""
    state = env.unwrapped.state
    game = env.unwrapped.game
    best, best_gain = int(legal[0]), -float("inf")
    before = state.scores()[0]
    for a in legal:
        branch = state.clone()
        branch.apply(game.action_from_id(int(a)), 0)
        gain = branch.scores()[0] - before
        if gain > best_gain:
            best, best_gain = int(a), gain
    return best


def main(steps: int = 300, seed: int = 0) -> dict[str, float]:
    env = gym.make("riverbox/RiverWild-v0")
    rng = np.random.default_rng(seed)
    scores: dict[str, list[float]] = {"random": [], "greedy": []}
    done_steps = 0
    episode = 0
    while done_steps < steps:
        policy = "random" if episode % 2 == 0 else "greedy"
        _, info = env.reset(seed=seed + episode // 2)  # both policies see the same deals
        total = 0.0
        while True:
            legal = np.flatnonzero(info["action_mask"])
            action = int(rng.choice(legal)) if policy == "random" else greedy(env, legal)
            _, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done_steps += 1
            if terminated or truncated:
                break
        scores[policy].append(total)
        episode += 1
    means = {p: float(np.mean(v)) if v else 0.0 for p, v in scores.items()}
    print(f"{episode} episodes, {done_steps} steps; mean score {means}")
    return means


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    main(args.steps, args.seed)
