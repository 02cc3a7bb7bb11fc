"""Gymnasium: a masked policy-gradient agent (REINFORCE) learns River Wild, numpy only.

Run: ``python examples/gymnasium_reinforce_river_wild.py --minutes 3`` (needs
``pip install riverbox[gymnasium]``; no torch). Training stops at whichever budget comes first,
``--steps`` environment steps or ``--minutes`` of CPU time; then the greedy policy, the
``random`` bot and the ``heuristic`` bot play the same evaluation seeds (none of them seen in
training) and their mean scores are printed.

The policy is linear in the observation with one weight row per action id:
``logit(a) = w[a] . [obs, 1]``, and the softmax runs over the legal ids only
(``info["action_mask"]``), so an illegal action never has probability and never gets a
gradient; only the legal rows are ever read or updated (River Wild has 9216 ids, a handful
legal at a time). REINFORCE: the return to go of each step (the score still to gain, as the
reward is the score gained by a step) minus a running per-step baseline, scaled by a running
spread, times the gradient of the log-probability; Adam updates the rows used.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from typing import Any

import gymnasium as gym
import numpy as np

import riverbox.integrations.gymnasium  # noqa: F401 - registers riverbox/RiverWild-v0
from riverbox.bots.base import make_bot

EVAL_SEED_BASE = 1_000_000
"""Evaluation seeds start here; training seeds are drawn below it, so no deal is seen twice."""


@dataclass
class MaskedLinearPolicy:
    """A softmax over the legal action ids of a linear score, trained with sparse Adam."""

    obs_size: int
    num_actions: int
    lr: float = 0.01
    w: np.ndarray = field(init=False)
    m: np.ndarray = field(init=False)
    v: np.ndarray = field(init=False)
    t: int = 0

    def __post_init__(self) -> None:
        shape = (self.num_actions, self.obs_size + 1)
        self.w, self.m, self.v = np.zeros(shape), np.zeros(shape), np.zeros(shape)

    def probs(self, obs: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The features ``[obs, 1]`` and the probability of each legal id."""
        x = np.append(obs.astype(np.float64), 1.0)
        logits = self.w[legal] @ x
        p = np.exp(logits - logits.max())
        return x, p / p.sum()

    def update(self, grads: dict[int, np.ndarray]) -> None:
        """One Adam step (gradient ascent) on the rows in ``grads``."""
        self.t += 1
        rows = np.fromiter(grads, dtype=np.int64, count=len(grads))
        g = np.stack([grads[r] for r in rows.tolist()])
        b1, b2 = 0.9, 0.999
        self.m[rows] = b1 * self.m[rows] + (1 - b1) * g
        self.v[rows] = b2 * self.v[rows] + (1 - b2) * g * g
        m_hat = self.m[rows] / (1 - b1**self.t)
        v_hat = self.v[rows] / (1 - b2**self.t)
        self.w[rows] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play_episode(
    env: Any, policy: MaskedLinearPolicy, seed: int, rng: np.random.Generator | None
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, np.ndarray, int, float]]]:
    """One game: sampled actions when ``rng`` is given, else the most likely legal action.

    Returns the score and, per step, (features, legal ids, probabilities, chosen index, reward).
    """
    obs, info = env.reset(seed=seed)
    steps = []
    total = 0.0
    while True:
        legal = np.flatnonzero(info["action_mask"])
        x, p = policy.probs(obs, legal)
        k = int(rng.choice(len(legal), p=p)) if rng is not None else int(np.argmax(p))
        obs, reward, terminated, truncated, info = env.step(int(legal[k]))
        steps.append((x, legal, p, k, float(reward)))
        total += float(reward)
        if terminated or truncated:
            return total, steps


def train(env: Any, policy: MaskedLinearPolicy, steps: int | None, minutes: float | None, seed: int) -> int:
    """REINFORCE until ``steps`` environment steps or ``minutes`` of CPU time; the steps done."""
    rng = np.random.default_rng(seed)
    baseline: list[float] = []
    spread = 1.0
    done = 0
    start = time.process_time()
    batch: dict[int, np.ndarray] = {}
    episodes = 0
    while (steps is None or done < steps) and (minutes is None or time.process_time() - start < 60 * minutes):
        _, trajectory = play_episode(env, policy, int(rng.integers(EVAL_SEED_BASE)), rng)
        done += len(trajectory)
        to_go = np.cumsum([r for *_, r in trajectory][::-1])[::-1]
        for t, ((x, legal, p, k, _), g) in enumerate(zip(trajectory, to_go, strict=True)):
            if t == len(baseline):
                baseline.append(float(g))
            advantage = (g - baseline[t]) / spread
            baseline[t] += 0.02 * (g - baseline[t])
            spread += 0.01 * (abs(g - baseline[t]) - spread)
            spread = max(spread, 1e-3)
            coeff = -advantage * p  # d log p(k) / d logit(j) = [j == k] - p(j)
            coeff[k] += advantage
            for j, c in zip(legal.tolist(), coeff.tolist(), strict=True):
                row = batch.get(j)
                batch[j] = c * x if row is None else row + c * x
        episodes += 1
        if episodes % 8 == 0:
            policy.update(batch)
            batch = {}
    if batch:
        policy.update(batch)
    return done


def evaluate(env: Any, policy: MaskedLinearPolicy, games: int) -> dict[str, float]:
    """Mean score of the greedy policy and of the ``random`` and ``heuristic`` bots, same seeds."""
    seeds = [EVAL_SEED_BASE + i for i in range(games)]
    game = env.unwrapped.game
    scores: dict[str, list[float]] = {"agent": [play_episode(env, policy, s, None)[0] for s in seeds]}
    for name in ("random", "heuristic"):
        scores[name] = []
        for s in seeds:
            bot = make_bot(name, game, seed=s)
            env.reset(seed=s)
            total = 0.0
            while True:
                action = game.action_id(bot.act(env.unwrapped.state, 0))
                _, reward, terminated, truncated, _ = env.step(action)
                total += float(reward)
                if terminated or truncated:
                    break
            scores[name].append(total)
    return {name: float(np.mean(values)) for name, values in scores.items()}


def main(
    steps: int | None = None,
    minutes: float | None = 3.0,
    eval_games: int = 100,
    seed: int = 0,
    lr: float = 0.01,
) -> dict[str, float]:
    env = gym.make("riverbox/RiverWild-v0")
    obs_size = env.observation_space.shape[0]  # type: ignore[index]
    policy = MaskedLinearPolicy(obs_size, int(env.action_space.n), lr=lr)  # type: ignore[attr-defined]
    done = train(env, policy, steps, minutes, seed)
    means = evaluate(env, policy, eval_games)
    print(f"trained {done} steps; mean score over {eval_games} evaluation games:")
    for name, value in means.items():
        print(f"  {name:<10}{value:8.2f}")
    return {**means, "steps": float(done)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=None, help="stop after this many environment steps")
    parser.add_argument("--minutes", type=float, default=3.0, help="CPU time budget (0: no limit)")
    parser.add_argument("--eval-games", type=int, default=100, help="evaluation games per player")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=0.01, help="Adam step size")
    args = parser.parse_args()
    main(args.steps, args.minutes or None, args.eval_games, args.seed, args.lr)
