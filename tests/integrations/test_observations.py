"""The observations the adapters hand out equal the reference: the game's encoding of a fresh
copy of the seat's view, which shares no object with anything encoded before.

Encoders remember blocks by the identity of the view parts they came from
(``riverbox.core.memo``), so a copy (all parts new) is encoded from scratch; equality over
many random steps, for every seat and the spectator, shows the remembered blocks are never
stale and carry nothing from another seat's view.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import riverbox
from riverbox.integrations._common import encode_view, mover
from tests.integrations.conftest import REAL_CONFIGS, config_id, require_game, valid_options


@pytest.mark.parametrize("config", REAL_CONFIGS, ids=config_id)
def test_fast_observations_equal_a_from_scratch_encoding(config: Any) -> None:
    name, players, options = config
    require_game(name)
    game = riverbox.load(name, players, **valid_options(name, options))
    rng = random.Random(config_id(config))
    checked = 0
    for _ in range(4):
        state = game.new_state(rng.randrange(2**31))
        while not state.is_over and checked < 4000:
            seats: list[int | None] = [*range(game.players), None]
            rng.shuffle(seats)  # any order: a block remembered for one seat must not serve another
            for seat in seats:
                view = state.view(seat)
                assert encode_view(game, view) == encode_view(game, copy.deepcopy(view)), seat
                checked += 1
            who = mover(state)
            state.apply(rng.choice(state.legal_actions(who)), who)
    assert checked > 0
