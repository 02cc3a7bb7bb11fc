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

if TYPE_CHECKING:
    from riverbox.core.game import State


def _say(template: str) -> Callable[[dict[str, Any], str], str]:
    """A template whose sentence starts with a capital (colour names are written in lower case)."""

    def text(event: dict[str, Any], lang: str) -> str:
        line = template.format(**event)
        return line[:1].upper() + line[1:]

    return text


def _paid(event: dict[str, Any]) -> str:
    """How much a drop paid, as the reader may know it: "+$3", "paid" (hidden money) or nothing."""
    paid = event["paid"]
    if paid is None:
        return " (paid)"
    return f" (+${paid})" if paid else ""


def _with_paid(template: str) -> Callable[[dict[str, Any], str], str]:
    say = _say(template)

    def text(event: dict[str, Any], lang: str) -> str:
        return say(event, lang)[:-1] + _paid(event) + "."

    return text


def _setup_place(e: dict[str, Any], lang: str = "en") -> str:
    whose = "a" if e["colour"] == e["who"] else f"{e['colour']}'s"
    return _say("{who} places " + whose + " starting explorer on space {space}.")(e, lang)


def _move(e: dict[str, Any], lang: str = "en") -> str:
    way = " downstream with the Peccary" if e["downstream"] else ""
    return _say("{who} moves the caravan of {size} on space {space}" + way + ".")(e, lang)


def _animals(e: dict[str, Any], lang: str = "en") -> str:
    spaces = e["spaces"]
    if spaces is None:
        return "Animals in play: " + ", ".join(e["animals"]) + "; seat 0 places their tiles."
    return (
        "Animals in play: "
        + ", ".join(f"{a} (space {t})" for a, t in zip(e["animals"], spaces, strict=True))
        + "."
    )


def _drop_dock(e: dict[str, Any], lang: str = "en") -> str:
    where = "Bridge" if e["bridge"] else "Dock"
    return _say("{who} drops on the " + where + " ({space}).")(e, lang)


def _game_over(e: dict[str, Any], lang: str = "en") -> str:
    money = ", ".join(f"{n} ${m}" for n, m in zip(e["names"], e["money"], strict=True))
    return f"Game over. Money: {money}. Winner: {' and '.join(e['winners'])}."


EVENT_TEXTS: dict[str, EventText] = {
    # set-up
    "boards": lambda e, lang: "The path is laid out with boards " + ", ".join(e["boards"]) + ".",
    "animals": _animals,
    "tile": _say("{who} puts the {animal} tile on space {space}."),
    "setup_place": _setup_place,
    # a turn
    "turn": _say("Turn {number}: {who} to play."),
    "sloth": _with_paid("{who} collects the Sloth's income."),
    "post": _say("{who} places a trading post in {area}."),
    "movepost": _say("{who} moves a trading post from {source} to {target}."),
    "skip": _say("{who} skips the trading-post step."),
    "no_caravan": _say("{who} has no caravan to move."),
    "move": _move,
    "place": _say("{who} places a new explorer on space {space}."),
    "end": _say("{who} ends the turn."),
    # the drops of a caravan move
    "drop_one": _say("{who} drops the next explorer without a power."),
    "drop_all": _say("{who} drops the rest of the caravan without a power."),
    "drop": _with_paid("{who} drops on space {space}, where the caravan is now {size} tall."),
    "drop_dock": _drop_dock,
    "wash": _say("{who} drops on crossing {space}: the caravan of {size} washes down to space {target}."),
    "kingfisher": _say("{who} drops on crossing {space}; the Kingfisher keeps the caravan there."),
    "number": _with_paid("{who} drops on the ${value} space {space}."),
    "star": _with_paid("{who} drops on the star on space {space}."),
    "clearing": _with_paid("{who}'s explorer leaves the path into the clearing."),
    "token_taken": _say("{who} takes the {animal} token."),
    "token_lost": _say("{who} gives back the {animal} token: its tile is empty."),
    # animal powers
    "boa": _say("{who} spends the Emerald Tree Boa: two explorers drop on space {space}."),
    "frog": _say("{who} spends the Tree Frog and jumps over space {space}."),
    "jaguar": _say("{who} spends the Jaguar: an explorer goes from space {source} onto space {target}."),
    "otter": _say("{who} spends the Otter: the caravans on spaces {first} and {second} swap places."),
    "capybara": _say("{who} spends the Capybara to restack the caravan on space {space}."),
    "restack": _say("{who} puts a {colour} explorer next in the restacked caravan."),
    "monkey": _say("{who} spends the Monkey."),
    "done": _say("{who} is done with the Monkey."),
    "dog": _say("{who}'s Bush Dog steps from space {source} to space {target}."),
    # moves that happen by themselves
    "forced": "The caravan of {size} on space {space} is too tall and must move.",
    "stanley_place": "Stanley places a new explorer on space {space}.",
    "stanley_move": "Stanley moves the caravan of {size} on space {space}.",
    "stanley_pass": "Stanley has nothing to move or place.",
    # the Scout and the end
    "scout": _say("{who} takes the Scout: the Civilization Event follows this turn."),
    "civilization": (
        "Civilization Event: the Bridge is built on space {bridge}, the Base camp moves to space "
        "{basecamp}, and everything below the Bridge goes back to its owners."
    ),
    "final_round": _say("{who} reached the clearing: everyone else gets one more turn."),
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
