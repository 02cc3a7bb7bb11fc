"""How search scores a position it stops short of the end: per-game horizons and leaf values.

Playing every simulation to the end of a long game is slow and, with weak playouts, noisy: a
Ravenous River game runs over several rounds and a River Trek game over two hundred moves. So a
simulation may stop early and score the position instead:

* a *horizon* ends a simulation at a natural boundary (the end of a Ravenous River round, when the
  round's points are in and nothing hidden carries over);
* a *depth* (a search setting) ends it after a number of moves;
* the *leaf value* turns the position into one number per seat on the scale of ``returns()``:
  ``tanh`` of the seat's lead over its best rival, measured in the game's own units (VP, fish,
  money; ``Game.leaf_measure``, which River Trek credits with explorers' progress) divided by a
  per-game scale. A finished game gives its true returns.

Leaf values read the (determinized) state the search is simulating, never the real one, so they
see only what the searching seat's sample contains.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from riverbox.core.game import Game, State

Horizon = Callable[[State], int]
"""``horizon(state)``: a stage number; a simulation stops when it differs from the stage it began in."""


def _round(state: State) -> int:
    """Ravenous River: the round number (a simulation stops once its round is scored)."""
    rnd: int = getattr(state, "rnd", 0)
    return rnd


HORIZONS: dict[str, Horizon] = {"ravenous-river": _round}
"""Natural places to stop a simulation, by game."""

SCALES: dict[str, float] = {"ravenous-river": 3.0, "river-rivals": 2.0, "river-trek": 25.0}
"""How big a lead (in the game's units) counts as nearly decisive, by game."""

SPREADS: dict[str, float] = {"river-wild": 20.0}
"""Solo games score raw points, not returns in [-1, 1]: search widens its exploration by this."""


def leaf_values(state: State) -> list[float]:
    """One value per seat on the ``returns()`` scale: true returns at the end, else the lead's tanh.

    Solo games (River Wild) score the raw measure: there is no rival to lead.
    """
    if state.is_over:
        return state.returns()
    name = state.game.name
    measure = state.game.leaf_measure(state)
    if len(measure) == 1:
        return measure
    scale = SCALES.get(name, 4.0)
    out = []
    for i, mine in enumerate(measure):
        rival = max(v for j, v in enumerate(measure) if j != i)
        out.append(math.tanh((mine - rival) / scale))
    return out


Leaf = Callable[[State], list[float]]
"""``leaf(state)``: one value per seat on the ``returns()`` scale."""

LEAVES = ("lead", "win")


def leaf_for(game: Game, kind: str) -> Leaf:
    """The leaf value a search asks for: ``lead`` (:func:`leaf_values`) or ``win``.

    ``win`` is each seat's chance to win from the position (``game.win_chances``, 2p - 1), which
    weighs a lead by how near the end the scores are; games (or player counts) without one fall
    back to the lead.
    """
    hook = getattr(game, "win_chances", None) if kind == "win" else None
    if hook is None:
        return leaf_values

    def chances(state: State) -> list[float]:
        found: list[float] | None = hook(state)
        return leaf_values(state) if found is None else found

    return chances


def horizon_for(name: str) -> Horizon | None:
    """The game's natural stopping point for simulations, if it has one."""
    return HORIZONS.get(name)
