"""Ravenous River actions: one immutable object per action id, with a stable text notation.

Notation (row slots are ``row1`` ... ``row7``, boats ``boat1`` and ``boat2``):

=============================  ============================================================
``look row3``                  Place, first half: take the 3rd row animal and look at it
``place bank`` / ``place boat1``  Place, second half: put the looked-at animal face up there
``return lookout``             ...or discard a Lookout and put it back face down (RR-13)
``move fox boat1 capsize``     Move the fox to boat 1 (or ``bank``), discarding a Capsize (RR-14)
``play making-waves``          Play a card; its choices follow as a pending decision (RR-15)
``discard lookout``            Discard a card without effect (RR-15)
``sail boat1`` ``sink boat2``  Targets of Ride Across the River / Sinking Options
``capsize boat1``              Target of Capsize
``swap fox row3``              Making Waves: boat animal <-> face-up row animal (RR-2)
``swap fox hound``             Crosscurrent: boat 1 animal <-> boat 2 animal
``wash fox``                   Wash Ashore: bank animal back to the row, face up
``peek row2 row5``             Lookout: look at one or two face-down row animals
``reveal row2`` / ``skip``     Lookout: turn one of them face up, or not
``vote end`` ``vote continue`` The secret simultaneous vote (RR-18, RR-19)
``keep lion fox``              2 players: keep two of the three drawn totems (RR-26)
=============================  ============================================================

Every action is pre-built once; ``legal_actions`` hands out these shared objects, so the
hot loop allocates nothing and ``in`` checks succeed on identity.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from riverbox.core.errors import NotationError
from riverbox.core.i18n import Message, message
from riverbox.games.ravenous_river.content import CARD_INDEX, CARD_NAMES, NUM_KINDS
from riverbox.games.ravenous_river.scoring import ANIMALS, INDEX


class Op(IntEnum):
    """What an action does. The order is part of the rules' fast paths: ``op <= MOVE`` are the
    moves that change the zones, and the effects' choices run from ``SAIL`` to ``SKIP``."""

    LOOK = 0
    PLACE = 1
    RETURN = 2
    MOVE = 3
    DISCARD = 4
    PLAY = 5
    SAIL = 6
    SINK = 7
    CAPSIZE = 8
    WAVES = 9
    CROSS = 10
    WASH = 11
    PEEK = 12
    REVEAL = 13
    SKIP = 14
    VOTE = 15
    KEEP = 16


# The values as plain ints, as actions hold them: the rules compare ``action.op`` several times
# per step, and an int compares faster than an IntEnum member (its name: ``Op(action.op)``).
LOOK, PLACE, RETURN, MOVE, DISCARD, PLAY = (
    int(Op.LOOK),
    int(Op.PLACE),
    int(Op.RETURN),
    int(Op.MOVE),
    int(Op.DISCARD),
    int(Op.PLAY),
)
SAIL, SINK, CAPSIZE, WAVES, CROSS = int(Op.SAIL), int(Op.SINK), int(Op.CAPSIZE), int(Op.WAVES), int(Op.CROSS)
WASH, PEEK, REVEAL, SKIP = int(Op.WASH), int(Op.PEEK), int(Op.REVEAL), int(Op.SKIP)
VOTE, KEEP = int(Op.VOTE), int(Op.KEEP)

DESTS = ("bank", "boat1", "boat2")
"""Destinations of Place and Move: 0 is the bank, 1 and 2 the boats (boat index + 1)."""

_FIELDS = ("slot", "slot2", "dest", "card", "animal", "other", "boat", "end")


class Action:
    """One Ravenous River action. Immutable; ``str`` is its notation.

    Named fields, ``-1`` where an action has none: ``slot`` (row slot 0-6: look, peek, reveal,
    Making Waves), ``slot2`` (a second peeked slot), ``dest`` (0 bank, 1-2 boats: place, move),
    ``card`` (card kind paid or played), ``animal`` (move, swap, wash, keep), ``other`` (the
    second animal of a swap or a keep), ``boat`` (0-1: sail, sink, capsize), ``end`` (a vote:
    1 to end the round, 0 to continue).

    There is exactly one object per action id (parsing, ``action_from_id``, copying and
    unpickling all return it), so equality and hashing are identity: the C default, which keeps
    ``action in legal_actions`` fast.
    """

    __slots__ = ("animal", "boat", "card", "dest", "end", "id", "op", "other", "slot", "slot2", "text")
    id: int
    op: int
    """An ``Op`` value."""
    text: str
    slot: int
    slot2: int
    dest: int
    card: int
    animal: int
    other: int
    boat: int
    end: int

    def __init__(self, id: int, op: int, text: str, **fields: int) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "op", int(Op(op)))
        object.__setattr__(self, "text", text)
        for name in _FIELDS:
            object.__setattr__(self, name, fields.pop(name, -1))
        if fields:
            raise TypeError(f"unknown action fields {sorted(fields)}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Ravenous River actions are immutable")

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (action_from_id, (self.id,))


