"""Build River Rivals positions directly for rule tests (no chance entries; not for records)."""

from __future__ import annotations

from collections.abc import Iterable

import riverbox
from riverbox.games.river_rivals.actions import parse
from riverbox.games.river_rivals.content import EQ_INDEX, EQUIPMENT, KIND_INDEX, K
from riverbox.games.river_rivals.state import MAIN, RiverRivalsState

Card = str | tuple[str, int, int] | tuple[str, int, int, int]


def code(kind: str, owner: int = 0) -> int:
    return owner * K + KIND_INDEX[kind]


def slot(card: Card, owner: int) -> tuple[int, int, int]:
    """``"otter"`` or ``("otter", shields, fish)`` or ``("otter", shields, fish, set)``."""
    if isinstance(card, str):
        return (code(card, owner), 0, 0)
    if len(card) == 4:
        return (code(card[0], card[3]), card[1], card[2])
    return (code(card[0], owner), card[1], card[2])


def make(
    mode: str = "basic",
    *,
    active: int = 0,
    hands: tuple[Iterable[str], Iterable[str]] = ((), ()),
    piles: tuple[Iterable[str], Iterable[str]] | None = None,
    board: dict[tuple[int, int], list[Card]] | None = None,
    supply: tuple[int, int] = (8, 8),
    shields: int = 8,
    equipment: tuple[Iterable[str], Iterable[str]] = ((), ()),
    **options: object,
) -> RiverRivalsState:
    """A position with ``active`` to move at the start of its turn. Board keys are (side, column 0-3)."""
    game = riverbox.load("river-rivals", mode=mode, **options)
    s = game.new_state(0)
    assert isinstance(s, RiverRivalsState)
    s.hands = [sorted(code(k, i) for k in hands[i]) for i in (0, 1)]
    if piles is None:
        piles = (["otter"] * 5, ["otter"] * 5)
    s.piles = [[code(k, i) for k in piles[i]] for i in (0, 1)]
    s.removed = [[], []]
    s.board = [()] * 8
    for (side, col), cards in (board or {}).items():
        s.board[side * 4 + col] = tuple(slot(c, side) for c in cards)
    s.supply = list(supply)
    s.shields = shields
    s.equipment = [[EQ_INDEX[e] for e in equipment[i]] for i in (0, 1)]
    s.mechs = (
        frozenset(EQUIPMENT[e].mechanic for e in s.equipment[0]),
        frozenset(EQUIPMENT[e].mechanic for e in s.equipment[1]),
    )
    s.offer = []
    s.picks = 3
    s.used = s.turn_used = 0
    s.unknown = 0
    s.stack = []
    s.winners_ = []
    s.idle = 0
    s.turn = 1
    s.phase = MAIN
    s.active = active
    s.acted = s.started = s.progress = False
    s.chain = 0
    s.to_move = (active,)
    s.history = []
    s._lkey = None
    return s


def act(state: RiverRivalsState, *texts: str) -> RiverRivalsState:
    for text in texts:
        state.apply(parse(text), state.to_move[0] if state.to_move else 0)
    return state


def legal(state: RiverRivalsState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def side(state: RiverRivalsState, s: int, col: int) -> list[tuple[str, int, int]]:
    """Cards on side ``s`` of column ``col`` (0-based) as (kind, shields, fish)."""
    from riverbox.games.river_rivals.content import KINDS

    return [(KINDS[c % K].slug, sh, f) for c, sh, f in state.board[s * 4 + col]]


def caught(state: RiverRivalsState, s: int) -> int:
    return 8 - state.supply[s]
