"""The adapters' legal action ids: the id table's answer, in ``legal_actions`` order, or the game's hook."""

from __future__ import annotations

import random
from typing import Any

import pytest

import riverbox
from riverbox.integrations._common import action_ids, actions_by_id, legal_ids, mover
from tests.integrations.conftest import REAL_CONFIGS, TOY_CONFIGS, config_id, require_game, valid_options


def _game(config: Any) -> Any:
    name, players, options = config
    if name != "toy":
        require_game(name)
        options = valid_options(name, options)
    return riverbox.load(name, players, **options)


@pytest.mark.parametrize("config", [*TOY_CONFIGS, *REAL_CONFIGS], ids=config_id)
def test_legal_ids_are_the_legal_actions_ids_in_order(config: Any) -> None:
    game = _game(config)
    ids, ids_of, action_of = legal_ids(game), action_ids(game), actions_by_id(game)
    rng = random.Random(3)
    state = game.new_state(3)
    while not state.is_over:
        for seat in range(game.players):  # seats not to move have none
            assert ids(state, seat) == [ids_of(a) for a in state.legal_actions(seat)]
        seat = mover(state)
        chosen = rng.choice(ids(state, seat))
        assert action_of(chosen) == game.action_from_id(chosen)
        state.apply(action_of(chosen), seat)


def test_a_game_hook_answers_first() -> None:
    game = riverbox.load("toy", 2)
    calls: list[int] = []

    def hook(state: Any, seat: int) -> list[int]:
        calls.append(seat)
        return [0]

    game.legal_action_ids = hook  # type: ignore[attr-defined]
    assert legal_ids(game)(game.new_state(1), 0) == [0]
    assert calls == [0]
