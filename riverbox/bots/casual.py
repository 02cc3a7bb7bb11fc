"""The casual bot: the game's rules of thumb with a person's slips, the ``easy`` level's bot.

A beginner does not move at random: most moves are sensible, and now and then one is a slip
(a card played without looking at the river, a boat forgotten). ``casual`` plays the game's
heuristic and, with probability ``slip`` per decision, a uniformly random legal move instead.
``slip=1`` is the random bot, ``slip=0`` the heuristic; the levels pick a value between them
whose strength was measured (``riverbox.bots.levels``). Like the heuristic it reads only its
seat's view; its one generator is seeded, so a seeded game replays exactly.
"""

from __future__ import annotations

from typing import Any

from riverbox.bots.uniform import RandomBot
from riverbox.core.game import Action, Game, State
from riverbox.core.rng import Rng


class CasualBot:
    """The heuristic, except that a share ``slip`` of decisions are random legal moves."""

    name = "casual"

    def __init__(self, game: Game, seed: int = 0, slip: float = 0.3) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"slip must be between 0 and 1, not {slip}")
        self.slip = slip
        self.rng = Rng(seed)
        self.heuristic: Any
        try:
            self.heuristic = game.heuristic_bot(seed)
        except ValueError:  # a game without rules of thumb: every move is a slip
            self.heuristic = RandomBot(seed + 1)
            self.slip = 1.0

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) > 1 and self.rng.random() < self.slip:
            return self.rng.choice(legal)
        action: Action = self.heuristic.act(state, seat)
        return action
