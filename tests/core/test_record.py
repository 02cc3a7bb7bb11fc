"""Replaying a record's actions with the game itself (core/record.py): what the testkit and
``riverbox.replay`` share, so the core checks records without the registry."""

from __future__ import annotations

import pytest

from riverbox.core.record import replay_actions
from tests.core.toy import ToyGame


def _finished(seed: int) -> tuple[ToyGame, list[list[object]]]:
    game = ToyGame(2, turns=1)
    state = game.new_state(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(state.legal_actions(seat)[-1], seat)
    return game, state.record()["actions"]


def test_a_record_replays_to_the_same_state_events_included() -> None:
    game, actions = _finished(3)
    replayed = replay_actions(game, 3, actions)
    assert replayed.is_over
    assert [[s, str(a)] for s, a in replayed.history] == actions
    assert replayed.log(0)[0] == {"kind": "dealt", "card": replayed.view(0)["card"]}


def test_a_bad_seed_or_actions_list_is_refused() -> None:
    game, actions = _finished(3)
    with pytest.raises(ValueError, match="seed must be an integer"):
        replay_actions(game, True, actions)
    with pytest.raises(ValueError, match="actions must be a list"):
        replay_actions(game, 3, "bet")


@pytest.mark.parametrize(
    ("index", "entry", "words"),
    [
        (0, [-1, "deal 7 to 0"], "record says chance gave 'deal 7 to 0'"),
        (2, [0, "nonsense"], r"record action 2 .* cannot be replayed"),
        (2, [0], "record action 2 is not"),
        (2, [-1, "deal 1 to 0"], "a chance outcome 'deal 1 to 0' the game did not produce"),
    ],
)
def test_a_bad_entry_is_refused_naming_it(index: int, entry: list[object], words: str) -> None:
    game, actions = _finished(3)
    bad = [*actions[:index], entry, *actions[index + 1 :]]
    with pytest.raises(ValueError, match=words):
        replay_actions(game, 3, bad)


def test_dropped_chance_outcomes_are_named() -> None:
    game, actions = _finished(3)
    with pytest.raises(ValueError, match=r"record action 0 .* the seed gives chance outcome deal"):
        replay_actions(game, 3, [a for a in actions if a[0] != -1])
