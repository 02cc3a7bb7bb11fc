"""River Wild's perfect-information bound: never beaten, exact on endgames, honest about its state."""

from __future__ import annotations

from typing import Any

import pytest

import riverbox
from riverbox.bots.base import make_bot
from riverbox.games.river_wild.bound import exhaustive, optimistic, pi_bound
from riverbox.games.river_wild.solve import OracleBot


def _late(seed: int, moves: int) -> Any:
    """A deal ``moves`` greedy cards in: the endgame the exact search finishes quickly."""
    state = riverbox.load("river-wild").new_state(seed)
    bot = state.game.heuristic_bot(seed)
    for _ in range(moves):
        if not state.is_over:
            state.apply(bot.act(state, 0), 0)
    return state


def _finish(state: Any, bot: Any) -> float:
    """The final score of ``bot`` playing on from a copy of ``state``."""
    state = state.clone()
    while not state.is_over:
        state.apply(bot.act(state, 0), 0)
    return float(state.scores()[0])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_bound_is_exact_on_an_endgame_and_equals_the_exhaustive_optimum(seed: int) -> None:
    state = _late(seed, 12)
    found = pi_bound(state.board, state.hand, state.deck, nodes=100_000)
    assert found.exact and found.upper == found.lower
    assert found.upper == exhaustive(state.board, state.hand, state.deck)


@pytest.mark.parametrize("seed", [3, 4])
def test_no_bot_and_not_the_oracle_beats_the_bound(seed: int) -> None:
    state = _late(seed, 10)
    found = pi_bound(state.board, state.hand, state.deck, nodes=100_000)
    game = state.game
    bots = [make_bot(spec, game, seed) for spec in ("random", "heuristic", "lookahead:samples=2")]
    bots += [make_bot("hindsight:samples=2,beam=1,width=3,think=60", game, seed), OracleBot(beam=2)]
    for bot in bots:
        assert _finish(state, bot) <= found.upper
    whole = riverbox.load("river-wild").new_state(seed)
    assert pi_bound(whole.board, whole.hand, whole.deck, nodes=50).upper >= _finish(whole, OracleBot(beam=1))


def test_the_line_found_replays_to_its_score() -> None:
    state = _late(5, 11)
    found = pi_bound(state.board, state.hand, state.deck, nodes=100_000)
    for fi, key in found.line:
        state.apply(state.game._by_face_key[fi << 16 | key], 0)
    assert state.is_over and state.scores()[0] == found.lower


def test_the_relaxation_bounds_every_exact_value_and_a_small_budget_only_loosens_it() -> None:
    for seed in range(6, 9):
        state = _late(seed, 12)
        best = exhaustive(state.board, state.hand, state.deck)
        assert optimistic(state.board, state.hand + state.deck) >= best
        cut = pi_bound(state.board, state.hand, state.deck, nodes=1)
        assert cut.lower <= best <= cut.upper


def test_the_search_leaves_its_inputs_alone_and_refuses_a_negative_budget() -> None:
    state = _late(9, 12)
    before = (list(state.hand), list(state.deck), list(state.board.placed))
    pi_bound(state.board, state.hand, state.deck, nodes=1000)
    assert before == (list(state.hand), list(state.deck), list(state.board.placed))
    with pytest.raises(ValueError, match="at least 0"):
        pi_bound(state.board, state.hand, state.deck, nodes=-1)
