"""A fixed-length float encoding of what River Wild's player sees (for learning adapters).

Layout: per card, where it is (in hand, face-up top of the deck, placed, unseen: one-hot), then
per card its side (1 for the back), row / n and column / n if placed, then score / 50, Protected
Lands / 8, deck size / n and whether the game is over (n: cards in the deck).

Everything here is public (the hand lies face up; only the order of the face-down deck is
hidden), so the encoding reads either the view or, faster, the state's own lists: the hand, the
top card, the layout, the score, the lands and the deck's size, which are what the view shows.
Tests check that both give the same numbers at every step of random games.

The vector comes in blocks (one per card and part) that are the same list objects whenever they
hold the same numbers, so the adapters rewrite only the few a placement changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riverbox.games.river_wild.board import key_pos

if TYPE_CHECKING:
    from riverbox.games.river_wild.state import RiverWildState

HAND, TOP, PLACED, UNSEEN = 0, 1, 2, 3
_WHERE_BLOCKS: list[list[float]] = [[1.0 if i == k else 0.0 for i in range(4)] for k in range(4)]
"""The where-block of each status, shared (blocks are never changed once made)."""
_NO_GEO: list[float] = [0.0, 0.0, 0.0]
_GEO: dict[tuple[int, int, int, int], list[float]] = {}


def _geo(back: int, row: int, col: int, n: int) -> list[float]:
    """A placed card's side, row and column block (one shared list per value)."""
    key = (back, row, col, n)
    block = _GEO.get(key)
    if block is None:
        if len(_GEO) > 100_000:
            _GEO.clear()
        block = _GEO[key] = [float(back), row / n, col / n]
    return block


def _blocks(status: list[int], geo: list[list[float]], tail: list[float]) -> list[list[float]]:
    out = [_WHERE_BLOCKS[s] for s in status]
    out += geo
    out.append(tail)
    return out


def view_blocks(index_of: Any, n: int, view: dict[str, Any]) -> list[list[float]]:
    """The blocks of a view; ``index_of`` maps a card id to its index in the deck."""
    status = [UNSEEN] * n
    geo = [_NO_GEO] * n
    for cid in view["hand"]:
        status[index_of(cid)] = HAND
    if view["top"] is not None:
        status[index_of(view["top"])] = TOP
    for item in view["layout"][1:]:
        i = index_of(item["card"])
        status[i] = PLACED
        geo[i] = _geo(1 if item["side"] == "back" else 0, item["row"], item["col"], n)
    tail = [
        view["score"] / 50.0,
        len(view["lands"]) / 8.0,
        view["deck_size"] / n,
        1.0 if view["over"] else 0.0,
    ]
    return _blocks(status, geo, tail)


def state_blocks(state: RiverWildState) -> list[list[float]]:
    """The blocks of ``state``'s view (every seat's view is the same), read from the state:
    a face's index is twice its card's index plus its side (1 the back)."""
    n = state.wild.deck.size
    status = [UNSEEN] * n
    geo = [_NO_GEO] * n
    for i in state.hand:
        status[i] = HAND
    deck = state.deck
    if deck:
        status[deck[-1]] = TOP
    board = state.board
    for fi, key in board.placed[1:]:
        i = fi >> 1
        status[i] = PLACED
        row, col = key_pos(key)
        geo[i] = _geo(fi & 1, row, col, n)
    tail = [board.score() / 50.0, len(board.lands) / 8.0, len(deck) / n, 1.0 if state.is_over else 0.0]
    return _blocks(status, geo, tail)


def encode(index_of: Any, n: int, view: dict[str, Any]) -> list[float]:
    """The layout of the module docstring for a view: the blocks one after the other."""
    out: list[float] = []
    for block in view_blocks(index_of, n, view):
        out += block
    return out
