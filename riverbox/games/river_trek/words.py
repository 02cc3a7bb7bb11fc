"""River Trek's events in words: the sentence for each event kind, and the play log built from them.

The rules emit events (``state.emit``) as they resolve each action; nothing here reads the rules'
state, only ``state.log(seat)``, so a seat is never told more than its log holds (with hidden
money, RT-28, another seat's income reaches it without the amount).

Every player action emits exactly one *headline* event first (its kind is in ``HEADLINES``), and no
other event uses those kinds; that is how ``narrate`` finds where the events of a history entry
begin. Stanley's turns and forced moves are told inside the action that caused them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from riverbox.core.events import EventText
from riverbox.core.i18n import N_, translator
from riverbox.games.river_trek.actions import DOMAIN

if TYPE_CHECKING:
    from riverbox.core.game import State

"""This game's message catalog (``riverbox/locale/<lang>/LC_MESSAGES/river_trek.po``)."""

_NAMES = (
    # the names events carry as data (position.COLOURS, Stanley), translated where shown
    N_("green"),
    N_("orange"),
    N_("purple"),
    N_("blue"),
    N_("Stanley"),
)
_NAMED = ("who", "colour")
"""Event fields that hold a colour's name."""


def name(text: str, lang: str) -> str:
    """A colour's (or Stanley's) name, or an animal's title, in ``lang``."""
    return translator(DOMAIN, lang)(text)


def _fields(event: dict[str, Any], lang: str) -> dict[str, Any]:
    """The event's fields with names in ``lang``."""
    if lang == "en":
        return event
    out = dict(event)
    for key in _NAMED:
        if isinstance(out.get(key), str):
            out[key] = name(out[key], lang)
    if isinstance(out.get("animal"), str):
        out["animal"] = name(out["animal"], lang)
    return out


def _say(template: str) -> Callable[[dict[str, Any], str], str]:
    """A template whose sentence starts with a capital (colour names are written in lower case)."""

    def text(event: dict[str, Any], lang: str) -> str:
        line = translator(DOMAIN, lang)(template).format(**_fields(event, lang))
        return line[:1].upper() + line[1:]

    return text


def _paid(event: dict[str, Any], lang: str) -> str:
    """How much a drop paid, as the reader may know it: "+$3", "paid" (hidden money) or nothing."""
    _ = translator(DOMAIN, lang)
    paid = event["paid"]
    if paid is None:
        return " " + _("(paid)")
    return " " + _("(+${paid})").format(paid=paid) if paid else ""


def _with_paid(template: str) -> Callable[[dict[str, Any], str], str]:
    say = _say(template)

    def text(event: dict[str, Any], lang: str) -> str:
        line = say(event, lang)
        return line[:-1] + _paid(event, lang) + line[-1:]

    return text


def _setup_place(e: dict[str, Any], lang: str) -> str:
    if e["colour"] == e["who"]:
        return _say(N_("{who} places a starting explorer on space {space}."))(e, lang)
    return _say(N_("{who} places {colour}'s starting explorer on space {space}."))(e, lang)


def _move(e: dict[str, Any], lang: str) -> str:
    if e["downstream"]:
        return _say(N_("{who} moves the caravan of {size} on space {space} downstream with the Peccary."))(
            e, lang
        )
    return _say(N_("{who} moves the caravan of {size} on space {space}."))(e, lang)


