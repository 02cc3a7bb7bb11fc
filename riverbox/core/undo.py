"""The undo policy's one question, shared by the terminal and the server.

A move may be taken back only if it showed its player nothing new; otherwise undo would let
a player peek at hidden information and choose again.
"""

from __future__ import annotations

import random

from riverbox.core.errors import IllegalAction
from riverbox.core.game import Action, State


def reveals(before: State, action: Action, seat: int, after: State, samples: int = 12) -> bool:
    """Did taking ``action`` from ``before`` show ``seat`` anything it could not already know?

    Generic test: in worlds consistent with what the seat knew (``determinize``), the same
    action must lead to the same view. If some world gives a different view, the move
    revealed hidden information, and taking it back would let a player peek.
    """
    target = after.view(seat)
    rng = random.Random(len(before.history))
    for _ in range(samples):
        world = before.determinize(seat, rng)
        try:
            world.apply(action, seat)
        except IllegalAction:
            return True
        if world.view(seat) != target:
            return True
    return False


__all__ = ["reveals"]
