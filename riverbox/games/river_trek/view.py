"""What a seat may know: ``TrekState.view``.

Building every seat's view at every step is a hot path, so views are read-only snapshots (see
``State.view``) and ``build_view`` shares what it can:

* the public part is built once per step (keyed by the history length, which every ``apply``
  grows) and each seat's view is a shallow copy of it with ``seat`` (and, with hidden money,
  ``money``) replaced;
* the parts fixed for the game (spaces, boards, colours) are built once per path;
* the stacks, the trading-post areas, the animals and other small lists are carried over from
  the previous build while their contents are unchanged (compared by value, so no rule code has
  to flag what it changed); a changed part is replaced by a new object, never edited in place.

The caches are declared fields that are never stored; a clone shares the built parts (nothing ever
mutates them) but starts with its public part invalidated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.content import KIND_NAMES, Path
from riverbox.games.river_trek.position import BY_FORCE, IN_SETUP_EXPLORER, PHASE_NAMES, Phase, TrekData

# ``_FINAL_TURNS[mask]``: the colours whose bit is set (read-only lists shared by views).
_FINAL_TURNS = [[a for a in range(4) if m >> a & 1] for m in range(16)]


class _Fixed:
    """The parts of a view fixed for a path and game (built once per state and path)."""

    __slots__ = ("board_start", "boards", "colours", "hidden", "path", "spaces", "variant")

    def __init__(self, st: TrekData) -> None:
        path = st.path
        self.path: Path = path
        opts = st.game.options
        self.variant = opts["variant"]
        self.hidden = bool(opts["hidden_money"])
        self.colours = [st.names[c] for c in range(st.colours)]
        self.boards = list(path.sides)
        self.board_start = list(path.board_start)
        self.spaces = [
            {"kind": KIND_NAMES[k], "value": path.values[i], "areas": list(path.space_areas[i])}
            for i, k in enumerate(path.kinds)
        ]

    def __reduce__(self) -> tuple[Callable[[], None], tuple[()]]:
        """A cache pickles as none (the next view builds it again): the compiled build could
        not rebuild it, since it is made from a whole state."""
        return _no_cache, ()


def _no_cache() -> None:
    """What a pickled :class:`_Fixed` comes back as."""
    return None


def build_view(st: TrekData, seat: int | None) -> dict[str, Any]:
    """``st.view(seat)``: a shallow copy of this step's public view with the seat's own parts."""
    key = len(st.history)
    pub = st._vpub
    if st._vkey != key or pub is None:
        pub = st._vpub = _public(st)
        st._vkey = key
    v = dict(pub)
    if seat is not None:
        v["seat"] = seat
        if st._vhide:  # hidden money (RT-28): a seat sees its own only, until the end
            v["money"] = [m if i == seat else None for i, m in enumerate(st.money)]
    return v


def _same_or_copy(old: list[Any] | None, cur: list[Any]) -> list[Any]:
    return old if old is not None and old == cur else cur[:]


def _public(st: TrekData) -> dict[str, Any]:
    """The spectator's view (``seat`` None), reusing unchanged parts of the previous build."""
    fix = st._vfix
    if fix is None or fix.path is not st.path:
        fix = st._vfix = _Fixed(st)
        st._vstacks = st._vareas = st._vanimals = None
        st._vsmall = (None, None, None, None, None)
    over = st.is_over
    clearing, off, hand, money, scout = _small_parts(st, fix.hidden and not over)
    phase = st.phase
    view: dict[str, Any] = {
        "game": "river-trek",
        "placeholder_boards": True,
        "variant": fix.variant,
        "players": st.n,
        "seat": None,
        "colours": fix.colours,
        "stanley": st.stanley,
        "boards": fix.boards,
        "board_start": fix.board_start,
        "spaces": fix.spaces,
        "areas": _areas_part(st),
        "stacks": _stacks_part(st),
        "clearing": clearing,
        "offboard": off,
        "hand_posts": hand,
        "money": money,
        "money_hidden": fix.hidden,
        "animals": _animals_part(st),
        "dock": st.dock,
        "basecamp": st.basecamp,
        "bridge": st.bridge,
        "scout": scout,
        "phase": PHASE_NAMES[phase],
        "turn": st.cur,
        "turn_number": st.turn_no,
        "to_move": list(st.to_move),
        "final_round": st.triggered,
        "final_turns": _FINAL_TURNS[st.final_pending & ((1 << st.colours) - 1)],
        "dog_used": st.dog_used,
    }
    if phase in _EXTRAS:  # the rare phases with extra parts
        _EXTRAS[phase](st, view)
    elif phase == IN_SETUP_EXPLORER:
        view["setup_colour"] = st.setup_seq[st.setup_i][1]
    if over:
        view["winners"] = scoring.winners(st.money, st.clearing, st.stacks)
    return view


