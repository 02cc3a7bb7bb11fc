"""The terminal in Chinese: ``riverbox rules GAME --lang zh`` and ``riverbox play --lang zh``."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from riverbox.cli.main import app

runner = CliRunner()
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_rules_in_chinese_and_a_clear_refusal_of_an_unknown_language() -> None:
    zh = runner.invoke(app, ["rules", "ravenous-river", "--lang", "zh"])
    assert zh.exit_code == 0 and "捕食链" in zh.output and "狮子" in zh.output
    en = runner.invoke(app, ["rules", "ravenous-river"])
    assert en.exit_code == 0 and "food chain" in en.output and not CJK.search(en.output)
    bad = runner.invoke(app, ["rules", "ravenous-river", "--lang", "xx"])
    assert bad.exit_code != 0 and "choose from en, zh" in bad.output


def test_play_in_chinese_shows_the_board_menu_log_hint_and_refusals(tmp_path: Path) -> None:
    args = ["play", "ravenous-river", "--plain", "--lang", "zh", "--seed", "3"]
    args += ["--record", str(tmp_path / "game.json")]
    result = runner.invoke(app, args, input="hint\nvote end\nq\n")
    out = result.output
    assert "动物过河，4 名玩家" in out  # the greeting
    assert "捕食链：狮子 > 公牛" in out  # the board
    assert "放置：拿取动物列第" in out  # the menu
    assert "座位 1 是起始玩家。" in out  # the log
    assert "最强的机器人会走" in out  # the hint
    assert "现在不合法" in out and "只有当手上无牌的玩家结束回合" in out  # a refusal, in the reader's words
