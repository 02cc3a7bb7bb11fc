"""River Rivals actions: one pre-built immutable object per action id, with a stable notation.

Columns and card positions are written 1-based (``col1``..``col4``, ``card1``..``card3``; a card's
position is its place in the column on its owner's side, in the order the cards were laid).
Internally they are 0-based. Kinds and equipment are written with their data ids
(``otter``, ``spring-boots``), so the id space follows the data file.

| notation | meaning |
| --- | --- |
| ``play otter col2`` | play an animal from hand (also the extra card of a Lightning Animal) |
| ``draw`` / ``draw extra`` | action B; ``extra`` takes Card Clapper's additional card |
| ``pass`` | no action possible (only with option ``stuck=pass``, RV-20) |
| ``skip`` | decline an optional effect (RV-5) or stop recalling cards |
| ``end`` | end the turn after the action (closes the equipment window, RV-21) |
| ``fish col1 card2`` | place a caught fish on that card of yours |
| ``move col1 card2 col3`` | Movement: move your card to another column |
| ``boots col1 card2 col3`` | Spring Boots: move your strength-1 card at the start of the turn |
| ``shield col1 card2`` | put a shield token on your card |
| ``claw col1 card2`` | Claw Attack on the opposing card at that place |
| ``copy col1 card2`` | Copy Animal: resolve the effect of your card at that place |
| ``use binoculars`` | use a once-per-game equipment card in addition to the action |
| ``pick spring-boots`` | Advanced Mode draft pick |
| ``take otter`` | Binoculars: the card taken from the draw pile |
| ``bear pile col3`` | Polar Bear Surprise: the source (hand, pile, removed) and the column |
| ``recall otter`` | Recall Horn: shuffle a removed card back into the draw pile |
| ``undertow col1 card2 col3`` | Undertow: move an opposing card to another column of its side |
| ``encore col1 card2`` | Encore: resolve the effect of your card at that place again |
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from riverbox.core.errors import NotationError
from riverbox.core.i18n import Message, message
from riverbox.games.river_rivals.content import COLUMN_CAP, COLUMNS, EQUIPMENT, KINDS


class Act(IntEnum):
    """The kinds of action (the first word of the notation)."""

    PLAY = 0
    DRAW = 1
    DRAWX = 2
    PASS = 3
    SKIP = 4
    END = 5
    FISH = 6
    MOVE = 7
    BOOTS = 8
    SHIELD = 9
    CLAW = 10
    COPY = 11
    USE = 12
    PICK = 13
    TAKE = 14
    BEAR = 15
    RECALL = 16
    UNDERTOW = 17
    ENCORE = 18


# The values as plain ints, as actions hold them: the rules compare ``action.type`` at every step,
# and on Python 3.11 an int compares (and a module name reads) faster than an IntEnum member.
PLAY, DRAW, DRAWX, PASS, SKIP, END, FISH, MOVE, BOOTS, SHIELD, CLAW, COPY = (int(a) for a in tuple(Act)[:12])
USE, PICK, TAKE, BEAR, RECALL, UNDERTOW, ENCORE = (int(a) for a in tuple(Act)[12:])
SOURCES = ("hand", "pile", "removed")
"""Where Polar Bear Surprise takes the bear from (``bear <source> col<n>``)."""


class RvAction:
    """One River Rivals action. Compared by identity: every action is a pre-built singleton.

    ``type`` is an ``Act`` value as a plain int (``Act(a.type)`` names it). Named fields, each
    meaningful for some kinds only (-1 where it does not apply):
    ``col``/``pos`` the card at that place (0-based), ``to`` the destination column of a
    move, ``animal`` a kind index (play, take, recall), ``equip`` an equipment index (use,
    pick), ``source`` an index in ``SOURCES`` (bear).
    """

    __slots__ = ("animal", "col", "equip", "id", "pos", "source", "text", "to", "type")

    def __init__(
        self,
        action_id: int,
        type_: int,
        text: str,
        *,
        col: int = -1,
        pos: int = -1,
        to: int = -1,
        animal: int = -1,
        equip: int = -1,
        source: int = -1,
    ) -> None:
        self.id = action_id
        self.type = int(type_)
        self.text = text
        self.col = col
        self.pos = pos
        self.to = to
        self.animal = animal
        self.equip = equip
        self.source = source

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"RvAction({self.text!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (by_id, (self.id,))


ACTIONS: list[RvAction] = []
BY_TEXT: dict[str, RvAction] = {}


def _add(type_: int, text: str, **fields: int) -> RvAction:
    act = RvAction(len(ACTIONS), type_, text, **fields)
    ACTIONS.append(act)
    BY_TEXT[text] = act
    return act


def _grid(type_: int, word: str) -> list[list[RvAction]]:
    return [
        [_add(type_, f"{word} col{c + 1} card{p + 1}", col=c, pos=p) for p in range(COLUMN_CAP)]
        for c in range(COLUMNS)
    ]


def _moves(type_: int, word: str) -> list[list[list[RvAction | None]]]:
    table: list[list[list[RvAction | None]]] = []
    for c in range(COLUMNS):
        rows: list[list[RvAction | None]] = []
        for p in range(COLUMN_CAP):
            rows.append(
                [
                    None
                    if t == c
                    else _add(type_, f"{word} col{c + 1} card{p + 1} col{t + 1}", col=c, pos=p, to=t)
                    for t in range(COLUMNS)
                ]
            )
        table.append(rows)
    return table


A_PLAY = [
    [_add(PLAY, f"play {k.slug} col{c + 1}", animal=i, col=c) for c in range(COLUMNS)]
    for i, k in enumerate(KINDS)
]
A_DRAW = _add(DRAW, "draw")
A_DRAWX = _add(DRAWX, "draw extra")
A_PASS = _add(PASS, "pass")
A_SKIP = _add(SKIP, "skip")
A_END = _add(END, "end")
A_FISH = _grid(FISH, "fish")
A_MOVE = _moves(MOVE, "move")
A_BOOTS = _moves(BOOTS, "boots")
A_SHIELD = _grid(SHIELD, "shield")
A_CLAW = _grid(CLAW, "claw")
A_COPY = _grid(COPY, "copy")
A_USE = [_add(USE, f"use {e.slug}", equip=i) for i, e in enumerate(EQUIPMENT)]
A_PICK = [_add(PICK, f"pick {e.slug}", equip=i) for i, e in enumerate(EQUIPMENT)]
A_TAKE = [_add(TAKE, f"take {k.slug}", animal=i) for i, k in enumerate(KINDS)]
A_BEAR = [
    [_add(BEAR, f"bear {s} col{c + 1}", source=i, col=c) for c in range(COLUMNS)]
    for i, s in enumerate(SOURCES)
]
A_RECALL = [_add(RECALL, f"recall {k.slug}", animal=i) for i, k in enumerate(KINDS)]
A_UNDERTOW = _moves(UNDERTOW, "undertow")
A_ENCORE = _grid(ENCORE, "encore")
NUM_ACTIONS = len(ACTIONS)


def by_id(action_id: int) -> RvAction:
    """The action with this id (``ValueError`` outside the id space)."""
    if not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
        raise ValueError(f"river-rivals: action id {action_id!r} is outside 0..{NUM_ACTIONS - 1}")
    return ACTIONS[action_id]


DOMAIN = "river_rivals"
"""The game's message domain (its refusals of notation are translated there)."""

