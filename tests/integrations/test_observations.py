"""The observations the adapters hand out equal the reference: the game's encoding of a fresh
copy of the seat's view, which shares no object with anything encoded before.

Encoders remember blocks by the identity of the view parts they came from
(``riverbox.core.memo``), and the adapters keep each seat's last vector and write only the blocks
that changed (``riverbox.integrations._common``), so a copy (all parts new) is encoded from
scratch; equality over random playouts, for every seat and the spectator, asked in random order
and with two games played side by side, shows that remembered blocks are never stale and carry
nothing from another seat's view or from another game.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

import riverbox
from riverbox.core.game import Game, State
from riverbox.integrations._common import (
    OBS_BOUND,
    encode_view,
    hashed_view,
    mover,
    observation_array,
    observe,
    observe_values,
)
from tests.integrations.conftest import REAL_CONFIGS, config_id, require_game, valid_options


def _scratch(game: Game, view: dict[str, Any]) -> list[float]:
    """The encoding of a deep copy of ``view``, through the game's plain (unblocked) encoder."""
    fresh = copy.deepcopy(view)
    return game.observation_tensor(fresh) if game.observation_size > 0 else hashed_view(fresh)


def _check(game: Game, state: State, seat: int | None) -> None:
    view = state.view(seat)
    expected = _scratch(game, view)
    assert encode_view(game, view) == expected, seat
    assert observe_values(game, state, seat) == expected, seat
    # observe() leaves a game's own numbers unclipped: they must keep within the box
    assert all(-OBS_BOUND <= x <= OBS_BOUND for x in expected)
    want = np.asarray(expected, dtype=np.float32)
    assert np.array_equal(observation_array(game, view), want), seat
    assert np.array_equal(observe(game, state, seat), want), seat


# Beyond the shared configurations: Ravenous River's two-player totems and seven seats.
_CONFIGS = [*REAL_CONFIGS, ("ravenous-river", 2, {}), ("ravenous-river", 7, {})]


@pytest.mark.parametrize("config", _CONFIGS, ids=config_id)
def test_fast_observations_equal_a_from_scratch_encoding(config: Any) -> None:
    name, players, options = config
    require_game(name)
    game = riverbox.load(name, players, **valid_options(name, options))
    rng = random.Random(config_id(config))
    checked = 0
    for _ in range(3):
        # two games side by side: a seat's kept vector must not carry anything from the other
        states = [game.new_state(rng.randrange(2**31)) for _ in range(2)]
        while any(not s.is_over for s in states) and checked < 3000:
            for state in states:
                if state.is_over:
                    continue
                seats: list[int | None] = [*range(game.players), None]
                rng.shuffle(seats)  # any order: a block remembered for one seat must not serve another
                for seat in seats[: rng.randint(1, len(seats))]:
                    _check(game, state, seat)
                    checked += 1
                for _ in range(rng.randint(1, 3)):  # sometimes skip steps unobserved
                    if state.is_over:
                        break
                    who = mover(state)
                    state.apply(rng.choice(state.legal_actions(who)), who)
    assert checked > 0


@pytest.mark.parametrize("config", REAL_CONFIGS[:1] + REAL_CONFIGS[2:3] + REAL_CONFIGS[4:6], ids=config_id)
def test_each_observation_is_a_new_array_never_written_again(config: Any) -> None:
    # Learners keep observations (replay buffers): the adapters' arrays and lists are theirs.
    name, players, options = config
    require_game(name)
    game = riverbox.load(name, players, **valid_options(name, options))
    state = game.new_state(3)
    rng = random.Random(3)
    kept: list[tuple[Any, Any, list[float], list[float]]] = []
    for _ in range(40):
        if state.is_over:
            break
        seat = mover(state)
        arr, values = observe(game, state, seat), observe_values(game, state, seat)
        kept.append((arr, arr.copy(), values, values[:]))
        assert observe(game, state, seat) is not arr
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    for arr, snapshot, values, values_snapshot in kept:
        assert np.array_equal(arr, snapshot) and values == values_snapshot
