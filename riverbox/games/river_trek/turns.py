"""The turn flow: beginning a turn, its steps, forced moves, Stanley, the Civilization Event, the end.

Each function moves the game to its next decision: it sets ``phase`` and ``to_move`` or goes on
to the next step by itself when there is nothing to decide (RT-7, RT-29).
"""

from __future__ import annotations

from riverbox.core.events import fields_event
from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.actions import A_PLACE, TrekAction
from riverbox.games.river_trek.content import CROSSING, Path
from riverbox.games.river_trek.moves import finish_move, start_move, tile_check_after_power
from riverbox.games.river_trek.position import (
    BY_FORCE,
    BY_PLAYER,
    BY_STANLEY,
    F_PAID,
    F_SPACE_SIZE,
    F_TURN,
    F_WHO,
    FORCED_HEIGHT,
    IN_END,
    IN_MOVE,
    IN_OVER,
    IN_PLACE,
    IN_POST,
    TrekData,
)
from riverbox.games.river_trek.powers import ANYTIME, END_STEP, uses


def place_actions(st: TrekData, seat: int, limit: int, harpy: bool) -> list[TrekAction]:
    """RT-6: a space is open if it holds fewer than ``limit`` explorers; the Dock/Bridge always,
    and any New Explorer space for the Harpy Eagle's holder."""
    dock = st.dock
    if harpy:
        return list(A_PLACE[dock : st.basecamp + 1])
    stacks = st.stacks
    out = [A_PLACE[dock]]
    out += [A_PLACE[i] for i in range(dock + 1, st.basecamp + 1) if len(stacks[i]) < limit]
    return out


def begin_turn(st: TrekData, actor: int) -> None:
    st.cur = actor
    st.turn_no += 1
    st.dog_used = False
    st.emit_event(("turn", (st.turn_no, st.names[actor]), None, None, F_TURN))
    if actor == st.stanley:
        stanley_turn(st)
        return
    if st.tokens_held[actor] and st.holds(actor, "sloth"):  # RT-25
        st.money[actor] += 2
        st.tell("sloth", F_PAID, actor, (2, st.names[actor]))
    st.phase = IN_POST
    st.to_move = (actor,)


def enter_move(st: TrekData) -> None:
    if st.occ[st.cur]:  # the spaces holding the mover's explorers, kept as the stacks change
        st.phase = IN_MOVE
        return
    seat = st.cur
    st.emit_event(fields_event("no_caravan", F_WHO, (st.names[seat],)))  # RT-29: nothing to move
    enter_place(st)


def enter_place(st: TrekData) -> None:
    if st.off[st.cur] > 0:  # RT-7
        st.phase = IN_PLACE
        st.to_move = (st.cur,)
    else:
        enter_end(st)


def enter_end(st: TrekData) -> None:
    """The END step exists only while the player could still use an animal power (RT-14, RT-25)."""
    seat = st.cur
    if st.tokens_held[seat]:
        out: list[TrekAction] = []
        uses(st, seat, ANYTIME, out)
        uses(st, seat, END_STEP, out)
        if out:
            st.phase = IN_END
            st.to_move = (seat,)
            return
    finish_turn(st)


def after_move(st: TrekData) -> None:
    """A caravan move is over: the player's turn goes on to its place step; a forced move or
    Stanley's move ends the turn (its last part)."""
    if finish_move(st) == BY_PLAYER:
        enter_place(st)
    else:
        finish_turn(st)


def finish_turn(st: TrekData) -> None:
    """RT-13: forced moves (furthest downstream first, repeated), then the event, then next turn."""
    if st.tall:  # only when a rule made a caravan that tall since the last look
        if forced_move(st):
            return
        st.clear_tall()
    if st.scout_state == 1:
        civilization_event(st)
    if True in st.down:  # RT-16: end of turn, all face up
        st.down = [False] * len(st.down)
    next_turn(st)


