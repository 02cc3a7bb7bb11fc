"""The heuristic bots' choose-best loop, written once.

Every game's heuristic bot scores each legal action and keeps the best, breaking ties with the
bot's own seeded generator, so a seeded bot always plays the same game. The loop lives in the
core (not in ``riverbox.bots``) because a game package may import only the core.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from riverbox.core.rng import Rng

T = TypeVar("T")


def choose_best(
    actions: Sequence[T],
    score: Callable[[T], Any],
    rng: Rng | None = None,
    *,
    tolerance: float = 0.0,
    draw_for_one: bool = False,
) -> T:
    """The action with the highest ``score``, scored once each, in order.

    Ties are the actions scoring within ``tolerance`` of the best (a float), or exactly equal
    to it when ``tolerance`` is 0, so scores may then be tuples compared in order. ``rng``
    picks one tie uniformly; without it the first wins. A bot draws only when there is a
    tie, unless ``draw_for_one``: then it draws even for a single best action, which keeps
    the generator's sequence, and so the games, of a bot written that way unchanged.
    ``ValueError`` for no actions.
    """
    if not actions:
        raise ValueError("choose_best needs at least one action to choose from")
    ties = [actions[0]]
    top = score(actions[0])
    for action in actions[1:]:
        value = score(action)
        if tolerance:
            if value > top + tolerance:
                top, ties = value, [action]
            elif abs(value - top) <= tolerance:
                ties.append(action)
        elif value > top:
            top, ties = value, [action]
        elif value == top:
            ties.append(action)
    if rng is None or (len(ties) == 1 and not draw_for_one):
        return ties[0]
    return ties[rng.randrange(len(ties))]


__all__ = ["choose_best"]
