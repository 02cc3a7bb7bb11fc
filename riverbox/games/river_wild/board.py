"""The layout on the table, built for speed: placement legality and Protected Lands, incrementally.

Positions are packed into one int ``key = row * 256 + (col + 128)``, so the neighbours of a
position are fixed offsets (``key - 256`` is the row above). ``cells`` holds, for every
covered half-column, a packed int: the types of the top, bottom and side slot over that
half-column and the land sections there (``_cellcode``). The board keeps it, and the contexts
below, in flat lists indexed by a position's slot (``Rules.slot``: the same layout with rows
only as wide as the table can grow), where neighbours are fixed offsets too: a list is read and
written much faster than a dict keyed by position, above all compiled (no int boxed per read).

Legality (spec "Placement legality") depends only on the six slot types facing a position (or
empty table), its **context**; a context is a 12-bit number and the set of legal faces for a
context is computed once per game (:class:`Rules`, from the one predicate in words,
``reference.violation``: ``face_masks``).
The board never reads the cells to list what is legal: every position some card's edge faces
keeps its context (``ctxs``), a new card ORs its edge slots into the contexts round it and marks
the three positions it covers as closed for good, and every position where some face fits keeps
that set of faces (``fits``, by slot, 0 where none fits), the board keeping those slots in order
too (``open``: a few, so a list, never sorted anew). Placing a card touches at most ten
positions; listing the legal placements is one bit test per open position and card in hand.

Land regions are kept by union-find over land sections as cards arrive, with each region's
count of land slots facing empty table. A region reaching zero is a Protected Land (RW-5) and
can never change again, since nothing can be placed against it. ``reference.py`` (over
``scoring.find_lands``) is the from-scratch reference the differential test compares against.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, Final, TypeVar

from riverbox.games.river_wild.content import (
    B0,
    B1,
    LAND,
    RIVER,
    S0,
    S1,
    T0,
    T1,
    Deck,
    Face,
    Goal,
)
from riverbox.games.river_wild.reference import violation
from riverbox.games.river_wild.scoring import POINTS_PER_LAND, land_goal_points
from riverbox.games.river_wild.words import goal_words

# Final: the compiled build reads these as constants, not from the module's dict at each use.
ROW: Final = 256
OFF: Final = 128


def pos_key(row: int, col: int) -> int:
    return row * ROW + col + OFF


def key_pos(key: int) -> tuple[int, int]:
    return key >> 8, (key & 255) - OFF


def unpack(placement: int) -> tuple[int, int]:
    """(face index, position key) of a placement packed as ``face << 16 | key`` (``Board.legal``)."""
    return placement >> 16, placement & 0xFFFF


CLOSED: Final = -1
"""The context kept for a position a card overlaps: nothing can ever go there (no overlap).

The contexts round a new card skip it rather than OR into it, so a closed position stays closed."""

POINTS_MEMO: Final = 1 << 16
"""At most this many goal points are memoised per rules (``Rules.points``; then it starts anew)."""

ANIMAL_BITS: Final = 8
"""Bits per animal type in a region's packed animal counts (a deck has far fewer than 256 animals)."""

ANIMAL_COUNT: Final = (1 << ANIMAL_BITS) - 1
"""The mask of one animal type's count in a region's packed counts."""


def unpack_animals(packed: int) -> tuple[int, int, int, int]:
    """The four animal counts (Frog, Jackalope, Unicorn, Dragon) of a region's packed counts."""
    return (
        packed & ANIMAL_COUNT,
        packed >> ANIMAL_BITS & ANIMAL_COUNT,
        packed >> 2 * ANIMAL_BITS & ANIMAL_COUNT,
        packed >> 3 * ANIMAL_BITS & ANIMAL_COUNT,
    )


def scan_forward(bits: int) -> Iterator[int]:
    """The indices of the bits set in ``bits``, lowest first (python-chess's ``scan_forward``):
    how a set of placements kept as a bitmask (a region's cards, its runestones) is read."""
    while bits:
        low = bits & -bits  # the lowest bit set
        yield low.bit_length() - 1
        bits ^= low


