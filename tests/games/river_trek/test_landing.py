"""The landing table (``moves.landing_table``): what a drop on each space does, kept on the state.

A caravan move reads ``state.landing`` once and calls the landing of each space it drops on;
these tests check that the table always says what the space, the Dock/Bridge and the Scout say,
including after the Civilization Event moves the Dock (which must clear the table).
"""

from __future__ import annotations

import pickle

import pytest

import riverbox
from riverbox.core import Rng
from riverbox.games.river_trek import moves
from riverbox.games.river_trek.state import TrekState
from riverbox.games.river_trek.turns import civilization_event


def expected(s: TrekState, i: int) -> set[int]:
    """The landing codes space ``i`` may have now (the Scout's space keeps its code once the Scout
    is taken: its landing asks whether the Scout is still there)."""
    if i == s.dock:
        return {moves._AT_DOCK}
    if i == s.scout and s.scout_state < 2:
        return {moves._AT_SCOUT, s.path.kinds[i]} if s.scout_state == 1 else {moves._AT_SCOUT}
    return {s.path.kinds[i]}


def check(s: TrekState) -> None:
    if s.landing is not None:
        assert len(s.landing) == s.path.length
        assert all(code in expected(s, i) for i, code in enumerate(s.landing))


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {}), (3, {"variant": "full"}), (2, {"variant": "full", "animal_shift": "back"})],
)
def test_the_landing_table_follows_the_dock_and_the_scout(players: int, options: dict[str, str]) -> None:
    g = riverbox.load("river-trek", players=players, **options)
    bridges = 0
    for seed in range(10):
        s = g.new_state(seed)
        assert isinstance(s, TrekState)
        r = Rng(seed)
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
            check(s)
            if s.bridge >= 0 and s.landing is not None:
                bridges += 1
                assert s.landing[s.bridge] == moves._AT_DOCK and moves._AT_SCOUT not in s.landing
        for copy in (g.state_from_json(s.to_json()), s.clone(), pickle.loads(pickle.dumps(s))):
            assert isinstance(copy, TrekState)
            check(copy)
    if options.get("variant") == "full":
        assert bridges  # the Civilization Event happened, and a move after it rebuilt the table


def test_a_drop_on_the_bridge_pays_nothing_after_the_event() -> None:
    """The table built before the event said "crossing" for the Bridge's space: the event clears it."""
    g = riverbox.load("river-trek", players=3, variant="full")
    s = g.new_state(1)
    assert isinstance(s, TrekState)
    moves.landing_table(s)
    assert s.landing is not None and s.landing[0] == moves._AT_DOCK
    civilization_event(s)
    assert s.landing is None
    table = moves.landing_table(s)
    assert table[s.dock] == moves._AT_DOCK and table[0] == s.path.kinds[0]
