"""Menu lines for Ravenous River actions (``describe_action``) and their grouping (``menu_group``).

A move, a put-back or a plain discard can be paid with any of several cards; listing each
move once per card buried the decision in up to 24 near-identical lines. ``menu_group``
folds them into one entry per move with the card as the second choice. Lines mention
nothing hidden: a row animal is named only when it lies face up.
"""

from __future__ import annotations

from typing import Any

from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.board import RiverBoard
from riverbox.games.ravenous_river.cards import CARD_NAMES, CARDS
from riverbox.games.ravenous_river.scoring import ANIMALS
from riverbox.games.ravenous_river.words import WHERE, card_text, card_title


def _title(kind: int) -> str:
    return card_title(CARD_NAMES[kind])


def _face_up(state: RiverBoard, slot: int) -> str | None:
    """The animal in ``slot`` when it lies face up (public), else None."""
    if state.up >> slot & 1 and state.row[slot] >= 0:
        return ANIMALS[state.row[slot]]
    return None


def describe(action: Any, state: RiverBoard) -> str:
    """A friendly menu line for ``action`` (mentions nothing hidden)."""
    op = action.op
    if op == A.LOOK:
        seen = _face_up(state, action.slot)
        if seen is not None:
            return f"Place: take the face-up {seen} from row slot {action.slot + 1}"
        return f"Place: take the animal in row slot {action.slot + 1} and look at it"
    if op == A.PLACE:
        return f"Put the animal you are looking at face up on {WHERE[action.dest]}"
    if op == A.RETURN:
        return f"Discard {_title(action.card)} and put the animal back face down (only you know it)"
    if op == A.MOVE:
        move = f"Move the {ANIMALS[action.animal]}{_origin(action, state)} to {WHERE[action.dest]}"
        return f"{move}, discarding {_title(action.card)}"
    if op == A.DISCARD:
        return f"Discard {_title(action.card)} without using it"
    if op == A.PLAY:
        note = " (*placeholder card)" if CARDS[action.card].placeholder else ""
        return f"Play {_title(action.card)}{note}: {card_text(CARD_NAMES[action.card])}"
    return _choice(action, state)


def _origin(action: Any, state: RiverBoard) -> str:
    src = state.where(action.animal)
    return f" from {WHERE[src]}" if src >= 0 else ""


def _choice(action: Any, state: RiverBoard) -> str:
    """Menu lines for the choices of a card's pending decision, the vote and the totems."""
    op = action.op
    if op == A.SAIL:
        return f"Boat {action.boat + 1} sails home now and is frozen until scoring"
    if op == A.SINK:
        return f"Sink the empty boat {action.boat + 1} for the rest of the round"
    if op == A.CAPSIZE:
        return f"Tip every animal of boat {action.boat + 1} onto the bank"
    if op == A.WAVES:
        seen = _face_up(state, action.slot)
        other = f"the face-up {seen}" if seen is not None else "the face-up animal"
        return f"Swap the {ANIMALS[action.animal]} (in a boat) with {other} in row slot {action.slot + 1}"
    if op == A.CROSS:
        return f"Swap the {ANIMALS[action.animal]} (boat 1) with the {ANIMALS[action.other]} (boat 2)"
    if op == A.WASH:
        return f"Put the {ANIMALS[action.animal]} from the bank back into the row, face up"
    if op == A.PEEK:
        slots = (
            f"slots {action.slot + 1} and {action.slot2 + 1}"
            if action.slot2 >= 0
            else f"slot {action.slot + 1}"
        )
        return f"Look secretly at the row animal(s) in {slots}"
    if op == A.REVEAL:
        return f"Turn the animal in row slot {action.slot + 1} face up for everyone"
    if op == A.SKIP:
        return "Turn nothing face up"
    if op == A.VOTE:
        return "Vote to END the round now" if action.end == 1 else "Vote to CONTINUE the round"
    if op == A.KEEP:
        x, y = action.animal, action.other
        hunt = ""
        if (y - x) % 7 in (1, 6):  # neighbours in the cycle: one eats the other where they meet
            hunter, hunted = (x, y) if (y - x) % 7 == 1 else (y, x)
            hunt = f" (the {ANIMALS[hunter]} eats the {ANIMALS[hunted]} wherever they meet)"
        return f"Keep the {ANIMALS[x]} and the {ANIMALS[y]} as your totems{hunt}"
    return str(action)


def menu_group(action: Any, state: RiverBoard) -> tuple[str, str] | None:
    """``(entry, detail)`` for actions paid with a card; ``None`` for every other action."""
    op = action.op
    if op == A.MOVE:
        move = f"Move the {ANIMALS[action.animal]}{_origin(action, state)} to {WHERE[action.dest]}"
        entry = f"{move} (pay with a card)"
        return entry, f"discard {_title(action.card)}"
    if op == A.RETURN:
        return (
            "Put the animal back face down, only you know it (pay with a card)",
            f"discard {_title(action.card)}",
        )
    if op == A.DISCARD:
        return "Discard a card without using it", f"discard {_title(action.card)}"
    return None
