"""River Wild's rules in rulebook shape: what a reviewer reads and what a rule change edits first.

Plain loops over named things, one function per rule, no caches and no bit tricks. The fast
engine (``board.py``: incremental union-find, per-context masks of legal faces) is held to this
module: its masks are generated from the predicates below (``board.face_masks``), and
``tests/games/river_wild/test_reference.py`` plays many seeded games through both and compares
the legal placements, the Protected Lands each placement closes, and the scores.

A layout is a list of ``(face, row, column)`` placements, the Source Card first; columns count
half card widths, so a card at ``(r, c)`` covers the half-columns ``c`` and ``c + 1`` of row ``r``.
Lands and scores come from ``scoring.py``'s pure functions (``find_lands``, ``score_layout``).
"""

from __future__ import annotations

from collections.abc import Sequence

from riverbox.games.river_wild.content import EMPTY, LAND, MOUNTAIN, RIVER, T0, T1, Face
from riverbox.games.river_wild.scoring import Land, Placement, facing, find_lands, layout_cells, score_layout

TOP_EDGE = (T0, T1)
"""The slots of a card's top edge, where its river comes from the card above."""

WHERE = ("top-left", "top-right", "bottom-left", "bottom-right", "left side", "right side")
OTHER = ("above", "above", "below", "below", "to its left", "to its right")
"""Per slot: its name on the card, and where the card it faces lies (the refusal's words)."""


# -- placement, one rule each ----------------------------------------------------------------


def land_meets_river(mine: int, theirs: int) -> bool:
    """RW-1: land never meets river where two cards touch, either way round (mountains meet anything)."""
    return (mine, theirs) in ((LAND, RIVER), (RIVER, LAND))


def extends_river(mine: int, above: int) -> bool:
    """RW-2: a river half of the top edge goes on from river or from a mountain (a fresh spring)."""
    return mine == RIVER and above in (RIVER, MOUNTAIN)


def river_into_nothing(mine: int, above: int) -> bool:
    """RW-3 (option ``strict_top_river``): a river half of the top edge facing empty table."""
    return mine == RIVER and above == EMPTY


def violation(face: Face, faced: Sequence[int], strict: bool) -> str:
    """'' if ``face`` may go where its six slots face the terrains ``faced`` (``EMPTY`` for empty
    table), else the rule it breaks in a player's words (``explain.violation_message``
    translates them). Overlap is the caller's question: a position whose cells are free."""
    if faced[T0] == EMPTY and faced[T1] == EMPTY:  # RW-2: below an existing card
        return "a card must be placed below an existing card, directly or offset by half a card"
    for slot in range(6):
        mine, theirs = face.slots[slot], faced[slot]
        if land_meets_river(mine, theirs):  # RW-1
            mine_word, their_word = ("land", "river") if mine == LAND else ("river", "land")
            return (
                f"land and river may not touch; the card's {WHERE[slot]} ({mine_word})"
                f" would meet {their_word} on the card {OTHER[slot]}"
            )
    if not any(extends_river(face.slots[slot], faced[slot]) for slot in TOP_EDGE):  # RW-2
        return (
            "the placement must extend the river; no river on the card's top edge"
            " meets river or mountain on the card above"
        )
    if strict and any(river_into_nothing(face.slots[slot], faced[slot]) for slot in TOP_EDGE):  # RW-3
        return "with strict_top_river, river on the card's top edge may not face empty table"
    return ""


def faced_terrains(
    layout: Sequence[Placement], cells: dict[tuple[int, int], tuple[int, int]], row: int, col: int
) -> tuple[int, ...]:
    """What each of the six slots of a card at ``(row, col)`` would face in ``layout`` (its
    ``cells``, ``scoring.layout_cells``): the terrain of the facing slot of another card, or
    ``EMPTY`` (RW-4: corners never touch)."""
    out = []
    for slot in range(6):
        other = facing(cells, row, col, slot)
        out.append(EMPTY if other is None else layout[other[0]][0].slots[other[1]])
    return tuple(out)


def overlaps(cells: dict[tuple[int, int], tuple[int, int]], row: int, col: int) -> bool:
    """No overlap: a card at ``(row, col)`` may not cover a half-column a card of its row covers."""
    return (row, col) in cells or (row, col + 1) in cells


def legal_placements(
    layout: Sequence[Placement], hand: Sequence[tuple[Face, Face]], strict: bool
) -> set[tuple[int, int, int, int]]:
    """Every legal placement of a card in ``hand`` (its front and back faces), as ``(card, side,
    row, column)``: each free position in a row below the Source Card (a card goes below another,
    so no lower than one row under the lowest card, and at most half a card further out per row)
    where the face breaks no rule."""
    cells = layout_cells(layout)
    lowest = max(row for _, row, _ in layout)
    out: set[tuple[int, int, int, int]] = set()
    for row in range(1, lowest + 2):
        for col in range(-row, row + 1):
            if overlaps(cells, row, col):
                continue
            faced = faced_terrains(layout, cells, row, col)
            for faces in hand:
                for face in faces:
                    if not violation(face, faced, strict):
                        out.add((face.card, face.side, row, col))
    return out


# -- lands and score -------------------------------------------------------------------------


def protected_lands(layout: Sequence[Placement], source_counts_for_size: bool = True) -> list[Land]:
    """RW-5: the land regions of which no land slot faces empty table (``scoring.find_lands``)."""
    return [land for land in find_lands(layout, source_counts_for_size) if land.protected]


def score(layout: Sequence[Placement], all_goals: bool, source_counts_for_size: bool) -> int:
    """The layout's score: 2 per Protected Land and its goals, the largest at the first numbers
    (rulebook Scoring, RW-6 to RW-10; ``scoring.score_layout``)."""
    return score_layout(layout, all_goals, source_counts_for_size).total


def game_over(hand: Sequence[object], legal: set[tuple[int, int, int, int]]) -> bool:
    """RW-12: the game ends when the hand is empty or no card of it can be placed."""
    return not hand or not legal
