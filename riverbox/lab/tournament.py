"""Play many games between bots, on one core, several processes, or a Ray cluster.

A game result is a small dict (seed, scores, winners, steps), so results travel cheaply
between processes and into JSON. Seeds are derived from one master seed, so a tournament is
reproducible whatever the number of workers.

Worker processes end with their parent however it ends: a SIGTERM or SIGHUP to the parent
shuts the pool down before it exits, and each worker also watches its parent (the kernel's
parent-death signal on Linux, and a polling thread everywhere), so even ``kill -9`` of the
parent leaves no worker playing on.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from riverbox.bots.base import make_bot
from riverbox.lab.stats import mean_sd, wilson_interval
from riverbox.registry import load

MAX_STEPS = 100_000


@dataclass(frozen=True)
class Setup:
    """What every game of a tournament shares (picklable, so workers can rebuild the game)."""

    game: str
    players: int | None
    options: dict[str, Any]
    bots: tuple[str, ...]
    features: bool = False
    """Also record what each seat had (``Game.balance_features``), for balance reports."""


def play_one(setup: Setup, seed: int) -> dict[str, Any]:
    """Play one game between the named bots; return seed, scores, winners, returns and steps."""
    game = load(setup.game, setup.players, **setup.options)
    rng = random.Random(seed)
    bots = [make_bot(name, game, rng.randrange(2**31)) for name in setup.bots]
    state = game.new_state(seed)
    steps = 0
    while not state.is_over:
        if steps >= MAX_STEPS:
            raise RuntimeError(f"{setup.game} seed {seed} did not end within {MAX_STEPS} steps")
        for seat in state.to_move:
            if seat in state.to_move and not state.is_over:
                state.apply(bots[seat].act(state, seat), seat)
                steps += 1
    result = {
        "seed": seed,
        "scores": state.scores(),
        "winners": state.winners(),
        "returns": state.returns(),
        "steps": steps,
        "label": game.outcome_label(state),
    }
    if setup.features:
        features = game.balance_features(state)
        result["features"] = [features.get(s, []) for s in range(game.players)]
    return result


def _chunk(setup: Setup, seeds: Sequence[int]) -> list[dict[str, Any]]:
    return [play_one(setup, s) for s in seeds]


def _task(task: tuple[Setup, Sequence[int]]) -> list[dict[str, Any]]:
    """One batch of one setup's seeds: the unit of work a pool or Ray worker takes."""
    return _chunk(*task)


_PR_SET_PDEATHSIG = 1
PARENT_POLL_SECONDS = 0.5


def end_with_parent(parent: int | None = None) -> None:
    """Pool initializer: make this worker end when the process that started it ends.

    ``parent``: that process's id, when the caller knows it. A spawned worker runs its
    initializer only after importing what it needs, seconds later on a busy machine; if the
    parent died meanwhile, ``os.getppid()`` already names the process that adopted the worker.

    SIGTERM and SIGHUP go back to their default action first. A forked worker inherits the
    parent's handlers (``_exit_on_termination`` raises ``SystemExit`` in the main thread), and
    with the watch thread below, the kernel may hand SIGTERM to that thread: the Python handler
    then waits for the main thread, which sits blocked on the task queue's lock while
    ``Pool.terminate`` holds it, so the worker never ended and ``terminate`` hung joining it.
    """
    for sig in (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGTERM,):
        signal.signal(sig, signal.SIG_DFL)
    parent = os.getppid() if parent is None else parent
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="watch-parent").start()


def _watch_parent(parent: int) -> None:
    """Where no parent-death signal exists: a worker whose parent is gone is re-parented, so exit."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


@contextlib.contextmanager
def _exit_on_termination() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into ``SystemExit`` so ``finally`` blocks shut the pool down."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    wanted = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    previous = {sig: signal.signal(sig, stop) for sig in wanted}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _run_pool(
    tasks: list[tuple[Setup, list[int]]], workers: int, progress: Callable[[int], None] | None
) -> list[list[dict[str, Any]]]:
    """Batches on ``workers`` processes, results in task order; the pool never outlives this call."""
    results: list[list[dict[str, Any]]] = []
    with _exit_on_termination():
        pool = multiprocessing.get_context().Pool(workers, initializer=end_with_parent)
        try:
            for batch in pool.imap(_task, tasks):
                results.append(batch)
                if progress is not None:
                    progress(len(batch))
            pool.close()
        finally:
            pool.terminate()
            pool.join()
    return results


def seeds_for(master: int, games: int) -> list[int]:
    """Per-game seeds derived from the master seed (the same for any worker count)."""
    rng = random.Random(master)
    return [rng.randrange(2**31) for _ in range(games)]


def run(
    setup: Setup,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games; call ``progress(k)`` after each batch of k finished games."""
    return run_many([setup], games, seed, workers, progress, ray_address)[0]


