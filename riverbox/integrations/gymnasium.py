"""River Wild (and any one-player riverbox game) as a Gymnasium environment.

``import riverbox.integrations.gymnasium`` registers ``riverbox/RiverWild-v0``::

    import gymnasium as gym
    import riverbox.integrations.gymnasium  # noqa: F401 - registers the environment

    env = gym.make("riverbox/RiverWild-v0")          # game options as keyword arguments
    obs, info = env.reset(seed=42)                   # riverbox seed 42
    while True:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

* Observation: a float32 vector, the game's own observation tensor or the generic hashed
  encoding of ``state.view(0)`` (``riverbox.integrations._common``).
* Action: a riverbox action id, ``Discrete(game.num_action_ids)``. The legal ones are
  ``info["action_mask"]`` (int8, one per id); ``env.action_masks()`` gives the same mask as
  booleans for maskable learners (sb3-contrib's ``MaskablePPO``).
* Reward: the score gained by the step (``scores()[0]`` after minus before), so an episode's
  rewards add up to the final score.
* ``illegal_action``: ``"penalty"`` (default; the episode ends with reward ``illegal_reward``,
  -1), ``"random"`` (a random legal action is played instead) or ``"raise"``; either way
  ``info["illegal_action"]`` reports it.
* ``reset(seed=s)`` starts riverbox seed ``s``, so ``info["record"]`` at the end replays with
  ``riverbox.replay``; without a seed the environment's ``np_random`` picks one.
* ``render_mode="ansi"``: the game's own drawing as text.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from riverbox.core.errors import IllegalAction
from riverbox.core.game import Game, State
from riverbox.integrations._common import (
    OBS_BOUND,
    action_mask,
    actions_by_id,
    check_illegal_policy,
    legal_ids,
    observation_size,
    observer,
    render_text,
)
from riverbox.registry import load

ENV_ID = "riverbox/RiverWild-v0"


class RiverboxEnv(gymnasium.Env[np.ndarray, np.int64]):
    """A one-player riverbox game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium convention

    def __init__(
        self,
        game: str | Game = "river-wild",
        *,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game: Game = game if isinstance(game, Game) else load(game, None, **options)
        if isinstance(game, Game) and options:
            raise ValueError("pass options to riverbox.load, or a game name here, not both")
        if self.game.players != 1:
            raise ValueError(
                f"{self.game.name} with {self.game.players} players is not a one-player game; "
                "use riverbox.integrations.pettingzoo for several agents"
            )
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r} is not supported; use 'ansi' or None")
        self.render_mode = render_mode
        self.illegal_action = check_illegal_policy(illegal_action)
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (observation_size(self.game),), np.float32)
        self.action_space = spaces.Discrete(self.game.num_action_ids)
        self.state: State = self.game.new_state(0)
        self.game_seed = 0
        self._ended = False
        self._legal_ids = legal_ids(self.game)
        self._action_of = actions_by_id(self.game)
        self._observation = observer(self.game)
        self._legal_key = -1
        self._legal: list[int] = []
        self._score = 0.0

    def _legal_now(self) -> list[int]:
        """The legal action ids now, kept for the position: the mask of one step's info and
        the check of the next step's action read the same list."""
        key = len(self.state.history)
        if self._legal_key != key:
            self._legal = self._legal_ids(self.state, 0)
            self._legal_key = key
        return self._legal

    # -- helpers ----------------------------------------------------------------------------
    def _obs(self) -> np.ndarray:
        return self._observation(self.state, 0)

    def _mask(self) -> np.ndarray:
        return action_mask(self.game.num_action_ids, self._legal_now())

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask(), "seed": self.game_seed}
        if self.state.is_over:
            info["score"] = float(self.state.scores()[0])
            info["record"] = self.state.record()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the maskable-learner convention)."""
        return self._mask().astype(bool)

    # -- Gymnasium API ----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63 - 1))
        self.state = self.game.new_state(self.game_seed)
        self._ended = False
        self._legal_key = -1
        self._score = float(self.state.scores()[0])
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._ended or self.state.is_over:
            raise RuntimeError("the episode is over; call reset()")
        legal = self._legal_now()
        try:
            aid = int(action)
        except (TypeError, ValueError, OverflowError):
            aid = -1
        extra: dict[str, Any] = {}
        if aid not in legal:
            if self.illegal_action == "raise":
                raise IllegalAction(f"{self.game.name}: action {action!r} is not legal now")
            extra["illegal_action"] = int(action) if isinstance(action, (int, np.integer)) else repr(action)
            if self.illegal_action == "penalty":
                self._ended = True
                return self._obs(), self.illegal_reward, True, False, {**self._info(), **extra}
            aid = legal[int(self.np_random.integers(len(legal)))]
        self.state.apply(self._action_of(aid), 0)
        before, self._score = self._score, float(self.state.scores()[0])
        terminated = self.state.is_over
        self._ended = terminated
        info = self._info()
        if extra:
            info.update(extra)
        return self._obs(), self._score - before, terminated, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_text(self.game, self.state, 0)

    def close(self) -> None:
        pass


def _register() -> None:
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="riverbox.integrations.gymnasium:RiverboxEnv",
            kwargs={"game": "river-wild"},
        )


_register()

__all__ = ["ENV_ID", "RiverboxEnv"]
