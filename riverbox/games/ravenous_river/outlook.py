"""Each seat's chance of winning from a position, for search leaves (``Game.win_chances``).

Search stops its simulations at the end of a round and scores the position. A lead in VP is a
poor score for that: two-player games are won in two or three rounds of about three VP each, so
the same lead of 2 VP is nearly decisive at 5-3 and worth little at 2-0, and ending a round at
6-5 wins the game where 5-4 does not. So with two players the leaf is the chance to win from the
scores, worked out from how many VP each seat gains in a round (:data:`ROUND_GAINS`, counted in
games between two heuristic bots) and the winning rule (the target, with strictly the most VP).

A simulation cut inside a round (a search ``depth``) scores the board as if the round ended now
(the seats' totems as the determinized world holds them) before asking for the chance.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from riverbox.core.game import State
from riverbox.games.ravenous_river.position import SUNK
from riverbox.games.ravenous_river.scoring import _score_masks

ROUND_GAINS: dict[tuple[int, int], int] = {
    (0, 3): 5, (0, 4): 10, (0, 5): 45, (0, 6): 65, (0, 7): 11, (0, 8): 53,
    (1, 2): 47, (1, 3): 24, (1, 4): 141, (1, 5): 70, (1, 6): 36, (1, 7): 17,
    (2, 1): 47, (2, 2): 222, (2, 3): 194, (2, 4): 87, (2, 5): 39, (2, 6): 51, (2, 7): 2,
    (3, 0): 5, (3, 1): 24, (3, 2): 194, (3, 3): 106, (3, 4): 66, (3, 5): 35, (3, 6): 10,
    (4, 0): 10, (4, 1): 141, (4, 2): 87, (4, 3): 66, (4, 4): 26, (4, 5): 7,
    (5, 0): 45, (5, 1): 70, (5, 2): 39, (5, 3): 35, (5, 4): 7,
    (6, 0): 65, (6, 1): 36, (6, 2): 51, (6, 3): 10,
    (7, 0): 11, (7, 1): 17, (7, 2): 2, (8, 0): 53,
}  # fmt: skip
"""How often a round gave (one seat, the other) these VP: 1192 rounds of 600 two-player games
between heuristic bots, counted in both orders so that neither seat is favoured."""

_TOTAL = sum(ROUND_GAINS.values())
_GAINS = [(x, y, n / _TOTAL) for (x, y), n in ROUND_GAINS.items()]
_FAR = 40
"""Past this many VP above the target both seats are tied on and on (never in practice): call it even."""


@cache
def win_chance(mine: int, rival: int, target: int) -> float:
    """The chance that a seat with ``mine`` VP beats one with ``rival`` before a new round.

    A round that leaves one seat at the target or more with strictly the most VP ends the game;
    otherwise another round follows. Every round adds VP, so the recursion ends.
    """
    if min(mine, rival) > target + _FAR:
        return 0.5
    total = 0.0
    for x, y, p in _GAINS:
        a, b = mine + x, rival + y
        if max(a, b) >= target and a != b:
            total += p * (a > b)
        else:
            total += p * win_chance(a, b, target)
    return total


def round_now(state: Any) -> list[int]:
    """The VP each seat would gain if the round were scored on the board as it stands."""
    bank = 0
    for x in state.bank:
        bank |= 1 << x
    boats: list[int | None] = []
    for b in (0, 1):
        if state.bstate[b] == SUNK:
            boats.append(None)
            continue
        m = 0
        for x in state.boats[b]:
            m |= 1 << x
        boats.append(m)
    row = 0
    for x in state.row:
        if x >= 0:
            row |= 1 << x
    vp = list(_score_masks(bank, boats, row, None).values())
    return [sum(vp[t] for t in totems) for totems in state.totems]


def win_chances(state: State) -> list[float] | None:
    """Each seat's chance to win on the returns scale (2p - 1), or ``None`` beyond two players."""
    s: Any = state
    if s.n != 2:
        return None
    if state.is_over:
        return state.returns()
    now = round_now(s) if s.bank or s.boats[0] or s.boats[1] else [0, 0]
    a, b = s.score[0] + now[0], s.score[1] + now[1]
    if max(a, b) >= s.target and a != b and any(now):
        p = 1.0 if a > b else 0.0
    else:
        p = win_chance(a, b, s.target)
    return [2.0 * p - 1.0, 1.0 - 2.0 * p]
