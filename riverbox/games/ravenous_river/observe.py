"""A fixed-length numeric encoding of a view, for learning adapters (computed from the view only)."""

from __future__ import annotations

from typing import Any

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


def observation(view: dict[str, Any]) -> list[float]:
    """Encode ``view`` into ``OBSERVATION_SIZE`` floats in [0, 1] (roughly)."""
    out: list[float] = []

    def onehot(index: int | None, size: int) -> None:
        block = [0.0] * size
        if index is not None and 0 <= index < size:
            block[index] = 1.0
        out.extend(block)

    def animals(items: list[str] | None) -> None:
        block = [0.0] * 7
        for a in items or ():
            block[INDEX[a]] = 1.0
        out.extend(block)

    def cards(items: list[str] | None, scale: float) -> None:
        block = [0.0] * NUM_KINDS
        for c in items or ():
            block[CARD_INDEX[c]] += scale
        out.extend(block)

    onehot(view["seat"], 7)
    onehot(view["players"] - 2, 6)
    onehot(PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES))
    onehot(7 if view["turn"] is None else view["turn"], 8)
    for i, x in enumerate(view["row"]):
        block = [0.0] * 10
        if x is None:
            block[0] = 1.0
        elif x == "?":
            block[1] = 1.0
        else:
            block[2 + INDEX[x]] = 1.0
            block[9] = 0.0 if view["row_seen_by"][i] else 1.0
        out.extend(block)
    out.extend(len(s) / 7 for s in view["row_seen_by"])
    animals(view["bank"])
    for b in range(2):
        animals(view["boats"][b])
        onehot(BOAT_STATUS.index(view["boat_status"][b]), len(BOAT_STATUS))
    animals(view["totems"])
    animals(view["drawn"])
    cards(view["hand"], 0.5)
    n = view["players"]
    out.extend([h / 4 for h in view["hand_sizes"]] + [0.0] * (7 - n))
    out.extend([s / view["target"] for s in view["scores"]] + [0.0] * (7 - n))
    cards(view["discard"], 0.5)
    pending = view["pending"] or {}
    onehot(pending.get("slot"), 7)
    onehot(CARD_INDEX[pending["card"]] if "card" in pending else None, NUM_KINDS)
    out.append(float(pending.get("stage", 0)))
    peeked = [0.0] * 7
    for i in pending.get("peeked", ()):
        peeked[i] = 1.0
    out.extend(peeked)
    voted = view["voted"] or []
    out.extend([1.0 if v else 0.0 for v in voted] + [0.0] * (7 - len(voted)))
    out.extend([1.0 if view["my_vote"] == "end" else 0.0, 1.0 if view["my_vote"] == "continue" else 0.0])
    out.append(view["deck_size"] / 14)
    out.append(min(view["round"], 20) / 20)
    return out
