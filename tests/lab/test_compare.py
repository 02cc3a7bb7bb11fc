"""``riverbox bench --compare openspiel``: riverbox beside OpenSpiel's C++ hearts, as ratios.

Also: both benchmarks say which build (pure or compiled) they measured.
"""

from __future__ import annotations

import json
import re
import sys

import pytest
from typer.testing import CliRunner

import riverbox
from riverbox.cli.main import app
from riverbox.lab.compare import compare, reference_loop

runner = CliRunner()
BUILD = "compiled" if riverbox.compiled else "pure"


def test_compare_prints_a_ratio_line_per_game_and_the_build() -> None:
    pytest.importorskip("pyspiel")
    args = ["bench", "--compare", "openspiel", "--runs", "1", "--seconds", "0.02"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"{BUILD} build" in result.stdout
    assert re.search(r"^hearts \(OpenSpiel, C\+\+\) +[\d,]+ steps/s$", result.stdout, re.M)
    assert "hearts loop: a uniform pick from legal_actions() at every node" in result.stdout
    for label in ("ravenous-river 4p", "river-rivals 2p", "river-trek 4p", "river-wild 1p"):
        assert re.search(rf"^{label} +[\d,]+ steps/s +\d+\.\d\dx hearts$", result.stdout, re.M), label


def test_compare_one_game_as_json_gives_its_ratio_to_hearts() -> None:
    pytest.importorskip("pyspiel")
    args = ["bench", "river-rivals", "--compare", "openspiel", "--runs", "1", "--seconds", "0.02", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["build"] == BUILD and data["runs"] == 1
    assert data["reference_loop"].startswith("hearts loop: a uniform pick from legal_actions()")
    [row] = data["rows"]
    assert row["game"] == "river-rivals" and row["steps_per_s"] > 0
    assert row["ratio"] == pytest.approx(row["steps_per_s"] / data["reference_steps_per_s"])


def test_compare_interleaves_runs_and_reports_medians() -> None:
    pytest.importorskip("pyspiel")
    ticks: list[int] = []
    result = compare([riverbox.load("river-wild")], runs=3, seconds=0.01, on_run=lambda: ticks.append(1))
    assert len(ticks) == 3 and result.runs == 3 and result.reference_steps_per_s > 0


def test_missing_openspiel_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    with pytest.raises(ValueError, match=r"riverbox\[openspiel\]"):
        reference_loop("openspiel")
    result = runner.invoke(app, ["bench", "--compare", "openspiel", "--runs", "1", "--seconds", "0.02"])
    assert result.exit_code == 2
    assert "pip install 'riverbox[openspiel]'" in result.stderr


def test_compare_refuses_an_unknown_reference_and_bad_runs() -> None:
    result = runner.invoke(app, ["bench", "--compare", "chess"])
    assert result.exit_code == 2 and "--compare takes openspiel, not 'chess'" in result.stderr
    result = runner.invoke(app, ["bench", "--compare", "openspiel", "--runs", "0"])
    assert result.exit_code == 2 and "--runs must be a whole number" in result.stderr


def test_bench_says_which_build_it_measured() -> None:
    result = runner.invoke(app, ["bench", "river-wild", "--runs", "1", "--seconds", "0.02", "--json"])
    assert result.exit_code == 0, result.output
    assert [row["build"] for row in json.loads(result.stdout)] == [BUILD]
    result = runner.invoke(app, ["bench", "river-wild", "--runs", "1", "--seconds", "0.02"])
    assert f"{BUILD} build" in result.stdout
