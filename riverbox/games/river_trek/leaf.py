"""River Trek's measure of an unfinished position for search: ``Game.leaf_measure``.

This is the search code moved unchanged from riverbox/bots (``leaf._trek_measure``), so the
generic bots need not import the game. Money alone hardly changes over a few moves; crediting
explorers' progress up the path, as the heuristic bot does, lets a depth-limited search tell
positions apart. It reads the (determinized) state search simulates, never the real one.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.game import State


def leaf_measure(state: State) -> list[float]:
    """Money plus the heuristic's credit for explorers' progress up the path."""
    from riverbox.games.river_trek.bot import PROGRESS

    s: Any = state
    money = [float(m) for m in s.money]
    length = len(s.stacks)
    seats = len(money)  # colours past the seats belong to no one (the neutral explorer)
    for i, stack in enumerate(s.stacks):
        for owner in stack:
            if owner < seats:
                money[owner] += PROGRESS * i
    for owner, count in enumerate(s.clearing[:seats]):
        money[owner] += PROGRESS * count * length
    return money
