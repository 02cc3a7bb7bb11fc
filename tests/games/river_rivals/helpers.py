"""Build River Rivals positions directly for rule tests (no chance entries; not for records)."""

from __future__ import annotations

from collections.abc import Iterable

import riverbox
from riverbox.games.river_rivals.actions import parse
from riverbox.games.river_rivals.content import EQ_INDEX, KIND_INDEX, K
from riverbox.games.river_rivals.position import Phase
from riverbox.games.river_rivals.state import RiverRivalsState

Card = str | tuple[str, int, int] | tuple[str, int, int, int]
Held = str | tuple[str, int]


def code(kind: str, owner: int = 0) -> int:
    return owner * K + KIND_INDEX[kind]


def held(card: str | tuple[str, int], owner: int) -> int:
    """A card in a hand, pile or removed pile: ``"otter"`` (the owner's set) or ``("otter", set)``."""
    return code(card, owner) if isinstance(card, str) else code(card[0], card[1])


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
    hands: tuple[Iterable[Held], Iterable[Held]] = ((), ()),
    piles: tuple[Iterable[Held], Iterable[Held]] | None = None,
    board: dict[tuple[int, int], list[Card]] | None = None,
    supply: tuple[int, int] = (8, 8),
    shields: int = 8,
    equipment: tuple[Iterable[str], Iterable[str]] = ((), ()),
    removed: tuple[Iterable[Held], Iterable[Held]] = ((), ()),
    unknown: int = 0,
    seed: int = 0,
    **options: object,
) -> RiverRivalsState:
    """A position with ``active`` to move at the start of its turn. Board keys are (side, column 0-3).

    Built through ``state_from_json`` (a determinized document: it has no history), so the
    position passes the same checks as any stored state and nothing private is set by hand.
    """
    game = riverbox.load("river-rivals", mode=mode, **options)
    if piles is None:
        piles = (["otter"] * 5, ["otter"] * 5)
    sides: list[list[list[int]]] = [[] for _ in range(8)]
    for (side_no, col), cards in (board or {}).items():
        sides[side_no * 4 + col] = [list(slot(c, side_no)) for c in cards]
    body = {
        "hands": [sorted(held(k, i) for k in hands[i]) for i in (0, 1)],
        "piles": [[held(k, i) for k in piles[i]] for i in (0, 1)],
        "removed": [[held(k, i) for k in removed[i]] for i in (0, 1)],
        "board": sides,
        "supply": list(supply),
        "shields": shields,
        "active": active,
        "phase": int(Phase.MAIN),
        "acted": False,
        "started": False,
        "progress": False,
        "idle": 0,
        "chain": 0,
        "stack": [],
        "check_col": 0,
        "winners_": [],
        "turn": 1,
        "adv": mode == "advanced",
        "equipment": [[EQ_INDEX[e] for e in equipment[i]] for i in (0, 1)],
        "used": 0,
        "turn_used": 0,
        "offer": [],
        "picks": 3,
        "unknown": unknown,
        "to_move": [active],
    }
    doc = {
        "game": game.name,
        "options": game.config(),
        "seed": seed,
        "rng": 0,
        "determinized": True,  # a position set up by hand has no history that leads to it
        "history": [],
        "events": [],
        "body": body,
    }
    state = game.state_from_json(doc)
    assert isinstance(state, RiverRivalsState)
    return state


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
