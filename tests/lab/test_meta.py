"""The ladder's meta-game: payoff matrix, alpha-Rank, Nash equilibrium, dominance, and --meta."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from riverbox.cli.main import app
from riverbox.lab.ladder import run_ladder
from riverbox.lab.meta import dominated_by, meta_game, meta_of, nash, payoff_matrix, solo_above
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")
pytest.importorskip("open_spiel.python.egt.alpharank")

runner = CliRunner()


def test_the_payoff_is_the_difference_of_the_two_finishing_rates() -> None:
    above: list[list[float | None]] = [[None, 0.75, 0.5], [0.25, None, None], [0.5, None, None]]
    m = payoff_matrix(above)
    assert m[0][1] == pytest.approx(0.5) and m[1][0] == pytest.approx(-0.5)
    assert m[0][2] == 0.0 and m[1][2] == 0.0 and all(m[i][i] == 0.0 for i in range(3))


def test_rock_paper_scissors_has_the_even_mix_and_nobody_dominated() -> None:
    rps = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]
    mix, value = nash(rps)
    assert mix == pytest.approx([1 / 3] * 3, abs=1e-6) and value == pytest.approx(0.0, abs=1e-9)
    assert dominated_by(rps) == [[], [], []]


def test_a_bot_every_other_beats_is_dominated_and_outside_the_equilibrium() -> None:
    # a beats b and c; b beats c: a transitive field
    above: list[list[float | None]] = [[None, 0.8, 0.9], [0.2, None, 0.7], [0.1, 0.3, None]]
    m = meta_game(["a", "b", "c"], above)
    assert m.nash == pytest.approx([1.0, 0.0, 0.0], abs=1e-6)
    assert m.alpha_rank[0] > 0.9 and m.alpha_rank[0] == max(m.alpha_rank)
    assert m.dominated_by == [[], [0], [0, 1]]
    assert m.nash_average[0] == pytest.approx(0.0, abs=1e-9) and m.nash_average[2] < m.nash_average[1] < 0
    assert m.to_json()["bots"][2]["dominated_by"] == ["a", "b"]


def test_a_solo_meta_game_compares_scores_on_the_same_deal() -> None:
    above = solo_above([[5, 3, 2], [4, 3, 9]])
    assert above[0][1] == pytest.approx((1 + 0.5 + 0) / 3) and above[1][0] == pytest.approx((0 + 0.5 + 1) / 3)


def test_the_meta_game_of_a_tiny_ladder() -> None:
    result = run_ladder(
        "toy", 2, {"turns": 1}, ["random", "montecarlo:playouts=4", "ismcts:iterations=8"], 3, 1
    )
    m = meta_of(result)
    assert m.bots == result.bots and sum(m.alpha_rank) == pytest.approx(1.0)
    assert sum(m.nash) == pytest.approx(1.0)
    for a in range(3):
        for b in range(3):
            assert m.payoff[a][b] == pytest.approx(-m.payoff[b][a])


def test_ladder_meta_prints_and_writes_json() -> None:
    args = ["ladder", "toy", "--bots", "random,montecarlo:playouts=4", "-n", "2", "-o", "turns=1", "--meta"]
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0, shown.output
    assert "alpha-Rank" in shown.stdout and "Nash mix" in shown.stdout
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert {b["bot"] for b in data["meta"]["bots"]} == {"random", "montecarlo:playouts=4"}
    assert sum(b["nash"] for b in data["meta"]["bots"]) == pytest.approx(1.0)


def test_bound_command_reports_each_bot_against_the_bound() -> None:
    args = ["bound", "--bots", "random,heuristic", "-n", "2", "--nodes", "20", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [b["bot"] for b in data["bots"]] == ["random", "heuristic"]
    for deal in data["deals"]:
        assert all(score <= deal["bound"] for score in deal["scores"].values())
        assert deal["best_line"] <= deal["best_known"] <= deal["bound"]
        assert deal["best_known"] == max(deal["best_line"], *deal["scores"].values())
