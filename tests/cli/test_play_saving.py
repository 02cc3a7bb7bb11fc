"""Nothing acknowledged is lost in ``riverbox play`` (issue 9): the record path is checked
before the first move, the record is written atomically after every move, signals and crashes
save, a resumed game keeps its file, and no keystroke crashes the session."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import riverbox
from riverbox.cli import common
from riverbox.cli.main import app
from riverbox.cli.play import GameTable, PlaySession, SaveFailed, menu_number
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")
runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIVERBOX_HOME", str(tmp_path / "home"))


def _moves(path: Path, seat: int = 0) -> list[str]:
    return [text for s, text in json.loads(path.read_text())["actions"] if s == seat]


# -- the record path is checked before the first move ------------------------------------
@pytest.mark.parametrize("case", ["folder", "missing-folder", "parent-is-a-file"])
def test_an_unwritable_record_path_is_refused_before_the_first_move(tmp_path: Path, case: str) -> None:
    target = {
        "folder": tmp_path,
        "missing-folder": tmp_path / "nowhere" / "r.json",
        "parent-is-a-file": tmp_path / "afile" / "r.json",
    }[case]
    (tmp_path / "afile").write_text("x")
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--record", str(target)], input="1\nquit\n")
    assert result.exit_code == 2, result.output
    assert "record" in result.stderr and str(target) in " ".join(result.stderr.split())
    assert "player 0>" not in result.stdout  # refused before anyone was asked to move
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_data_folder_that_is_a_file_is_refused_before_the_first_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home-file"
    home.write_text("not a folder")
    monkeypatch.setenv("RIVERBOX_HOME", str(home))
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input="1\nquit\n")
    assert result.exit_code == 2, result.output
    assert "records folder" in result.stderr and "RIVERBOX_HOME" in result.stderr
    assert "player 0>" not in result.stdout


# -- saved after every move, atomically --------------------------------------------------
def test_the_record_is_written_after_every_move(tmp_path: Path) -> None:
    game = riverbox.load("toy", 2)
    path = tmp_path / "r.json"
    table = GameTable(game, {}, game.new_state(3), path)
    for n in range(1, 4):
        seat = table.next_seat()
        assert seat is not None
        table.play(table.state.legal_actions(seat)[0], seat)
        assert len(json.loads(path.read_text())["actions"]) == len(table.state.history), n


def test_a_failed_write_leaves_the_previous_record_intact_and_the_move_unmade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = riverbox.load("toy", 2)
    path = tmp_path / "r.json"
    table = GameTable(game, {}, game.new_state(3), path)
    table.play(table.state.legal_actions(0)[0], 0)
    before = path.read_text()
    history = list(table.state.history)

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(common.os, "fsync", full_disk)
    with pytest.raises(SaveFailed, match="No space left on device"):
        table.play(table.state.legal_actions(1)[0], 1)
    assert path.read_text() == before
    assert table.state.history == history  # the move did not count
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left behind
    assert riverbox.replay(json.loads(before)).history == history


def test_a_replaced_record_keeps_ordinary_file_permissions(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    common.save_record({"game": "toy", "seed": 1, "actions": []}, path)
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


# -- signals and crashes -----------------------------------------------------------------
def _spawn(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "RIVERBOX_HOME": str(tmp_path / "home")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return subprocess.Popen(
        [sys.executable, "-m", "riverbox", "play", *args, "--plain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )


def _answer(proc: subprocess.Popen[str], prompts: int, answer: str, seen: list[str]) -> None:
    """Wait until the session has asked ``prompts`` times, then type ``answer``."""
    assert proc.stdout is not None and proc.stdin is not None
    text = "".join(seen)
    deadline = time.monotonic() + 120
    while text.count("player 0>") < prompts:
        assert time.monotonic() < deadline, text[-2000:]
        chunk = os.read(proc.stdout.fileno(), 65536).decode()
        assert chunk, f"the session ended early: {text[-2000:]}"
        seen.append(chunk)
        text += chunk
    proc.stdin.write(answer + "\n")
    proc.stdin.flush()


GAME = ["ravenous-river", "--players", "3", "--seed", "5", "-o", "first_player=0"]


def test_kill_9_mid_game_loses_no_move_and_the_game_resumes_from_its_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    proc = _spawn(tmp_path, *GAME, "--record", str(record))
    seen: list[str] = []
    for k in range(1, 5):
        _answer(proc, k, "1", seen)
    _answer(proc, 5, "", seen)  # the fourth move was acknowledged: the next prompt is up
    proc.kill()
    proc.wait(30)
    played = _moves(record)
    assert len(played) == 4
    resumed = _spawn(tmp_path, "ravenous-river", "--resume", str(record))
    _, err = resumed.communicate("1\nquit\n", timeout=120)
    assert resumed.returncode == 0, err
    after = _moves(record)
    assert after[:4] == played and len(after) == 5  # nothing missing; play went on in the same file
    assert not (tmp_path / "home" / "records").exists() or not any((tmp_path / "home" / "records").iterdir())


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_save_and_stop_cleanly(tmp_path: Path, signum: int) -> None:
    record = tmp_path / "game.json"
    proc = _spawn(tmp_path, *GAME, "--record", str(record))
    seen: list[str] = []
    for k in range(1, 4):
        _answer(proc, k, "1", seen)
    _answer(proc, 4, "", seen)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert f"Game saved to {record}" in "".join(seen) + out
    assert len(_moves(record)) == 3
    assert riverbox.replay(json.loads(record.read_text())).history


def test_an_unexpected_error_saves_and_then_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "r.json"

    def broken(self: GameTable, seat: int) -> object:
        raise RuntimeError("a bot fell into the river")

    monkeypatch.setattr(GameTable, "bot_action", broken)
    result = runner.invoke(app, ["play", *GAME, "--record", str(record)], input="1\n1\n1\n")
    assert result.exit_code == 1
    assert "a bot fell into the river" in result.stderr
    assert f"Game saved to {record}" in " ".join(result.stderr.split())
    assert "--resume" in result.stderr
    assert _moves(record)  # the human's moves before the error are in the file


# -- resuming ----------------------------------------------------------------------------
def test_resume_writes_to_the_same_file_and_the_quit_message_names_it(tmp_path: Path) -> None:
    record = tmp_path / "my game.json"
    first = runner.invoke(app, ["play", *GAME, "--record", str(record)], input="1\nquit\n")
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["play", "ravenous-river", "--resume", str(record)], input="1\nquit\n")
    assert again.exit_code == 0, again.output
    assert len(_moves(record)) == 2
    assert not (tmp_path / "home" / "records").exists()
    said = again.stdout
    assert f"Game saved to {record}" in said
    assert f"riverbox replay '{record}'" in said
    assert f"riverbox play ravenous-river --resume '{record}'" in said
    assert "FILE" not in said


def test_resume_refuses_players_seed_or_options_that_contradict_the_record(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    runner.invoke(app, ["play", *GAME, "--record", str(record)], input="1\nquit\n")
    kept = record.read_text()
    for extra, word in (
        (["--players", "4"], "--players 4"),
        (["--seed", "6"], "--seed 6"),
        (["-o", "target=9"], "target=9"),
    ):
        args = ["play", "ravenous-river", "--resume", str(record), *extra]
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code == 2, (extra, result.output)
        assert word in result.stderr and "contradicts the record" in result.stderr
    assert record.read_text() == kept
    args = ["play", "ravenous-river", "--resume", str(record), "--players", "3", "-o", "target=6"]
    same = runner.invoke(app, args, input="q\n")
    assert same.exit_code == 0, same.output


# -- the log and odd keystrokes ----------------------------------------------------------
def test_log_forgets_a_move_that_was_taken_back(tmp_path: Path) -> None:
    game = riverbox.load("ravenous-river", 3, first_player=0)
    table = GameTable(game, {}, game.new_state(1), tmp_path / "r.json")
    table.news(0)
    kept = table.log(0)
    action = game.parse_action("play sinking-options", table.state)  # reveals nothing: undoable
    table.play(action, 0)
    told = table.news(0)
    assert told and table.log(0) == kept + told
    table.undo(0)
    assert table.log(0) == kept
    assert table.news(0) == []  # and the state is as before the move


def test_log_tells_each_event_once_and_undo_trims_it(tmp_path: Path) -> None:
    """The play log is the seat's events in the game's sentences; undo forgets the taken-back ones."""
    game = riverbox.load("toy", players=2, turns=1)
    table = GameTable(game, {}, game.new_state(2), tmp_path / "t.json")
    card = table.state.log(0)[0]["card"]
    assert table.news(0) == [f"You are dealt a {card}."]
    assert table.news(None) == []  # spectators see no card
    table.play(game.parse_action("bet", table.state), 0)
    assert table.news(0) == ["Seat 0 bets."]
    assert table.news(0) == []  # told once
    table.undo(0)
    assert table.log(0) == [f"You are dealt a {card}."]
    table.play(game.parse_action("pass", table.state), 0)
    assert table.news(0) == ["Seat 0 passes."]


@pytest.mark.parametrize("text", ["²", "①", "٣", "9" * 5000, "1" * 7, "\x1b[4~"])
def test_odd_answers_are_not_menu_numbers(text: str) -> None:
    assert menu_number(text) is None


@pytest.mark.parametrize("name", ["ravenous-river", "river-rivals", "river-wild", "river-trek"])
def test_no_keystroke_crashes_a_session(name: str, tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    answers = "\n".join(["²", "①", "9" * 5000, "\x1b[4~", "1", "quit"]) + "\n"
    result = runner.invoke(app, ["play", name, "--seed", "1", "--record", str(record)], input=answers)
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "Game saved to" in result.stdout
    assert len(_moves(record)) >= 1


def test_plain_pass_the_screen_clears_the_scrollback_too(tmp_path: Path) -> None:
    out = StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    answers = iter(["", "1", "", "quit"])
    game = riverbox.load("toy", 2)
    ask = lambda _: next(answers)  # noqa: E731
    session = PlaySession(game, {}, 3, console=console, ask=ask, record_path=tmp_path / "r")
    session.run()
    text = out.getvalue()
    assert text.count("\x1b[3J") >= 3  # before and after each cover page
    assert text.index("\x1b[3J") < text.index("Pass the screen to")


def test_line_mode_turns_on_line_editing_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("readline")
    from riverbox.cli import play

    monkeypatch.delitem(sys.modules, "readline", raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    play.enable_line_editing()
    assert "readline" in sys.modules  # input() now edits lines and keeps a history
