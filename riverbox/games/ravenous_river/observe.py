"""A fixed-length numeric encoding of a view, for learning adapters (computed from the view only)."""

from __future__ import annotations

from typing import Any

from riverbox.core.memo import LastBlock
from riverbox.games.ravenous_river.content import CARD_INDEX, NUM_KINDS
from riverbox.games.ravenous_river.position import (
    BOAT_STATUS,
    CARD,
    KEEP,
    OVER,
    PHASE_NAMES,
    PLACE,
    VOTE,
    RiverBoard,
)
from riverbox.games.ravenous_river.scoring import INDEX

OBSERVATION_SIZE = (
    7  # my seat
    + 6  # player count 2..7
    + 6  # phase
    + 8  # whose turn (7 seats + none)
    + 7 * 10  # row: empty, unknown, 7 animals, face up
    + 7  # how many seats know each face-down row card
    + 7  # bank
    + 2 * (7 + 3)  # boats: animals + status
    + 7  # my totems
    + 7  # my drawn totems (2 players)
    + NUM_KINDS  # my hand (counts)
    + 7  # hand sizes
    + 7  # scores / target
    + NUM_KINDS  # discard pile (counts)
    + 7  # pending place slot
    + NUM_KINDS  # pending card
    + 1  # pending stage
    + 7  # peeked slots
    + 7  # who has voted
    + 2  # my vote
    + 1  # deck size
    + 1  # round
)


def _onehot(index: int | None, size: int) -> list[float]:
    block = [0.0] * size
    if index is not None and 0 <= index < size:
        block[index] = 1.0
    return block


def _animals(items: list[str] | None) -> list[float]:
    block = [0.0] * 7
    for a in items or ():
        block[INDEX[a]] = 1.0
    return block


def _cards(items: list[str] | None) -> list[float]:
    block = [0.0] * NUM_KINDS
    for c in items or ():
        block[CARD_INDEX[c]] += 0.5
    return block


def _table(
    row: list[str | None],
    row_seen_by: list[list[int]],
    bank: list[str],
    boats: list[list[str]],
    status: list[str],
) -> list[float]:
    """The row, who knows each face-down card, the bank and the boats."""
    out: list[float] = []
    for i, x in enumerate(row):
        block = [0.0] * 10
        if x is None:
            block[0] = 1.0
        elif x == "?":
            block[1] = 1.0
        else:
            block[2 + INDEX[x]] = 1.0
            block[9] = 0.0 if row_seen_by[i] else 1.0
        out += block
    out += [len(s) / 7 for s in row_seen_by]
    out += _animals(bank)
    for b in range(2):
        out += _animals(boats[b])
        out += _onehot(BOAT_STATUS.index(status[b]), len(BOAT_STATUS))
    return out


def _mine(totems: list[str] | None, drawn: list[str] | None, hand: list[str] | None) -> list[float]:
    """The seat's totems, drawn cards and hand (a spectator's view has none of them: None)."""
    return _animals(totems) + _animals(drawn) + _cards(hand)


def _counts(n: int, hand_sizes: list[int], scores: list[int], target: int, discard: list[str]) -> list[float]:
    pad = [0.0] * (7 - n)
    return [h / 4 for h in hand_sizes] + pad + [s / target for s in scores] + pad + _cards(discard)


_SEATS = 8  # seats 0..6 and the spectator
_MINE: tuple[LastBlock[list[float]], ...] = tuple(LastBlock() for _ in range(_SEATS))
_TABLE: LastBlock[list[float]] = LastBlock()
_COUNTS: LastBlock[list[float]] = LastBlock()
_HEADS: dict[tuple[int, int, str, int | None], list[float]] = {}


def _head(seat: int | None, n: int, phase: str, turn: int | None) -> list[float]:
    """Seat, player count, phase and whose turn: few distinct values, so each block is made once
    and the same list comes back (the adapters skip an unchanged block by identity)."""
    key = (-1 if seat is None else seat, n, phase, turn)
    block = _HEADS.get(key)
    if block is None:
        block = _onehot(seat, 7)
        block += _onehot(n - 2, 6)
        block += _onehot(PHASE_NAMES.index(phase), len(PHASE_NAMES))
        block += _onehot(7 if turn is None else turn, 8)
        _HEADS[key] = block
    return block


