"""A fixed-length numeric encoding of a River Trek view (for learning adapters).

Computed from ``view`` only, so it can hold nothing the seat may not know. Layout (all floats):

* per space (``MAX_SPACES``): present, kind one-hot (5), number value / 9, stack height / 12,
  explorers of each colour / 12 (4), top colour one-hot (4), animal tile here, Dock/Bridge here,
  New Explorer space, Scout here
* per area (``MAX_AREAS``): present, small, +2, usable, posts of each player / 3 (4)
* per colour (4): money / 100 (0 when hidden), clearing / 12, off-board explorers / 12,
  posts in hand / 7, is the viewer, is to move
* per animal (12): in play, on its tile face up, face down, held by colour (4)
* phase one-hot, final round, game over
"""

from __future__ import annotations

from typing import Any

from riverbox.core.memo import LastBlock
from riverbox.games.river_trek.actions import MAX_AREAS, MAX_SPACES
from riverbox.games.river_trek.board import ANIMALS, KIND_NAMES
from riverbox.games.river_trek.position import PHASE_NAMES

PHASES = PHASE_NAMES
_PER_SPACE = 1 + 5 + 1 + 1 + 4 + 4 + 4
_PER_AREA = 8
_PER_COLOUR = 6
_PER_ANIMAL = 7
SIZE = MAX_SPACES * _PER_SPACE + MAX_AREAS * _PER_AREA + 4 * _PER_COLOUR + 12 * _PER_ANIMAL + len(PHASES) + 2


def _space_templates(spaces: list[dict[str, Any]]) -> list[list[float]]:
    """Each space's block with what never changes in a game filled in: present, kind, value."""
    kinds = KIND_NAMES.index
    out = []
    for sp in spaces:
        block = [0.0] * _PER_SPACE
        block[0] = 1.0
        block[1 + kinds(sp["kind"])] = 1.0
        block[6] = sp["value"] / 9.0
        out.append(block)
    return out


_NO_SPACE = [0.0] * _PER_SPACE
"""The block of a space the path does not have (shared: blocks are never changed once made)."""


def _one_space(template: list[float], stack: list[int], marks: int) -> list[float]:
    """A space's block: its template, its stack, then the marks (bits: animal tile, Dock or
    Bridge, New Explorer space, Scout) at offsets 16 to 19."""
    out = template[:]
    if stack:
        out[7] = len(stack) / 12.0
        for c in stack:
            out[8 + c] += 1.0 / 12.0
        out[12 + stack[-1]] = 1.0
    for bit in range(4):
        if marks >> bit & 1:
            out[16 + bit] = 1.0
    return out


class _Spaces:
    """The per-space blocks of the last call and what each came from, so a step that changes a
    few spaces makes new blocks for those only (a view shares each unchanged stack list)."""

    __slots__ = ("blocks", "keys", "templates")

    def __init__(self) -> None:
        self.templates: list[list[float]] | None = None
        self.keys: list[tuple[list[int], int]] = []
        self.blocks: list[list[float]] = []


_LAST_SPACES = _Spaces()


def _space_blocks(
    templates: list[list[float]],
    stacks: list[list[int]],
    animals: list[dict[str, Any]],
    dock: int,
    base: int,
    scout: dict[str, Any],
) -> list[list[float]]:
    """``MAX_SPACES`` blocks: present, kind, value, stack height, explorers of each colour, top
    colour and the marks of ``_one_space`` (the spaces past the path's end are all zero)."""
    n = len(templates)
    marks = [0] * n
    for a in animals:
        if 0 <= a["space"] < n:
            marks[a["space"]] |= 1
    if 0 <= dock < n:
        marks[dock] |= 2
    for i in range(max(dock, 0), min(base + 1, n)):
        marks[i] |= 4
    if scout["state"] == 0 and 0 <= scout["space"] < n:
        marks[scout["space"]] |= 8
    last = _LAST_SPACES
    if last.templates is not templates:
        last.templates, last.keys, last.blocks = templates, [], []
    keys, old = last.keys, last.blocks
    out: list[list[float]] = []
    new_keys: list[tuple[list[int], int]] = []
    for i in range(n):
        stack = stacks[i] if i < len(stacks) else []
        key = (stack, marks[i])
        if i < len(keys) and keys[i][1] == key[1] and (keys[i][0] is stack or keys[i][0] == stack):
            out.append(old[i])
        else:
            out.append(_one_space(templates[i], stack, marks[i]))
        new_keys.append(key)
    last.keys, last.blocks = new_keys, out[:]
    return out + [_NO_SPACE] * (MAX_SPACES - n)


