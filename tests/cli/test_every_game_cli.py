"""Every registered game works through every command: rules, play (bots only), simulate, replay, bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import riverbox
from riverbox.cli.main import app

runner = CliRunner()
GAMES = ["ravenous-river", "river-rivals", "river-wild", "river-trek"]


def _require(name: str) -> None:
    if name not in {g.name for g in riverbox.games()}:
        pytest.fail(f"game {name} is not registered")


@pytest.mark.parametrize("name", GAMES)
def test_rules_mark_placeholder_content(name: str) -> None:
    _require(name)
    result = runner.invoke(app, ["rules", name])
    assert result.exit_code == 0, result.output
    assert "placeholder" in result.stdout.lower()


@pytest.mark.parametrize("name", GAMES)
def test_bots_only_game_plays_to_the_end_and_replays(name: str, tmp_path: Path) -> None:
    _require(name)
    rec = tmp_path / "r.json"
    result = runner.invoke(app, ["play", name, "--humans", "0", "--seed", "4", "--record", str(rec)])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout
    state = riverbox.replay(json.loads(rec.read_text()))
    assert state.is_over
    shown = runner.invoke(app, ["replay", str(rec), "--no-step"])
    assert shown.exit_code == 0, shown.output
    assert "Final:" in shown.stdout


@pytest.mark.parametrize("name", GAMES)
def test_simulate_and_bench(name: str) -> None:
    _require(name)
    result = runner.invoke(app, ["simulate", name, "-n", "6", "--json", "--bots", "heuristic"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["seats"][0]["bot"] == "heuristic"
    result = runner.invoke(app, ["bench", name, "--runs", "1", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["games_per_s"] > 0


@pytest.mark.parametrize("name", GAMES)
def test_human_can_play_by_number_and_quit(name: str, tmp_path: Path) -> None:
    _require(name)
    rec = tmp_path / "h.json"
    result = runner.invoke(
        app, ["play", name, "--seed", "2", "--record", str(rec)], input="help\n1\n1\n1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    record = json.loads(rec.read_text())
    humans = [a for a in record["actions"] if a[0] == 0]
    assert humans, "the human seat made no move"
    assert riverbox.replay(record).to_json()["history"]


def test_undo_takes_back_a_move_that_revealed_nothing_and_refuses_a_look(tmp_path: Path) -> None:
    """Issue 2 §5: undo works only for your own last move that revealed nothing."""
    rec = tmp_path / "u.json"
    answers = "play sinking-options\nundo\nlook row1\nundo\nquit\n"
    result = runner.invoke(
        app,
        ["play", "ravenous-river", "-p", "3", "-o", "first_player=0", "--seed", "1", "--record", str(rec)],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "Move taken back." in result.stdout
    assert "Cannot undo: your move revealed something" in result.stdout
    actions = [text for seat, text in json.loads(rec.read_text())["actions"] if seat == 0]
    assert actions == ["look row1"]
