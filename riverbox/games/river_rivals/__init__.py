"""River Rivals: a two-player card duel; animal clans play into four river columns to catch fish.

>>> import riverbox
>>> game = riverbox.load("river-rivals")
>>> state = game.new_state(seed=1)
>>> state.to_move, len(state.view(0)["hand"]), state.view(1)["hand_sizes"]
((0,), 4, [4, 5])

The animal set and 13 of the 18 equipment cards (12 invented plus the reconstructed Poison)
are placeholders from ``data/content.json`` (spec river-rivals.md 1.3-1.4).
"""

from riverbox.games.river_rivals.game import RiverRivals
from riverbox.games.river_rivals.scoring import catches, free_spaces, side_strength
from riverbox.games.river_rivals.state import RiverRivalsState

__all__ = ["RiverRivals", "RiverRivalsState", "catches", "free_spaces", "side_strength"]
