"""The project's benchmark: how fast the engine's hot paths are (step, clone, view).

Bots search by simulating, so random playouts per second, the price of ``clone`` and the
price of building every seat's ``view`` are the figures that matter. Each figure is the
median of several runs so one noisy run does not mislead, and time is the process's CPU
time, so other work on the machine does not skew a single-core figure.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

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

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


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
    games = steps = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        steps += _playout(game.new_state(rng.randrange(2**31)), rng, views)
        games += 1
        elapsed = time.process_time() - start
    return games, steps, elapsed


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


def run_bench(game: Game, runs: int = 5, seconds: float = 1.0, seed: int = 1) -> BenchResult:
    """Median figures over ``runs`` runs of about ``seconds`` each (bare, then with views)."""
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
    )
