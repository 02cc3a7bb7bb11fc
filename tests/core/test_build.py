"""The compiled build: which modules it compiles, and that a test run knows which build it tests.

``scripts/test`` runs the suite on the pure build with ``RIVERBOX_EXPECT_COMPILED=0`` and on
the compiled one with ``RIVERBOX_EXPECT_COMPILED=1``, so CI cannot test one build twice.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

import pytest

import riverbox
from riverbox.buildinfo import INTERPRETED, engine_files, engine_modules, is_compiled, is_extension
from riverbox.core.events import Event
from riverbox.core.game import Chance
from tests.core.toy import ToyGame, ToyState

ROOT = Path(riverbox.__file__).resolve().parent.parent
EXPECT = os.environ.get("RIVERBOX_EXPECT_COMPILED")


def test_the_engine_list_covers_core_and_each_games_rules_not_its_presentation() -> None:
    modules = engine_modules(ROOT)
    assert {"riverbox.core.game", "riverbox.core.fields", "riverbox.core.events"} <= set(modules)
    assert "riverbox.core.testkit" not in modules
    for game in ("ravenous_river", "river_rivals", "river_trek", "river_wild"):
        assert f"riverbox.games.{game}.state" in modules
        assert f"riverbox.games.{game}.render" not in modules
        assert f"riverbox.games.{game}.bot" not in modules
    games = [m for m in modules if m.startswith("riverbox.games.")]
    assert games and not [m for m in games if m.rsplit(".", 1)[-1] in INTERPRETED]


def test_a_new_rules_module_is_picked_up_by_the_glob(tmp_path: Path) -> None:
    game = tmp_path / "riverbox" / "games" / "fifth"
    (tmp_path / "riverbox" / "core").mkdir(parents=True)
    game.mkdir(parents=True)
    for name in ("__init__", "state", "powers", "render", "explain"):
        (game / f"{name}.py").write_text("")
    files = engine_files(tmp_path)
    assert "riverbox/games/fifth/state.py" in files and "riverbox/games/fifth/powers.py" in files
    assert not [f for f in files if f.endswith(("render.py", "explain.py", "__init__.py"))]


@pytest.mark.skipif(EXPECT is None, reason="set RIVERBOX_EXPECT_COMPILED=1 or 0 to say which build runs")
def test_the_run_tests_the_build_it_expects() -> None:
    expected = EXPECT == "1"
    assert riverbox.compiled is expected and is_compiled() is expected
    for name in engine_modules(ROOT):
        __import__(name)
        assert is_extension(name) is expected, name
    assert not is_extension("riverbox.core.testkit")


def test_the_core_knows_its_own_build() -> None:
    # apply takes its compiled-only path (the action found by identity) exactly when the core's
    # game module is the compiled extension; a wrong probe would only cost speed, so it is checked here
    from riverbox.core import game

    assert game._COMPILED is is_compiled()


def test_a_plain_python_state_written_the_old_way_still_gets_the_seat_check() -> None:
    class OldToyState(ToyState):
        def view(self, seat: int | None) -> dict[str, Any]:  # overrides view, not _view
            return {"old": seat}

    class OldToy(ToyGame):
        state_class = OldToyState

    state = OldToy().new_state(1)
    assert state.view(0) == {"old": 0}
    for bad in (True, -1, 9, "0", 1.5):
        with pytest.raises(ValueError, match="is not a seat"):
            state.view(bad)


def test_chances_and_events_pickle() -> None:
    items = [Chance("deal 1 2", frozenset({0})), Chance("flip"), Event("bet", (("seat", 0),), 1, None)]
    assert [pickle.loads(pickle.dumps(x)) for x in items] == items
