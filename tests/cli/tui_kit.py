"""Helpers to drive the play app headless (Textual's pilot) in tests."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Markdown, OptionList, RichLog, Static

import riverbox
from riverbox.bots.base import make_bot
from riverbox.cli.play import GameTable
from riverbox.cli.tui.app import Cover, PlayApp


def make_app(name: str, players: int | None, humans: int, seed: int, record: Path, **options: Any) -> PlayApp:
    """An app for ``humans`` human seats (the first ones) and heuristic bots for the rest."""
    game = riverbox.load(name, players, **options)
    bots = {s: make_bot("heuristic", game, 100 + s) for s in range(humans, game.players)}
    return PlayApp(GameTable(game, bots, game.new_state(seed), record))


def resumed_app(record: Path, humans: int) -> PlayApp:
    """The app for the game saved in ``record``, saving on into the same file."""
    import json

    state = riverbox.replay(json.loads(record.read_text()))
    game = state.game
    bots = {s: make_bot("heuristic", game, 200 + s) for s in range(humans, game.players)}
    return PlayApp(GameTable(game, bots, state, record))


async def settle(pilot: Pilot[Any]) -> None:
    """Let bots finish thinking and the screen catch up."""
    app = pilot.app
    for _ in range(50):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not any(w.is_running for w in app.workers):
            return


async def choose(pilot: Pilot[Any], number: int) -> None:
    """Type a menu number and Enter, as a player would."""
    await pilot.press(*str(number), "enter")


def on_cover(app: PlayApp) -> bool:
    return isinstance(app.screen, Cover)


def plain(renderable: Any, width: int = 160) -> str:
    """The text of a rich renderable (or Textual content)."""
    if isinstance(renderable, str):
        return renderable
    if hasattr(renderable, "plain"):
        return str(renderable.plain)
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def app_text(app: PlayApp) -> str:
    """Everything the app shows or holds on any screen: the drawn screen, every widget's
    content (also off-screen and beneath covers), completions and notifications."""
    svg = app.export_screenshot()
    parts = [html.unescape("".join(re.findall(r">([^<>]*)</text>", svg)))]
    for screen in app.screen_stack:
        for widget in screen.walk_children(with_self=True):
            if isinstance(widget, Static):
                parts.append(plain(widget.content))
            elif isinstance(widget, OptionList):
                parts.extend(plain(widget.get_option_at_index(i).prompt) for i in range(widget.option_count))
                parts.append(str(widget.border_title or ""))
            elif isinstance(widget, RichLog):
                parts.extend(strip.text for strip in widget.lines)
            elif isinstance(widget, Input):
                parts.append(widget.value)
                suggester = widget.suggester
                parts.extend(getattr(suggester, "_suggestions", []) if suggester else [])
            elif isinstance(widget, Markdown):
                parts.append(widget.source)
    parts.extend(str(n.message) for n in app._notifications)
    return normal("\n".join(parts))


def normal(text: str) -> str:
    """Lower case, hyphens and runs of blanks as single spaces, for phrase searches."""
    return " ".join(text.replace("\xa0", " ").replace("-", " ").lower().split())
