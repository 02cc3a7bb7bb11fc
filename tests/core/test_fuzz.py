"""Hypothesis drives the public API with junk: every failure is ValueError, and changes nothing.

Seats, actions, seeds, notation, state documents and records are drawn at random (many of
them not of the right type at all) and thrown at every game at a random point of play.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import riverbox
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")

GAMES = [("ravenous-river", 3), ("river-rivals", 2), ("river-wild", 1), ("river-trek", 3), ("toy", 2)]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-2, max_value=8),
    st.floats(),
    st.complex_numbers(max_magnitude=10),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.builds(np.int64, st.integers(min_value=-5, max_value=8)),
    st.builds(np.uint64, st.integers(min_value=0, max_value=8)),
)
junk = st.one_of(
    scalars, st.lists(scalars, max_size=3), st.tuples(scalars, scalars), st.tuples(scalars, scalars, scalars)
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _played(name: str, players: int, seed: int, steps: int) -> riverbox.State:
    state = riverbox.load(name, players).new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*path, i))
    return found


def _replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    doc = json.loads(json.dumps(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def _refused_or_done(call: Callable[[], Any]) -> bool:
    """True if the call was refused with ValueError; any other exception fails the test."""
    try:
        call()
    except ValueError as exc:
        assert str(exc), "a refusal without a reason"
        return True
    return False


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(min_value=0, max_value=2**31),
    steps=st.integers(min_value=0, max_value=40),
    seat=junk,
    action=junk,
    text=st.text(max_size=30),
    data=st.data(),
)
def test_junk_is_refused_with_value_error_and_changes_nothing(
    game: tuple[str, int], seed: int, steps: int, seat: Any, action: Any, text: str, data: st.DataObject
) -> None:
    name, players = game
    state = _played(name, players, seed, steps)
    g = state.game
    before = state.to_json()
    legal_seat = state.to_move[0] if state.to_move else 0
    legal = state.legal_actions(legal_seat)
    a_seat = seat is None or (type(seat) is int and 0 <= seat < players)
    a_seed = type(seat) is int and 0 <= seat < 2**64
    # Junk is never one of a game's actions; a junk seat or seed must be refused unless it is one.
    assert _refused_or_done(lambda: state.apply(action, legal_seat))
    for method in ("legal_actions", "view", "determinize", "log"):
        # legal_actions(None) means "the one seat to move": refused when several act at once
        ok = a_seat and not (method == "legal_actions" and seat is None and len(state.to_move) > 1)
        assert _refused_or_done(partial(getattr(state, method), seat)) != ok
    assert _refused_or_done(lambda: g.new_state(seat)) != a_seed
    assert _refused_or_done(lambda: state.determinize(None, seat)) != (a_seed or seat is None)
    assert state.to_json() == before
    calls: list[Callable[[], Any]] = [lambda: g.parse_action(text, state)]
    if legal:
        calls.append(lambda: state.apply(legal[0], seat))
    for call in calls:
        if _refused_or_done(call):
            assert state.to_json() == before, "a refused call changed the state"
        before = state.to_json()  # a junk seat may be the seat to move, and its action legal
    try:
        parsed = g.parse_action(text, state)
    except ValueError:
        parsed = None
    legal_seat = state.to_move[0] if state.to_move else 0
    if parsed is not None and parsed not in state.legal_actions(legal_seat):
        assert _refused_or_done(lambda: state.apply(parsed, legal_seat))
        assert state.to_json() == before
    doc = state.to_json()
    path = data.draw(st.sampled_from(_paths(doc)), label="state JSON path")
    bad = _replaced(doc, path, data.draw(json_values, label="replacement"))
    _refused_or_done(lambda: g.state_from_json(bad))
    det = state.determinize(legal_seat, 3).to_json()
    path = data.draw(st.sampled_from(_paths(det)), label="determinized JSON path")
    _refused_or_done(lambda: g.state_from_json(_replaced(det, path, data.draw(json_values))))
    record = state.record()
    path = data.draw(st.sampled_from(_paths(record)), label="record path")
    _refused_or_done(lambda: riverbox.replay(_replaced(record, path, data.draw(json_values))))
    assert state.to_json() == doc
