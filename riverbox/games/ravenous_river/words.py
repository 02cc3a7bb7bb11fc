"""The words for Ravenous River: one sentence per event kind, and card titles and texts.

``EVENT_TEXTS`` is the game's ``event_texts`` registry: the rules emit events as data
(``state.py``, ``effects.py``) and these functions say them in plain words. A private event
(what a seat saw, its own vote or totems) is addressed to that seat in the first person; the
public counterpart names the seat and nothing hidden. Sentences carry no ruling ids.
"""

from __future__ import annotations

import re
from typing import Any

from riverbox.core.events import EventText
from riverbox.games.ravenous_river.cards import CARD_INDEX, CARDS
from riverbox.games.ravenous_river.scoring import ANIMALS as _ANIMALS
from riverbox.games.ravenous_river.scoring import ScoreStep, score_round

_TITLE = {k.name: k.title + ("*" if k.placeholder else "") for k in CARDS}
"""Card titles for menus and logs; ``*`` marks a PLACEHOLDER card (not the published list)."""
_RULING = re.compile(r" \(RR-[^)]*\)")
_PLAIN = [_RULING.sub("", k.text) for k in CARDS]
"""Card texts for players, without the ruling ids the data file cites."""
WHERE = ("the bank", "boat 1", "boat 2")
"""Place and Move destinations in words, by destination number."""


def card_title(name: str) -> str:
    """A card's title as players read it (``*`` marks placeholder content)."""
    return _TITLE.get(name, name)


def card_text(name: str) -> str:
    """A card's text as a player reads it (the data file's ruling ids left out)."""
    return _PLAIN[CARD_INDEX[name]]


def _who(seat: int) -> str:
    return f"seat {seat}"


def _owned(animal: str, owner: int | None) -> str:
    return f"{animal} (seat {owner})" if owner is not None else f"{animal} (nobody's)"


def _dealt(e: dict[str, Any], lang: str = "en") -> str:
    titles = ", ".join(card_title(c) for c in e["cards"])
    if e["keep"]:  # 2 players: three drawn, two to keep
        return f"You (seat {e['seat']}) draw the totems {', '.join(e['totems'])} (keep two); cards: {titles}."
    return f"You (seat {e['seat']}) get the {' '.join(e['totems'])} as your totem; cards: {titles}."


def _peeked(e: dict[str, Any], lang: str = "en") -> str:
    slots = e["slots"]
    where = f"slots {slots[0] + 1} and {slots[1] + 1}" if len(slots) == 2 else f"slot {slots[0] + 1}"
    return f"{_who(e['seat'])} looks secretly at row {where}."


def _vote_result(e: dict[str, Any], lang: str = "en") -> str:
    """Every seat's choice, the tally and what happens; a tie goes on (RR-19)."""
    ends = e["ends"]
    each = ", ".join(f"seat {s} {'END' if end else 'CONTINUE'}" for s, end in enumerate(ends))
    yes = sum(ends)
    no = len(ends) - yes
    outcome = "the round ends" if e["passed"] else "play continues"
    tie = " (a tie: play goes on)" if yes == no else ""
    return f"Votes revealed: {each}. {yes} end, {no} continue: {outcome}{tie}."


def _positions(e: dict[str, Any], lang: str = "en") -> str:
    def group(xs: list[str]) -> str:
        return " ".join(xs) if xs else "nothing"

    parts = [f"bank {group(e['bank'])}"]
    for b, status in enumerate(e["status"]):
        state = {"sailed": " (sailed early)", "sunk": " (sunk)"}.get(status, "")
        parts.append(f"boat {b + 1}{state} {group(e['boats'][b])}")
    if e["row"]:
        parts.append(f"still in the row {group(e['row'])}")
    return f"At the end: {'; '.join(parts)}."


_WHY_ENDED = {"hands": "every hand is empty", "vote": "the vote to end passed"}
_STEP = {"bank": "On the bank", "boat1": "In boat 1", "boat2": "In boat 2", "home": "At home"}


