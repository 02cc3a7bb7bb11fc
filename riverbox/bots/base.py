"""The bot interface, the random bot and bot lookup by name.

A bot is any object with ``act(state, seat) -> action``. Bots may read only what ``seat``
knows: ``state.view(seat)``, ``state.legal_actions(seat)``, and ``state.determinize(seat)``
for search. Reading hidden fields of the state is cheating; the heuristic bots are written
against views for that reason.
"""

from __future__ import annotations

from typing import Any, Protocol

from riverbox.core.game import Action, Game, State
from riverbox.core.rng import Rng


class Bot(Protocol):
    """Anything that chooses an action for a seat."""

    name: str

    def act(self, state: State, seat: int) -> Action: ...


class RandomBot:
    """Uniformly random legal actions from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))


def bot_names(game: Game) -> list[str]:
    """The bot names usable for ``game`` (``heuristic`` only where the game has one)."""
    from riverbox.bots.search import SEARCH_BOTS

    names = ["random"]
    try:
        game.heuristic_bot(0)
        names.append("heuristic")
    except ValueError:
        pass
    return names + sorted(game.extra_bots()) + sorted(SEARCH_BOTS)


def make_bot(name: str, game: Game, seed: int = 0) -> Any:
    """A bot by name for ``game``; ``ValueError`` lists the valid names."""
    from riverbox.bots.search import SEARCH_BOTS

    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "heuristic":
        return game.heuristic_bot(seed)
    extra = game.extra_bots()
    if key in extra:
        return extra[key](seed)
    if key in SEARCH_BOTS:
        return SEARCH_BOTS[key](game, seed)
    raise ValueError(f"unknown bot {name!r} for {game.name}; valid bots: {', '.join(bot_names(game))}")
