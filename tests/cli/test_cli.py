"""The command line, driven through typer's runner on the toy game (games add their own)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import riverbox
from riverbox.cli.main import app
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")
runner = CliRunner()


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIVERBOX_HOME", str(tmp_path / "home"))


def test_games_lists_toy_with_options() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    names = {g["name"]: g for g in json.loads(result.stdout)}
    assert names["toy"]["options"][0]["name"] == "turns"


def test_unknown_game_and_bad_option_fail_clearly() -> None:
    result = runner.invoke(app, ["simulate", "nope", "-n", "3"])
    assert result.exit_code == 2 and "unknown game 'nope'" in result.stderr
    result = runner.invoke(app, ["simulate", "toy", "-o", "turns=99"])
    assert result.exit_code == 2 and "above the maximum 9" in result.stderr
    result = runner.invoke(app, ["simulate", "toy", "-o", "turns"])
    assert result.exit_code == 2 and "name=value" in result.stderr
    result = runner.invoke(app, ["simulate", "toy", "--bots", "wizard"])
    assert result.exit_code == 2 and "valid bots: random" in result.stderr


def test_simulate_json_is_reproducible_and_counts_every_game(tmp_path: Path) -> None:
    args = ["simulate", "toy", "-p", "3", "-n", "40", "--seed", "5", "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["games"] == 40
    rates = [s["win_rate"] for s in data["seats"]]
    assert sum(rates) == pytest.approx(1.0)
    for seat in data["seats"]:
        lo, hi = seat["win_ci95"]
        assert lo <= seat["win_rate"] <= hi
    again = runner.invoke(app, [*args, "--workers", "2"])
    assert json.loads(again.stdout)["seats"] == data["seats"]


def test_simulate_writes_a_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "out.png"
    result = runner.invoke(app, ["simulate", "toy", "-n", "20", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_play_quit_saves_a_record_that_replays(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "toy", "-p", "2", "--seed", "3", "--record", str(rec)], input="help\n1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "saved" in result.stdout
    record = json.loads(rec.read_text())
    state = riverbox.replay(record)
    assert str(state.history[2][1]) == "bet"
    shown = runner.invoke(app, ["replay", str(rec), "--no-step"])
    assert shown.exit_code == 0 and "Seat 0 bets." in shown.stdout
    assert "dealt" not in shown.stdout  # a spectator is not told anyone's card


def test_replay_tells_a_seat_its_own_events_and_nobody_else_s(tmp_path: Path) -> None:
    """replay prints ``state.log(seat)`` in the game's sentences: the seat's card, not the others'."""
    game = riverbox.load("toy", players=2, turns=1)
    state = game.new_state(5)
    while not state.is_over:
        state.apply(state.legal_actions(state.to_move[0])[0], state.to_move[0])
    rec = tmp_path / "toy.json"
    rec.write_text(json.dumps(state.record()))
    for seat in (0, 1):
        shown = runner.invoke(app, ["replay", str(rec), "--no-step", "--seat", str(seat)])
        assert shown.exit_code == 0, shown.output
        said = [game.describe_event(e) for e in state.log(seat)]
        assert all(line in shown.stdout for line in said)
        assert shown.stdout.count("You are dealt") == 1  # its own card only
    assert "Cards: " in shown.stdout and "the sum is" in shown.stdout


def test_play_to_the_end_reports_scores(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    answers = "\n".join(["9", "x", "1"] + ["1"] * 10) + "\n"
    result = runner.invoke(
        app, ["play", "toy", "-p", "2", "--seed", "1", "-o", "turns=1", "--record", str(rec)], input=answers
    )
    assert result.exit_code == 0, result.output
    assert "There is no action 9" in result.stdout
    assert "'x' is not a move" in result.stdout
    assert "Final scores" in result.stdout
    assert riverbox.replay(json.loads(rec.read_text())).is_over


def test_two_humans_get_a_pass_the_screen_page(tmp_path: Path) -> None:
    answers = "\n".join(["", "1", "", "1", "quit"]) + "\n"
    result = runner.invoke(
        app, ["play", "toy", "-p", "2", "--humans", "2", "--record", str(tmp_path / "r.json")], input=answers
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Pass the screen to") >= 2


def test_replay_rejects_corrupt_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "not valid JSON" in result.stderr
    bad.write_text(json.dumps({"game": "toy", "options": {"players": 2}, "seed": 1, "actions": [[0, "fly"]]}))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "record action 0" in result.stderr
    result = runner.invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read record" in result.stderr


def test_bench_reports_medians() -> None:
    result = runner.invoke(app, ["bench", "toy", "--runs", "1", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)
    assert row["games_per_s"] > 0 and row["clone_us"] > 0 and row["view_ratio"] >= 0


def test_hint_asks_the_strongest_bot_and_says_why(tmp_path: Path) -> None:
    """River Rivals' strong level is a search bot: the hint names its move and its top choices' values."""
    result = runner.invoke(
        app,
        ["play", "river-rivals", "--seed", "4", "--plain", "--record", str(tmp_path / "r.json")],
        input="hint\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "The strongest bot would play:" in result.stdout
    # the reason is the gap between the best choices' values, in words (not a visit share). The
    # strong level searches for at most 0.6 s of CPU, so on a loaded machine the gap may come out
    # under half a win in 100 and read "about as good as the next best": both are reasons.
    assert "outlook" in result.stdout
    assert "than the next best" in result.stdout or "about as good as the next best" in result.stdout
    assert "visits" not in result.stdout


def test_hint_falls_back_to_the_heuristic_where_a_game_has_no_levels(tmp_path: Path) -> None:
    """The toy game has no levels and no heuristic: the hint says so plainly and the game goes on."""
    record = str(tmp_path / "t.json")
    args = ["play", "toy", "-p", "2", "--seed", "3", "--record", record]
    result = runner.invoke(app, args, input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "toy has no heuristic bot" in result.stdout
    assert "strongest bot would play" not in result.stdout
