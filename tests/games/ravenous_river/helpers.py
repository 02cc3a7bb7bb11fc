"""Build Ravenous River positions by hand for rule tests."""

from __future__ import annotations

import riverbox
from riverbox.games.ravenous_river.cards import CARD_INDEX
from riverbox.games.ravenous_river.scoring import INDEX
from riverbox.games.ravenous_river.state import CARD, PLACE, TURN, VOTE, RavenousRiverState

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
    st = game.new_state(seed)
    assert isinstance(st, RavenousRiverState)
    if players == 2 and totems is None:
        totems = [["lion", "bull"], ["horse", "hound"]]
    placed = set(bank) | {a for b in boats for a in b}
    if row is None:
        rest = [a for a in ("lion", "bull", "horse", "hound", "fox", "cat", "mouse") if a not in placed]
        row = [*rest, *([None] * (7 - len(rest)))]
    st.row = [-1 if a is None else A[a] for a in row]
    st.rmask = sum(1 << i for i, a in enumerate(row) if a is not None)
    st.up = sum(1 << i for i in up)
    st.known = [0] * 7
    st.bank = [A[a] for a in bank]
    st.boats = [[A[a] for a in b] for b in boats]
    st.bstate = list(bstate)
    if hands is not None:
        st.hands = [sorted(C[c] for c in h) for h in hands]
        st.cards_left = sum(len(h) for h in st.hands)
    if totems is not None:
        st.totems = [[A[t] for t in ts] for ts in totems]
        if players == 2:
            st.drawn = [sorted([*st.totems[s], *([A["mouse"]] if s == 0 else [A["fox"]])]) for s in range(2)]
    if scores is not None:
        st.score = list(scores)
    st.phase = TURN
    st.turn = turn
    st.last_turn = turn
    st.to_move = (turn,)
    st.look = st.card = -1
    st._lkey = None
    return st


def act(st: RavenousRiverState, text: str, seat: int | None = None) -> None:
    st.apply(st.game.parse_action(text, st), seat)


def legal(st: RavenousRiverState, seat: int | None = None) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def names(xs: list[int]) -> list[str]:
    from riverbox.games.ravenous_river.scoring import ANIMALS

    return [ANIMALS[x] for x in xs]


__all__ = ["CARD", "PLACE", "TURN", "VOTE", "act", "legal", "names", "position"]
