"""Small pure functions for River Rivals' strength comparison and catching (RB "Catching Fish").

A column side is a tuple of slots ``(code, shields, fish)``; ``code`` indexes the per-code
tables in :mod:`content`.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def catches(own: Sequence[Slot], opposing: Sequence[Slot]) -> bool:
    """Whether the end-of-turn check catches a fish in this column.

    Needs exactly three of your own cards there (RV-1), a free fish space (RV-2) and a total at
    least the opponent's (ties go to the active player, RV-17; an empty opposing side totals 0).
    The engine's fish check calls this; it is the one statement of the rule.
    """
    if len(own) != COLUMN_CAP:
        return False
    for code, _, fish in own:
        if fish < SPACES[code]:
            return side_strength(own) >= side_strength(opposing)
    return False
