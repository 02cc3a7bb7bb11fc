"""The turn's written-out shortcuts give what the plain statements of the rules give.

The fish check (``catch_spaces``, three cards written out) and the tables of open and full
columns stand in for loops at every step; each is compared here with the rule as first written.
"""

from __future__ import annotations

import random

from riverbox.games.river_rivals.content import COLUMN_CAP, COLUMNS, SPACES, STRENGTH, K
from riverbox.games.river_rivals.position import _FULL, _LOWEST, _OPEN
from riverbox.games.river_rivals.scoring import catch_spaces

Slot = tuple[int, int, int]


def _plain_catch(own: list[Slot], opposing: list[Slot]) -> list[int]:
    """RV-1, RV-2, RV-3, RV-17 as a loop: three cards, a free space, a total at least the opponent's."""
    if len(own) != COLUMN_CAP:
        return []
    free = [p for p, (code, _, fish) in enumerate(own) if fish < SPACES[code]]
    mine = sum(STRENGTH[code] + shields for code, shields, _ in own)
    theirs = sum(STRENGTH[code] + shields for code, shields, _ in opposing)
    return free if free and mine >= theirs else []


def _side(pick: random.Random, size: int) -> tuple[Slot, ...]:
    out = []
    for _ in range(size):
        code = pick.randrange(2 * K)
        out.append((code, pick.randrange(3), pick.randrange(SPACES[code] + 1)))
    return tuple(out)


def test_catch_spaces_is_the_plain_rule_on_many_sides() -> None:
    pick = random.Random(11)
    catches = 0
    for _ in range(5000):
        own = _side(pick, pick.choice([COLUMN_CAP, COLUMN_CAP, pick.randrange(COLUMN_CAP + 1)]))
        opposing = _side(pick, pick.randrange(COLUMN_CAP + 1))
        got = catch_spaces(own, opposing)
        assert list(got) == _plain_catch(list(own), list(opposing))
        catches += bool(got)
    assert 500 < catches < 4500  # both answers were exercised


def test_open_and_full_column_tables_follow_the_lengths() -> None:
    for lengths in [(a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)]:
        a, b, c, d = lengths
        assert _OPEN[a][b][c][d] == sum(1 << i for i, n in enumerate(lengths) if n < COLUMN_CAP)
        assert _FULL[a][b][c][d] == sum(1 << i for i, n in enumerate(lengths) if n == COLUMN_CAP)
    for mask in range(1, 1 << COLUMNS):
        low = _LOWEST[mask]
        assert mask >> low & 1 and not mask & ((1 << low) - 1)
