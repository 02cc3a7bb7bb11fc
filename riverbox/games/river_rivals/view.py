"""What one seat of River Rivals may know: the view every interface, bot and encoder reads.

Views are read-only snapshots: building every seat's view happens at every step (a server,
the bots), so the public part is built once per step and shared by the views of that step,
and the board part of a column side is built when the side changes and shared by later
views while it stays the same. Only a seat's own hand and pile are added per seat.
"""

from __future__ import annotations

from typing import Any

from riverbox.games.river_rivals.content import (
    COLUMNS,
    EQUIPMENT,
    FISH,
    HAND_LIMIT,
    SET_OF,
    SPACES,
    STRENGTH,
    K,
)
from riverbox.games.river_rivals.frames import RULES as FRAMES
from riverbox.games.river_rivals.position import _SLUGS, OVER, PHASE_NAMES, Position


def _board(st: Position) -> tuple[list[Any], list[Any]]:
    """The public board (cards per side and column) and the column totals, rebuilt per changed side."""
    b = st.board
    cache = st._vsides
    if cache is None:
        cache = st._vsides = [None] * (2 * COLUMNS)
    changed = False
    for i in range(2 * COLUMNS):
        side = b[i]
        hit = cache[i]
        if hit is None or hit[0] is not side:
            cards = []
            total = 0
            for code, sh, fish in side:
                power = STRENGTH[code]
                cards.append(
                    {
                        "animal": _SLUGS[code],
                        "strength": power,
                        "shields": sh,
                        "fish": fish,
                        "spaces": SPACES[code],
                        "set": SET_OF[code],
                    }
                )
                total += power + sh
            cache[i] = (side, cards, total)
            changed = True
    vb = st._vboard
    if changed or vb is None:
        vb = st._vboard = (
            [[cache[i][1] for i in range(COLUMNS)], [cache[i][1] for i in range(COLUMNS, 2 * COLUMNS)]],
            [[cache[i][2] for i in range(COLUMNS)], [cache[i][2] for i in range(COLUMNS, 2 * COLUMNS)]],
        )
    return vb


def _pending(st: Position) -> dict[str, Any] | None:
    """The decision the active player faces, if any, as its frame names it."""
    pending: dict[str, Any] | None = None
    if st.stack:
        fr = st.stack[-1]
        rule = FRAMES[fr[0]]
        pending = {"type": rule.slug, "column": fr[1] + 1 if rule.column else None}
        if rule.shows_card:
            pending["card"] = fr[2] + 1
    return pending


def build_view(st: Position, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (None: a spectator): the step's public part plus the seat's cards.

    Every change to a position is an action or a chance outcome in its history, so the history's
    length tells whether the public part built for an earlier call still holds.
    """
    key = len(st.history)
    if st._vkey != key:
        st._vpub = _public(st)
        st._vkey = key
    v = dict(st._vpub)
    if seat is not None:
        v["seat"] = seat
        v["hand"] = sorted([_SLUGS[c] for c in st.hands[seat]])
        if v["pile_known"][seat]:
            v["pile"] = sorted([_SLUGS[c] for c in st.piles[seat]])
    return v


def _public(st: Position) -> dict[str, Any]:
    """What a spectator sees (``seat``, ``hand`` and ``pile`` None), in the view's key order."""
    board, strength = _board(st)
    pending = _pending(st)
    adv = st.adv
    unknown = st.unknown
    pile_known = [not unknown & 1, not unknown & 2]
    hands = st.hands
    removed = st.removed
    used = st.used
    return {
        "game": "river-rivals",
        "mode": "advanced" if st.adv else "basic",
        "seat": None,
        "turn": st.turn,
        "active": st.active,
        "phase": PHASE_NAMES[st.phase],
        "to_move": list(st.to_move),
        "hand": None,
        "hand_sizes": [len(hands[0]), len(hands[1])],
        "hand_foreign": [len([c for c in hands[0] if c >= K]), len([c for c in hands[1] if c < K])]
        if adv
        else [0, 0],  # only Peek-a-Scope (Advanced Mode) moves cards between the sets
        "hand_limits": [st.limit(0), st.limit(1)] if adv else [HAND_LIMIT, HAND_LIMIT],
        "pile_sizes": [len(st.piles[0]), len(st.piles[1])],
        "pile_foreign": [
            len([c for c in st.piles[0] if c >= K]),
            len([c for c in st.piles[1] if c < K]),
        ]
        if adv
        else [0, 0],
        "pile": None,
        "pile_known": pile_known,
        "removed": [[_SLUGS[c] for c in removed[0]], [_SLUGS[c] for c in removed[1]]],
        "removed_sets": [[SET_OF[c] for c in removed[0]], [SET_OF[c] for c in removed[1]]],
        "board": board,
        "strength": strength,
        "fish_supply": list(st.supply),
        "fish_caught": [FISH - st.supply[0], FISH - st.supply[1]],
        "shield_supply": st.shields,
        "equipment": [
            [{"id": EQUIPMENT[e].slug, "used": bool((used >> e) & 1)} for e in st.equipment[0]],
            [{"id": EQUIPMENT[e].slug, "used": bool((used >> e) & 1)} for e in st.equipment[1]],
        ]
        if adv
        else [[], []],
        "offer": [EQUIPMENT[e].slug for e in st.offer] if adv else [],
        "acted": st.acted,
        "pending": pending,
        "over": st.phase == OVER,
        "winners": list(st.winners_),
    }
