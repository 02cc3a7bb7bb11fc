"""The legal placements kept incrementally equal the from-scratch enumeration, always.

``Board`` keeps the context of every position a card faces (``ctxs``) and the faces that fit
each (``fits``; ``open``, the positions where some face fits) as cards are placed, so a step
never enumerates the table. ``Rules.violation`` stays the single legality predicate (docs/design.md
section 6): here every position is asked anew, from the cells on the table alone, and the answer
must be exactly what the board kept.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from riverbox.games.river_wild import RiverWildState
from riverbox.games.river_wild.board import CLOSED, Board, pos_key, unpack

from .helpers import game


def _positions(board: Board) -> list[int]:
    """Every position a card could ever face: rows -1 (above the Source) to n + 1 (one past the
    id space: the row below a full column of n cards opens once all are placed), a card wider
    each way than the cards of that row can reach."""
    n = board.rules.deck.size
    return [pos_key(row, col) for row in range(-1, n + 2) for col in range(-row - 2, row + 3)]


def scratch_legal(board: Board, faces: list[int]) -> list[int]:
    """Every legal placement of ``faces`` found from nothing but the cells and the predicate:
    each position that overlaps no card, each face, ``Rules.violation`` asked."""
    rules = board.rules
    out = []
    for key in _positions(board):
        if key >> 8 < 1 or board.blocked(key):  # below the Source; no overlap (rulebook placement)
            continue
        ctx = board.context(key)
        out += [fi << 16 | key for fi in faces if not rules.violation(rules.faces[fi], ctx)]
    return out


def _faces(cards: list[int]) -> list[int]:
    return [fi for ci in cards for fi in (2 * ci, 2 * ci + 1)]


def _check(state: RiverWildState) -> None:
    board = state.board
    kept = board.legal(state.hand)
    assert kept == scratch_legal(board, _faces(state.hand))  # same placements, same order
    every = list(range(board.rules.deck.size))
    assert set(board.legal(every)) == set(scratch_legal(board, _faces(every)))  # cards not in hand too
    _check_kept(board)
    table = state.game._by_face_key
    assert state.legal_actions() == [table[p] for p in kept]


def _check_kept(board: Board) -> None:
    """What the board kept, position by position, equals what the cells and the predicate say."""
    rules = board.rules
    kept = {i for i, ctx in enumerate(board.ctxs) if ctx}
    assert len(board.ctxs) == rules.slots  # never grows: every position a card faces has its slot
    for key in _positions(board):
        i = rules.slot(key)
        kept.discard(i)
        if board.blocked(key):
            assert board.ctxs[i] == CLOSED
            assert board.fits[i] == 0
            continue
        ctx = board.context(key)
        assert board.ctxs[i] == ctx  # the context kept by OR equals the one read from the cells
        fit = sum(1 << fi for fi in range(rules.source_index) if not rules.violation(rules.faces[fi], ctx))
        assert board.fits[i] == fit
    assert not kept, "a position is kept that no card faces"
    assert board.open == [i for i, fit in enumerate(board.fits) if fit]  # in order, and only those


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
    assert [g.rules.key(i) for i in board.open] == [pos_key(1, -1), pos_key(1, 0), pos_key(1, 1)]
    assert {g.rules.slot(unpack(p)[1]) for p in board.legal(list(range(g.deck.size)))} <= set(board.open)


def test_the_table_of_legal_faces_is_the_predicate_for_every_context() -> None:
    # ``Rules.masks`` is filled whole, rule by rule, when the rules are made; for all 4096
    # contexts and with either reading of RW-3 it is what ``Rules.violation`` says face by face.
    for strict in (False, True):
        rules = game(strict_top_river=strict).rules
        assert rules.strict is strict
        for ctx in range(4096):
            expected = sum(
                1 << fi for fi in range(rules.source_index) if not rules.violation(rules.faces[fi], ctx)
            )
            assert rules.masks[ctx] == expected, (strict, ctx)
