"""Build River Trek positions for rule tests, through the game's public ``position`` constructor."""

from __future__ import annotations

from typing import Any

import riverbox
from riverbox.games.river_trek.actions import parse
from riverbox.games.river_trek.state import TrekState


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
