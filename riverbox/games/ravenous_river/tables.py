"""Ravenous River's tables, built once per process for the hot loop.

The chance outcomes and events the rules tell at every step (a look, a placement, a card paid),
and the choices after a look. Events and chance outcomes are immutable, so one object serves
every game: telling what happened builds nothing (``State.emit_event``, ``State.record_chance``).
The few kinds that depend on more than a seat and a card (a deal, a vote's result, a round's
number) are built on first use and kept.
"""

from __future__ import annotations

from typing import Any, Final

from riverbox.core import Chance
from riverbox.core.events import Event
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.content import CARD_NAMES, NUM_KINDS
from riverbox.games.ravenous_river.scoring import ANIMALS


def event(kind: str, to: int | None = None, but: int | None = None, **args: Any) -> Event:
    """The event ``emit(kind, to=..., but=..., **args)`` would store, built once here."""
    return Event(kind, tuple(args.items()), to, but)


def names(items: list[int]) -> str:
    """Animals as the chance log writes them."""
    return " ".join(map(ANIMALS.__getitem__, items))  # map, not a generator: once per round and seat


def card_names(items: list[int]) -> str:
    """Card kinds as the chance log writes them."""
    return " ".join(map(CARD_NAMES.__getitem__, items))


_SEATS, _SLOTS, _CARDS = range(7), range(7), range(NUM_KINDS)

# -- what a seat learns of the row ---------------------------------------------------------------
PRIVATE_LOOK: Final = [
    [[Chance(f"row{i + 1} is {ANIMALS[x]}", frozenset((s,))) for x in range(7)] for i in _SLOTS]
    for s in _SEATS
]
"""``PRIVATE_LOOK[seat][slot][animal]``: ``seat`` alone learns the face-down card in ``slot``."""
PUBLIC_SHOW: Final = [[Chance(f"row{i + 1} is {ANIMALS[x]}") for x in range(7)] for i in _SLOTS]
"""``PUBLIC_SHOW[slot][animal]``: the public chance outcome that ``animal`` lies face up in ``slot``."""
SAW: Final = [
    [[Event("saw", (("slot", i), ("animal", ANIMALS[x])), s) for x in range(7)] for i in _SLOTS]
    for s in _SEATS
]
SHOWN: Final = [[Event("shown", (("slot", i), ("animal", ANIMALS[x]))) for x in range(7)] for i in _SLOTS]

# -- the events of a turn -------------------------------------------------------------------------
FIRST: Final = [event("first", seat=s) for s in _SEATS]
LOOKED: Final = [[event("looked", seat=s, slot=i) for i in _SLOTS] for s in _SEATS]
PLACED: Final = [
    [[event("placed", seat=s, animal=ANIMALS[x], dest=d) for d in range(3)] for x in range(7)] for s in _SEATS
]
MOVED: Final = [
    [
        [
            [event("moved", seat=s, card=CARD_NAMES[k], animal=ANIMALS[x], dest=d) for d in range(3)]
            for x in range(7)
        ]
        for k in _CARDS
    ]
    for s in _SEATS
]
RETURNED: Final = [[event("returned", seat=s, card=CARD_NAMES[k]) for k in _CARDS] for s in _SEATS]
DISCARDED: Final = [[event("discarded", seat=s, card=CARD_NAMES[k]) for k in _CARDS] for s in _SEATS]
PLAYED: Final = [[event("played", seat=s, card=CARD_NAMES[k]) for k in _CARDS] for s in _SEATS]
PASSED: Final = [event("passed", seat=s) for s in _SEATS]
PASS: Final = [Chance(f"seat {s} cannot act: no cards and an empty row (RR-16)") for s in _SEATS]
KEPT: Final = [event("kept", but=s, seat=s) for s in _SEATS]
KEPT_OWN: Final = [
    [[event("kept_own", to=s, seat=s, totems=[ANIMALS[x], ANIMALS[y]]) for y in range(7)] for x in range(7)]
    for s in _SEATS
]
VOTED: Final = [event("voted", but=s, seat=s) for s in _SEATS]
VOTED_OWN: Final = [[event("voted_own", to=s, seat=s, end=bool(v)) for v in (0, 1)] for s in _SEATS]