def run_many(
    setups: Sequence[Setup],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
) -> list[list[dict[str, Any]]]:
    """``run`` for several setups on the same seeds, sharing one pool (or Ray session).

    A ladder plays every seating of its bots on the same deals; one pool for all of them means
    workers start once and stay busy from one seating to the next instead of idling at each
    seating's tail. Results are per setup, in seed order, the same for any worker count.
    """
    seeds = seeds_for(seed, games)
    if workers <= 1 and ray_address is None:
        out: list[list[dict[str, Any]]] = []
        for setup in setups:
            results = []
            for s in seeds:
                results.append(play_one(setup, s))
                if progress is not None:
                    progress(1)
            out.append(results)
        return out
    size = 50 if ray_address is not None else max(1, min(50, games // (workers * 8) or 1))
    tasks = [(setup, seeds[i : i + size]) for setup in setups for i in range(0, len(seeds), size)]
    if ray_address is not None:
        batches = _run_ray(tasks, ray_address, progress)
    else:
        batches = _run_pool(tasks, workers, progress)
    per_setup = len(batches) // len(setups) if setups else 0
    return [
        [r for batch in batches[k * per_setup : (k + 1) * per_setup] for r in batch]
        for k in range(len(setups))
    ]


def _run_ray(
    tasks: list[tuple[Setup, list[int]]], address: str, progress: Callable[[int], None] | None
) -> list[list[dict[str, Any]]]:
    """The tasks on a Ray cluster; batches come back in task order whatever order they finish in."""
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs the ray package: pip install 'ray[default]'") from None
    ray.init(address=address, ignore_reinit_error=True)
    remote_task = ray.remote(_task)
    refs = [remote_task.remote(task) for task in tasks]
    index = {ref: i for i, ref in enumerate(refs)}
    batches: list[list[dict[str, Any]]] = [[] for _ in tasks]
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending)
        for ref, batch in zip(done, ray.get(done), strict=True):
            batches[index[ref]] = batch
            if progress is not None:
                progress(len(batch))
    return batches


@dataclass
class Summary:
    """Per-seat statistics of a tournament."""

    games: int
    bots: tuple[str, ...]
    win_rate: list[float] = field(default_factory=list)
    win_ci: list[tuple[float, float]] = field(default_factory=list)
    score_mean: list[float] = field(default_factory=list)
    score_sd: list[float] = field(default_factory=list)
    length_mean: float = 0.0
    length_sd: float = 0.0
    ties: int = 0
    labels: dict[str, int] = field(default_factory=dict)
    """How often each outcome label occurred (River Wild's ranks), where the game has them."""

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seats": [
                {
                    "seat": i,
                    "bot": self.bots[i],
                    "win_rate": self.win_rate[i],
                    "win_ci95": list(self.win_ci[i]),
                    "score_mean": self.score_mean[i],
                    "score_sd": self.score_sd[i],
                }
                for i in range(len(self.bots))
            ],
            "length_mean": self.length_mean,
            "length_sd": self.length_sd,
            "shared_wins": self.ties,
            "outcomes": self.labels,
        }


def summarise(bots: Sequence[str], results: Sequence[dict[str, Any]]) -> Summary:
    """Win rates (a shared win counts 1/k to each of k winners) with Wilson CIs, scores, lengths."""
    n = len(bots)
    games = len(results)
    wins = [0.0] * n
    ties = 0
    for r in results:
        w = r["winners"]
        if len(w) > 1:
            ties += 1
        for seat in w:
            wins[seat] += 1.0 / len(w)
    summary = Summary(games=games, bots=tuple(bots), ties=ties)
    for i in range(n):
        summary.win_rate.append(wins[i] / games if games else 0.0)
        summary.win_ci.append(wilson_interval(wins[i], games))
        m, sd = mean_sd([r["scores"][i] for r in results])
        summary.score_mean.append(m)
        summary.score_sd.append(sd)
    summary.length_mean, summary.length_sd = mean_sd([r["steps"] for r in results])
    for r in results:
        if r.get("label") is not None:
            summary.labels[r["label"]] = summary.labels.get(r["label"], 0) + 1
    return summary
