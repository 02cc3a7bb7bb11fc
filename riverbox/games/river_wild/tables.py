"""River Wild's per-deck step tables: what ``_apply`` reads at every step, built once per deck.

A module of its own so that the game's protocol (``position.WildGame``) can name the tables'
type without importing the state (which imports ``position``): no import circle.
"""

from __future__ import annotations

from riverbox.core import Action
from riverbox.core.events import Event
from riverbox.core.game import Chance
from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import Menu
from riverbox.games.river_wild.content import SIDES

Move = tuple[int, int, Event]
"""What a step reads for a placement: (face index, position key, its ``placed`` event)."""


class Steps:
    """What ``_apply`` reads at every step, built once per deck (``step_tables``).

    A class of its own with typed attributes: the game class is interpreted and its attributes
    are read by name, whereas the compiled rules read these as fields of a native object."""

    def __init__(
        self, cards: int, moves: dict[Action, Move], draws: list[tuple[Chance, Event]], menu: Menu[Action]
    ) -> None:
        self.cards = cards  # the deck's size
        self.moves = moves  # per action: face index, position key, ``placed`` event
        self.draws = draws  # per ``card * (cards + 1) + top``: chance outcome, ``drawn`` event
        self.menu = menu  # the game's menu of actions (``Board.placements``)


def step_tables(
    labels: list[str], face_words: list[str], face_key: dict[Action, tuple[int, int]], menu: Menu[Action]
) -> Steps:
    """The values ``_apply`` would otherwise build at every step, built once per deck.

    ``moves``: per action, its face index, position key and the ``placed`` event it emits.
    ``draws``: per ``card * (n + 1) + top`` (``top`` is ``n`` once the deck is empty), the chance
    outcome and the ``drawn`` event of drawing ``card`` with ``top`` left face up. The events are
    exactly what ``emit`` would store (same kind, fields in the same order), so logs, records and
    their JSON do not change; only the dicts and strings are no longer made anew each step."""
    moves: dict[Action, Move] = {}
    for action, (fi, key) in face_key.items():
        assert isinstance(action, Place)
        args = (
            ("card", labels[fi >> 1]),
            ("side", SIDES[fi & 1]),
            ("row", action.row),
            ("col", action.col),
            ("shows", face_words[fi]),
        )
        moves[action] = (fi, key, Event("placed", args))
    n = len(labels)
    draws: list[tuple[Chance, Event]] = []
    for card in range(n):
        for top in range(n + 1):
            drawn, shown = labels[card], labels[top] if top < n else None
            text = f"draw {drawn}" if shown is None else f"draw {drawn}, top {shown}"
            draws.append((Chance(text), Event("drawn", (("card", drawn), ("top", shown)))))
    return Steps(n, moves, draws, menu)
