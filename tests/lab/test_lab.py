"""Statistics, tournaments and the benchmark of the lab."""

from __future__ import annotations

import doctest

import pytest

import riverbox.lab.stats
from riverbox.lab import tournament
from riverbox.lab.engine_speed import run_bench
from riverbox.lab.stats import median, wilson_interval
from riverbox.registry import load, register

register("toy", "tests.core.toy:ToyGame")


def test_stats_doctests() -> None:
    result = doctest.testmod(riverbox.lab.stats)
    assert result.attempted >= 3 and result.failed == 0


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(0.19, abs=0.01)
    with pytest.raises(ValueError):
        median([])


def test_tournament_is_reproducible_and_shares_ties() -> None:
    setup = tournament.Setup("toy", 3, {"turns": 1}, ("random", "random", "random"))
    a = tournament.run(setup, 30, seed=9)
    b = tournament.run(setup, 30, seed=9, workers=2)
    assert a == b
    summary = tournament.summarise(setup.bots, a)
    assert sum(summary.win_rate) == pytest.approx(1.0)
    assert summary.length_mean > 0


def test_bench_reports_positive_medians() -> None:
    result = run_bench(load("toy", players=2), runs=2, seconds=0.05)
    assert result.games_per_s > 0 and result.steps_per_s > result.games_per_s
    assert result.clone_us > 0


def test_plots_for_multiplayer_and_solo_games(tmp_path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("matplotlib")
    from riverbox.lab.plots import plot_tournament

    for name, players, bots in (("toy", 2, ("random", "random")), ("river-wild", 1, ("heuristic",))):
        setup = tournament.Setup(name, players, {}, bots)
        results = tournament.run(setup, 6, seed=2)
        out = plot_tournament(name, tournament.summarise(bots, results), results, tmp_path / f"{name}.png")
        assert out.read_bytes()[:4] == b"\x89PNG"


def test_ray_path_runs_batches_remotely_and_keeps_seed_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The --ray path with a stand-in for the ray API (the real cluster is not available in CI)."""
    import sys
    import types

    calls: dict[str, object] = {}

    class _Ref:
        def __init__(self, value: object) -> None:
            self.value = value

    def remote(fn):  # type: ignore[no-untyped-def]
        return types.SimpleNamespace(remote=lambda *a: _Ref(fn(*a)))

    def wait(pending):  # type: ignore[no-untyped-def]
        return [pending[-1]], pending[:-1]  # finish out of order on purpose

    fake = types.SimpleNamespace(
        init=lambda address, ignore_reinit_error: calls.setdefault("address", address),
        remote=remote,
        wait=wait,
        get=lambda refs: [r.value for r in refs],
    )
    monkeypatch.setitem(sys.modules, "ray", fake)
    setup = tournament.Setup("toy", 2, {"turns": 1}, ("random", "random"))
    progressed: list[int] = []
    remote_results = tournament.run(
        setup, 120, seed=4, ray_address="ray://head:10001", progress=progressed.append
    )
    assert calls["address"] == "ray://head:10001"
    assert remote_results == tournament.run(setup, 120, seed=4)
    assert sum(progressed) == 120


def _sigterm_is_default(_: int) -> bool:
    import signal

    return signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_pool_workers_end_on_sigterm_whatever_thread_takes_it() -> None:
    """Workers drop the SIGTERM handler they inherit from the parent's ``_exit_on_termination``:
    with it, a SIGTERM the kernel gave to a worker's watch thread was never acted on while the
    main thread waited on the task queue, and ``Pool.terminate`` hung joining that worker."""
    import multiprocessing

    with tournament._exit_on_termination():
        pool = multiprocessing.get_context().Pool(2, initializer=tournament._end_with_parent)
        try:
            assert all(pool.map(_sigterm_is_default, range(4)))
        finally:
            pool.terminate()
            pool.join()
