"""The words for River Rivals' events, and the play log built from ``state.log(seat)`` alone.

The rules emit events as data (``state.emit``) with the audience decided where the fact
arises: a card drawn or taken is told to its owner only, everyone else learns the count. So
the log needs no replay and no board diffs, and it cannot tell a seat what it may not know.

Events name animals and equipment by their data ids and columns 1-based, as the notation
does; the sentences here turn them into names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riverbox.core import CHANCE, State
from riverbox.core.events import EventText
from riverbox.games.river_rivals.content import EQ_INDEX, EQUIPMENT, KIND_INDEX, KINDS, RAW

_EFFECT_NAMES = {k: v["name"] for k, v in RAW["effects"].items()}

LEADING = frozenset(
    {
        "picked",
        "played",
        "draws",
        "passed",
        "ended",
        "declined",
        "fish",
        "moved",
        "shielded",
        "clawed",
        "copied",
        "encored",
        "used",
        "took",
        "took-card",
        "recalled",
        "bear",
    }
)
"""Every player action emits exactly one of these first (a seat sees exactly one of
``took``/``took-card``), so the log of the actions from a history position on can be found."""


def animal(slug: str) -> str:
    return KINDS[KIND_INDEX[slug]].name


def an(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def equipment(slug: str) -> str:
    return EQUIPMENT[EQ_INDEX[slug]].name


def effect(slug: str) -> str:
    """The effect name of an animal (``"no effect"`` for one without)."""
    eff = KINDS[KIND_INDEX[slug]].effect
    return _EFFECT_NAMES[eff] if eff else "no effect"


def _cards(slugs: list[str]) -> str:
    return ", ".join(animal(x) for x in slugs) or "nothing"


def _count(n: int, word: str = "card") -> str:
    return f"{'no' if n == 0 else n} {word}{'' if n == 1 else 's'}"


def _played(e: dict[str, Any], lang: str = "en") -> str:
    how = " as the extra card of a Lightning Animal" if e["lightning"] else ""
    return f"Seat {e['seat']} plays {an(animal(e['animal']))} into column {e['column']}{how}."


def _draws(e: dict[str, Any], lang: str = "en") -> str:
    if e["count"] == 0:
        return f"Seat {e['seat']} draws nothing (hand limit)."
    extra = f" with {equipment('card-clapper')}" if e["extra"] else ""
    return f"Seat {e['seat']} draws {_count(e['count'])}{extra}."


_SKIPPED = {
    "quick-catch": "the Quick Catch",
    "movement": "the Movement",
    "shield": "Shield Strength",
    "shield-polish": "the second shield",
    "claw": "the Claw Attack",
    "lightning": "to play a further card",
    "copy": "to copy",
    "big-net": "the second fish",
    "recall-horn": "to recall more cards",
    "polar-bear-surprise": "to place the polar bear",
}
_FISH_WHY = {
    "quick-catch": "Quick Catch",
    "catch": "fish check",
    "big-net": "second fish",
    "bait-bucket": "bait",
}


def _fish(e: dict[str, Any], lang: str = "en") -> str:
    why = _FISH_WHY.get(e["why"], "fish")
    return f"Seat {e['seat']} places a fish on their {animal(e['animal'])} in column {e['column']} ({why})."


def _moved(e: dict[str, Any], lang: str = "en") -> str:
    name = animal(e["animal"])
    where = f"from column {e['column']} to column {e['to_column']}"
    if e["how"] == "undertow":
        return f"Seat {e['seat']} pulls seat {e['owner']}'s {name} {where} ({equipment('undertow')})."
    how = f" with {equipment('spring-boots')}" if e["how"] == "boots" else ""
    return f"Seat {e['seat']} moves their {name} {where}{how}."


def _clawed(e: dict[str, Any], lang: str = "en") -> str:
    if e["shield"]:
        result = "a shield absorbs it and goes back to the supply"
    else:
        fish = e["fish"]
        back = f" and {fish} fish {'goes' if fish == 1 else 'go'} back to seat {e['owner']}'s supply"
        result = "it is removed" + (back if fish else "")
    return (
        f"Seat {e['seat']} claws seat {e['owner']}'s {animal(e['animal'])} in column {e['column']}: {result}."
    )


def _won(e: dict[str, Any], lang: str = "en") -> str:
    win = e["winners"]
    if len(win) != 1:
        return "The game ends in a shared win on fish caught."
    w = win[0]
    reason = {
        "fish": f"seat {w} has placed all 8 fish",
        "no-cards": f"seat {1 - w} has no cards in hand or pile and cannot act",
        "stuck": f"seat {1 - w} cannot play or draw",
        "idle": "two turns in a row passed without progress, so fish caught decide",
    }[e["reason"]]
    return f"Game over: {reason}. Seat {w} wins."


EVENT_TEXTS: dict[str, EventText] = {
    "dealt": "Seat {seat} is dealt {count} cards.",
    "drew": lambda e, lang: f"You draw {_cards(e['cards'])}.",
    "offer": lambda e, lang: "Equipment on offer: " + ", ".join(equipment(x) for x in e["equipment"]) + ".",
    "picked": lambda e, lang: f"Seat {e['seat']} picks {equipment(e['equipment'])}.",
    "received": lambda e, lang: f"Seat {e['seat']} receives the last card, {equipment(e['equipment'])}.",
    "played": _played,
    "draws": _draws,
    "passed": "Seat {seat} passes (no card can be played or drawn).",
    "ended": "Seat {seat} ends the action phase.",
    "declined": lambda e, lang: f"Seat {e['seat']} declines {_SKIPPED.get(e['decision'], 'the choice')}.",
    "fish": _fish,
    "caught": lambda e, lang: (
        f"Seat {e['seat']} catches a fish in column {e['column']}; it goes on their "
        f"{animal(e['animal'])} (fish check)."
    ),
    "moved": _moved,
    "shielded": lambda e, lang: (
        f"Seat {e['seat']} puts a shield on their {animal(e['animal'])} in column {e['column']}."
    ),
    "clawed": _clawed,
    "copied": lambda e, lang: (
        f"Seat {e['seat']} copies the {effect(e['animal'])} of their {animal(e['animal'])} "
        f"in column {e['column']}."
    ),
    "encored": lambda e, lang: (
        f"Seat {e['seat']} resolves the {effect(e['animal'])} of their "
        f"{animal(e['animal'])} in column {e['column']} again ({equipment('encore')})."
    ),
    "used": lambda e, lang: f"Seat {e['seat']} uses {equipment(e['equipment'])}.",
    "bonus-draw": lambda e, lang: (
        f"Seat {e['seat']} draws {_count(e['count'])} ({equipment(e['equipment'])})."
    ),
    "took": lambda e, lang: f"You take {an(animal(e['animal']))} from your draw pile.",
    "took-card": "Seat {seat} takes a card from their draw pile.",
    "pile-seen": lambda e, lang: f"You look through your draw pile: {_cards(e['cards'])}.",
    "recalled": lambda e, lang: (
        f"Seat {e['seat']} shuffles the removed {animal(e['animal'])} back into their draw pile."
    ),
    "bear": "Seat {seat} puts a polar bear from their {source} into column {column}.",
    "peeked": lambda e, lang: (
        f"You take {_cards(e['cards'])} from the top of seat {e['owner']}'s draw pile "
        f"({equipment('peek-a-scope')})."
    ),
    "peeked-count": lambda e, lang: (
        f"Seat {e['seat']} takes {_count(e['count'])} from the top of seat {e['owner']}'s "
        f"draw pile ({equipment('peek-a-scope')})."
    ),
    "poisoned": lambda e, lang: (
        f"Poison removes {an(animal(e['animal']))} from the top of seat {e['seat']}'s draw pile."
    ),
    "poisoned-shield": lambda e, lang: (
        f"Poison takes a shield off seat {e['seat']}'s {animal(e['animal'])} in column {e['column']}."
    ),
    "won": _won,
}


def narrate(
    state: State, seat: int | None, start: int, describe: Callable[[dict[str, Any]], str]
) -> list[str]:
    """Sentences for what happened from ``state.history[start]`` on, as ``seat`` was told it.

    Reads ``state.log(seat)`` only; the history gives just the public count of actions taken
    before ``start``, to find where their events end.
    """
    log = state.log(seat)
    if start > 0:
        actions = sum(1 for s, _ in state.history[:start] if s != CHANCE)
        seen = 0
        cut = len(log)
        for i, event in enumerate(log):
            if event["kind"] in LEADING:
                if seen == actions:
                    cut = i
                    break
                seen += 1
        log = log[cut:]
    return [describe(e) for e in log]
