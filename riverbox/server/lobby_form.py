"""What the lobby's form is drawn from, and which of its fields a refusal is about.

The form is built from each game's option schema (:meth:`OptionSpec.form_json`): a checkbox, a
select or a number per option, labelled and explained in the reader's language from the game's
catalog, and a bot choice whose words come from :mod:`riverbox.bots.labels`, each level with
its measured rating (``strong · ~1650``, from :mod:`riverbox.bots.levels`). When the server
refuses a new table it names the field at fault (``field`` in the error body), so the page can
show the reason next to that field instead of in a line at the bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riverbox.bots.labels import bot_label
from riverbox.bots.levels import LEVEL_NAMES, level_info
from riverbox.core.i18n import Message, gettext


def _option(option: dict[str, Any], domain: str, lang: str) -> dict[str, Any]:
    """One option's entry with its label, help and choice words in ``lang``."""
    shown = dict(option)
    for key in ("label", "help"):
        if key in shown:
            shown[key] = gettext(domain, lang, shown[key])
    shown["choices"] = [{**c, "label": gettext(domain, lang, c["label"])} for c in option.get("choices", [])]
    return shown


def lobby_game(info: dict[str, Any], domain: str, lang: str) -> dict[str, Any]:
    """A game's lobby entry in ``lang``: title, options (labelled) and bots (levels first, labelled)."""
    names = list(info.get("bots", []))
    ordered = [n for n in LEVEL_NAMES if n in names] + [n for n in names if n not in LEVEL_NAMES]
    measured = level_info(str(info.get("name", "")))
    bots = [
        {
            "name": n,
            "label": level_label(bot_label(n, lang), measured[n].rating if n in measured else None),
            "level": n in LEVEL_NAMES,
            "rating": measured[n].rating if n in measured else None,
        }
        for n in ordered
    ]
    return {
        **info,
        "title": gettext(domain, lang, info["title"]),
        "summary": gettext(domain, lang, info["summary"]),
        "options": [_option(o, domain, lang) for o in info.get("options", [])],
        "bots": bots,
    }


def level_label(words: str, rating: int | None) -> str:
    """A level's words with its measured rating, rounded: ``strong · ~1650`` (a bare label unmeasured).

    Rounded to 50 because the measurement's interval is wider than that; the ``~`` says so.
    """
    return words if rating is None else f"{words} · ~{50 * round(rating / 50)}"


def refusal(exc: BaseException) -> str | Message:
    """What to tell a reader about a game's refusal: its translatable reason where it has one."""
    reason = getattr(exc, "reason", None)
    return reason if isinstance(reason, str | Message) else str(exc)


def field_at_fault(exc: BaseException) -> str | None:
    """The create request's field a game's refusal names: ``players`` or ``options.NAME``."""
    field = getattr(exc, "field", None)
    if not isinstance(field, str):
        return None
    return field if field == "players" else f"options.{field}"


def first_field(errors: Sequence[Any]) -> dict[str, str]:
    """``{"field": "seats.0.name"}`` for the first of pydantic's errors on the body, else ``{}``."""
    for error in errors:
        loc = [str(p) for p in error.get("loc", ()) if p != "body"]
        if loc and error.get("loc", ("",))[0] == "body":
            return {"field": ".".join(loc)}
    return {}
