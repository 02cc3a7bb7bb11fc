"""The words for River Rivals' events, and the play log built from ``state.log(seat)`` alone.

The rules emit events as data (``state.emit``) with the audience decided where the fact
arises: a card drawn or taken is told to its owner only, everyone else learns the count. So
the log needs no replay and no board diffs, and it cannot tell a seat what it may not know.

Events name animals and equipment by their data ids and columns 1-based, as the notation
does; the sentences here turn them into names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riverbox.core import CHANCE, State
from riverbox.core.events import EventText
from riverbox.core.i18n import N_, translator
from riverbox.games.river_rivals.content import EQ_INDEX, EQUIPMENT, KIND_INDEX, KINDS, RAW

DOMAIN = "river_rivals"
"""This game's message catalog (``riverbox/locale/<lang>/LC_MESSAGES/river_rivals.po``)."""

_EFFECT_NAMES = {k: v["name"] for k, v in RAW["effects"].items()}

LEADING = frozenset(
    {
        "picked",
        "played",
        "draws",
        "passed",
        "ended",
        "declined",
        "fish",
        "moved",
        "shielded",
        "clawed",
        "copied",
        "encored",
        "used",
        "took",
        "took-card",
        "recalled",
        "bear",
    }
)
"""Every player action emits exactly one of these first (a seat sees exactly one of
``took``/``took-card``), so the log of the actions from a history position on can be found."""


def animal(slug: str, lang: str = "en") -> str:
    """An animal's name in ``lang`` (names come from the data file and its catalog entries)."""
    return translator(DOMAIN, lang)(KINDS[KIND_INDEX[slug]].name)


def an(name: str, lang: str = "en") -> str:
    """``name`` with the English indefinite article (Chinese needs none)."""
    if lang != "en":
        return name
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def equipment(slug: str, lang: str = "en") -> str:
    return translator(DOMAIN, lang)(EQUIPMENT[EQ_INDEX[slug]].name)


def effect(slug: str, lang: str = "en") -> str:
    """The effect name of an animal (``"no effect"`` for one without)."""
    _ = translator(DOMAIN, lang)
    eff = KINDS[KIND_INDEX[slug]].effect
    return _(_EFFECT_NAMES[eff]) if eff else _("no effect")


