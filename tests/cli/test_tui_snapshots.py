"""Screenshots of the play app for every game at 80x24 and 120x40 (pytest-textual-snapshot).

A changed screen fails until a person has looked at it and accepted it with
``pytest tests/cli/test_tui_snapshots.py --snapshot-update`` (the SVGs are committed).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from tests.cli.tui_kit import make_app, settle

GAMES = {
    "ravenous-river": (3, {"first_player": 1}),
    "river-rivals": (2, {}),
    "river-wild": (None, {}),
    "river-trek": (3, {}),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name", list(GAMES))
def test_the_first_human_turn_looks_right(
    name: str, size: tuple[int, int], tmp_path: Path, snap_compare: Callable[..., bool]
) -> None:
    players, options = GAMES[name]
    app = make_app(name, players, 1, 11, tmp_path / "r.json", **options)

    async def ready(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        assert app.turn == 0
        # Where the log pane ends up scrolled depends on when a late re-layout re-wraps its
        # lines, which varies with machine load; the log's words are tested elsewhere, so the
        # pictures show it empty and stay stable.
        await pilot.wait_for_scheduled_animations()
        app.query_one("#log", RichLog).clear()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=ready)
