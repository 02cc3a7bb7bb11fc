"""The printed content of River Rivals's components, for interfaces that draw the table.

A view names components by id; a drawing shows what is printed on them. That content is
public and fixed, so an interface asks for it once (``Game.printed_content``) instead of the
engine repeating it in every view. Ruling ids are kept out of every text a player reads.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.i18n import translator
from riverbox.core.text import player_text


def content(lang: str = "en") -> dict[str, Any]:
    from riverbox.games.river_rivals.content import EQUIPMENT, KINDS, RAW

    _ = translator("river_rivals", lang)
    effects = {k: _(v["name"]) for k, v in RAW.get("effects", {}).items()}
    animals = {
        a.slug: {
            "name": _(a.name),
            "strength": a.strength,
            "effect": effects.get(a.effect or "", ""),
            "fish_spaces": a.fish_spaces,
            "placeholder": a.placeholder,
        }
        for a in KINDS
    }
    equipment = {
        e.slug: {
            "name": _(e.name),
            "permanent": e.permanent,
            "text": _(player_text(e.text)),
            "placeholder": e.placeholder,
        }
        for e in EQUIPMENT
    }
    return {"animals": animals, "equipment": equipment}
