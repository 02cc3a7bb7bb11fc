"""River Wild's fast rule steps, the ones the state calls at every placement.

The placement itself (legality by context, Protected Lands by union-find) is the layout engine's
(``board.py``), and so is whether the game goes on (RW-12): it does while the hand has a legal
placement (``Board.placements``, none for an empty hand). What is left to a turn is drawing, one
small function over plain values, read from the per-deck tables (``tables.Steps``) so nothing is
built anew at a step. ``reference.py`` says the same rules in rulebook shape.
"""

from __future__ import annotations

from riverbox.core.events import Event
from riverbox.core.game import Chance
from riverbox.games.river_wild.tables import Steps


def draw(deck: list[int], hand: list[int], steps: Steps) -> tuple[Chance, Event] | None:
    """RW-13: after a placement the face-up top card goes to the hand and the next one turns
    face up. The chance outcome and ``drawn`` event of that draw, or None with the deck empty."""
    if not deck:
        return None
    card = deck.pop()
    hand.append(card)
    n = steps.cards
    return steps.draws[card * (n + 1) + (deck[-1] if deck else n)]
