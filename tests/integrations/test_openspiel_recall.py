"""The incremental information-state digest equals a from-scratch build, however it is reached.

The adapter keeps each seat's recall digest up to date move by move (tracked seats), catches
up by replaying (untracked seats), hands copies a snapshot and rebuilds from JSON after
serialization. The reference here replays the whole game from the seed for every query and
hashes every distinct view (plain canonical JSON, no shared fragments) and every own action.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from riverbox.integrations import openspiel as ro  # noqa: E402
from riverbox.integrations._common import mover  # noqa: E402
from tests.integrations.conftest import (  # noqa: E402
    REAL_CONFIGS,
    TOY_CONFIGS,
    config_id,
    require_game,
    valid_options,
)

CONFIGS = [*TOY_CONFIGS, ("solo-toy", None, {}), *REAL_CONFIGS]


@pytest.fixture(scope="module", autouse=True)
def _register_test_games() -> None:
    ro.register("toy")
    ro.register("solo-toy")


def _load(config: tuple[str, int | None, dict[str, Any]]) -> Any:
    name, players, options = config
    if name not in ("toy", "solo-toy"):
        require_game(name)
        options = valid_options(name, options)
    return ro.load_game(name, players, **options)


def reference_recall(state: Any, seat: int | None) -> str:
    """``seat``'s digest rebuilt from the seed and the pyspiel history (seat None: public)."""
    game = state.get_game().riverbox_game
    seed, *actions = state.history()
    rb = game.new_state(seed)
    chain = ro.chain_start(game.players if seat is None else seat)
    last: str | None = None

    def absorb() -> None:
        nonlocal chain, last
        text = json.dumps(rb.view(seat), sort_keys=True, separators=(",", ":"))
        if text != last:
            chain = ro.view_digest(chain, text.encode())
            last = text

    absorb()
    for action_id in actions:
        who = mover(rb)
        rb.apply(game.action_from_id(action_id), who)
        if who == seat:
            chain = ro.action_digest(chain, action_id)
        absorb()
    return chain.hex()


def _check(state: Any, seats: list[int], public: Any) -> None:
    for seat in seats:
        assert state.information_state_string(seat) == f"seat {seat} recall {reference_recall(state, seat)}"
    assert public.string_from(state, 0) == f"public recall {reference_recall(state, None)}"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_incremental_recall_equals_a_from_scratch_build(config: Any) -> None:
    from open_spiel.python.observation import make_observation

    game = _load(config)
    n = game.num_players()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    rng = random.Random(config_id(config))
    checks = 0
    for _ in range(2):
        state = game.new_initial_state()
        state.apply_action(rng.randrange(ro.SEED_OUTCOMES))
        steps = 0
        while not state.is_terminal() and steps < 150:
            roll = rng.random()
            if roll < 0.1:  # a clone goes on from here (its seats start untracked)
                state = state.clone()
            elif roll < 0.15:  # so does a serialized copy
                state = game.deserialize_state(state.serialize())
            if rng.random() < 0.3:  # ask some seats now (tracking starts at various moves)
                _check(state, rng.sample(range(n), rng.randint(1, n)), public)
                checks += 1
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        _check(state, list(range(n)), public)
    assert checks > 0
