"""River Rivals' rules in rulebook shape: the turn's choices, the catch and the end of the game.

Plain loops over the hand, the columns and the cards, one function per rule, RV ids where a ruling
decides; no masks, tables or ready-made events. The engine (``rules.py``, ``position.py``,
``scoring.py``, ``frames.py``) is the fast form of the same rules;
``tests/games/river_rivals/test_reference.py`` plays many seeded games and, at every step, holds the
engine's legal actions of the turn's action step, its catches and its result to these.

This reference covers the basic game's turn (play, draw, pass), the fish check and the end of the
game. The effects' decisions and the Advanced Mode equipment are stated by their records in
``frames.py`` and ``equipment.py`` (one record per effect or piece, with its legality and its
resolution side by side), which the engine runs as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from riverbox.games.river_rivals.actions import A_DRAW, A_PASS, A_PLAY, RvAction
from riverbox.games.river_rivals.content import (
    COLUMN_CAP,
    COLUMNS,
    FISH,
    HAND_LIMIT,
    KIND_OF,
    SPACES,
    STRENGTH,
)
from riverbox.games.river_rivals.position import _BASKET_LIMIT, MAIN, Position

Slot = tuple[int, int, int]
"""A card on the table: its code, its shields and its fish."""


# ----------------------------------------------------------------------------- strength and catching
def strength(side: Sequence[Slot]) -> int:
    """RV-3: a side's strength is its animals' strengths plus one per shield."""
    total = 0
    for code, shields, _fish in side:
        total += STRENGTH[code] + shields
    return total


def room_for_fish(side: Sequence[Slot]) -> list[int]:
    """RV-2: the cards on a side with a fish space still free."""
    return [pos for pos, (code, _shields, fish) in enumerate(side) if fish < SPACES[code]]


def catch_spaces(own: Sequence[Slot], opposing: Sequence[Slot]) -> list[int]:
    """The fish check of one column: RV-1 only a side of exactly three cards catches, RV-2 into a
    free fish space, RV-17 when its strength is at least the other side's (ties go to the active
    player; an empty side has strength 0). The positions a caught fish may go to; none: no catch."""
    if len(own) != COLUMN_CAP:
        return []
    if strength(own) < strength(opposing):
        return []
    return room_for_fish(own)


def side(st: Position, seat: int, col: int) -> tuple[Slot, ...]:
    return st.board[seat * COLUMNS + col]


# ----------------------------------------------------------------------------- the action step
def hand_limit(st: Position, seat: int) -> int:
    """RV-18: seven cards (the Hand Basket raises it)."""
    return _BASKET_LIMIT if "basket" in st.mechs[seat] else HAND_LIMIT


def cards_drawn(st: Position, seat: int, want: int) -> int:
    """RV-18: a draw takes ``want`` cards, no more than the hand has room for or the pile holds."""
    return max(0, min(want, hand_limit(st, seat) - len(st.hands[seat]), len(st.piles[seat])))


def may_draw(st: Position, seat: int) -> bool:
    """Action B: draw two cards; RV-18 (option): with a full hand, a draw that draws nothing."""
    if cards_drawn(st, seat, 2) > 0:
        return True
    return st.game.options["full_hand_draw"] == "empty" and len(st.piles[seat]) > 0


def plays(st: Position, seat: int) -> list[RvAction]:
    """Action A: play a card of the hand into a column where your side has room (three cards)."""
    out = []
    kinds = sorted({KIND_OF[code] for code in st.hands[seat]})
    for kind in kinds:
        for col in range(COLUMNS):
            if len(side(st, seat, col)) < COLUMN_CAP:
                out.append(A_PLAY[kind][col])
    return out


def action_step(st: Position, seat: int) -> list[RvAction]:
    """The basic game's action step: play or draw; RV-20 (option stuck=pass): a player who can do
    neither passes."""
    out = plays(st, seat)
    if may_draw(st, seat):
        out.append(A_DRAW)
    if not out:
        out.append(A_PASS)
    return out


def legal(st: Position, seat: int) -> list[RvAction] | None:
    """The legal actions when the basic game's action step is due: ``None`` elsewhere (a pending
    decision, the draft, the equipment window), which this reference leaves to the records."""
    if st.adv or st.stack or st.phase != MAIN or st.acted or seat not in st.to_move:
        return None
    return action_step(st, seat)


# ----------------------------------------------------------------------------- the end
def fish_placed(st: Position, seat: int) -> int:
    return FISH - st.supply[seat]


def winner_by_fish(st: Position) -> int | None:
    """The first player to place all their fish wins at once (RB "Winning"): that seat, if any."""
    for seat in (0, 1):
        if fish_placed(st, seat) == FISH:
            return seat
    return None


__all__ = ["action_step", "catch_spaces", "legal", "strength", "winner_by_fish"]
