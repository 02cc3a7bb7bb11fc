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

``encode(view)`` is the definition; ``state_blocks(state, seat)`` gives the same numbers read
straight from the state (the adapters' path), reading only what ``view.build_view`` shows the
seat: everything is public but the money while it is hidden (RT-28: a seat sees its own only,
until the end). Tests compare the two for every seat and the spectator at every step of random
games.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

from riverbox.core.memo import LastBlock
from riverbox.games.river_trek.actions import MAX_AREAS, MAX_SPACES
from riverbox.games.river_trek.content import ANIMALS, KIND_NAMES
from riverbox.games.river_trek.position import PHASE_NAMES

if TYPE_CHECKING:
    from riverbox.games.river_trek.content import Path
    from riverbox.games.river_trek.position import TrekData

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


# -- the same numbers read from the state (the adapters' path: no view is built) -------------------


class _Board:
    """The space and area sections of the last encoding and the values they came from.

    Stacks, marks and posts change at a few spaces per step, so only the spaces whose stack or
    marks differ from the remembered copies are encoded again (compared by value: a different
    state, or a state changed in any way, can never get a section that does not match it)."""

    __slots__ = ("animals", "area_key", "areas", "marks", "path", "spaces", "stacks", "templates")

    def __init__(self) -> None:
        self.path: Path | None = None
        self.templates: list[list[float]] = []
        self.stacks: list[list[int]] = []
        self.marks: list[int] = []
        self.spaces: list[list[float]] = []
        self.area_key: tuple[int, list[list[int]]] | None = None
        self.areas: list[float] = []
        self.animals: tuple[Any, ...] | None = None


_BOARD = _Board()
_NO_STACK: list[int] = []


def _reset(board: _Board, path: Path) -> None:
    """Start over for a path: templates from its spaces, every space to be encoded."""
    kinds = path.kinds
    board.path = path
    board.templates = _space_templates(
        [{"kind": KIND_NAMES[k], "value": path.values[i]} for i, k in enumerate(kinds)]
    )
    n = len(kinds)
    board.stacks = [[-1]] * n  # matches no stack: every space is encoded at the first call
    board.marks = [-1] * n
    board.spaces = [_NO_SPACE] * MAX_SPACES
    board.area_key = None
    board.animals = None


def _spaces_of(st: TrekData, board: _Board) -> list[list[float]]:
    """The space blocks (``_space_blocks`` of the view): a new block for a space whose stack or
    marks changed, the same list as last time for the others (a block is never changed)."""
    path = st.path
    if board.path is not path:
        _reset(board, path)
    templates = board.templates
    n = len(templates)
    marks = [0] * n
    for sp in st.tiles[: len(st.animals)]:  # the view's animals: one per name
        if 0 <= sp < n:
            marks[sp] |= 1
    dock = st.dock
    if 0 <= dock < n:
        marks[dock] |= 2
    for i in range(max(dock, 0), min(st.basecamp + 1, n)):
        marks[i] |= 4
    scout = st.scout
    if st.scout_state == 0 and 0 <= scout < n:
        marks[scout] |= 8
    stacks = st.stacks
    if len(stacks) < n:
        stacks = stacks + [_NO_STACK] * (n - len(stacks))
    old_stacks, old_marks, blocks = board.stacks, board.marks, board.spaces
    if old_marks != marks or old_stacks != stacks:
        changed = set(compress(range(n), map(ne, old_marks, marks)))
        changed.update(compress(range(n), map(ne, old_stacks, stacks)))
        for i in changed:
            stack = stacks[i]
            blocks[i] = _one_space(templates[i], stack, marks[i])
            old_stacks[i] = stack[:]
        board.marks = marks
    return blocks


def _areas_of(st: TrekData, board: _Board) -> list[float]:
    """The area section (``_area_block`` of the view's areas), kept while posts and Bridge stay."""
    posts, bridge = st.posts, st.bridge
    key = board.area_key
    if key is None or key[0] != bridge or key[1] != posts:
        out = [0.0] * (MAX_AREAS * _PER_AREA)
        for ar in st.path.areas:
            o = ar.id * _PER_AREA
            out[o] = 1.0
            out[o + 1] = float(ar.small)
            out[o + 2] = float(ar.plus2)
            out[o + 3] = float(st.area_usable(ar.id))
            for s, k in enumerate(posts[ar.id]):
                out[o + 4 + s] = k / 3.0
        board.area_key = (bridge, [p[:] for p in posts])
        board.areas = out
    return board.areas


def _animals_of(st: TrekData, board: _Board) -> list[float]:
    """The animal section (``_animal_block`` of the view's animals), kept while they stay."""
    names, tiles, holder, down = st.animals, st.tiles, st.holder, st.down
    key = board.animals
    if key is None or key[0] is not names or key[1] != tiles or key[2] != holder or key[3] != down:
        out = [0.0] * (12 * _PER_ANIMAL)
        for i, name in enumerate(names):
            o = ANIMALS.index(name) * _PER_ANIMAL
            h, d = holder[i], down[i]
            out[o] = 1.0
            out[o + 1] = float(h < 0 and not d)
            out[o + 2] = float(d)
            if h >= 0:
                out[o + 3 + h] = 1.0
        key = board.animals = (names, tiles, holder[:], down[:], out)
    block: list[float] = key[4]
    return block


_PHASE_BLOCKS: dict[tuple[int, Any], list[float]] = {}


def state_blocks(st: TrekData, seat: int | None) -> list[list[float]]:
    """``blocks(st.view(seat))`` read from the state: a new list of blocks, each block the same
    list as in the last call while its values stay (never changed once handed out)."""
    board = _BOARD
    spaces = _spaces_of(st, board)
    areas = _areas_of(st, board)
    over = st.is_over
    hide = st.hidden_money and not over  # RT-28: only the seat's own money, until the end
    money, clearing, off, hand, to_move = st.money, st.clearing, st.off, st.hand, st.to_move
    colours = [0.0] * (4 * _PER_COLOUR)
    for c in range(st.colours):
        o = c * _PER_COLOUR
        if c < len(money) and (not hide or c == seat):
            colours[o] = money[c] / 100.0
        colours[o + 1] = clearing[c] / 12.0
        colours[o + 2] = off[c] / 12.0
        colours[o + 3] = hand[c] / 7.0 if c < len(hand) else 0.0
        colours[o + 4] = float(seat == c)
        colours[o + 5] = float(c in to_move)
    animals = _animals_of(st, board)
    phase = st.phase
    key = (phase, st.triggered)
    block = _PHASE_BLOCKS.get(key)
    if block is None:
        block = _PHASE_BLOCKS[key] = _phase_block(PHASE_NAMES[phase], st.triggered)
    return [*spaces, areas, colours, animals, block]
