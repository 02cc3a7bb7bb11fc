"""Build River Trek positions for rule tests, through the game's public ``position`` constructor.

Positions use the placeholder path START + M1A + M2A + FINAL unless a test names other boards:

    0 Dock | 1-2 S-a (area 0) | 3-4 S-b (area 1) | 5 X (Base camp) | 6 S-c (area 2) | 7 X
    8-9 M1A-a (3) | 10 X | 11-12 b (4) | 13-14 c (5) | 15 X | 16-17 d (6) | 18 e (7)
    19 X | 20-21 M2A-a (8) | 22-23 b (9) | 24 . | 25-26 c (10) | 27 X | 28-29 d (11)
    30 "4" | 31 "5" | 32 "7" | 33 "9" | 34 "*"   (then the clearing)

Animal tiles (RT-18, forward) sit on 6, 8, 11, 13 in the order the animals are listed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

import riverbox
from riverbox.games.river_trek.actions import parse
from riverbox.games.river_trek.state import TrekState

T = TypeVar("T")

G, O, P, B = 0, 1, 2, 3  # noqa: E741 - green, orange, purple, blue
STANLEY = 2
"""Stanley's colour in a two-player game (RT-20)."""


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
    off: dict[int, int] | None = None,
    clearing: list[int] | None = None,
    civilized: bool = False,
    **options: Any,
) -> TrekState:
    """A position on the path START + ``middle`` + FINAL, ``seat`` to act in ``phase``
    (``RiverTrek.position``; a full game gets a third middle board, M3)."""
    if variant == "full" and len(middle) == 2:
        middle = (*middle, "M3")
    game = riverbox.load("river-trek", players=players, variant=variant, **options)
    state = game.position(
        middle=middle,
        animals=animals,
        seat=seat,
        phase=phase,
        stacks=stacks,
        posts=posts,
        money=money,
        holders=holders,
        off=off,
        clearing=clearing,
        civilized=civilized,
    )
    assert isinstance(state, TrekState)
    return state


def act(s: TrekState, text: str, seat: int | None = None) -> None:
    s.apply(parse(text), seat)


def legal(s: TrekState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def told(s: TrekState, seat: int | None = None) -> list[str]:
    """What the log tells ``seat`` (default: spectators), as sentences."""
    return [s.game.describe_event(e) for e in s.log(seat)]


def bridged(**kw: Any) -> TrekState:
    """A full-game position after the Civilization Event: Bridge on 5, Base camp on 10 (RT-27)."""
    s = make(variant="full", civilized=True, **kw)
    assert (s.bridge, s.dock, s.basecamp) == (5, 5, 10)
    return s


def play_first_legal_until_over(s: TrekState, current: bool = False) -> list[int]:
    """Play to the end taking the plainest legal action; the actors of each turn, in order."""
    actors = [s.cur] if current else []
    last = s.turn_no
    while not s.is_over:
        if s.turn_no != last:
            actors.append(s.cur)
            last = s.turn_no
        lg = s.legal_actions()
        choice = next((a for a in lg if str(a) in ("skip", "end", "drop", "done")), lg[0])
        s.apply(choice)
    return actors


def first_found(
    game: riverbox.Game, seeds: int, pick: Callable[[TrekState, int], T | None]
) -> tuple[TrekState, T]:
    """The first state of random play (seeds 0..``seeds``-1) where ``pick(state, seat)`` finds something."""
    for seed in range(seeds):
        st = game.new_state(seed)
        assert isinstance(st, TrekState)
        r = random.Random(seed)
        while not st.is_over:
            seat = st.to_move[0]
            found = pick(st, seat)
            if found is not None:
                return st, found
            st.apply(r.choice(st.legal_actions(seat)), seat)
    raise AssertionError(f"nothing found in {seeds} seeds")
