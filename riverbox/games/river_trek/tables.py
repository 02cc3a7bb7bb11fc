"""Tables built once at import for the hot loop: the legal actions of an area or space bitmask.

The state keeps where a seat may act as bitmasks: the areas open to its posts
(``TrekData.post_full`` and friends) and the spaces holding its explorers (``TrekData.occ``).
These tables turn a mask into the list of actions without a loop over every area or space:
a mask is cut into chunks of a few bits, and each chunk's value indexes a ready-made tuple of
the actions for the bits set in it, in order. Everything here is built eagerly and never
changes; the rules these tables serve are written plainly in ``reference`` (a post may go to
any area below your post limit, ``reference.open_areas``), and the differential test holds the
two to the same answers.
"""

from __future__ import annotations

from typing import Final, TypeVar

from riverbox.games.river_trek.actions import (
    A_MOVE,
    A_MOVEBACK,
    A_POST,
    MAX_AREAS,
    MAX_SPACES,
    MOVEPOST_FROM,
    TrekAction,
)

T = TypeVar("T")

ChunkTable = tuple[tuple[tuple[T, ...], ...], ...]
"""``table[c][bits]``: the entries for the areas (or spaces) set in ``bits``, chunk ``c`` of a
mask, in order; ``for_areas`` / ``for_spaces`` read one for a whole mask."""

# -- areas --------------------------------------------------------------------------------------
AREA_CHUNK_BITS: Final = 7
"""Areas per chunk of an area bitmask."""
AREA_CHUNKS: Final = 3
"""Chunks in an area bitmask: ``AREA_CHUNKS * AREA_CHUNK_BITS`` areas at most."""
AREA_CHUNK_MASK: Final = (1 << AREA_CHUNK_BITS) - 1
assert MAX_AREAS <= AREA_CHUNKS * AREA_CHUNK_BITS


def chunk_table(row: tuple[T | None, ...], bits: int, chunks: int) -> ChunkTable[T]:
    """``row[i]`` (``None``: no entry) as a :data:`ChunkTable` of ``chunks`` chunks of ``bits``
    bits. Built by doubling: the entries for the values below ``1 << k`` are extended by item
    ``k``'s entry."""
    table = []
    for c in range(chunks):
        part: list[tuple[T, ...]] = [()]
        for i in range(bits * c, bits * c + bits):
            item = row[i] if i < len(row) else None
            part += [(*t, item) for t in part] if item is not None else part
        table.append(tuple(part))
    return tuple(table)


def for_areas(table: ChunkTable[T], mask: int) -> list[T]:
    """The entries of an area ``table`` for the areas in ``mask``, in area order (a fresh list)."""
    out = list(table[0][mask & AREA_CHUNK_MASK])
    if mask >> AREA_CHUNK_BITS:
        out += table[1][(mask >> AREA_CHUNK_BITS) & AREA_CHUNK_MASK]
        out += table[2][mask >> (2 * AREA_CHUNK_BITS)]
    return out


POST_TO: Final[ChunkTable[TrekAction]] = chunk_table(A_POST, AREA_CHUNK_BITS, AREA_CHUNKS)
"""``post A`` for the areas of a mask (the legal posts are a mask of open areas)."""
AREAS_IN: Final[ChunkTable[int]] = chunk_table(tuple(range(MAX_AREAS)), AREA_CHUNK_BITS, AREA_CHUNKS)
"""The areas of a mask, as numbers."""
MOVEPOST_TO: Final[tuple[ChunkTable[TrekAction], ...]] = tuple(
    chunk_table(MOVEPOST_FROM[source], AREA_CHUNK_BITS, AREA_CHUNKS) for source in range(MAX_AREAS)
)
"""``MOVEPOST_TO[source]``: ``movepost source B`` for the areas B of a mask (``source`` itself
left out). Why: the post step lists dozens of moves of posts, and a loop over every pair of
areas was most of its cost."""

# -- spaces -------------------------------------------------------------------------------------
SPACE_CHUNK_BITS: Final = 10
"""Spaces per chunk of a space bitmask: wider than an area chunk, as a path is longer, so a mask
takes fewer reads (a path of 36 spaces four, not six); 1024 tuples a chunk."""
SPACE_CHUNK_MASK: Final = (1 << SPACE_CHUNK_BITS) - 1
SPACE_CHUNKS: Final = (MAX_SPACES + SPACE_CHUNK_BITS - 1) // SPACE_CHUNK_BITS
"""Chunks in a space bitmask."""


def for_spaces(table: ChunkTable[T], mask: int) -> list[T]:
    """The entries of a space ``table`` for the spaces in ``mask``, in space order (a fresh list).

    Why: the caravans a seat may move are the spaces holding its explorers, which the state keeps
    as a bitmask; a few chunk reads list them without looking at every space of the path."""
    out: list[T] = []
    c = 0
    while mask:
        bits = mask & SPACE_CHUNK_MASK
        if bits:
            out += table[c][bits]
        mask >>= SPACE_CHUNK_BITS
        c += 1
    return out


MOVE_AT: Final[ChunkTable[TrekAction]] = chunk_table(A_MOVE, SPACE_CHUNK_BITS, SPACE_CHUNKS)
"""``move S`` for the spaces of a mask (the caravans holding the mover's explorers)."""
MOVEBACK_AT: Final[ChunkTable[TrekAction]] = chunk_table(A_MOVEBACK, SPACE_CHUNK_BITS, SPACE_CHUNKS)
"""``moveback S`` for the spaces of a mask (the Peccary's moves)."""
SPACES_IN: Final[ChunkTable[int]] = chunk_table(tuple(range(MAX_SPACES)), SPACE_CHUNK_BITS, SPACE_CHUNKS)
"""The spaces of a mask, as numbers (``spaces_of``)."""


def spaces_of(mask: int) -> list[int]:
    """The spaces set in ``mask``, in space order.

    Why chunk by chunk rather than bit by bit: a path is longer than the ints CPython computes
    with fastest (30 bits), and each step of a bit-by-bit walk of a longer mask makes a new int."""
    return for_spaces(SPACES_IN, mask)
