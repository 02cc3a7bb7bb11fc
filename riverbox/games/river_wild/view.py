"""What River Wild's player may know: ``view(seat)``.

Everything on the table is in it: the layout, the hand, the face-up top card and the score. The
hand sits face up on the table (rulebook Setup), so the public view is the same as the player's.
Only the order of the face-down part of the deck is hidden, and only its size is told.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riverbox.games.river_wild.scoring import rank_name

if TYPE_CHECKING:
    from riverbox.games.river_wild.state import RiverWildState


def build_view(state: RiverWildState) -> dict[str, Any]:
    """The view of ``state``, the same for the player and for anyone watching."""
    game = state.wild
    score = state.board.score()
    return {
        "deck_name": game.deck.name,
        "placeholder": game.deck.placeholder,
        "layout": state.layout(),
        "hand": [game.deck.ids[i] for i in state.hand],
        "top": game.deck.ids[state.deck[-1]] if state.deck else None,
        "deck_size": len(state.deck),
        "lands": state.lands_view(),
        "score": score,
        "rank": rank_name(score),
        "over": state.is_over,
    }