ACTIONS: list[Action] = []


def _new(op: int, text: str, **fields: int) -> Action:
    act = Action(len(ACTIONS), op, text, **fields)
    ACTIONS.append(act)
    return act


def _row(slot: int) -> str:
    return f"row{slot + 1}"


LOOK_A = [_new(LOOK, f"look {_row(i)}", slot=i) for i in range(7)]
PLACE_A = [_new(PLACE, f"place {d}", dest=i) for i, d in enumerate(DESTS)]
RETURN_A = [_new(RETURN, f"return {CARD_NAMES[k]}", card=k) for k in range(NUM_KINDS)]
MOVE_A = [
    [
        [
            _new(MOVE, f"move {ANIMALS[x]} {d} {CARD_NAMES[k]}", animal=x, dest=di, card=k)
            for k in range(NUM_KINDS)
        ]
        for di, d in enumerate(DESTS)
    ]
    for x in range(7)
]
DISCARD_A = [_new(DISCARD, f"discard {CARD_NAMES[k]}", card=k) for k in range(NUM_KINDS)]
PLAY_A = [_new(PLAY, f"play {CARD_NAMES[k]}", card=k) for k in range(NUM_KINDS)]
SAIL_A = [_new(SAIL, f"sail boat{b + 1}", boat=b) for b in range(2)]
SINK_A = [_new(SINK, f"sink boat{b + 1}", boat=b) for b in range(2)]
CAPSIZE_A = [_new(CAPSIZE, f"capsize boat{b + 1}", boat=b) for b in range(2)]
WAVES_A = [
    [_new(WAVES, f"swap {ANIMALS[x]} {_row(i)}", animal=x, slot=i) for i in range(7)] for x in range(7)
]
CROSS_A: list[list[Action | None]] = [
    [None if x == y else _new(CROSS, f"swap {ANIMALS[x]} {ANIMALS[y]}", animal=x, other=y) for y in range(7)]
    for x in range(7)
]
WASH_A = [_new(WASH, f"wash {ANIMALS[x]}", animal=x) for x in range(7)]
PEEK1_A = [_new(PEEK, f"peek {_row(i)}", slot=i) for i in range(7)]
PEEK2_A: list[list[Action | None]] = [
    [_new(PEEK, f"peek {_row(i)} {_row(j)}", slot=i, slot2=j) if i < j else None for j in range(7)]
    for i in range(7)
]
REVEAL_A = [_new(REVEAL, f"reveal {_row(i)}", slot=i) for i in range(7)]
SKIP_A = _new(SKIP, "skip")
VOTE_CONTINUE = _new(VOTE, "vote continue", end=0)
VOTE_END = _new(VOTE, "vote end", end=1)
VOTES: list[Action] = [VOTE_END, VOTE_CONTINUE]
KEEP_A: list[list[Action | None]] = [
    [_new(KEEP, f"keep {ANIMALS[x]} {ANIMALS[y]}", animal=x, other=y) if x < y else None for y in range(7)]
    for x in range(7)
]

NUM_ACTION_IDS = len(ACTIONS)
BY_TEXT: dict[str, Action] = {a.text: a for a in ACTIONS}

