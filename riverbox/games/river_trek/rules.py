"""The rules as two tables: legal actions by phase, and what an action does by its kind.

``LEGAL[phase](st, seat)`` lists the legal actions; ``APPLY[kind](st, action, seat)`` resolves one
(``TrekState._legal`` and ``_apply`` only look these up). Animal powers come from their records
in ``powers``; the turn flow after each step lives in ``turns``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from riverbox.core.events import fields_event
from riverbox.games.river_trek.actions import (
    A_DONE,
    A_DROP,
    A_DROPALL,
    A_END,
    A_RESTACK,
    A_SKIP,
    Kind,
    TrekAction,
)
from riverbox.games.river_trek.moves import drop, run_move, start_move
from riverbox.games.river_trek.position import (
    BY_PLAYER,
    F_MOVE,
    F_MOVED,
    F_WHO,
    F_WHO_AREA,
    F_WHO_COLOUR,
    F_WHO_SPACE,
    IN_MONKEY,
    IN_POST,
    IN_SETUP_EXPLORER,
    IN_SETUP_POST,
    Phase,
    TrekData,
)
from riverbox.games.river_trek.powers import ANYTIME, AT_DROP, BY_KIND, END_STEP, MOVE_STEP, uses
from riverbox.games.river_trek.setup import (
    choose_tile,
    place_starting_explorer,
    starting_post_placed,
    tile_actions,
)
from riverbox.games.river_trek.tables import (
    AREA_CHUNK_BITS,
    AREA_CHUNK_MASK,
    AREAS_IN,
    MOVE_AT,
    MOVEPOST_TO,
    POST_TO,
    for_areas,
    for_spaces,
)
from riverbox.games.river_trek.turns import after_move, enter_end, enter_move, finish_turn, place_actions

# ---------------------------------------------------------------------- legal actions, by phase


def _open_areas(st: TrekData, seat: int) -> int:
    """RT-3/RT-4/RT-27: the areas (a bitmask) where ``seat`` is below its post limit, not wholly
    below the Bridge; read from the state's bitmasks (``TrekData.count_posts``), not area by area."""
    if st.tokens_held[seat] and st.holds(seat, "tamandua"):  # one more post per area
        return st.usable_areas & ~st.post_over[seat]
    return st.usable_areas & ~st.post_full[seat]


def post_actions(st: TrekData, seat: int) -> list[TrekAction]:
    """A post from hand into an open area; in the post step with an empty hand, a post may move
    instead (RT-4)."""
    if st.hand[seat] == 0:
        return movepost_actions(st, seat) if st.phase == IN_POST else []
    return for_areas(POST_TO, _open_areas(st, seat))


def movepost_actions(st: TrekData, seat: int) -> list[TrekAction]:
    """RT-4: one of your posts to another open area (by source area, then target area)."""
    targets = _open_areas(st, seat)
    low = targets & AREA_CHUNK_MASK
    mid = (targets >> AREA_CHUNK_BITS) & AREA_CHUNK_MASK
    high = targets >> (2 * AREA_CHUNK_BITS)
    out: list[TrekAction] = []
    # ready-made tuples per source and chunk of targets (``tables.MOVEPOST_TO``)
    for a in for_areas(AREAS_IN, st.post_held[seat]):
        table = MOVEPOST_TO[a]
        out += table[0][low]
        if mid or high:
            out += table[1][mid]
            out += table[2][high]
    return out


def _legal_post(st: TrekData, seat: int) -> list[TrekAction]:
    out = post_actions(st, seat)
    out.append(A_SKIP)
    if st.tokens_held[seat]:  # asked before the call, as in the move step: most seats hold no token
        uses(st, seat, ANYTIME, out)
    return out


def _legal_move(st: TrekData, seat: int) -> list[TrekAction]:
    """RT-8/RT-29: any caravan holding one of your explorers (the Peccary may go downstream)."""
    # the spaces holding the seat's explorers, from the Dock/Bridge up, read as ready-made tuples
    dock = st.dock
    out = for_spaces(MOVE_AT, st.occ[seat] >> dock << dock)
    if st.tokens_held[seat]:
        uses(st, seat, MOVE_STEP, out)
        uses(st, seat, ANYTIME, out)
    return out


def _legal_place(st: TrekData, seat: int) -> list[TrekAction]:
    if not st.tokens_held[seat]:  # the common case: no token, so no Harpy Eagle and no powers
        return place_actions(st, seat, 2, False)
    out = place_actions(st, seat, 2, st.holds(seat, "harpy"))  # RT-6, the Harpy Eagle
    uses(st, seat, ANYTIME, out)
    return out


def _legal_drop(st: TrekData, seat: int) -> list[TrekAction]:
    """RT-21/RT-22: "drop all" answers "use the Boa / Tree Frog on this move?" with no, once."""
    out = [A_DROPALL, A_DROP]
    uses(st, seat, AT_DROP, out)
    return out


def _legal_end(st: TrekData, seat: int) -> list[TrekAction]:
    out = [A_END]
    uses(st, seat, ANYTIME, out)
    uses(st, seat, END_STEP, out)
    return out


def _legal_monkey(st: TrekData, seat: int) -> list[TrekAction]:
    """RT-3: up to two extra posts from hand first, then moves of posts, then ``done``."""
    out: list[TrekAction] = []
    if st.mk_moves == 0 and st.mk_placed < 2 and st.hand[seat] > 0:
        out += post_actions(st, seat)
    if st.mk_moves < st.posts_on_board(seat):
        out += movepost_actions(st, seat)
    out.append(A_DONE)
    return out


