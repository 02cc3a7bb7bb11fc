"""What River Wild tells the player: the words for each event kind the rules emit.

The rules (``state.py``) emit events as data as they resolve a placement; this module holds
the sentences (``event_texts``, read by ``RiverWild.describe_event``) and the short words for
card faces and goals that the events carry. Everything in River Wild's events is on the table
for all to see (the hand and the top card of the deck lie face up); the face-down deck never
appears in one.

Event kinds and their fields:

* ``dealt``: ``cards`` (the opening hand), ``top`` (the face-up top card, or ``None``);
* ``placed``: ``card``, ``side``, ``row``, ``col``, ``shows`` (what the face holds);
* ``protected``: ``size``, ``cards``, ``animals`` of a land the placement protected;
* ``goals``: ``goals`` of that land and its goal points ``first`` (if it is the largest land)
  and ``second`` (otherwise), given only when it reaches a goal;
* ``runestones``: ``count`` of runestone cards bordering that land;
* ``scored``: the score ``before`` the placement and the ``score`` after (when it protected lands);
* ``drawn``: ``card`` drawn into the hand and the new ``top`` card (``None``: the deck is empty);
* ``final``: ``score``, ``rank`` and the cards left ``unplaced``.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.events import EventText
from riverbox.games.river_wild.cards import ANIMALS, Face, Goal


def goal_words(goal: Goal) -> str:
    """A goal as the cards show it: its animals (``F+J``, ``any 3``) and its two numbers."""
    return f"{goal.label()} {goal.first}/{goal.second}"


def face_words(face: Face) -> str:
    """What a face holds, in order: its animals, its goals and a runestone."""
    parts = []
    for sec in face.sections:
        if sec.animal is not None:
            parts.append(ANIMALS[sec.animal])
        elif sec.goal is not None:
            parts.append(f"goal {goal_words(sec.goal)}")
    if face.runestone:
        parts.append("runestone")
    return ", ".join(parts) or "no land"


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _dealt(e: dict[str, Any], lang: str = "en") -> str:
    top = f"; the top card of the deck shows {e['top']}" if e["top"] else ""
    return f"You draw {_listed(e['cards'])}{top}."


def _drawn(e: dict[str, Any], lang: str = "en") -> str:
    top = f"the next card on top is {e['top']}" if e["top"] else "the deck is empty"
    return f"You draw {e['card']}; {top}."


def _placed(e: dict[str, Any], lang: str = "en") -> str:
    return f"You place {e['card']} {e['side']} at {e['row']},{e['col']} ({e['shows']})."


def _scored(e: dict[str, Any], lang: str = "en") -> str:
    return f"Your score goes from {e['before']} to {e['score']}."


def _protected(e: dict[str, Any], lang: str = "en") -> str:
    names: list[str] = e["animals"]
    counted = [
        name if names.count(name) == 1 else f"{names.count(name)} {name}s" for name in dict.fromkeys(names)
    ]
    animals = _listed(counted) if counted else "no animal"
    return f"New Protected Land of {_plural(e['size'], 'card')} ({_listed(e['cards'])}), holding {animals}."


def _goals(e: dict[str, Any], lang: str = "en") -> str:
    goals, worth = ", ".join(e["goals"]), _plural(e["first"], "point")
    return f"Its goals ({goals}) are worth {worth} if it is your largest land, {e['second']} otherwise."


def _runestones(e: dict[str, Any], lang: str = "en") -> str:
    count = e["count"]
    which = "Its runestone adds" if count == 1 else f"Its {count} runestones each add"
    return f"{which} one animal of your choice."


def _final(e: dict[str, Any], lang: str = "en") -> str:
    text = f"Game over: {e['score']} points, rank {e['rank']}."
    if e["unplaced"]:
        text += f" No card left in hand fits anywhere: {_listed(e['unplaced'])} stay unplaced."
    return text


EVENT_TEXTS: dict[str, EventText] = {
    "dealt": _dealt,
    "placed": _placed,
    "protected": _protected,
    "goals": _goals,
    "runestones": _runestones,
    "scored": _scored,
    "drawn": _drawn,
    "final": _final,
}
"""The sentence for each event kind (see the module docstring for the fields)."""


__all__ = ["EVENT_TEXTS", "face_words", "goal_words"]