def _stacks_part(st: TrekData) -> list[list[int]]:
    """The stacks: a changed space gets a new list; the outer list is new when any space changed."""
    stacks = st.stacks
    vs = st._vstacks
    if vs is None:
        vs = [s[:] for s in stacks]
    elif vs != stacks:
        vs = [o if o == s else s[:] for o, s in zip(vs, stacks, strict=True)]
    st._vstacks = vs
    return vs


def _areas_part(st: TrekData) -> list[dict[str, Any]]:
    """The trading-post areas: posts and usability (only the Bridge changes it) per area."""
    posts = st.posts
    bridge = st.bridge
    va = st._vareas
    if va is None or va[0] != bridge:
        areas = [
            {
                "id": ar.id,
                "name": ar.name,
                "small": ar.small,
                "plus2": ar.plus2,
                "spaces": list(ar.spaces),
                "posts": list(posts[ar.id]),
                "usable": st.area_usable(ar.id),
            }
            for ar in st.path.areas
        ]
    elif va[1] != posts:
        areas = [a if a["posts"] == p else {**a, "posts": p[:]} for a, p in zip(va[2], posts, strict=True)]
    else:
        return va[2]
    st._vareas = (bridge, [a["posts"] for a in areas], areas)
    return areas


def _animals_part(st: TrekData) -> list[dict[str, Any]]:
    """The animals: tiles (a tuple replaced when one is placed), holders and face-down flags."""
    tiles = st.tiles
    holder = st.holder
    down = st.down
    vn = st._vanimals
    if vn is None or vn[0] is not tiles or vn[1] != holder or vn[2] != down or vn[3] is not st.animals:
        animals = [
            {
                "name": a,
                "space": tiles[i] if i < len(tiles) else -1,
                "holder": holder[i],
                "face_down": down[i],
            }
            for i, a in enumerate(st.animals)
        ]
        st._vanimals = vn = (tiles, holder[:], down[:], st.animals, animals)
    result: list[dict[str, Any]] = vn[4]
    return result


def _small_parts(st: TrekData, hide: bool) -> tuple[Any, Any, Any, Any, dict[str, int]]:
    """Clearing, explorers off the board, posts in hand, public money (``None`` each while
    hidden, RT-28) and the Scout, each kept from the last build while unchanged."""
    clearing, off, hand, money, scout = st._vsmall
    clearing = _same_or_copy(clearing, st.clearing)
    off = _same_or_copy(off, st.off)
    hand = _same_or_copy(hand, st.hand)
    st._vhide = hide
    pub_money: list[int | None]
    if hide:
        pub_money = [None] * len(st.money)
    else:
        money = pub_money = _same_or_copy(money, st.money)
    sc = (st.scout, st.scout_state, st.scout_holder)
    if scout is None or scout[0] != sc:
        scout = (sc, {"space": sc[0], "state": sc[1], "holder": sc[2]})
    st._vsmall = (clearing, off, hand, money, scout)
    return clearing, off, hand, pub_money, scout[1]


def _move_part(st: TrekData, view: dict[str, Any]) -> None:
    view["move"] = {
        "from": st.mv_from,
        "position": st.mv_pos,
        "direction": st.mv_dir,
        "in_hand": list(st.mv_stack),
        "next": st.mv_pos + st.mv_dir,
        "forced": st.mv_ctx == BY_FORCE,
    }


def _restack_part(st: TrekData, view: dict[str, Any]) -> None:
    view["restack"] = {"space": st.mv_from, "left": list(st.cap_rest)}


def _monkey_part(st: TrekData, view: dict[str, Any]) -> None:
    view["monkey"] = {"placed": st.mk_placed, "moves": st.mk_moves}


_EXTRAS: dict[int, Callable[[TrekData, dict[str, Any]], None]] = {
    Phase.DROP: _move_part,
    Phase.RESTACK: _restack_part,
    Phase.MONKEY: _monkey_part,
}
"""The parts of a view only some phases have."""
