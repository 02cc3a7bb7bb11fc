"""River Wild with the deck known: the beam solver, hindsight optimisation and the oracle."""

from __future__ import annotations

from typing import Any

import pytest

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


def test_hindsight_with_width_searches_its_candidates_on_the_same_decks() -> None:
    state = _start(7)
    legal = state.legal_actions(0)
    rows = HindsightBot(1, samples=2, beam=1, width=2, screen=2, think=60.0).analyse(state, 0)
    assert sorted(map(str, (a for a, _, _ in rows))) == sorted(map(str, legal))
    searched = [(v, n) for _, v, n in rows if n]
    assert len(searched) == min(2, len(legal)) and all(n == 2 for _, n in searched)
    assert [v for v, _ in searched] == sorted((v for v, _ in searched), reverse=True)
    assert all(n == 0 for _, _, n in rows[len(searched) :])


def test_hindsight_with_width_out_of_time_after_the_screen_plays_the_screens_best() -> None:
    """No time left for a candidate's search (issue 28: stay on budget): the screen decides."""
    state = _start(7)
    bot = HindsightBot(1, samples=2, beam=1, width=2, screen=2, think=2.5)
    clock = _Clock()
    bot.clock = clock  # reads: 0 (deadline 2.5), 1 screens a deck, 2 and 3 find no room for more
    rows = bot.analyse(state, 0)
    assert clock.now == 3
    assert all(n == 0 for _, _, n in rows)
    assert [v for _, v, _ in rows] == sorted((v for _, v, _ in rows), reverse=True)


class _Clock:
    """A CPU clock that advances one second every time it is read."""

    def __init__(self) -> None:
        self.now = -1.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def test_hindsight_with_width_drops_a_deck_the_time_runs_out_in() -> None:
    """Out of time on the second deck: that deck is dropped, so every candidate's mean is over the
    same (first) deck, as with one sample and time to spare, and no candidate's search starts that
    would end past the budget (issue 28)."""
    state = _start(5, moves=6)
    whole = HindsightBot(3, samples=1, beam=1, width=3, screen=2, think=60.0).analyse(state, 0)
    bot = HindsightBot(3, samples=5, beam=1, width=3, screen=2, think=6.5)
    clock = _Clock()
    bot.clock = clock
    # reads: 0 sets the deadline (6.5), 1-2 before the two screening decks, 3-5 before deck 1's
    # candidates, 6 before deck 2's first: a step has cost 1, so it would end at 7, past 6.5
    cut = bot.analyse(state, 0)
    assert clock.now == 6
    assert [n for _, _, n in cut if n] == [1, 1, 1]
    assert [(str(a), v) for a, v, n in cut if n] == [(str(a), v) for a, v, n in whole if n]


def test_hindsight_with_width_decides_from_the_view_alone() -> None:
    state = _start(6)
    other = state.determinize(0, 123)
    a = HindsightBot(9, samples=2, beam=1, width=3, screen=2, think=60.0).act(state, 0)
    b = HindsightBot(9, samples=2, beam=1, width=3, screen=2, think=60.0).act(other, 0)
    assert a == b
    assert a in state.legal_actions(0)


def test_hindsight_refuses_a_width_below_zero_or_no_screen() -> None:
    for bad in ({"width": -1}, {"screen": 0}):
        with pytest.raises(ValueError):
            HindsightBot(**bad)


def test_the_searching_oracle_never_ends_below_the_planning_oracle() -> None:
    """With every first move searched, its first plan already holds the planning oracle's line
    (both search the same positions after the move the planner keeps), and plans only improve."""
    for seed in (5, 8):
        state = _start(seed, moves=0)
        planned = solve(state.board, state.hand, state.deck, beam=1).score
        assert play(state.game, OracleBot(beam=1, width=99), seed).scores()[0] >= planned
