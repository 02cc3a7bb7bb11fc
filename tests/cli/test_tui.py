"""The full-screen play app, driven headless through Textual's pilot: whole games of every game,
pass-the-screen with three people, hints, undo, quit and resume, signals, and no leak of one
seat's secrets onto the next seat's screen (issue 9)."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

import riverbox
from riverbox.cli.tui.app import Outcome, PlayApp
from riverbox.core.game import Action
from tests.cli.tui_kit import app_text, choose, make_app, normal, on_cover, plain, resumed_app, settle

Mover = Callable[[Pilot[Any], PlayApp], Awaitable[None]]


Script = Callable[[Pilot[Any]], Awaitable[None]]


def run(app: PlayApp, script: Script, size: tuple[int, int] = (80, 24)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())


def status(app: PlayApp) -> str:
    return plain(app.query_one("#status").content)


async def pick_action(pilot: Pilot[Any], app: PlayApp, action: Action) -> None:
    """Choose ``action`` by its menu number (and the detail's number for a grouped move)."""
    for i, entry in enumerate(app.entries, 1):
        if action in entry.actions:
            await choose(pilot, i)
            if not entry.single:
                await choose(pilot, entry.actions.index(action) + 1)
            return
    raise AssertionError(f"{action} is not on the menu")


def heuristic(app: PlayApp) -> Action:
    seat = app.turn
    assert seat is not None
    return app.game.heuristic_bot(len(app.table.state.history)).act(app.table.state.clone(), seat)


async def to_the_end(pilot: Pilot[Any], move: Mover, limit: int = 400) -> list[int]:
    """Play until the game is over; returns the seats named by the covers passed."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    covers = []
    for _ in range(limit):
        await settle(pilot)
        if app.table.state.is_over:
            return covers
        if on_cover(app):
            covers.append(app.screen.seat)  # type: ignore[attr-defined]
            await pilot.press("enter")
            continue
        if app.turn is not None:
            await move(pilot, app)
    raise AssertionError("the game did not end")


def assert_over_and_saved(app: PlayApp, record: Path) -> None:
    assert app.table.state.is_over
    assert app.query_one("#menu", OptionList).border_title == "Game over"
    assert "Final scores" in app_text(app).title() or "final scores" in app_text(app)
    saved = riverbox.replay(json.loads(record.read_text()))
    assert saved.history == app.table.state.history


def test_ravenous_river_three_people_pass_the_screen_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    app = make_app("ravenous-river", 3, 3, 3, record, target=2)
    rng = random.Random(7)

    async def move(pilot: Pilot[Any], app: PlayApp) -> None:
        count = len(app.group.actions) if app.group else len(app.entries)
        await choose(pilot, rng.randint(1, count))

    async def script(pilot: Pilot[Any]) -> None:
        covers = await to_the_end(pilot, move)
        assert set(covers) == {0, 1, 2}
        assert all(a != b for a, b in itertools.pairwise(covers))
        assert_over_and_saved(app, record)
        await pilot.press("ctrl+q")

    run(app, script)
    assert app.return_value is Outcome.OVER


def _secrets(app: PlayApp, owner: int, other: int) -> list[str]:
    """Phrases only ``owner`` may know: its view's values that neither ``other`` nor a spectator
    sees (minus words the public board always shows), and its board's lines that differ from
    ``other``'s."""
    state, game = app.table.state, app.game

    def leaves(x: Any) -> set[str]:
        if isinstance(x, dict):
            return set().union(*(leaves(v) for v in x.values())) if x else set()
        if isinstance(x, list | tuple):
            return set().union(*(leaves(v) for v in x)) if x else set()
        return {normal(x)} if isinstance(x, str) and len(x) > 2 else set()

    public_board = normal(plain(game.render(state, None)))
    own = leaves(state.view(owner)) - leaves(state.view(other)) - leaves(state.view(None))
    words = {w for w in own if w not in public_board}
    theirs = {normal(line) for line in plain(game.render(state, other)).splitlines()}
    lines = {
        normal(line).strip("│ ")
        for line in plain(game.render(state, owner)).splitlines()
        if normal(line) not in theirs and len(normal(line).strip("│ ")) > 12
    }
    return sorted(words | lines)


def test_the_hot_seat_screen_for_seat_1_shows_nothing_private_of_seat_0(tmp_path: Path) -> None:
    app = make_app("ravenous-river", 3, 3, 4, tmp_path / "r.json", first_player=0)

    async def script(pilot: Pilot[Any]) -> None:
        assert on_cover(app) and app.screen.seat == 0  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        await pick_action(pilot, app, app.game.parse_action("look row2", app.table.state))
        await settle(pilot)
        seat0_screen = app_text(app)  # seat 0 at the screen, looking at a secret animal
        await pick_action(pilot, app, app.game.parse_action("place bank", app.table.state))
        await settle(pilot)
        assert on_cover(app) and app.screen.seat == 1  # type: ignore[attr-defined]
        secrets = _secrets(app, 0, 1)
        assert len(secrets) >= 3, secrets  # hand cards, totem line, hand line at least
        shown_to_0 = normal(plain(app.game.render(app.table.state, 0))) + seat0_screen
        assert all(s in shown_to_0 for s in secrets)  # the search finds them where they belong
        covered = app_text(app)
        assert [s for s in secrets if s in covered] == []
        await pilot.press("enter")
        await settle(pilot)
        assert app.turn == 1
        seat1_screen = app_text(app)
        assert [s for s in secrets if s in seat1_screen] == []
        await pilot.press("f1")  # help over the table: still nothing of seat 0's
        await settle(pilot)
        assert [s for s in secrets if s in app_text(app)] == []

    run(app, script, size=(120, 40))


def test_river_wild_to_the_end_with_hints_arrows_and_a_refused_undo(tmp_path: Path) -> None:
    record = tmp_path / "w.json"
    app = make_app("river-wild", None, 1, 2, record)
    hints = []

    async def move(pilot: Pilot[Any], app: PlayApp) -> None:
        if len(hints) < 3:
            await pilot.press("f3")
            await settle(pilot)
            hints.append(status(app))
            await pilot.press("enter")  # takes the highlighted choice: the hinted one
            return
        await pilot.press("down", "up", "down", "enter")

    async def script(pilot: Pilot[Any]) -> None:
        await pilot.press("down", "enter")
        await settle(pilot)
        assert len(app.table.state.history) > 0
        await pilot.press("f4")
        assert "Cannot undo" in status(app)
        await to_the_end(pilot, move)
        assert all(h.startswith("Hint: the strongest bot would play") for h in hints), hints
        assert_over_and_saved(app, record)

    run(app, script)


def test_undo_in_the_app_takes_back_a_move_typed_with_completion(tmp_path: Path) -> None:
    record = tmp_path / "u.json"
    app = make_app("ravenous-river", 3, 1, 1, record, first_player=0)

    async def script(pilot: Pilot[Any]) -> None:
        before = len(app.table.state.history)
        log_before = app.table.log(0)
        await pilot.press(*"play sink", "tab", "enter")  # the suggestion completes the notation
        await settle(pilot)
        assert str(app.table.state.history[-1][1]) == "play sinking-options"
        assert len(json.loads(record.read_text())["actions"]) == len(app.table.state.history)
        await pilot.press("f4")
        await settle(pilot)
        assert status(app) == "Move taken back."
        assert len(app.table.state.history) == before
        assert len(json.loads(record.read_text())["actions"]) == before  # the file forgot it too
        assert app.table.log(0) == log_before  # the log forgot it as well

    run(app, script)


def test_river_rivals_to_the_end_by_mouse_and_typed_notation(tmp_path: Path) -> None:
    record = tmp_path / "v.json"
    app = make_app("river-rivals", 2, 1, 5, record)
    clicks, typed = [], []

    async def move(pilot: Pilot[Any], app: PlayApp) -> None:
        action = heuristic(app)
        index = next(i for i, e in enumerate(app.entries) if action in e.actions)
        if len(clicks) < 4 and index == 0:
            clicks.append(action)
            await pilot.click("#menu", offset=(6, 1))  # the first line inside the border
        elif len(typed) < 3:
            typed.append(action)
            await pilot.press(*str(action), "enter")
        else:
            await pick_action(pilot, app, action)

    async def script(pilot: Pilot[Any]) -> None:
        await to_the_end(pilot, move)
        assert clicks and typed, "no move was made with the mouse or typed"
        history = [a for s, a in app.table.state.history if s == 0]
        assert all(a in history for a in clicks + typed)
        assert_over_and_saved(app, record)

    run(app, script)


def test_river_trek_quit_and_resume_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "t.json"
    app = make_app("river-trek", 4, 1, 6, record)

    async def by_number(pilot: Pilot[Any], app: PlayApp) -> None:
        await pick_action(pilot, app, heuristic(app))

    async def first_part(pilot: Pilot[Any]) -> None:
        for _ in range(3):
            await by_number(pilot, app)
            await settle(pilot)
        await pilot.press("ctrl+q")

    run(app, first_part)
    assert app.return_value is Outcome.QUIT
    kept = json.loads(record.read_text())["actions"]
    assert len([a for a in kept if a[0] == 0]) == 3

    again = resumed_app(record, humans=1)

    async def second_part(pilot: Pilot[Any]) -> None:
        await to_the_end(pilot, by_number)
        assert_over_and_saved(again, record)

    run(again, second_part)
    assert json.loads(record.read_text())["actions"][: len(kept)] == kept


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_ends_the_app_like_quit(tmp_path: Path, signum: int) -> None:
    app = make_app("river-wild", None, 1, 2, tmp_path / "s.json")

    async def script(pilot: Pilot[Any]) -> None:
        await choose(pilot, 1)
        await settle(pilot)
        os.kill(os.getpid(), signum)
        for _ in range(20):
            await pilot.pause(0.05)
            if app.return_value is not None:
                break

    run(app, script)
    assert app.return_value is Outcome.STOPPED
    assert len(json.loads((tmp_path / "s.json").read_text())["actions"]) == len(app.table.state.history)


def test_a_crash_inside_the_app_still_names_the_saved_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from io import StringIO

    from rich.console import Console

    from riverbox.cli.play import GameTable
    from riverbox.cli.tui import run_app

    def broken(self: GameTable, seat: int) -> Action:
        raise RuntimeError("a bot fell into the river")

    original = PlayApp.run
    monkeypatch.setattr(PlayApp, "run", lambda self: original(self, headless=True, size=(80, 24)))
    monkeypatch.setattr(GameTable, "bot_action", broken)
    app = make_app("river-rivals", 2, 0, 1, tmp_path / "c.json")
    app.table.save()
    out, err = StringIO(), StringIO()
    code = run_app(app.table, Console(file=out, width=200), Console(file=err, width=200))
    assert code == 1
    assert f"Game saved to {tmp_path / 'c.json'}" in err.getvalue()
    assert "--resume" in err.getvalue()
