"""The Ravenous River state's data: declared fields, phases, boat states and small zone moves.

Representation (chosen for speed): animals, card kinds and seats are small ints; the row is 7
slots (``-1`` when empty) with bitmasks for occupied and face-up slots and, per slot, a bitmask
of the seats that know the face-down card there. Hands are sorted lists of card kinds.

This module holds what every rules module reads: the effects, the rules, the view and the
explanations import it, and ``state.py`` (the hooks the core calls) builds on it, so dependencies
point one way (state -> rules -> effects/view/explain -> position), with no import back.
"""

from __future__ import annotations

from enum import IntEnum
from math import factorial
from typing import Any, Final

from riverbox.core import Rng, State
from riverbox.core.fields import GRID, LIST, TUPLE, VALUE, Field, declare
from riverbox.games.ravenous_river.tables import PRIVATE_LOOK, PUBLIC_SHOW, SAW, SHOWN


class Phase(IntEnum):
    """Where a round stands: ``keep`` (2 players: choose totems), ``turn``, ``place`` (after a
    look), ``card`` (a played card's pending decision), ``vote``, and ``over`` (game over)."""

    KEEP = 0
    TURN = 1
    PLACE = 2
    CARD = 3
    VOTE = 4
    OVER = 5


PHASE_NAMES: tuple[str, ...] = tuple(p.name.lower() for p in Phase)
"""The phase as views and observations write it."""


class Boat(IntEnum):
    """A boat's state: in play, sailed home early (Ride Across the River), or sunk (RR-28, RR-3)."""

    IN_PLAY = 0
    SAILED = 1
    SUNK = 2


BOAT_STATUS: tuple[str, ...] = ("in play", "sailed", "sunk")
"""The boat states as views write them, by ``Boat`` value."""

# The values as plain ints, for the state's fields and the hot loop: a field holds an int (JSON
# and the declared field types want one) and a module-level name is cheaper than ``Phase.TURN``.
# ``Final`` (one per line: a tuple unpack cannot be): the compiled build reads these from C
# statics rather than the module dict, and the rules read them at every step.
KEEP: Final = int(Phase.KEEP)
TURN: Final = int(Phase.TURN)
PLACE: Final = int(Phase.PLACE)
CARD: Final = int(Phase.CARD)
VOTE: Final = int(Phase.VOTE)
OVER: Final = int(Phase.OVER)
IN_PLAY: Final = int(Boat.IN_PLAY)
SAILED: Final = int(Boat.SAILED)
SUNK: Final = int(Boat.SUNK)
ALL_SLOTS: Final = (1 << 7) - 1

_FACT: Final = {k: factorial(k) for k in range(1, 15)}
_SPAN: Final = 1 << 64


def shuffle(rng: Rng, seq: list[int]) -> None:
    """Uniform Fisher-Yates shuffle drawing one 64-bit number (mixed-radix digits of it).

    ``len(seq)! <= 14! < 2**64``; rejection keeps every permutation exactly equally likely.
    """
    n = len(seq)
    if n < 2:
        return
    p = _FACT[n]
    limit = _SPAN - _SPAN % p
    x = rng.next64()
    while x >= limit:
        x = rng.next64()
    for i in range(n - 1, 0, -1):
        x, j = divmod(x, i + 1)
        seq[i], seq[j] = seq[j], seq[i]