def geometry(n_cards: int) -> tuple[int, int, int]:
    """``(width, origin, slots)`` of the flat per-position lists of a deck of ``n_cards`` cards.

    ``Board.cells``, ``ctxs`` and the menus are flat lists, row after row of ``width``
    half-columns from row -1 (above the Source, which the Source's top edge faces) to row n + 1
    (below a card in row n, the lowest a card can reach: each card goes below one placed
    before it). A card in row r sits within columns -r..r, so the positions round it within
    -(r + 2)..r + 2: ``width`` leaves room for columns -(n + 4)..n + 3. A position's slot is
    ``(key >> 8) * width + (key & 255) + origin``, so slots run in the order of position keys."""
    width = 2 * n_cards + 8
    return width, width + width // 2 - OFF, (n_cards + 3) * width


T = TypeVar("T")
Menu = list[tuple[tuple[T, ...], ...]]
"""Per slot (``Rules.slot``), the placements at that position of each card for each pair of
fit bits: entry ``4 * card + bits``, ``bits`` being ``m >> 2 * card & 3`` (none, the front, the
back, both), front before back; ``()`` for a slot no card can take. ``Board.placements`` reads
its list from one, so it makes no object and no test per face."""


def menu(n_cards: int, rows: int, placement: Callable[[int, int], T]) -> Menu[T]:
    """The menu of every position of rows 1..``rows`` (columns -row..row), each placement being
    ``placement(face index, key)``: packed ints for the bots, actions for the game. The game's
    menu covers the id space (rows 1..n): only once every card is placed can a card sit in row n,
    so the row below it never takes a card in hand; asked for any cards, it may (``packed_menu``)."""
    width, origin, slots = geometry(n_cards)
    out: Menu[T] = [()] * slots
    for row in range(1, rows + 1):
        for col in range(-row, row + 1):
            key = pos_key(row, col)
            per_card: list[tuple[T, ...]] = []
            for ci in range(n_cards):
                front, back = placement(2 * ci, key), placement(2 * ci + 1, key)
                per_card += [(), (front,), (back,), (front, back)]
            out[row * width + col + OFF + origin] = tuple(per_card)
    return out


@cache
def packed_menu(n_cards: int) -> Menu[int]:
    """The menu of packed placements ``face index << 16 | key`` (what the bots and tests read)."""
    return menu(n_cards, n_cards + 1, _packed)


def _packed(fi: int, key: int) -> int:
    return fi << 16 | key


# A cell: the terrains of the three slots over its half-column, two bits each (``TERRAIN``), then
# the land nodes of those slots (``node_shifts``).
CELL_TOP: Final = 0
"""Where a cell keeps the terrain of the top slot over its half-column."""
CELL_BOTTOM: Final = 2
"""Where a cell keeps the terrain of the bottom slot over its half-column."""
CELL_SIDE: Final = 4
"""Where a cell keeps the terrain of the side slot over its half-column (the card's left edge
over its left half, its right edge over its right half)."""
CELL_NODES: Final = 6
"""Where a cell's land nodes start, above its three terrains."""


def node_shifts(deck: Deck) -> tuple[int, int, int]:
    """Where a cell keeps the land node (+1; 0 if not land) of its top, bottom and side slot.

    8 bits each from ``CELL_NODES`` when every land section of a game fits in them (the Source's and one
    face's per card: at most 254 nodes), so a cell stays below 2**30: CPython keeps such an int
    in one digit and its shifts, masks and products take the fast path at every placement.
    16 bits each otherwise (a deck of more than about a hundred cards)."""
    nodes = len(deck.source.sections) + sum(len(face.sections) for face in deck.faces[::2])
    width = 8 if nodes < 255 else 16
    return CELL_NODES, CELL_NODES + width, CELL_NODES + 2 * width


