"""Why an action is illegal, naming the rule, using only what the acting seat may know.

The messages depend only on public zones and the seat's own hand, totems and pending decision,
so they read the same in every determinization of the seat's information (the testkit checks it).
"""

from __future__ import annotations

from typing import Any

from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.board import CARD, IN_PLAY, KEEP, PLACE, SAILED, VOTE, RiverBoard
from riverbox.games.ravenous_river.cards import CARD_NAMES
from riverbox.games.ravenous_river.effects import TARGET_OPS, effect_for
from riverbox.games.ravenous_river.scoring import ANIMALS


def _boat(st: RiverBoard, b: int) -> str | None:
    """Why boat ``b`` takes no animal now, or None when it has room."""
    if st.bstate[b] != IN_PLAY:
        gone = "sailed home" if st.bstate[b] == SAILED else "sunk"
        return f"boat{b + 1} has {gone} and is frozen"  # RR-28, RR-3
    if len(st.boats[b]) >= 2:
        return f"boat{b + 1} is full; a boat holds two animals"  # RR-17
    return None


def why_illegal(st: RiverBoard, act: Any, seat: int) -> str:
    op = act.op
    ph = st.phase
    hand = st.hands[seat]
    if ph == KEEP:
        if op != A.KEEP:
            return "first keep two of your three drawn totems (2-player setup)"  # RR-26
        return "you can keep only two of the three totems you drew"  # RR-26
    if op == A.KEEP:
        return "totems are kept only during 2-player round setup"  # RR-26
    if ph == VOTE:
        if op != A.VOTE:
            return "a vote to end the round is running; answer 'vote end' or 'vote continue'"  # RR-18, RR-19
        return "you have already voted"  # RR-19
    if op == A.VOTE:
        if st.n == 2:
            return "2-player games have no vote"  # RR-20
        return (
            # RR-18
            "a vote happens only when an empty-handed player ends a turn with every boat in play full"
        )
    if ph == PLACE:
        if op == A.PLACE:
            why = _boat(st, act.dest - 1) if act.dest else None
            return why or "that place is not available"  # RR-13
        if op == A.RETURN:
            if not hand:
                return "returning the animal costs a discard and your hand is empty"  # RR-13, RR-16
            return f"you hold no {CARD_NAMES[act.card]} to discard"  # RR-13
        return (
            f"you are looking at row{st.look + 1}: place it on the bank or in a boat with room, or discard"
            " a card to return it face down"  # RR-13
        )
    if ph == CARD:
        name = CARD_NAMES[st.card]
        if op not in TARGET_OPS:
            return f"finish resolving {name} first: choose one of its targets"  # RR-15
        return _target_reason(st, act, name)
    # a normal turn
    if op in (A.PLACE, A.RETURN):
        return "look at a row animal first ('look rowN'), then place or return it"  # RR-13
    if op in TARGET_OPS:
        return "that is the choice of an action card; play the card first"  # RR-15
    if op == A.LOOK:
        return f"row{act.slot + 1} is empty; Place takes an animal still in the row"  # RR-13
    if op in (A.DISCARD, A.PLAY) and act.card not in hand:
        return f"you hold no {CARD_NAMES[act.card]}"  # RR-15
    if op == A.PLAY:
        name = CARD_NAMES[act.card]
        need = effect_for(name).needs
        return (
            f"{name} has no legal target now: it needs {need}; a sailed or sunk boat is never a target"
            "; you may still discard it"  # RR-28, RR-15
        )
    if op == A.MOVE:
        x, dest, kind = act.animal, act.dest, act.card
        if not hand:
            return "moving costs a discard and your hand is empty"  # RR-14, RR-16
        if kind not in hand:
            return f"you hold no {CARD_NAMES[kind]} to discard for the move"  # RR-14
        src = st.where(x)
        if src < 0:
            return f"{ANIMALS[x]} is not on the bank or in a boat; Move never involves the row"  # RR-14
        if src == dest:
            return f"{ANIMALS[x]} is already there"  # RR-14
        if src and dest:
            return "an animal cannot move from one boat to another"  # RR-14
        if src and st.bstate[src - 1] != IN_PLAY:
            return _boat(st, src - 1) or "that boat is frozen"  # RR-28
        return _boat(st, dest - 1) or "that move is not allowed"  # RR-14
    return "that action is not available now"


def _target_reason(st: RiverBoard, act: Any, name: str) -> str:
    op = act.op
    if op not in effect_for(name).ops:
        return f"{name} is being resolved and {act} is not one of its choices"  # RR-15
    if op == A.SAIL:
        return "Ride Across the River needs a full boat still in play"  # RR-1, RR-28
    if op == A.SINK:
        return "Sinking Options needs an empty boat still in play"  # RR-3
    if op == A.CAPSIZE:
        return "Capsize needs a boat in play with animals in it"
    if op == A.WAVES:
        slot = act.slot
        if st.row[slot] < 0 or not st.up >> slot & 1:
            return f"Making Waves needs a face-up row animal; row{slot + 1} is not one"  # RR-2
        return f"Making Waves swaps an animal in a boat in play; {ANIMALS[act.animal]} is not in one"  # RR-2
    if op == A.CROSS:
        return "Crosscurrent swaps an animal of boat 1 with an animal of boat 2, both boats in play"
    if op == A.WASH:
        return f"Wash Ashore takes an animal from the bank; {ANIMALS[act.animal]} is not on the bank"
    if op == A.PEEK:
        return "Lookout looks at one or two face-down animals still in the row"
    if op in (A.REVEAL, A.SKIP):
        if st.stage == 0:
            return "Lookout: choose the row animals to look at first ('peek rowN [rowM]')"
        return "Lookout can turn face up only an animal you just looked at"
    return f"that is not a choice of {name}"