def _tail(view: dict[str, Any]) -> list[float]:
    """The pending decision, votes, deck size and round."""
    pending = view["pending"] or {}
    out = _onehot(pending.get("slot"), 7)
    out += _onehot(CARD_INDEX[pending["card"]] if "card" in pending else None, NUM_KINDS)
    out.append(float(pending.get("stage", 0)))
    peeked = [0.0] * 7
    for i in pending.get("peeked", ()):
        peeked[i] = 1.0
    out += peeked
    voted = view["voted"] or []
    out += [1.0 if v else 0.0 for v in voted] + [0.0] * (7 - len(voted))
    out += [1.0 if view["my_vote"] == "end" else 0.0, 1.0 if view["my_vote"] == "continue" else 0.0]
    out.append(view["deck_size"] / 14)
    out.append(min(view["round"], 20) / 20)
    return out


def blocks(view: dict[str, Any]) -> list[list[float]]:
    """``observation`` in blocks whose concatenation it is. The parts that are often the same
    objects from one view to the next (views share what did not change) are remembered with
    them (``LastBlock``), per seat where a seat's view has its own copy: the table, the seat's own
    things and the public counts; an unchanged block is the same list as last time."""
    seat = view["seat"]
    n = view["players"]
    slot = seat if seat is not None and 0 <= seat < 7 else 7
    return [
        _head(seat, n, view["phase"], view["turn"]),
        _TABLE(_table, view["row"], view["row_seen_by"], view["bank"], view["boats"], view["boat_status"]),
        _MINE[slot](_mine, view["totems"], view["drawn"], view["hand"]),
        _COUNTS(_counts, n, view["hand_sizes"], view["scores"], view["target"], view["discard"]),
        _tail(view),
    ]


def observation(view: dict[str, Any]) -> list[float]:
    """Encode ``view`` into ``OBSERVATION_SIZE`` floats in [0, 1] (roughly): the blocks of ``blocks``
    one after the other."""
    out: list[float] = []
    for block in blocks(view):
        out += block
    return out


# -- the same numbers read from the state (the adapters' path: no view is built) ------------------
# Each function reads only what ``view.build_view`` shows the seat; tests compare the two
# encodings for every seat and the spectator at every step of random games.

_SLOT_BLOCKS: list[list[float]] = [_onehot(0, 10), _onehot(1, 10)] + [_onehot(2 + a, 10) for a in range(7)]
"""Row slot blocks: empty, face down unknown, then per animal known to someone (last value 0)."""
_UP_BLOCKS: list[list[float]] = [[*_onehot(2 + a, 10)[:9], 1.0] for a in range(7)]
"""Row slot blocks of an animal nobody knows privately: a face-up card (last value 1)."""
_SEEN = [bin(m).count("1") / 7 for m in range(1 << 7)]


_FACE_DOWN = _SLOT_BLOCKS[1]
_EMPTY_SLOT = _SLOT_BLOCKS[0]


def _state_row(st: RiverBoard, me: int) -> list[float]:
    """The row part of ``_table`` of ``st.view(seat)`` (``me``: the seat's bit, 0 for the
    spectator) and how many seats know each card: a card shows its animal where the seat knows it
    (face up, or seen by the seat), flagged face up while no seat knows it privately."""
    row, known, up = st.row, st.known, st.up
    out: list[float] = []
    for i in range(7):
        x = row[i]
        if x < 0:
            out += _EMPTY_SLOT
        elif known[i]:
            out += _SLOT_BLOCKS[2 + x] if up >> i & 1 or known[i] & me else _FACE_DOWN
        elif up >> i & 1:
            out += _UP_BLOCKS[x]
        else:
            out += _FACE_DOWN
    out += [_SEEN[k] for k in known]
    return out


def _state_boats(st: RiverBoard) -> list[float]:
    """The bank and boats part of ``_table`` (public)."""
    out = [0.0] * 7
    for a in st.bank:
        out[a] = 1.0
    for b in range(2):
        boat = [0.0] * 7
        for a in st.boats[b]:
            boat[a] = 1.0
        out += boat
        out += _onehot(st.bstate[b], len(BOAT_STATUS))
    return out


