"""What River Wild's player may know: ``view(seat)``.

Everything on the table is in it: the layout, the hand, the face-up top card and the score. The
hand sits face up on the table (rulebook Setup), so the public view is the same as the player's.
Only the order of the face-down part of the deck is hidden, and only its size is told.
"""

from __future__ import annotations

from typing import Any, Protocol

from riverbox.games.river_wild.board import Board
from riverbox.games.river_wild.position import WildGame
from riverbox.games.river_wild.scoring import rank_name


class Viewed(Protocol):
    """What the view reads of a River Wild state (the state imports this module, not the reverse)."""

    board: Board
    hand: list[int]
    deck: list[int]

    @property
    def wild(self) -> WildGame: ...

    @property
    def is_over(self) -> bool: ...

    def layout(self) -> list[dict[str, Any]]: ...

    def lands_view(self) -> list[dict[str, Any]]: ...


def build_view(state: Viewed) -> dict[str, Any]:
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
