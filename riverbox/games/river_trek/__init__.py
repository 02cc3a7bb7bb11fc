"""River Trek: caravans of stacked explorers travel up a path beside a river.

>>> import riverbox
>>> game = riverbox.load("river-trek", players=3)
>>> state = game.new_state(seed=1)
>>> state.to_move
(0,)
>>> str(state.legal_actions()[0])
'place 0'
"""

from __future__ import annotations

from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.actions import TrekAction
from riverbox.games.river_trek.game import RiverTrek
from riverbox.games.river_trek.position import COLOURS
from riverbox.games.river_trek.state import TrekState

__all__ = ["COLOURS", "RiverTrek", "TrekAction", "TrekState", "scoring"]
