"""The examples in ``examples/`` run (a few hundred steps each), so they never rot."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"riverbox_example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _quiet() -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_openspiel_example() -> None:
    pytest.importorskip("pyspiel")
    result = _load("openspiel_ismcts").main(games=2, simulations=8)
    assert result["moves"] > 0


def test_pettingzoo_example() -> None:
    pytest.importorskip("pettingzoo")
    result = _load("pettingzoo_ravenous_river").main(steps=300)
    assert result["steps"] >= 300


def test_gymnasium_example() -> None:
    pytest.importorskip("gymnasium")
    result = _load("gymnasium_river_wild").main(steps=300)
    assert set(result) == {"random", "greedy"}


def test_bench_runs() -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from riverbox.integrations.adapter_speed import bench_all

    rows = bench_all(seconds=0.05, runs=1, games=["river-rivals", "river-wild"])
    assert rows and all(row["bare_steps_per_s"] > 0 for row in rows)


def test_reinforce_example_trains_and_compares_with_the_bots_on_the_same_seeds() -> None:
    pytest.importorskip("gymnasium")
    example = _load("gymnasium_reinforce_river_wild")
    result = example.main(steps=300, minutes=None, eval_games=3)
    assert result["steps"] >= 300
    assert set(result) == {"agent", "random", "heuristic", "steps"}
    # Training changed the policy, and only the rows of legal actions ever seen.
    env = example.gym.make("riverbox/RiverWild-v0")
    policy = example.MaskedLinearPolicy(env.observation_space.shape[0], int(env.action_space.n))
    example.train(env, policy, steps=64, minutes=None, seed=1)
    touched = np.flatnonzero(np.abs(policy.w).sum(axis=1))
    assert 0 < len(touched) < policy.num_actions


def test_reinforce_policy_never_picks_an_illegal_action() -> None:
    pytest.importorskip("gymnasium")
    example = _load("gymnasium_reinforce_river_wild")
    policy = example.MaskedLinearPolicy(4, 10)
    policy.w[7] = 100.0  # a huge score on an id that is not legal changes nothing
    _, p = policy.probs(np.ones(4, np.float32), np.array([1, 3]))
    assert p.tolist() == [0.5, 0.5]
