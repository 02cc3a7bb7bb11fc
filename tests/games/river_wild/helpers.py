"""Shared helpers for the River Wild tests: layouts by hand, rigged states and a raster oracle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import riverbox
from riverbox.games.river_wild import RiverWild, RiverWildState
from riverbox.games.river_wild.board import Board, pos_key
from riverbox.games.river_wild.content import B0, B1, LAND, RIVER, S0, S1, T0, T1, Face, parse_deck
from riverbox.games.river_wild.scoring import Placement

Move = tuple[int, str, int, int]  # (card id, "front"|"back", row, col)

WORKED: list[Move] = [(1, "back", 1, -1), (3, "front", 1, 1), (9, "front", 2, -1), (10, "back", 2, 1)]
"""The spec's worked example (section 3): cards 1, 3, 9 and 10 around the Source Card, total 6."""


def game(**options: Any) -> RiverWild:
    g = riverbox.load("river-wild", **options)
    assert isinstance(g, RiverWild)
    return g


def face(g: RiverWild, card: int, side: str) -> Face:
    return g.rules.faces[2 * g.deck.index_of(card) + (side == "back")]


def placements(g: RiverWild, moves: Sequence[Move]) -> list[Placement]:
    """The Source Card plus the given cards, as (face, row, col) for the pure scoring functions."""
    return [(g.deck.source, 0, 0)] + [(face(g, c, s), r, col) for c, s, r, col in moves]


def board(g: RiverWild, moves: Sequence[Move]) -> Board:
    b = Board.new(g.rules)
    for c, s, r, col in moves:
        b.place(2 * g.deck.index_of(c) + (s == "back"), pos_key(r, col))
    return b


def rigged(
    g: RiverWild, hand: Sequence[int], moves: Sequence[Move] = (), deck: Sequence[int] | None = None
) -> RiverWildState:
    """A position with the given layout, hand and deck (top last), read through the public
    ``state_from_json``, which places the layout with the placement rules checked.

    No seed deals such a position, so the document is marked determinized (not replayed)."""
    layout = [[2 * g.deck.index_of(c) + (s == "back"), pos_key(r, col)] for c, s, r, col in moves]
    placed = {fi // 2 for fi, _ in layout}
    in_hand = [g.deck.index_of(c) for c in hand]
    rest = [i for i in range(g.deck.size) if i not in placed and i not in in_hand]
    doc = g.new_state(0).to_json()
    doc.update(determinized=True, history=[], events=[])
    for to_move in ([0], []):  # the one that fits the position (the game may be over)
        doc["body"] = {
            "hand": in_hand,
            "deck": [g.deck.index_of(c) for c in deck] if deck is not None else rest,
            "board": layout,
            "to_move": to_move,
        }
        try:
            state = g.state_from_json(doc)
        except ValueError as exc:
            if "to_move" not in str(exc):
                raise
            continue
        assert isinstance(state, RiverWildState)
        return state
    raise AssertionError("unreachable: one of the two fits")


def layout_moves(state: RiverWildState) -> list[Move]:
    """The River Cards on the table, in placement order, as moves."""
    return [(d["card"], d["side"], d["row"], d["col"]) for d in state.layout()[1:]]


def legal_texts(state: RiverWildState) -> set[str]:
    return {str(a) for a in state.legal_actions(0)}


def reloaded(state: RiverWildState, **body: Any) -> RiverWildState:
    """The state with some body fields replaced (e.g. another face-down deck order), read back
    through the public ``state_from_json`` as a determinized document (no history leads to it)."""
    doc = state.to_json()
    doc["body"].update(body)
    doc["determinized"] = True
    back = state.game.state_from_json(doc)
    assert isinstance(back, RiverWildState)
    return back


def custom_game(source: dict[str, Any], cards: list[dict[str, Any]], **options: Any) -> RiverWild:
    """A game on a hand-made deck (for rules the placeholder deck cannot show)."""
    data = {"name": "test", "placeholder": True, "source": source, "cards": cards}
    return game(**options).with_deck(parse_deck(data))


def card(
    cid: int,
    top: str,
    bottom: str,
    sides: str,
    sections: list[dict[str, Any]] | None = None,
    runestone: bool = False,
) -> dict[str, Any]:
    return {
        "id": cid,
        "top": list(top),
        "bottom": list(bottom),
        "sides": list(sides),
        "sections": sections or [],
        "runestone": runestone,
    }


# -- raster oracle (spec "Optional raster view") ------------------------------------------------
# Each card is drawn 6 cells wide and 3 high; each half card width is 3 cells. Top row: corner,
# T0, T0, T1, T1, corner; middle row: S0, four inner cells, S1; bottom row like the top with B0/B1.
# Corners are walls. Land cells of one card connect only within their section (the card's own
# art); across cards, land cells connect by 4-adjacency. A land cell next to a cell no card covers
# is open. This checks the slot geometry of the union-find independently.


def _raster(pl: Sequence[Placement]) -> dict[tuple[int, int], tuple[int, int | None]]:
    cells: dict[tuple[int, int], tuple[int, int | None]] = {}
    for p, (_, r, c) in enumerate(pl):
        x0, y0 = 3 * c, 3 * r
        for dx in range(6):
            for dy in range(3):
                slot: int | None = None
                if dy == 0 and 1 <= dx <= 4:
                    slot = T0 if dx <= 2 else T1
                elif dy == 2 and 1 <= dx <= 4:
                    slot = B0 if dx <= 2 else B1
                elif dy == 1 and dx == 0:
                    slot = S0
                elif dy == 1 and dx == 5:
                    slot = S1
                key = (x0 + dx, y0 + dy)
                assert key not in cells, "cards overlap"
                cells[key] = (p, slot)
    return cells


def raster_regions(pl: Sequence[Placement]) -> set[tuple[frozenset[tuple[int, int]], bool]]:
    """Land regions as (set of (placement, section), protected) by flood fill over the raster."""
    cells = _raster(pl)
    parent: dict[tuple[int, int], tuple[int, int]] = {}
    opened: set[tuple[int, int]] = set()

    def node(cell: tuple[int, int | None]) -> tuple[int, int] | None:
        p, slot = cell
        if slot is None or pl[p][0].slots[slot] != LAND:
            return None
        return (p, pl[p][0].section_of[slot])

    def find(x: tuple[int, int]) -> tuple[int, int]:
        while parent[x] != x:
            x = parent[x]
        return x

    for p, (f, _, _) in enumerate(pl):
        for s in range(len(f.sections)):
            parent[(p, s)] = (p, s)
    for (x, y), cell in cells.items():
        me = node(cell)
        if me is None:
            continue
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            other = cells.get((nx, ny))
            if other is None:
                opened.add(me)
                continue
            if other[0] == cell[0]:
                continue
            them = node(other)
            if them is not None:
                a, b = find(me), find(them)
                if a != b:
                    parent[a] = b
            elif other[1] is not None and pl[other[0]][0].slots[other[1]] == RIVER:
                raise AssertionError(f"RW-1 broken: land of placement {me[0]} touches river of {other[0]}")
    groups: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for n in parent:
        groups.setdefault(find(n), set()).add(n)
    return {(frozenset(g), not (g & opened)) for g in groups.values()}