def forced_move(st: TrekData) -> bool:
    """RT-13: the furthest-downstream caravan at least ``FORCED_HEIGHT`` tall moves (the turn
    ends after it, and ``finish_turn`` looks again); False when no caravan is that tall.

    Only the spaces in ``tall`` are looked at, lowest first: a caravan that tall has its space
    there, so the first of them that is that tall is the furthest downstream (a walk over every
    space was most of the end of a turn's cost)."""
    stacks = st.stacks
    dock = st.dock
    spaces = st.tall >> dock << dock
    while spaces:
        low = spaces & -spaces
        i = low.bit_length() - 1
        if len(stacks[i]) >= FORCED_HEIGHT:
            st.emit_event(fields_event("forced", F_SPACE_SIZE, (i, len(stacks[i]))))
            if start_move(st, i, 1, BY_FORCE):
                after_move(st)
            return True
        spaces ^= low
    return False


def next_turn(st: TrekData) -> None:
    """The next actor in the rotation; in the final round only those still owed a turn (RT-19)."""
    if st.triggered:
        st.final_pending &= ~(1 << st.cur)
        if not st.final_pending:
            st.phase = IN_OVER
            st.to_move = ()
            final_scoring(st)
            return
    rotation = st.rotation
    while True:
        st.rot = (st.rot + 1) % len(rotation)
        actor = rotation[st.rot]
        if not st.triggered or st.final_pending & (1 << actor):
            break
    begin_turn(st, actor)


def stanley_turn(st: TrekData) -> None:
    """RT-20: place on the furthest-upstream legal space, else move his lowest caravan."""
    who = st.stanley
    stacks = st.stacks
    st.phase = IN_MOVE
    if st.off[who] > 0:
        for i in range(st.basecamp, st.dock - 1, -1):
            if i == st.dock or len(stacks[i]) < 2:
                st.put(i, who)
                st.off[who] -= 1
                st.chance(f"stanley place {i}")
                st.emit("stanley_place", space=i)
                break
        finish_turn(st)
        return
    for i in range(st.dock, len(stacks)):
        if who in stacks[i]:
            st.chance(f"stanley move {i}")
            st.emit_event(fields_event("stanley_move", F_SPACE_SIZE, (i, len(stacks[i]))))
            if start_move(st, i, 1, BY_STANLEY):
                after_move(st)
            return
    st.chance("stanley pass")
    st.emit("stanley_pass")
    finish_turn(st)


def civilization_event(st: TrekData) -> None:
    """RT-27: Bridge on the first crossing, new Base camp, clear everything below the Bridge."""
    path = st.path
    bridge, base = bridge_and_basecamp(path)
    st.bridge = st.dock = bridge
    st.basecamp = base
    st.forget_landing()  # the Dock moved, and the Scout is gone: ``moves.landing_table`` again
    for i in range(bridge):
        for e in st.lift(i):
            st.off[e] += 1
    for a, ar in enumerate(path.areas):
        if max(ar.spaces) < bridge:
            for s, k in enumerate(st.return_posts(a)):
                st.hand[s] += k
    st.count_posts()  # the Bridge makes the areas below it unusable (RT-27)
    st.scout_state = 2
    st.emit("civilization", bridge=bridge, basecamp=base)
    if st.slot:
        tile_check_after_power(st)


def bridge_and_basecamp(path: Path) -> tuple[int, int]:
    """RT-27: the Bridge is on the first crossing; the new Base camp is the next crossing with at
    least two spaces strictly between them."""
    bridge = path.first_crossing()
    return bridge, next(i for i in range(bridge + 3, path.length) if path.kinds[i] == CROSSING)


def final_scoring(st: TrekData) -> None:
    """RT-19: the game is over; everyone's money is told (hidden money is revealed now)."""
    st.emit(
        "game_over",
        names=[st.names[s] for s in range(st.n)],
        money=list(st.money),
        clearing=st.clearing[: st.n],
        winners=[st.names[w] for w in scoring.winners(st.money, st.clearing, st.stacks)],
    )
