"""Why an action is illegal, naming the rule, using only what the acting seat knows.

The acting seat knows its own hand, its removed pile, the board, the public sizes and, when it
knows it, its own draw pile's composition. Nothing here reads the opponent's hand or any pile's
order (the testkit compares these texts across determinizations).
"""

from __future__ import annotations

from typing import Any

from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.content import COLUMN_CAP, COLUMNS, EQUIPMENT, KIND_OF, KINDS, MECH_INDEX
from riverbox.games.river_rivals.equipment import BY_INDEX as EQUIP
from riverbox.games.river_rivals.frames import RULES as FRAMES
from riverbox.games.river_rivals.phases import Phase
from riverbox.games.river_rivals.position import Position


def _eq(mechanic: str) -> str:
    i = MECH_INDEX.get(mechanic)
    return EQUIPMENT[i].name if i is not None else mechanic


_WHEN = {
    "fish": "a catch: the end-of-turn fish check, Quick Catch, Big Net or Bait Bucket",
    "move": "a Movement effect",
    "shield": "Shield Strength (or Shield Polish, Spare Shields)",
    "claw": "a Claw Attack",
    "copy": "a Copy Animal",
    "take": "Binoculars",
    "bear": "Polar Bear Surprise",
    "recall": "Recall Horn",
    "undertow": "Undertow",
    "encore": "Encore",
}


def explain(state: Position, action: Any, seat: int) -> str:
    """Why ``action`` is refused: the pending decision's, the phase's or the action's own reason."""
    head = f"river-rivals: '{action}' is not legal now"
    if not isinstance(action, A.RvAction):
        return f"{head}: not a River Rivals action"
    if state.stack:
        fr = state.stack[-1]
        rule = FRAMES[fr[0]]
        where = f" in column {fr[1] + 1}" if rule.column else ""
        choices = [str(x) for x in state._legal_cached(seat)] if seat in state.to_move else []
        listed = ", ".join(choices[:12]) + (", ..." if len(choices) > 12 else "")
        tail = f"; choose one of: {listed}" if choices else ""
        needs = rule.needs.format(eq=_eq(rule.mechanic))
        return f"{head}: a {rule.slug} decision is pending{where}; {needs}{tail}"
    phase = state.phase
    if phase == Phase.DRAFT:
        offered = ", ".join(EQUIPMENT[e].slug for e in state.offer)
        return f"{head}: the Advanced Mode draft is on (RB setup); pick one of the face-up cards: {offered}"
    if phase == Phase.AFTER and action.type != A.USE:
        return (
            f"{head}: your action is done; use an 'in addition' equipment card or 'end' the turn "
            "before the fish check"  # RV-21
        )
    t = action.type
    hand = state.hands[seat]
    own = state.board[seat * COLUMNS : (seat + 1) * COLUMNS]
    if t == A.PLAY:
        if state.acted:
            return f"{head}: you have already taken your action this turn (one action per turn, RB)"
        kind = KINDS[action.animal].slug
        if all(KIND_OF[c] != action.animal for c in hand):
            return f"{head}: you have no {kind} in your hand (action A plays a card from your hand, RB)"
        if len(own[action.col]) >= COLUMN_CAP:
            return f"{head}: column {action.col + 1} already holds 3 of your cards (3-card limit)"  # RV-1
    if t in (A.DRAW, A.DRAWX):
        if state.acted:
            return f"{head}: you have already taken your action this turn (one action per turn, RB)"
        if not state.piles[seat]:
            return f"{head}: your draw pile is empty, so you cannot draw"  # RV-18, RV-19
        if len(hand) >= state.limit(seat):
            return f"{head}: you hold {len(hand)} cards, the hand limit; drawing is not allowed"  # RV-18
        if t == A.DRAWX:
            return f"{head}: 'draw extra' needs {_eq('clapper')} and room for the extra card"  # RV-22
    if t == A.PASS:
        # RV-20 and the stuck ruling: out of actions only when no card and no unused equipment helps
        return f"{head}: you may pass only when neither a card nor any unused equipment gives you an action"
    if t == A.SKIP:
        return f"{head}: there is no optional effect to decline"  # RV-5
    if t == A.END:
        return f"{head}: take your action (play or draw) first; 'end' closes the equipment window"  # RV-21
    if t == A.BOOTS:
        return (
            f"{head}: {_eq('boots')} moves one of your strength-1 animals to another column with room, "
            "only at the start of your turn and only if you own the card"  # RV-6
        )
    if t == A.USE:
        e = EQUIPMENT[action.equip]
        if e.slug not in {EQUIPMENT[i].slug for i in state.equipment[seat]}:
            return f"{head}: you do not own {e.name} (Advanced Mode: only your 2 drafted cards, RB)"
        if e.permanent:
            return f"{head}: {e.name} is permanent and works by itself; it is not used as an action"  # RV-21
        i = action.equip
        if (state.used >> i) & 1:
            return f"{head}: {e.name} is a once-per-game card and has been used (turned face down)"
        if (state.turn_used >> i) & 1:
            return f"{head}: {e.name} was already tried this turn; try again on a later turn"  # RV-21
        if state.phase not in (Phase.MAIN, Phase.AFTER):
            return f"{head}: equipment is used during your own turn, before the fish check"  # RV-21
        return f"{head}: {e.name} has nothing to act on now ({EQUIP[i].nothing or 'no target'})"
    if t == A.PICK:
        return f"{head}: there is no equipment draft now (Advanced Mode setup only, RB; check 18)"
    word = action.text.split()[0]
    when = _WHEN.get(word, "only when the game asks for it")
    return f"{head}: no {word} decision is pending; '{word}' answers {when}"  # RV-5


__all__ = ["explain"]
