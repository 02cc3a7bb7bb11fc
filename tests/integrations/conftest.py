"""Shared setup for the adapter tests: the test games and the real games' configurations.

The adapters are tested on two small test games first (``toy``: hidden cards and a
simultaneous vote; ``solo-toy``: one player, hidden draws), then on every real game. A real
game whose module is not in this checkout is skipped with the reason.
"""

from __future__ import annotations

from typing import Any

import pytest

from riverbox.registry import game_class, register

register("toy", "tests.core.toy:ToyGame")
register("solo-toy", "tests.integrations.solo:SoloGame")

REAL_GAMES = ("ravenous-river", "river-rivals", "river-wild", "river-trek")

# (game, players, options): every player-count regime and mode worth telling apart.
REAL_CONFIGS: list[tuple[str, int | None, dict[str, Any]]] = [
    ("ravenous-river", 3, {}),
    ("ravenous-river", 5, {}),
    ("river-rivals", None, {"mode": "basic"}),
    ("river-rivals", None, {"mode": "advanced"}),
    ("river-wild", None, {}),
    ("river-trek", 2, {}),
    ("river-trek", 3, {"variant": "full"}),
]

TOY_CONFIGS: list[tuple[str, int | None, dict[str, Any]]] = [
    ("toy", 2, {}),
    ("toy", 3, {"turns": 2}),
]


def config_id(config: tuple[str, int | None, dict[str, Any]]) -> str:
    name, players, options = config
    parts = [name] + ([f"p{players}"] if players else []) + [f"{k}={v}" for k, v in options.items()]
    return "-".join(parts)


def require_game(name: str) -> None:
    """Skip the test when ``name`` is not (yet) a loadable game in this checkout."""
    try:
        game_class(name)
    except (ValueError, ImportError, AttributeError) as exc:
        pytest.skip(f"{name} is not available in this checkout yet: {exc}")


def valid_options(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """Options the game really has (a game may not have landed a mode yet); skip otherwise."""
    info = game_class(name).info
    known = {spec.name for spec in info.options}
    missing = [k for k in options if k not in known]
    if missing:
        pytest.skip(f"{name} has no option {', '.join(missing)}")
    return options
