"""The printed content of River Wild's components, for interfaces that draw the table.

A view names components by id; a drawing shows what is printed on them. That content is
public and fixed, so an interface asks for it once (``Game.printed_content``) instead of the
engine repeating it in every view. Ruling ids are kept out of every text a player reads.
"""

from __future__ import annotations

from typing import Any

from riverbox.games.river_wild.cards import Terrain

_LETTER = {Terrain.EMPTY: "-", Terrain.LAND: "L", Terrain.RIVER: "R", Terrain.MOUNTAIN: "M"}


def _face(face: Any) -> dict[str, Any]:
    """One River Wild face as the drawing needs it: six slot letters, land sections, runestone."""
    from riverbox.games.river_wild.cards import ANIMALS, SLOT_NAMES, Terrain

    return {
        "slots": [_LETTER[Terrain(t)] for t in face.slots],
        "sections": [
            {
                "slots": [SLOT_NAMES[s] for s in sec.slots],
                "animal": None if sec.animal is None else ANIMALS[sec.animal],
                "goal": None
                if sec.goal is None
                else {"label": sec.goal.label(), "first": sec.goal.first, "second": sec.goal.second},
            }
            for sec in face.sections
        ],
        "runestone": face.runestone,
    }


def content(lang: str = "en") -> dict[str, Any]:
    from riverbox.games.river_wild.cards import load_deck
    from riverbox.games.river_wild.scoring import RANKS

    deck = load_deck()
    cards = {
        str(cid): {"front": _face(deck.faces[2 * i]), "back": _face(deck.faces[2 * i + 1])}
        for i, cid in enumerate(deck.ids)
    }
    cards["0"] = {"front": _face(deck.source), "back": _face(deck.source)}
    return {"cards": cards, "ranks": [{"at": at, "name": name} for at, name in sorted(RANKS)]}
