"""The games' encoders straight from the state (``observe.state_blocks``, the adapters' path) give
exactly the numbers of the view-based encoders (``observation_tensor`` of ``state.view(seat)``,
the definition), so they read nothing the seat's view does not show.

They keep sections of the last encoding and reuse one while the state values it came from stay
equal (compared by value), so the checks here also interleave seats, states and games, reuse
states after clones diverge, and hand back vectors that a caller has changed.
"""

from __future__ import annotations

import copy
import random
from itertools import chain
from typing import Any

import pytest

import riverbox
from riverbox.core.game import Game, State
from riverbox.integrations._common import action_mask, legal_ids, mover, observe, observe_values, observer
from tests.integrations.conftest import REAL_CONFIGS, config_id, require_game, valid_options

_CONFIGS = [
    *REAL_CONFIGS,
    ("ravenous-river", 2, {}),
    ("ravenous-river", 7, {}),
    ("river-trek", 2, {"hidden_money": True}),
    ("river-trek", 4, {"variant": "full", "hidden_money": True}),
    ("river-trek", 3, {"animals": False}),
]


def _load(config: Any) -> Game:
    name, players, options = config
    require_game(name)
    return riverbox.load(name, players, **valid_options(name, options))


def _reference(game: Game, state: State, seat: int | None) -> list[float]:
    """The view-based encoding of a deep copy of the seat's view (shares nothing with the state)."""
    return game.observation_tensor(copy.deepcopy(state.view(seat)))


def _from_state(game: Game, state: State, seat: int | None) -> list[float]:
    blocks_of = getattr(game, "observation_state_blocks", None)
    assert blocks_of is not None, f"{game.name} has no encoder from the state"
    return list(chain.from_iterable(blocks_of(state, seat)))


def _step(state: State, rng: random.Random) -> None:
    who = mover(state)
    state.apply(rng.choice(state.legal_actions(who)), who)


@pytest.mark.parametrize("config", _CONFIGS, ids=config_id)
def test_state_encoding_equals_the_view_encoding_at_every_step(config: Any) -> None:
    game = _load(config)
    rng = random.Random("state-" + config_id(config))
    seats: list[int | None] = [*range(game.players), None]
    checked = 0
    games = 0
    while checked < 2500 and games < 12:
        state = game.new_state(rng.randrange(2**31))
        games += 1
        while True:
            order = seats[:]
            rng.shuffle(order)
            for seat in order:  # every seat and the spectator, in any order
                got = _from_state(game, state, seat)
                assert got == _reference(game, state, seat), (games, len(state.history), seat)
                got[:] = [9.0] * len(got)  # the caller owns the list: the encoder must not keep it
                checked += 1
            if state.is_over:
                break
            _step(state, rng)
    assert checked > 0


@pytest.mark.parametrize("config", _CONFIGS, ids=config_id)
def test_interleaved_states_and_diverging_clones_never_get_a_stale_section(config: Any) -> None:
    # Several states of the game at once, clones that then go their own way (same history
    # length, other positions), observed in a random order: each vector is its own state's.
    import numpy as np

    game = _load(config)
    encode = observer(game)
    rng = random.Random("mixed-" + config_id(config))
    states = [game.new_state(rng.randrange(2**31)) for _ in range(3)]
    seats: list[int | None] = [*range(game.players), None]
    for _ in range(150):
        live = [s for s in states if not s.is_over]
        if not live:
            break
        state = rng.choice(live)
        if rng.random() < 0.15:
            twin = state.clone()
            for one in (twin, state):
                if not one.is_over:
                    _step(one, rng)
            states.append(twin)
            if len(states) > 6:
                states.pop(0)
        else:
            _step(state, rng)
        for other in rng.sample(states, k=min(3, len(states))):
            seat = rng.choice(seats)
            want = _reference(game, other, seat)
            assert _from_state(game, other, seat) == want
            assert observe_values(game, other, seat) == want
            assert np.array_equal(encode(other, seat), np.asarray(want, dtype=np.float32))


@pytest.mark.parametrize("config", REAL_CONFIGS, ids=config_id)
def test_observer_gives_a_new_array_equal_to_observe(config: Any) -> None:
    import numpy as np

    game = _load(config)
    encode = observer(game)
    rng = random.Random(11)
    state = game.new_state(11)
    kept = []
    for _ in range(60):
        if state.is_over:
            break
        seat = mover(state)
        arr = encode(state, seat)
        assert arr.dtype == np.float32 and arr.flags.writeable
        assert np.array_equal(arr, observe(game, state, seat))
        assert np.array_equal(arr, np.asarray(_reference(game, state, seat), dtype=np.float32))
        kept.append((arr, arr.copy()))
        _step(state, rng)
    for arr, snapshot in kept:  # never written again
        assert np.array_equal(arr, snapshot)


@pytest.mark.parametrize("config", REAL_CONFIGS, ids=config_id)
def test_action_mask_marks_exactly_the_legal_ids(config: Any) -> None:
    import numpy as np

    game = _load(config)
    ids_of = legal_ids(game)
    rng = random.Random(5)
    state = game.new_state(5)
    masks = []
    for _ in range(80):
        if state.is_over:
            break
        seat = mover(state)
        ids = ids_of(state, seat)
        mask = action_mask(game.num_action_ids, ids)
        assert mask.dtype == np.int8 and mask.shape == (game.num_action_ids,) and mask.flags.writeable
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        masks.append((mask, mask.copy()))
        _step(state, rng)
    for mask, snapshot in masks:
        assert np.array_equal(mask, snapshot)


def test_action_mask_with_many_ids() -> None:
    import numpy as np

    ids = list(range(3, 400, 3))
    mask = action_mask(401, ids)
    assert np.flatnonzero(mask).tolist() == ids and mask.sum() == len(ids)
    assert action_mask(5, []).tolist() == [0] * 5


def test_river_rivals_hides_the_opponents_hand_and_an_unknown_pile() -> None:
    # Two positions that differ only in the other seat's hand give the seat the same vector.
    require_game("river-rivals")
    game = riverbox.load("river-rivals")
    rng = random.Random(2)
    state = game.new_state(2)
    for _ in range(6):
        _step(state, rng)
    for seat in (0, 1):
        other = 1 - seat
        twin = state.clone()
        hands = [h[:] for h in twin.hands]  # type: ignore[attr-defined]
        assert hands[other], "the other seat holds cards"
        hands[other] = sorted(c - c % 7 + (c + 1) % 7 for c in hands[other])  # other kinds, same set
        twin.hands = hands  # type: ignore[attr-defined]
        assert twin.view(seat) == state.view(seat)
        assert _from_state(game, twin, seat) == _from_state(game, state, seat)
        assert _from_state(game, twin, other) != _from_state(game, state, other)


def test_river_trek_hides_other_seats_money_until_the_end() -> None:
    require_game("river-trek")
    game = riverbox.load("river-trek", 3, hidden_money=True)
    rng = random.Random(4)
    state = game.new_state(4)
    for _ in range(20):
        _step(state, rng)
    assert not state.is_over
    twin = state.clone()
    money = list(twin.money)  # type: ignore[attr-defined]
    money[1] += 7
    twin.money = money  # type: ignore[attr-defined]
    for seat in (0, 2, None):
        assert _from_state(game, twin, seat) == _from_state(game, state, seat)
    assert _from_state(game, twin, 1) != _from_state(game, state, 1)