def _legal_restack(st: TrekData, seat: int) -> list[TrekAction]:
    return [A_RESTACK[c] for c in sorted(set(st.cap_rest))]


_LEGAL: Final[dict[Phase, Callable[[TrekData, int], list[TrekAction]]]] = {
    Phase.SETUP_EXPLORER: lambda st, seat: place_actions(st, seat, 3, False),  # RT-6: three high in setup
    Phase.SETUP_POST: post_actions,
    Phase.POST: _legal_post,
    Phase.MOVE: _legal_move,
    Phase.DROP: _legal_drop,
    Phase.PLACE: _legal_place,
    Phase.END: _legal_end,
    Phase.MONKEY: _legal_monkey,
    Phase.RESTACK: _legal_restack,
    Phase.OVER: lambda st, seat: [],
    Phase.SETUP_TILE: tile_actions,
}
LEGAL: Final = tuple(_LEGAL[phase] for phase in Phase)
"""``LEGAL[phase]``: the legal actions' function of each phase, read by index (a tuple indexed by an
int costs less to read than a dict, in either build)."""

# ---------------------------------------------------------------------- resolving, by kind


def _place(st: TrekData, action: TrekAction, seat: int) -> None:
    if st.phase == IN_SETUP_EXPLORER:
        place_starting_explorer(st, action.at, seat)
        return
    st.emit_event(("place", (st.names[seat], action.at), None, None, F_WHO_SPACE))
    st.put(action.at, seat)  # RT-6: placement never activates
    st.off[seat] -= 1
    enter_end(st)


def _post(st: TrekData, action: TrekAction, seat: int) -> None:
    st.emit_event(fields_event("post", F_WHO_AREA, (st.names[seat], st.path.areas[action.at].name)))
    st.add_post(action.at, seat)
    st.hand[seat] -= 1
    if st.phase == IN_SETUP_POST:
        starting_post_placed(st)
    elif st.phase == IN_MONKEY:
        st.mk_placed += 1
    else:
        enter_move(st)


def _movepost(st: TrekData, action: TrekAction, seat: int) -> None:
    areas = st.path.areas
    moved = (st.names[seat], areas[action.at].name, areas[action.to].name)
    st.emit_event(("movepost", moved, None, None, F_MOVED))
    st.remove_post(action.at, seat)
    st.add_post(action.to, seat)
    if st.phase == IN_MONKEY:
        st.mk_moves += 1
    else:
        enter_move(st)


def _skip(st: TrekData, action: TrekAction, seat: int) -> None:
    st.emit_event(fields_event("skip", F_WHO, (st.names[seat],)))
    enter_move(st)


def _move(st: TrekData, action: TrekAction, seat: int) -> None:
    moved = (st.names[seat], action.at, len(st.stacks[action.at]), False)
    st.emit_event(("move", moved, None, None, F_MOVE))
    if start_move(st, action.at, 1, BY_PLAYER):
        after_move(st)


def _drop_one(st: TrekData, action: TrekAction, seat: int) -> None:
    st.emit_event(fields_event("drop_one", F_WHO, (st.names[seat],)))
    drop(st, st.mv_pos + st.mv_dir)
    if run_move(st):
        after_move(st)


def _drop_all(st: TrekData, action: TrekAction, seat: int) -> None:
    st.emit_event(fields_event("drop_all", F_WHO, (st.names[seat],)))
    st.mv_tools = 0  # no more questions in this move: every drop is plain
    if run_move(st):
        after_move(st)


def _end(st: TrekData, action: TrekAction, seat: int) -> None:
    st.emit_event(fields_event("end", F_WHO, (st.names[seat],)))
    finish_turn(st)


def _restack(st: TrekData, action: TrekAction, seat: int) -> None:
    """RT-25: the Capybara's caravan is rebuilt from the bottom; the last colour fills the rest."""
    st.emit_event(fields_event("restack", F_WHO_COLOUR, (st.names[seat], st.names[action.colour])))
    st.put(st.mv_from, action.colour)
    st.cap_rest.remove(action.colour)
    if len(set(st.cap_rest)) <= 1:
        for c in st.cap_rest:
            st.put(st.mv_from, c)
        st.cap_rest = []
        st.phase = st.ret_phase
        st.mv_from = -1


def _done(st: TrekData, action: TrekAction, seat: int) -> None:
    st.emit_event(fields_event("done", F_WHO, (st.names[seat],)))
    st.phase = st.ret_phase


def _use_power(st: TrekData, action: TrekAction, seat: int) -> None:
    if BY_KIND[action.kind].resolve(st, action, seat):
        after_move(st)


_APPLY: Final[dict[Kind, Callable[[TrekData, TrekAction, int], None]]] = {
    Kind.PLACE: _place,
    Kind.POST: _post,
    Kind.MOVEPOST: _movepost,
    Kind.SKIP: _skip,
    Kind.MOVE: _move,
    Kind.DROP: _drop_one,
    Kind.DROPALL: _drop_all,
    Kind.END: _end,
    Kind.RESTACK: _restack,
    Kind.DONE: _done,
    Kind.TILE: choose_tile,
    **{Kind(kind): _use_power for kind in BY_KIND},
}
APPLY: Final = tuple(_APPLY[kind] for kind in Kind)
"""``APPLY[kind]``: what each kind of action does, read by index, as ``LEGAL``."""
