"""River Wild content: the slot model of a card face and the deck loader.

A card face has six **edge slots** (spec 1.5), each land ``L``, river ``R`` or mountain ``M``:
``T0``/``T1`` the left and right halves of the top edge, ``B0``/``B1`` of the bottom edge, and
``S0``/``S1`` the left and right sides. Each face lists its **land sections**: the land slots a
section touches and what it holds (one animal or one scoring goal). The back of a River Card is
the mirror image of its front; the Source Card's two sides are identical.

The cards themselves live in ``data/*.json``; the shipped deck is a PLACEHOLDER (the published
cards are unknown), so replacing the data file is all it takes to play with the real cards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from pathlib import Path
from typing import Any, Final

from riverbox.core.fields import by_fields


class Terrain(IntEnum):
    """What an edge slot shows. EMPTY is "no card faces this slot" (empty table), never on a face.
    Two bits each: the board packs six of them into a position's context."""

    EMPTY = 0
    LAND = 1
    RIVER = 2
    MOUNTAIN = 3


class Slot(IntEnum):
    """The six edge slots of a face: halves of the top and bottom edges, and the two sides."""

    T0 = 0
    T1 = 1
    B0 = 2
    B1 = 3
    S0 = 4
    S1 = 5


# Plain ints for the hot loops: faces and contexts hold ints (read from data and bit fields), and
# the compiled build checks that a name typed as the enum only ever holds the enum. Final: compiled,
# they are read as constants rather than looked up in the module's dict at each use.
EMPTY: Final[int] = Terrain.EMPTY.value
LAND: Final[int] = Terrain.LAND.value
RIVER: Final[int] = Terrain.RIVER.value
MOUNTAIN: Final[int] = Terrain.MOUNTAIN.value
T0: Final[int] = Slot.T0.value
T1: Final[int] = Slot.T1.value
B0: Final[int] = Slot.B0.value
B1: Final[int] = Slot.B1.value
S0: Final[int] = Slot.S0.value
S1: Final[int] = Slot.S1.value
_LETTER_TYPE = {"L": LAND, "R": RIVER, "M": MOUNTAIN}
SLOT_NAMES = ("T0", "T1", "B0", "B1", "S0", "S1")
MIRROR_SLOT = (T1, T0, B1, B0, S1, S0)
"""The slot a slot becomes on the mirrored (back) face."""

ANIMALS = ("Frog", "Jackalope", "Unicorn", "Dragon")
SIDES = ("front", "back")


@dataclass(frozen=True, slots=True)
class Goal:
    """A scoring goal. ``need`` counts the animals of each type one completion needs (RW-8);
    an ``any`` goal needs ``count`` animals of any types (RW-9). The largest Protected Land
    scores ``first`` per completion, every other land ``second``."""

    kind: str  # "per_icon" | "each_type" | "any"
    need: tuple[int, int, int, int]
    count: int
    first: int
    second: int

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return by_fields(self)  # pickles on the compiled build too

    def label(self) -> str:
        if self.kind == "any":
            return f"any {self.count}"
        return "+".join(ANIMALS[t][0] for t in range(4) for _ in range(self.need[t]))


