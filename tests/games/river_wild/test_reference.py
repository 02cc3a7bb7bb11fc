"""The fast engine against the rules in rulebook shape (``reference.py``), over many seeded games.

At every step of random and greedy games, with each reading of the rule options: the engine's
legal placements are the reference's (RW-1 to RW-4, RW-12), the Protected Lands each placement
tells of are the ones the reference finds newly closed (RW-5, RW-6), with their cards and
animals, and the score the engine keeps and tells is the reference's (RW-7 to RW-10). A test
breaks one reference rule on purpose and sees the comparison fail, so it is no test that cannot.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import riverbox
from riverbox.core.rng import Rng
from riverbox.games.river_wild import Place, RiverWild, RiverWildState, reference
from riverbox.games.river_wild.board import key_pos
from riverbox.games.river_wild.content import ANIMALS, MOUNTAIN, RIVER, T0, T1, Face
from riverbox.games.river_wild.scoring import Land, Placement, layout_cells

OPTIONS: list[dict[str, bool]] = [
    {},
    {"strict_top_river": True},
    {"runestone_counts_for_all_goals": True},
    {"source_counts_for_size": False},
]


def _layout(state: RiverWildState) -> list[Placement]:
    faces = state.wild.rules.faces
    return [(faces[fi], *key_pos(key)) for fi, key in state.board.placed]


def _legal(state: RiverWildState) -> set[tuple[int, int, int, int]]:
    """The reference's legal placements for the state's layout and hand."""
    faces = state.wild.rules.faces
    hand = [(faces[2 * ci], faces[2 * ci + 1]) for ci in state.hand]
    return reference.legal_placements(_layout(state), hand, bool(state.game.options["strict_top_river"]))


def _told(land: Land, layout: list[Placement]) -> tuple[Any, ...]:
    """A reference land as its ``protected`` event tells it: size, cards, animals (as multisets)."""
    names = [f"c{layout[p][0].card}" if p else "the Source Card" for p in land.cards]
    animals = [ANIMALS[t] for t in range(4) for _ in range(land.animals[t])]
    return land.size, tuple(sorted(names)), tuple(sorted(animals))


def differences(game: RiverWild, seed: int, greedy: bool) -> list[str]:
    """Play one seeded game (random or greedy moves) and list where engine and reference differ."""
    options = game.options
    all_goals, source_size = options["runestone_counts_for_all_goals"], options["source_counts_for_size"]
    state = game.new_state(seed)
    assert isinstance(state, RiverWildState)
    bot = game.heuristic_bot(seed) if greedy else None
    rng = Rng(seed)
    out: list[str] = []
    while True:
        actions = [a for a in state.legal_actions(0) if isinstance(a, Place)] if state.to_move else []
        legal = {(a.card, a.side, a.row, a.col) for a in actions}
        expected = _legal(state)
        if legal != expected:
            out.append(f"seed {seed} step {len(state.board.placed)}: legal {sorted(legal ^ expected)[:4]}")
        if state.is_over != reference.game_over(state.hand, expected):  # RW-12
            out.append(f"seed {seed}: the engine's game over is {state.is_over}")
        if state.is_over or out:
            break
        before = reference.protected_lands(_layout(state), source_size)
        action = bot.act(state, 0) if bot is not None else rng.choice(state.legal_actions(0))
        start = len(state.log(0))
        state.apply(action, 0)
        new = state.log(0)[start:]
        layout = _layout(state)
        closed = [land for land in reference.protected_lands(layout, source_size) if land not in before]
        want = Counter(_told(land, layout) for land in closed)
        got = Counter(
            (e["size"], tuple(sorted(e["cards"])), tuple(sorted(e["animals"])))
            for e in new
            if e["kind"] == "protected"
        )
        if got != want:
            out.append(f"seed {seed} after {action}: protected {dict(got)} != {dict(want)}")
        score = reference.score(layout, all_goals, source_size)
        told = [e["score"] for e in new if e["kind"] in ("scored", "final")]
        if state.scores() != [float(score)] or any(t != score for t in told):
            out.append(f"seed {seed} after {action}: score {state.scores()} {told} != {score}")
    return out


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_the_engine_plays_as_the_reference_in_random_games(options: dict[str, bool]) -> None:
    game = riverbox.load("river-wild", **options)
    assert isinstance(game, RiverWild)
    for seed in range(50):
        assert differences(game, seed, greedy=False) == []


def test_the_engine_plays_as_the_reference_in_greedy_games() -> None:
    game = riverbox.load("river-wild")
    assert isinstance(game, RiverWild)
    for seed in range(10):
        assert differences(game, 1000 + seed, greedy=True) == []


def test_a_broken_reference_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # The engine's tables are made (and kept) before the reference is broken, so only the
    # reference forgets that a mountain is a fresh spring (RW-2): the comparison must see it.
    # Broken where this module calls it (a compiled reference binds its own calls early).
    game = riverbox.load("river-wild")
    assert isinstance(game, RiverWild)
    legal = reference.legal_placements
    faces = {(f.card, f.side): f for f in game.rules.faces}

    def springs_forgotten(
        layout: list[Placement], hand: list[tuple[Face, Face]], strict: bool
    ) -> set[tuple[int, int, int, int]]:
        cells = layout_cells(layout)
        out = set()
        for card, side, row, col in legal(layout, hand, strict):
            faced = reference.faced_terrains(layout, cells, row, col)
            if any(faces[card, side].slots[s] == RIVER and faced[s] == RIVER for s in (T0, T1)):
                out.add((card, side, row, col))
        return out

    monkeypatch.setattr(reference, "legal_placements", springs_forgotten)
    assert differences(game, 0, greedy=False) != []


def test_a_broken_protected_land_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # A reference that took a land sealed by a mountain for an open one (RW-5) disagrees with
    # the engine's Protected Lands somewhere in a few games.
    game = riverbox.load("river-wild")
    assert isinstance(game, RiverWild)
    lands = reference.protected_lands

    def without_mountains(layout: list[Placement], source_counts_for_size: bool = True) -> list[Land]:
        return [
            land
            for land in lands(layout, source_counts_for_size)
            if not any(MOUNTAIN in layout[p][0].slots for p in land.cards)
        ]

    monkeypatch.setattr(reference, "protected_lands", without_mountains)
    assert any(differences(game, seed, greedy=False) for seed in range(10))
