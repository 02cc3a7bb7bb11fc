"""The core: the Game/State contract, seeded chance, options, errors and the testkit."""

from riverbox.core.errors import GameOver, IllegalAction, NotationError
from riverbox.core.game import CHANCE, Action, Chance, Game, State
from riverbox.core.options import GameInfo, OptionError, OptionSpec
from riverbox.core.rng import Rng

__all__ = [
    "CHANCE",
    "Action",
    "Chance",
    "Game",
    "GameInfo",
    "GameOver",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Rng",
    "State",
]
