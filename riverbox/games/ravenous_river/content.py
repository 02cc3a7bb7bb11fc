"""The action deck, read from ``data/action_cards.json`` (spec section 1.3b).

The deck is data: names, titles, copies and card text live in the JSON file, and each card's
effect is looked up by name in ``effects.EFFECTS``. Kinds 4-7 and all copy counts are PLACEHOLDER
content (flagged ``placeholder: true`` in the file), not the published cards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).parent / "data" / "action_cards.json"


@dataclass(frozen=True)
class CardKind:
    """One kind of action card as the data file describes it."""

    name: str
    title: str
    copies: int
    text: str
    placeholder: bool
    copies_placeholder: bool
    source: str


def load_cards(path: Path = DATA_FILE) -> tuple[list[CardKind], int]:
    """(card kinds, deck size) from a data file; ``ValueError`` when the copies do not add up."""
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    kinds = []
    for entry in raw["cards"]:
        copies = entry["copies"]
        kinds.append(
            CardKind(
                name=entry["name"],
                title=entry["title"],
                copies=int(copies["value"]),
                text=entry["text"],
                placeholder=bool(entry.get("placeholder", False)),
                copies_placeholder=bool(copies.get("placeholder", False)),
                source=entry.get("source", ""),
            )
        )
    size = int(raw["deck_size"])
    if sum(k.copies for k in kinds) != size:
        raise ValueError(f"{path.name}: card copies add up to {sum(k.copies for k in kinds)}, not {size}")
    if len({k.name for k in kinds}) != len(kinds):
        raise ValueError(f"{path.name}: two card kinds share a name")
    return kinds, size


CARDS, DECK_SIZE = load_cards()
CARD_NAMES: tuple[str, ...] = tuple(k.name for k in CARDS)
CARD_INDEX: dict[str, int] = {n: i for i, n in enumerate(CARD_NAMES)}
NUM_KINDS = len(CARDS)
DECK: tuple[int, ...] = tuple(i for i, k in enumerate(CARDS) for _ in range(k.copies))
"""The full deck as card-kind indices, in a fixed order (shuffled at every round setup)."""
