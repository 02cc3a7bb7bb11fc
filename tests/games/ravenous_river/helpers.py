"""Build Ravenous River positions by hand for rule tests, through ``state_from_json``.

A hand-built position is not what its seed and history give, so it is loaded as the core
loads any such state (``determinized``: checked field by field and probed, not replayed).
"""

from __future__ import annotations

import io
import random
from typing import Any

from rich.console import Console

import riverbox
from riverbox.games.ravenous_river.content import CARD_INDEX
from riverbox.games.ravenous_river.position import Phase
from riverbox.games.ravenous_river.scoring import ANIMALS, INDEX
from riverbox.games.ravenous_river.state import RavenousRiverState

A = INDEX
C = CARD_INDEX


def position(
    players: int = 4,
    *,
    row: list[str | None] | None = None,
    up: tuple[int, ...] = (),
    bank: tuple[str, ...] = (),
    boats: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    bstate: tuple[int, int] = (0, 0),
    hands: list[list[str]] | None = None,
    totems: list[list[str]] | None = None,
    turn: int = 0,
    scores: list[int] | None = None,
    target: int = 6,
    seed: int = 0,
) -> RavenousRiverState:
    """A state in the middle of a round with exactly these zones (row slots 1..7, None = empty)."""
    game = riverbox.load("ravenous-river", players=players, target=target)
    doc = game.new_state(seed).to_json()
    body: dict[str, Any] = doc["body"]
    if players == 2 and totems is None:
        totems = [["lion", "bull"], ["horse", "hound"]]
    placed = set(bank) | {a for b in boats for a in b}
    if row is None:
        rest = [a for a in ANIMALS if a not in placed]
        row = [*rest, *([None] * (7 - len(rest)))]
    body["row"] = [-1 if a is None else A[a] for a in row]
    body["up"] = sum(1 << i for i in up)
    body["known"] = [0] * 7
    body["bank"] = [A[a] for a in bank]
    body["boats"] = [[A[a] for a in b] for b in boats]
    body["bstate"] = list(bstate)
    if hands is not None:
        body["hands"] = [sorted(C[c] for c in h) for h in hands]
    if totems is not None:
        body["totems"] = [[A[t] for t in ts] for ts in totems]
        if players == 2:
            extra = [A["mouse"], A["fox"]]
            body["drawn"] = [sorted([*body["totems"][s], extra[s]]) for s in range(2)]
    if scores is not None:
        body["score"] = list(scores)
    body.update(phase=int(Phase.TURN), turn=turn, last_turn=turn, to_move=[turn], look=-1, card=-1)
    doc["determinized"] = True
    st = game.state_from_json(doc)
    assert isinstance(st, RavenousRiverState)
    return st


def play_random(players: int, seed: int, steps: int | None = None) -> RavenousRiverState:
    """A game of random moves from ``seed``, stopped after ``steps`` moves or at the end."""
    st = riverbox.load("ravenous-river", players=players).new_state(seed)
    assert isinstance(st, RavenousRiverState)
    r = random.Random(seed)
    k = 0
    while not st.is_over and (steps is None or k < steps):
        seat = r.choice(st.to_move)
        st.apply(r.choice(st.legal_actions(seat)), seat)
        k += 1
    return st


def play_until(players: int, seed: int, stop: Any) -> RavenousRiverState:
    """Random play from ``seed`` until ``stop(state)`` holds or the game ends."""
    st = riverbox.load("ravenous-river", players=players).new_state(seed)
    assert isinstance(st, RavenousRiverState)
    r = random.Random(seed)
    while not st.is_over and not stop(st):
        seat = r.choice(st.to_move)
        st.apply(r.choice(st.legal_actions(seat)), seat)
    return st


def screen(state: riverbox.State, seat: int | None, width: int = 200) -> str:
    """The terminal drawing of ``state`` for ``seat``, as plain text."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(state.game.render(state, seat))
    return out.getvalue()


def report(st: RavenousRiverState, seat: int | None = None) -> dict[str, Any]:
    """The last end-of-round report in ``st.log(seat)`` (the ``round_scored`` event)."""
    return next(e for e in reversed(st.log(seat)) if e["kind"] == "round_scored")


def act(st: RavenousRiverState, text: str, seat: int | None = None) -> None:
    st.apply(st.game.parse_action(text, st), seat)


def legal(st: RavenousRiverState, seat: int | None = None) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def names(xs: list[int]) -> list[str]:
    return [ANIMALS[x] for x in xs]


def said(st: RavenousRiverState, seat: int | None = None, since: int = 0) -> list[str]:
    """The sentences of ``st.log(seat)`` from event ``since`` on, one a line."""
    return [line for e in st.log(seat)[since:] for line in st.game.describe_event(e).split("\n")]


__all__ = ["act", "legal", "names", "play_random", "play_until", "position", "report", "said", "screen"]
