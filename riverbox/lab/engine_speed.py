"""The project's benchmark: how fast the engine's hot paths are (step, clone, view).

Bots search by simulating, so random playouts per second, the price of ``clone`` and the
price of building every seat's ``view`` are the figures that matter. Each figure is the
median of several runs so one noisy run does not mislead, and time is the process's CPU
time, so other work on the machine does not skew a single-core figure. The adapters'
benchmark (``riverbox.integrations.adapter_speed``) times with the same helpers here.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from riverbox.buildinfo import build_name
from riverbox.core.game import Game, State
from riverbox.core.rng import Rng
from riverbox.lab.stats import median


@dataclass
class BenchResult:
    game: str
    players: int
    options: dict[str, Any]
    runs: int
    games_per_s: float
    steps_per_s: float
    step_us: float
    clone_us: float
    views_per_step_us: float
    view_ratio: float
    """Cost of building every seat's view (and the public one) per step, over the bare step."""
    build: str = "pure"
    """Which engine was measured: ``"pure"`` Python or ``"compiled"`` (mypyc)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


TIMING = "CPU time, median of {runs} runs"
"""How both benchmarks time, as they say in their output."""


def check_bench_args(runs: Any, seconds: Any) -> None:
    """``ValueError`` unless ``runs`` is a positive int and ``seconds`` a finite positive number.

    An infinite or NaN length would make a run never end (``elapsed < inf`` is always true).
    """
    if runs.__class__ is not int or runs < 1:
        raise ValueError(f"--runs must be a whole number of at least 1, not {runs!r}")
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
        raise ValueError(f"--seconds must be a number, not {seconds!r}")
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"--seconds must be a finite number above 0, not {seconds!r}")


def cpu_timed(step: Callable[[], int], seconds: float) -> tuple[int, int, float]:
    """Call ``step`` (which returns a count) until ``seconds`` of CPU time have passed.

    Returns (calls, total count, CPU seconds); at least one call, however long it takes.
    """
    calls = total = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or calls == 0:
        total += step()
        calls += 1
        elapsed = time.process_time() - start
    return calls, total, elapsed


class RunProgress:
    """What a benchmark tells its progress bar: what runs now, and that a run finished."""

    def __init__(self, progress: Any, task: Any) -> None:
        self._progress, self._task = progress, task

    def now(self, description: str) -> None:
        self._progress.update(self._task, description=description)

    def advance(self) -> None:
        self._progress.advance(self._task)


@contextmanager
def progress_bar(total: int) -> Iterator[RunProgress]:
    """A rich progress bar of ``total`` runs on stderr (stdout stays clean for ``--json``)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        yield RunProgress(progress, progress.add_task("runs", total=total))


def _playout(state: State, rng: Rng, views: bool) -> int:
    steps = 0
    seats = [*range(state.game.players), None]
    while not state.is_over:
        to_move = state.to_move
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        if views:
            for s in seats:
                state.view(s)
        steps += 1
    return steps


def _timed_games(game: Game, seconds: float, seed: int, views: bool) -> tuple[int, int, float]:
    rng = Rng(seed)
    return cpu_timed(lambda: _playout(game.new_state(rng.randrange(2**31)), rng, views), seconds)


def _clone_cost(game: Game, seed: int, samples: int = 200) -> float:
    rng = Rng(seed)
    states: list[State] = []
    state = game.new_state(seed)
    while len(states) < samples:
        if state.is_over:
            state = game.new_state(rng.randrange(2**31))
        seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        if rng.random() < 0.3:
            states.append(state.clone())
    start = time.process_time()
    reps = 20
    for _ in range(reps):
        for s in states:
            s.clone()
    return (time.process_time() - start) / (reps * len(states)) * 1e6


def run_bench(
    game: Game,
    runs: int = 5,
    seconds: float = 1.0,
    seed: int = 1,
    on_run: Callable[[], None] | None = None,
) -> BenchResult:
    """Median figures over ``runs`` runs of about ``seconds`` each (bare, then with views).

    ``on_run`` is called after each run (for a progress bar).
    """
    check_bench_args(runs, seconds)
    gps, sps, step_us, clone_us, view_us = [], [], [], [], []
    for r in range(runs):
        g, s, t = _timed_games(game, seconds, seed + r, views=False)
        gps.append(g / t)
        sps.append(s / t)
        bare = t / s * 1e6
        step_us.append(bare)
        _, s2, t2 = _timed_games(game, seconds, seed + r, views=True)
        view_us.append(max(0.0, t2 / s2 * 1e6 - bare))  # timing noise can dip below zero
        clone_us.append(_clone_cost(game, seed + r))
        if on_run is not None:
            on_run()
    step = median(step_us)
    views = median(view_us)
    return BenchResult(
        game=game.name,
        players=game.players,
        options=dict(game.options),
        runs=runs,
        games_per_s=median(gps),
        steps_per_s=median(sps),
        step_us=step,
        clone_us=median(clone_us),
        views_per_step_us=views,
        view_ratio=views / step if step else 0.0,
        build=build_name(),
    )
