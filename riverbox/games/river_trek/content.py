"""River Trek boards: the data file, board assembly and the derived setup facts (spec §1.5-1.6).

Everything here is pure: functions take the loaded data and return plain values, so the rules
module and the tests share one source of truth. The board data are PLACEHOLDERS (spec §1.6).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from riverbox.core.fields import by_fields

# Space kinds (ints for speed in the rules' hot loop).
DOCK: Final = 0
NORMAL: Final = 1
CROSSING: Final = 2
NUMBER: Final = 3
STAR: Final = 4
KIND_NAMES = ("dock", "normal", "crossing", "number", "star")

ANIMALS: tuple[str, ...] = (
    "jaguar",
    "monkey",
    "otter",
    "boa",
    "capybara",
    "frog",
    "bushdog",
    "harpy",
    "tamandua",
    "kingfisher",
    "peccary",
    "sloth",
)


@cache
def board_data() -> dict[str, Any]:
    """The board data file (placeholder boards, spec §1.6)."""
    text = resources.files(__package__).joinpath("data/boards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def animal_data() -> dict[str, dict[str, str]]:
    """Animal names, titles, SPEND/HOLD kind and one-line summaries, by short name."""
    text = resources.files(__package__).joinpath("data/animals.json").read_text(encoding="utf-8")
    return {a["name"]: a for a in json.loads(text)["animals"]}


def animal_title(name: str) -> str:
    """The name players read for an animal ("Emerald Tree Boa" for ``boa``)."""
    return animal_data()[name]["title"]


def middle_sides() -> list[dict[str, Any]]:
    return list(board_data()["middle"])


def count_crossings(tokens: str) -> int:
    return sum(1 for t in tokens.split() if t == "X")


def river_out(side: dict[str, Any]) -> str:
    """Where the river leaves a side: flips once per crossing (spec §1.5 river-side rule)."""
    r: str = side["river_in"]
    if count_crossings(side["tokens"]) % 2:
        r = "R" if r == "L" else "L"
    return r


def pick_side(board: str, previous_out: str) -> dict[str, Any]:
    """The side of middle board ``board`` whose river enters where the previous board's leaves."""
    fits = [s for s in middle_sides() if s["board"] == board and s["river_in"] == previous_out]
    if len(fits) != 1:
        raise ValueError(f"board {board} has {len(fits)} sides fitting river side {previous_out}")
    return fits[0]


def middle_names() -> list[str]:
    names: list[str] = []
    for s in middle_sides():
        if s["board"] not in names:
            names.append(s["board"])
    return names


@dataclass(frozen=True)
class Area:
    """A white-outlined trading-post area."""

    id: int
    name: str
    small: bool
    plus2: bool
    spaces: tuple[int, ...]

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return by_fields(self)  # pickles on the compiled build too


@dataclass(frozen=True)
class Path:
    """The assembled path: spaces in upstream order (index 0 = the Dock), areas and boards."""

    sides: tuple[str, ...]  # e.g. ("START", "M3A", "M7A", "FINAL")
    kinds: tuple[int, ...]
    values: tuple[int, ...]  # payout of number spaces, 0 elsewhere
    space_areas: tuple[tuple[int, ...], ...]
    areas: tuple[Area, ...]
    board_of: tuple[int, ...]  # index into sides for every space
    board_start: tuple[int, ...]  # first global index of every side

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return by_fields(self)  # pickles on the compiled build too

    @property
    def length(self) -> int:
        return len(self.kinds)

    @property
    def last(self) -> int:
        return len(self.kinds) - 1

    @property
    def final_start(self) -> int:
        return self.board_start[-1]

    def crossings(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k in (DOCK, CROSSING)]

    def first_crossing(self) -> int:
        """The first river crossing upstream of the Dock: where the Base camp starts."""
        return next(i for i, k in enumerate(self.kinds) if k == CROSSING)

    def scout_space(self) -> int:
        """The first space of the next-to-last board (full game)."""
        return self.board_start[-2]


