"""riverbox: four river-themed tabletop games, faithfully, with bots and research hooks.

>>> import riverbox
>>> game = riverbox.load("ravenous-river", players=4)
>>> state = game.new_state(seed=1)
>>> len(state.legal_actions()) > 0
True
"""

from riverbox import games  # the package, callable: riverbox.games() lists the games
from riverbox.core.errors import GameOver, IllegalAction
from riverbox.core.game import CHANCE, Game, State
from riverbox.core.options import GameInfo, OptionSpec
from riverbox.registry import load, replay

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Game",
    "GameInfo",
    "GameOver",
    "IllegalAction",
    "OptionSpec",
    "State",
    "__version__",
    "games",
    "load",
    "replay",
]
