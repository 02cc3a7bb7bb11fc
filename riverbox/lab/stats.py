"""Small statistics helpers for tournament results (pure functions, no numpy needed)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Chosen over the normal approximation because it stays inside [0, 1] and behaves for
    rates near 0 or 1, which bot-vs-random results often are. Shared wins may count as
    fractions, hence ``successes`` is a float.

    >>> lo, hi = wilson_interval(250, 1000)
    >>> round(lo, 3), round(hi, 3)
    (0.224, 0.278)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0 for fewer than two values).

    >>> mean_sd([1, 2, 3])
    (2.0, 1.0)
    """
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    m = sum(values) / n
    if n < 2:
        return (m, 0.0)
    return (m, math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)))


def median(values: Sequence[float]) -> float:
    """The median of a non-empty sequence.

    >>> median([3, 1, 2, 10])
    2.5
    """
    s = sorted(values)
    n = len(s)
    if n == 0:
        raise ValueError("median of no values")
    mid = n // 2
    return float(s[mid]) if n % 2 else (s[mid - 1] + s[mid]) / 2
