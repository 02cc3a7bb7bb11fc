"""What River Wild's rules and helpers read from the configured game, as a protocol.

The state, the bots and the drawing need the game's rules, deck and action tables, but the game
class imports them: naming the class in their type hints would tie the modules into an import
circle. They name this protocol instead, which the game class satisfies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from riverbox.core import Action
from riverbox.core.rng import SPLITMIX
from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import Menu, Rules
from riverbox.games.river_wild.cards import Deck

if TYPE_CHECKING:
    from riverbox.games.river_wild.steps import Steps


class WildGame(Protocol):
    """A configured River Wild game, as its rules modules see it."""

    players: int
    options: dict[str, Any]
    deck: Deck
    rules: Rules
    labels: list[str]
    face_words: list[str]
    _by_face_key: dict[int, Place]
    face_key: dict[Any, tuple[int, int]]
    menu: Menu[Action]
    steps: Steps

    def label(self, card_index: int) -> str: ...

    def describe_event(self, event: Any, lang: str = "en") -> str: ...

    def new_state(self, seed: int = 0, generator: str = SPLITMIX) -> Any: ...


__all__ = ["WildGame"]