def _area_block(areas: list[dict[str, Any]]) -> list[float]:
    out = [0.0] * (MAX_AREAS * _PER_AREA)
    for ar in areas:
        o = ar["id"] * _PER_AREA
        out[o] = 1.0
        out[o + 1] = float(ar["small"])
        out[o + 2] = float(ar["plus2"])
        out[o + 3] = float(ar["usable"])
        for s, k in enumerate(ar["posts"]):
            out[o + 4 + s] = k / 3.0
    return out


def _colour_block(view: dict[str, Any]) -> list[float]:
    out = [0.0] * (4 * _PER_COLOUR)
    money, hand_posts, to_move = view["money"], view["hand_posts"], view["to_move"]
    for c in range(len(view["colours"])):
        o = c * _PER_COLOUR
        out[o] = ((money[c] if c < len(money) else None) or 0) / 100.0
        out[o + 1] = view["clearing"][c] / 12.0
        out[o + 2] = view["offboard"][c] / 12.0
        out[o + 3] = hand_posts[c] / 7.0 if c < len(hand_posts) else 0.0
        out[o + 4] = float(view["seat"] == c)
        out[o + 5] = float(c in to_move)
    return out


def _animal_block(animals: list[dict[str, Any]]) -> list[float]:
    out = [0.0] * (12 * _PER_ANIMAL)
    for a in animals:
        o = ANIMALS.index(a["name"]) * _PER_ANIMAL
        out[o] = 1.0
        out[o + 1] = float(a["holder"] < 0 and not a["face_down"])
        out[o + 2] = float(a["face_down"])
        if a["holder"] >= 0:
            out[o + 3 + a["holder"]] = 1.0
    return out


def _phase_block(phase: str, final_round: bool) -> list[float]:
    out = [0.0] * (len(PHASES) + 2)
    out[PHASES.index(phase)] = 1.0
    out[len(PHASES)] = float(final_round)
    out[len(PHASES) + 1] = float(phase == "over")
    return out


_TEMPLATE: LastBlock[list[list[float]]] = LastBlock()
_SPACES: LastBlock[list[list[float]]] = LastBlock()
_AREAS: LastBlock[list[float]] = LastBlock()
_ANIMALS: LastBlock[list[float]] = LastBlock()


def blocks(view: dict[str, Any]) -> list[list[float]]:
    """``encode`` in blocks: one per space, then the areas, colours, animals and phase. Views
    share the parts that did not change between calls, so each block is remembered with the view
    values it came from (``LastBlock``) and only blocks whose values are new objects are encoded
    again; an unchanged block is the same list as last time (the adapters skip it by identity)."""
    spaces = _SPACES(
        _space_blocks,
        _TEMPLATE(_space_templates, view["spaces"]),
        view["stacks"],
        view["animals"],
        view["dock"],
        view["basecamp"],
        view["scout"],
    )
    return [
        *spaces,
        _AREAS(_area_block, view["areas"]),
        _colour_block(view),
        _ANIMALS(_animal_block, view["animals"]),
        _phase_block(view["phase"], view["final_round"]),
    ]


def encode(view: dict[str, Any]) -> list[float]:
    """The layout of the module docstring: the blocks of ``blocks`` one after the other."""
    out: list[float] = []
    for block in blocks(view):
        out += block
    return out
