"""River Wild's position: the state's declared fields, and the configured game as the rules see it.

``FIELDS`` are the fields of a River Wild state (hand, deck, the layout as a ``Board``), with how
each is copied, stored and checked when loaded. ``WildGame`` is the game as a protocol: the
state, the bots and the drawing need the game's rules, deck and action tables, but the game
class imports them, so naming the class in their type hints would tie the modules into an
import circle. They name this protocol instead, which the game class satisfies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from riverbox.core import Action
from riverbox.core.checks import describe
from riverbox.core.fields import CUSTOM, LIST, TUPLE, Field, declare
from riverbox.core.rng import SPLITMIX
from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import Board, Menu, Rules
from riverbox.games.river_wild.content import Deck

if TYPE_CHECKING:
    from riverbox.games.river_wild.tables import Steps


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


HAND_SIZE = 3
"""Cards in hand at the start, and at most at any time (rulebook Setup)."""


def _layout_from_json(data: Any) -> Any:
    """The board's JSON checked for shape, ``[[face index, position key], ...]``."""
    if not isinstance(data, list) or not all(
        isinstance(item, list) and len(item) == 2 and all(x.__class__ is int for x in item) for item in data
    ):
        raise ValueError(f"state field 'board' is {describe(data)}, not a list of [face, position] pairs")
    return [(fi, key) for fi, key in data]


def _load_board(state: Any, data: Any) -> Board:
    """The layout placed card by card on a new board, with the game's rules checked (RW-1, RW-2)."""
    rules = cast("WildGame", state.game).rules
    return Board.of_layout(rules, _layout_from_json(data))


FIELDS = declare(
    hand=Field(LIST, of=int),  # card indices, in the order drawn
    deck=Field(LIST, of=int),  # card indices; deck[-1] is the face-up top card
    board=Field(CUSTOM, copy=Board.copy, dump=Board.to_json, load_in=_load_board),
    to_move=Field(TUPLE, of=int),
)
"""The fields of a River Wild state, declared once (``riverbox.core.fields``)."""


__all__ = ["FIELDS", "HAND_SIZE", "WildGame"]
