"""The printed content of River Wild's components, for interfaces that draw the table.

A view names components by id; a drawing shows what is printed on them. That content is
public and fixed, so an interface asks for it once (``Game.printed_content``) instead of the
engine repeating it in every view. Ruling ids are kept out of every text a player reads.
"""

from __future__ import annotations

from typing import Any

from riverbox.games.river_wild.content import Terrain

_LETTER = {Terrain.EMPTY: "-", Terrain.LAND: "L", Terrain.RIVER: "R", Terrain.MOUNTAIN: "M"}


def _face(face: Any, lang: str = "en") -> dict[str, Any]:
    """One River Wild face as the drawing needs it: six slot letters, land sections, runestone
    (animals and goals as a reader of ``lang`` reads them)."""
    from riverbox.games.river_wild.content import ANIMALS, SLOT_NAMES, Terrain
    from riverbox.games.river_wild.words import goal_in, word

    return {
        "slots": [_LETTER[Terrain(t)] for t in face.slots],
        "sections": [
            {
                "slots": [SLOT_NAMES[s] for s in sec.slots],
                "animal": None if sec.animal is None else word(ANIMALS[sec.animal], lang),
                "goal": None
                if sec.goal is None
                else {
                    "label": goal_in(f"{sec.goal.label()} 0/0", lang)[: -len(" 0/0")],
                    "first": sec.goal.first,
                    "second": sec.goal.second,
                },
            }
            for sec in face.sections
        ],
        "runestone": face.runestone,
    }


def content(lang: str = "en") -> dict[str, Any]:
    from riverbox.games.river_wild.content import load_deck
    from riverbox.games.river_wild.scoring import RANKS
    from riverbox.games.river_wild.words import word

    deck = load_deck()
    cards = {
        str(cid): {"front": _face(deck.faces[2 * i], lang), "back": _face(deck.faces[2 * i + 1], lang)}
        for i, cid in enumerate(deck.ids)
    }
    cards["0"] = {"front": _face(deck.source, lang), "back": _face(deck.source, lang)}
    # ``name`` is the rank as views name it; ``title`` is how a reader of ``lang`` reads it
    ranks = [{"at": at, "name": name, "title": word(name, lang)} for at, name in sorted(RANKS)]
    return {"cards": cards, "ranks": ranks}
