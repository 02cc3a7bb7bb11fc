"""The printed content of Ravenous River's components, for interfaces that draw the table.

A view names components by id; a drawing shows what is printed on them. That content is
public and fixed, so an interface asks for it once (``Game.printed_content``) instead of the
engine repeating it in every view. Ruling ids are kept out of every text a player reads.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.text import player_text


def content(lang: str = "en") -> dict[str, Any]:
    from riverbox.games.ravenous_river.cards import CARDS
    from riverbox.games.ravenous_river.scoring import ANIMALS

    cards = {
        k.name: {"title": k.title, "text": player_text(k.text), "placeholder": k.placeholder} for k in CARDS
    }
    return {"animals": list(ANIMALS), "cards": cards}
