"""River Rivals' events and chance outcomes of the hot loop, built once and shared.

A random playout step plays, draws or places a fish and tells it: about 1.3 events and a
chance entry per step. Built per call (``emit``'s keyword dict, the named tuple, the chance
text and its frozen record) that was a good part of a step's time; built here once per
distinct value instead, a step tells what happened with one list append. Events and chance
outcomes are immutable, so one object serves every game and every clone. Each table holds
exactly what ``emit``/``chance`` would have built (same kind, argument names in the same
order, same values), so logs, records and JSON are unchanged.

Cards are indexed by their code (``content``: ``set * K + kind``), columns 0-based (the
events name them 1-based, as the notation does).
"""

from __future__ import annotations

from typing import Any, Final

from riverbox.core import Chance
from riverbox.core.events import Event
from riverbox.games.river_rivals.content import COLUMNS, KINDS, OPENING, K

SLUGS: tuple[str, ...] = tuple(KINDS[c % K].slug for c in range(2 * K))
"""The animal of each card code, as events and chance texts name it."""
_CODES = range(2 * K)
_COLS = range(COLUMNS)


def _event(kind: str, to: int | None = None, but: int | None = None, **args: Any) -> Event:
    """What ``State.emit(kind, to=, but=, **args)`` appends."""
    return Event(kind, tuple(args.items()), to, but)


PLAYED: Final = [
    [
        [
            [
                _event("played", seat=s, animal=SLUGS[c], column=col + 1, lightning=x, set=c // K)
                for x in (False, True)
            ]
            for col in _COLS
        ]
        for c in _CODES
    ]
    for s in (0, 1)
]
"""``PLAYED[seat][code][col][lightning]``: a card played from the hand. ``set`` names the card's set
(whose card back it has): a hand may hold two cards of one animal from different sets (Peek-a-Scope),
and the board shows which one was played, so the event must tell it too, or a seat's log would not
account for what its view shows."""
CAUGHT: Final = [
    [[_event("caught", seat=s, animal=SLUGS[c], column=col + 1) for col in _COLS] for c in _CODES]
    for s in (0, 1)
]
"""``CAUGHT[seat][code][col]``: the fish check caught on the only card with room."""
DRAWS: Final = [
    [[_event("draws", seat=s, count=n, extra=x) for n in range(4)] for x in (False, True)] for s in (0, 1)
]
"""``DRAWS[seat][extra][count]``: action B (``extra``: Card Clapper's third card)."""
DEALT = [{n: _event("dealt", seat=s, count=n) for n in OPENING} for s in (0, 1)]
"""``DEALT[seat][count]``: the opening hand."""
SHUFFLED: Final = [Chance(f"seat {s} shuffles their draw pile") for s in (0, 1)]
"""``SHUFFLED[seat]``: the chance entry of a shuffled draw pile."""


def _per_card(kind: str, why: str) -> list[list[list[Event]]]:
    return [
        [[_event(kind, seat=s, animal=SLUGS[c], column=col + 1, why=why) for col in _COLS] for c in _CODES]
        for s in (0, 1)
    ]


FISH_WHY = ("quick-catch", "catch", "big-net", "bait-bucket")
"""The decisions that place a fish (``why`` of the ``fish`` event: the frame's slug)."""
FISHED: Final = {why: _per_card("fish", why) for why in FISH_WHY}
"""``FISHED[why][seat][code][col]``: a fish placed for a decision."""
SHIELDED: Final = {why: _per_card("shielded", why) for why in ("shield", "shield-polish", "spare-shields")}
"""``SHIELDED[why][seat][code][col]``: a shield put on a card."""
MOVED: Final[dict[str, list[list[list[list[list[Event]]]]]]] = {
    how: [
        [
            [
                [
                    [
                        _event(
                            "moved",
                            seat=s,
                            owner=o,
                            animal=SLUGS[c],
                            column=col + 1,
                            to_column=t + 1,
                            how=how,
                        )
                        for t in _COLS
                    ]
                    for col in _COLS
                ]
                for c in _CODES
            ]
            for o in (0, 1)
        ]
        for s in (0, 1)
    ]
    for how in ("movement", "boots", "undertow")
}
"""``MOVED[how][seat][owner][code][col][to]``: a card moved (Movement, Spring Boots, Undertow)."""


def declined(slug: str) -> tuple[Event, Event]:
    """Each seat's ``declined`` event for the decision named ``slug`` (kept on its frame record)."""
    return (_event("declined", seat=0, decision=slug), _event("declined", seat=1, decision=slug))


_DREW: Final[dict[tuple[int, ...], tuple[Chance, Event]]] = {}
_DREW_KEPT = 3
"""Draws of up to this many cards are kept (at most 2 * (14 + 14**2 + 14**3) of them): action B
and the equipment draws. Opening hands (4 and 5 cards, twice a game) are built each time."""


def drew(s: int, got: list[int]) -> tuple[Chance, Event]:
    """The chance entry and the private ``drew`` event of seat ``s`` drawing ``got`` (top last)."""
    key = (s, *got)
    found = _DREW.get(key)
    if found is None:
        names = [SLUGS[c] for c in reversed(got)]
        found = (
            Chance(f"seat {s} draws {', '.join(names)}", frozenset((s,))),
            _event("drew", to=s, seat=s, cards=names),
        )
        if len(got) <= _DREW_KEPT:
            _DREW[key] = found
    return found