class RiverBoard(State):
    """The fields of a Ravenous River position and the zone moves the rules and effects share."""

    # The declared fields live in slots, so the plain-Python build keeps only the view caches in
    # the instance dict: CPython shares a dict's keys between instances (and reads them at full
    # speed) only up to 30 names, and this state has 28 fields. The caches keep their class
    # defaults (a slot cannot have one), so they stay in the dict (``__dict__`` says so to the
    # type checker; mypyc keeps every attribute in its struct); the core slots ``to_move``.
    __slots__ = (
        "__dict__",
        "bank",
        "boats",
        "bstate",
        "card",
        "cards_left",
        "deck",
        "discard",
        "drawn",
        "hands",
        "known",
        "last_turn",
        "last_vote",
        "look",
        "n",
        "peeks",
        "phase",
        "rmask",
        "rnd",
        "row",
        "score",
        "stage",
        "target",
        "totems",
        "turn",
        "up",
        "vote_round",
        "votes",
    )
    FIELDS = declare(
        n=Field(VALUE, of=int, stored=False),
        target=Field(VALUE, of=int, stored=False),
        rnd=Field(VALUE, of=int),
        phase=Field(VALUE, of=int),
        turn=Field(VALUE, of=int),
        last_turn=Field(VALUE, of=int),
        row=Field(LIST, of=int),
        rmask=Field(VALUE, of=int, stored=False),
        up=Field(VALUE, of=int),
        known=Field(LIST, of=int),
        bank=Field(LIST, of=int),
        boats=Field(GRID, of=int),
        bstate=Field(LIST, of=int),
        hands=Field(GRID, of=int),
        cards_left=Field(VALUE, of=int, stored=False),
        deck=Field(LIST, of=int),
        discard=Field(LIST, of=int),
        totems=Field(GRID, of=int),
        drawn=Field(GRID, of=int),
        score=Field(LIST, of=int),
        votes=Field(LIST, of=int),
        look=Field(VALUE, of=int),
        card=Field(VALUE, of=int),
        stage=Field(VALUE, of=int),
        peeks=Field(LIST, of=int),
        last_vote=Field(TUPLE, of=int),
        vote_round=Field(VALUE, of=int),
        to_move=Field(TUPLE, of=int),
    )
    n: int
    target: int
    rnd: int
    phase: int
    """A ``Phase`` value."""
    turn: int
    last_turn: int
    row: list[int]
    rmask: int
    """Occupied row slots (derived from ``row``)."""
    up: int
    """Face-up row slots."""
    known: list[int]
    """Per row slot, the seats that know the face-down card there (0 for empty or face-up slots)."""
    bank: list[int]
    boats: list[list[int]]
    bstate: list[int]
    """Per boat, a ``Boat`` value."""
    hands: list[list[int]]
    cards_left: int
    """Cards in all hands (derived): the round ends when none is left (RR-21)."""
    deck: list[int]
    discard: list[int]
    totems: list[list[int]]
    drawn: list[list[int]]
    score: list[int]
    votes: list[int]
    look: int
    card: int
    stage: int
    peeks: list[int]
    last_vote: tuple[int, ...]
    """The last revealed vote: each seat's choice (1 end, 0 continue), then 1 if it ended the round;
    empty before the first vote."""
    vote_round: int
    """The round in which ``last_vote`` was revealed, so a screen can say it is an earlier vote."""
    # view caches (never copied, never serialised): see view.build_view
    _vkey: int = -1
    _vpub: dict[str, Any] = {}  # noqa: RUF012 - replaced per instance before use
    _vknown: int = 0
    _vparts: tuple[Any, ...] | None = None
    _vcards: tuple[Any, ...] | None = None
    _vzones: tuple[Any, ...] | None = None
    _vseat: dict[int, tuple[Any, ...]] = {}  # noqa: RUF012 - replaced per instance before use

    zv: int = 0
    """Zones version: bumped whenever the row, the bank, the boats or row knowledge change, so views
    rebuild those parts only then (per object; never copied or serialised)."""

    def _after_load(self) -> None:
        """Rebuild the derived fields and refuse a phase that is none."""
        Phase(self.phase)  # ValueError: "9 is not a valid Phase"
        self.n = self.game.players
        self.target = self.game.options["target"]
        self.rmask = sum(1 << i for i, x in enumerate(self.row) if x >= 0)
        self.cards_left = sum(len(h) for h in self.hands)

    # -- zone moves shared by the rules and the card effects --------------------------------
    def see(self, seat: int, slot: int) -> None:
        """``seat`` privately learns the face-down card in ``slot`` (RR-13 look, Lookout peek)."""
        self.known[slot] |= 1 << seat
        x = self.row[slot]
        self.record_chance(PRIVATE_LOOK[seat][slot][x])
        self.emit_event(SAW[seat][slot][x])

    def turn_face_up(self, slot: int) -> None:
        """Everyone now sees the animal in ``slot``."""
        self.up |= 1 << slot
        self.known[slot] = 0  # ``known`` is about face-down cards only
        x = self.row[slot]
        self.record_chance(PUBLIC_SHOW[slot][x])
        self.emit_event(SHOWN[slot][x])

    def put_in_row(self, animal: int) -> None:
        """Put a known animal face up into the first empty row slot (Wash Ashore)."""
        slot = 0
        while self.row[slot] >= 0:
            slot += 1
        self.row[slot] = animal
        bit = 1 << slot
        self.rmask |= bit
        self.up |= bit
        self.known[slot] = 0

    def boats_full(self) -> bool:
        """RR-18/RR-3: every boat still in play is full (true when none is in play)."""
        b0, b1 = self.boats
        bs = self.bstate
        return (bs[0] != IN_PLAY or len(b0) == 2) and (bs[1] != IN_PLAY or len(b1) == 2)

    def where(self, animal: int) -> int:
        """-1 row/unknown, 0 bank, 1 boat1, 2 boat2 (only for placed, face-up animals)."""
        if animal in self.bank:
            return 0
        if animal in self.boats[0]:
            return 1
        if animal in self.boats[1]:
            return 2
        return -1


__all__ = ["BOAT_STATUS", "PHASE_NAMES", "Boat", "Phase", "RiverBoard", "shuffle"]
