"""riverbox games as PettingZoo environments.

``env(game, players=..., **options)`` returns an AEC (turn-based) environment and
``parallel_env(...)`` a parallel one::

    from riverbox.integrations.pettingzoo import env

    e = env("ravenous-river", players=4)
    e.reset(seed=42)  # riverbox seed 42: the same deal as riverbox.load(...).new_state(42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (riverbox seats). Each observation is
``{"observation": float32 vector, "action_mask": int8 vector}``; the vector is the game's own
observation tensor or the generic hashed encoding of ``state.view(seat)``
(``riverbox.integrations._common``), so an agent never observes anything its seat may not know.
The mask has one entry per riverbox action id (``game.num_action_ids``); it is all zeros for an
agent that is not to move. Actions are riverbox action ids.

*Turns.* The AEC environment selects the seat to move. When several seats must act at once
(simultaneous votes) it selects them one at a time in seat order; a voter's observation never
shows votes not yet revealed. In the parallel environment those seats act in the same step.
Automatic players (River Trek's Stanley) move inside the game and are not agents.

*Rewards.* Each step rewards every agent still in ``agents`` with the change of its riverbox
``returns()`` (+1 sole win, -1 loss, 0 shared win, paid at the end; solo: the score), so
without truncation rewards sum to the returns. A truncated agent gets the rewards of the step
that truncated it (its last action and any autopilot moves in that step) and nothing later.

*Seeding.* ``reset(seed=s)`` starts riverbox seed ``s``; ``reset()`` without a seed continues
from a generator seeded by the last seed given (or by the operating system).

*Truncation.* ``max_cycles`` (default ``None``: no cap) caps how many actions each agent
takes. In the AEC environment the cap is per agent: an agent that has taken ``max_cycles``
actions is truncated (its next ``last()`` shows ``truncated=True``; it gets its one dead step
with ``None`` and then leaves ``agents``). From then on its seat's decisions inside the game
are made by an autopilot: a uniformly random legal action from a generator seeded by the
reset seed, so seeded episodes are reproducible. Autopilot moves are reported to no agent,
but they are ordinary moves of the riverbox game (in ``riverbox_state`` and its record). The
episode ends when every agent is truncated, or when the game ends: every agent still in
``agents`` is then terminated (not truncated, even one that reached the cap in that step).
So in a game long enough every agent acts exactly ``max_cycles`` times, even where a turn is
several decisions by one seat (look, then place) or seats move unevenly, as
``pettingzoo.test.max_cycles_test`` expects; ``env.actions_taken`` counts each agent's
actions. In the parallel environment a cycle is one parallel step (every seat to move acts
once) and the whole episode is truncated after ``max_cycles`` steps.

*Illegal actions.* ``illegal_action`` chooses what an illegal action does: ``"penalty"``
(default; the episode ends, the offender gets ``illegal_reward``), ``"random"`` (a random
legal action is played instead) or ``"raise"``; ``info["illegal_action"]`` reports it.
``render_mode="ansi"`` renders the public view as text.

*One environment.* :class:`RiverboxAECEnv` holds everything: the game, the state, seeding,
spaces, observations and how an action is played. :class:`RiverboxParallelEnv` is a thin
wrapper that owns one of them and only groups the seats to move into one step. (PettingZoo's
``aec_to_parallel`` does not fit: it expects every agent to act in every cycle, and in a
turn-based game only the seats to move act.)

*No wrappers.* ``env()`` returns the environment itself. PettingZoo's own games wrap theirs in
``OrderEnforcingWrapper`` and ``AssertOutOfBoundsWrapper``, a Python layer each around every
call: measured on Ravenous River, the two cost more per step than the whole environment
around the observation. The environment makes the checks that matter itself (an action that
is not legal, an action for an agent that is done); wrap it yourself for theirs too. ``last()`` and
``agent_iter()`` are PettingZoo's, made without the extra calls.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from riverbox.core.errors import IllegalAction
from riverbox.core.game import Game, State
from riverbox.integrations._common import (
    OBS_BOUND,
    action_mask,
    actions_by_id,
    agent_name,
    check_illegal_policy,
    legal_ids,
    mover,
    observation_size,
    observer,
    render_text,
)
from riverbox.registry import load

_SET_BY_RESET = frozenset(
    {"agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos", "agent_selection"}
)
"""What ``reset()`` sets, so reading one of them before names ``reset()`` as the fix."""


class RiverboxAECEnv(AECEnv):
    """A riverbox game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "riverbox_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        max_cycles: int | None = None,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if isinstance(game, Game) and (players is not None or options):
            raise ValueError("pass players and options to riverbox.load, or a game name here, not both")
        self.game: Game = game if isinstance(game, Game) else load(game, players, **options)
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r} is not supported; use 'ansi' or None")
        self.max_cycles = max_cycles
        self.illegal_action = check_illegal_policy(illegal_action)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"riverbox_{self.game.name.replace('-', '_')}_v0"}
        n = self.game.players
        self.possible_agents = [agent_name(i) for i in range(n)]
        self.seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces, self.action_spaces = _spaces(self.game, self.possible_agents)
        self._legal_ids = legal_ids(self.game)
        self._action_of = actions_by_id(self.game)
        self._observation = observer(self.game)
        self._num_ids = self.game.num_action_ids
        self._legal_key: tuple[int, int] | None = None
        self._legal: list[int] = []
        self._infos_set = False
        self.agents: list[str] = []
        self.game_seed: int | None = None
        self.actions_taken: dict[str, int] = {}
        """How many actions each agent has taken this episode (dead steps not counted)."""
        self._seeder = random.Random()
        self._state: State = self.game.new_state(0)
        self._rng = random.Random(0)
        self._autopilot_rng = random.Random(0)
        self._last_returns = [0.0] * n

    @property
    def riverbox_state(self) -> State:
        """The riverbox state (for inspection and records; step through the environment)."""
        return self._state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game behind both APIs ----------------------------------------------------------
    def _new_game(self, seed: int | None) -> None:
        """Start riverbox seed ``seed`` (or the next one from the last seed given)."""
        if seed is not None:
            self._seeder = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeder.randrange(2**63)
        self.game_seed = game_seed
        self._state = self.game.new_state(game_seed)
        self._rng = random.Random(game_seed)
        # A generator of its own, so autopilot moves depend only on the seed and the state.
        self._autopilot_rng = random.Random(f"riverbox-autopilot-{game_seed}")
        self._last_returns = [0.0] * self.game.players
        self._legal_key = None

    def _legal_now(self, seat: int) -> list[int]:
        """``seat``'s legal action ids now, kept for the position: ``last()`` lists them for the
        mask and ``step`` checks the action against the same list."""
        key = (len(self._state.history), seat)
        if self._legal_key != key:
            self._legal = self._legal_ids(self._state, seat)
            self._legal_key = key
        return self._legal

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        return {
            "observation": self._observation(self._state, seat),
            "action_mask": action_mask(self._num_ids, self._legal_now(seat)),
        }

    def _play(self, seat: int, action: Any) -> tuple[list[float], dict[str, Any]]:
        """Apply ``seat``'s action id; return each seat's reward and info for the mover."""
        info: dict[str, Any] = {}
        state = self._state
        legal = self._legal_now(seat)
        try:
            aid = int(action)
        except (TypeError, ValueError, OverflowError):
            aid = -1
        if aid not in legal:
            if self.illegal_action == "raise":
                raise IllegalAction(f"{self.game.name}: action {action!r} is not legal for seat {seat} now")
            info["illegal_action"] = action if isinstance(action, (int, np.integer)) else repr(action)
            if self.illegal_action == "penalty":
                rewards = [0.0] * self.game.players
                rewards[seat] = self.illegal_reward
                return rewards, info
            aid = self._rng.choice(legal)
        state.apply(self._action_of(aid), seat)
        if not state.is_over:  # returns() are zero before the end (the riverbox contract)
            return [0.0] * len(self._last_returns), info
        returns = state.returns()
        rewards = [float(r) - float(p) for r, p in zip(returns, self._last_returns, strict=True)]
        self._last_returns = [float(r) for r in returns]
        return rewards, info

    def _autoplay(self, seat: int) -> list[float]:
        """Play a random legal action for ``seat`` (a truncated agent's seat); return the rewards."""
        rewards, _ = self._play(seat, self._autopilot_rng.choice(self._legal_now(seat)))
        return rewards

    # -- the AEC API ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._infos_set = False
        self.num_moves = 0
        self.actions_taken = dict.fromkeys(self.possible_agents, 0)
        self._skip_agent_selection = None
        self.agent_selection = agent_name(mover(self._state))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(self.seat_of[agent])

    def __getattr__(self, name: str) -> Any:
        """Reached only for an attribute not set: before ``reset()``, say so by name (what
        PettingZoo's order-enforcing wrapper tells), at no cost to a step after it."""
        if name in _SET_BY_RESET:
            raise AttributeError(f"{name} cannot be used before reset(): call env.reset() first")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last``, observing without the extra call through ``observe``."""
        agent = self.agent_selection
        return (
            self._observe(self.seat_of[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """``AECEnv.agent_iter`` as a generator: the agent to act, while any agent is left and
        at most ``max_iter`` times (PettingZoo's iterator object costs a method call per step)."""
        return _agents(self, max_iter)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        totals, info = self._play(self.seat_of[agent], action)
        self._cumulative_rewards[agent] = 0.0
        if info or self._infos_set:  # the usual step tells nothing: keep the empty infos
            self.infos = {a: {} for a in self.agents}
            self._infos_set = bool(info)
            if info:
                self.infos[agent] = info
        self.num_moves += 1
        self.actions_taken[agent] += 1
        ended = "illegal_action" in info and self.illegal_action == "penalty"
        if not ended and self.max_cycles is None and not self._state.is_over:
            # The common step: nobody can be truncated and the game goes on, so every agent is
            # still in ``agents`` (in seat order) and none is dead. Rewards are zero before the
            # end (returns are paid at the end), so ``rewards`` keeps the zeros of ``reset``
            # and there is nothing to accumulate.
            self._skip_agent_selection = None
            self.agent_selection = self.possible_agents[mover(self._state)]
            return
        if not ended and self.max_cycles is not None and self.actions_taken[agent] >= self.max_cycles:
            self.truncations[agent] = True
        if not ended:
            totals = self._autopilot_until_a_live_agent(totals)
        self.rewards = {a: totals[self.seat_of[a]] for a in self.agents}
        if ended or self._state.is_over:
            # Termination takes precedence over a truncation made in this same step.
            self.terminations = dict.fromkeys(self.agents, True)
            self.truncations = dict.fromkeys(self.agents, False)
        self._skip_agent_selection = None
        if all(self.terminations[a] or self.truncations[a] for a in self.agents):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(mover(self._state))
            self._deads_step_first()
        self._accumulate_rewards()

    def _autopilot_until_a_live_agent(self, totals: list[float]) -> list[float]:
        """Truncated agents' seats are played by the autopilot, as long as someone is left to play."""
        live = {self.seat_of[a] for a in self.agents if not self.truncations[a]}
        while live and not self._state.is_over:
            next_seat = mover(self._state)
            if next_seat in live:
                break
            totals = [t + r for t, r in zip(totals, self._autoplay(next_seat), strict=True)]
        return totals

    def render(self) -> str | None:
        return render_text(self.game, self._state, None) if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass


def _agents(env: RiverboxAECEnv, max_iter: int) -> Iterator[str]:
    while env.agents and max_iter > 0:
        max_iter -= 1
        yield env.agent_selection


def _spaces(
    game: Game, agents: list[str]
) -> tuple[dict[str, spaces.Space[Any]], dict[str, spaces.Space[Any]]]:
    """Each agent's observation space (the vector and the action mask) and action space."""
    size = observation_size(game)
    k = game.num_action_ids
    observation: dict[str, spaces.Space[Any]] = {
        a: spaces.Dict(
            {
                "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (k,), np.int8),
            }
        )
        for a in agents
    }
    return observation, {a: spaces.Discrete(k) for a in agents}


class RiverboxParallelEnv(ParallelEnv):
    """The parallel API over one :class:`RiverboxAECEnv`: every seat to move acts each step."""

    metadata = {"render_modes": ["ansi"], "name": "riverbox_v0"}  # noqa: RUF012

    def __init__(self, game: str | Game, players: int | None = None, **settings: Any) -> None:
        """The same arguments as :class:`RiverboxAECEnv`, which this wrapper builds and owns."""
        aec = RiverboxAECEnv(game, players, **settings)
        self.aec = aec
        self.game = aec.game
        self.metadata = {**self.metadata, "name": f"riverbox_{self.game.name.replace('-', '_')}_v0"}
        self.render_mode = aec.render_mode
        self.possible_agents = list(aec.possible_agents)
        self.observation_spaces = aec.observation_spaces
        self.action_spaces = aec.action_spaces
        self.agents: list[str] = []
        self.num_steps = 0

    @property
    def riverbox_state(self) -> State:
        """The riverbox state (for inspection and records; step through the environment)."""
        return self.aec.riverbox_state

    @property
    def game_seed(self) -> int | None:
        return self.aec.game_seed

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        aec = self.aec
        return {a: aec._observe(aec.seat_of[a]) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec._new_game(seed)
        self.agents = list(self.possible_agents)
        self.num_steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        aec = self.aec
        totals = [0.0] * aec.game.players
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        ended = False
        for seat in sorted(aec.riverbox_state.to_move):
            state = aec.riverbox_state
            if state.is_over or seat not in state.to_move:
                continue
            agent = agent_name(seat)
            rewards, info = aec._play(seat, actions.get(agent))
            totals = [t + r for t, r in zip(totals, rewards, strict=True)]
            if info:
                infos[agent] = info
                if aec.illegal_action == "penalty":
                    ended = True
                    break
        self.num_steps += 1
        over = ended or aec.riverbox_state.is_over
        cut = not over and aec.max_cycles is not None and self.num_steps >= aec.max_cycles
        observations = self._observations()
        rewards_out = {a: totals[aec.seat_of[a]] for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        if over or cut:
            self.agents = []
        return observations, rewards_out, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        pass


def env(
    game: str | Game,
    players: int | None = None,
    *,
    max_cycles: int | None = None,
    illegal_action: str = "penalty",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    **options: Any,
) -> RiverboxAECEnv:
    """An AEC environment for riverbox game ``game`` (a name, or a configured ``Game``)."""
    return RiverboxAECEnv(
        game,
        players,
        max_cycles=max_cycles,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
        render_mode=render_mode,
        **options,
    )


def parallel_env(
    game: str | Game,
    players: int | None = None,
    *,
    max_cycles: int | None = None,
    illegal_action: str = "penalty",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    **options: Any,
) -> RiverboxParallelEnv:
    """A parallel environment for riverbox game ``game``: all seats to move act in one step."""
    return RiverboxParallelEnv(
        game,
        players,
        max_cycles=max_cycles,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
        render_mode=render_mode,
        **options,
    )


__all__ = ["RiverboxAECEnv", "RiverboxParallelEnv", "env", "parallel_env"]
