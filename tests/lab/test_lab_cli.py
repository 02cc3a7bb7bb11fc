"""The ladder and balance commands, and bot specs and --think on play and simulate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from riverbox.cli.main import app
from riverbox.registry import register
from tests.bots import probe

register("toy", "tests.core.toy:ToyGame")
runner = CliRunner()


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIVERBOX_HOME", str(tmp_path / "home"))


def test_ladder_json_and_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "ladder.png"
    args = ["ladder", "river-rivals", "--bots", "random heuristic", "-n", "2", "--json", "--plot", str(plot)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["players"] == 2 and data["anchor"] == "mean 0"
    assert [b["bot"] for b in data["bots"]] == ["heuristic", "random"]
    by_seat = data["bots"][0]["by_seat"]
    assert [(s["seat"], s["games"]) for s in by_seat] == [(1, 2), (2, 2)]
    assert all(s["win_share_ci95"][0] <= s["win_share"] <= s["win_share_ci95"][1] for s in by_seat)
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_ladder_applies_think_and_prints_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    probe.install(monkeypatch)
    args = ["ladder", "toy", "--bots", "random,probe:iterations=5", "-n", "2", "-o", "turns=1"]
    result = runner.invoke(app, [*args, "--think", "0.01", "--json"])
    assert result.exit_code == 0, result.stderr
    assert {b["bot"] for b in json.loads(result.stdout)["bots"]} == {
        "random",
        "probe:iterations=5,seconds=0.01",
    }
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert "Toy ladder: 2 deals x 2 seatings = 4 games" in result.stdout
    assert "How often the row bot" in result.stdout and "Plackett" in result.stdout
    assert "Win share by seat (95% CI)" in result.stdout and "seat 2" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random"], "1 bots named for a 2-player game"),
        (["--bots", "random,heuristic:depth=3"], "has no setting 'depth'"),
        (["--bots", "random,heuristic", "--plot", "nowhere/x.png"], "the folder nowhere does not exist"),
        (["--bots", "random,heuristic", "--plot", "x.txt"], "the file name must end in one of"),
        (["--bots", "random,heuristic", "--anchor", "ismcts"], "anchor 'ismcts' is not one of the bots"),
    ],
)
def test_ladder_refuses_bad_input_before_playing(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["ladder", "river-rivals", "-n", "1", *args])
    assert result.exit_code == 2 and message in result.stderr


def test_balance_json_and_table(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = runner.invoke(app, ["balance", "river-wild", "--bots", "random", "-n", "4", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["bots"] == ["random"] and data["features"]
    plot = tmp_path / "balance.png"
    result = runner.invoke(
        app, ["balance", "ravenous-river", "-p", "3", "--bots", "random", "-n", "3", "--plot", str(plot)]
    )
    assert result.exit_code == 0, result.stderr
    assert "win effect" in result.stdout and "(placeholder)" in result.stdout
    assert plot.read_bytes()[:4] == b"\x89PNG"
    result = runner.invoke(app, ["balance", "ravenous-river", "-p", "3", "--bots", "random,random"])
    assert result.exit_code == 2 and "one bot for every seat or one per seat" in result.stderr


def test_simulate_takes_specs_with_commas_and_think(monkeypatch: pytest.MonkeyPatch) -> None:
    probe.install(monkeypatch)
    result = runner.invoke(
        app,
        [
            "simulate",
            "toy",
            "-n",
            "2",
            "--json",
            "--bots",
            "probe:iterations=3,c=1;random",
            "--think",
            "0.01",
        ],
    )
    assert result.exit_code == 0, result.stderr
    seats = json.loads(result.stdout)["seats"]
    assert [s["bot"] for s in seats] == ["probe:iterations=3,c=1,seconds=0.01", "random"]
    result = runner.invoke(app, ["simulate", "toy", "--bots", "probe:iterations=many"])
    assert result.exit_code == 2 and "expected a whole number" in result.stderr


def test_play_takes_a_level(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "river-rivals", "--bots", "easy", "--seed", "1", "--record", str(tmp_path / "r.json")],
        input="quit\n",
    )
    assert "1=easy" in result.stdout


def test_games_lists_bots_and_levels() -> None:
    result = runner.invoke(app, ["games", "--json"])
    listed = {g["name"]: g for g in json.loads(result.stdout)}
    assert listed["river-wild"]["levels"]["medium"] == "heuristic"
    assert "lookahead" in listed["river-wild"]["bots"] and "strong" in listed["river-wild"]["bots"]
