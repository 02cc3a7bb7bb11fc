"""The printed content of Ravenous River's components, for interfaces that draw the table.

A view names components by id; a drawing shows what is printed on them. That content is
public and fixed, so an interface asks for it once (``Game.printed_content``) instead of the
engine repeating it in every view. Ruling ids are kept out of every text a player reads.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.i18n import gettext


def content(lang: str = "en") -> dict[str, Any]:
    """Card titles and texts and the animals' names, in ``lang`` (the ids stay English)."""
    from riverbox.games.ravenous_river.content import CARDS
    from riverbox.games.ravenous_river.scoring import ANIMALS
    from riverbox.games.ravenous_river.words import animal_mark, animal_word, card_text

    cards = {
        k.name: {
            "title": gettext("ravenous_river", lang, k.title),
            "text": card_text(k.name, lang),
            "placeholder": k.placeholder,
        }
        for k in CARDS
    }
    names = {a: animal_word(a, lang) for a in ANIMALS}
    marks = {a: animal_mark(a, lang) for a in ANIMALS}
    return {"animals": list(ANIMALS), "animal_names": names, "animal_marks": marks, "cards": cards}
