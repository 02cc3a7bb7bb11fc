"""A fixed-length numeric encoding of a view, for learning adapters (computed from the view only)."""

from __future__ import annotations

from typing import Any

from riverbox.core.memo import LastBlock
from riverbox.games.ravenous_river.board import BOAT_STATUS, PHASE_NAMES
from riverbox.games.ravenous_river.cards import CARD_INDEX, NUM_KINDS
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
_MINE = tuple(LastBlock() for _ in range(_SEATS))
_TABLE = LastBlock()
_COUNTS = LastBlock()


def observation(view: dict[str, Any]) -> list[float]:
    """Encode ``view`` into ``OBSERVATION_SIZE`` floats in [0, 1] (roughly).

    The parts that are often the same objects from one view to the next (views share what did
    not change) are remembered with them (``LastBlock``): the table, the seat's own things and
    the public counts."""
    seat = view["seat"]
    n = view["players"]
    out = _onehot(seat, 7)
    out += _onehot(n - 2, 6)
    out += _onehot(PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES))
    out += _onehot(7 if view["turn"] is None else view["turn"], 8)
    out += _TABLE(_table, view["row"], view["row_seen_by"], view["bank"], view["boats"], view["boat_status"])
    mine = _MINE[seat if seat is not None and 0 <= seat < 7 else 7]
    out += mine(_mine, view["totems"], view["drawn"], view["hand"])
    out += _COUNTS(_counts, n, view["hand_sizes"], view["scores"], view["target"], view["discard"])
    pending = view["pending"] or {}
    out += _onehot(pending.get("slot"), 7)
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
