"""River Rivals' turn as the engine runs it: the legal actions by phase, each action by kind, the flow.

The turn follows the rulebook: an optional Spring Boots move, the action (play a card or draw),
the effects it triggers (each choice a pending decision on ``stack``, answered and resolved by its
record in ``frames``), the "in addition to your action" equipment window (RV-21, records in
``equipment``), then the end-of-turn fish check, column by column. ``RiverRivalsState._legal`` and
``_apply`` only call ``legal`` and ``apply`` here, which look the phase or the action's kind up in
``LEGAL`` and ``APPLY``. The smaller steps (placing a card, a catch, a draw) are ``Position``'s
methods; ``reference.py`` states the same rules in rulebook shape. Ruling ids (RV-n) are cited where
they decide something.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.actions import Act, RvAction
from riverbox.games.river_rivals.content import COLUMN_CAP, COLUMNS, EQUIPMENT, FISH, HAND_LIMIT, STRENGTH
from riverbox.games.river_rivals.equipment import BY_INDEX as EQUIP
from riverbox.games.river_rivals.frames import RULES as FRAMES
from riverbox.games.river_rivals.position import (
    _BASKET_LIMIT,
    _BOOTS_STRENGTH,
    _FULL,
    _KIND_BIT,
    _LOWEST,
    _OPEN,
    _PLAYS,
    _SEATS,
    AFTER,
    CHECK,
    F_CATCH,
    MAIN,
    OVER,
    Phase,
    Position,
    _mechs,
    plays,
)
from riverbox.games.river_rivals.scoring import catch_spaces
from riverbox.games.river_rivals.tables import CAUGHT, DRAWS

# ``Final``: the compiled build reads these from C statics rather than the module dict.
_PICK: Final = A.PICK
_SKIP: Final = A.A_SKIP
_DRAW: Final = A.A_DRAW
_PASS: Final = A.A_PASS


# ------------------------------------------------------------------------------ the turn's flow
def main_possible(st: Position, s: int) -> bool:
    if st.hands[s]:
        b = st.board
        for c in range(COLUMNS):
            if len(b[s * COLUMNS + c]) < COLUMN_CAP:
                return True
    return st._can_draw(s)


def equipment_actions(st: Position, s: int) -> list[Any]:
    """The legal actions equipment gives ``s`` now: Boots moves before the action, and every
    once-per-game piece not yet used that could do something (RV-21)."""
    if not st.adv:
        return []
    out = boots_moves(st, s) if not st.started and "boots" in st.mechs[s] else []
    out.extend(equipment_uses(st, s))
    return out


def out_of_actions(st: Position, s: int) -> bool:
    """The one stuck ruling, applied wherever it is decided (RV-19 empty hand and pile, RV-20
    cards but no play or draw, and the pass): a player is out of actions only when neither a
    card nor any unused equipment gives a legal action. So an unused Recall Horn, or a Bait
    Bucket that could place the winning fish, rescues the player in every case."""
    return not main_possible(st, s) and not equipment_actions(st, s)


def begin_turn(st: Position, s: int) -> None:
    st.active = s
    st.phase = MAIN
    st.acted = st.started = st.progress = False
    st.chain = 0
    st.turn_used = 0
    st.turn += 1
    st.to_move = _SEATS[s]
    # The seat's legal actions answer the stuck question too (``_out_of_actions`` is exactly
    # "they are only the pass") and are what the next ``legal_actions``/``apply`` asks for:
    # built once here and handed to the core's cache for this history length, the seat to move.
    legal = main_legal(st, s)
    if legal[0] is not _PASS:
        st.settle_legal(s, legal)
        return
    if not st.hands[s] and not st.piles[s]:
        st._finish([1 - s], "no-cards")  # RV-19: no hand and no draw pile: the opponent wins
    elif st.game.options["stuck"] == "lose":
        st._finish([1 - s], "stuck")  # RV-20 (default): cards but no possible action: unable to act
    else:
        st.settle_legal(s, legal)


def end_turn(st: Position) -> None:
    # Turns with no card played or drawn and no fish caught (passes) are idle; two in a row mean
    # nothing can change any more, so the game ends on fish caught (extension of RV-20 "pass").
    if st.progress:  # the usual turn, first: it cannot end the game here
        st.idle = 0
        begin_turn(st, 1 - st.active)
        return
    st.idle += 1
    if st.idle >= 2:
        caught = [FISH - st.supply[0], FISH - st.supply[1]]
        best = max(caught)
        st._finish([s for s in (0, 1) if caught[s] == best], "idle")
        return
    begin_turn(st, 1 - st.active)


def advance(st: Position) -> None:
    """Move the turn on until a decision is needed (or the game is over)."""
    if st.stack:
        st.to_move = _SEATS[st.active]
        return
    ph = st.phase
    if ph == OVER:
        st.to_move = ()
        return
    if ph == MAIN:
        if not st.acted:
            st.to_move = _SEATS[st.active]
            return
        ph = AFTER
    if ph == AFTER:
        if st.adv and equipment_uses(st, st.active):  # RV-21: the equipment window stays open
            st.phase = AFTER
            st.to_move = _SEATS[st.active]
            return
        st.check_col = 0
    st.phase = CHECK
    if run_check(st):
        if st.phase != OVER:
            end_turn(st)
    else:
        st.to_move = _SEATS[st.active]


def run_check(st: Position) -> bool:
    """The end-of-turn fish check, column by column (RB; RV-1, RV-2, RV-16, RV-17).

    Whether a column catches is ``scoring.catch_spaces``, the one statement of that rule. False
    while a choice is pending (which card takes the fish, Big Net's second fish); the check
    resumes at ``check_col`` once it is made.
    """
    s = st.active
    b = st.board
    base = s * COLUMNS
    # The active side as it stands when the check starts (each column reads its own side from
    # here, as it always has), and its full columns from ``check_col`` on, from a table of the
    # four lengths: RV-1, only a side of three cards catches, and most turns have none.
    sides = b[base : base + COLUMNS]
    s0, s1, s2, s3 = sides
    c = st.check_col
    full = _FULL[len(s0)][len(s1)][len(s2)][len(s3)] >> c << c
    obase = (1 - s) * COLUMNS
    while full:
        c = _LOWEST[full]
        full &= full - 1
        own = sides[c]
        free = catch_spaces(own, b[obase + c])
        if free:
            if len(free) > 1:
                st.check_col = c
                st.stack.append((F_CATCH, c, 0, 0))  # RV-2: the player chooses the card
                return False
            st.check_col = c + 1
            st.emit_event(CAUGHT[s][own[free[0]][0]][c])  # a prebuilt event (``tables``)
            st._catch(s, c, free[0])
            if st.phase == OVER:
                return True
            if st.adv and st._net_frame(s, c):
                return False
    st.check_col = COLUMNS
    return True


def main_legal(st: Position, s: int) -> list[Any]:
    hand = st.hands[s]
    if hand:
        base = s * COLUMNS
        # the columns with room (RV-9: three cards a side), from a table of the four lengths
        s0, s1, s2, s3 = st.board[base : base + COLUMNS]
        mask = _OPEN[len(s0)][len(s1)][len(s2)][len(s3)]
        if mask:
            seen = 0
            for code in hand:
                seen |= _KIND_BIT[code]
            found = _PLAYS.get(seen << COLUMNS | mask)  # ``plays``' own lookup first: most steps are here
            out: list[Any] = list(found if found is not None else plays(mask, seen))
        else:
            out = []
    else:
        out = []
    # ``_draw_n(s, 2)`` written out (RV-18: hand limit and short pile): this runs at most steps
    pile = len(st.piles[s])
    n = (_BASKET_LIMIT if "basket" in st.mechs[s] else HAND_LIMIT) - len(hand)
    if pile < n:
        n = pile
    if n > 0 or (pile > 0 and st.game.options["full_hand_draw"] == "empty"):
        out.append(_DRAW)
    if st.adv:
        # ``_draw_n(s, 3) > _draw_n(s, 2)``: room and pile for a third card (n is not capped at 2)
        if n > 2 and "clapper" in st.mechs[s]:
            out.append(A.A_DRAWX)  # RV-22: Card Clapper on action B only
        extra = equipment_actions(st, s)
        if not out and not extra:
            out.append(A.A_PASS)  # out of actions: no card and no unused equipment helps (RV-20)
        out.extend(extra)
    elif not out:
        out.append(_PASS)
    return out


def boots_moves(st: Position, s: int) -> list[Any]:
    out: list[Any] = []
    b = st.board
    base = s * COLUMNS
    for c in range(COLUMNS):
        for p, sl in enumerate(b[base + c]):
            if STRENGTH[sl[0]] == _BOOTS_STRENGTH:
                row = A.A_BOOTS[c][p]
                out.extend(row[t] for t in range(COLUMNS) if t != c and len(b[base + t]) < COLUMN_CAP)
    return out


def equipment_uses(st: Position, s: int) -> list[Any]:
    """Once-per-game "in addition to your action" equipment usable now (RV-21)."""
    out: list[Any] = []
    if not st.adv:
        return out
    for e in st.equipment[s]:
        usable = EQUIP[e].usable
        if usable is not None and not ((st.used | st.turn_used) >> e) & 1 and usable(st, s):
            out.append(A.A_USE[e])
    return out


# ------------------------------------------------------------------------------ the actions
def play_action(st: Position, seat: int, a: RvAction) -> None:
    """Action A: play a card from the hand (RB)."""
    st.acted = st.started = True
    st._play(seat, a.animal, a.col)


def draw_action(st: Position, seat: int, a: RvAction) -> None:
    """Action B: draw 2 cards, or 3 with Card Clapper (RV-18: hand limit; RV-22)."""
    st.acted = st.started = True
    extra = a.type == A.DRAWX
    n = st._draw_n(seat, 3 if extra else 2)
    st.emit_event(DRAWS[seat][extra][n])  # pre-built emit("draws", seat=, count=, extra=)
    st._draw(seat, n)


def pass_action(st: Position, seat: int, a: RvAction) -> None:
    """Out of actions under option stuck=pass (RV-20): the turn goes on to the fish check."""
    st.acted = st.started = True
    st.emit("passed", seat=seat)


def end_action(st: Position, seat: int, a: RvAction) -> None:
    """Close the equipment window (RV-21); ``_advance`` runs the fish check."""
    st.emit("ended", seat=seat)
    st.phase = CHECK
    st.check_col = 0


def boots_action(st: Position, seat: int, a: RvAction) -> None:
    """Spring Boots: move a strength-1 card before the action (RV-6: no effect fires)."""
    st.started = True
    st._moved(seat, seat, a, "boots")


def use_action(st: Position, seat: int, a: RvAction) -> None:
    """Use a once-per-game card: it turns face down (Polar Bear Surprise only once it places
    the bear), and may not be tried again this turn (RV-21)."""
    e = a.equip
    rule = EQUIP[e]
    st.started = True
    st.emit("used", seat=seat, equipment=EQUIPMENT[e].slug)
    st.turn_used |= 1 << e
    if rule.mechanic != "surprise":
        st.used |= 1 << e
    assert rule.use is not None  # only once-per-game cards are offered
    rule.use(st, seat)


def pick_action(st: Position, seat: int, a: RvAction) -> None:
    """Advanced Mode draft: the starter picks 1, the other 2, the starter gets the last (RB; check 18)."""
    e = a.equip
    st.offer.remove(e)
    st.equipment[seat].append(e)
    st.picks += 1
    st.emit("picked", seat=seat, equipment=EQUIPMENT[e].slug)
    first = st.game.options["first"]
    if st.picks == 1:
        st.to_move = _SEATS[1 - first]
        return
    if st.picks == 2:
        return
    st.equipment[first].append(st.offer.pop())
    st.emit("received", seat=first, equipment=EQUIPMENT[st.equipment[first][-1]].slug)
    st.mechs = _mechs(st.equipment)
    st.turn = 0
    begin_turn(st, first)
    advance(st)


# ------------------------------------------------------------------------------ legal, by phase
def legal_draft(st: Position, seat: int) -> list[Any]:
    """Advanced Mode draft: pick one of the equipment cards on offer."""
    return [A.A_PICK[e] for e in st.offer]


def legal_after(st: Position, seat: int) -> list[Any]:
    """RV-21: the equipment window after the action: use a piece, or end it."""
    return [*equipment_uses(st, seat), A.A_END]


def legal_none(st: Position, seat: int) -> list[Any]:
    return []


_LEGAL: Final[dict[Phase, Callable[[Position, int], list[Any]]]] = {
    Phase.DRAFT: legal_draft,
    Phase.MAIN: main_legal,
    Phase.AFTER: legal_after,
    Phase.CHECK: legal_none,  # the check asks its questions through the decision stack
    Phase.OVER: legal_none,
}
LEGAL: Final = tuple(_LEGAL[phase] for phase in Phase)
"""``LEGAL[phase]``: the legal actions' function of each phase, read by index."""


def legal(st: Position, seat: int) -> list[Any]:
    """A pending decision's choices (its record in ``frames``; RV-5: optional ones may be skipped),
    else the phase's."""
    if st.stack:
        fr = st.stack[-1]
        rule = FRAMES[fr[0]]
        out = rule.legal(st, seat, fr)
        if rule.skippable:
            out.append(_SKIP)  # RV-5: effects are optional
        return out
    return LEGAL[st.phase](st, seat)


# ------------------------------------------------------------------------------ resolving, by kind
def answer(st: Position, seat: int, a: RvAction) -> None:
    """The answer to the pending decision on top of the stack: its record resolves it."""
    fr = st.stack.pop()
    rule = FRAMES[fr[0]]
    if a is _SKIP:
        st.emit_event(rule.declined[seat])  # pre-built emit("declined", ...)
        if rule.on_skip is not None:
            rule.on_skip(st, seat, fr)
    else:
        rule.resolve(st, seat, fr, a)


_APPLY: Final[dict[Act, Callable[[Position, int, RvAction], None]]] = {
    Act.PLAY: play_action,
    Act.DRAW: draw_action,
    Act.DRAWX: draw_action,
    Act.PASS: pass_action,
    Act.END: end_action,
    Act.BOOTS: boots_action,
    Act.USE: use_action,
    Act.PICK: pick_action,
}
APPLY: Final = tuple(_APPLY.get(kind, answer) for kind in Act)
"""``APPLY[kind]``: what each kind of action does outside a pending decision, read by index (the
kinds that only answer a decision go to ``answer``)."""


def apply(st: Position, a: RvAction, seat: int) -> None:
    """Resolve one action, then move the turn on to the next decision (a draft pick moves it itself)."""
    if st.stack:
        answer(st, seat, a)
    else:
        t = a.type
        APPLY[t](st, seat, a)
        if t == _PICK:
            return
    advance(st)
