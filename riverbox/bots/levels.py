"""Difficulty levels: ``easy``, ``medium``, ``hard`` and ``strong`` as bot specs per game.

Each level is a measured step above the one below: in every game each level finished above the
level below it in at least 65% of games (River Wild, which is solo: scored at least 3 points more
on the same deals), within a stated CPU budget per decision. The specs, budgets, ratings and the
measurements behind them live in one data file, ``levels.json`` beside this module, written by
``scripts/levels.py`` (docs/bots.md has the table and the commands). ``make_bot`` resolves a level
to its spec, so ``--bots strong`` or ``hard:think=2`` work wherever a bot is named.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

LEVEL_NAMES = ("easy", "medium", "hard", "strong")

DATA = Path(__file__).with_name("levels.json")
"""The levels data file: per game, each level's spec, budget and rating, and the measured steps."""


@dataclass(frozen=True)
class Level:
    """One level of one game as measured: its bot spec, CPU budget per decision and rating.

    ``rating`` is on the Elo scale with the game's ``easy`` at 1000 (None until measured); the
    ratings of different games are not comparable, each game's ladder being its own.
    """

    name: str
    spec: str
    budget: float
    rating: int | None


def _rating(value: object) -> int | None:
    """A stored rating (a number, or null before the level was measured)."""
    return None if value is None else int(str(value))


def _read(path: Path) -> dict[str, dict[str, Level]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        game: {
            name: Level(name, str(v["spec"]), float(v["budget"]), _rating(v["rating"]))
            for name, v in entry["levels"].items()
        }
        for game, entry in data.items()
        if not game.startswith("_")
    }


def load_levels(path: Path = DATA) -> dict[str, dict[str, str]]:
    """Game -> level -> spec, read from a levels data file."""
    return {game: {n: lv.spec for n, lv in levels.items()} for game, levels in _read(path).items()}


LEVEL_INFO: dict[str, dict[str, Level]] = _read(DATA)
"""Game -> level -> :class:`Level` (spec, budget, rating), from :data:`DATA`."""

LEVELS: dict[str, dict[str, str]] = load_levels(DATA)
"""Game -> level -> spec (what ``make_bot`` resolves a level to)."""


def levels_for(game: str) -> dict[str, str]:
    """The level -> spec table of a game (games without one get random and heuristic rungs only)."""
    return LEVELS.get(game, {})


def level_info(game: str) -> dict[str, Level]:
    """The measured levels of a game (spec, budget, rating); empty for a game without levels."""
    return LEVEL_INFO.get(game, {})
