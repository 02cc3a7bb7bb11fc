"""Every game's state keeps its instance dict within CPython's shared-keys limit (pure build).

CPython 3.11 shares the key table of an instance dict between the instances of a class, and
reads an attribute from it at full speed, only while the class's instances use at most 30 names.
Past that each state gets a dict of its own and every attribute read and method call of the
rules falls back to a slower lookup (River Trek's 62 names cost it a good part of its speed).
The core's fields and a game's declared fields live in ``__slots__`` to stay under the limit; a
field added without its slot, or a new per-instance cache, would quietly push a game back over.

This guards speed, not behaviour, and the limit is a CPython 3.11 internal, so the module carries
the ``perf`` marker: ``-m "not perf"`` leaves it out on an interpreter where the limit differs.
``scripts/test`` still runs it, since the limit holds on the Python the project is built for.
"""

from __future__ import annotations

import random

import pytest

from riverbox.buildinfo import is_compiled
from riverbox.core.game import State
from riverbox.lab.compare import GAMES
from riverbox.registry import load

pytestmark = pytest.mark.perf

SHARED_KEYS_LIMIT = 30
"""CPython's ``SHARED_KEYS_MAX_SIZE``: the most names an instance dict shares between instances."""


def _names(state: State) -> set[str]:
    """The names in a state's instance dict (none when every field lives in a slot)."""
    return set(getattr(state, "__dict__", {}))


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_state_dict_stays_within_shared_keys(name: str, players: int | None) -> None:
    if is_compiled():
        pytest.skip("the compiled build keeps every declared field in its own struct slot")
    game = load(name, players)
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state(rng.randrange(2**31))
        while not state.is_over:
            seen |= _names(state)
            seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
            for s in range(game.players):  # views fill the view caches
                state.view(s)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            seen |= _names(state.clone())
        seen |= _names(state)
        seen |= _names(game.state_from_json(state.to_json()))
    assert len(seen) <= SHARED_KEYS_LIMIT, sorted(seen)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_declared_fields_are_slots_or_class_defaults(name: str, players: int | None) -> None:
    # a class default (a view cache) cannot share its name with a slot, so it stays in the dict
    cls = type(load(name, players).new_state(1))
    slots = {s for klass in cls.__mro__ for s in vars(klass).get("__slots__", ())}
    if not slots - set(State.__slots__):
        pytest.skip(f"{name} keeps its few fields in the instance dict")
    loose = [f.name for f in cls.FIELDS if f.name not in slots and not hasattr(cls, f.name)]
    assert not loose, f"declare these fields in __slots__: {loose}"
