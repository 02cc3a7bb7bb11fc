"""The full-screen app for a Chinese reader: the cover, the footer's keys, the help page, the
answer line and its refusals (of notation, of a number, of an undo) read in Chinese."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

import riverbox
from riverbox.bots.base import make_bot
from riverbox.cli.play import GameTable
from riverbox.cli.tui.app import PlayApp
from tests.cli.tui_kit import app_text, on_cover, plain, settle

FOOTER_WORDS = ("Help", "Rules", "Hint", "Undo", "Quit", "Continue", "Close")


def _screen(app: PlayApp) -> str:
    """What is drawn on the terminal now (the footer included)."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


def test_a_chinese_reader_gets_the_cover_keys_help_and_refusals_in_chinese(tmp_path: Path) -> None:
    game = riverbox.load("ravenous-river", 3, first_player=0)
    bots = {2: make_bot("heuristic", game, 102)}
    app = PlayApp(GameTable(game, bots, game.new_state(4), tmp_path / "r.json", lang="zh"))

    async def script(pilot: Pilot[Any]) -> None:
        assert on_cover(app)  # two people at one screen: the first one is asked for
        drawn = _screen(app)
        assert "请把屏幕交给玩家 0" in drawn and "继续" in drawn, drawn
        assert "Pass the screen" not in app_text(app)
        await pilot.press("enter")
        await settle(pilot)
        drawn = _screen(app)
        assert all(word in drawn for word in ("帮助", "规则", "提示", "撤回", "退出")), drawn
        assert not [w for w in FOOTER_WORDS if re.search(rf"\b{w}\b", drawn)], drawn
        assert "编号、写法或命令" in drawn
        status = lambda: plain(app.query_one("#status").content)  # noqa: E731
        await pilot.press(*"xyzzy", "enter")
        assert "未知的行动" in status() and "unknown" not in status()
        await pilot.press(*"99", "enter")
        assert "没有第 99 个选项" in status()
        await pilot.press("f4")
        assert "没有可撤回的" in status()
        await pilot.press("f1")
        await pilot.pause()
        assert "在这里怎么玩" in app_text(app) and "How to play" not in app_text(app)
        assert "关闭" in _screen(app)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())
