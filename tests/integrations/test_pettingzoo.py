"""The PettingZoo adapter: PettingZoo's own API, seed and max-cycles tests, and no leaks."""

from __future__ import annotations

import functools
import types
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test
from pettingzoo.utils.conversions import parallel_to_aec

import riverbox
from riverbox.integrations import pettingzoo as rp
from riverbox.integrations._common import agent_name
from tests.integrations.conftest import (
    REAL_CONFIGS,
    TOY_CONFIGS,
    config_id,
    require_game,
    valid_options,
)

CONFIGS = [*TOY_CONFIGS, ("solo-toy", None, {}), *REAL_CONFIGS]
# max_cycles_test needs games longer than its 4 cycles (toy with turns=2 ends after 3).
LONG_CONFIGS = [("toy", 3, {}), ("solo-toy", None, {}), *REAL_CONFIGS]


def _args(config: Any) -> tuple[str, int | None, dict[str, Any]]:
    name, players, options = config
    if name not in ("toy", "solo-toy"):
        require_game(name)
        options = valid_options(name, options)
    return name, players, options


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # PettingZoo's tests warn about conventions riverbox follows on purpose (a dict observation
    # with an action mask, zero masks for agents that are not to move).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_api_test(config: Any) -> None:
    name, players, options = _args(config)
    api_test(rp.env(name, players, **options), num_cycles=60)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_seed_test(config: Any) -> None:
    name, players, options = _args(config)
    seed_test(functools.partial(rp.env, name, players, **options), num_cycles=60)


@pytest.mark.parametrize("config", LONG_CONFIGS, ids=config_id)
def test_max_cycles_test(config: Any) -> None:
    """PettingZoo's ``max_cycles_test`` on the turn-based ``env()`` and on the parallel environment.

    The test samples actions without masks, so the environments are made with
    ``illegal_action="random"`` (an illegal action becomes a random legal one; under the
    default ``"penalty"`` the first illegal action would end the episode). ``env()`` passes
    because ``max_cycles`` caps each agent's own actions (truncated seats are played by the
    autopilot), also where a turn is several decisions by one seat. The parallel environment's
    standard AEC conversion (``parallel_to_aec``) is checked too.
    """
    name, players, options = _args(config)
    par = functools.partial(rp.parallel_env, name, players, illegal_action="random", **options)
    turn_based = functools.partial(rp.env, name, players, illegal_action="random", **options)

    def aec_of_parallel(**kwargs: Any) -> Any:
        return parallel_to_aec(par(**kwargs))

    for _ in range(3):  # the test resets without a seed: a few different games each time
        max_cycles_test(types.SimpleNamespace(env=turn_based, parallel_env=par))
    max_cycles_test(types.SimpleNamespace(env=aec_of_parallel, parallel_env=par))


def _moves_of(state: Any, seat: int) -> int:
    return sum(1 for s, _ in state.history if s == seat)


@pytest.mark.parametrize("config", LONG_CONFIGS, ids=config_id)
def test_max_cycles_caps_each_agent_and_the_autopilot_plays_truncated_seats(config: Any) -> None:
    """Per-agent truncation: every agent acts exactly ``max_cycles`` times (these games last
    longer), is then truncated once and leaves; its seat's later decisions are legal autopilot
    moves reported to nobody, and the riverbox record replays and is reproducible."""
    name, players, options = _args(config)
    cap = 3 if name == "toy" else 4  # toy games with 3 seats can end after 4 decisions each
    autopilot_moves = 0
    for seed in range(4):
        records = []
        for _run in range(2):  # same seed, same agent policy: the same game, autopilot included
            env = rp.env(name, players, max_cycles=cap, **options)
            env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            live_steps = dict.fromkeys(env.possible_agents, 0)
            removed: set[str] = set()
            for agent in env.agent_iter():
                seat = env.possible_agents.index(agent)
                assert agent not in removed, "a truncated agent was selected again"
                assert set(env.rewards) == set(env.agents)
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    assert truncated and not terminated
                    assert live_steps[agent] == cap == env.actions_taken[agent]
                    env.step(None)
                    assert agent not in env.agents
                    removed.add(agent)
                    continue
                assert live_steps[agent] < cap
                assert seat in env.riverbox_state.to_move
                # While its agent is live, a seat moves only through its agent.
                assert _moves_of(env.riverbox_state, seat) == live_steps[agent]
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                live_steps[agent] += 1
            state = env.riverbox_state
            assert not state.is_over
            assert removed == set(env.possible_agents)
            assert all(n == cap for n in live_steps.values())
            autopilot_moves += sum(_moves_of(state, seat) - cap for seat in range(len(env.possible_agents)))
            record = state.record()
            # replay applies every move through the engine, so each autopilot move was legal
            assert riverbox.replay(record).to_json() == state.to_json()
            records.append(record)
        assert records[0] == records[1]
    if name == "ravenous-river":  # seats get out of step there, so the autopilot really plays
        assert autopilot_moves > 0


def _play_first_legal(env: Any) -> dict[str, tuple[bool, bool]]:
    """Play the first legal action throughout; return each agent's (terminated, truncated) at its end."""
    ends = {}
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated)
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return ends


