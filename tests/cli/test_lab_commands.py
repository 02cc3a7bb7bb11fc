"""simulate, bench, replay and the app options: bad input is refused before any work is done."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import riverbox
from riverbox.cli.main import app
from riverbox.lab import tournament
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")
runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIVERBOX_HOME", str(tmp_path / "home"))


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game simulated fails the test: the refusal must come before the first game."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a game ran before the output path was checked")

    monkeypatch.setattr(tournament, "run", refuse)


@pytest.mark.usefixtures("no_games")
@pytest.mark.parametrize(
    ("option", "target", "message"),
    [
        ("--out", "missing/r.jsonl", "the folder .*missing does not exist"),
        ("--out", ".", "is a folder"),
        ("--plot", "missing/p.png", "the folder .*missing does not exist"),
        ("--plot", ".", "is a folder"),
        ("--plot", "plot.xyz", "must end in one of .*png"),
    ],
)
def test_simulate_checks_output_paths_before_any_game(
    tmp_path: Path, option: str, target: str, message: str
) -> None:
    result = runner.invoke(app, ["simulate", "toy", "-n", "5", option, str(tmp_path / target)])
    assert result.exit_code == 2
    assert re.search(message, result.stderr.replace("\n", "")), result.stderr


@pytest.mark.usefixtures("no_games")
def test_simulate_refuses_an_unwritable_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # as a non-root user in a read-only folder
    result = runner.invoke(app, ["simulate", "toy", "-n", "5", "--out", str(tmp_path / "r.jsonl")])
    assert result.exit_code == 2 and "cannot be written" in result.stderr


def test_simulate_out_still_writes_every_game(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    result = runner.invoke(app, ["simulate", "toy", "-n", "7", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 7


def test_matplotlib_is_a_plain_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(dep.startswith("matplotlib") for dep in project["dependencies"])


def test_install_hints_print_literally(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich markup must not eat the brackets of an install hint."""
    monkeypatch.setitem(sys.modules, "ray", None)  # as if ray were not installed
    result = runner.invoke(app, ["simulate", "toy", "-n", "2", "--ray", "ray://nowhere:1"])
    assert result.exit_code == 2
    assert "pip install 'ray[default]'" in result.stderr
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = runner.invoke(app, ["simulate", "toy", "-n", "2", "--plot", str(tmp_path / "p.png")])
    assert result.exit_code == 2 and "plots need matplotlib: pip install matplotlib" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seconds", "inf"], "--seconds must be a finite number above 0, not inf"),
        (["--seconds", "nan"], "--seconds must be a finite number above 0, not nan"),
        (["--seconds", "0"], "--seconds must be a finite number above 0"),
        (["--seconds", "-1"], "--seconds must be a finite number above 0"),
        (["--runs", "0"], "--runs must be a whole number of at least 1"),
        (["--runs", "-3"], "--runs must be a whole number of at least 1"),
    ],
)
def test_bench_refuses_endless_or_empty_runs(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["bench", "toy", *args])
    assert result.exit_code == 2 and message in result.stderr


def test_adapter_bench_refuses_endless_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from riverbox.integrations.adapter_speed import main

    with pytest.raises(SystemExit):
        main(["--seconds", "inf", "--game", "river-wild"])
    assert "--seconds must be a finite number above 0, not inf" in capsys.readouterr().err


def test_both_benches_say_how_they_time(capsys: pytest.CaptureFixture[str]) -> None:
    from riverbox.integrations.adapter_speed import main

    result = runner.invoke(app, ["bench", "toy", "--runs", "1", "--seconds", "0.02"])
    assert result.exit_code == 0, result.output
    assert "CPU time, median of 1 runs" in result.stdout
    main(["--seconds", "0.02", "--runs", "1", "--game", "river-wild"])
    assert "CPU time, median of 1 runs" in capsys.readouterr().out


def test_both_benches_time_with_cpu_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wall clock that races ahead must not shorten a run: only CPU time counts."""
    import time

    from riverbox.integrations import adapter_speed as adapters
    from riverbox.lab import engine_speed as lab

    monkeypatch.setattr(time, "perf_counter", lambda: 1e9 * len(calls))
    monkeypatch.setattr(time, "monotonic", lambda: 1e9 * len(calls))
    monkeypatch.setattr(time, "time", lambda: 1e9 * len(calls))
    calls: list[int] = []

    def loop(rng: object) -> int:
        calls.append(1)
        return 1

    adapters._timed(loop, 0.02, 1)
    assert len(calls) > 1
    calls.clear()
    lab.cpu_timed(lambda: loop(None), 0.02)
    assert len(calls) > 1


def test_bench_progress_goes_to_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    from riverbox.lab import engine_speed as lab

    seen: list[str] = []

    class Recorder(lab.RunProgress):
        def __init__(self, progress: Any, task: Any) -> None:
            super().__init__(progress, task)
            seen.append("bar")

        def advance(self) -> None:
            seen.append("run")
            super().advance()

    monkeypatch.setattr(lab, "RunProgress", Recorder)
    result = runner.invoke(app, ["bench", "toy", "--runs", "3", "--seconds", "0.01", "--json"])
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # stdout stays machine-readable
    assert seen == ["bar", "run", "run", "run"]


def test_version_and_completion() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"riverbox {riverbox.__version__}"
    assert "--install-completion" in runner.invoke(app, ["--help"]).stdout
    env = {**os.environ, "_RIVERBOX_COMPLETE": "complete_bash", "COMP_WORDS": "riverbox simulate river-w"}
    env["COMP_CWORD"] = "2"
    script = "from riverbox.cli.main import app; app(prog_name='riverbox')"
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["river-wild"]
    env.update(COMP_WORDS="riverbox si", COMP_CWORD="1")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["simulate"]


def test_replay_help_mentions_no_server() -> None:
    result = runner.invoke(app, ["replay", "--help"])
    assert result.exit_code == 0 and "server" not in result.stdout.lower()


def test_replay_refuses_deep_and_non_utf8_records_naming_the_file(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"game": "toy", "options": ' + "[" * 50_000 + "]" * 50_000 + "}")
    result = runner.invoke(app, ["replay", str(deep)])
    assert result.exit_code == 2 and "nests deeper than 64 levels" in result.stderr
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"game": "caf\xe9"}')
    result = runner.invoke(app, ["replay", str(latin)])
    assert result.exit_code == 2 and "latin.json is not UTF-8 text" in result.stderr.replace("\n", "")
    result = runner.invoke(app, ["play", "toy", "--resume", str(deep)])
    assert result.exit_code == 2 and "nests deeper than 64 levels" in result.stderr


@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_play_refuses_a_seed_out_of_range_before_it_starts(seed: str) -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", seed], input="quit\n")
    assert result.exit_code == 2 and "--seed" in result.output
