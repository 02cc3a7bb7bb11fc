"""Checks on values that come from outside: seats, seeds, JSON documents and their depth.

Every public entry point of the core refuses bad input before it changes anything, and names
the problem in plain words. The helpers here keep those checks in one place, short (they run
on the hot path of ``apply``) and safe on hostile values: describing a value never recurses
without bound and never calls a ``__repr__`` that may raise.
"""

from __future__ import annotations

import json
import re
import reprlib
from itertools import accumulate
from typing import Any

SEED_LIMIT = 1 << 64
"""Seeds are ints in ``[0, SEED_LIMIT)``: the generator's state is 64 bits, so a larger or a
negative seed would silently give the same game as another seed."""

MAX_JSON_DEPTH = 64
"""Records and state documents nest a handful of levels; anything deeper is refused unread."""

_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40
_short.maxlong = 40
_short.maxlevel = 3


Unchecked = Any
"""A parameter that comes from outside and that the function checks itself (``ValueError``).

Declared ``Any`` on purpose, where the expected type is said in the docstring: the compiled
(mypyc) build checks declared parameter types on entry and would refuse junk with its own
``TypeError`` before the function's check runs, while the core's contract is ``ValueError``.
"""


def short(value: Any) -> str:
    """A short, safe ``repr`` of any value: bounded in length and depth, never raising."""
    try:
        return _short.repr(value)
    except Exception:  # a hostile __repr__
        return f"a {type(value).__name__}"


def describe(value: Any) -> str:
    """``short(value)`` with its type, for values that look alike: ``True (bool)``, ``0.0 (float)``."""
    return f"{short(value)} ({type(value).__name__})"


def seat_error(value: Any, players: int) -> str:
    """Why ``value`` is not a seat of a ``players``-player game."""
    seats = "seat 0" if players == 1 else f"seats 0 to {players - 1}"
    return f"{describe(value)} is not a seat; this game has {seats} (whole numbers)"


def is_seat(value: Any, players: int) -> bool:
    """A plain ``int`` from 0 to ``players - 1`` (not a bool, float, numpy number or string)."""
    return value.__class__ is int and 0 <= value < players


def check_seed(seed: Any) -> int:
    """``seed`` itself if it is an ``int`` in ``[0, SEED_LIMIT)``, else ``ValueError``."""
    if seed.__class__ is not int or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed {describe(seed)} is not valid; a seed is a whole number from 0 to 2**64 - 1")
    return seed


def check_depth(value: Any, what: str, max_depth: int = MAX_JSON_DEPTH) -> None:
    """``ValueError`` if lists and dicts in ``value`` nest deeper than ``max_depth`` (no recursion).

    Walks one level at a time, so the work is a few C-level list operations per level.
    """
    containers = (dict, list, tuple)
    level = [value] if isinstance(value, containers) else []
    depth = 0
    while level:
        depth += 1
        if depth > max_depth:
            raise ValueError(f"{what} nests deeper than {max_depth} levels")
        children: list[Any] = []
        for item in level:
            children.extend(item.values() if isinstance(item, dict) else item)
        level = [child for child in children if isinstance(child, containers)]


_OPEN_CLOSE = str.maketrans({"[": "(", "{": "(", "]": ")", "}": ")"})


def json_depth(text: str) -> int:
    """How deep brackets nest in a JSON text, counted without parsing (strings skipped)."""
    # Outside strings only brackets matter; a string's brackets are removed with the string.
    bare = re.sub(r'"(?:[^"\\]|\\.)*"', "", text)
    brackets = re.sub(r"[^\[\]{}]", "", bare).translate(_OPEN_CLOSE)
    if not brackets:
        return 0
    return max(accumulate(1 if c == "(" else -1 for c in brackets))


def loads(text: str, what: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses documents nested deeper than ``max_depth`` with ``ValueError``.

    The standard parser recurses once per level and would raise ``RecursionError`` on a few
    thousand brackets, so the depth is measured first.
    """
    if json_depth(text) > max_depth:
        raise ValueError(f"{what} nests deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:  # the depth check above makes this unreachable short of a tiny stack
        raise ValueError(f"{what} nests too deeply") from None
