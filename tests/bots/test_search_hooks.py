"""The search bots reach game knowledge only through the game's hooks (``playout_policy``,
``leaf_measure``), so ``riverbox.bots`` imports no game (tests/test_architecture.py)."""

from __future__ import annotations

import math

import pytest

import riverbox
from riverbox.bots.ismcts import Searcher, Settings
from riverbox.bots.leaf import leaf_values
from riverbox.core.game import Action, Policy, State
from riverbox.core.rng import Rng
from tests.core.toy import ToyGame


class CountingToy(ToyGame):
    """The toy game with a playout policy that counts its calls (always the first legal move)."""

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self.calls = 0

    def playout_policy(self, rng: Rng) -> Policy:
        def first(state: State, seat: int) -> Action:
            self.calls += 1
            return state.legal_actions(seat)[0]

        return first

    def leaf_measure(self, state: State) -> list[float]:
        return [2.0, 0.0]  # seat 0 leads by 2, whatever the scores say


def test_a_game_without_hooks_gets_uniform_or_heuristic_playouts_and_its_scores() -> None:
    game = ToyGame(players=2)
    assert game.playout_policy(Rng(0)) is None
    state = game.new_state(4)
    state.apply(state.legal_actions(0)[0], 0)
    assert game.leaf_measure(state) == state.scores()


def test_search_scores_an_unfinished_position_by_the_games_leaf_measure() -> None:
    state = CountingToy(players=2).new_state(1)
    assert state.scores()[0] == state.scores()[1]
    lead = 2.0 / 4.0  # the default scale of a lead
    assert leaf_values(state) == pytest.approx([math.tanh(lead), math.tanh(-lead)])


@pytest.mark.parametrize(("rollout", "used"), [("fast", True), ("heuristic", False), ("random", False)])
def test_only_fast_playouts_follow_the_games_playout_policy(rollout: str, used: bool) -> None:
    game = CountingToy(players=2, turns=3)
    settings = Settings(iterations=30, think=60.0, bias=0.0, epsilon=0.0, rollout=rollout)
    Searcher(game, settings, 5).run(game.new_state(1), 0, 30)
    assert (game.calls > 0) == used


FAST_GAMES = [("ravenous-river", 4), ("ravenous-river", 2), ("river-wild", 1)]


@pytest.mark.parametrize(("name", "players"), FAST_GAMES)
def test_the_games_fast_playout_policies_pick_legal_moves(name: str, players: int) -> None:
    game = riverbox.load(name, players)
    policy = game.playout_policy(Rng(3))
    assert policy is not None
    walk = Rng(8)
    state = game.new_state(2)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        assert policy(state, seat) in legal
        state.apply(walk.choice(legal), seat)


def test_river_trek_measures_explorers_progress_as_well_as_money() -> None:
    """Money alone barely moves in a few turns; the measure also credits explorers up the path."""
    game = riverbox.load("river-trek", 2)
    state = game.new_state(6)
    assert game.leaf_measure(state) == state.scores()  # everyone still at the start
    bot = game.heuristic_bot(1)
    for _ in range(12):
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    measure, money = game.leaf_measure(state), state.scores()
    assert all(m >= c for m, c in zip(measure, money, strict=True))
    assert measure != money
