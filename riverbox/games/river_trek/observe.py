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


def _space_template(spaces: list[dict[str, Any]]) -> list[float]:
    """The per-space block with what never changes in a game filled in: present, kind, value."""
    out = [0.0] * (MAX_SPACES * _PER_SPACE)
    kinds = KIND_NAMES.index
    for i, sp in enumerate(spaces):
        o = i * _PER_SPACE
        out[o] = 1.0
        out[o + 1 + kinds(sp["kind"])] = 1.0
        out[o + 6] = sp["value"] / 9.0
    return out


def _space_block(
    template: list[float],
    spaces: list[dict[str, Any]],
    stacks: list[list[int]],
    animals: list[dict[str, Any]],
    dock: int,
    base: int,
    scout: dict[str, Any],
) -> list[float]:
    out = template[:]
    n = len(spaces)
    for i, st in enumerate(stacks[:n]):
        if st:
            o = i * _PER_SPACE
            out[o + 7] = len(st) / 12.0
            for c in st:
                out[o + 8 + c] += 1.0 / 12.0
            out[o + 12 + st[-1]] = 1.0
    for a in animals:
        if 0 <= a["space"] < n:
            out[a["space"] * _PER_SPACE + 16] = 1.0
    if 0 <= dock < n:
        out[dock * _PER_SPACE + 17] = 1.0
    for i in range(max(dock, 0), min(base + 1, n)):
        out[i * _PER_SPACE + 18] = 1.0
    if scout["state"] == 0 and 0 <= scout["space"] < n:
        out[scout["space"] * _PER_SPACE + 19] = 1.0
    return out


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


_TEMPLATE = LastBlock()
_SPACES = LastBlock()
_AREAS = LastBlock()
_ANIMALS = LastBlock()


def encode(view: dict[str, Any]) -> list[float]:
    """The layout of the module docstring. Views share the parts that did not change between
    calls, so each block is remembered with the view values it came from (``LastBlock``) and
    only blocks whose values are new objects are encoded again (most of the vector is the
    board, which changes a few spaces at a time)."""
    template = _TEMPLATE(_space_template, view["spaces"])
    spaces = _SPACES(
        _space_block,
        template,
        view["spaces"],
        view["stacks"],
        view["animals"],
        view["dock"],
        view["basecamp"],
        view["scout"],
    )
    return (
        spaces
        + _AREAS(_area_block, view["areas"])
        + _colour_block(view)
        + _ANIMALS(_animal_block, view["animals"])
        + _phase_block(view["phase"], view["final_round"])
    )
