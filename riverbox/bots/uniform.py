"""The random bot, in a module of its own: search bots fall back on it for games without a
heuristic, and the bot lookup in ``riverbox.bots.base`` (which imports the search bots) lists it,
so it cannot live in either without an import circle."""

from __future__ import annotations

from riverbox.core.game import Action, State
from riverbox.core.rng import Rng


class RandomBot:
    """Uniformly random legal actions from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))
