"""Setting up a game: boards and animals drawn, animal tiles placed (RT-18), starting explorers
(RT-6, RT-20) and starting trading posts (RT-5)."""

from __future__ import annotations

from typing import Any

from riverbox.games.river_trek.actions import A_TILE, TrekAction
from riverbox.games.river_trek.content import (
    ANIMALS,
    CROSSING,
    DOCK,
    Path,
    animal_positions,
    animal_title,
    middle_names,
    path_for,
)
from riverbox.games.river_trek.position import (
    BY_PLAYER,
    EXPLORERS,
    IN_SETUP_EXPLORER,
    IN_SETUP_POST,
    IN_SETUP_TILE,
    POSTS,
    START_MONEY,
    TrekData,
    tiles_by_space,
)
from riverbox.games.river_trek.turns import begin_turn


def animals_on(options: dict[str, Any]) -> bool:
    """Whether the game uses animal tiles (not in the Simpler Game)."""
    return bool(options["animals"]) and options["variant"] != "simple"


def tile_positions(path: Path, options: dict[str, Any]) -> list[int]:
    """RT-18 tile positions with automatic shifts ("choose" games shift forward here; in play the
    host decides each shift during setup)."""
    return animal_positions(path, 4, "back" if options["animal_shift"] == "back" else "forward")


def setup(st: TrekData) -> None:
    """Draw the boards and animals, then the empty table; the first decision is a starting explorer
    (or, with ``animal_shift=choose``, where a shifted tile goes)."""
    opts = st.game.options
    order = list(middle_names())
    st.rng.shuffle(order)
    st.middle = tuple(order[: 3 if opts["variant"] == "full" else 2])
    path = path_for(st.middle)
    st.chance("boards " + " ".join(path.sides[1:-1]))
    st.emit("boards", boards=list(path.sides[1:-1]))
    st.animals = st.tiles = ()
    if animals_on(opts):
        pool = list(ANIMALS)
        st.rng.shuffle(pool)
        st.animals = tuple(pool[:4])
        titles = [animal_title(a) for a in st.animals]
        if opts["animal_shift"] == "choose":  # RT-18 option: seat 0 (the host) chooses shifts
            st.chance("animals " + " ".join(st.animals))
            st.emit("animals", animals=titles, spaces=None)
        else:
            st.tiles = tuple(tile_positions(path, opts))
            st.chance("animals " + " ".join(f"{a}@{t}" for a, t in zip(st.animals, st.tiles, strict=True)))
            st.emit("animals", animals=titles, spaces=list(st.tiles))
    st.derive_fixed()
    empty_table(st)
    if len(st.tiles) < len(st.animals):
        place_tiles(st)


def empty_table(st: TrekData) -> None:
    """Every piece in its owner's supply, the Scout on its space, the first setup placement next."""
    n = st.n
    path = st.path
    st.stacks = [[] for _ in range(path.length)]
    st.clearing = [0] * st.colours
    st.money = [START_MONEY[i] for i in range(n)]
    st.posts = [[0] * n for _ in path.areas]
    st.hand = [POSTS] * n
    st.off = [EXPLORERS] * st.colours
    st.holder = [-1] * len(st.animals)
    st.down = [False] * len(st.animals)
    st.mv_stack = []
    st.cap_rest = []
    st.phase = IN_SETUP_EXPLORER
    st.cur = st.rot = st.setup_i = st.dock = 0
    st.basecamp = path.first_crossing()
    st.bridge = -1
    st.scout = path.scout_space() if st.game.options["variant"] == "full" else -1
    st.scout_state = 0 if st.scout >= 0 else 2
    st.scout_holder = -1
    st.mv_pos = st.mv_dir = st.mv_from = -1
    st.mv_ctx = BY_PLAYER
    st.mv_tools = 0
    st.ret_phase = -1
    st.mk_placed = st.mk_moves = 0
    st.dog_used = st.triggered = False
    st.final_pending = st.turn_no = 0
    st.to_move = (st.setup_seq[0][0],)
    st.count_posts()
    st.count_stacks()
    st.count_holders()


def tile_candidates(st: TrekData) -> list[int]:
    """RT-18: where the next animal tile may go (one entry: no choice)."""
    path = st.path
    nominal = st.tiles[-1] + 2 if st.tiles else path.first_crossing() + 1

    def ok(p: int) -> bool:
        return 0 < p < path.final_start and path.kinds[p] not in (DOCK, CROSSING) and p not in st.tiles

    if ok(nominal):
        return [nominal]
    return [p for p in (nominal + 1, nominal - 1) if ok(p)]


def place_tiles(st: TrekData) -> None:
    """Place tiles automatically until the host must choose a shift (animal_shift=choose)."""
    while len(st.tiles) < len(st.animals):
        options = tile_candidates(st)
        if len(options) > 1:
            st.phase = IN_SETUP_TILE
            st.to_move = (0,)
            return
        if not options:
            raise ValueError("river-trek: no legal animal tile position")  # RT-18
        put_tile(st, options[0])
    st.phase = IN_SETUP_EXPLORER
    st.to_move = (st.setup_seq[0][0],)


def put_tile(st: TrekData, space: int) -> None:
    st.tiles = (*st.tiles, space)
    st.tile_at = tiles_by_space(st.tiles, st.path.length)


def tile_actions(st: TrekData, seat: int) -> list[TrekAction]:
    return [A_TILE[p] for p in tile_candidates(st)]


def choose_tile(st: TrekData, action: TrekAction, seat: int) -> None:
    """The host puts the next tile on one of the two shifted spaces (RT-18)."""
    animal = animal_title(st.animals[len(st.tiles)])
    st.emit("tile", who=st.names[seat], animal=animal, space=action.at)
    put_tile(st, action.at)
    place_tiles(st)


def place_starting_explorer(st: TrekData, space: int, seat: int) -> None:
    """RT-6, RT-20: the next starting explorer of the setup sequence (Stanley's placed by a seat)."""
    colour = st.setup_seq[st.setup_i][1]
    st.emit("setup_place", who=st.names[seat], colour=st.names[colour], space=space)
    st.put(space, colour)
    st.off[colour] -= 1
    st.setup_i += 1
    if st.setup_i < len(st.setup_seq):
        st.to_move = (st.setup_seq[st.setup_i][0],)
    else:
        st.phase = IN_SETUP_POST  # RT-5
        st.setup_i = 0
        st.to_move = (0,)


def starting_post_placed(st: TrekData) -> None:
    """RT-5: each seat places one starting post in turn; then the first turn begins."""
    st.setup_i += 1
    if st.setup_i < st.n:
        st.to_move = (st.setup_i,)
    else:
        st.setup_i = len(st.setup_seq)
        st.rot = 0
        begin_turn(st, st.rotation[0])