# -- the choices of a turn ------------------------------------------------------------------------
PLACE_CHOICES: Final = [
    [
        (A.PLACE_A[0], *(A.PLACE_A[b + 1] for b in (0, 1) if room >> b & 1), *A.RETURNS_BY_KINDS[km])
        for km in range(1 << NUM_KINDS)
    ]
    for room in range(4)
]
"""Choices after a look, by (mask of boats with room, mask of card kinds in hand) (RR-13, RR-17)."""
KINDS_IN: Final = [tuple(k for k in _CARDS if m >> k & 1) for m in range(1 << NUM_KINDS)]
"""The card kinds in a mask of kinds."""
MOVES_ZONES: Final = tuple(
    op <= A.MOVE or (op >= A.SAIL and op != A.VOTE and op != A.KEEP) for op in range(len(A.Op))
)
"""Per op: whether it may change the zones (bumps ``zv``, the views' cache key): all but vote and keep."""

# -- built on first use: a round's number, a deal, a vote ----------------------------------------
_NEW_ROUND: dict[int, Event] = {}
_NO_WINNER: dict[int, Event] = {}
_DEALT: dict[tuple[int, ...], tuple[Chance, Event]] = {}
_VOTE_RESULT: dict[tuple[int, ...], tuple[Chance, Event]] = {}


def new_round(rnd: int) -> Event:
    """The ``new_round`` event of round ``rnd`` (a round starts every couple of dozen steps)."""
    told = _NEW_ROUND.get(rnd)
    if told is None:
        told = _NEW_ROUND[rnd] = event("new_round", round=rnd)
    return told


def no_winner(target: int) -> Event:
    """The ``no_winner`` event for a target."""
    told = _NO_WINNER.get(target)
    if told is None:
        told = _NO_WINNER[target] = event("no_winner", target=target)
    return told


def dealt(s: int, two: bool, got: list[int], hand: list[int]) -> tuple[Chance, Event]:
    """Seat ``s``'s private chance entry and ``dealt`` event for a round's deal, built once.

    Every round deals each seat its totem(s) and cards; there are few distinct deals per seat
    (a totem or three, and a sorted hand), so the text and the event are kept, as ``chance``
    and ``emit`` would build them, and shared.
    """
    key = (s, two, *got, -1, *hand)
    found = _DEALT.get(key)
    if found is None:
        found = _DEALT[key] = (
            Chance(
                f"seat {s} gets {'totems' if two else 'totem'} {names(got)}; cards {card_names(hand)}",
                frozenset((s,)),
            ),
            event(
                "dealt",
                to=s,
                seat=s,
                totems=[ANIMALS[t] for t in got],
                cards=[CARD_NAMES[k] for k in hand],
                keep=two,
            ),
        )
    return found


def vote_result(votes: list[int]) -> tuple[Chance, Event]:
    """The public chance entry and ``vote_result`` event of a revealed vote (RR-19), built once
    per distinct vote (seats are few, so votes are too)."""
    key = tuple(votes)
    found = _VOTE_RESULT.get(key)
    if found is None:
        n = len(votes)
        ends = sum(1 for v in votes if v == 1)
        passed = 2 * ends > n
        outcome = "the round ends" if passed else "play continues"
        each = ", ".join(f"seat {s} {'end' if v == 1 else 'continue'}" for s, v in enumerate(votes))
        found = _VOTE_RESULT[key] = (
            Chance(f"vote: {each}; {ends} end, {n - ends} continue -> {outcome}"),
            event("vote_result", ends=[v == 1 for v in votes], passed=passed),
        )
    return found
