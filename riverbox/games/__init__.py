"""The games, one sub-package each; this package is also callable as ``riverbox.games()``.

docs/design.md fixes both ``riverbox.games()`` (the list of games) and the public module path
``riverbox.games.ravenous_river``. Python binds ``riverbox.games`` to this package as soon as
any game module is imported, which would shadow the function. Making the package object
callable keeps both names true at once.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallableGamesPackage(types.ModuleType):
    def __call__(self) -> Any:
        from riverbox.registry import games  # lazy: the registry stands above the games

        return games()


sys.modules[__name__].__class__ = _CallableGamesPackage
