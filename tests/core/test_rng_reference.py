"""The core generator gives exactly what plain SplitMix64 gives, draw for draw, for every method.

Golden records depend on every number the generator hands out, so its fast paths (tables of
limits, ``choice`` with ``randrange`` written out, shuffles drawn side by side) are checked here
against the generator written the plain way, on many seeds and many calls.
"""

from __future__ import annotations

import random

import pytest

from riverbox.core.rng import Rng

_MASK = (1 << 64) - 1
_SPAN = 1 << 64


class _Plain:
    """SplitMix64 with one draw at a time and no tables: the reference."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        limit = _SPAN - _SPAN % n
        while True:
            z = self.next64()
            if z < limit:
                return z % n

    def shuffle(self, seq: list[int]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


def _seeds() -> list[int]:
    pick = random.Random(20261201)
    return [0, 1, 2**64 - 1, 2**63, *(pick.getrandbits(64) for _ in range(60))]


@pytest.mark.parametrize("seed", _seeds())
def test_every_method_draws_what_plain_splitmix_draws(seed: int) -> None:
    fast, plain = Rng(seed), _Plain(seed)
    pick = random.Random(seed)
    sizes = [1, 2, 3, 7, 52, 255, 256, 257, 1000, 2**33 + 1, 2**63 + 1, 2**64 - 1]
    for _ in range(150):
        what = pick.randrange(6)
        if what == 0:
            assert fast.next64() == plain.next64()
        elif what == 1:
            n = pick.choice(sizes) if pick.random() < 0.5 else pick.randrange(1, 300)
            assert fast.randrange(n) == plain.randrange(n)
        elif what == 2:
            seq = list(range(pick.choice(sizes[:9]) if pick.random() < 0.3 else pick.randrange(1, 300)))
            assert fast.choice(seq) == seq[plain.randrange(len(seq))]
        elif what == 3:
            assert fast.random() == (plain.next64() >> 11) * (1.0 / (1 << 53))
        elif what == 4:
            size = pick.randrange(0, 300)
            mine, theirs = list(range(size)), list(range(size))
            fast.shuffle(mine)
            plain.shuffle(theirs)
            assert mine == theirs
        else:
            assert fast.fork().state == _Plain(plain.next64()).state
        assert fast.state == plain.state
        assert fast.copy().state == fast.state


def test_choice_of_an_empty_sequence_is_refused_as_randrange_zero_is() -> None:
    with pytest.raises(ValueError, match="n > 0"):
        Rng(3).choice([])
    with pytest.raises(ValueError, match="n > 0"):
        Rng(3).randrange(0)
