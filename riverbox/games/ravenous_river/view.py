"""What a seat may know: ``view(seat)`` and the end-of-round report.

Views are read-only snapshots: to keep building every seat's view cheap (it happens at every
step on a server), the public parts are built once per step and shared by the views of that step,
and parts that did not change are shared with the previous step's views.

A view shows the public zones (bank, boats, face-up row cards, discard pile, scores, hand sizes,
who has voted, which seats have seen which face-down row card) plus the seat's own secrets: its
hand, its totem(s), the face-down row cards it has looked at, its own vote. ``seat=None`` is
the spectator view. What happened (the end-of-round reports among it) is told by the events
(``state.log(seat)``), not by the view.
"""

from __future__ import annotations

from typing import Any

from riverbox.games.ravenous_river.content import CARD_NAMES
from riverbox.games.ravenous_river.position import (
    BOAT_STATUS,
    CARD,
    KEEP,
    OVER,
    PHASE_NAMES,
    PLACE,
    VOTE,
    RiverBoard,
)
from riverbox.games.ravenous_river.scoring import ANIMALS

_SEATS_BY_MASK = [[s for s in range(7) if m >> s & 1] for m in range(1 << 7)]
_NAMES = ANIMALS
_CARDS = CARD_NAMES


def build_view(st: RiverBoard, seat: int | None) -> dict[str, Any]:
    """``st.view(seat)``. The public part is built once per step and shared by every seat's view
    of that step (so treat views as read-only snapshots); only the seat's secrets are added."""
    key = len(st.history)
    if st._vkey != key:
        st._vpub = _public(st)
        st._vkey = key
    pub = st._vpub
    v = dict(pub)
    if seat is None:
        return v
    me = 1 << seat
    v["seat"] = seat
    if st._vknown & me:
        row = st.row
        known = st.known
        rv = v["row"] = list(v["row"])
        for i in range(7):
            if known[i] & me and rv[i] == "?":
                rv[i] = _NAMES[row[i]]
    # a hand only shrinks within a round and totems are set once, so lengths identify them
    hand = st.hands[seat]
    totems = st.totems[seat]
    skey = (st.rnd, len(hand), len(totems))
    mine = st._vseat.get(seat)
    if mine is None or mine[0] != skey:
        mine = (
            skey,
            [_CARDS[k] for k in hand],
            [_NAMES[t] for t in totems],
            [_NAMES[t] for t in st.drawn[seat]] if st.n == 2 else None,
        )
        if not st._vseat:
            st._vseat = {}
        st._vseat[seat] = mine
    v["hand"] = mine[1]
    v["totems"] = mine[2]
    v["drawn"] = mine[3]
    if st.phase == VOTE and st.votes[seat] >= 0:
        v["my_vote"] = "end" if st.votes[seat] == 1 else "continue"
    return v


def _zones(st: RiverBoard) -> tuple[Any, ...]:
    """(version, row, row_seen_by, bank, boats, boat_status) as a spectator sees them."""
    row = st.row
    known = st.known
    up = st.up
    if up:
        row_view = [None if x < 0 else (_NAMES[x] if up >> i & 1 else "?") for i, x in enumerate(row)]
    else:
        row_view = [None if x < 0 else "?" for x in row]
    kn = known[0] | known[1] | known[2] | known[3] | known[4] | known[5] | known[6]
    st._vknown = kn
    seen_by = [_SEATS_BY_MASK[k][:] for k in known] if kn else [[], [], [], [], [], [], []]
    b0, b1 = st.boats
    return (
        st.zv,
        row_view,
        seen_by,
        [_NAMES[x] for x in st.bank],
        [[_NAMES[x] for x in b0], [_NAMES[x] for x in b1]],
        [BOAT_STATUS[st.bstate[0]], BOAT_STATUS[st.bstate[1]]],
    )


def _public(st: RiverBoard) -> dict[str, Any]:
    """Everything a spectator sees (seats' secrets left as None). Starts from the previous step's
    public dict and replaces only the parts whose inputs changed (the zones, the cards, the round)."""
    prev = st._vpub
    pub: dict[str, Any] = (
        dict(prev)
        if prev
        else {
            "players": st.n,
            "seat": None,
            "target": st.target,
            "hand": None,
            "totems": None,
            "drawn": None,
            "my_vote": None,
        }
    )
    phase = st.phase
    zones = st._vzones
    if zones is None or zones[0] != st.zv:
        zones = st._vzones = _zones(st)
        pub["row"] = zones[1]
        pub["row_seen_by"] = zones[2]
        pub["bank"] = zones[3]
        pub["boats"] = zones[4]
        pub["boat_status"] = zones[5]
    rkey = (st.rnd, phase == OVER)
    cache = st._vparts
    if cache is None or cache[0] != rkey or cache[1] is not st.last_vote:
        st._vparts = (rkey, st.last_vote)  # holding the tuple keeps its identity unique
        pub["round"] = st.rnd
        pub["scores"] = st.score[:]
        pub["last_vote"] = _vote_view(st.last_vote, st.vote_round)
        pub["winners"] = st.winners()
    ckey = (st.rnd, st.cards_left, len(st.discard))
    cards = st._vcards
    if cards is None or cards[0] != ckey:
        st._vcards = (ckey,)
        pub["hand_sizes"] = [len(h) for h in st.hands]
        pub["discard"] = [_CARDS[k] for k in st.discard]
        pub["deck_size"] = len(st.deck)
    pub["phase"] = PHASE_NAMES[phase]
    pub["turn"] = None if phase in (OVER, KEEP) else st.turn
    pub["to_move"] = list(st.to_move)
    if phase == PLACE:
        pub["pending"] = {"kind": "place", "seat": st.turn, "slot": st.look}
    elif phase == CARD:
        pub["pending"] = {
            "kind": "card",
            "seat": st.turn,
            "card": _CARDS[st.card],
            "stage": st.stage,
            "peeked": st.peeks[:],
        }
    else:
        pub["pending"] = None
    pub["voted"] = [v >= 0 for v in st.votes] if phase == VOTE else None
    pub["kept"] = [bool(t) for t in st.totems] if st.n == 2 else None
    return pub


def _vote_view(last: tuple[int, ...], rnd: int) -> dict[str, Any] | None:
    """The last revealed vote and the round it was held in (a new vote may be under way)."""
    if not last:
        return None
    votes = last[:-1]
    return {
        "round": rnd,
        "votes": ["end" if x == 1 else "continue" for x in votes],
        "end": votes.count(1),
        "continue": votes.count(0),
        "round_ended": bool(last[-1]),
    }
