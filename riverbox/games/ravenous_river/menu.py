"""Menu lines for Ravenous River actions (``describe_action``) and their grouping (``menu_group``).

A move, a put-back or a plain discard can be paid with any of several cards; listing each
move once per card buried the decision in up to 24 near-identical lines. ``menu_group``
folds them into one entry per move with the card as the second choice. Lines mention
nothing hidden: a row animal is named only when it lies face up.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.i18n import translator
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.content import CARD_NAMES, CARDS
from riverbox.games.ravenous_river.position import RiverBoard
from riverbox.games.ravenous_river.scoring import ANIMALS
from riverbox.games.ravenous_river.words import DOMAIN, animal_word, card_text, card_title, where_word


def _title(kind: int, lang: str) -> str:
    return card_title(CARD_NAMES[kind], lang)


def _face_up(state: RiverBoard, slot: int) -> str | None:
    """The animal in ``slot`` when it lies face up (public), else None."""
    if state.up >> slot & 1 and state.row[slot] >= 0:
        return ANIMALS[state.row[slot]]
    return None


def _animal(index: int, lang: str) -> str:
    return animal_word(ANIMALS[index], lang)


def describe(action: Any, state: RiverBoard, lang: str = "en") -> str:
    """A friendly menu line for ``action`` (mentions nothing hidden)."""
    _ = translator(DOMAIN, lang)
    op = action.op
    if op == A.LOOK:
        seen = _face_up(state, action.slot)
        if seen is not None:
            return _("Place: take the face-up {animal} from row slot {slot}").format(
                animal=animal_word(seen, lang), slot=action.slot + 1
            )
        return _("Place: take the animal in row slot {slot} and look at it").format(slot=action.slot + 1)
    if op == A.PLACE:
        return _("Put the animal you are looking at face up on {dest}").format(
            dest=where_word(action.dest, lang)
        )
    if op == A.RETURN:
        return _("Discard {card} and put the animal back face down (only you know it)").format(
            card=_title(action.card, lang)
        )
    if op == A.MOVE:
        return _("{move}, discarding {card}").format(
            move=_move(action, state, lang), card=_title(action.card, lang)
        )
    if op == A.DISCARD:
        return _("Discard {card} without using it").format(card=_title(action.card, lang))
    if op == A.PLAY:
        note = _(" (*placeholder card)") if CARDS[action.card].placeholder else ""
        return _("Play {card}{note}: {text}").format(
            card=_title(action.card, lang), note=note, text=card_text(CARD_NAMES[action.card], lang)
        )
    return _choice(action, state, lang)


def _move(action: Any, state: RiverBoard, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    src = state.where(action.animal)
    animal = _animal(action.animal, lang)
    dest = where_word(action.dest, lang)
    if src >= 0:
        return _("Move the {animal} from {source} to {dest}").format(
            animal=animal, source=where_word(src, lang), dest=dest
        )
    return _("Move the {animal} to {dest}").format(animal=animal, dest=dest)


def _choice(action: Any, state: RiverBoard, lang: str) -> str:
    """Menu lines for the choices of a card's pending decision, the vote and the totems."""
    _ = translator(DOMAIN, lang)
    op = action.op
    if op == A.SAIL:
        return _("Boat {boat} sails home now and is frozen until scoring").format(boat=action.boat + 1)
    if op == A.SINK:
        return _("Sink the empty boat {boat} for the rest of the round").format(boat=action.boat + 1)
    if op == A.CAPSIZE:
        return _("Tip every animal of boat {boat} onto the bank").format(boat=action.boat + 1)
    if op == A.WAVES:
        seen = _face_up(state, action.slot)
        animal = _animal(action.animal, lang)
        if seen is not None:
            return _("Swap the {animal} (in a boat) with the face-up {other} in row slot {slot}").format(
                animal=animal, other=animal_word(seen, lang), slot=action.slot + 1
            )
        return _("Swap the {animal} (in a boat) with the face-up animal in row slot {slot}").format(
            animal=animal, slot=action.slot + 1
        )
    if op == A.CROSS:
        return _("Swap the {animal} (boat 1) with the {other} (boat 2)").format(
            animal=_animal(action.animal, lang), other=_animal(action.other, lang)
        )
    if op == A.WASH:
        return _("Put the {animal} from the bank back into the row, face up").format(
            animal=_animal(action.animal, lang)
        )
    if op == A.PEEK:
        if action.slot2 >= 0:
            return _("Look secretly at the row animal(s) in slots {first} and {second}").format(
                first=action.slot + 1, second=action.slot2 + 1
            )
        return _("Look secretly at the row animal(s) in slot {slot}").format(slot=action.slot + 1)
    if op == A.REVEAL:
        return _("Turn the animal in row slot {slot} face up for everyone").format(slot=action.slot + 1)
    if op == A.SKIP:
        return _("Turn nothing face up")
    if op == A.VOTE:
        return _("Vote to END the round now") if action.end == 1 else _("Vote to CONTINUE the round")
    if op == A.KEEP:
        x, y = action.animal, action.other
        keep = _("Keep the {first} and the {second} as your totems").format(
            first=_animal(x, lang), second=_animal(y, lang)
        )
        if (y - x) % 7 in (1, 6):  # neighbours in the cycle: one eats the other where they meet
            hunter, hunted = (x, y) if (y - x) % 7 == 1 else (y, x)
            keep += _(" (the {hunter} eats the {hunted} wherever they meet)").format(
                hunter=_animal(hunter, lang), hunted=_animal(hunted, lang)
            )
        return keep
    return str(action)


def menu_group(action: Any, state: RiverBoard, lang: str = "en") -> tuple[str, str] | None:
    """``(entry, detail)`` for actions paid with a card; ``None`` for every other action."""
    _ = translator(DOMAIN, lang)
    op = action.op
    if op == A.MOVE:
        entry = _("{move} (pay with a card)").format(move=_move(action, state, lang))
        return entry, _("discard {card}").format(card=_title(action.card, lang))
    if op == A.RETURN:
        return (
            _("Put the animal back face down, only you know it (pay with a card)"),
            _("discard {card}").format(card=_title(action.card, lang)),
        )
    if op == A.DISCARD:
        return _("Discard a card without using it"), _("discard {card}").format(
            card=_title(action.card, lang)
        )
    return None
