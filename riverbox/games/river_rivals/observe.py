"""A fixed-length float encoding of a River Rivals view (for learning adapters).

Computed from ``state.view(seat)`` only, so it leaks nothing. It is written from the viewing
seat's side ("me" first, then the opponent); the spectator view is encoded from seat 0's side
with an empty hand.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.memo import LastBlock
from riverbox.games.river_rivals.content import COLUMN_CAP, COLUMNS, EQ_INDEX, KIND_INDEX, E, K
from riverbox.games.river_rivals.frames import RULES
from riverbox.games.river_rivals.phases import PHASE_NAMES as _PHASES

_FRAMES = tuple(r.slug for r in RULES)

_SLOT = K + 4
OBSERVATION_SIZE = (
    K
    + 5
    + 2 * COLUMNS * COLUMN_CAP * _SLOT
    + 2 * COLUMNS
    + 3
    + 2 * K
    + len(_PHASES)
    + 2
    + len(_FRAMES)
    + COLUMNS
    + COLUMN_CAP
    + 4 * E
    + E
    + 3
    + K
)


def _column_block(col: list[dict[str, Any]]) -> list[float]:
    """One column of one side: per place, present, animal, shields, fish and empty fish spaces."""
    out: list[float] = []
    for p in range(COLUMN_CAP):
        slot = [0.0] * _SLOT
        if p < len(col):
            card = col[p]
            slot[0] = 1.0
            slot[1 + KIND_INDEX[card["animal"]]] = 1.0
            slot[K + 1] = card["shields"] / 2
            slot[K + 2] = card["fish"] / 2
            slot[K + 3] = (card["spaces"] - card["fish"]) / 2
        out += slot
    return out


def _strength_block(strength: list[list[int]], me: int) -> list[float]:
    return [v / 10 for side in (me, 1 - me) for v in strength[side]]


# The board is most of the vector; a view shares each side's unchanged columns with the views
# before it, so each column's block is remembered with its column (``LastBlock``), and the same
# list comes back while the column stays (the adapters then skip it by identity).
_COLUMN: tuple[tuple[LastBlock[list[float]], ...], ...] = tuple(
    tuple(LastBlock() for _ in range(COLUMNS)) for _ in range(2)
)
_STRENGTH: tuple[LastBlock[list[float]], ...] = (LastBlock(), LastBlock())


def _head(view: dict[str, Any], me: int, op: int) -> list[float]:
    """The seat's hand and the two sides' card counts."""
    hand = [0.0] * K
    for slug in view["hand"] or ():
        hand[KIND_INDEX[slug]] += 1 / 3
    hand += [
        view["hand_sizes"][me] / 8,
        view["hand_sizes"][op] / 8,
        view["pile_sizes"][me] / 18,
        view["pile_sizes"][op] / 18,
        view["hand_foreign"][op] / 3,
    ]
    return hand


def _tail(view: dict[str, Any], me: int, op: int) -> list[float]:
    """Fish and shields, removed cards, phase, turn, pending decision, equipment, offer, result, pile."""
    out = [view["fish_caught"][me] / 8, view["fish_caught"][op] / 8, view["shield_supply"] / 8]
    for side in (me, op):
        rem = [0.0] * K
        for slug in view["removed"][side]:
            rem[KIND_INDEX[slug]] += 1 / 3
        out += rem
    out += [1.0 if view["phase"] == ph else 0.0 for ph in _PHASES]
    out += [1.0 if view["active"] == me else 0.0, 1.0 if view["acted"] else 0.0]
    pend = view["pending"]
    out += [1.0 if pend and pend["type"] == f else 0.0 for f in _FRAMES]
    out += [1.0 if pend and pend["column"] == c + 1 else 0.0 for c in range(COLUMNS)]
    out += [1.0 if pend and pend.get("card") == p + 1 else 0.0 for p in range(COLUMN_CAP)]
    for side in (me, op):
        owned = [0.0] * E
        used = [0.0] * E
        for item in view["equipment"][side]:
            owned[EQ_INDEX[item["id"]]] = 1.0
            used[EQ_INDEX[item["id"]]] = 1.0 if item["used"] else 0.0
        out += owned + used
    offer = [0.0] * E
    for slug in view["offer"]:
        offer[EQ_INDEX[slug]] = 1.0
    out += offer
    out += [
        1.0 if view["over"] else 0.0,
        1.0 if me in view["winners"] else 0.0,
        1.0 if op in view["winners"] else 0.0,
    ]
    pile = [0.0] * K
    for slug in view["pile"] or ():
        pile[KIND_INDEX[slug]] += 1 / 3
    out += pile
    return out


def blocks(view: dict[str, Any]) -> list[list[float]]:
    """``encode`` in blocks whose concatenation it is: an unchanged column or strength block is
    the same list as last time (``LastBlock``)."""
    me = view["seat"] if view["seat"] in (0, 1) else 0
    op = 1 - me
    board = view["board"]
    out = [_head(view, me, op)]
    for side in (me, op):
        remembered = _COLUMN[side]
        cols = board[side]
        for c in range(COLUMNS):
            out.append(remembered[c](_column_block, cols[c]))
    out.append(_STRENGTH[me](_strength_block, view["strength"], me))
    out.append(_tail(view, me, op))
    return out


def encode(view: dict[str, Any]) -> list[float]:
    """The encoding of the module docstring: the blocks of ``blocks`` one after the other."""
    out: list[float] = []
    for block in blocks(view):
        out += block
    return out
