"""Menu grouping for Ravenous River: the move first, then which card pays.

A move, a put-back or a plain discard can be paid with any of several cards; listing each
move once per card buried the decision in up to 24 near-identical lines. ``menu_group``
folds them into one entry per move with the card as the second choice.
"""

from __future__ import annotations

from typing import Any

from riverbox.core import State
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.narrate import card_title
from riverbox.games.ravenous_river.scoring import ANIMALS

_PLACES = ("the bank", "boat 1", "boat 2")


def menu_group(action: Any, state: State) -> tuple[str, str] | None:
    """``(entry, detail)`` for actions paid with a card; ``None`` for every other action."""
    op = action.op
    if op == A.MOVE:
        src = state.where(action.a) if hasattr(state, "where") else -1
        origin = f" from {_PLACES[src]}" if src >= 0 else ""
        entry = f"Move the {ANIMALS[action.a]}{origin} to {_PLACES[action.b]} (pay with a card)"
        return entry, f"discard {card_title(action.c)}"
    if op == A.RETURN:
        return "Put the animal back face down, only you know it (pay with a card)", (
            f"discard {card_title(action.a)}"
        )
    if op == A.DISCARD:
        return "Discard a card without using it", f"discard {card_title(action.a)}"
    return None