def _animals(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    spaces = e["spaces"]
    if spaces is None:
        listed = _(", ").join(name(a, lang) for a in e["animals"])
        return _("Animals in play: {animals}; seat 0 places their tiles.").format(animals=listed)
    listed = _(", ").join(
        _("{animal} (space {space})").format(animal=name(a, lang), space=t)
        for a, t in zip(e["animals"], spaces, strict=True)
    )
    return _("Animals in play: {animals}.").format(animals=listed)


def _drop_dock(e: dict[str, Any], lang: str) -> str:
    if e["bridge"]:
        return _say(N_("{who} drops on the Bridge ({space})."))(e, lang)
    return _say(N_("{who} drops on the Dock ({space})."))(e, lang)


def _game_over(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    money = _(", ").join(
        _("{who} ${money}").format(who=name(n, lang), money=m)
        for n, m in zip(e["names"], e["money"], strict=True)
    )
    winners = _(" and ").join(name(w, lang) for w in e["winners"])
    return _("Game over. Money: {money}. Winner: {winners}.").format(money=money, winners=winners)


def _boards(e: dict[str, Any], lang: str) -> str:
    _ = translator(DOMAIN, lang)
    return _("The path is laid out with boards {boards}.").format(boards=_(", ").join(e["boards"]))


EVENT_TEXTS: dict[str, EventText] = {
    # set-up
    "boards": _boards,
    "animals": _animals,
    "tile": _say(N_("{who} puts the {animal} tile on space {space}.")),
    "setup_place": _setup_place,
    # a turn
    "turn": _say(N_("Turn {number}: {who} to play.")),
    "sloth": _with_paid(N_("{who} collects the Sloth's income.")),
    "post": _say(N_("{who} places a trading post in {area}.")),
    "movepost": _say(N_("{who} moves a trading post from {source} to {target}.")),
    "skip": _say(N_("{who} skips the trading-post step.")),
    "no_caravan": _say(N_("{who} has no caravan to move.")),
    "move": _move,
    "place": _say(N_("{who} places a new explorer on space {space}.")),
    "end": _say(N_("{who} ends the turn.")),
    # the drops of a caravan move
    "drop_one": _say(N_("{who} drops the next explorer without a power.")),
    "drop_all": _say(N_("{who} drops the rest of the caravan without a power.")),
    "drop": _with_paid(N_("{who} drops on space {space}, where the caravan is now {size} tall.")),
    "drop_dock": _drop_dock,
    "wash": _say(N_("{who} drops on crossing {space}: the caravan of {size} washes down to space {target}.")),
    "kingfisher": _say(N_("{who} drops on crossing {space}; the Kingfisher keeps the caravan there.")),
    "number": _with_paid(N_("{who} drops on the ${value} space {space}.")),
    "star": _with_paid(N_("{who} drops on the star on space {space}.")),
    "clearing": _with_paid(N_("{who}'s explorer leaves the path into the clearing.")),
    "token_taken": _say(N_("{who} takes the {animal} token.")),
    "token_lost": _say(N_("{who} gives back the {animal} token: its tile is empty.")),
    # animal powers
    "boa": _say(N_("{who} spends the Emerald Tree Boa: two explorers drop on space {space}.")),
    "frog": _say(N_("{who} spends the Tree Frog and jumps over space {space}.")),
    "jaguar": _say(N_("{who} spends the Jaguar: an explorer goes from space {source} onto space {target}.")),
    "otter": _say(N_("{who} spends the Otter: the caravans on spaces {first} and {second} swap places.")),
    "capybara": _say(N_("{who} spends the Capybara to restack the caravan on space {space}.")),
    "restack": _say(N_("{who} puts a {colour} explorer next in the restacked caravan.")),
    "monkey": _say(N_("{who} spends the Monkey.")),
    "done": _say(N_("{who} is done with the Monkey.")),
    "dog": _say(N_("{who}'s Bush Dog steps from space {source} to space {target}.")),
    # moves that happen by themselves
    "forced": N_("The caravan of {size} on space {space} is too tall and must move."),
    "stanley_place": N_("Stanley places a new explorer on space {space}."),
    "stanley_move": N_("Stanley moves the caravan of {size} on space {space}."),
    "stanley_pass": N_("Stanley has nothing to move or place."),
    # the Scout and the end
    "scout": _say(N_("{who} takes the Scout: the Civilization Event follows this turn.")),
    "civilization": N_(
        "Civilization Event: the Bridge is built on space {bridge}, the Base camp moves to space "
        "{basecamp}, and everything below the Bridge goes back to its owners."
    ),
    "final_round": _say(N_("{who} reached the clearing: everyone else gets one more turn.")),
    "game_over": _game_over,
}

HEADLINES = frozenset(
    {
        "setup_place",
        "post",
        "movepost",
        "skip",
        "move",
        "place",
        "end",
        "drop_one",
        "drop_all",
        "boa",
        "frog",
        "jaguar",
        "otter",
        "capybara",
        "restack",
        "monkey",
        "done",
        "dog",
        "tile",
    }
)
"""The kinds a player action opens with, one per action (``narrate`` counts them)."""


def narrate(state: State, seat: int | None, start: int, lang: str = "en") -> list[str]:
    """Sentences for what happened from ``state.history[start]`` on, as ``seat`` may know it.

    Headline events are public, so every seat's log holds one per player action: the events of
    ``history[start:]`` begin at the headline of the first player action from ``start`` on.
    """
    log = state.log(seat)
    actions = sum(1 for s, _ in state.history[:start] if s >= 0)
    begin = 0
    if actions:
        heads = [i for i, event in enumerate(log) if event["kind"] in HEADLINES]
        begin = heads[actions] if actions < len(heads) else len(log)
    return [state.game.describe_event(event, lang) for event in log[begin:]]
