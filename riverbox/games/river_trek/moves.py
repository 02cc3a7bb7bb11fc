"""Caravan moves: explorers dropped one by one, each activating the space it lands on (RT-8).

A move is started by the player (MOVE), by a forced move or by Stanley; ``run_move`` drops until
the caravan in hand is empty or the mover must answer a Boa / Tree Frog question (the DROP
phase). It returns whether the move is over, so the turn flow (``turns``) decides what follows
and this module needs nothing above it. What a landing does depends on the space: one small
function per kind of space, read from the state's ``landing`` table (``landing_table``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from riverbox.core.events import fields_event
from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.content import CROSSING, DOCK, KIND_NAMES, NORMAL, NUMBER, STAR, animal_title
from riverbox.games.river_trek.position import (
    BOA_TOOL,
    BY_STANLEY,
    F_DROP,
    F_DROP_DOCK,
    F_NUMBER,
    F_PAID,
    F_PAID_SPACE,
    F_WASH,
    F_WHO,
    F_WHO_ANIMAL,
    F_WHO_SPACE,
    FROG_TOOL,
    IN_DROP,
    TrekData,
)


def start_move(st: TrekData, space: int, direction: int, mover: int) -> bool:
    """Lift the caravan on ``space`` and drop it ``direction`` (+1 upstream) for ``mover`` (a
    ``Mover``); True when done."""
    st.mv_stack = st.lift(space)
    st.mv_from = space
    st.mv_pos = space
    st.mv_dir = direction
    st.mv_ctx = mover
    tools = 0
    seat = st.cur
    if mover != BY_STANLEY and st.tokens_held[seat]:  # RT-31: Boa / Tree Frog only on a player's own turn
        tools = (BOA_TOOL if st.holds(seat, "boa") else 0) | (FROG_TOOL if st.holds(seat, "frog") else 0)
    st.mv_tools = tools
    return run_move(st)


def may_boa(st: TrekData) -> bool:
    """RT-21: the Boa, held since the move began (RT-14), with two explorers still in hand."""
    return bool(st.mv_tools & BOA_TOOL) and st.holds(st.cur, "boa") and len(st.mv_stack) >= 2


def may_frog(st: TrekData) -> bool:
    """RT-22: the Tree Frog, held since the move began (RT-14)."""
    return bool(st.mv_tools & FROG_TOOL) and st.holds(st.cur, "frog")


def run_move(st: TrekData) -> bool:
    """Drop explorers one by one (RT-8), pausing only for a Boa / Tree Frog choice; True when done."""
    last = len(st.stacks) - 1
    tools = st.mv_tools
    hand = st.mv_stack  # ``drop`` takes from this list; only ``_into_clearing`` replaces it
    step = st.mv_dir
    dock = st.dock
    landing = st.landing or landing_table(st)
    landers = _LANDERS
    while hand:
        p = st.mv_pos + step
        if p > last:  # RT-12: off the end, into the clearing, $1 each
            _into_clearing(st)
            break
        if p < dock:  # RT-23: downstream explorers stack on the Dock/Bridge
            p = dock
        elif tools and (may_frog(st) or may_boa(st)):
            st.phase = IN_DROP
            st.to_move = (st.cur,)
            return False
        # ``drop(st, p)``, inlined: one to three drops at most steps of a game, and the call and
        # the attribute reads above were a good part of its cost; what the space does is the
        # landing table's (``land``), one call per drop
        e = hand.pop(0)
        st.put(p, e)
        st.mv_pos = p
        landers[landing[p]](st, p, e)
    return True


def _into_clearing(st: TrekData) -> None:
    for e in st.mv_stack:
        st.clearing[e] += 1
        paid = 0
        if e != st.stanley:
            paid = 1
            st.money[e] += 1
        st.tell("clearing", F_PAID, e, (paid, st.names[e]))
    st.mv_stack = []
    trigger_end(st)


def drop(st: TrekData, p: int) -> None:
    """Drop the bottom explorer in hand on space ``p`` and activate the space (RT-8)."""
    e = st.mv_stack.pop(0)
    st.put(p, e)
    st.mv_pos = p
    land(st, p, e)


def land(st: TrekData, p: int, e: int) -> None:
    """What the explorer ``e`` just dropped on ``p`` does there (``landing_table``)."""
    _LANDERS[(st.landing or landing_table(st))[p]](st, p, e)


_AT_DOCK: Final = len(KIND_NAMES)
"""The landing code of the Dock/Bridge (the codes below it are the space kinds, ``board.DOCK`` ...)."""
_AT_SCOUT: Final = _AT_DOCK + 1
"""The landing code of the Scout's space while the Scout is there (RT-26)."""


