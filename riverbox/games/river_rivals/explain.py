"""Why an action is illegal, naming the rule, using only what the acting seat knows.

The acting seat knows its own hand, its removed pile, the board, the public sizes and, when it
knows it, its own draw pile's composition. Nothing here reads the opponent's hand or any pile's
order (the testkit compares these texts across determinizations).
"""

from __future__ import annotations

from typing import Any

from riverbox.core.i18n import N_, Message, message
from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.content import COLUMN_CAP, COLUMNS, EQUIPMENT, KIND_OF, KINDS, MECH_INDEX
from riverbox.games.river_rivals.equipment import BY_INDEX as EQUIP
from riverbox.games.river_rivals.frames import RULES as FRAMES
from riverbox.games.river_rivals.position import Phase, Position

DOMAIN = "river_rivals"


def _eq(mechanic: str) -> Message:
    """An equipment card's name, translated where the refusal is shown."""
    i = MECH_INDEX.get(mechanic)
    return message(DOMAIN, EQUIPMENT[i].name if i is not None else mechanic)


_DECISIONS = (
    # the pending decisions by their names in the notation (frames.RULES slugs), for the catalog
    N_("quick-catch"),
    N_("movement"),
    N_("shield"),
    N_("shield-polish"),
    N_("claw"),
    N_("lightning"),
    N_("copy"),
    N_("catch"),
    N_("big-net"),
    N_("bait-bucket"),
    N_("spare-shields"),
    N_("recall-horn"),
    N_("binoculars"),
    N_("polar-bear-surprise"),
    N_("undertow"),
    N_("encore"),
)
"""Every pending decision's name, marked so a refusal names it in the reader's language."""

_WHEN = {
    "fish": N_("a catch: the end-of-turn fish check, Quick Catch, Big Net or Bait Bucket"),
    "move": N_("a Movement effect"),
    "shield": N_("Shield Strength (or Shield Polish, Spare Shields)"),
    "claw": N_("a Claw Attack"),
    "copy": N_("a Copy Animal"),
    "take": N_("Binoculars"),
    "bear": N_("Polar Bear Surprise"),
    "recall": N_("Recall Horn"),
    "undertow": N_("Undertow"),
    "encore": N_("Encore"),
}


def explain(state: Position, action: Any, seat: int) -> Message:
    """Why ``action`` is refused: the pending decision's, the phase's or the action's own reason.

    The reason is a :class:`Message`: its English ``str`` for logs and the API, its template and
    fields for a reader of another language.
    """
    return message(
        DOMAIN,
        N_("river-rivals: '{action}' is not legal now: {reason}"),
        action=str(action),
        reason=_reason(state, action, seat),
    )


