"""Search bots that work for every game through the contract alone.

``montecarlo`` is flat Monte Carlo with random playouts (a baseline); ``ismcts`` and ``pimc``
are the guided searches of :mod:`riverbox.bots.ismcts`.

They sample the hidden information with ``determinize(seat)``, so they never see what the
seat cannot see, and simulate with ``clone``/``apply``: the engine's hot paths.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riverbox.bots.ismcts import ismcts, pimc
from riverbox.bots.rollout import RolloutBot
from riverbox.core.budget import CPU_CLOCK, Budget, Clock
from riverbox.core.game import Action, Game, State
from riverbox.core.rng import Rng


def _rollout(state: State, rng: Rng, max_steps: int = 2000) -> list[float]:
    """Play uniformly random moves to the end (or ``max_steps``) and return the returns."""
    steps = 0
    while not state.is_over and steps < max_steps:
        seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        steps += 1
    return state.returns()


class MonteCarloBot:
    """Flat Monte Carlo over determinizations: each legal action gets ``playouts`` random games.

    ``seconds`` caps the CPU time of one decision (long games such as River Trek would
    otherwise take minutes per move); at least one round of playouts always runs.
    """

    name = "montecarlo"

    def __init__(self, game: Game, seed: int = 0, playouts: int = 24, seconds: float = 2.0) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.clock: Clock = CPU_CLOCK

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        per_action = max(1, self.playouts)
        budget = Budget(self.seconds, self.clock)
        for done in range(per_action):
            if not budget.more() and done:
                break
            world = state.determinize(seat, self.rng.fork())
            for i, action in enumerate(legal):
                sim = world.clone()
                sim.apply(action, seat)
                totals[i] += _rollout(sim, self.rng)[seat]
        best = max(range(len(legal)), key=lambda i: totals[i])
        return legal[best]


SEARCH_BOTS: dict[str, Callable[..., Any]] = {
    "montecarlo": MonteCarloBot,
    "ismcts": ismcts,
    "pimc": pimc,
    "rollout": RolloutBot,
}
"""Search bots by name: factories ``(game, seed, **settings)``; settings are typed keywords."""