def _cellcode(face: Face, shifts: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """The two cells of a card of this face as ``(const, per_node)`` pairs, left half then right:
    a cell's value is ``const + first_node * per_node``, where ``first_node`` is the union-find
    node of the card's first section. It holds the terrains of its top, bottom and side slots
    (``CELL_TOP``, ``CELL_BOTTOM``, ``CELL_SIDE``: what ``Board.context`` reads); from the
    ``shifts`` (``node_shifts``) on, the land node + 1 of each of those slots, so land meeting
    land is found without looking the card up."""
    out: list[int] = []
    t_node, b_node, s_node = shifts
    for top, bottom, side in ((T0, B0, S0), (T1, B1, S1)):
        const = (
            face.slots[top] << CELL_TOP | face.slots[bottom] << CELL_BOTTOM | face.slots[side] << CELL_SIDE
        )
        per_node = 0
        for slot, shift in ((top, t_node), (bottom, b_node), (side, s_node)):
            if face.slots[slot] == LAND:
                const += (face.section_of[slot] + 1) << shift
                per_node += 1 << shift
        out += [const, per_node]
    return out[0], out[1], out[2], out[3]


def find_root(parent: list[int], x: int) -> int:
    """The root of node ``x`` in the union-find forest ``parent``, halving the path on the way."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


# A position's context: what faces each slot of a card put there, six 2-bit terrains
# (``Terrain``), slot ``s`` at bit ``2 * s``, so ``ctx >> facing_shift(s) & TERRAIN`` is what faces s.
TERRAIN: Final = 3
"""The mask of one slot's terrain (two bits)."""


def facing_shift(slot: int) -> int:
    """Where in a context the terrain facing ``slot`` sits."""
    return 2 * slot


FACED: Final = (
    (T0, -1, 0, CELL_BOTTOM),  # the half-column above: its bottom slot
    (T1, -1, 1, CELL_BOTTOM),
    (B0, 1, 0, CELL_TOP),  # the half-column below: its top slot
    (B1, 1, 1, CELL_TOP),
    (S0, 0, -1, CELL_SIDE),  # the half-column to the left: the side slot of the card there
    (S1, 0, 2, CELL_SIDE),  # the one to the right of the card's two
)
"""What each slot of a card at a position faces: ``(slot, rows down, half-columns right, part)``,
the half-column counted from the card's left one, ``part`` being where that half-column's cell
keeps the terrain turned towards the slot (``CELL_TOP``...)."""


CONTEXTS: Final = 1 << 12
"""How many contexts there are (six slots, two bits each)."""

TOP_HALVES: Final = TERRAIN << 2 * T0 | TERRAIN << 2 * T1
"""The context bits of what faces a card's top edge: none set, no card is above, nothing fits."""


def ring(face: Face, width: int) -> tuple[tuple[int, int], ...]:
    """What a card of this face adds to the context of each position round it that may be
    open, as ``(slot offset from the card's, context bits)``: each neighbour gains the card's
    edge slots turned towards it, at the slots of its own that face them. Cells are never
    removed, so an open position's context only gains bits: it is updated by OR.

    The position right above is left out: a River Card goes below a card covering one of its
    top halves (RW-2), and that card covers the position above it, closed for good. Only the
    Source Card has none above it (``_start`` gives its position above these bits:
    ``above_bits``)."""
    sl = face.slots
    return (
        (width - 1, sl[B0] << facing_shift(T1)),  # below-left
        (width, sl[B0] << facing_shift(T0) | sl[B1] << facing_shift(T1)),  # below
        (width + 1, sl[B1] << facing_shift(T0)),  # below-right
        (-width - 1, sl[T0] << facing_shift(B1)),  # above-left
        (-width + 1, sl[T1] << facing_shift(B0)),  # above-right
        (-2, sl[S0] << facing_shift(S1)),  # left
        (2, sl[S1] << facing_shift(S0)),  # right
    )


def above_bits(face: Face) -> int:
    """What a card of this face adds to the context of the position right above it."""
    return face.slots[T0] << facing_shift(B0) | face.slots[T1] << facing_shift(B1)


def context_terrains(ctx: int) -> tuple[int, ...]:
    """What faces each of the six slots in a context (``Terrain`` values; ``EMPTY``: empty table)."""
    return tuple(ctx >> facing_shift(slot) & TERRAIN for slot in range(6))


def face_masks(faces: tuple[Face, ...], strict: bool) -> list[int]:
    """Per context, the faces that may be placed there: bit ``fi`` set iff the reference's
    ``violation`` finds nothing wrong with face ``fi`` facing that context's terrains. The
    rules are written once, in words, in ``reference.py``; this asks them once per context and
    face when the rules are made (per deck and options), so a placement never works one out."""
    return [
        sum(1 << fi for fi, face in enumerate(faces) if not violation(face, terrains, strict))
        for terrains in map(context_terrains, range(CONTEXTS))
    ]


class Rules:
    """The deck plus the rule options that matter to the board; caches legal-face masks."""

    def __init__(
        self, deck: Deck, strict_top_river: bool, all_goals: bool, source_counts_for_size: bool
    ) -> None:
        self.deck = deck
        self.faces: tuple[Face, ...] = (*deck.faces, deck.source)
        self.source_index = len(deck.faces)
        self.strict = strict_top_river
        self.all_goals = all_goals
        self.size_mask = -1 if source_counts_for_size else ~1  # placement 0 is the Source Card
        self.width, self.origin, self.slots = geometry(deck.size)  # of the flat lists (``geometry``)
        self.masks: list[int] = face_masks(self.faces[: self.source_index], strict_top_river)
        # The goals of the deck, each told by its number in ``goals`` (equal goals share one):
        # a region keeps the numbers of its goals, so its points are memoised by ints alone.
        self.goals: list[Goal] = []
        number: dict[Goal, int] = {}
        for face in self.faces:
            for sec in face.sections:
                if sec.goal is not None and sec.goal not in number:
                    number[sec.goal] = len(self.goals)
                    self.goals.append(sec.goal)
        # Per face, what its new land sections start with (``Board.place``): their nodes are
        # ``range(nb, nb + sections)``; ``fresh_open``, each section's land slots, all counted
        # open; ``fresh_reg``, per placement index ``p``, each section's region (``Board.reg``):
        # the card's bit, its animal packed as ``ANIMAL_BITS`` bits per type (``unpack_animals``),
        # so joining two regions adds two ints, and its goal's number.
        n = deck.size
        self.sections: list[int] = [len(face.sections) for face in self.faces]
        self.fresh_open: list[tuple[int, ...]] = [
            tuple(len(sec.slots) for sec in face.sections) for face in self.faces
        ]
        self.fresh_reg: list[list[tuple[tuple[int, int, tuple[int, ...]], ...]]] = [
            [
                tuple(
                    (
                        1 << p,
                        0 if sec.animal is None else 1 << ANIMAL_BITS * sec.animal,
                        () if sec.goal is None else (number[sec.goal],),
                    )
                    for sec in face.sections
                )
                for p in range(n + 1)
            ]
            for face in self.faces
        ]
        # Each goal as the ``goals`` event writes it, by number: a land's event reads its words
        # rather than building them anew (``words.goal_words`` joins letters for each goal).
        self.goal_words: list[str] = [goal_words(goal) for goal in self.goals]
        self.points: dict[tuple[int, tuple[int, ...], int], tuple[int, int]] = {}
        """Goal points (first, second) per (packed animals, sorted goal numbers, runestones)."""
        # Per face: what each land or mountain slot faces, as (slot offset of the cell it faces,
        # shift of that cell's land node, my section or -1 for a mountain). River slots never
        # matter here, since river may not face land (RW-1).
        t_node, b_node, s_node = shifts = node_shifts(deck)
        self.node_mask = (1 << (b_node - t_node)) - 1
        node_shift = {CELL_TOP: t_node, CELL_BOTTOM: b_node, CELL_SIDE: s_node}
        geo = {
            slot: (down * self.width + right, node_shift[part]) for slot, down, right, part in FACED
        }  # per slot: the slot offset of the cell it faces, where that cell keeps the node facing it
        self.plan: list[tuple[tuple[int, int, int], ...]] = [
            tuple(
                (*geo[s], face.section_of[s] if face.slots[s] == LAND else -1)
                for s in range(6)
                if face.slots[s] != RIVER
            )
            for face in self.faces
        ]
        # ``plan`` cut down to the slots that face a card, per face and per set of such slots
        # (6 bits, slot ``s`` at bit ``s``: ``facing`` of the context of the position filled),
        # at ``fi << 6 | facing``: ``place`` skips at once the slots facing empty table, most of
        # them, instead of reading their cells to find them empty.
        self.near: list[tuple[tuple[int, int, int], ...]] = [
            tuple(
                (*geo[s], face.section_of[s] if face.slots[s] == LAND else -1)
                for s in range(6)
                if face.slots[s] != RIVER and busy >> s & 1
            )
            for face in self.faces
            for busy in range(64)
        ]
        self.facing: list[int] = [
            sum(1 << s for s in range(6) if ctx >> facing_shift(s) & TERRAIN) for ctx in range(CONTEXTS)
        ]  # per context: the slots facing a card (the 2-bit fields that are not EMPTY)
        self.cellcode: list[tuple[int, int, int, int]] = [_cellcode(face, shifts) for face in self.faces]
        self.runestone: list[bool] = [face.runestone for face in self.faces]
        self.ring: list[tuple[tuple[int, int], ...]] = [ring(face, self.width) for face in self.faces]

    def __reduce__(self) -> tuple[Callable[..., Rules], tuple[Deck, bool, bool, bool]]:
        """Pickled as what builds it, and rebuilt through ``rules_for``'s cache: one set of
        tables per deck and options in a process, however many states arrive by pickle."""
        return rules_for, (self.deck, self.strict, self.all_goals, self.size_mask == -1)

    def slot(self, key: int) -> int:
        """Where the position ``key`` is in ``Board.ctxs``: ``(row + 1) * width + col + width // 2``."""
        return (key >> 8) * self.width + (key & 255) + self.origin

    def key(self, slot: int) -> int:
        """The position key of a slot (the inverse of :meth:`slot`)."""
        row, half = divmod(slot, self.width)
        return pos_key(row - 1, half - self.width // 2)

    def mask(self, ctx: int) -> int:
        """Bit ``fi`` set iff face ``fi`` may be placed at a position with context ``ctx``."""
        return self.masks[ctx]

    def violation(self, face: Face, ctx: int) -> str:
        """'' if ``face`` fits the context, else the rule it breaks (``reference.violation``)."""
        return violation(face, context_terrains(ctx), self.strict)


class Board:
    """The Source Card and the River Cards placed so far (see module docstring)."""

    __slots__ = ("base", "cells", "ctxs", "fits", "lands", "open", "opn", "parent", "placed", "reg", "rules")

    rules: Rules
    placed: list[tuple[int, int]]  # (face index, key) in placement order; index 0 is the Source
    cells: list[int]  # per slot (Rules.slot): the packed cell of a covered half-column, 0 if none
    ctxs: list[int]  # per slot (Rules.slot): the context of the position (0: none faces it; CLOSED)
    fits: list[int]  # per slot (Rules.slot): the faces that may go there (Rules.mask of its context)
    open: list[int]  # the slots where some face fits (``fits`` not 0), in order
    parent: list[int]  # union-find over land sections
    base: list[int]  # first section node of each placement
    opn: list[int]  # at roots: land slots facing empty table (-1 once protected)
    reg: list[tuple[int, int, tuple[int, ...]]]  # at roots: cards, packed animals, goal numbers (``region``)
    lands: list[tuple[int, int, int, int, int]]  # Protected Lands: size, first, second, cards bitmask, root

    def __init__(
        self,
        rules: Rules,
        placed: list[tuple[int, int]],
        cells: list[int],
        ctxs: list[int],
        fits: list[int],
        open: list[int],
        parent: list[int],
        base: list[int],
        reg: list[tuple[int, int, tuple[int, ...]]],
        opn: list[int],
        lands: list[tuple[int, int, int, int, int]],
    ) -> None:
        """The parts as given (``new`` and ``copy`` build them; nothing is checked here)."""
        self.rules = rules
        self.placed = placed
        self.cells = cells
        self.ctxs = ctxs
        self.fits = fits
        self.open = open
        self.parent = parent
        self.base = base
        self.reg = reg
        self.opn = opn
        self.lands = lands

    @staticmethod
    def new(rules: Rules) -> Board:
        """The table at the start: the Source Card alone (a copy of one placed once per rules)."""
        return _start(rules).copy()

    def copy(self) -> Board:
        return Board(
            self.rules,
            self.placed.copy(),
            self.cells.copy(),
            self.ctxs.copy(),
            self.fits.copy(),
            self.open.copy(),
            self.parent.copy(),
            self.base.copy(),
            self.reg.copy(),
            self.opn.copy(),
            self.lands.copy(),
        )

    def __reduce__(self) -> tuple[type[Board], tuple[Any, ...]]:
        """Pickled as its parts, copied as ``copy`` copies them. Stated for the compiled build,
        whose classes rebuild a pickled object by calling the class with no arguments."""
        c = self.copy()
        return Board, (
            c.rules,
            c.placed,
            c.cells,
            c.ctxs,
            c.fits,
            c.open,
            c.parent,
            c.base,
            c.reg,
            c.opn,
            c.lands,
        )

    # -- JSON -------------------------------------------------------------------------------
    def to_json(self) -> list[list[int]]:
        """The River Cards in placement order as ``[face index, position key]`` (the Source is implied)."""
        return [[fi, key] for fi, key in self.placed[1:]]

    @staticmethod
    def of_layout(rules: Rules, layout: list[tuple[int, int]]) -> Board:
        """The board after placing ``layout`` in order, each placement checked against the rules."""
        board = Board.new(rules)
        for fi, key in layout:
            if any(f // 2 == fi // 2 for f, _ in board.placed[1:]):
                raise ValueError(f"the layout places card index {fi // 2} twice")
            slot = rules.slot(key)  # a key off the table has no slot: not read
            if (
                not 0 <= fi < rules.source_index
                or not 0 <= slot < rules.slots
                or not board.fits[slot] >> fi & 1
            ):
                raise ValueError(f"the layout's placement {[fi, key]} breaks the placement rules")
            board.place(fi, key)
        return board

    # -- legality ---------------------------------------------------------------------------
    def cell(self, key: int) -> int:
        """The packed cell of the half-column at ``key`` (0 if no card covers it), for any key:
        positions outside the rows and columns the table can reach hold nothing."""
        rules = self.rules
        half = rules.width // 2
        if not -1 <= key >> 8 <= rules.deck.size + 1 or not -half <= (key & 255) - OFF < half:
            return 0
        return self.cells[rules.slot(key)]

    def context(self, key: int) -> int:
        """The context of the position ``key`` read from the cells round it (``FACED``): what the
        board keeps in ``ctxs`` as cards arrive, worked out anew (``explain``, the tests)."""
        ctx = 0
        for slot, down, right, part in FACED:
            terrain = self.cell(key + down * ROW + right) >> part & TERRAIN
            ctx |= terrain << facing_shift(slot)
        return ctx

    def blocked(self, key: int) -> bool:
        """True if a card at ``key`` would overlap a card already in its row (a card's cells are
        never 0: each holds the card's slot types, none of which is empty table)."""
        return self.cell(key) != 0 or self.cell(key + 1) != 0

    def legal(self, cards: list[int]) -> list[int]:
        """Every legal placement of both faces of the given cards, as ``face index << 16 | key``
        (:meth:`placements` with packed ints)."""
        return self.placements(cards, packed_menu(self.rules.deck.size))

    def placements(self, cards: list[int], at: Menu[T]) -> list[T]:
        """Every legal placement of both faces of the given cards, as ``at`` names them: by
        position, then card by card in the order given, front before back. Read from what
        ``place`` keeps (``open``, the slots where some face fits, in order: slots run in the
        order of positions; ``fits``, by slot): nothing is recomputed or sorted. Hot path
        (every step): the placements of a card at a position come from the menu as one tuple
        (empty if no face of it fits: an empty tuple added costs less, interpreted, than a test
        skipping it), and a full hand of three (almost every step) is read unrolled."""
        out: list[T] = []
        fits = self.fits
        if len(cards) == 3:
            c0, c1, c2 = cards
            s0, s1, s2 = 2 * c0, 2 * c1, 2 * c2
            o0, o1, o2 = 4 * c0, 4 * c1, 4 * c2
            want = 3 << s0 | 3 << s1 | 3 << s2
            for j in self.open:
                m = fits[j] & want
                if m:
                    row = at[j]
                    out += row[o0 + (m >> s0 & 3)]
                    out += row[o1 + (m >> s1 & 3)]
                    out += row[o2 + (m >> s2 & 3)]
            return out
        want = 0
        for ci in cards:
            want |= 3 << 2 * ci
        for j in self.open:
            m = fits[j] & want
            if m:
                row = at[j]
                for ci in cards:
                    out += row[4 * ci + (m >> 2 * ci & 3)]
        return out

    # -- placing ----------------------------------------------------------------------------
    def place(self, fi: int, key: int, track: bool = True) -> None:
        """Put face ``fi`` at ``key`` (assumed legal). ``track=False`` skips the upkeep of open
        positions, for bots that only want the score afterwards: no card may be placed after it.

        First the land: each land or mountain slot of the new card that meets a card settles one
        edge (``Rules.near``: only the slots the position's context says face a card). Land
        meeting land joins the two regions (``_join``); every land slot on the edge stops facing
        empty table; a region left with none is a Protected Land (RW-5), recorded by ``_seal``.
        Then, with ``track``, the three positions the card covers close for good (no overlap),
        and each position round it gains the card's edge slots in its context, so what fits
        there is looked up again: a position joins ``open`` (in order) when something first
        fits there and leaves it when nothing does any more. Nothing is read from the cells but
        the nodes of the land slots the card meets.

        Hot path (every step): the upkeep of ``fits`` and ``open`` is written in the loops, not
        called per position (ten calls a step were about 6% of a step, interpreted), and the
        covered positions are a tuple, not a ``range`` (a call)."""
        p = len(self.placed)
        self.placed.append((fi, key))
        rules = self.rules
        parent, opn, cells = self.parent, self.opn, self.cells
        first = len(parent)  # the union-find node of the new card's first land section
        lconst, lnode, rconst, rnode = rules.cellcode[fi]
        i = (key >> 8) * rules.width + (key & 255) + rules.origin  # rules.slot(key), inlined
        cells[i] = lconst + first * lnode
        cells[i + 1] = rconst + first * rnode
        self.base.append(first)
        parent += range(first, first + rules.sections[fi])
        opn += rules.fresh_open[fi]
        self.reg += rules.fresh_reg[fi][p]
        node_mask = rules.node_mask
        ctxs = self.ctxs
        sealed = False
        for ds, shift, section in rules.near[fi << 6 | rules.facing[ctxs[i]]]:
            theirs = cells[i + ds] >> shift & node_mask  # their land node + 1; 0: a mountain
            if section >= 0:  # my land meets a card: land (joined) or a mountain (RW-1: no river)
                root = first + section  # a new section: its own root unless this card joined it
                if parent[root] != root:
                    root = find_root(parent, root)
                edges = 1
                if theirs:
                    root = self._join(root, find_root(parent, theirs - 1))
                    edges = 2
            elif theirs:  # my mountain meets their land
                root = find_root(parent, theirs - 1)
                edges = 1
            else:  # mountain meets mountain: no land
                continue
            opn[root] -= edges  # these land edges no longer face empty table
            if opn[root] == 0:  # RW-5: protected, no land edge of it faces empty table
                sealed = True
        if sealed:
            self._seal(self._touched(fi, i, first))
        if track:
            fits, opened, masks = self.fits, self.open, rules.masks
            for j in (i - 1, i, i + 1):  # covered by the card: nothing goes there again
                ctxs[j] = CLOSED
                if fits[j]:
                    fits[j] = 0
                    opened.remove(j)
            for dj, edge in rules.ring[fi]:  # the positions round the card gain its edge slots
                j = i + dj
                ctx = ctxs[j]
                if ctx != CLOSED:
                    ctx |= edge
                    ctxs[j] = ctx
                    now = masks[ctx]  # the faces that fit here now
                    if now:
                        if not fits[j]:  # something fits here at last: it opens, in order
                            insort(opened, j)
                    elif fits[j]:  # nothing fits here any more
                        opened.remove(j)
                    fits[j] = now

    def _join(self, mine: int, theirs: int) -> int:
        """The root of the region of both roots: ``theirs`` joins ``mine`` (its open land edges,
        cards, animals and goals added), unless they are one region already."""
        if theirs != mine:
            reg = self.reg
            cards, animals, goals = reg[mine]
            their_cards, their_animals, their_goals = reg[theirs]
            self.parent[theirs] = mine
            self.opn[mine] += self.opn[theirs]
            reg[mine] = (cards | their_cards, animals + their_animals, goals + their_goals)
        return mine

    def _touched(self, fi: int, i: int, nb: int) -> list[int]:
        """The land nodes the placement of face ``fi`` at slot ``i`` (first new node ``nb``)
        touched, in the order of its plan: each land section at each of its land slots, and
        each land slot its mountains face. ``_seal`` records the lands closed in the order of
        the set of their roots, as it always has, so this is the same list, in the same order."""
        rules, cells = self.rules, self.cells
        node_mask = rules.node_mask
        touched: list[int] = []
        for ds, shift, section in rules.plan[fi]:
            if section >= 0:
                touched.append(nb + section)
            else:
                them = cells[i + ds] >> shift & node_mask
                if them:
                    touched.append(them - 1)
        return touched

    def _seal(self, touched: list[int]) -> None:
        """Record the regions of ``touched`` left with no open land slot as Protected Lands.

        The lands are recorded in the order of the set of roots, as they always were (the order
        of the ``protected`` events and the ``lands`` list), each sealed for good."""
        rules, opn = self.rules, self.opn
        size_mask = rules.size_mask
        parent = self.parent
        for root in {find_root(parent, x) for x in touched}:
            if opn[root] == 0:
                c, a, g = self.reg[root]
                runes = self.runes(c).bit_count()
                memo = (a, tuple(sorted(g)), runes)
                found = rules.points.get(memo)
                if found is None:
                    if len(rules.points) >= POINTS_MEMO:
                        rules.points.clear()
                    goals = tuple([rules.goals[x] for x in g])
                    found = rules.points[memo] = land_goal_points(
                        unpack_animals(a), goals, runes, rules.all_goals
                    )
                first, second = found
                self.lands.append(((c & size_mask).bit_count(), first, second, c, root))
                opn[root] = -1  # sealed for good

    def region(self, root: int) -> tuple[int, tuple[int, int, int, int], tuple[Goal, ...], int]:
        """What the land region of root node ``root`` holds: the placements with a section in
        it (a bitmask), its animals per type, its goals in the order they joined, and the
        placements among them whose face has a runestone (a bitmask, for RW-10)."""
        cards, animals, goals = self.reg[root]
        every = self.rules.goals
        return cards, unpack_animals(animals), tuple([every[x] for x in goals]), self.runes(cards)

    def runes(self, cards: int) -> int:
        """The placements among ``cards`` (a bitmask) whose face has a runestone (a bitmask)."""
        runestone, placed = self.rules.runestone, self.placed
        runes = 0
        for p in scan_forward(cards):
            if runestone[placed[p][0]]:
                runes |= 1 << p
        return runes

    # -- score ------------------------------------------------------------------------------
    def score(self, n: int | None = None) -> int:
        """The score of the layout (rulebook Scoring; RW-7 for a tie for largest); with
        ``n``, the score the first ``n`` Protected Lands gave (before later ones)."""
        lands = self.lands if n is None else self.lands[:n]
        if not lands:
            return 0
        total = POINTS_PER_LAND * len(lands)
        best_size = -1
        best_gain = 0
        for size, first, second, _, _ in lands:
            total += second
            gain = first - second
            if size > best_size or (size == best_size and gain > best_gain):
                best_size, best_gain = size, gain
        return total + best_gain

    def largest(self) -> int:
        """Index in ``lands`` of the land that counts as the largest (-1 if none)."""
        best = -1
        for i, (size, first, second, _, _) in enumerate(self.lands):
            if best < 0:
                best = i
                continue
            bs, bf, bsec, _, _ = self.lands[best]
            if size > bs or (size == bs and first - second > bf - bsec):
                best = i
        return best

    def land_index(self, p: int, k: int) -> int:
        """Index in ``lands`` of the Protected Land holding section ``k`` of placement ``p``, or -1."""
        root = find_root(self.parent, self.base[p] + k)
        for i, land in enumerate(self.lands):
            if land[4] == root:
                return i
        return -1

    def open_land_slots(self) -> int:
        """Land slots facing empty table, over all open regions (a heuristic for bots)."""
        return sum(o for i, o in enumerate(self.opn) if o > 0 and self.parent[i] == i)


@cache
def _start(rules: Rules) -> Board:
    """The Source Card alone on the table; every game copies it rather than placing it anew."""
    board = Board(rules, [], [0] * rules.slots, [0] * rules.slots, [0] * rules.slots, [], [], [], [], [], [])
    key = pos_key(0, 0)
    board.place(rules.source_index, key)
    # ``place`` leaves out the position right above a card, always closed but here: row -1,
    # where no card can go (nothing is above it), yet its context is kept like any other.
    board.ctxs[rules.slot(key - ROW)] |= above_bits(rules.faces[rules.source_index])
    return board


@cache
def rules_for(deck: Deck, strict_top_river: bool, all_goals: bool, source_counts_for_size: bool) -> Rules:
    """The rules of one deck and options, built once per process (their tables take a while)."""
    return Rules(deck, strict_top_river, all_goals, source_counts_for_size)