# Tables keyed by bitmasks, so legal_actions is a few list extensions.
LOOKS_BY_MASK: list[tuple[Action, ...]] = [
    tuple(LOOK_A[i] for i in range(7) if m >> i & 1) for m in range(1 << 7)
]
"""Look actions for every occupied-slot mask of the row."""
DISCARDS_BY_KINDS: list[tuple[Action, ...]] = [
    tuple(DISCARD_A[k] for k in range(NUM_KINDS) if m >> k & 1) for m in range(1 << NUM_KINDS)
]
RETURNS_BY_KINDS: list[tuple[Action, ...]] = [
    tuple(RETURN_A[k] for k in range(NUM_KINDS) if m >> k & 1) for m in range(1 << NUM_KINDS)
]
MOVES_BY_KINDS: list[list[list[tuple[Action, ...]]]] = [
    [
        [tuple(MOVE_A[x][d][k] for k in range(NUM_KINDS) if m >> k & 1) for m in range(1 << NUM_KINDS)]
        for d in range(3)
    ]
    for x in range(7)
]
"""``MOVES_BY_KINDS[animal][dest][mask of card kinds in hand]``: the Move actions paying with each kind."""


def action_from_id(action_id: int) -> Action:
    """The action with this id (``ValueError`` outside ``0 .. NUM_ACTION_IDS - 1``)."""
    if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTION_IDS:
        raise ValueError(f"ravenous-river: action id {action_id!r} is outside 0..{NUM_ACTION_IDS - 1}")
    return ACTIONS[action_id]


DOMAIN = "ravenous_river"
"""The game's message domain (its refusals of notation are translated there)."""

_VERBS = {
    "look": "look rowN  (N = 1..7)",
    "place": "place bank | place boat1 | place boat2",
    "return": "return CARD",
    "move": "move ANIMAL bank|boat1|boat2 CARD",
    "discard": "discard CARD",
    "play": "play CARD",
    "sail": "sail boat1|boat2",
    "sink": "sink boat1|boat2",
    "capsize": "capsize boat1|boat2",
    "swap": "swap ANIMAL rowN  (Making Waves) | swap ANIMAL ANIMAL  (Crosscurrent)",
    "wash": "wash ANIMAL",
    "peek": "peek rowN [rowM]",
    "reveal": "reveal rowN",
    "skip": "skip",
    "vote": "vote end | vote continue",
    "keep": "keep ANIMAL ANIMAL",
}


_ROWS = {_row(i) for i in range(7)}


def parse(text: str) -> Action:
    """The action written as ``text``; :class:`NotationError` explaining the notation otherwise."""
    if not isinstance(text, str):
        raise NotationError(
            message(DOMAIN, "ravenous-river: an action is text, not {kind}", kind=type(text).__name__)
        )
    words = text.strip().lower().split()
    norm = " ".join(words)
    found = BY_TEXT.get(norm)
    if found is not None:
        return found
    if len(words) == 3 and words[0] in ("keep", "peek"):
        swapped = BY_TEXT.get(f"{words[0]} {words[2]} {words[1]}")
        if swapped is not None:
            return swapped
    if not words:
        raise NotationError(
            message(DOMAIN, "ravenous-river: empty action; try 'look row1' or 'discard CARD'")
        )
    verb = words[0]
    if verb not in _VERBS:
        raise NotationError(
            message(
                DOMAIN,
                "ravenous-river: unknown action {text}; actions start with one of: {verbs}",
                text=repr(text),
                verbs=", ".join(_VERBS),
            )
        )
    hints: list[str] = []
    places: list[str] = []
    for w in words[1:]:
        if w in _ROWS or w in DESTS or w in INDEX or w in CARD_INDEX or w in ("end", "continue"):
            continue
        (places if w.startswith(("row", "boat")) else hints).append(w)
    where: Message | str = ""
    what: Message | str = ""
    twice: Message | str = ""
    if places:
        bad = ", ".join(repr(h) for h in places)
        where = message(DOMAIN, " ({bad}: the row slots are row1..row7, the boats boat1 and boat2)", bad=bad)
    if hints:
        what = message(
            DOMAIN,
            " ({words} is not an animal, card, row slot or boat; animals: {animals}; cards: {cards})",
            words=", ".join(repr(h) for h in hints),
            animals=" ".join(ANIMALS),
            cards=" ".join(CARD_NAMES),
        )
    if len(words) == 3 and words[0] in ("keep", "peek") and words[1] == words[2]:
        twice = message(DOMAIN, " (name two different ones)")
    raise NotationError(
        message(
            DOMAIN,
            "ravenous-river: {text} is not valid notation; expected {form}{where}{what}{twice}",
            text=repr(text),
            form=_VERBS[verb],
            where=where,
            what=what,
            twice=twice,
        )
    )