def assemble(middle: list[str]) -> Path:
    """The path for the middle boards drawn in order ``middle`` (board names such as "M3").

    Each middle board shows the side whose river enters where the previous side's leaves.
    """
    data = board_data()
    sides = [dict(data["start"], label="START")]
    prev = data["start"]["river_out"]
    for name in middle:
        side = pick_side(name, prev)
        sides.append(dict(side, label=f"{side['board']}{side['side']}"))
        prev = side["river_out"]
    sides.append(dict(data["final"], label="FINAL"))
    kinds: list[int] = []
    values: list[int] = []
    space_areas: list[tuple[int, ...]] = []
    areas: list[Area] = []
    board_of: list[int] = []
    board_start: list[int] = []
    for b, side in enumerate(sides):
        board_start.append(len(kinds))
        letters: dict[str, list[int]] = {}
        small_letters = bool(side.get("small_areas", False))
        local: list[tuple[str, int]] = []  # (area key, global space)
        for tok in side["tokens"].split():
            g = len(kinds)
            board_of.append(b)
            space_areas.append(())
            if tok == "D":
                kinds.append(DOCK)
                values.append(0)
            elif tok == "X":
                kinds.append(CROSSING)
                values.append(0)
            elif tok == "*":
                kinds.append(STAR)
                values.append(0)
            elif tok.isdigit():
                kinds.append(NUMBER)
                values.append(int(tok))
            else:
                kinds.append(NORMAL)
                values.append(0)
                if tok == "P":
                    local.append((f"P{g}", g))
                elif tok != ".":
                    letters.setdefault(tok, []).append(g)
                    local.append((tok, g))
        ids: dict[str, int] = {}
        area_spaces: dict[str, list[int]] = {}
        for key, g in local:
            if key not in ids:
                ids[key] = len(areas) + len(ids)
                area_spaces[key] = []
            area_spaces[key].append(g)
        for key in ids:
            plus2 = key.startswith("P")
            name = f"{side['label']}-{'+2' if plus2 else key}"
            areas.append(Area(ids[key], name, plus2 or small_letters, plus2, tuple(area_spaces[key])))
        for tok_key, g in local:
            space_areas[g] = (ids[tok_key],)
    return Path(
        sides=tuple(s["label"] for s in sides),
        kinds=tuple(kinds),
        values=tuple(values),
        space_areas=tuple(space_areas),
        areas=tuple(sorted(areas, key=lambda a: a.id)),
        board_of=tuple(board_of),
        board_start=tuple(board_start),
    )


@cache
def path_for(middle: tuple[str, ...]) -> Path:
    """``assemble`` cached by the drawn boards (paths are immutable)."""
    return assemble(list(middle))


def animal_positions(path: Path, count: int, shift: str = "forward") -> list[int]:
    """Where the animal tiles go (RT-18).

    The first tile is nominally one space after the first crossing, each next one two spaces
    after where the previous one actually ended up. A position on a crossing (or the Dock) or on
    another tile shifts by one: ``shift="forward"`` tries +1 first, ``"back"`` tries -1 first.
    Tiles never go on the Final board.
    """
    taken: list[int] = []

    def ok(p: int) -> bool:
        return 0 < p < path.final_start and path.kinds[p] not in (DOCK, CROSSING) and p not in taken

    nominal = path.first_crossing() + 1
    for _ in range(count):
        step = 1 if shift == "forward" else -1
        order = (nominal, nominal + step, nominal - step)
        spot = next((p for p in order if ok(p)), None)
        if spot is None:
            raise ValueError(f"no legal animal tile position near space {nominal}")  # RT-18
        taken.append(spot)
        nominal = spot + 2
    return taken


def max_path_length() -> int:
    """The longest possible path (full game: three of the longest middle sides)."""
    data = board_data()
    longest = max(len(s["tokens"].split()) for s in data["middle"])
    return len(data["start"]["tokens"].split()) + 3 * longest + len(data["final"]["tokens"].split())


def max_areas() -> int:
    """The most trading-post areas any assembled path can have."""
    data = board_data()

    def n_areas(side: dict[str, Any]) -> int:
        toks = side["tokens"].split()
        return len({t for t in toks if t.isalpha() and t not in ("D", "X", "P")}) + toks.count("P")

    most = max(n_areas(s) for s in data["middle"])
    return n_areas(data["start"]) + 3 * most
