"""River Trek balance features: the animal tokens each seat took, and the boards of the game.

A token can be taken and later spent, so the final state does not show who had it; the game is
replayed from its seed and history, watching who holds each token. The boards are the same for
every seat (they show in the report through their effect on scores); the shipped boards are
placeholders and are marked so.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.game import CHANCE, State
from riverbox.games.river_trek.board import board_data


def features(state: State) -> dict[int, list[str]]:
    """Per seat: ``animal X`` for each token it held at some point, and ``board B`` for each board."""
    game = state.game
    replay: Any = game.new_state(state.seed)
    found: dict[int, set[str]] = {s: set() for s in range(game.players)}
    for seat, action in state.history[len(replay.history) :]:
        if seat == CHANCE:
            continue
        replay.apply(action, seat)
        for slot, holder in enumerate(replay.holder):
            if holder >= 0:
                found[holder].add(f"animal {replay.animals[slot]}")
    mark = " (placeholder)" if board_data().get("source") == "placeholder" else ""
    boards = {f"board {b}{mark}" for b in replay.middle}
    return {s: sorted(v | boards) for s, v in found.items()}
