"""Small pure functions for River Rivals' strength comparison and catching (RB "Catching Fish").

A column side is a tuple of slots ``(code, shields, fish)``; ``code`` indexes the per-code
tables in :mod:`content`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from riverbox.games.river_rivals.content import COLUMN_CAP, SPACES, STRENGTH

Slot = tuple[int, int, int]


def side_strength(side: Sequence[Slot]) -> int:
    """Total strength of one side of a column: animal strengths plus one per shield token (RV-3)."""
    total = 0
    for code, shields, _ in side:  # a plain loop: this runs at every turn's fish check
        total += STRENGTH[code] + shields
    return total


def free_spaces(side: Sequence[Slot]) -> list[int]:
    """Positions of the cards on this side that still have a free fish space (RV-2)."""
    return [p for p, (code, _, fish) in enumerate(side) if fish < SPACES[code]]


def catch_spaces(own: Sequence[Slot], opposing: Sequence[Slot]) -> tuple[int, ...]:
    """Where the end-of-turn check may put the fish it catches in this column: () for no catch.

    A catch needs exactly three of your own cards there (RV-1), a free fish space (RV-2) and a
    total at least the opponent's (ties go to the active player, RV-17; an empty opposing side
    totals 0). This is the one statement of the rule (``catches`` asks it); the engine's fish
    check calls it once per full column and gets the free spaces with the answer, so each side
    is walked once (this runs at every turn).
    """
    if len(own) != COLUMN_CAP:
        return ()
    # the three cards written out (RV-1: a catch needs exactly three): this runs at every turn
    (c0, h0, f0), (c1, h1, f1), (c2, h2, f2) = own
    free = _FREE[(f0 < SPACES[c0]) | (f1 < SPACES[c1]) << 1 | (f2 < SPACES[c2]) << 2]
    if not free:
        return free
    margin = STRENGTH[c0] + STRENGTH[c1] + STRENGTH[c2] + h0 + h1 + h2  # RV-3: a shield adds one
    for code, shields, _ in opposing:
        margin -= STRENGTH[code] + shields
    return free if margin >= 0 else ()


if COLUMN_CAP != 3:  # pragma: no cover - ``catch_spaces`` is written for three cards a side
    raise ImportError("river_rivals: catch_spaces is written for three cards a side")
_FREE: Final = tuple(tuple(p for p in range(3) if bits >> p & 1) for bits in range(8))
"""The positions with a free fish space, for each set of them (bit p: position p has room)."""


def catches(own: Sequence[Slot], opposing: Sequence[Slot]) -> bool:
    """Whether the end-of-turn check catches a fish in this column (see ``catch_spaces``)."""
    return bool(catch_spaces(own, opposing))