def landing_table(st: TrekData) -> tuple[int, ...]:
    """``[space]``: what an explorer dropped there does, as an index into ``_LANDERS``, set as
    ``st.landing`` (built when first needed; the Civilization Event clears it, as the Dock moves
    to the Bridge and the Scout is gone).

    Why: a caravan move reads it once and makes one call per drop; asking the space's kind, the
    Dock and the Scout at every drop took a second call and a chain of tests. Codes, not the
    functions themselves, so a state pickles on either build."""
    table = list(st.path.kinds)
    table[st.dock] = _AT_DOCK
    if st.scout >= 0 and st.scout_state == 0:
        table[st.scout] = _AT_SCOUT
    landing = tuple(table)
    st.keep_landing(landing)
    return landing


def _land_dock(st: TrekData, p: int, e: int) -> None:
    """The Dock/Bridge holds no tile and pays nothing."""
    st.emit_event(fields_event("drop_dock", F_DROP_DOCK, (st.names[e], p, st.bridge >= 0)))


def _land_nowhere(st: TrekData, p: int, e: int) -> None:
    """The Dock's space below a Bridge, where no explorer is dropped (RT-23, RT-27)."""


def _land_scout(st: TrekData, p: int, e: int) -> None:
    """RT-26: the Scout's space does what its kind does, and the explorer dropped there takes
    the Scout even if it then washes away."""
    _LANDERS[st.path.kinds[p]](st, p, e)
    if st.scout_state == 0:
        take_scout(st)


def _land_normal(st: TrekData, p: int, e: int) -> None:
    """RT-2: the top explorer's owner earns from their posts in the linked area; RT-10: tokens."""
    size = len(st.stacks[p])
    total = 0
    a = st.area_at[p]
    if a >= 0 and e != st.stanley:
        k = st.posts[a][e]
        if k:  # the size times the posts, a "+2" area $2 more
            total = scoring.post_income(size, k, st.area_bonus[a] > 0)
            st.money[e] += total
    if total and st.hidden_money:
        st.tell("drop", F_DROP, e, (total, st.names[e], p, size))
    else:  # ``tell``'s public case, the stored tuple built here: the commonest event
        st.emit_event(("drop", (total, st.names[e], p, size), None, None, F_DROP))
    s = st.tile_at[p]
    if s >= 0 and e != st.stanley and st.holder[s] < 0 and not st.down[s]:  # RT-10
        st.give_token(s, e)
        st.emit_event(fields_event("token_taken", F_WHO_ANIMAL, (st.names[e], animal_title(st.animals[s]))))


def _land_crossing(st: TrekData, p: int, e: int) -> None:
    """RT-9: the caravan washes down to the nearest crossing below (no chain), unless it holds an
    explorer of the Kingfisher's holder."""
    stacks = st.stacks
    here = stacks[p]
    kf = st.slot.get("kingfisher")
    if kf is not None and st.holder[kf] >= 0 and st.holder[kf] in here:
        st.emit_event(fields_event("kingfisher", F_WHO_SPACE, (st.names[e], p)))
        return
    q = st.prev_cross[p]
    size = st.wash(p, q)
    st.emit_event(("wash", (st.names[e], p, size, q), None, None, F_WASH))
    arrive(st, q)