def _cards(slugs: list[str], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _(", ").join(animal(x, lang) for x in slugs) or _("nothing")


def count(n: int, lang: str) -> str:
    """``n`` cards in words: "no cards", "1 card", "3 cards"."""
    _ = translator(DOMAIN, lang)
    if n == 0:
        return _("no cards")
    return _("1 card") if n == 1 else _("{n} cards").format(n=n)


def _played(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    what = an(animal(e["animal"], lang), lang)
    if e["lightning"]:
        text = _("Seat {seat} plays {animal} into column {column} as the extra card of a Lightning Animal.")
    else:
        text = _("Seat {seat} plays {animal} into column {column}.")
    return text.format(seat=e["seat"], animal=what, column=e["column"])


def _draws(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    if e["count"] == 0:
        return _("Seat {seat} draws nothing (hand limit).").format(seat=e["seat"])
    if e["extra"]:
        return _("Seat {seat} draws {cards} with {equipment}.").format(
            seat=e["seat"], cards=count(e["count"], lang), equipment=equipment("card-clapper", lang)
        )
    return _("Seat {seat} draws {cards}.").format(seat=e["seat"], cards=count(e["count"], lang))


_SKIPPED = {
    "quick-catch": N_("Seat {seat} declines the Quick Catch."),
    "movement": N_("Seat {seat} declines the Movement."),
    "shield": N_("Seat {seat} declines Shield Strength."),
    "shield-polish": N_("Seat {seat} declines the second shield."),
    "claw": N_("Seat {seat} declines the Claw Attack."),
    "lightning": N_("Seat {seat} declines to play a further card."),
    "copy": N_("Seat {seat} declines to copy."),
    "big-net": N_("Seat {seat} declines the second fish."),
    "recall-horn": N_("Seat {seat} declines to recall more cards."),
    "polar-bear-surprise": N_("Seat {seat} declines to place the polar bear."),
}
_DECLINED = N_("Seat {seat} declines the choice.")
_FISH_WHY = {
    "quick-catch": N_("Quick Catch"),
    "catch": N_("fish check"),
    "big-net": N_("second fish"),
    "bait-bucket": N_("bait"),
}
_FISH = N_("fish")
_SOURCES = {"hand": N_("hand"), "pile": N_("pile"), "removed": N_("removed")}


def source(name: str, lang: str) -> str:
    """Where a polar bear comes from (``hand``, ``pile``, ``removed``), in words."""
    return translator(DOMAIN, lang)(_SOURCES.get(name, name))


def _fish(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    why = _(_FISH_WHY.get(e["why"], _FISH))
    return _("Seat {seat} places a fish on their {animal} in column {column} ({why}).").format(
        seat=e["seat"], animal=animal(e["animal"], lang), column=e["column"], why=why
    )


def _moved(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    fields = {
        "seat": e["seat"],
        "owner": e["owner"],
        "animal": animal(e["animal"], lang),
        "column": e["column"],
        "to": e["to_column"],
    }
    if e["how"] == "undertow":
        text = _(
            "Seat {seat} pulls seat {owner}'s {animal} from column {column} to column {to} ({equipment})."
        )
        return text.format(equipment=equipment("undertow", lang), **fields)
    if e["how"] == "boots":
        text = _("Seat {seat} moves their {animal} from column {column} to column {to} with {equipment}.")
        return text.format(equipment=equipment("spring-boots", lang), **fields)
    return _("Seat {seat} moves their {animal} from column {column} to column {to}.").format(**fields)


def _clawed(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    if e["shield"]:
        result = _("a shield absorbs it and goes back to the supply")
    elif not e["fish"]:
        result = _("it is removed")
    elif e["fish"] == 1:
        result = _("it is removed and 1 fish goes back to seat {owner}'s supply").format(owner=e["owner"])
    else:
        result = _("it is removed and {fish} fish go back to seat {owner}'s supply").format(
            fish=e["fish"], owner=e["owner"]
        )
    return _("Seat {seat} claws seat {owner}'s {animal} in column {column}: {result}.").format(
        seat=e["seat"], owner=e["owner"], animal=animal(e["animal"], lang), column=e["column"], result=result
    )


_WON = {
    "fish": N_("seat {w} has placed all 8 fish"),
    "no-cards": N_("seat {l} has no cards in hand or pile and cannot act"),
    "stuck": N_("seat {l} cannot play or draw"),
    "idle": N_("two turns in a row passed without progress, so fish caught decide"),
}


def _won(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    win = e["winners"]
    if len(win) != 1:
        return _("The game ends in a shared win on fish caught.")
    w = win[0]
    reason = _(_WON[e["reason"]]).format(w=w, l=1 - w)
    return _("Game over: {reason}. Seat {w} wins.").format(reason=reason, w=w)


def _with(
    template: str, **names: Callable[[dict[str, Any], str], str]
) -> Callable[[dict[str, Any], str], str]:
    """A sentence whose named fields are worked out from the event (names of cards, counts)."""

    def text(e: dict[str, Any], lang: str) -> str:
        values = dict(e)
        values.update({k: f(e, lang) for k, f in names.items()})
        return translator(DOMAIN, lang)(template).format(**values)

    return text


def _an_animal(e: dict[str, Any], lang: str) -> str:
    return an(animal(e["animal"], lang), lang)


def _the_animal(e: dict[str, Any], lang: str) -> str:
    return animal(e["animal"], lang)


def _the_equipment(e: dict[str, Any], lang: str) -> str:
    return equipment(e["equipment"], lang)


def _the_effect(e: dict[str, Any], lang: str) -> str:
    return effect(e["animal"], lang)


def _the_cards(e: dict[str, Any], lang: str) -> str:
    return _cards(e["cards"], lang)


def _the_count(e: dict[str, Any], lang: str) -> str:
    return count(e["count"], lang)


def _offered(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _(", ").join(equipment(x, lang) for x in e["equipment"])


def _scope(e: dict[str, Any], lang: str) -> str:
    return equipment("peek-a-scope", lang)


def _encore_card(e: dict[str, Any], lang: str) -> str:
    return equipment("encore", lang)


def _bear_source(e: dict[str, Any], lang: str) -> str:
    return source(e["source"], lang)


def _declined(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _(_SKIPPED.get(e["decision"], _DECLINED)).format(seat=e["seat"])


EVENT_TEXTS: dict[str, EventText] = {
    "dealt": N_("Seat {seat} is dealt {count} cards."),
    "drew": _with(N_("You draw {cards}."), cards=_the_cards),
    "offer": _with(N_("Equipment on offer: {offer}."), offer=_offered),
    "picked": _with(N_("Seat {seat} picks {equipment}."), equipment=_the_equipment),
    "received": _with(N_("Seat {seat} receives the last card, {equipment}."), equipment=_the_equipment),
    "played": _played,
    "draws": _draws,
    "passed": N_("Seat {seat} passes (no card can be played or drawn)."),
    "ended": N_("Seat {seat} ends the action phase."),
    "declined": _declined,
    "fish": _fish,
    "caught": _with(
        N_("Seat {seat} catches a fish in column {column}; it goes on their {animal} (fish check)."),
        animal=_the_animal,
    ),
    "moved": _moved,
    "shielded": _with(
        N_("Seat {seat} puts a shield on their {animal} in column {column}."), animal=_the_animal
    ),
    "clawed": _clawed,
    "copied": _with(
        N_("Seat {seat} copies the {effect} of their {animal} in column {column}."),
        effect=_the_effect,
        animal=_the_animal,
    ),
    "encored": _with(
        N_("Seat {seat} resolves the {effect} of their {animal} in column {column} again ({equipment})."),
        effect=_the_effect,
        animal=_the_animal,
        equipment=_encore_card,
    ),
    "used": _with(N_("Seat {seat} uses {equipment}."), equipment=_the_equipment),
    "bonus-draw": _with(
        N_("Seat {seat} draws {cards} ({equipment})."), cards=_the_count, equipment=_the_equipment
    ),
    "took": _with(N_("You take {animal} from your draw pile."), animal=_an_animal),
    "took-card": N_("Seat {seat} takes a card from their draw pile."),
    "pile-seen": _with(N_("You look through your draw pile: {cards}."), cards=_the_cards),
    "recalled": _with(
        N_("Seat {seat} shuffles the removed {animal} back into their draw pile."), animal=_the_animal
    ),
    "bear": _with(
        N_("Seat {seat} puts a polar bear from their {source} into column {column}."), source=_bear_source
    ),
    "peeked": _with(
        N_("You take {cards} from the top of seat {owner}'s draw pile ({equipment})."),
        cards=_the_cards,
        equipment=_scope,
    ),
    "peeked-count": _with(
        N_("Seat {seat} takes {cards} from the top of seat {owner}'s draw pile ({equipment})."),
        cards=_the_count,
        equipment=_scope,
    ),
    "poisoned": _with(
        N_("Poison removes {animal} from the top of seat {seat}'s draw pile."), animal=_an_animal
    ),
    "poisoned-shield": _with(
        N_("Poison takes a shield off seat {seat}'s {animal} in column {column}."), animal=_the_animal
    ),
    "won": _won,
}


def narrate(
    state: State, seat: int | None, start: int, describe: Callable[[dict[str, Any]], str]
) -> list[str]:
    """Sentences for what happened from ``state.history[start]`` on, as ``seat`` was told it.

    Reads ``state.log(seat)`` only; the history gives just the public count of actions taken
    before ``start``, to find where their events end.
    """
    log = state.log(seat)
    if start > 0:
        actions = sum(1 for s, _ in state.history[:start] if s != CHANCE)
        seen = 0
        cut = len(log)
        for i, event in enumerate(log):
            if event["kind"] in LEADING:
                if seen == actions:
                    cut = i
                    break
                seen += 1
        log = log[cut:]
    return [describe(e) for e in log]