_WORDS = sorted({t.split()[0] for t in BY_TEXT})


def parse(text: str) -> RvAction:
    """The action written as ``text``; :class:`NotationError` with the accepted forms otherwise."""
    if not isinstance(text, str):
        raise NotationError(
            message(
                DOMAIN, "river-rivals: an action is written as text, not {kind}", kind=type(text).__name__
            )
        )
    norm = " ".join(text.strip().lower().split())
    act = BY_TEXT.get(norm)
    if act is not None:
        return act
    word = norm.split()[0] if norm else ""
    if word not in _WORDS:
        raise NotationError(
            message(
                DOMAIN,
                "river-rivals: {text} is not an action; actions start with one of: {words} "
                "(e.g. 'play otter col2', 'draw', 'fish col1 card2', 'skip')",
                text=repr(text),
                words=", ".join(_WORDS),
            )
        )
    raise NotationError(
        message(
            DOMAIN,
            "river-rivals: {text} is not valid notation for '{word}': {hint}",
            text=repr(text),
            word=word,
            hint=_form(word),
        )
    )


def _form(word: str) -> Message:
    """How the action starting with ``word`` is written (its variable parts named)."""
    animals = ", ".join(k.slug for k in KINDS)
    equipment = ", ".join(e.slug for e in EQUIPMENT)
    if word == "play":
        return message(
            DOMAIN,
            "play <animal> col<1-{columns}> with animal one of {animals}",
            columns=COLUMNS,
            animals=animals,
        )
    if word in ("use", "pick"):
        return message(
            DOMAIN, "{word} <equipment> with equipment one of {equipment}", word=word, equipment=equipment
        )
    if word in ("take", "recall"):
        return message(DOMAIN, "{word} <animal> with animal one of {animals}", word=word, animals=animals)
    if word == "bear":
        return message(
            DOMAIN, "bear <{sources}> col<1-{columns}>", sources="|".join(SOURCES), columns=COLUMNS
        )
    if word in ("move", "boots", "undertow"):
        return message(
            DOMAIN,
            "{word} col<from> card<1-{cap}> col<to>, with <to> another column than <from>",
            word=word,
            cap=COLUMN_CAP,
        )
    examples = [t for t in BY_TEXT if t.split()[0] == word][:3]
    return message(DOMAIN, "e.g. {examples}", examples="; ".join(examples))
