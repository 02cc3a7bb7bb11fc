"""A small seeded random generator whose whole state is one integer.

Why not ``random.Random``: bots clone states thousands of times per move, and records must
round-trip through JSON exactly. SplitMix64 has a 64-bit state, so cloning is a copy of one
int and serialising is trivial, while its output passes BigCrush, which is plenty for
shuffling cards.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_SPAN: Final = 1 << 64
_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB


class Rng:
    """SplitMix64. ``Rng(seed)`` for any int seed; ``state`` is the full generator state."""

    __slots__ = ("state",)

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
        limit = _SPAN - _SPAN % n
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
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: for each ``i`` from the end, ``j = randrange(i + 1)``.

        The draws of ``randrange`` and ``next64`` are inlined in one loop over a local state (the
        same numbers in the same order, so records replay unchanged): games shuffle decks of
        dozens of cards at every setup, and two calls per swap were most of the cost.
        """
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)  # the state is already masked, so the constructor keeps it
