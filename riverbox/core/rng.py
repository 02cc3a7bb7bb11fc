"""A small seeded random generator whose whole state is one integer.

Why not ``random.Random``: bots clone states thousands of times per move, and records must
round-trip through JSON exactly. SplitMix64 has a 64-bit state, so cloning is a copy of one
int and serialising is trivial, while its output passes BigCrush, which is plenty for
shuffling cards.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence, Sequence
from typing import ClassVar, Final, TypeVar

T = TypeVar("T")

_SPAN: Final = 1 << 64
_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB


class Rng:
    """SplitMix64. ``Rng(seed)`` for any int seed; ``state`` is the full generator state."""

    __slots__ = ("state",)
    NAME: ClassVar[str] = "splitmix64"
    """The generator's name in records (a record without one was made by this generator)."""

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError(f"randrange needs n > 0, got {n}")
        limit = _LIMITS[n] if n < _TABLE else _SPAN - _SPAN % n  # the table spares two big-int steps
        s = self.state
        while True:  # next64, inlined: every draw of every game comes through here
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence: ``seq[randrange(len(seq))]``.

        ``randrange`` written out (bots and playouts choose at every step), so an empty
        sequence raises the ``ValueError`` that ``randrange(0)`` gives.
        """
        n = len(seq)
        if n <= 0:
            raise ValueError(f"randrange needs n > 0, got {n}")
        limit = _LIMITS[n] if n < _TABLE else _SPAN - _SPAN % n
        s = self.state
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = s
                return seq[z % n]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: for each ``i`` from the end, ``j = randrange(i + 1)``.

        The same numbers in the same order as that loop (records replay unchanged), drawn all at
        once: SplitMix64's k-th output depends only on ``state + k * golden``, so ``_outputs``
        computes a shuffle's draws side by side in one big integer, a dozen big-integer steps
        instead of a dozen per card (games shuffle decks of dozens of cards at every setup and
        every determinization). A draw that ``randrange`` would reject (a chance of n in 2**64)
        hands the rest of the shuffle to ``_shuffle_from``, which draws one at a time.
        """
        count = len(seq) - 1
        if count < 1:
            return
        s = self.state
        draws = _outputs(s, count)
        if count < _TABLE and max(draws) < _SAFE:  # no draw is rejected: no limit to test per card
            for i, z in zip(range(count, 0, -1), draws, strict=True):
                j = z % (i + 1)
                seq[i], seq[j] = seq[j], seq[i]
            self.state = (s + count * _GOLDEN) & _MASK
            return
        for i, z in zip(range(count, 0, -1), draws, strict=True):
            n = i + 1
            if z >= (_LIMITS[n] if n < _TABLE else _SPAN - _SPAN % n):
                # the draws for count..i are used (this one rejected): go on from the next
                self.state = _shuffle_from(seq, i, (s + (count - i + 1) * _GOLDEN) & _MASK)
                return
            j = z % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = (s + count * _GOLDEN) & _MASK

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)  # the state is already masked, so the constructor keeps it


_TABLE: Final = 256
_LIMITS: Final = tuple(_SPAN - _SPAN % n if n else 0 for n in range(_TABLE))
"""``randrange(n)`` accepts a draw below ``_LIMITS[n]`` (no modulo bias), built once for small n."""
_SAFE: Final = _SPAN - _TABLE
"""Below every limit of the table: ``randrange(n)`` for ``n <= _TABLE`` accepts any draw under it."""
_LANE: Final = 128
"""Bits per draw in ``_outputs``' big integer: a 64-bit value times a 64-bit constant fits."""
_PACKED: Final[dict[int, tuple[int, int, struct.Struct]]] = {}
"""Per draw count: the golden steps of each lane, the lanes' 64-bit mask and the unpacker."""


def _packing(count: int) -> tuple[int, int, struct.Struct]:
    """``_PACKED[count]``, built on first use."""
    steps = sum((k + 1) * _GOLDEN << (_LANE * k) for k in range(count))
    mask = sum(_MASK << (_LANE * k) for k in range(count))
    found = _PACKED[count] = (steps, mask, struct.Struct("<" + "Q8x" * count))
    return found


