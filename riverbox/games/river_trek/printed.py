"""The printed content of River Trek's components, for interfaces that draw the table.

A view names components by id; a drawing shows what is printed on them. That content is
public and fixed, so an interface asks for it once (``Game.printed_content``) instead of the
engine repeating it in every view. Ruling ids are kept out of every text a player reads.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.i18n import translator
from riverbox.core.text import player_text


def content(lang: str = "en") -> dict[str, Any]:
    from riverbox.games.river_trek.content import animal_data

    _ = translator("river_trek", lang)
    animals = {
        name: {"title": _(a["title"]), "kind": a["kind"], "text": _(player_text(a["summary"]))}
        for name, a in animal_data().items()
    }
    return {"animals": animals}