@dataclass(frozen=True, slots=True)
class Section:
    """A land section of a face: the land slots it touches and its content."""

    slots: tuple[int, ...]
    animal: int | None = None
    goal: Goal | None = None

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return by_fields(self)  # pickles on the compiled build too

    def label(self) -> str:
        if self.animal is not None:
            return ANIMALS[self.animal]
        if self.goal is not None:
            return f"goal {self.goal.label()} {self.goal.first}/{self.goal.second}"
        return "bare land"


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a card as placed: slot types, land sections and the runestone flag."""

    card: int  # the card's id (its notation is ``c<id>``); 0 for the Source Card
    side: int  # 0 front, 1 back
    slots: tuple[int, int, int, int, int, int]
    section_of: tuple[int, int, int, int, int, int]  # section index per slot; -1 for non-land slots
    sections: tuple[Section, ...]
    runestone: bool
    source: bool = False

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return by_fields(self)  # pickles on the compiled build too

    def mirror(self) -> Face:
        """The mirror image (the back of a River Card): left and right swap everywhere."""
        slots = tuple(self.slots[MIRROR_SLOT[i]] for i in range(6))
        section_of = tuple(self.section_of[MIRROR_SLOT[i]] for i in range(6))
        sections = tuple(
            Section(tuple(sorted(MIRROR_SLOT[s] for s in sec.slots)), sec.animal, sec.goal)
            for sec in self.sections
        )
        return Face(
            self.card,
            1 - self.side,
            slots,  # type: ignore[arg-type]
            section_of,  # type: ignore[arg-type]
            sections,
            self.runestone,
            self.source,
        )


@dataclass(frozen=True)
class Deck:
    """The Source Card and the River Cards of one data file."""

    name: str
    placeholder: bool
    source: Face
    ids: tuple[int, ...]  # card ids in data order; card index i has faces 2i (front) and 2i+1 (back)
    faces: tuple[Face, ...]

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return by_fields(self)  # pickles on the compiled build too

    @property
    def size(self) -> int:
        return len(self.ids)

    def index_of(self, card_id: int) -> int:
        """The card index of a card id; ``KeyError`` if the deck has no such card."""
        return self._index[card_id]

    @property
    def _index(self) -> dict[int, int]:
        return _index_of(self.ids)


@cache
def _index_of(ids: tuple[int, ...]) -> dict[int, int]:
    return {cid: i for i, cid in enumerate(ids)}


def _goal(data: Any, where: str) -> Goal:
    kind = data.get("kind")
    first, second = int(data["first"]), int(data["second"])
    if kind == "any":
        count = int(data.get("count", 3))
        if count < 1:
            raise ValueError(f"{where}: an 'any' goal needs a positive count")
        return Goal("any", (0, 0, 0, 0), count, first, second)
    if kind not in ("per_icon", "each_type"):
        raise ValueError(f"{where}: goal kind {kind!r} is not per_icon, each_type or any")
    need = [0, 0, 0, 0]
    for icon in data["icons"]:
        if icon not in ANIMALS:
            raise ValueError(f"{where}: unknown animal {icon!r}; animals: {', '.join(ANIMALS)}")
        need[ANIMALS.index(icon)] += 1
    if not any(need):
        raise ValueError(f"{where}: a goal needs at least one icon")
    return Goal(kind, (need[0], need[1], need[2], need[3]), sum(need), first, second)


def parse_face(data: Any, card: int, where: str, source: bool = False) -> Face:
    """A front face from its data entry, checked: every land slot in exactly one section."""
    letters = [*data["top"], *data["bottom"], *data["sides"]]
    if len(letters) != 6 or any(x not in _LETTER_TYPE for x in letters):
        raise ValueError(f"{where}: top, bottom and sides need two slots each, of L, R or M")
    slots = tuple(_LETTER_TYPE[x] for x in letters)
    section_of = [-1] * 6
    sections = []
    for k, sec in enumerate(data.get("sections", [])):
        idx = []
        for name in sec["slots"]:
            if name not in SLOT_NAMES:
                raise ValueError(f"{where}: unknown slot {name!r}")
            s = SLOT_NAMES.index(name)
            if slots[s] != LAND:
                raise ValueError(f"{where}: section {k} lists {name}, which is not land")
            if section_of[s] != -1:
                raise ValueError(f"{where}: slot {name} belongs to two sections")
            section_of[s] = k
            idx.append(s)
        if not idx:
            raise ValueError(f"{where}: section {k} touches no land slot")
        animal = sec.get("animal")
        if animal is not None and animal not in ANIMALS:
            raise ValueError(f"{where}: unknown animal {animal!r}")
        goal = _goal(sec["goal"], f"{where} section {k}") if "goal" in sec else None
        sections.append(Section(tuple(sorted(idx)), None if animal is None else ANIMALS.index(animal), goal))
    for s in range(6):
        if slots[s] == LAND and section_of[s] == -1:
            raise ValueError(f"{where}: land slot {SLOT_NAMES[s]} belongs to no section")
    return Face(
        card,
        0,
        slots,  # type: ignore[arg-type]
        tuple(section_of),  # type: ignore[arg-type]
        tuple(sections),
        bool(data.get("runestone", False)),
        source,
    )


def parse_deck(data: Any) -> Deck:
    """A deck from the JSON structure of a data file (``ValueError`` naming what is wrong)."""
    try:
        source = parse_face(data["source"], 0, "source card", source=True)
        ids: list[int] = []
        faces: list[Face] = []
        for entry in data["cards"]:
            cid = int(entry["id"])
            if cid <= 0 or cid in ids:
                raise ValueError(f"card id {cid} is not a new positive number")
            front = parse_face(entry, cid, f"card {cid}")
            ids.append(cid)
            faces += [front, front.mirror()]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"deck data is malformed: {exc!r}") from None
    if not ids:
        raise ValueError("a deck needs at least one River Card")
    return Deck(
        str(data.get("name", "custom")),
        bool(data.get("placeholder", False)),
        source,
        tuple(ids),
        tuple(faces),
    )


DATA = Path(__file__).parent / "data"


@cache
def load_deck(name: str = "placeholder") -> Deck:
    """The deck in ``data/<name>_deck.json`` (cached; decks are immutable)."""
    path = DATA / f"{name}_deck.json"
    with path.open(encoding="utf-8") as fh:
        return parse_deck(json.load(fh))
