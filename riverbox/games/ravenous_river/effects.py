"""The effect registry: action-card name -> effect (spec section 1.5).

Each effect says when the card can be played (it needs a legal target, RR-15), which choices its
pending decision offers, and how a choice resolves. A card with no legal target can still be
discarded without effect. Kinds 4-7 (Lookout, Capsize, Crosscurrent, Wash Ashore) are PLACEHOLDER
cards designed to fit the rules (spec 1.3b); the first three follow the FAQ rulings RR-1 ... RR-3.
A sailed or sunk boat is never a target (RR-28).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from riverbox.games.ravenous_river.actions import (
    CAPSIZE_A,
    CROSS_A,
    PEEK1_A,
    PEEK2_A,
    REVEAL,
    REVEAL_A,
    SAIL_A,
    SINK_A,
    SKIP_A,
    WASH_A,
    WAVES_A,
    Action,
)

if TYPE_CHECKING:
    from riverbox.games.ravenous_river.state import RavenousRiverState

IN_PLAY, SAILED, SUNK = 0, 1, 2


@dataclass(frozen=True)
class Effect:
    """What an action card does: ``playable`` (has a target now), ``targets`` (the choices of its
    pending decision at the current stage) and ``resolve`` (apply one choice; True when done)."""

    name: str
    playable: Callable[[RavenousRiverState], bool]
    targets: Callable[[RavenousRiverState, int], list[Action]]
    resolve: Callable[[RavenousRiverState, int, Action], bool]
    prompt: str


# -- Ride Across the River (RR-1, RR-28) ---------------------------------------------------------
def _ride_ok(st: RavenousRiverState) -> bool:
    return any(st.bstate[b] == IN_PLAY and len(st.boats[b]) == 2 for b in (0, 1))


def _ride_targets(st: RavenousRiverState, seat: int) -> list[Action]:
    return [SAIL_A[b] for b in (0, 1) if st.bstate[b] == IN_PLAY and len(st.boats[b]) == 2]


def _ride(st: RavenousRiverState, seat: int, act: Action) -> bool:
    st.bstate[act.a] = SAILED
    return True


# -- Making Waves (RR-2) -------------------------------------------------------------------------
def _waves_ok(st: RavenousRiverState) -> bool:
    if not st.up & st.rmask:
        return False
    return any(st.bstate[b] == IN_PLAY and st.boats[b] for b in (0, 1))


def _waves_targets(st: RavenousRiverState, seat: int) -> list[Action]:
    faceup = st.up & st.rmask
    slots = [i for i in range(7) if faceup >> i & 1]
    out: list[Action] = []
    for b in (0, 1):
        if st.bstate[b] == IN_PLAY:
            for x in st.boats[b]:
                out.extend(WAVES_A[x][i] for i in slots)
    return out


def _waves(st: RavenousRiverState, seat: int, act: Action) -> bool:
    x, slot = act.a, act.b
    for boat in st.boats:
        if x in boat:
            boat[boat.index(x)] = st.row[slot]
            break
    st.row[slot] = x  # stays face up: both cards were face up (RR-2)
    return True


# -- Sinking Options (RR-3, RR-11) ---------------------------------------------------------------
def _sink_ok(st: RavenousRiverState) -> bool:
    return any(st.bstate[b] == IN_PLAY and not st.boats[b] for b in (0, 1))


def _sink_targets(st: RavenousRiverState, seat: int) -> list[Action]:
    return [SINK_A[b] for b in (0, 1) if st.bstate[b] == IN_PLAY and not st.boats[b]]


def _sink(st: RavenousRiverState, seat: int, act: Action) -> bool:
    st.bstate[act.a] = SUNK
    return True


# -- Lookout (PLACEHOLDER, kind 4) ----------------------------------------------------------------
def _facedown(st: RavenousRiverState) -> list[int]:
    m = st.rmask & ~st.up
    return [i for i in range(7) if m >> i & 1]


def _lookout_ok(st: RavenousRiverState) -> bool:
    return bool(st.rmask & ~st.up)


def _lookout_targets(st: RavenousRiverState, seat: int) -> list[Action]:
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


def _lookout(st: RavenousRiverState, seat: int, act: Action) -> bool:
    if act.op == REVEAL:
        st.turn_face_up(act.a)
        return True
    if act is SKIP_A:
        return True
    st.peeks = [act.a] if act.b < 0 else [act.a, act.b]
    for slot in st.peeks:
        st.see(seat, slot)
    st.stage = 1
    return False


# -- Capsize (PLACEHOLDER, kind 5) ---------------------------------------------------------------
def _capsize_ok(st: RavenousRiverState) -> bool:
    return any(st.bstate[b] == IN_PLAY and st.boats[b] for b in (0, 1))


def _capsize_targets(st: RavenousRiverState, seat: int) -> list[Action]:
    return [CAPSIZE_A[b] for b in (0, 1) if st.bstate[b] == IN_PLAY and st.boats[b]]


def _capsize(st: RavenousRiverState, seat: int, act: Action) -> bool:
    boat = st.boats[act.a]
    st.bank.extend(boat)
    boat.clear()
    return True


# -- Crosscurrent (PLACEHOLDER, kind 6) ----------------------------------------------------------
def _cross_ok(st: RavenousRiverState) -> bool:
    return st.bstate[0] == IN_PLAY and st.bstate[1] == IN_PLAY and bool(st.boats[0]) and bool(st.boats[1])


def _cross_targets(st: RavenousRiverState, seat: int) -> list[Action]:
    out: list[Action] = []
    for x in st.boats[0]:
        for y in st.boats[1]:
            act = CROSS_A[x][y]
            assert act is not None
            out.append(act)
    return out


def _cross(st: RavenousRiverState, seat: int, act: Action) -> bool:
    b0, b1 = st.boats
    i, j = b0.index(act.a), b1.index(act.b)
    b0[i], b1[j] = act.b, act.a
    return True


# -- Wash Ashore (PLACEHOLDER, kind 7) -----------------------------------------------------------
def _wash_ok(st: RavenousRiverState) -> bool:
    return bool(st.bank)


def _wash_targets(st: RavenousRiverState, seat: int) -> list[Action]:
    return [WASH_A[x] for x in st.bank]


def _wash(st: RavenousRiverState, seat: int, act: Action) -> bool:
    st.bank.remove(act.a)
    st.put_in_row(act.a)
    return True


EFFECTS: dict[str, Effect] = {
    e.name: e
    for e in (
        Effect("ride-across-the-river", _ride_ok, _ride_targets, _ride, "choose a full boat to sail home"),
        Effect(
            "making-waves",
            _waves_ok,
            _waves_targets,
            _waves,
            "choose a boat animal and a face-up row animal to swap",
        ),
        Effect("sinking-options", _sink_ok, _sink_targets, _sink, "choose an empty boat to sink"),
        Effect(
            "lookout",
            _lookout_ok,
            _lookout_targets,
            _lookout,
            "look at one or two face-down row animals, then maybe turn one face up",
        ),
        Effect("capsize", _capsize_ok, _capsize_targets, _capsize, "choose a boat to empty onto the bank"),
        Effect("crosscurrent", _cross_ok, _cross_targets, _cross, "choose one animal in each boat to swap"),
        Effect("wash-ashore", _wash_ok, _wash_targets, _wash, "choose a bank animal to return to the row"),
    )
}
"""Card name -> effect. A card in the data file whose name is missing here can only be discarded."""


def _never(st: RavenousRiverState) -> bool:
    return False


def _none(st: RavenousRiverState, seat: int) -> list[Action]:
    return []


def _noop(st: RavenousRiverState, seat: int, act: Action) -> bool:
    return True


def effect_for(name: str) -> Effect:
    """The effect of a card name; unknown names get a card that can only be discarded."""
    return EFFECTS.get(name) or Effect(name, _never, _none, _noop, "no effect known")
