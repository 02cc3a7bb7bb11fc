"""Hints: the game's strong bot answers from what the seat knows, in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

import riverbox
from riverbox.bots import hint as hints
from riverbox.core.game import Action, State

GAMES = [("ravenous-river", 3), ("river-rivals", 2), ("river-trek", 3), ("river-wild", 1)]


def _advance(state: State, moves: int) -> State:
    bot = state.game.heuristic_bot(3)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    return state


class Recorder:
    """A bot that keeps the positions it is shown and plays the first legal move."""

    def __init__(self) -> None:
        self.seen: list[State] = []

    def act(self, state: State, seat: int) -> Action:
        self.seen.append(state)
        return state.legal_actions(seat)[0]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_bot_sees_only_what_the_seat_knows(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two positions that differ only in what the seat cannot see give the bot the same position."""
    game = riverbox.load(name, players)
    state = _advance(game.new_state(4), 6 if players > 1 else 0)
    seat = state.to_move[0]
    twin = state.determinize(seat, 99)  # other hands and the deck re-dealt
    recorder = Recorder()
    monkeypatch.setattr(hints, "hint_bot", lambda _game, _seed: recorder)
    first, _ = hints.hint(game, state, seat, 5)
    second, _ = hints.hint(game, twin, seat, 5)
    assert first == second and first in state.legal_actions(seat)
    shown, shown_twin = recorder.seen
    assert shown.determinized and shown is not state
    assert shown.to_json()["body"] == shown_twin.to_json()["body"]


def test_a_hint_gives_the_values_of_the_top_choices_in_chinese() -> None:
    game = riverbox.load("river-rivals", 2)
    state = _advance(game.new_state(4), 2)
    seat = state.to_move[0]
    action, why = hints.hint(game, state, seat, 3, "zh")
    assert action in state.legal_actions(seat)
    assert 1 <= len(why) <= 3
    assert all("前景" in line for line in why), why
    assert not any("outlook" in line or "RV-" in line for line in why)


def test_explain_reads_expected_points_for_solo_scores() -> None:
    rows: list[tuple[Any, float, int]] = [("a", 41.25, 30), ("b", 0.5, 10)]
    en = hints.explain(rows, str)
    assert en == [
        "a: about 41.2 points expected at the end — about 40.8 more points than the next best (b)",
        "b: outlook +0.50 (+1 a sure win, -1 a sure loss)",
    ]
    assert "41.2" in hints.explain(rows, str, "zh")[0]


def test_explain_gives_the_reason_as_the_gap_to_the_next_best_not_a_visit_share() -> None:
    rows: list[tuple[Any, float, int]] = [("a", 0.30, 30), ("b", 0.10, 30), ("c", -0.2, 30)]
    en = hints.explain(rows, str)
    assert en[0].endswith("about 10 more wins in 100 games than the next best (b)")  # (0.30 - 0.10) x 50
    assert not any("%" in line or "search" in line for line in en[1:])
    close = hints.explain([("a", 0.30, 9), ("b", 0.295, 30)], str)[0]
    assert "about as good as the next best (b)" in close
    zh = hints.explain(rows, str, "zh")[0]
    assert "10" in zh and "次优" in zh and "more" not in zh
