"""State fields declared once: ``clone``, ``to_json`` and ``state_from_json`` follow from it.

A game's state lists its fields in one place::

    class MyState(State):
        FIELDS = declare(
            phase=VALUE,            # an int, str, bool or None (copied by reference)
            to_move=TUPLE,          # a tuple of immutables (JSON: a list)
            deck=LIST,              # a flat list of immutables (copied with [:])
            hands=GRID,             # a list of lists of immutables
            board=Field(CUSTOM, copy=Board.copy, dump=Board.to_json, load=Board.from_json),
            rmask=Field(VALUE, stored=False),   # derived: copied, rebuilt by _after_load
        )

Why: before this, each game listed every field five times (copy, determinize, to_json,
from_json, view) and a field added in one place and forgotten in another was a silent bug.
``clone`` is a hot path (search clones at every simulation), so the copy function is
generated once per class as straight-line code, as fast as a hand-written one; it is kept
in a table rather than set on the class, so compiled (mypyc) classes work the same way.

``of`` names the type of a value or of a container's items; loading a document checks it
(``bool`` is not an ``int`` here), so a tampered state is refused with a clear message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import IntEnum
from typing import Any

from riverbox.core.checks import describe


class Kind(IntEnum):
    """How a field is copied and written to JSON."""

    VALUE = 0
    """Immutable: an int, str, bool, None or frozen object; shared between copies."""
    TUPLE = 1
    """A tuple of immutables; JSON writes a list and loading makes the tuple again."""
    LIST = 2
    """A flat list of immutables; each copy gets its own list."""
    GRID = 3
    """A list of lists of immutables; each copy gets its own lists."""
    CUSTOM = 4
    """Copied, written and read by the field's own functions."""


VALUE, TUPLE, LIST, GRID, CUSTOM = Kind.VALUE, Kind.TUPLE, Kind.LIST, Kind.GRID, Kind.CUSTOM

_SCALARS = (int, str, bool, type(None), float)


@dataclass(frozen=True)
class Field:
    """One declared state field."""

    kind: Kind
    of: type | tuple[type, ...] | None = None
    """The type of the value (VALUE) or of the items (TUPLE, LIST, GRID); ``None``: any JSON scalar."""
    stored: bool = True
    """False for a field derived from the others: copied, not written; ``_after_load`` rebuilds it."""
    copy: Callable[[Any], Any] | None = None
    dump: Callable[[Any], Any] | None = None
    load: Callable[[Any], Any] | None = None
    name: str = ""
    load_in: Callable[[Any, Any], Any] | None = None
    """A CUSTOM loader that needs the state being loaded (its game's rules): ``load_in(state, json)``.
    The game is set before any field loads, so such a loader may read ``state.game``."""


def declare(**fields: Kind | Field) -> tuple[Field, ...]:
    """The field declaration of a state class, in the order given."""
    out = []
    for name, spec in fields.items():
        f = spec if isinstance(spec, Field) else Field(spec)
        loader = f.load if f.load is not None else f.load_in
        if f.kind is CUSTOM and (f.copy is None or (f.stored and (f.dump is None or loader is None))):
            raise TypeError(f"field {name}: a CUSTOM field needs copy, dump and load functions")
        out.append(Field(f.kind, f.of, f.stored, f.copy, f.dump, f.load, name, f.load_in))
    return tuple(out)


def _check(value: Any, of: type | tuple[type, ...] | None, what: str) -> Any:
    if of is None:
        ok = value.__class__ in _SCALARS
    elif isinstance(of, tuple):
        ok = value.__class__ in of
    else:
        ok = value.__class__ is of
    if not ok:
        raise ValueError(f"{what} holds {describe(value)}, not {_type_name(of)}")
    return value


def _type_name(of: type | tuple[type, ...] | None) -> str:
    if of is None:
        return "a number, text, true/false or null"
    if isinstance(of, tuple):
        return " or ".join(t.__name__ for t in of)
    return f"a {of.__name__}"


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{what} is {describe(value)}, not a list")
    return value


def load_field(f: Field, value: Any) -> Any:
    """A field's value from its JSON, type-checked (``ValueError`` names the field)."""
    what = f"state field {f.name!r}"
    if f.kind is VALUE:
        return _check(value, f.of, what)
    if f.kind is TUPLE:
        return tuple(_check(x, f.of, what) for x in _list(value, what))
    if f.kind is LIST:
        return [_check(x, f.of, what) for x in _list(value, what)]
    if f.kind is GRID:
        return [[_check(x, f.of, what) for x in _list(row, what)] for row in _list(value, what)]
    assert f.load is not None
    return f.load(value)


def dump_field(f: Field, value: Any) -> Any:
    """A field's JSON form."""
    if f.kind is VALUE:
        return value
    if f.kind is TUPLE or f.kind is LIST:
        return list(value)
    if f.kind is GRID:
        return [list(row) for row in value]
    assert f.dump is not None
    return f.dump(value)


_COPIERS: dict[type, Callable[[Any, Any], None]] = {}


def copier(cls: type, fields: tuple[Field, ...]) -> Callable[[Any, Any], None]:
    """The generated ``copy(src, dst)`` for ``cls``: straight-line code, built once per class."""
    found = _COPIERS.get(cls)
    if found is not None:
        return found
    lines = ["def copy(s, o):"]
    env: dict[str, Any] = {}
    for i, f in enumerate(fields):
        n = f.name
        if f.kind is VALUE or f.kind is TUPLE:
            lines.append(f"    o.{n} = s.{n}")
        elif f.kind is LIST:
            lines.append(f"    o.{n} = s.{n}[:]")
        elif f.kind is GRID:
            lines.append(f"    o.{n} = [r[:] for r in s.{n}]")
        else:
            env[f"_c{i}"] = f.copy
            lines.append(f"    o.{n} = _c{i}(s.{n})")
    if len(lines) == 1:
        lines.append("    pass")
    exec("\n".join(lines), env)
    fn: Callable[[Any, Any], None] = env["copy"]
    _COPIERS[cls] = fn
    return fn


__all__ = [
    "CUSTOM",
    "GRID",
    "LIST",
    "TUPLE",
    "VALUE",
    "Field",
    "Kind",
    "by_fields",
    "copier",
    "declare",
    "dump_field",
    "load_field",
]


def by_fields(obj: Any) -> tuple[type[Any], tuple[Any, ...]]:
    """``__reduce__`` for a frozen dataclass a state holds: rebuilt by calling its class with
    its fields in order. The compiled build's frozen dataclasses refuse pickle's default way
    back (setting the fields one by one on a bare object), so each such class states its
    ``__reduce__`` as ``return by_fields(self)``; process pools and ``pickle`` then work on
    both builds (the testkit checks it for every game)."""
    return type(obj), tuple([getattr(obj, f.name) for f in fields(obj)])
