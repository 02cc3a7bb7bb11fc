"""Search leaves for two players: the chance to win from the scores, and the board scored now."""

from __future__ import annotations

from typing import Any

import pytest

import riverbox
from riverbox.bots.leaf import leaf_for, leaf_values
from riverbox.core.game import State
from riverbox.games.ravenous_river.outlook import ROUND_GAINS, round_now, win_chance, win_chances
from riverbox.games.ravenous_river.position import TURN
from riverbox.games.ravenous_river.rules import end_round


def _play(state: State, moves: int) -> State:
    bot = state.game.heuristic_bot(4)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    return state


def test_round_gains_favour_neither_seat() -> None:
    assert all(ROUND_GAINS[(y, x)] == n for (x, y), n in ROUND_GAINS.items())


@pytest.mark.parametrize(("mine", "rival"), [(0, 0), (3, 1), (5, 4), (2, 7), (6, 6), (9, 7)])
def test_the_two_seats_chances_add_up_to_one(mine: int, rival: int) -> None:
    assert win_chance(mine, rival, 6) + win_chance(rival, mine, 6) == pytest.approx(1.0)


def test_a_lead_counts_more_near_the_target() -> None:
    """The same 2 VP lead: worth more at 5-3 than at 2-0, and level scores are even."""
    assert win_chance(3, 3, 6) == pytest.approx(0.5)
    assert 0.5 < win_chance(2, 0, 6) < win_chance(4, 2, 6)
    assert win_chance(1, 0, 6) < win_chance(2, 0, 6) < win_chance(4, 0, 6)


def test_win_chances_at_the_start_of_a_round_read_the_scores() -> None:
    game = riverbox.load("ravenous-river", 2)
    state: Any = game.new_state(3)
    state.score = [4, 1]
    assert win_chances(state) == pytest.approx([2 * win_chance(4, 1, 6) - 1, 1 - 2 * win_chance(4, 1, 6)])


def test_a_finished_game_gives_its_returns() -> None:
    game = riverbox.load("ravenous-river", 2)
    state = _play(game.new_state(1), 10_000)
    assert state.is_over
    assert win_chances(state) == state.returns()


def test_round_now_is_what_scoring_the_round_would_give() -> None:
    """Cut a round short, then play it out: when nothing moves after the cut, the gains agree."""
    game = riverbox.load("ravenous-river", 2)
    state: Any = _play(game.new_state(6), 40)  # round 3, both boats full
    assert state.phase == TURN and len(state.boats[0]) + len(state.boats[1]) == 4
    before, now = list(state.score), round_now(state)
    end_round(state, "test")  # score the board as it stands
    assert [state.score[s] - before[s] for s in (0, 1)] == now


def test_more_than_two_players_keep_the_lead_leaf() -> None:
    game = riverbox.load("ravenous-river", 4)
    state = _play(game.new_state(2), 8)
    assert win_chances(state) is None
    assert leaf_for(game, "win")(state) == leaf_values(state)


def test_the_win_leaf_is_the_games_chances_and_lead_is_the_default() -> None:
    game = riverbox.load("ravenous-river", 2)
    state: Any = game.new_state(3)
    state.score = [5, 2]
    assert leaf_for(game, "win")(state) == win_chances(state)
    assert leaf_for(game, "lead")(state) == leaf_values(state)
    rivals = riverbox.load("river-rivals", 2)
    other = rivals.new_state(1)
    assert leaf_for(rivals, "win")(other) == leaf_values(other)
