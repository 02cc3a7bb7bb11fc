"""River Rivals content: the animal set and the equipment cards, read from ``data/content.json``.

Nothing about individual cards is written in code: names, strengths, effects, fish spaces,
counts and equipment parameters all come from the data file, so the real composition can
replace the placeholder one without code changes (spec 1.5). The code knows only the six
effect mechanics and the equipment mechanics (one key per equipment card).

A physical card is encoded as an int ``code = set * K + kind``: ``set`` is the card back (whose
18-card set it came from, 0 or 1), ``kind`` indexes ``KINDS``. Both sets share one composition
(RV-24); the set only matters for what each seat can know (hidden-information bookkeeping).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

DATA_FILE = Path(__file__).with_name("data") / "content.json"

EFFECTS = ("quick-catch", "movement", "shield", "claw", "lightning", "copy")
"""The effect mechanics the rules implement (RB effect list); data names which animal has which."""

MECHANICS = (
    "boots",
    "surprise",
    "peek",
    "clapper",
    "binoculars",
    "poison",
    "basket",
    "polish",
    "paws",
    "whistle",
    "helping",
    "net",
    "recall",
    "double",
    "undertow",
    "spare",
    "encore",
    "bait",
)
"""Equipment mechanics the rules implement, keyed by the data file's ``mechanic`` field."""

ADDITION = frozenset({"surprise", "binoculars", "recall", "double", "undertow", "spare", "encore", "bait"})
"""Once-per-game cards used "in addition to your action" (RV-21 timing window)."""


@dataclass(frozen=True)
class Animal:
    slug: str
    name: str
    strength: int
    effect: str | None
    fish_spaces: int
    count: int
    placeholder: bool
    verified: tuple[str, ...] = ()


@dataclass(frozen=True)
class Equipment:
    slug: str
    name: str
    permanent: bool
    mechanic: str
    text: str
    placeholder: bool
    params: dict[str, Any]


def _load(path: Path = DATA_FILE) -> tuple[tuple[Animal, ...], tuple[Equipment, ...], dict[str, Any]]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    animals = []
    for a in raw["animals"]:
        if a["effect"] is not None and a["effect"] not in EFFECTS:
            raise ValueError(f"river-rivals data: unknown effect {a['effect']!r} on {a['id']}")
        animals.append(
            Animal(
                a["id"],
                a["name"],
                int(a["strength"]),
                a["effect"],
                int(a["fish_spaces"]),
                int(a["count"]),
                bool(a.get("placeholder", False)),
                tuple(a.get("verified", ())),
            )
        )
    equipment = []
    fixed = {"id", "name", "type", "mechanic", "text", "placeholder", "placeholder_note"}
    for e in raw["equipment"]:
        if e["mechanic"] not in MECHANICS:
            raise ValueError(f"river-rivals data: unknown equipment mechanic {e['mechanic']!r}")
        equipment.append(
            Equipment(
                e["id"],
                e["name"],
                e["type"] == "permanent",
                e["mechanic"],
                e["text"],
                bool(e.get("placeholder", False)),
                {k: v for k, v in e.items() if k not in fixed},
            )
        )
    return tuple(animals), tuple(equipment), raw


KINDS, EQUIPMENT, RAW = _load()
# ``Final``: the compiled build reads these from C statics, not the module dict, at every use
# (they are read many times per step).
K: Final = len(KINDS)
E = len(EQUIPMENT)
SET_SIZE = sum(a.count for a in KINDS)
FISH: Final = 8
"""Fish per player (RB components: 8 per colour)."""
SHIELDS = 8
"""Shield tokens in the general supply (RB components)."""
COLUMNS: Final = 4
COLUMN_CAP: Final = 3
HAND_LIMIT: Final = 7
OPENING = (4, 5)
"""Opening hands: the starting player draws 4, the other 5 (RB setup)."""
OFFER = 4
"""Equipment cards revealed for the Advanced Mode draft."""

KIND_INDEX = {a.slug: i for i, a in enumerate(KINDS)}
EQ_INDEX = {e.slug: i for i, e in enumerate(EQUIPMENT)}
MECH_INDEX = {e.mechanic: i for i, e in enumerate(EQUIPMENT)}

# Per-code tables (code = set * K + kind), for the hot paths.
KIND_OF: Final = tuple(c % K for c in range(2 * K))
SET_OF: Final = tuple(c // K for c in range(2 * K))
STRENGTH: Final = tuple(KINDS[c % K].strength for c in range(2 * K))
SPACES: Final = tuple(KINDS[c % K].fish_spaces for c in range(2 * K))
EFFECT_NO: dict[str | None, int] = {None: 0, **{name: i + 1 for i, name in enumerate(EFFECTS)}}
EFFECT: Final = tuple(EFFECT_NO[KINDS[c % K].effect] for c in range(2 * K))
"""Effect number per code: 0 none, then 1 + index in ``EFFECTS``."""
QUICK: Final = 1
MOVE: Final = 2
SHIELD: Final = 3
CLAW: Final = 4
LIGHTNING: Final = 5
COPY: Final = 6


def set_cards(owner: int) -> list[int]:
    """The 18 card codes of one set, in data order."""
    return [owner * K + i for i, a in enumerate(KINDS) for _ in range(a.count)]


def param(mechanic: str, key: str, default: Any) -> Any:
    """A numeric parameter of the equipment card with ``mechanic`` (data-driven)."""
    i = MECH_INDEX.get(mechanic)
    return default if i is None else EQUIPMENT[i].params.get(key, default)
