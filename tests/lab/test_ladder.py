"""The ladder: seatings, tallies, reproducibility, and sensible ratings on real games."""

from __future__ import annotations

from collections import Counter

import pytest

from riverbox.lab import tournament
from riverbox.lab.ladder import Tally, figures, items_of, run_ladder, seatings, tally_game
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")


def test_every_bot_sits_in_every_seat_equally_often() -> None:
    rows = seatings(3, 3)
    assert len(rows) == 3 and len(set(rows)) == 3
    for seat in range(3):
        assert Counter(r[seat] for r in rows) == Counter({0: 1, 1: 1, 2: 1})
    pairs = seatings(3, 2)
    assert sorted(pairs) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    assert seatings(2, 1) == [(0,), (1,)]
    with pytest.raises(ValueError, match="name at least 3"):
        seatings(2, 3)


def test_repeated_bots_are_one_rated_item() -> None:
    assert items_of(["strong", "heuristic", "heuristic"]) == (["strong", "heuristic"], [0, 1, 1])


def test_tally_of_one_game() -> None:
    # seats 0, 1, 2 played by items 1, 0, 0; seat 2 wins, seats 0 and 1 tie on score
    t = tally_game(2, [1, 0, 0], {"scores": [3, 3, 7], "winners": [2]})
    assert t.seats == [2, 1] and t.wins == [1.0, 0.0] and t.scores == [10.0, 3.0]
    assert t.orders == {(0, 1, 0): 0.5, (0, 0, 1): 0.5}
    # item 1 (seat 0) against item 0: tied with seat 1, below seat 2
    assert t.meetings == {(1, 0): 2, (0, 1): 2}
    assert t.ahead == {(1, 0): 0.5, (0, 1): 1.5}


def test_figures_pairwise_rates_are_complementary() -> None:
    a = tally_game(2, [0, 1], {"scores": [2, 1], "winners": [0]})
    b = tally_game(2, [1, 0], {"scores": [2, 2], "winners": [0, 1]})
    f = figures([a, b, a])
    n = 2
    pairs = f[3 * n :]
    assert pairs[0 * n + 1] == pytest.approx(2.5 / 3)
    assert pairs[0 * n + 1] + pairs[1 * n + 0] == pytest.approx(1.0)
    assert f[0] > 0 > f[1]  # the better bot is rated higher, mean 0
    total = Tally(2)
    for t in (a, b, a):
        total.add(t)
    assert total.wins == pytest.approx([2.5, 0.5])


def test_ladder_is_reproducible_for_any_worker_count() -> None:
    one = run_ladder("toy", 2, {"turns": 1}, ["random", "montecarlo:playouts=1"], 4, seed=5)
    two = run_ladder("toy", 2, {"turns": 1}, ["random", "montecarlo:playouts=1"], 4, seed=5, workers=2)
    assert one == two
    assert one.games == 4 * 2 and one.deals == 4
    assert sum(one.rating) == pytest.approx(0.0, abs=1e-6)
    for (lo, hi), value in zip(one.rating_ci, one.rating, strict=True):
        assert lo <= value + 1e-9 and value <= hi + 1e-9


def test_ladder_ranks_heuristic_above_random_and_anchors() -> None:
    r = run_ladder("river-rivals", 2, {}, ["random", "heuristic"], 3, seed=1, anchor="random")
    assert r.order() == [1, 0]
    assert r.rating[0] == 0.0 and r.rating[1] > 0
    assert r.pairwise[1][0] is not None and r.pairwise[1][0] > 0.5
    js = r.to_json()
    assert js["anchor"] == "random" and js["bots"][0]["bot"] == "heuristic"
    assert {p["bot"] for p in js["pairwise"]} == {"random", "heuristic"}
    with pytest.raises(ValueError, match="anchor 'x' is not one of the bots"):
        run_ladder("river-rivals", 2, {}, ["random", "heuristic"], 1, anchor="x")


def test_solo_ladder_ranks_by_mean_score_on_the_same_deals() -> None:
    r = run_ladder("river-wild", 1, {}, ["random", "heuristic"], 4, seed=2)
    assert r.solo and r.games == 8
    assert r.order() == [1, 0]
    assert "rating" not in r.to_json()["bots"][0] and "pairwise" not in r.to_json()
    for (lo, hi), m in zip(r.score_ci, r.score_mean, strict=True):
        assert lo <= m <= hi


def test_ladder_runs_every_seating_in_one_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers start once for the whole ladder, not once per seating (a pool per seating idled at
    every seating's tail and paid the start-up again), and results still match one worker."""
    started: list[int] = []
    real_pool = tournament._run_pool

    def counting_pool(tasks, workers, progress):  # type: ignore[no-untyped-def]
        started.append(len(tasks))
        return real_pool(tasks, workers, progress)

    monkeypatch.setattr(tournament, "_run_pool", counting_pool)
    bots = ["random", "montecarlo:playouts=1", "montecarlo:playouts=2"]
    many = run_ladder("toy", 2, {"turns": 2}, bots, 6, seed=5, workers=2)
    assert len(started) == 1 and started[0] >= len(seatings(3, 2))
    one = run_ladder("toy", 2, {"turns": 2}, bots, 6, seed=5, workers=1)
    assert many.to_json() == one.to_json()


def test_figures_split_win_shares_by_seat() -> None:
    """Whoever sits first wins: overall the bots are even, by seat the split shows why."""
    a = tally_game(2, [0, 1], {"scores": [2, 1], "winners": [0]})  # item 0 in seat 1 wins
    b = tally_game(2, [1, 0], {"scores": [2, 1], "winners": [0]})  # item 1 in seat 1 wins
    f = figures([a, b], players=2)
    n = 2
    assert f[n : 2 * n] == [0.5, 0.5]
    assert f[3 * n + n * n :] == [1.0, 0.0, 1.0, 0.0]  # item 0 seat 1, seat 2; item 1 seat 1, seat 2


def test_ladder_reports_win_share_per_seat_with_intervals() -> None:
    r = run_ladder("river-rivals", 2, {}, ["random", "heuristic"], 3, seed=1)
    for i in range(2):
        assert r.seat_games[i] == [3, 3]  # every bot sat in every seat on every deal
        shares = r.seat_share[i]
        assert None not in shares
        assert sum(s for s in shares if s is not None) / 2 == pytest.approx(r.win_share[i])
        for share, ci in zip(shares, r.seat_ci[i], strict=True):
            assert ci is not None and share is not None and ci[0] - 1e-9 <= share <= ci[1] + 1e-9
    js = r.to_json()
    heuristic = next(b for b in js["bots"] if b["bot"] == "heuristic")
    assert [s["seat"] for s in heuristic["by_seat"]] == [1, 2]
    assert all(s["games"] == 3 and len(s["win_share_ci95"]) == 2 for s in heuristic["by_seat"])
    solo = run_ladder("river-wild", 1, {}, ["random", "heuristic"], 2, seed=2)
    assert "by_seat" not in solo.to_json()["bots"][0]  # one seat: nothing to split