def _land_number(st: TrekData, p: int, e: int) -> None:
    """RT-11: a number space pays its value to whoever drops there."""
    value = st.path.values[p]
    paid = 0
    if e != st.stanley:
        paid = value
        st.money[e] += value
    st.tell("number", F_NUMBER, e, (paid, st.names[e], p, value))


def _land_star(st: TrekData, p: int, e: int) -> None:
    """RT-11: the star pays $1 per explorer in every caravan the dropper tops (posts ignored)."""
    paid = 0
    if e != st.stanley:
        paid = scoring.star_income(st.stacks, e)
        st.money[e] += paid
    st.tell("star", F_PAID_SPACE, e, (paid, st.names[e], p))


Landing = Callable[[TrekData, int, int], None]

_LAND: Final[dict[int, Landing]] = {
    DOCK: _land_nowhere,
    NORMAL: _land_normal,
    CROSSING: _land_crossing,
    NUMBER: _land_number,
    STAR: _land_star,
    _AT_DOCK: _land_dock,
    _AT_SCOUT: _land_scout,
}
_LANDERS: Final = tuple(_LAND[code] for code in range(len(_LAND)))
"""``[code]``: what a landing does, by the codes of ``landing_table``, read by index."""


def finish_move(st: TrekData) -> int:
    """RT-15/RT-16 at the end of a caravan move; returns who moved, for the turn flow."""
    if st.slot:
        if st.any_move_check:
            tile_check(st)
        else:  # RT-15 option: only a tile this move emptied; the move lifted its start space
            _start_tile_check(st)
        if True in st.down:
            st.down = [False] * len(st.down)
    mover = st.mv_ctx  # a Mover
    st.mv_from = st.mv_pos = st.mv_dir = -1
    st.mv_tools = 0
    return mover


def tile_check(st: TrekData, spaces: tuple[int, ...] | None = None) -> None:
    """RT-15: the holder returns a token whose tile space is empty (face up).

    ``spaces``: check only tiles on these spaces, the ones a caravan move emptied. With
    ``empty_tile_check=caravan-move`` a token goes back only when a caravan move causes its
    tile to empty: a tile a Jaguar emptied earlier is not taken back by an unrelated move.
    A caravan move empties only the space it starts from (drops add explorers; a crossing it
    washes down holds no tile), so that space is all there is to check."""
    stacks = st.stacks
    holder = st.holder
    for s, t in enumerate(st.tiles):
        if holder[s] >= 0 and not stacks[t] and (spaces is None or t in spaces):
            st.emit_event(
                fields_event("token_lost", F_WHO_ANIMAL, (st.names[holder[s]], animal_title(st.animals[s])))
            )
            st.return_token(s)
            st.down[s] = False


def _start_tile_check(st: TrekData) -> None:
    """``tile_check(st, (st.mv_from,))`` without the walk over every tile: at most one tile lies
    on the space a caravan move started from (run at the end of every caravan move)."""
    s = st.tile_at[st.mv_from]
    if s >= 0 and st.holder[s] >= 0 and not st.stacks[st.mv_from]:
        tile_check(st, (st.mv_from,))


def tile_check_after_power(st: TrekData) -> None:
    """RT-15 option: a power that moves explorers may empty a tile too (``any-move`` only)."""
    if st.any_move_check:
        tile_check(st)


def arrive(st: TrekData, space: int) -> None:
    """RT-26: any explorer arriving on the Scout's space takes the Scout for the actor."""
    if space == st.scout and st.scout_state == 0 and st.stacks[space]:
        take_scout(st)


def take_scout(st: TrekData) -> None:
    st.scout_state = 1
    st.scout_holder = st.cur
    st.emit_event(fields_event("scout", F_WHO, (st.names[st.cur],)))


def trigger_end(st: TrekData) -> None:
    """RT-19: the mover finishes the turn; every other actor gets exactly one more turn."""
    if not st.triggered:
        st.triggered = True
        everyone = (1 << st.colours) - 1
        st.final_pending = everyone & ~(1 << st.cur)
        st.emit_event(fields_event("final_round", F_WHO, (st.names[st.cur],)))
