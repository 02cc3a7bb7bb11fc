"""Build River Trek positions by hand for rule tests."""

from __future__ import annotations

from typing import Any

import riverbox
from riverbox.games.river_trek import state as st
from riverbox.games.river_trek.actions import parse
from riverbox.games.river_trek.board import path_for
from riverbox.games.river_trek.state import TrekState

PHASES = {name: i for i, name in enumerate(st.PHASE_NAMES)}


def make(
    players: int = 4,
    variant: str = "basic",
    middle: tuple[str, ...] = ("M1", "M2"),
    animals: tuple[str, ...] = (),
    seat: int = 0,
    phase: str = "move",
    stacks: dict[int, list[int]] | None = None,
    posts: dict[tuple[int, int], int] | None = None,
    money: list[int] | None = None,
    holders: dict[str, int] | None = None,
    **options: Any,
) -> TrekState:
    """A position on the path START + ``middle`` + FINAL, ``seat`` to act in ``phase``.

    ``stacks`` maps space -> colours bottom to top; ``posts`` maps (area, seat) -> count;
    ``animals`` are placed on the RT-18 tile positions in order; ``holders`` gives tokens to seats.
    Explorers and posts not placed are off the board / in hand.
    """
    if variant == "full" and len(middle) == 2:
        middle = (*middle, "M3")
    game = riverbox.load("river-trek", players=players, variant=variant, **options)
    s = game.new_state(0)
    path_tiles = game.tile_positions(path_for(middle))
    s._fixed(tuple(middle), tuple(animals), tuple(path_tiles[: len(animals)]))
    s.stacks = [[] for _ in range(s.path.length)]
    s.clearing = [0] * s.colours
    s.money = list(money) if money is not None else [0] * players
    s.posts = [[0] * players for _ in s.path.areas]
    s.hand = [st.POSTS] * players
    s.off = [st.EXPLORERS] * s.colours
    s.holder = [-1] * len(animals)
    s.down = [False] * len(animals)
    s.mv_stack = []
    s.cap_rest = []
    s.dock = 0
    s.bridge = -1
    s.basecamp = s.path.first_crossing()
    s.scout = s.path.scout_space() if variant == "full" else -1
    s.scout_state = 0 if s.scout >= 0 else 2
    for space, colours in (stacks or {}).items():
        s.stacks[space] = list(colours)
        for c in colours:
            s.off[c] -= 1
    for (area, who), k in (posts or {}).items():
        s.posts[area][who] = k
        s.hand[who] -= k
    for name, who in (holders or {}).items():
        s.holder[s.slot[name]] = who
    s.phase = PHASES[phase]
    s.cur = seat
    s.rot = s.rotation.index(seat)
    s.setup_i = len(s.setup_seq)
    s.turn_no = 1
    s.to_move = (seat,)
    s._lkey = None
    return s


def act(s: TrekState, text: str, seat: int | None = None) -> None:
    s.apply(parse(text), seat)


def legal(s: TrekState) -> set[str]:
    return {str(a) for a in s.legal_actions()}
