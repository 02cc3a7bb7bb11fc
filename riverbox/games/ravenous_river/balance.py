"""Ravenous River balance features: the action cards each seat used and the totems it held.

Read from the history's notation (``play X``, ``return X``, ``move ... X`` use card X; the
chance entry ``reveal seat 0 lion; seat 1 fox`` at each round's end names the totems), so
this stays independent of the state's internals. Cards of placeholder content are marked.
"""

from __future__ import annotations

import re

from riverbox.core.game import CHANCE, State
from riverbox.games.ravenous_river.content import CARDS

_PLACEHOLDER = {k.name for k in CARDS if k.placeholder}
_SECRET = ("keep", "vote")
"""Simultaneous choices, which are nobody's turn."""
_REVEAL = re.compile(r"seat (\d+) ([a-z ]+)")


def card_label(name: str) -> str:
    return f"card {name}" + (" (placeholder)" if name in _PLACEHOLDER else "")


def features(state: State) -> dict[int, list[str]]:
    """Per seat: ``card X`` for each card kind it used, ``totem X`` for each animal it held, and
    ``first to play`` for the seat that took the first turn (the start player may be drawn)."""
    found: dict[int, set[str]] = {s: set() for s in range(state.game.players)}
    first = next((s for s, a in state.history if s != CHANCE and str(a).split()[0] not in _SECRET), None)
    if first is not None:
        found[first].add("first to play")
    for seat, action in state.history:
        words = str(action).split()
        if seat == CHANCE:
            if words and words[0] == "reveal":
                for s, animals in _REVEAL.findall(str(action)):
                    found[int(s)].update(f"totem {a}" for a in animals.split())
        elif words[0] in ("play", "return"):
            found[seat].add(card_label(words[1]))
        elif words[0] == "move":
            found[seat].add(card_label(words[-1]))
    return {s: sorted(v) for s, v in found.items()}