def _reason(state: Position, action: Any, seat: int) -> Message:
    def why(template: str, **fields: Any) -> Message:
        return message(DOMAIN, template, **fields)

    if not isinstance(action, A.RvAction):
        return why(N_("not a River Rivals action"))
    if state.stack:
        fr = state.stack[-1]
        rule = FRAMES[fr[0]]
        choices = [str(x) for x in state.legal_actions(seat)] if seat in state.to_move else []
        listed = ", ".join(choices[:12]) + (", ..." if len(choices) > 12 else "")
        needs = why(rule.needs, eq=_eq(rule.mechanic))
        if rule.column and choices:
            return why(
                N_("a {decision} decision is pending in column {column}; {needs}; choose one of: {choices}"),
                decision=why(rule.slug),
                column=fr[1] + 1,
                needs=needs,
                choices=listed,
            )
        if rule.column:
            return why(
                N_("a {decision} decision is pending in column {column}; {needs}"),
                decision=why(rule.slug),
                column=fr[1] + 1,
                needs=needs,
            )
        if choices:
            return why(
                N_("a {decision} decision is pending; {needs}; choose one of: {choices}"),
                decision=why(rule.slug),
                needs=needs,
                choices=listed,
            )
        return why(N_("a {decision} decision is pending; {needs}"), decision=why(rule.slug), needs=needs)
    phase = state.phase
    if phase == Phase.DRAFT:
        offered = ", ".join(EQUIPMENT[e].slug for e in state.offer)
        return why(
            N_("the Advanced Mode draft is on; pick one of the face-up cards: {offered}"), offered=offered
        )
    if phase == Phase.AFTER and action.type != A.USE:
        # RV-21
        return why(
            N_(
                "your action is done; use an 'in addition' equipment card or 'end' the turn "
                "before the fish check"
            )
        )
    t = action.type
    hand = state.hands[seat]
    own = state.board[seat * COLUMNS : (seat + 1) * COLUMNS]
    if t == A.PLAY:
        if state.acted:
            return why(N_("you have already taken your action this turn (one action per turn)"))
        if all(KIND_OF[c] != action.animal for c in hand):
            return why(
                N_("you have no {animal} in your hand (an action plays a card from your hand)"),
                animal=why(KINDS[action.animal].name),
            )
        if len(own[action.col]) >= COLUMN_CAP:
            # RV-1
            return why(
                N_("column {column} already holds 3 of your cards (3-card limit)"), column=action.col + 1
            )
    if t in (A.DRAW, A.DRAWX):
        if state.acted:
            return why(N_("you have already taken your action this turn (one action per turn)"))
        if not state.piles[seat]:
            return why(N_("your draw pile is empty, so you cannot draw"))  # RV-18, RV-19
        if len(hand) >= state.limit(seat):
            # RV-18
            return why(N_("you hold {cards} cards, the hand limit; drawing is not allowed"), cards=len(hand))
        if t == A.DRAWX:
            return why(
                N_("'draw extra' needs {equipment} and room for the extra card"), equipment=_eq("clapper")
            )  # RV-22
    if t == A.PASS:
        # RV-20 and the stuck ruling: out of actions only when no card and no unused equipment helps
        return why(N_("you may pass only when neither a card nor any unused equipment gives you an action"))
    if t == A.SKIP:
        return why(N_("there is no optional effect to decline"))  # RV-5
    if t == A.END:
        return why(N_("take your action (play or draw) first; 'end' closes the equipment window"))  # RV-21
    if t == A.BOOTS:
        # RV-6
        return why(
            N_(
                "{equipment} moves one of your strength-1 animals to another column with room, "
                "only at the start of your turn and only if you own the card"
            ),
            equipment=_eq("boots"),
        )
    if t == A.USE:
        e = EQUIPMENT[action.equip]
        name = why(e.name)
        if e.slug not in {EQUIPMENT[i].slug for i in state.equipment[seat]}:
            return why(
                N_("you do not own {equipment} (Advanced Mode: only your 2 drafted cards)"), equipment=name
            )
        if e.permanent:
            # RV-21
            return why(
                N_("{equipment} is permanent and works by itself; it is not used as an action"),
                equipment=name,
            )
        i = action.equip
        if (state.used >> i) & 1:
            return why(
                N_("{equipment} is a once-per-game card and has been used (turned face down)"), equipment=name
            )
        if (state.turn_used >> i) & 1:
            # RV-21
            return why(
                N_("{equipment} was already tried this turn; try again on a later turn"), equipment=name
            )
        if state.phase not in (Phase.MAIN, Phase.AFTER):
            return why(N_("equipment is used during your own turn, before the fish check"))  # RV-21
        return why(
            N_("{equipment} has nothing to act on now ({why})"),
            equipment=name,
            why=why(EQUIP[i].nothing or N_("no target")),
        )
    if t == A.PICK:
        return why(N_("there is no equipment draft now (Advanced Mode setup only)"))
    word = action.text.split()[0]
    when = why(_WHEN.get(word, N_("only when the game asks for it")))
    return why(N_("no {word} decision is pending; '{word}' answers {when}"), word=word, when=when)  # RV-5


__all__ = ["explain"]
