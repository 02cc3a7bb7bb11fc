"""The generic bots play legal moves, stay inside what their seat knows, and beat random."""

from __future__ import annotations

from typing import Any

import pytest

import riverbox
from riverbox.bots.base import RandomBot, bot_names, make_bot
from riverbox.bots.ismcts import ismcts, pimc
from riverbox.bots.search import MonteCarloBot
from riverbox.lab import tournament
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")


def test_bot_lookup_names_valid_bots() -> None:
    game = riverbox.load("toy", players=2)
    assert bot_names(game) == ["random", "ismcts", "montecarlo", "pimc", "rollout"]
    assert isinstance(make_bot("random", game), RandomBot)
    with pytest.raises(ValueError, match="valid bots: random, ismcts, montecarlo, pimc, rollout"):
        make_bot("oracle", game)
    with pytest.raises(ValueError, match="no heuristic bot"):
        make_bot("heuristic", game)


@pytest.mark.parametrize("cls", [MonteCarloBot, ismcts, pimc])
def test_search_bots_only_use_determinized_worlds(cls: Any) -> None:
    """A search bot's choice must not depend on hidden cards: same view, same decision."""
    game = riverbox.load("toy", players=2, turns=1)
    for seed in range(6):
        state = game.new_state(seed)
        other = state.determinize(0, seed + 100)  # same view for seat 0, other hidden cards
        budget = {"playouts": 30} if cls is MonteCarloBot else {"iterations": 60, "think": 60.0}
        bot_a = cls(game, 7, **budget)
        bot_b = cls(game, 7, **budget)
        assert bot_a.act(state, 0) == bot_b.act(other, 0)


def test_montecarlo_beats_random_at_guessing() -> None:
    """In the toy game the guess is worth 1 + bets; a searching bot should outscore random."""
    setup = tournament.Setup("toy", 2, {"turns": 1}, ("montecarlo", "random"))
    results = tournament.run(setup, 60, seed=3)
    summary = tournament.summarise(setup.bots, results)
    assert summary.score_mean[0] > summary.score_mean[1]


def test_game_specific_bots_are_found_by_name() -> None:
    game = riverbox.load("river-wild")
    assert "lookahead" in bot_names(game)
    bot = make_bot("lookahead", game, 1)
    state = game.new_state(1)
    assert bot.act(state, 0) in state.legal_actions(0)


def test_solo_outcomes_are_counted_by_label() -> None:
    setup = tournament.Setup("river-wild", 1, {}, ("heuristic",))
    results = tournament.run(setup, 5, seed=1)
    summary = tournament.summarise(setup.bots, results)
    assert sum(summary.labels.values()) == 5
    assert all(r["label"] for r in results)
