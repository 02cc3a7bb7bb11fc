"""What a seat may know: ``view(seat)`` and the end-of-round report.

A view shows the public zones (bank, boats, face-up row cards, discard pile, scores, hand sizes,
who has voted, which seats have seen which face-down row card) plus the seat's own secrets: its
hand, its totem(s), the face-down row cards it has looked at, its own vote. ``seat=None`` is
the spectator view. The last round's report is public once the totems are revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riverbox.games.ravenous_river.cards import CARD_NAMES
from riverbox.games.ravenous_river.scoring import ANIMALS, Event, score_round

if TYPE_CHECKING:
    from riverbox.games.ravenous_river.state import RavenousRiverState

PHASES = ("keep", "turn", "place", "card", "vote", "over")
BOAT_STATUS = ("in play", "sailed", "sunk")
_SEATS_BY_MASK = [[s for s in range(7) if m >> s & 1] for m in range(1 << 7)]
_NAMES = ANIMALS
_CARDS = CARD_NAMES


def build_view(st: RavenousRiverState, seat: int | None) -> dict[str, Any]:
    n = st.n
    me = 0 if seat is None else 1 << seat
    row = st.row
    known = st.known
    up = st.up
    row_view: list[str | None] = []
    seen_by: list[list[int]] = []
    for i in range(7):
        x = row[i]
        if x < 0:
            row_view.append(None)
            seen_by.append([])
        elif up >> i & 1:
            row_view.append(_NAMES[x])
            seen_by.append([])
        else:
            row_view.append(_NAMES[x] if known[i] & me else "?")
            seen_by.append(_SEATS_BY_MASK[known[i]][:])
    phase = st.phase
    pending: dict[str, Any] | None = None
    if phase == 2:
        pending = {"kind": "place", "seat": st.turn, "slot": st.look}
    elif phase == 3:
        pending = {
            "kind": "card",
            "seat": st.turn,
            "card": _CARDS[st.card],
            "stage": st.stage,
            "peeked": st.peeks[:],
        }
    voted = None
    my_vote = None
    if phase == 4:
        voted = [v >= 0 for v in st.votes]
        if seat is not None and st.votes[seat] >= 0:
            my_vote = "end" if st.votes[seat] == 1 else "continue"
    two = n == 2
    over = phase == 5
    v: dict[str, Any] = {
        "players": n,
        "seat": seat,
        "round": st.rnd,
        "target": st.target,
        "phase": PHASES[phase],
        "turn": None if over or phase == 0 else st.turn,
        "to_move": list(st.to_move),
        "scores": st.score[:],
        "row": row_view,
        "row_seen_by": seen_by,
        "bank": [_NAMES[x] for x in st.bank],
        "boats": [[_NAMES[x] for x in b] for b in st.boats],
        "boat_status": [BOAT_STATUS[b] for b in st.bstate],
        "hand_sizes": [len(h) for h in st.hands],
        "deck_size": len(st.deck),
        "discard": [_CARDS[k] for k in st.discard],
        "hand": None if seat is None else [_CARDS[k] for k in st.hands[seat]],
        "totems": None if seat is None else [_NAMES[t] for t in st.totems[seat]],
        "drawn": [_NAMES[t] for t in st.drawn[seat]] if two and seat is not None else None,
        "kept": [bool(t) for t in st.totems] if two else None,
        "pending": pending,
        "voted": voted,
        "my_vote": my_vote,
        "last_vote": _vote_view(st.last_vote),
        "last_round": cached_report(st.log[-1]) if st.log else None,
        "winners": st.winners(),
    }
    return v


def _vote_view(last: list[int] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    votes = last[:-1]
    return {
        "votes": ["end" if x == 1 else "continue" for x in votes],
        "end": votes.count(1),
        "continue": votes.count(0),
        "round_ended": bool(last[-1]),
    }


_CACHE: dict[int, tuple[list[Any], dict[str, Any]]] = {}


def cached_report(entry: list[Any]) -> dict[str, Any]:
    """``round_report(entry)``, computed once per log entry; the caller gets its own copy."""
    hit = _CACHE.get(id(entry))
    if hit is None or hit[0] is not entry:
        if len(_CACHE) > 512:
            _CACHE.clear()
        hit = (entry, round_report(entry))
        _CACHE[id(entry)] = hit
    rep = hit[1]
    out = dict(rep)
    for key in ("bank", "row", "gains", "scores", "lines", "boat_status"):
        out[key] = rep[key][:]
    out["totems"] = [t[:] for t in rep["totems"]]
    out["boats"] = [b[:] for b in rep["boats"]]
    out["animal_vp"] = dict(rep["animal_vp"])
    return out


def round_report(entry: list[Any]) -> dict[str, Any]:
    """A JSON report of one finished round from its log entry (public: totems are revealed)."""
    rnd, how, bank, boats, bstate, row, totems, gains, score = entry
    crossing = [[ANIMALS[x] for x in boats[b]] for b in (0, 1) if bstate[b] != 2]
    events: list[Event] = []
    vp = score_round([ANIMALS[x] for x in bank], crossing, [ANIMALS[x] for x in row], events)
    return {
        "round": rnd,
        "ended_by": how,
        "totems": [[ANIMALS[t] for t in ts] for ts in totems],
        "bank": [ANIMALS[x] for x in bank],
        "boats": [[ANIMALS[x] for x in b] for b in boats],
        "boat_status": [BOAT_STATUS[b] for b in bstate],
        "row": [ANIMALS[x] for x in row],
        "animal_vp": vp,
        "gains": list(gains),
        "scores": list(score),
        "lines": report_lines(rnd, how, totems, events, vp, gains, score),
    }


def report_lines(
    rnd: int,
    how: str,
    totems: list[list[int]],
    events: list[Event],
    vp: dict[str, int],
    gains: list[int],
    score: list[int],
) -> list[str]:
    """Plain sentences: who ate whom at each step, who scored what."""
    owner = {ANIMALS[t]: s for s, ts in enumerate(totems) for t in ts}

    def who(animal: str) -> str:
        s = owner.get(animal)
        return f"{animal} (seat {s})" if s is not None else f"{animal} (nobody's)"

    why = "every hand is empty" if how == "hands" else "the vote to end passed"
    lines = [f"Round {rnd} ends: {why}."]
    lines.append(
        "Totems: "
        + ", ".join(f"seat {s} {' + '.join(ANIMALS[t] for t in ts)}" for s, ts in enumerate(totems))
        + "."
    )
    titles = {"bank": "On the bank", "boat1": "In boat 1", "boat2": "In boat 2", "home": "At home"}
    for step in ("bank", "boat1", "boat2", "home"):
        eaten = [f"{a} eats {ANIMALS[v]}" for (s, k, a, v) in events if s == step and k == "eats"]
        chains = [f"{who(a)} +{v}" for (s, k, a, v) in events if s == step and k == "chain"]
        if eaten:
            lines.append(f"{titles[step]}: {', '.join(eaten)}; {', '.join(chains)}.")
    surv = [f"{who(a)} +{v}" for (s, k, a, v) in events if k == "survives"]
    if surv:
        lines.append("Survivors: " + ", ".join(surv) + ".")
    rowv = [f"{who(a)} +1" for (s, k, a, v) in events if k == "row"]
    if rowv:
        lines.append("Still in the row (RR-4): " + ", ".join(rowv) + ".")
    lines.append(
        "Scored: " + ", ".join(f"seat {s} +{g} (total {score[s]})" for s, g in enumerate(gains)) + "."
    )
    return lines
