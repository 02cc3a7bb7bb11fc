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
        "strong": "ismcts:think=0.3,model=1",
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
        "strong": "hindsight:think=1,beam=1,width=6",
    },
    "river-trek": {
        "easy": "random",
        "medium": "heuristic",
        "hard": "rollout:depth=8,width=4",
        "strong": "rollout:depth=24,width=8",
    },
}
"""Measured (CPU seconds per decision, seats rotated; ``riverbox ladder`` or scripts/strength.py):
``strong`` is the best bot found at a small budget, so it stays quick to play and to test. ``hard``
is the same search with a quarter of the time or less; ``medium`` the game's heuristic; ``easy``
random. Ravenous River's search plays heuristic playouts and weighs rivals' totems by their
placements (``beliefs``, on by default); at 0.3 s it won about half its 4-player games against three
heuristics, where fast playouts did worse. ``strong`` adds ``model=1``: rivals' visible moves in the
tree follow the playout policy instead of the tree's own selection, which had planned against the
worst a rival could do (one against three heuristics: 12/16 [0.51, 0.90], seed 3). River Trek's
tree search (``ismcts:think=0.1,depth=0``) won only about a fifth; its levels use the rollout
search instead (each candidate move, then the heuristic for every seat for ``depth`` moves, best
lead wins). In 4-player games against three
heuristics (scripts/strength.py match, seeds 1-4, seats rotated) ``strong`` won 107 of 109 (98%, 95%
interval 94-99%) at 0.03 s per decision, and ``hard`` 21 of 40 (52%, 38-67%; seed 5) at 0.01 s. Much
of that margin comes from its playouts being the very heuristic it meets, so it predicts those
rivals exactly; against OpenSpiel's IS-MCTS (scripts/strength.py openspiel, 0.1 s per move, one
``strong`` against three) it won 4 of 4. River Wild's ``strong`` solves only the six moves with the
best greedy finishes, each with a pilot search (``beam=1``) on the same sampled decks: mean 43.8 +-
2.1 (95%) over 30 seeds at 0.9 s per decision, and 44.5 +- 1.7 on the same seeds once a deck the
time runs out in is dropped (0.89 s mean; alone on the machine no decision took over 1.06 s) (on
three screening seeds the old ``hindsight:think=1,beam=1`` scored 38.3 where this scored 52.0). The
oracle that plans once (``beam=16``) scores 43.6, no more than ``strong``; searching again at every
move (``oracle:beam=1,width=99``) it scores 47.5 (8 seeds, 5.6 +- 3.1 above ``strong`` on the same
seeds), a lower bound on perfect play with the deck known. OpenSpiel's IS-MCTS at 1 s per move
scored 27.0 to strong's 44.8 on the same four deals.

Two-player figures (wins/games, Wilson 95% interval; duplicate deals in both seatings as
``riverbox ladder --seed S`` deals them, ``strong`` against ``heuristic``):

* River Rivals (basic), seed 21 both seatings plus seed 22 with ``strong`` first: 88/98
  [0.82, 0.94]; moving first 53/62 [0.75, 0.92], moving second 35/36 [0.86, 0.99].
* Ravenous River, seed 11, 50 deals: 92/100 [0.85, 0.96], 46/50 in each seat; wins and losses
  both by about 5.5 VP. Played again through the command itself (``riverbox ladder ravenous-river
  -p 2 --bots strong,heuristic --games 50 --seed 11``, on a busy machine, so with other iteration
  counts): 95/100 [0.90, 0.99]. Without ``model=1`` (seeds 11 and 12) it won 66/106 [0.53, 0.71], its
  losses by wider margins than its wins. The paired rollout search
  (``rollout:think=0.3,samples=10000,paired=1,beliefs=1``) won 48/50 [0.87, 0.99] (seed 12, 25
  deals) but only 15/40 [0.24, 0.53] as one against three heuristics.

Against OpenSpiel's own IS-MCTS at the same CPU time per move (``scripts/strength.py
openspiel``, seats alternating): Ravenous River 2p 12/12 [0.76, 1.00] at 0.3 s (seed 5), and with
``model=1`` 8/8 (seed 5);
River Rivals 10/10 [0.72, 1.00] at 0.2 s (seed 7, five deals in both seats)."""


def levels_for(game: str) -> dict[str, str]:
    """The level -> spec table of a game (games without one get random and heuristic rungs only)."""
    return LEVELS.get(game, {})
