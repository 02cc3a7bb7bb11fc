"""Difficulty levels: ``easy``, ``medium``, ``hard`` and ``strong`` as bot specs per game.

``strong`` names the best bot measured for the game; the other levels are rungs below it.
``make_bot`` resolves a level to its spec, so ``--bots strong`` or ``hard:think=2`` work
wherever a bot is named.
"""

from __future__ import annotations

LEVEL_NAMES = ("easy", "medium", "hard", "strong")

LEVELS: dict[str, dict[str, str]] = {
    "ravenous-river": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "ismcts:think=0.05",
        "strong": "ismcts:think=0.3",
    },
    "river-rivals": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "ismcts:think=0.05",
        "strong": "ismcts:think=0.2",
    },
    "river-wild": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "lookahead",
        "strong": "hindsight:think=0.5,beam=1",
    },
    "river-trek": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "heuristic",
        "strong": "heuristic",
    },
}
"""Measured (CPU seconds per decision, seats rotated; ``riverbox ladder`` or scripts/strength.py):
``strong`` is the best bot found at a small budget, so it stays quick to play and to test. ``hard``
is the same search with a quarter of the time or less; ``medium`` the game's heuristic; ``easy``
random. Ravenous River's search plays heuristic playouts and weighs rivals' totems by their
placements (``beliefs``, on by default); at 0.3 s it won about half its 4-player games against
three heuristics, where fast playouts did worse. River Trek keeps its heuristic: search
(``ismcts:think=0.1,depth=0``) did not measure better.

Two-player figures (wins/games, Wilson 95% interval; duplicate deals in both seatings as
``riverbox ladder --seed S`` deals them, ``strong`` against ``heuristic``):

* River Rivals (basic), seed 21 both seatings plus seed 22 with ``strong`` first: 88/98
  [0.82, 0.94]; moving first 53/62 [0.75, 0.92], moving second 35/36 [0.86, 0.99].
* Ravenous River, seeds 11 (43 deals) and 12 (11): 66/106 [0.53, 0.71]; first seat 36/54,
  second 30/52. Losses are by wide margins (5 to 11 VP) more often than wins are.

Against OpenSpiel's own IS-MCTS at the same CPU time per move (``scripts/strength.py
openspiel``, seats alternating): Ravenous River 2p 12/12 [0.76, 1.00] at 0.3 s (seed 5);
River Rivals 10/10 [0.72, 1.00] at 0.2 s (seed 7, five deals in both seats)."""


def levels_for(game: str) -> dict[str, str]:
    """The level -> spec table of a game (games without one get random and heuristic rungs only)."""
    return LEVELS.get(game, {})
