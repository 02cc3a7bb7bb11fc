"""The effect registry: action-card name -> effect (spec section 1.5).

Each effect says when the card can be played (it needs a legal target, RR-15), which choices its
pending decision offers, and how a choice resolves. A card with no legal target can still be
discarded without effect. Kinds 4-7 (Lookout, Capsize, Crosscurrent, Wash Ashore) are PLACEHOLDER
cards designed to fit the rules (spec 1.3b); the first three follow the FAQ rulings RR-1 ... RR-3.
A sailed or sunk boat is never a target (RR-28).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from riverbox.core.i18n import N_
from riverbox.games.ravenous_river.actions import (
    CAPSIZE,
    CAPSIZE_A,
    CROSS,
    CROSS_A,
    PEEK,
    PEEK1_A,
    PEEK2_A,
    REVEAL,
    REVEAL_A,
    SAIL,
    SAIL_A,
    SINK,
    SINK_A,
    SKIP,
    SKIP_A,
    WASH,
    WASH_A,
    WAVES,
    WAVES_A,
    Action,
)
from riverbox.games.ravenous_river.position import IN_PLAY, SAILED, SUNK, RiverBoard
from riverbox.games.ravenous_river.scoring import ANIMALS


class Effect(NamedTuple):
    """What an action card does: ``playable`` (has a target now), ``targets`` (the choices of its
    pending decision at the current stage) and ``resolve`` (apply one choice; True when done).

    ``ops`` are the kinds of choice the card offers and ``needs`` what it needs to be playable,
    in words: the explanations of a refused move read them from here, as the rules do."""

    name: str
    playable: Callable[[RiverBoard], bool]
    targets: Callable[[RiverBoard, int], list[Action]]
    resolve: Callable[[RiverBoard, int, Action], bool]
    prompt: str
    ops: frozenset[int]
    needs: str


# -- Ride Across the River (RR-1, RR-28) ---------------------------------------------------------
# The ``_ok`` predicates run for every card in hand at every turn (``legal_actions``), so they
# test the two boats one by one rather than through ``any`` over a generator.
def _ride_ok(st: RiverBoard) -> bool:
    bs, boats = st.bstate, st.boats
    return (bs[0] == IN_PLAY and len(boats[0]) == 2) or (bs[1] == IN_PLAY and len(boats[1]) == 2)


def _ride_targets(st: RiverBoard, seat: int) -> list[Action]:
    return [SAIL_A[b] for b in (0, 1) if st.bstate[b] == IN_PLAY and len(st.boats[b]) == 2]


def _ride(st: RiverBoard, seat: int, act: Action) -> bool:
    st.bstate[act.boat] = SAILED
    st.emit("sailed", seat=seat, boat=act.boat)
    return True


# -- Making Waves (RR-2) -------------------------------------------------------------------------
def _waves_ok(st: RiverBoard) -> bool:
    if not st.up & st.rmask:
        return False
    bs, boats = st.bstate, st.boats
    return (bs[0] == IN_PLAY and bool(boats[0])) or (bs[1] == IN_PLAY and bool(boats[1]))


def _waves_targets(st: RiverBoard, seat: int) -> list[Action]:
    faceup = st.up & st.rmask
    slots = [i for i in range(7) if faceup >> i & 1]
    out: list[Action] = []
    for b in (0, 1):
        if st.bstate[b] == IN_PLAY:
            for x in st.boats[b]:
                out.extend(WAVES_A[x][i] for i in slots)
    return out


def _waves(st: RiverBoard, seat: int, act: Action) -> bool:
    x, slot = act.animal, act.slot
    for boat in st.boats:
        if x in boat:
            boat[boat.index(x)] = st.row[slot]
            break
    st.emit("swapped_row", seat=seat, animal=ANIMALS[x], slot=slot, other=ANIMALS[st.row[slot]])
    st.row[slot] = x  # stays face up: both cards were face up (RR-2)
    return True


# -- Sinking Options (RR-3, RR-11) ---------------------------------------------------------------
def _sink_ok(st: RiverBoard) -> bool:
    bs, boats = st.bstate, st.boats
    return (bs[0] == IN_PLAY and not boats[0]) or (bs[1] == IN_PLAY and not boats[1])


def _sink_targets(st: RiverBoard, seat: int) -> list[Action]:
    return [SINK_A[b] for b in (0, 1) if st.bstate[b] == IN_PLAY and not st.boats[b]]


def _sink(st: RiverBoard, seat: int, act: Action) -> bool:
    st.bstate[act.boat] = SUNK
    st.emit("sank", seat=seat, boat=act.boat)
    return True


# -- Lookout (PLACEHOLDER, kind 4) ----------------------------------------------------------------
def _facedown(st: RiverBoard) -> list[int]:
    m = st.rmask & ~st.up
    return [i for i in range(7) if m >> i & 1]


def _lookout_ok(st: RiverBoard) -> bool:
    return bool(st.rmask & ~st.up)


def _lookout_targets(st: RiverBoard, seat: int) -> list[Action]:
    if st.stage == 0:
        slots = _facedown(st)
        out: list[Action] = [PEEK1_A[i] for i in slots]
        for i in slots:
            for j in slots:
                if i < j:
                    act = PEEK2_A[i][j]
                    assert act is not None
                    out.append(act)
        return out
    return [*(REVEAL_A[i] for i in st.peeks), SKIP_A]


def _lookout(st: RiverBoard, seat: int, act: Action) -> bool:
    if act.op == REVEAL:
        st.emit("turned_up", seat=seat, slot=act.slot)
        st.turn_face_up(act.slot)
        return True
    if act is SKIP_A:
        st.emit("skipped", seat=seat)
        return True
    st.peeks = [act.slot] if act.slot2 < 0 else [act.slot, act.slot2]
    st.emit("peeked", seat=seat, slots=list(st.peeks))
    for slot in st.peeks:
        st.see(seat, slot)
    st.stage = 1
    return False


# -- Capsize (PLACEHOLDER, kind 5) ---------------------------------------------------------------
def _capsize_ok(st: RiverBoard) -> bool:
    bs, boats = st.bstate, st.boats
    return (bs[0] == IN_PLAY and bool(boats[0])) or (bs[1] == IN_PLAY and bool(boats[1]))


def _capsize_targets(st: RiverBoard, seat: int) -> list[Action]:
    return [CAPSIZE_A[b] for b in (0, 1) if st.bstate[b] == IN_PLAY and st.boats[b]]


def _capsize(st: RiverBoard, seat: int, act: Action) -> bool:
    boat = st.boats[act.boat]
    st.bank.extend(boat)
    boat.clear()
    st.emit("capsized", seat=seat, boat=act.boat)
    return True


# -- Crosscurrent (PLACEHOLDER, kind 6) ----------------------------------------------------------
def _cross_ok(st: RiverBoard) -> bool:
    return st.bstate[0] == IN_PLAY and st.bstate[1] == IN_PLAY and bool(st.boats[0]) and bool(st.boats[1])


def _cross_targets(st: RiverBoard, seat: int) -> list[Action]:
    out: list[Action] = []
    for x in st.boats[0]:
        for y in st.boats[1]:
            act = CROSS_A[x][y]
            assert act is not None
            out.append(act)
    return out


def _cross(st: RiverBoard, seat: int, act: Action) -> bool:
    b0, b1 = st.boats
    i, j = b0.index(act.animal), b1.index(act.other)
    b0[i], b1[j] = act.other, act.animal
    st.emit("swapped_boats", seat=seat, animal=ANIMALS[act.animal], other=ANIMALS[act.other])
    return True


# -- Wash Ashore (PLACEHOLDER, kind 7) -----------------------------------------------------------
def _wash_ok(st: RiverBoard) -> bool:
    return bool(st.bank)


def _wash_targets(st: RiverBoard, seat: int) -> list[Action]:
    return [WASH_A[x] for x in st.bank]


def _wash(st: RiverBoard, seat: int, act: Action) -> bool:
    st.bank.remove(act.animal)
    st.put_in_row(act.animal)
    st.emit("washed", seat=seat, animal=ANIMALS[act.animal])
    return True


EFFECTS: dict[str, Effect] = {
    e.name: e
    for e in (
        Effect(
            "ride-across-the-river",
            _ride_ok,
            _ride_targets,
            _ride,
            "choose a full boat to sail home",
            frozenset({SAIL}),
            N_("a full boat still in play"),  # RR-1
        ),
        Effect(
            "making-waves",
            _waves_ok,
            _waves_targets,
            _waves,
            "choose a boat animal and a face-up row animal to swap",
            frozenset({WAVES}),
            N_("an animal in a boat in play and a face-up row animal"),  # RR-2
        ),
        Effect(
            "sinking-options",
            _sink_ok,
            _sink_targets,
            _sink,
            "choose an empty boat to sink",
            frozenset({SINK}),
            N_("an empty boat still in play"),  # RR-3
        ),
        Effect(
            "lookout",
            _lookout_ok,
            _lookout_targets,
            _lookout,
            "look at one or two face-down row animals, then maybe turn one face up",
            frozenset({PEEK, REVEAL, SKIP}),
            N_("a face-down animal in the row"),
        ),
        Effect(
            "capsize",
            _capsize_ok,
            _capsize_targets,
            _capsize,
            "choose a boat to empty onto the bank",
            frozenset({CAPSIZE}),
            N_("a boat in play with animals in it"),
        ),
        Effect(
            "crosscurrent",
            _cross_ok,
            _cross_targets,
            _cross,
            "choose one animal in each boat to swap",
            frozenset({CROSS}),
            N_("animals in both boats, both still in play"),
        ),
        Effect(
            "wash-ashore",
            _wash_ok,
            _wash_targets,
            _wash,
            "choose a bank animal to return to the row",
            frozenset({WASH}),
            N_("an animal on the bank"),
        ),
    )
}
"""Card name -> effect. A card in the data file whose name is missing here can only be discarded."""

TARGET_OPS: frozenset[int] = frozenset().union(*(e.ops for e in EFFECTS.values()))
"""Every kind of choice an action card's pending decision can offer."""


def _never(st: RiverBoard) -> bool:
    return False


def _none(st: RiverBoard, seat: int) -> list[Action]:
    return []


def _noop(st: RiverBoard, seat: int, act: Action) -> bool:
    return True


def effect_for(name: str) -> Effect:
    """The effect of a card name; unknown names get a card that can only be discarded."""
    return EFFECTS.get(name) or Effect(
        name, _never, _none, _noop, "no effect known", frozenset(), N_("a legal target")
    )