def test_game_end_terminates_agents_even_one_reaching_the_cap_then() -> None:
    env = rp.env("toy", 3, turns=1)
    env.reset(seed=3)
    ends = _play_first_legal(env)
    assert env.riverbox_state.is_over and set(ends.values()) == {(True, False)}
    counts = dict(env.actions_taken)
    last = env.riverbox_state.history[-1][0]
    cap = counts[agent_name(last)]
    assert cap == max(counts.values())  # so capping at it changes nothing before the end
    capped = rp.env("toy", 3, turns=1, max_cycles=cap)
    capped.reset(seed=3)
    ends = _play_first_legal(capped)
    assert capped.riverbox_state.to_json() == env.riverbox_state.to_json()
    assert ends[agent_name(last)] == (True, False)  # its last action ended the game: terminated
    for agent, n in counts.items():
        if agent != agent_name(last):
            assert ends[agent] == ((False, True) if n == cap else (True, False))
    with pytest.raises(ValueError, match="max_cycles"):
        rp.env("toy", 2, max_cycles=0)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_api_and_seed_tests_with_max_cycles(config: Any) -> None:
    name, players, options = _args(config)
    api_test(rp.env(name, players, max_cycles=2, **options), num_cycles=60)
    seed_test(functools.partial(rp.env, name, players, max_cycles=2, **options), num_cycles=60)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_parallel_api_and_seed_tests(config: Any) -> None:
    name, players, options = _args(config)
    parallel_api_test(rp.parallel_env(name, players, **options), num_cycles=60)
    parallel_seed_test(functools.partial(rp.parallel_env, name, players, **options), num_cycles=60)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_full_games_follow_the_engine_and_rewards_sum_to_returns(config: Any) -> None:
    """Playing masked random actions to the end is a riverbox game: same seed, same record."""
    name, players, options = _args(config)
    env = rp.env(name, players, **options)
    env.reset(seed=11)
    game = env.game
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        state = env.riverbox_state
        assert seat == min(state.to_move)
        legal = sorted(game.action_id(a) for a in state.legal_actions(seat))
        assert list(np.flatnonzero(obs["action_mask"])) == legal
        env.step(int(rng.choice(legal)))
    state = env.riverbox_state
    assert state.is_over
    assert [totals[a] for a in env.possible_agents] == pytest.approx(state.returns())
    again = riverbox.replay(state.record())
    assert again.to_json() == state.to_json()
    assert state.seed == 11


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_observations_come_from_the_seat_view_only(config: Any) -> None:
    """Re-dealing what a seat cannot see changes none of its observations."""
    name, players, options = _args(config)
    env = rp.env(name, players, **options)
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    steps = 0
    for _agent in env.agent_iter(max_iter=300):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if steps % 7 == 0:
            true_state = env.riverbox_state
            for seat in range(env.game.players):
                mine = env.observe(agent_name(seat))
                env._state = true_state.determinize(seat, steps)
                other = env.observe(agent_name(seat))
                env._state = true_state
                assert np.array_equal(mine["observation"], other["observation"])
                assert np.array_equal(mine["action_mask"], other["action_mask"])
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1


def test_votes_are_asked_one_agent_at_a_time_without_revealing_them() -> None:
    observed = {}
    for vote in (2, 3):  # seat 0 votes "high" or "low"
        env = rp.env("toy", 3, turns=1)
        env.reset(seed=4)
        while env.riverbox_state.to_move != (0, 1, 2):
            env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
        assert env.agent_selection == "player_0"
        env.step(vote)
        assert env.agent_selection == "player_1"
        observed[vote] = [env.observe(a)["observation"] for a in ("player_1", "player_2")]
    for a, b in zip(observed[2], observed[3], strict=True):
        assert np.array_equal(a, b)


def test_illegal_action_policies() -> None:
    env = rp.env("toy", 2)
    env.reset(seed=1)
    env.step(3)  # "low" is not legal while betting
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert env.infos["player_0"]["illegal_action"] == 3

    env = rp.env("toy", 2, illegal_action="random")
    env.reset(seed=1)
    env.step(3)
    assert not any(env.terminations.values())
    assert len(env.riverbox_state.history) == 3  # two deals and one random legal move

    env = rp.env("toy", 2, illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(riverbox.IllegalAction):
        env.step(3)
    with pytest.raises(ValueError, match="illegal_action"):
        rp.env("toy", 2, illegal_action="ignore")


def test_reset_seeds_are_riverbox_seeds_and_unseeded_resets_continue() -> None:
    env = rp.env("toy", 2)
    env.reset(seed=123)
    assert env.riverbox_state.to_json() == riverbox.load("toy", 2).new_state(123).to_json()
    env.reset()
    first = env.riverbox_state.seed
    env.reset(seed=123)
    env.reset()
    assert env.riverbox_state.seed == first


def test_render_ansi() -> None:
    env = rp.env("toy", 2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "bets" in text


def test_stepping_before_reset_says_to_reset_first() -> None:
    """``env()`` has no order-enforcing wrapper, so the environment names the fix itself."""
    env = rp.env("ravenous-river", players=2)
    with pytest.raises(AttributeError, match=r"agent_selection cannot be used before reset\(\)"):
        env.step(0)
    with pytest.raises(AttributeError, match=r"before reset\(\)"):
        env.last()
    with pytest.raises(AttributeError, match="has no attribute 'no_such_thing'"):
        _ = env.no_such_thing  # type: ignore[attr-defined]
    env.reset(seed=3)
    assert env.agent_selection in env.agents