def _round_scored(e: dict[str, Any], lang: str = "en") -> str:
    """The end-of-round report, one sentence a line: why it ended, the totems, where the animals
    stood, who ate whom at each step with the points, the survivors, and what each seat scored."""
    owner = {a: s for s, ts in enumerate(e["totems"]) for a in ts}

    def who(animal: str) -> str:
        return _owned(animal, owner.get(animal))

    crossing = [None if e["status"][b] == "sunk" else e["boats"][b] for b in (0, 1)]
    steps: list[ScoreStep] = []
    score_round(e["bank"], crossing, e["row"], steps)
    lines = [
        f"Round {e['round']} ends: {_WHY_ENDED[e['how']]}.",
        "Totems: " + ", ".join(f"seat {s} {' + '.join(ts)}" for s, ts in enumerate(e["totems"])) + ".",
        _positions(e),
    ]
    for step, title in _STEP.items():
        eaten = [f"{a} eats {_ANIMALS[v]}" for (s, k, a, v) in steps if s == step and k == "eats"]
        if eaten:
            points = [f"{who(a)} +{v}" for (s, k, a, v) in steps if s == step and k == "chain"]
            lines.append(f"{title}: {', '.join(eaten)}; {', '.join(points)}.")
    for value, place in ((1, "on the bank"), (2, "at home")):
        alive = [who(a) for (s, k, a, v) in steps if k == "survives" and v == value]
        if alive:
            lines.append(f"Survivors {place}, +{value} each: " + ", ".join(alive) + ".")
    stayed = [f"{who(a)} +1" for (s, k, a, v) in steps if k == "row"]
    if stayed:
        lines.append("Still in the row (out of the food chain): " + ", ".join(stayed) + ".")
    each = (
        f"seat {s} +{g} (total {t})" for s, (g, t) in enumerate(zip(e["gains"], e["scores"], strict=True))
    )
    lines.append("Scored: " + ", ".join(each) + ".")
    return "\n".join(lines)


EVENT_TEXTS: dict[str, EventText] = {
    "first": "Seat {seat} goes first.",
    "new_round": "A new round: a fresh face-down row of all seven animals; cards and totems are dealt.",
    "dealt": _dealt,
    "kept": "seat {seat} keeps two of the three totems drawn (secret until the end-of-round reveal).",
    "kept_own": lambda e, lang: (
        f"You (seat {e['seat']}) keep the {e['totems'][0]} and the {e['totems'][1]} as totems."
    ),
    "looked": lambda e, lang: f"seat {e['seat']} takes row slot {e['slot'] + 1} and looks at it.",
    "saw": lambda e, lang: f"You see: row{e['slot'] + 1} is {e['animal']}.",
    "shown": lambda e, lang: f"Revealed: row{e['slot'] + 1} is {e['animal']}.",
    "placed": lambda e, lang: f"seat {e['seat']} puts the {e['animal']} face up on {WHERE[e['dest']]}.",
    "returned": lambda e, lang: (
        f"seat {e['seat']} discards {card_title(e['card'])} and returns it face down."
    ),
    "moved": lambda e, lang: (
        f"seat {e['seat']} discards {card_title(e['card'])} to move the {e['animal']} to {WHERE[e['dest']]}."
    ),
    "discarded": lambda e, lang: f"seat {e['seat']} discards {card_title(e['card'])} without effect.",
    "played": lambda e, lang: f"seat {e['seat']} plays {card_title(e['card'])}.",
    "sailed": lambda e, lang: (
        f"seat {e['seat']} sends boat {e['boat'] + 1} home early; it is frozen until scoring."
    ),
    "sank": lambda e, lang: f"seat {e['seat']} sinks the empty boat {e['boat'] + 1}.",
    "capsized": lambda e, lang: f"seat {e['seat']} tips every animal of boat {e['boat'] + 1} onto the bank.",
    "swapped_row": lambda e, lang: (
        f"seat {e['seat']} swaps the {e['animal']} with the face-up animal in row slot {e['slot'] + 1}."
    ),
    "swapped_boats": "seat {seat} swaps the {animal} (boat 1) with the {other} (boat 2).",
    "washed": "seat {seat} washes the {animal} from the bank back into the row, face up.",
    "peeked": _peeked,
    "turned_up": lambda e, lang: f"seat {e['seat']} turns row slot {e['slot'] + 1} face up.",
    "skipped": "seat {seat} turns nothing face up.",
    "passed": "Seat {seat} cannot act: no cards and an empty row.",
    "voted": "seat {seat} has voted in secret.",
    "voted_own": lambda e, lang: f"You (seat {e['seat']}) vote {'END' if e['end'] else 'CONTINUE'}.",
    "vote_result": _vote_result,
    "round_scored": _round_scored,
    "won": "Seat {seat} wins with {vp} VP: {target}+ and strictly the most.",
    "no_winner": "Nobody has {target}+ VP and strictly the most: a new round starts.",
}
"""Event kind -> its sentence (a ``str.format`` template or a function of the event)."""
