"""Positions set up by hand: rule tests, puzzles and teaching examples start from one.

``RiverTrek.position(...)`` (this module's ``build_position``) lays out any mid-game table on the
path START + ``middle`` + FINAL: caravans, trading posts, money, animal tokens, and the seat to act
in one of the turn's steps. Everything is checked, so a position that no game could reach in
its bookkeeping (a negative count, a token of an animal not in play) is refused with a
``ValueError``. A built position has no history that replays to it, so it is marked
``determinized`` like any other state that cannot be replayed: it has no record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from riverbox.games.river_trek.content import ANIMALS, middle_names, path_for
from riverbox.games.river_trek.position import EXPLORERS, PHASE_NAMES, POSTS, Phase, TrekData
from riverbox.games.river_trek.setup import empty_table, tile_positions
from riverbox.games.river_trek.turns import bridge_and_basecamp

TURN_STEPS = (Phase.SETUP_EXPLORER, Phase.POST, Phase.MOVE, Phase.PLACE, Phase.END, Phase.OVER)
"""The steps a built position may start in (the others continue an action already begun); in
``setup-explorer`` the first starting explorer of the setup order is next, ``over`` is a
finished game."""


def build_position(
    st: TrekData,
    *,
    middle: Sequence[str],
    animals: Sequence[str] = (),
    seat: int = 0,
    phase: str = "move",
    stacks: Mapping[int, Sequence[int]] | None = None,
    posts: Mapping[tuple[int, int], int] | None = None,
    money: Sequence[int] | None = None,
    holders: Mapping[str, int] | None = None,
    off: Mapping[int, int] | None = None,
    clearing: Sequence[int] | None = None,
    civilized: bool = False,
) -> None:
    """Set ``st`` (a state of the configured game) to the position described; see the module doc.

    ``stacks`` maps a space to its colours bottom to top; ``posts`` maps (area, seat) to a count;
    animals get their tiles on the RT-18 positions in order and ``holders`` gives tokens to seats;
    explorers and posts not placed are off the board / in hand unless ``off`` says how many of a
    colour are off the board. Money is 0 unless given. ``civilized``: the Civilization Event has
    happened (RT-27).
    """
    names = set(middle_names())
    if not middle or any(m not in names for m in middle) or len(set(middle)) != len(middle):
        raise ValueError(f"river-trek: middle boards must be distinct names from {sorted(names)}")
    if any(a not in ANIMALS for a in animals) or len(set(animals)) != len(animals) or len(animals) > 4:
        raise ValueError(f"river-trek: animals must be at most four distinct names from {list(ANIMALS)}")
    if phase not in PHASE_NAMES or Phase(PHASE_NAMES.index(phase)) not in TURN_STEPS:
        steps = ", ".join(PHASE_NAMES[p] for p in TURN_STEPS)
        raise ValueError(f"river-trek: a built position starts in one of the steps {steps}, not {phase!r}")
    st.history = []
    st.events = ()  # a tuple: the compiled build checks the property's type
    st.determinized = True
    st.middle = tuple(middle)
    st.animals = tuple(animals)
    path = path_for(st.middle)
    st.tiles = tuple(tile_positions(path, st.game.options)[: len(animals)])
    st.derive_fixed()
    empty_table(st)
    if not 0 <= seat < st.n:
        raise ValueError(f"river-trek: seat {seat} is not a seat of this {st.n}-player game")
    _lay_out(st, stacks or {}, posts or {}, holders or {}, off or {})
    st.money = _counts(money, st.n, "money") if money is not None else [0] * st.n
    if clearing is not None:
        st.clearing = _counts(clearing, st.colours, "clearing")
    if civilized:
        st.bridge, st.basecamp = bridge_and_basecamp(path)
        st.dock = st.bridge
        st.scout_state = 2
    st.count_posts()
    st.count_stacks()
    st.count_holders()
    st.phase = Phase(PHASE_NAMES.index(phase))
    st.cur = seat
    st.rot = st.rotation.index(seat)
    st.setup_i = len(st.setup_seq)
    st.turn_no = 1
    st.to_move = (seat,)
    if st.phase == Phase.SETUP_EXPLORER:
        if seat != st.setup_seq[0][0]:
            raise ValueError(f"river-trek: seat {st.setup_seq[0][0]} places the first starting explorer")
        st.setup_i = st.turn_no = 0
    elif st.phase == Phase.OVER:
        st.to_move = ()


def _counts(values: Sequence[int], size: int, what: str) -> list[int]:
    if len(values) != size or any(v.__class__ is not int or v < 0 for v in values):
        raise ValueError(f"river-trek: {what} must be {size} whole numbers, none negative")
    return list(values)


def _lay_out(
    st: TrekData,
    stacks: Mapping[int, Sequence[int]],
    posts: Mapping[tuple[int, int], int],
    holders: Mapping[str, int],
    off: Mapping[int, int],
) -> None:
    """Caravans, posts, tokens and explorers off the board, each checked against the table."""
    for space, colours in stacks.items():
        if not 0 <= space < st.path.length or any(not 0 <= c < st.colours for c in colours):
            raise ValueError(f"river-trek: no caravan of colours {list(colours)} fits on space {space}")
        st.stacks[space] = list(colours)
        for c in colours:
            st.off[c] -= 1
    for (area, who), k in posts.items():
        if not 0 <= area < len(st.path.areas) or not 0 <= who < st.n or k < 0:
            raise ValueError(f"river-trek: {k} posts of seat {who} in area {area} do not fit this table")
        st.posts[area][who] = k
        st.hand[who] -= k
    for name, who in holders.items():
        if name not in st.slot or not 0 <= who < st.n:
            raise ValueError(f"river-trek: seat {who} cannot hold {name!r}: it is not an animal in play")
        st.holder[st.slot[name]] = who
    for colour, k in off.items():
        if not 0 <= colour < st.colours or not 0 <= k <= EXPLORERS:
            raise ValueError(f"river-trek: colour {colour} cannot have {k} explorers off the board")
        st.off[colour] = k
    if min(st.off) < 0 or min(st.hand) < 0 or max(st.hand) > POSTS:
        raise ValueError(f"river-trek: more than {EXPLORERS} explorers or {POSTS} posts of one colour")
