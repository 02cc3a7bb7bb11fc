"""The Gymnasium adapter: Gymnasium's own environment checker, rewards, masks and records."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import riverbox  # noqa: E402
from riverbox.integrations import gymnasium as rg  # noqa: E402
from tests.integrations.conftest import require_game  # noqa: E402

SOLO_ID = "riverbox-test/SoloToy-v0"
if SOLO_ID not in gymnasium.registry:
    gymnasium.register(
        SOLO_ID, entry_point="riverbox.integrations.gymnasium:RiverboxEnv", kwargs={"game": "solo-toy"}
    )


def _make(game: str, **kwargs: Any) -> Any:
    if game == "river-wild":
        require_game(game)
        return gymnasium.make(rg.ENV_ID, **kwargs)
    return gymnasium.make(SOLO_ID, **kwargs)


@pytest.mark.parametrize("game", ["solo-toy", "river-wild"])
def test_check_env(game: str) -> None:
    env = _make(game)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures here
        check_env(env.unwrapped, skip_render_check=False)
    check_env(_make(game, render_mode="ansi").unwrapped, skip_render_check=False)


@pytest.mark.parametrize("game", ["solo-toy", "river-wild"])
def test_rewards_add_up_to_the_score_and_the_record_replays(game: str) -> None:
    env = _make(game)
    obs, info = env.reset(seed=9)
    assert env.observation_space.contains(obs)
    total = 0.0
    rng = np.random.default_rng(0)
    steps = 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        assert env.unwrapped.action_masks()[action]
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        total += float(reward)
        steps += 1
        if terminated or truncated:
            break
    assert terminated and not truncated
    assert total == pytest.approx(info["score"])
    assert not info["action_mask"].any()
    state = riverbox.replay(info["record"])
    assert state.seed == 9 and state.scores()[0] == pytest.approx(info["score"])


def test_registered_env_plays_river_wild_with_options() -> None:
    require_game("river-wild")
    assert rg.ENV_ID in gymnasium.registry
    env = gymnasium.make(rg.ENV_ID)
    assert env.unwrapped.game.name == "river-wild"
    assert env.unwrapped.game.players == 1
    assert env.action_space.n == env.unwrapped.game.num_action_ids


def test_illegal_action_policies() -> None:
    env = rg.RiverboxEnv("solo-toy")
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(2)  # id 2 is never legal
    assert terminated and reward == -1.0 and info["illegal_action"] == 2
    env = rg.RiverboxEnv("solo-toy", illegal_action="random")
    env.reset(seed=1)
    _, _, terminated, _, info = env.step(2)
    assert not terminated and info["illegal_action"] == 2
    assert len(env.state.history) == 3  # roll, the substituted move, the next roll
    env = rg.RiverboxEnv("solo-toy", illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(riverbox.IllegalAction):
        env.step(2)


def test_only_one_player_games() -> None:
    with pytest.raises(ValueError, match="not a one-player game"):
        rg.RiverboxEnv("toy")


def test_observation_is_the_view_encoding() -> None:
    env = rg.RiverboxEnv("solo-toy")
    obs, _ = env.reset(seed=3)
    det = env.state.determinize(0, 5)  # re-deals the future rolls only
    from riverbox.integrations._common import encode_view

    assert np.array_equal(obs, np.asarray(encode_view(env.game, det.view(0)), np.float32))
