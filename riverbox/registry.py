"""Games by name: ``games()``, ``load()`` and ``replay()``.

This module stands above ``games/`` and below everything that uses games by name. Adding a
game means adding one line to ``_GAMES``.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from riverbox.core.checks import check_depth
from riverbox.core.game import Game, State
from riverbox.core.options import GameInfo
from riverbox.core.record import replay_actions
from riverbox.core.rng import SPLITMIX

_GAMES: dict[str, str] = {
    "ravenous-river": "riverbox.games.ravenous_river:RavenousRiver",
    "river-rivals": "riverbox.games.river_rivals:RiverRivals",
    "river-wild": "riverbox.games.river_wild:RiverWild",
    "river-trek": "riverbox.games.river_trek:RiverTrek",
}


def register(name: str, target: str) -> None:
    """Register a game class as ``"package.module:ClassName"`` under ``name`` (plugins, tests)."""
    if ":" not in target:
        raise ValueError(f"target must be 'module:Class', not {target!r}")
    _GAMES[name] = target


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package of a registered plugin is missing
        return False


def _available() -> dict[str, str]:
    return {name: target for name, target in _GAMES.items() if _installed(target.split(":")[0])}


def game_class(name: str) -> type[Game]:
    """The Game subclass registered under ``name`` (``ValueError`` listing valid names)."""
    available = _available()
    if not isinstance(name, str) or name not in available:
        raise ValueError(f"unknown game {name!r}; valid games: {', '.join(available)}")
    module, cls = available[name].split(":")
    result: type[Game] = getattr(importlib.import_module(module), cls)
    return result


def games() -> list[GameInfo]:
    """Every game riverbox plays, with player counts and options."""
    return [game_class(name).info for name in _available()]


def load(name: str, players: int | None = None, **options: Any) -> Game:
    """A configured game; a bad name, player count or option raises ``ValueError`` naming what is valid."""
    return game_class(name)(players, **options)


def replay(record: Any) -> State:
    """Rebuild the state a record describes; a malformed or inconsistent record raises ``ValueError``."""
    if not isinstance(record, dict):
        raise ValueError("a record must be a JSON object with game, options, seed and actions")
    check_depth(record, "the record")
    missing = [k for k in ("game", "options", "seed", "actions") if k not in record]
    if missing:
        raise ValueError(f"record is missing {', '.join(missing)}")
    options = record["options"]
    if not isinstance(options, dict):
        raise ValueError("record options must be an object")
    opts = dict(options)
    players = opts.pop("players", None)
    game = load(record["game"], players, **opts)
    # a record without ``rng`` was dealt by SplitMix64 (written before tables drew from a keyed generator)
    return replay_actions(game, record["seed"], record["actions"], record.get("rng", SPLITMIX))
