"""Why an action is illegal, naming the rule, using only what the acting seat may know.

The messages depend only on public zones and the seat's own hand, totems and pending decision,
so they read the same in every determinization of the seat's information (the testkit checks it).
"""

from __future__ import annotations

from typing import Any

from riverbox.core.i18n import Message, message
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.content import CARD_NAMES
from riverbox.games.ravenous_river.effects import TARGET_OPS, effect_for
from riverbox.games.ravenous_river.position import CARD, IN_PLAY, KEEP, PLACE, SAILED, VOTE, RiverBoard
from riverbox.games.ravenous_river.scoring import ANIMALS

DOMAIN = "ravenous_river"


def refuse(template: str, **fields: Any) -> Message:
    """A refusal in the game's domain: English as written, translated for each reader."""
    return message(DOMAIN, template, **fields)


def _word(text: str) -> Message:
    """A name (a card, an animal) shown as written in English and translated for other readers."""
    return Message(DOMAIN, text)


def _card(kind: int) -> Message:
    return _word(CARD_NAMES[kind])


def _animal(index: int) -> Message:
    return _word(ANIMALS[index])


def _boat(st: RiverBoard, b: int) -> Message | None:
    """Why boat ``b`` takes no animal now, or None when it has room."""
    if st.bstate[b] != IN_PLAY:
        if st.bstate[b] == SAILED:
            return refuse("boat{boat} has sailed home and is frozen", boat=b + 1)  # RR-28
        return refuse("boat{boat} has sunk and is frozen", boat=b + 1)  # RR-3
    if len(st.boats[b]) >= 2:
        return refuse("boat{boat} is full; a boat holds two animals", boat=b + 1)  # RR-17
    return None


def why_illegal(st: RiverBoard, act: Any, seat: int) -> Message:
    op = act.op
    ph = st.phase
    hand = st.hands[seat]
    if ph == KEEP:
        if op != A.KEEP:
            return refuse("first keep two of your three drawn totems (2-player setup)")  # RR-26
        return refuse("you can keep only two of the three totems you drew")  # RR-26
    if op == A.KEEP:
        return refuse("totems are kept only during 2-player round setup")  # RR-26
    if ph == VOTE:
        if op != A.VOTE:
            # RR-18, RR-19
            return refuse("a vote to end the round is running; answer 'vote end' or 'vote continue'")
        return refuse("you have already voted")  # RR-19
    if op == A.VOTE:
        if st.n == 2:
            return refuse("2-player games have no vote")  # RR-20
        # RR-18
        return refuse(
            "a vote happens only when an empty-handed player ends a turn with every boat in play full"
        )
    if ph == PLACE:
        if op == A.PLACE:
            why = _boat(st, act.dest - 1) if act.dest else None
            return why or refuse("that place is not available")  # RR-13
        if op == A.RETURN:
            if not hand:
                return refuse("returning the animal costs a discard and your hand is empty")  # RR-13, RR-16
            return refuse("you hold no {card} to discard", card=_card(act.card))  # RR-13
        return refuse(  # RR-13
            "you are looking at row{slot}: place it on the bank or in a boat with room, or discard"
            " a card to return it face down",
            slot=st.look + 1,
        )
    if ph == CARD:
        if op not in TARGET_OPS:
            return refuse(
                "finish resolving {card} first: choose one of its targets", card=_card(st.card)
            )  # RR-15
        return _target_reason(st, act, CARD_NAMES[st.card])
    # a normal turn
    if op in (A.PLACE, A.RETURN):
        return refuse("look at a row animal first ('look rowN'), then place or return it")  # RR-13
    if op in TARGET_OPS:
        return refuse("that is the choice of an action card; play the card first")  # RR-15
    if op == A.LOOK:
        return refuse(
            "row{slot} is empty; Place takes an animal still in the row", slot=act.slot + 1
        )  # RR-13
    if op in (A.DISCARD, A.PLAY) and act.card not in hand:
        return refuse("you hold no {card}", card=_card(act.card))  # RR-15
    if op == A.PLAY:
        need = effect_for(CARD_NAMES[act.card]).needs
        return refuse(  # RR-28, RR-15
            "{card} has no legal target now: it needs {need}; a sailed or sunk boat is never a target"
            "; you may still discard it",
            card=_card(act.card),
            need=_word(need),
        )
    if op == A.MOVE:
        x, dest, kind = act.animal, act.dest, act.card
        if not hand:
            return refuse("moving costs a discard and your hand is empty")  # RR-14, RR-16
        if kind not in hand:
            return refuse("you hold no {card} to discard for the move", card=_card(kind))  # RR-14
        src = st.where(x)
        if src < 0:
            # RR-14
            return refuse(
                "{animal} is not on the bank or in a boat; Move never involves the row", animal=_animal(x)
            )
        if src == dest:
            return refuse("{animal} is already there", animal=_animal(x))  # RR-14
        if src and dest:
            return refuse("an animal cannot move from one boat to another")  # RR-14
        if src and st.bstate[src - 1] != IN_PLAY:
            return _boat(st, src - 1) or refuse("that boat is frozen")  # RR-28
        return _boat(st, dest - 1) or refuse("that move is not allowed")  # RR-14
    return refuse("that action is not available now")


def _target_reason(st: RiverBoard, act: Any, name: str) -> Message:
    op = act.op
    if op not in effect_for(name).ops:
        # RR-15
        return refuse(
            "{card} is being resolved and {action} is not one of its choices",
            card=_word(name),
            action=str(act),
        )
    if op == A.SAIL:
        return refuse("Ride Across the River needs a full boat still in play")  # RR-1, RR-28
    if op == A.SINK:
        return refuse("Sinking Options needs an empty boat still in play")  # RR-3
    if op == A.CAPSIZE:
        return refuse("Capsize needs a boat in play with animals in it")
    if op == A.WAVES:
        slot = act.slot
        if st.row[slot] < 0 or not st.up >> slot & 1:
            return refuse(
                "Making Waves needs a face-up row animal; row{slot} is not one", slot=slot + 1
            )  # RR-2
        # RR-2
        return refuse(
            "Making Waves swaps an animal in a boat in play; {animal} is not in one",
            animal=_animal(act.animal),
        )
    if op == A.CROSS:
        return refuse("Crosscurrent swaps an animal of boat 1 with an animal of boat 2, both boats in play")
    if op == A.WASH:
        return refuse(
            "Wash Ashore takes an animal from the bank; {animal} is not on the bank",
            animal=_animal(act.animal),
        )
    if op == A.PEEK:
        return refuse("Lookout looks at one or two face-down animals still in the row")
    if op in (A.REVEAL, A.SKIP):
        if st.stage == 0:
            return refuse("Lookout: choose the row animals to look at first ('peek rowN [rowM]')")
        return refuse("Lookout can turn face up only an animal you just looked at")
    return refuse("that is not a choice of {card}", card=_word(name))
