"""River Wild balance features: the cards of the opening hand (and the first face-up card).

Every card is placed by the end of a game, so what luck decides is the order they come in; the
opening hand is where a designer looks for cards that make or break a game. The game is dealt
again from its seed to read the opening. The shipped deck is a placeholder and is marked so.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.game import State


def features(state: State) -> dict[int, list[str]]:
    """Seat 0: ``opening cN`` for each card in the opening hand, ``first top cN`` for the face-up card."""
    game: Any = state.game
    opening: Any = game.new_state(state.seed, state.generator)
    mark = " (placeholder)" if game.deck.placeholder else ""
    labels = [f"opening {game.label(c)}{mark}" for c in opening.hand]
    if opening.deck:
        labels.append(f"first top {game.label(opening.deck[-1])}{mark}")
    return {0: sorted(labels)}
