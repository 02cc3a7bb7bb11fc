"""A fixed-length float encoding of a River Rivals view (for learning adapters).

Computed from ``state.view(seat)`` only, so it leaks nothing. It is written from the viewing
seat's side ("me" first, then the opponent); the spectator view is encoded from seat 0's side
with an empty hand.

``encode(view)`` is the definition; ``state_blocks(position, seat)`` gives the same numbers
read straight from the position (the adapters' path: building the view costs more than
encoding it). It reads only what ``view.build_view`` shows the seat (the seat's own hand, its
own draw pile only while the seat knows it, everything else public); tests compare the two for
both seats and the spectator at every step of random games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riverbox.core.memo import LastBlock
from riverbox.games.river_rivals.content import (
    COLUMN_CAP,
    COLUMNS,
    EQ_INDEX,
    FISH,
    KIND_INDEX,
    KIND_OF,
    SPACES,
    STRENGTH,
    E,
    K,
)
from riverbox.games.river_rivals.frames import RULES
from riverbox.games.river_rivals.position import OVER
from riverbox.games.river_rivals.position import PHASE_NAMES as _PHASES

if TYPE_CHECKING:
    from riverbox.games.river_rivals.position import Position

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


# -- the same numbers read from the position (the adapters' path: no view is built) ----------------

_THIRDS = [0.0]
for _ in range(3 * 2 * K + 8):  # a count as the view's encoding sums it: 1/3 added once per card
    _THIRDS.append(_THIRDS[-1] + 1 / 3)


_COUNTS: dict[tuple[int, ...], list[float]] = {}


def _counts(codes: list[int]) -> list[float]:
    """Cards per kind, each card 1/3 (a hand, a pile or removed cards, foreign cards included):
    one shared list per distinct list of cards (hands are sorted, so they repeat)."""
    key = tuple(codes)
    block = _COUNTS.get(key)
    if block is None:
        n = [0] * K
        for c in codes:
            n[KIND_OF[c]] += 1
        block = [_THIRDS[k] for k in n]
        if len(_COUNTS) > 50_000:
            _COUNTS.clear()
        _COUNTS[key] = block
    return block


_SIDES: dict[tuple[tuple[int, int, int], ...], tuple[list[float], float]] = {}


def _side_block(side: tuple[tuple[int, int, int], ...]) -> tuple[list[float], float]:
    """``_column_block`` of a column side ``(code, shields, fish)`` per card and the side's
    strength / 10: each distinct side is encoded once (one shared list)."""
    hit = _SIDES.get(side)
    if hit is None:
        block: list[float] = []
        for code, shields, fish in side:
            slot = [0.0] * _SLOT
            slot[0] = 1.0
            slot[1 + KIND_OF[code]] = 1.0
            slot[K + 1] = shields / 2
            slot[K + 2] = fish / 2
            slot[K + 3] = (SPACES[code] - fish) / 2
            block += slot
        block += [0.0] * (_SLOT * (COLUMN_CAP - len(side)))
        total = 0
        for code, shields, _ in side:
            total += STRENGTH[code] + shields
        if len(_SIDES) > 50_000:
            _SIDES.clear()
        hit = _SIDES[side] = (block, total / 10)
    return hit


_BOARD: list[Any] = [None, None]
"""The last board (a copy of the list of side tuples, which are replaced, never changed) and its
blocks and strengths per side: most steps leave the board as it was."""


def _board_blocks(board: list[tuple[tuple[int, int, int], ...]]) -> list[tuple[list[float], float]]:
    if _BOARD[0] != board:
        _BOARD[0], _BOARD[1] = board[:], [_side_block(side) for side in board]
    sides: list[tuple[list[float], float]] = _BOARD[1]
    return sides


_PHASE_BLOCKS = [[1.0 if i == ph else 0.0 for i in range(len(_PHASES))] for ph in range(len(_PHASES))]
_NO_PENDING = [0.0] * (len(_FRAMES) + COLUMNS + COLUMN_CAP)
_PENDING: dict[tuple[int, int, int], list[float]] = {}


def _pending_block(frame: int, col: int, pos: int) -> list[float]:
    """Pending type, column and card of a stack frame, as ``_tail`` reads them from the view."""
    key = (frame, col, pos)
    block = _PENDING.get(key)
    if block is None:
        rule = RULES[frame]
        block = [1.0 if rule.slug == f else 0.0 for f in _FRAMES]
        block += [1.0 if rule.column and col == c else 0.0 for c in range(COLUMNS)]
        block += [1.0 if rule.shows_card and pos == p else 0.0 for p in range(COLUMN_CAP)]
        if len(_PENDING) > 10_000:
            _PENDING.clear()
        _PENDING[key] = block
    return block


def state_blocks(st: Position, seat: int | None) -> list[list[float]]:
    """``blocks(st.view(seat))`` read from the position (``build_view`` is the reference: every
    value below is the one the view shows): a new list of blocks, a column side's block the same
    list while the side stays (blocks are never changed once handed out)."""
    me = seat if seat == 0 or seat == 1 else 0
    op = 1 - me
    adv = st.adv
    hands, piles = st.hands, st.piles
    head = _counts(hands[seat])[:] if seat is not None else [0.0] * K
    if not adv:
        foreign = 0
    elif op == 0:
        foreign = len([c for c in hands[0] if c >= K])
    else:
        foreign = len([c for c in hands[1] if c < K])
    head += [len(hands[me]) / 8, len(hands[op]) / 8, len(piles[me]) / 18, len(piles[op]) / 18, foreign / 3]
    sides = _board_blocks(st.board)
    sides = sides[me * COLUMNS : me * COLUMNS + COLUMNS] + sides[op * COLUMNS : op * COLUMNS + COLUMNS]
    strength = [side[1] for side in sides]
    supply = st.supply
    out = [(FISH - supply[me]) / 8, (FISH - supply[op]) / 8, st.shields / 8]
    removed = st.removed
    out += _counts(removed[me])
    out += _counts(removed[op])
    out += _PHASE_BLOCKS[st.phase]
    out += [1.0 if st.active == me else 0.0, 1.0 if st.acted else 0.0]
    stack = st.stack
    if stack:
        fr = stack[-1]
        out += _pending_block(fr[0], fr[1], fr[2])
    else:
        out += _NO_PENDING
    if adv:
        used = st.used
        for who in (me, op):
            owned = [0.0] * E
            spent = [0.0] * E
            for e in st.equipment[who]:
                owned[e] = 1.0
                spent[e] = 1.0 if used >> e & 1 else 0.0
            out += owned
            out += spent
        offer = [0.0] * E
        for e in st.offer:
            offer[e] = 1.0
        out += offer
    else:
        out += [0.0] * (5 * E)
    winners = st.winners_
    out += [1.0 if st.phase == OVER else 0.0, 1.0 if me in winners else 0.0, 1.0 if op in winners else 0.0]
    if seat is not None and not st.unknown >> seat & 1:
        out += _counts(piles[seat])
    else:
        out += [0.0] * K
    return [head, *[side[0] for side in sides], strength, out]
