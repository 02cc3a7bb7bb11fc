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

from riverbox.games.river_trek.actions import MAX_AREAS, MAX_SPACES
from riverbox.games.river_trek.board import ANIMALS, KIND_NAMES
from riverbox.games.river_trek.position import PHASE_NAMES

PHASES = PHASE_NAMES
_PER_SPACE = 1 + 5 + 1 + 1 + 4 + 4 + 4
_PER_AREA = 8
_PER_COLOUR = 6
_PER_ANIMAL = 7
SIZE = MAX_SPACES * _PER_SPACE + MAX_AREAS * _PER_AREA + 4 * _PER_COLOUR + 12 * _PER_ANIMAL + len(PHASES) + 2


def encode(view: dict[str, Any]) -> list[float]:
    out = [0.0] * SIZE
    stacks = view["stacks"]
    tiles = {a["space"] for a in view["animals"]}
    dock, base = view["dock"], view["basecamp"]
    scout = view["scout"]["space"] if view["scout"]["state"] == 0 else -1
    for i, sp in enumerate(view["spaces"]):
        o = i * _PER_SPACE
        out[o] = 1.0
        out[o + 1 + KIND_NAMES.index(sp["kind"])] = 1.0
        out[o + 6] = sp["value"] / 9.0
        st = stacks[i]
        out[o + 7] = len(st) / 12.0
        for c in st:
            out[o + 8 + c] += 1.0 / 12.0
        if st:
            out[o + 12 + st[-1]] = 1.0
        out[o + 16] = float(i in tiles)
        out[o + 17] = float(i == dock)
        out[o + 18] = float(dock <= i <= base)
        out[o + 19] = float(i == scout)
    base_a = MAX_SPACES * _PER_SPACE
    for ar in view["areas"]:
        o = base_a + ar["id"] * _PER_AREA
        out[o] = 1.0
        out[o + 1] = float(ar["small"])
        out[o + 2] = float(ar["plus2"])
        out[o + 3] = float(ar["usable"])
        for s, k in enumerate(ar["posts"]):
            out[o + 4 + s] = k / 3.0
    base_c = base_a + MAX_AREAS * _PER_AREA
    for c in range(len(view["colours"])):
        o = base_c + c * _PER_COLOUR
        money = view["money"][c] if c < len(view["money"]) else None
        out[o] = (money or 0) / 100.0
        out[o + 1] = view["clearing"][c] / 12.0
        out[o + 2] = view["offboard"][c] / 12.0
        out[o + 3] = view["hand_posts"][c] / 7.0 if c < len(view["hand_posts"]) else 0.0
        out[o + 4] = float(view["seat"] == c)
        out[o + 5] = float(c in view["to_move"])
    base_n = base_c + 4 * _PER_COLOUR
    for a in view["animals"]:
        o = base_n + ANIMALS.index(a["name"]) * _PER_ANIMAL
        out[o] = 1.0
        out[o + 1] = float(a["holder"] < 0 and not a["face_down"])
        out[o + 2] = float(a["face_down"])
        if a["holder"] >= 0:
            out[o + 3 + a["holder"]] = 1.0
    base_p = base_n + 12 * _PER_ANIMAL
    out[base_p + PHASES.index(view["phase"])] = 1.0
    out[base_p + len(PHASES)] = float(view["final_round"])
    out[base_p + len(PHASES) + 1] = float(view["phase"] == "over")
    return out
