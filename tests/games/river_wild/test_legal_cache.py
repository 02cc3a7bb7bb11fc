"""The legal placements kept incrementally equal the from-scratch enumeration, always.

``Board`` keeps the open positions, their contexts and the faces that fit each (``fits``) as
cards are placed, so a step never enumerates the table. ``Rules.violation`` stays the single
legality predicate (design.md section 6): here every position of the id space is asked anew,
from the cells on the table alone, and the answer must be exactly what the board kept.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from riverbox.games.river_wild import RiverWildState
from riverbox.games.river_wild.board import Board, pos_key, unpack

from .helpers import game


def scratch_legal(board: Board, faces: list[int]) -> list[int]:
    """Every legal placement of ``faces`` found from nothing but the cells and the predicate:
    each position that overlaps no card, each face, ``Rules.violation`` asked. Rows go to n + 1,
    one past the id space: the row below a full column of n cards opens once all are placed."""
    rules = board.rules
    out = []
    for row in range(1, rules.deck.size + 2):
        for col in range(-row, row + 1):
            key = pos_key(row, col)
            if board.blocked(key):  # no overlap (rulebook placement)
                continue
            ctx = board.context(key)
            out += [fi << 16 | key for fi in faces if not rules.violation(rules.faces[fi], ctx)]
    return out


def _faces(state: RiverWildState) -> list[int]:
    return [fi for ci in state.hand for fi in (2 * ci, 2 * ci + 1)]


def _check(state: RiverWildState) -> None:
    board = state.board
    kept = board.legal(_faces(state))
    assert kept == scratch_legal(board, _faces(state))  # same placements, same order
    every = list(range(board.rules.source_index))
    assert set(board.legal(every)) == set(scratch_legal(board, every))  # also for cards not in hand
    assert set(board.fits) == set(board.cands)
    for key, ctx in board.cands.items():
        assert ctx == board.context(key)  # contexts kept by OR equal the ones read from the cells
    table = state.game._by_face_key
    assert state.legal_actions() == [table[p] for p in kept]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    pick=st.integers(0, 2**32),
    strict=st.booleans(),
    all_goals=st.booleans(),
)
def test_kept_placements_equal_the_scratch_enumeration_after_every_placement(
    seed: int, pick: int, strict: bool, all_goals: bool
) -> None:
    g = game(strict_top_river=strict, runestone_counts_for_all_goals=all_goals)
    state = g.new_state(seed)
    assert isinstance(state, RiverWildState)
    rnd = random.Random(pick)
    while True:
        _check(state)
        if state.is_over:
            break
        state.apply(rnd.choice(state.legal_actions()))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 16))
def test_copies_and_loaded_states_keep_the_same_placements(seed: int, steps: int) -> None:
    # A clone, a determinized copy and a state read back from JSON carry the kept placements along
    # (or rebuild them) and keep them right as play goes on.
    g = game()
    state = g.new_state(seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rnd.choice(state.legal_actions()))
    copies = [state.clone(), state.determinize(0, seed), g.state_from_json(state.to_json())]
    for other in copies:
        assert isinstance(other, RiverWildState)
        while not other.is_over:
            _check(other)
            other.apply(rnd.choice(other.legal_actions()))


def test_the_first_step_lists_the_three_positions_below_the_source() -> None:
    # The Source Card at 0,0 opens 1,-1, 1,0 and 1,1 only; what fits there is read from the rules.
    g = game()
    board = Board.new(g.rules)
    assert sorted(board.fits) == [pos_key(1, -1), pos_key(1, 0), pos_key(1, 1)]
    assert {unpack(p)[1] for p in board.legal(list(range(g.rules.source_index)))} <= set(board.fits)
