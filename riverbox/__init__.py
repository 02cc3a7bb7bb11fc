"""riverbox: four river-themed tabletop games, faithfully, with bots and research hooks.

>>> import riverbox
>>> game = riverbox.load("ravenous-river", players=4)
>>> state = game.new_state(seed=1)
>>> len(state.legal_actions()) > 0
True
"""

from riverbox import games  # the package, callable: riverbox.games() lists the games
from riverbox.buildinfo import is_compiled
from riverbox.core.errors import GameOver, IllegalAction, NotationError
from riverbox.core.game import CHANCE, Game, State
from riverbox.core.options import GameInfo, OptionSpec
from riverbox.registry import load, replay

__version__ = "0.1.0"

compiled: bool = is_compiled()
"""Whether the engine running now is the compiled build (``RIVERBOX_COMPILE=1 pip install .``)."""

__all__ = [
    "CHANCE",
    "Game",
    "GameInfo",
    "GameOver",
    "IllegalAction",
    "NotationError",
    "OptionSpec",
    "State",
    "__version__",
    "compiled",
    "games",
    "load",
    "replay",
]
