"""River Rivals balance features: the equipment each seat drafted and the animals it played.

Read from the history's notation (``pick X``, ``play X colN``); placeholder content is marked.
"""

from __future__ import annotations

from riverbox.core.game import CHANCE, State
from riverbox.games.river_rivals.content import EQUIPMENT, KINDS

_PLACEHOLDER = {a.slug for a in KINDS if a.placeholder} | {e.slug for e in EQUIPMENT if e.placeholder}


def _label(kind: str, slug: str) -> str:
    return f"{kind} {slug}" + (" (placeholder)" if slug in _PLACEHOLDER else "")


def features(state: State) -> dict[int, list[str]]:
    """Per seat: ``equipment X`` for each piece drafted, ``played X`` for each animal kind played."""
    found: dict[int, set[str]] = {s: set() for s in range(state.game.players)}
    for seat, action in state.history:
        if seat == CHANCE:
            continue
        words = str(action).split()
        if words[0] == "pick":
            found[seat].add(_label("equipment", words[1]))
        elif words[0] == "play":
            found[seat].add(_label("played", words[1]))
    return {s: sorted(v) for s, v in found.items()}
