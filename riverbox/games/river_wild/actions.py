"""River Wild's one action, placing a card, its notation and its fixed id space.

Notation: ``place c7 back at 3,-1``: card id, side (``front`` or ``back``, the mirror image),
row and column; players may type the short form ``c7' 3,-1`` (see :func:`parse_place`). Rows
count card heights below the Source Card (row 0); columns count half card widths, the Source
Card's column being 0, so a card at (r, c) may go below at (r+1, c-1), (r+1, c) or (r+1, c+1).

Action objects are interned: ``Place(7, 1, 3, -1)`` always returns the same object, so
equality is identity (fast membership tests in the hot loop) and pickling keeps it.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from riverbox.core.errors import NotationError
from riverbox.core.i18n import Message, message
from riverbox.games.river_wild.content import SIDES
from riverbox.games.river_wild.words import DOMAIN


class Place:
    """Place card ``card`` with side ``side`` (0 front, 1 back) up at (``row``, ``col``)."""

    __slots__ = ("card", "col", "row", "side", "text")
    _interned: ClassVar[dict[tuple[int, int, int, int], Place]] = {}

    card: int
    side: int
    row: int
    col: int
    text: str

    def __new__(cls, card: int, side: int, row: int, col: int) -> Place:
        key = (card, side, row, col)
        obj = cls._interned.get(key)
        if obj is None:
            if side not in (0, 1) or not all(isinstance(x, int) for x in key):
                raise ValueError(f"river-wild: bad placement {key!r}")
            obj = object.__new__(cls)
            object.__setattr__(obj, "card", card)
            object.__setattr__(obj, "side", side)
            object.__setattr__(obj, "row", row)
            object.__setattr__(obj, "col", col)
            object.__setattr__(obj, "text", f"place c{card} {SIDES[side]} at {row},{col}")
            cls._interned[key] = obj
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("river-wild actions are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Place, (self.card, self.side, self.row, self.col))

    def __copy__(self) -> Place:
        return self

    def __deepcopy__(self, memo: Any) -> Place:
        return self

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Place({self.text!r})"


_CARD = re.compile(r"c?(\d+)(front|back|f|b|')?")
_SIDE = {"front": 0, "f": 0, "back": 1, "b": 1, "'": 1}
_FORMAT = message(
    DOMAIN,
    "write 'place c<card> <front|back> at <row>,<col>', e.g. 'place c7 back at 1,-1', or the short"
    " form 'c7' 1,-1' (a ' or b marks the back; no mark means the front). Rows count down from the"
    " Source Card at 0,0; columns count half card widths",
)


def _not_an_action(text: str) -> Message:
    return message(DOMAIN, "river-wild: {text} is not an action; {form}", text=repr(text), form=_FORMAT)


def parse_place(text: str) -> tuple[int, int, int, int]:
    """(card id, side, row, col) from the notation; ``ValueError`` explaining the format.

    The canonical form is ``place c7 back at 3,-1``; players may also type the short form shown
    in the picture, ``c7' 3,-1`` (``'``, ``b`` or ``back`` for the back, nothing or ``f`` for the
    front), with ``place`` and ``at`` optional."""
    if not isinstance(text, str):
        raise NotationError(
            message(DOMAIN, "river-wild: an action is text, not {kind}", kind=type(text).__name__)
        )
    tokens = text.strip().lower().replace(",", " , ").replace("'", "' ").split()
    if tokens[:1] == ["place"]:
        tokens = tokens[1:]
    m = _CARD.fullmatch(tokens[0]) if tokens else None
    if m is None:
        raise NotationError(_not_an_action(text))
    card, side_text = int(m.group(1)), m.group(2)
    tokens = tokens[1:]
    if side_text is None and tokens and tokens[0] in _SIDE:
        side_text, tokens = tokens[0], tokens[1:]
    if tokens[:1] == ["at"]:
        tokens = tokens[1:]
    if len(tokens) != 3 or tokens[1] != "," or not all(re.fullmatch(r"-?\d+", x) for x in tokens[::2]):
        raise NotationError(_not_an_action(text))
    return card, _SIDE.get(side_text or "front", 0), int(tokens[0]), int(tokens[2])


def positions(n_cards: int) -> int:
    """Number of table positions in the id space: rows 1..n, columns -row..row."""
    return (n_cards + 1) ** 2 - 1


def position_index(row: int, col: int) -> int:
    return row * row - 1 + col + row


def position_of(index: int) -> tuple[int, int]:
    row = 1
    while position_index(row + 1, -(row + 1)) <= index:
        row += 1
    return row, index - (row * row - 1) - row
