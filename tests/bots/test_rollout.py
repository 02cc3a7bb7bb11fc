"""Rollout search: legal, honest about hidden information, anchored on the heuristic, in budget."""

from __future__ import annotations

from typing import Any

import pytest

import riverbox
from riverbox.bots.base import make_bot
from riverbox.bots.rollout import RolloutBot, Sampler, lead_value
from riverbox.core.game import State
from riverbox.core.rng import Rng
from riverbox.lab import tournament
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")


def _trek_midgame(seed: int = 3, moves: int = 30) -> State:
    """A River Trek 4-player position some way in, played by heuristics."""
    game = riverbox.load("river-trek", 4)
    state = game.new_state(seed)
    bot = game.heuristic_bot(seed)
    for _ in range(moves):
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    return state


def test_rollout_plays_legal_moves_through_a_trek_game() -> None:
    game = riverbox.load("river-trek", 4)
    state = game.new_state(5)
    bot = RolloutBot(game, 1, depth=4, width=3)
    for _ in range(60):
        seat = state.to_move[0]
        action = bot.act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(action, seat)


def test_out_of_time_it_plays_the_heuristics_move() -> None:
    """The heuristic's choice is always played out first; with no time left it is the answer."""
    state = _trek_midgame()
    seat = state.to_move[0]
    game = state.game
    rows = RolloutBot(game, 9, think=1e-9, depth=24).analyse(state, seat)
    assert len(rows) == 1
    assert rows[0][0] == game.heuristic_bot(9).act(state, seat)


def test_analyse_ranks_by_value_with_one_playout_each() -> None:
    state = _trek_midgame()
    seat = state.to_move[0]
    rows = RolloutBot(state.game, 2, think=60.0, depth=8, width=5).analyse(state, seat)
    legal = state.legal_actions(seat)
    assert 2 <= len(rows) <= 5
    assert all(a in legal and n == 1 for a, _, n in rows)
    assert [v for _, v, _ in rows[1:]] == sorted((v for _, v, _ in rows[1:]), reverse=True)
    assert rows[0][1] >= max(v for _, v, _ in rows[1:])
    assert all(-1.0 <= v <= 1.0 for _, v, _ in rows)


def test_lead_value_counts_a_win_beyond_a_close_lead() -> None:
    state = _trek_midgame()
    assert all(-1.0 < lead_value(state, s, 25.0) < 1.0 for s in range(4))
    game = state.game
    bot = game.heuristic_bot(0)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    winner = state.winners()[0]
    assert lead_value(state, winner, 25.0) > 1.0 or len(state.winners()) > 1


def test_rollout_only_uses_determinized_worlds() -> None:
    """Same view, same decision, whatever the hidden cards (the toy game has no heuristic)."""
    game = riverbox.load("toy", players=2, turns=1)
    for seed in range(6):
        state = game.new_state(seed)
        other = state.determinize(0, seed + 100)
        assert RolloutBot(game, 7, samples=20, think=60.0).act(state, 0) == RolloutBot(
            game, 7, samples=20, think=60.0
        ).act(other, 0)


def test_rollout_beats_random_at_guessing() -> None:
    setup = tournament.Setup("toy", 2, {"turns": 1}, ("rollout:samples=8", "random"))
    summary = tournament.summarise(setup.bots, tournament.run(setup, 60, seed=3))
    assert summary.score_mean[0] > summary.score_mean[1]


def _river_start(seed: int = 4, moves: int = 6) -> State:
    """A Ravenous River 2-player position a few moves into a round (totems kept), by heuristics."""
    game = riverbox.load("ravenous-river", 2)
    state = game.new_state(seed)
    bot = game.heuristic_bot(seed)
    for _ in range(moves):
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    return state


class _Recorder(RolloutBot):
    """Records the hidden part (the rival's totems and the face-down row) of every world played."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.seen: list[tuple[object, ...]] = []

    def playout(self, world: State) -> None:
        w: Any = world
        self.seen.append((tuple(map(tuple, w.totems)), tuple(map(tuple, w.drawn)), tuple(w.deck)))
        super().playout(world)


@pytest.mark.parametrize("paired", [0, 1])
def test_paired_worlds_give_every_candidate_of_a_round_the_same_sample(paired: int) -> None:
    state = _river_start()
    seat = state.to_move[0]
    bot = _Recorder(state.game, 3, think=60.0, samples=6, paired=paired)
    rows = bot.analyse(state, seat)
    width = len(rows)
    assert width >= 2 and len(bot.seen) == 6 * width
    rounds = [bot.seen[i : i + width] for i in range(0, len(bot.seen), width)]
    same = [len(set(r)) == 1 for r in rounds]
    if paired:
        assert all(same)
        assert len({r[0] for r in rounds}) > 1  # a fresh world every round
    else:
        assert not all(same)


class _Counting(RolloutBot):
    """Counts the worlds its belief sampler re-draws."""

    calls = 0

    def believe(self, state: State, seat: int) -> Sampler | None:
        inner = super().believe(state, seat)
        if inner is None:
            return None

        def counted(world: State, rng: Rng) -> None:
            self.calls += 1
            inner(world, rng)

        return counted


@pytest.mark.parametrize("beliefs", [0, 1])
def test_beliefs_redraw_every_sample(beliefs: int) -> None:
    state = _river_start()
    seat = state.to_move[0]
    bot = _Counting(state.game, 3, think=60.0, samples=4, paired=1, beliefs=beliefs)
    assert (RolloutBot.believe(bot, state, seat) is not None) == bool(beliefs)
    bot.analyse(state, seat)
    assert bot.calls == 4 * beliefs


def test_river_rollout_plays_a_two_player_game_legally() -> None:
    game = riverbox.load("ravenous-river", 2)
    state = game.new_state(8)
    bot = RolloutBot(game, 1, think=0.01, samples=1000, paired=1, beliefs=1)
    while not state.is_over:
        seat = state.to_move[0]
        action = bot.act(state, seat) if seat == 0 else game.heuristic_bot(2).act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(action, seat)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rollout:think=0", "think"),
        ("rollout:depth=-2", "depth"),
        ("rollout:width=0", "width"),
        ("rollout:epsilon=2", "epsilon"),
        ("rollout:paired=2", "paired"),
        ("rollout:beliefs=-1", "beliefs"),
    ],
)
def test_bad_settings_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, riverbox.load("river-trek", 4))


def test_river_trek_strong_level_is_the_rollout_search() -> None:
    bot = make_bot("strong", riverbox.load("river-trek", 4))
    assert isinstance(bot, RolloutBot)
    assert bot.think <= 1.0
