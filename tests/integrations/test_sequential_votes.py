"""The premise of asking simultaneous decisions one seat at a time in every adapter.

When several seats must act at once (Ravenous River's votes), the adapters ask them in seat
order. That is faithful only if a seat's view never depends on what an earlier seat in the
same simultaneous decision chose; this checks it for every game on random play.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import riverbox
from tests.integrations.conftest import REAL_CONFIGS, TOY_CONFIGS, config_id, require_game, valid_options


@pytest.mark.parametrize("config", [*TOY_CONFIGS, *REAL_CONFIGS], ids=config_id)
def test_a_seat_never_sees_earlier_simultaneous_choices(config: Any) -> None:
    name, players, options = config
    if name != "toy":
        require_game(name)
        options = valid_options(name, options)
    game = riverbox.load(name, players, **options)
    for seed in range(8):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            to_move = state.to_move
            first = min(to_move)
            if len(to_move) > 1:
                seen = []
                for action in state.legal_actions(first):
                    branch = state.clone()
                    branch.apply(action, first)
                    seen.append({q: branch.view(q) for q in to_move if q != first})
                assert all(s == seen[0] for s in seen), f"{name} seed {seed}: a vote shows through"
            state.apply(rng.choice(state.legal_actions(first)), first)
