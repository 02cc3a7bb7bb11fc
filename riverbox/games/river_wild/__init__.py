"""River Wild (Button Shy, 2023): the solo game of extending a river to enclose Protected Lands.

>>> import riverbox
>>> game = riverbox.load("river-wild")
>>> state = game.new_state(seed=1)
>>> len(state.view(0)["hand"]), state.scores()
(3, [0.0])

The deck shipped in ``data/placeholder_deck.json`` is a PLACEHOLDER (spec section 1.6): the
published cards are unknown. Rulings are cited by id (RW-1 ... RW-13) from the spec.
"""

from __future__ import annotations

from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import Board
from riverbox.games.river_wild.content import ANIMALS, Deck, Face, Goal, load_deck, parse_deck
from riverbox.games.river_wild.game import RiverWild
from riverbox.games.river_wild.scoring import (
    find_lands,
    goal_completions,
    land_goal_points,
    rank_name,
    score_layout,
    total_score,
)
from riverbox.games.river_wild.state import RiverWildState

__all__ = [
    "ANIMALS",
    "Board",
    "Deck",
    "Face",
    "Goal",
    "Place",
    "RiverWild",
    "RiverWildState",
    "find_lands",
    "goal_completions",
    "land_goal_points",
    "load_deck",
    "parse_deck",
    "rank_name",
    "score_layout",
    "total_score",
]
