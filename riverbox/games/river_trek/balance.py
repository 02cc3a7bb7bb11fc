"""River Trek balance features: the animal powers each seat used or ended with, and the boards.

Tokens change hands during a game (one goes back when its tile empties), so "held at some
point" says little; what a seat did with an animal shows in the notation of its actions
(``jaguar S T``, ``dog S up``, ``moveback S`` for the Peccary, ...), and the passive ones in who
holds them at the end. The boards are the same for every seat, so they show in the report
through their effect on scores; the shipped boards are placeholders and are marked so.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.game import CHANCE, State
from riverbox.games.river_trek.content import board_data

USES = {
    "jaguar": "jaguar",
    "otter": "otter",
    "capybara": "capybara",
    "monkey": "monkey",
    "boa": "boa",
    "frog": "frog",
    "dog": "bushdog",
    "moveback": "peccary",
}
"""The first word of an action that uses an animal's power, and that animal."""


def features(state: State) -> dict[int, list[str]]:
    """Per seat: ``used X``, ``held X at the end`` and ``board B`` for each board of the game."""
    final: Any = state
    found: dict[int, set[str]] = {s: set() for s in range(state.game.players)}
    for seat, action in state.history:
        word = str(action).split()[0]
        if seat != CHANCE and word in USES:
            found[seat].add(f"used {USES[word]}")
    for slot, holder in enumerate(final.holder):
        if 0 <= holder < state.game.players:
            found[holder].add(f"held {final.animals[slot]} at the end")
    mark = " (placeholder)" if board_data().get("source") == "placeholder" else ""
    boards = {f"board {b}{mark}" for b in final.middle}
    return {s: sorted(v | boards) for s, v in found.items()}
