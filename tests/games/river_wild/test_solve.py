"""River Wild with the deck known: the beam solver, hindsight optimisation and the oracle."""

from __future__ import annotations

from typing import Any

import riverbox
from riverbox.games.river_wild.bot import play
from riverbox.games.river_wild.solve import HindsightBot, OracleBot, greedy_line, solve


def _start(seed: int, moves: int = 8) -> Any:
    """A game ``moves`` greedy cards in, so the solver has the last few cards to place (quick)."""
    state = riverbox.load("river-wild").new_state(seed)
    bot = state.game.heuristic_bot(seed)
    for _ in range(moves):
        if not state.is_over:
            state.apply(bot.act(state, 0), 0)
    return state


def test_the_solved_line_replays_to_the_score_it_claims() -> None:
    state = _start(3)
    found = solve(state.board, state.hand, state.deck, beam=2)
    game = state.game
    for fi, key in found.line:
        state.apply(game._by_face_key[fi << 16 | key], 0)
    assert state.is_over
    assert state.scores()[0] == found.score


def test_a_wider_beam_never_finds_less_than_the_greedy_line() -> None:
    for seed in range(3):
        state = _start(seed)
        greedy = greedy_line(state.board.copy(), list(state.hand), list(state.deck))[0]
        assert solve(state.board, state.hand, state.deck, beam=1).score >= greedy


def test_the_solver_leaves_its_inputs_alone() -> None:
    state = _start(4)
    before = (list(state.hand), list(state.deck), state.board.score(), len(state.board.placed))
    solve(state.board, state.hand, state.deck, beam=1)
    assert before == (list(state.hand), list(state.deck), state.board.score(), len(state.board.placed))


def test_the_oracle_reaches_the_score_it_planned() -> None:
    state = _start(5, moves=0)
    planned = solve(state.board, state.hand, state.deck, beam=1).score
    assert play(state.game, OracleBot(beam=1), 5).scores()[0] == planned


def test_hindsight_decides_from_the_view_alone_and_repeats_itself() -> None:
    state = _start(6)
    other = state.determinize(0, 123)  # the same view, another order of the face-down deck
    assert other.view(0) == state.view(0)
    a = HindsightBot(9, samples=3, think=60.0).act(state, 0)
    b = HindsightBot(9, samples=3, think=60.0).act(other, 0)
    assert a == b
    assert a in state.legal_actions(0)


def test_hindsight_analyse_gives_every_legal_move_its_mean_score() -> None:
    state = _start(7)
    rows = HindsightBot(1, samples=2, think=60.0).analyse(state, 0)
    assert sorted(map(str, (a for a, _, _ in rows))) == sorted(map(str, state.legal_actions(0)))
    assert [v for _, v, _ in rows] == sorted((v for _, v, _ in rows), reverse=True)
    assert all(n == 2 for _, _, n in rows)