def _state_mine(st: RiverBoard, seat: int | None) -> list[float]:
    """``_mine``: the seat's totems, drawn totems (two players) and hand (none for a spectator)."""
    out = [0.0] * (14 + NUM_KINDS)
    if seat is None:
        return out
    for a in st.totems[seat]:
        out[a] = 1.0
    if st.n == 2:
        for a in st.drawn[seat]:
            out[7 + a] = 1.0
    for k in st.hands[seat]:
        out[14 + k] += 0.5
    return out


def _state_counts(st: RiverBoard) -> list[float]:
    """``_counts``: hand sizes, scores against the target and the discard pile."""
    pad = [0.0] * (7 - st.n)
    target = st.target
    out = [len(h) / 4 for h in st.hands] + pad + [s / target for s in st.score] + pad
    discard = [0.0] * NUM_KINDS
    for k in st.discard:
        discard[k] += 0.5
    return out + discard


def _state_tail(st: RiverBoard, seat: int | None) -> list[float]:
    """``_tail``: the pending decision, votes, deck size and round."""
    phase = st.phase
    out = _onehot(st.look if phase == PLACE else None, 7)
    out += _onehot(st.card if phase == CARD else None, NUM_KINDS)
    out.append(float(st.stage) if phase == CARD else 0.0)
    peeked = [0.0] * 7
    if phase == CARD:
        for i in st.peeks:
            peeked[i] = 1.0
    out += peeked
    if phase == VOTE:
        votes = st.votes
        out += [1.0 if v >= 0 else 0.0 for v in votes] + [0.0] * (7 - len(votes))
        mine = votes[seat] if seat is not None else -1
        out += [1.0 if mine == 1 else 0.0, 1.0 if mine == 0 else 0.0]
    else:
        out += [0.0] * 9
    out.append(len(st.deck) / 14)
    out.append(min(st.rnd, 20) / 20)
    return out


class _Kept:
    """A block and the state values it came from (copies, compared by value: the block is reused
    only for equal values, whatever the state)."""

    __slots__ = ("block", "key")

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.block: list[float] = []


_MINE_KEPT = tuple(_Kept() for _ in range(7))
_BOATS = _Kept()
_COUNTS_KEPT = _Kept()


def state_blocks(st: RiverBoard, seat: int | None) -> list[list[float]]:
    """``blocks(st.view(seat))`` read from the state, without building the view: a new list of
    blocks (the table in two: the row, then the bank and boats), the bank and boats, the seat's
    own things and the counts the same lists as in the last call while the values they come from
    stay equal (blocks are never changed once handed out)."""
    phase = st.phase
    head = _head(seat, st.n, PHASE_NAMES[phase], None if phase in (OVER, KEEP) else st.turn)
    row = _state_row(st, 0 if seat is None else 1 << seat)
    bank, boats, bstate = st.bank, st.boats, st.bstate
    kept = _BOATS
    key = kept.key
    if key is None or key[0] != bank or key[1] != boats or key[2] != bstate:
        kept.block = _state_boats(st)
        kept.key = (bank[:], [b[:] for b in boats], bstate[:])
    boat_block = kept.block
    if seat is None:
        mine = _NO_MINE
    else:
        totems, hand = st.totems[seat], st.hands[seat]
        drawn = st.drawn[seat] if st.n == 2 else _NO_DRAWN  # drawn totems: two players only
        kept = _MINE_KEPT[seat]
        key = kept.key
        if key is None or key[0] != totems or key[1] != drawn or key[2] != hand or key[3] != st.n:
            kept.block = _state_mine(st, seat)
            kept.key = (totems[:], drawn[:], hand[:], st.n)
        mine = kept.block
    sizes = [len(h) for h in st.hands]
    kept = _COUNTS_KEPT
    key = kept.key
    if key is None or key[0] != sizes or key[1] != st.score or key[2] != st.discard or key[3] != st.target:
        kept.block = _state_counts(st)
        kept.key = (sizes, st.score[:], st.discard[:], st.target)
    return [head, row, boat_block, mine, kept.block, _state_tail(st, seat)]


_NO_MINE = [0.0] * (14 + NUM_KINDS)
_NO_DRAWN: list[int] = []