def _outputs(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of a generator at ``state``, computed side by side.

    Lane k of one big integer holds the k-th state, ``state + (k + 1) * golden`` (SplitMix64's
    state only ever adds the golden step), and each step of the mix runs once on all lanes. A
    lane is 128 bits, so a lane's 64-bit value times a 64-bit constant never carries into the
    next one; after each shift the mask clears what the next lane shifted in.
    """
    found = _PACKED.get(count)
    steps, mask, unpack = found if found is not None else _packing(count)
    z = (int.from_bytes(state.to_bytes(16, "little") * count, "little") + steps) & mask
    z = ((z ^ (z >> 30)) & mask) * _MIX1 & mask
    z = ((z ^ (z >> 27)) & mask) * _MIX2 & mask
    z = (z ^ (z >> 31)) & mask
    out: tuple[int, ...] = unpack.unpack(z.to_bytes(16 * count, "little"))
    return out


def _shuffle_from(seq: MutableSequence[T], top: int, s: int) -> int:
    """Go on with ``Rng.shuffle`` from index ``top`` with generator state ``s``, one draw at a time;
    returns the state after the last draw."""
    for i in range(top, 0, -1):
        n = i + 1
        limit = _LIMITS[n] if n < _TABLE else _SPAN - _SPAN % n
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        seq[i], seq[j] = seq[j], seq[i]
    return s


SPLITMIX: Final = Rng.NAME
KEYED: Final = "blake2b-ctr"
KEY_BITS: Final = 256
"""A keyed generator's seed is a 256-bit secret (see :class:`KeyedRng`)."""
_WORDS: Final = struct.Struct("<8Q")


class KeyedRng(Rng):
    """BLAKE2b keyed with a 256-bit secret, in counter mode: outputs nobody can predict.

    SplitMix64 is fast but invertible, and a table's seed could be searched from a seat's own
    draws (issue 26: ten River Rivals draws narrowed 2**31 seeds to 47). Here output ``k`` is
    word ``k % 8`` of ``BLAKE2b(key, k // 8)``: without the key, outputs say nothing of each
    other or of the key. ``state`` is the counter (outputs drawn so far), so a state's JSON and
    clones work as for :class:`Rng`; the key is the state's ``seed``. Same methods and the same
    use of each draw as :class:`Rng`, so games are unchanged; about ten times slower per draw,
    so only tables people play on use it (simulations, bots' worlds and research keep SplitMix64).
    """

    __slots__ = ("_at", "_mac", "_words")
    NAME: ClassVar[str] = KEYED

    def __init__(self, seed: int = 0) -> None:
        if seed.__class__ is not int or not 0 <= seed < 1 << KEY_BITS:
            raise ValueError(f"a {KEYED} seed is a whole number from 0 to 2**{KEY_BITS} - 1")
        self._mac = hashlib.blake2b(key=seed.to_bytes(KEY_BITS // 8, "little"), digest_size=64)
        self.state = 0
        self._at = -1
        self._words: tuple[int, ...] = ()

    def next64(self) -> int:
        k = self.state
        block = k >> 3
        if block != self._at:
            mac = self._mac.copy()
            mac.update(block.to_bytes(8, "little"))
            self._words = _WORDS.unpack(mac.digest())
            self._at = block
        self.state = k + 1
        return self._words[k & 7]

    def randrange(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randrange needs n > 0, got {n}")
        limit = _LIMITS[n] if n < _TABLE else _SPAN - _SPAN % n
        while True:
            z = self.next64()
            if z < limit:
                return z % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, as :meth:`Rng.shuffle`: for each ``i`` from the end, ``j = randrange(i + 1)``."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> Rng:
        """A keyed generator whose key is four draws of this one (advances this one)."""
        key = 0
        for _ in range(KEY_BITS // 64):
            key = key << 64 | self.next64()
        return KeyedRng(key)

    def copy(self) -> KeyedRng:
        other = KeyedRng.__new__(KeyedRng)
        other._mac = self._mac  # never updated in place (next64 updates a copy), so shared
        other.state = self.state
        other._at = self._at
        other._words = self._words
        return other


GENERATORS: Final[dict[str, type[Rng]]] = {SPLITMIX: Rng, KEYED: KeyedRng}
"""Every generator by its name in records."""


def make_rng(seed: int, generator: str = SPLITMIX) -> Rng:
    """The generator ``generator`` (a name of :data:`GENERATORS`) seeded with ``seed``."""
    kind = GENERATORS.get(generator)
    if kind is None:
        raise ValueError(f"there is no random generator {generator!r}; generators: {', '.join(GENERATORS)}")
    return kind(seed)


def secret_seed() -> int:
    """A fresh 256-bit secret for a :class:`KeyedRng`, from the operating system's CSPRNG."""
    import secrets

    return secrets.randbits(KEY_BITS)
