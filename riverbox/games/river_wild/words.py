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

import re
from typing import Any

from riverbox.core.events import EventText
from riverbox.core.i18n import N_, translator
from riverbox.games.river_wild.content import ANIMALS, Face, Goal

DOMAIN = "river_wild"
"""This game's message catalog (``riverbox/locale/<lang>/LC_MESSAGES/river_wild.po``)."""

_WORDS = (
    # the English words events and views carry as data (cards.ANIMALS, cards.SIDES, the
    # scoring ranks), marked here so they are translated where they are shown
    N_("Frog"),
    N_("Jackalope"),
    N_("Unicorn"),
    N_("Dragon"),
    N_("front"),
    N_("back"),
    N_("Heavenly Haven"),
    N_("Sublime Sanctuary"),
    N_("Harmonious Habitat"),
    N_("Decent Domicile"),
    N_("Embarrassing Environment"),
    N_("the Source Card"),
    N_("runestone"),
    N_("no land"),
)
_LETTER = {name[0]: name for name in ANIMALS}
_GOAL = re.compile(r"^(?:any (\d+)|([FJUD](?:\+[FJUD])*)) (\d+)/(\d+)$")


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


def word(text: str, lang: str) -> str:
    """One of the English words the game's data carries (an animal, a side, a rank) in ``lang``."""
    return translator(DOMAIN, lang)(text)


def goal_in(text: str, lang: str) -> str:
    """A goal written as ``goal_words`` writes it (``F+J 2/4``, ``any 3 2/4``), in ``lang``.

    The letters stand for animals; other languages spell the animals out."""
    if lang == "en":
        return text
    _ = translator(DOMAIN, lang)
    m = _GOAL.match(text)
    if m is None:
        return text
    any_count, letters, first, second = m.groups()
    if any_count is not None:
        label = _("any {n}").format(n=any_count)
    else:
        label = "+".join(_(_LETTER[x]) for x in letters.split("+"))
    return f"{label} {first}/{second}"


def face_in(text: str, lang: str) -> str:
    """What a face holds, written as ``face_words`` writes it, in ``lang``."""
    if lang == "en":
        return text
    _ = translator(DOMAIN, lang)
    parts = []
    for part in text.split(", "):
        if part.startswith("goal "):
            parts.append(_("goal {goal}").format(goal=goal_in(part[5:], lang)))
        else:
            parts.append(_(part))
    return _(", ").join(parts)


def _listed(items: list[str], lang: str = "en") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    _ = translator(DOMAIN, lang)
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def _cards(n: int, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _("1 card") if n == 1 else _("{n} cards").format(n=n)


def _points(n: int, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _("1 point") if n == 1 else _("{n} points").format(n=n)


def _card_names(cards: list[str], lang: str) -> list[str]:
    return [word(c, lang) if c == "the Source Card" else c for c in cards]


def _dealt(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    cards = _listed(e["cards"], lang)
    if e["top"]:
        return _("You draw {cards}; the top card of the deck shows {top}.").format(cards=cards, top=e["top"])
    return _("You draw {cards}.").format(cards=cards)


def _drawn(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    if e["top"]:
        return _("You draw {card}; the next card on top is {top}.").format(card=e["card"], top=e["top"])
    return _("You draw {card}; the deck is empty.").format(card=e["card"])


def _placed(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _("You place {card} {side} at {row},{col} ({shows}).").format(
        card=e["card"],
        side=word(e["side"], lang),
        row=e["row"],
        col=e["col"],
        shows=face_in(e["shows"], lang),
    )


def _scored(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _("Your score goes from {before} to {score}.").format(before=e["before"], score=e["score"])


def _protected(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    names: list[str] = e["animals"]
    counted = [
        word(name, lang)
        if names.count(name) == 1
        else _("{n} {animal}s").format(n=names.count(name), animal=word(name, lang))
        for name in dict.fromkeys(names)
    ]
    animals = _listed(counted, lang) if counted else _("no animal")
    return _("New Protected Land of {size} ({cards}), holding {animals}.").format(
        size=_cards(e["size"], lang), cards=_listed(_card_names(e["cards"], lang), lang), animals=animals
    )


def _goals(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    goals = _(", ").join(goal_in(g, lang) for g in e["goals"])
    return _("Its goals ({goals}) are worth {worth} if it is your largest land, {second} otherwise.").format(
        goals=goals, worth=_points(e["first"], lang), second=e["second"]
    )


def _runestones(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    if e["count"] == 1:
        return _("Its runestone adds one animal of your choice.")
    return _("Its {count} runestones each add one animal of your choice.").format(count=e["count"])


def _final(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    text = _("Game over: {score} points, rank {rank}.").format(score=e["score"], rank=word(e["rank"], lang))
    if e["unplaced"]:
        text += " " + _("No card left in hand fits anywhere: {cards} stay unplaced.").format(
            cards=_listed(e["unplaced"], lang)
        )
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


__all__ = ["DOMAIN", "EVENT_TEXTS", "face_in", "face_words", "goal_in", "goal_words", "word"]
