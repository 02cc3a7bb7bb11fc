"""Difficulty levels: ``easy``, ``medium``, ``hard`` and ``strong`` as bot specs per game.

``strong`` names the best bot measured for the game; the other levels are rungs below it.
``make_bot`` resolves a level to its spec, so ``--bots strong`` or ``hard:think=2`` work
wherever a bot is named. These values are provisional: easy and medium are the random and
heuristic bots, hard and strong the best search spec of a quick measurement (see the ladder).
"""

from __future__ import annotations

LEVEL_NAMES = ("easy", "medium", "hard", "strong")

LEVELS: dict[str, dict[str, str]] = {
    "ravenous-river": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "heuristic",
        "strong": "heuristic",
    },
    "river-rivals": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "ismcts",
        "strong": "ismcts",
    },
    "river-wild": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "lookahead",
        "strong": "lookahead",
    },
    "river-trek": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "heuristic",
        "strong": "heuristic",
    },
}


def levels_for(game: str) -> dict[str, str]:
    """The level -> spec table of a game (games without one get random and heuristic rungs only)."""
    return LEVELS.get(game, {})
