"""Remembering the last encoding of a part of a view, for the learning adapters' observations.

Views are read-only snapshots and games share the parts that did not change between calls
(``State.view``), so a part handed out never changes: the same object means the same content.
An observation encoder splits its vector into blocks, each a function of a few view values,
and asks a :class:`LastBlock` for each; only a block whose values are new objects is encoded
again. The result is exactly what encoding from scratch gives (tests compare the two on copies
of views, whose parts are all new objects), so nothing a seat may not see can enter it.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import is_
from typing import Any


class LastBlock:
    """One block's last encoding and the view values it was computed from (kept alive, so
    ``is`` compares them safely). Callers must not change the list they get back."""

    __slots__ = ("out", "values")

    def __init__(self) -> None:
        self.values: tuple[Any, ...] = ()
        self.out: list[float] = []

    def __call__(self, encode: Callable[..., list[float]], *values: Any) -> list[float]:
        if len(values) == len(self.values) and all(map(is_, values, self.values)):
            return self.out
        out = encode(*values)
        self.values, self.out = values, out
        return out
