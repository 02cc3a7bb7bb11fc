"""What a game's table page must know besides the seat's view: the printed content of its cards.

A view names cards by id ("making-waves", card 14); the drawing shows what is printed on them
(a card's text, a River Wild card's edges and lands, an animal's power). That content is public
and fixed per game, so the page receives it once, as a template variable, instead of the
engine repeating it in every view. Ruling ids are kept out of every text a player reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

RULING = re.compile(r"\s*\((?:R[RVWT]-\d+[,;\s]*)+\)")
"""A parenthesised list of ruling ids, as the data files cite them."""


def player_text(text: str) -> str:
    """``text`` without the ruling ids the data files cite (players never read them)."""
    return RULING.sub("", text).strip()


def _ravenous_river() -> dict[str, Any]:
    from riverbox.games.ravenous_river.cards import CARDS
    from riverbox.games.ravenous_river.scoring import ANIMALS

    cards = {
        k.name: {"title": k.title, "text": player_text(k.text), "placeholder": k.placeholder} for k in CARDS
    }
    return {"animals": list(ANIMALS), "cards": cards}


def _river_rivals() -> dict[str, Any]:
    from riverbox.games.river_rivals.content import EQUIPMENT, KINDS, RAW

    effects = {k: v["name"] for k, v in RAW.get("effects", {}).items()}
    animals = {
        a.slug: {
            "name": a.name,
            "strength": a.strength,
            "effect": effects.get(a.effect or "", ""),
            "fish_spaces": a.fish_spaces,
            "placeholder": a.placeholder,
        }
        for a in KINDS
    }
    equipment = {
        e.slug: {
            "name": e.name,
            "permanent": e.permanent,
            "text": player_text(e.text),
            "placeholder": e.placeholder,
        }
        for e in EQUIPMENT
    }
    return {"animals": animals, "equipment": equipment}


def _face(face: Any) -> dict[str, Any]:
    """One River Wild face as the drawing needs it: six slot letters, land sections, runestone."""
    from riverbox.games.river_wild.cards import ANIMALS, SLOT_NAMES, TYPE_LETTER

    return {
        "slots": [TYPE_LETTER[t] for t in face.slots],
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


def _river_wild() -> dict[str, Any]:
    from riverbox.games.river_wild.cards import load_deck
    from riverbox.games.river_wild.scoring import RANKS

    deck = load_deck()
    cards = {
        str(cid): {"front": _face(deck.faces[2 * i]), "back": _face(deck.faces[2 * i + 1])}
        for i, cid in enumerate(deck.ids)
    }
    cards["0"] = {"front": _face(deck.source), "back": _face(deck.source)}
    return {"cards": cards, "ranks": [{"at": at, "name": name} for at, name in sorted(RANKS)]}


def _river_trek() -> dict[str, Any]:
    from riverbox.games.river_trek.board import animal_data

    animals = {
        name: {"title": a["title"], "kind": a["kind"], "text": player_text(a["summary"])}
        for name, a in animal_data().items()
    }
    return {"animals": animals}


CONTENT: dict[str, Callable[[], dict[str, Any]]] = {
    "ravenous-river": _ravenous_river,
    "river-rivals": _river_rivals,
    "river-wild": _river_wild,
    "river-trek": _river_trek,
}


def game_content(game: str) -> dict[str, Any]:
    """The printed content of ``game``'s components; empty for a game without a drawn table."""
    build = CONTENT.get(game)
    return build() if build is not None else {}
