"""Random-playout speed against a fixed reference: OpenSpiel's C++ ``hearts``.

``riverbox bench`` gives steps/s, which depend on the machine. Played side by side with a
well-known engine, in the same process and with the same loop (legal actions, a random pick,
apply), the ratio to that engine holds from machine to machine, so targets can be written
as ratios ("every game at least 0.3x hearts"). Hearts is a trick-taking card game written in
C++, with chance (the deal) and four seats: close to what riverbox plays.

The loops take turns, run after run, so a busy machine slows them alike; each figure is the
median of the runs, timed in CPU seconds (``riverbox.lab.engine_speed.cpu_timed``). The output says
which build it measured (pure Python or compiled), since the ratios differ.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from riverbox.buildinfo import build_name
from riverbox.core.game import Game
from riverbox.lab.engine_speed import check_bench_args, cpu_timed
from riverbox.lab.stats import median

REFERENCES = ("openspiel",)
"""What ``--compare`` accepts."""

HEARTS_LOOP = (
    "hearts loop: a uniform pick from legal_actions() at every node, the deal's chance nodes included"
    " (no chance_outcomes() sampling)"
)
"""Which hearts loop the ratios are against, printed with them. Hearts' loop matters: sampling chance
nodes through ``chance_outcomes()`` (as a loop written for chance-aware engines does) makes hearts
about 1.7x slower and every ratio about twice as high, so a ratio means little without its loop."""

GAMES: tuple[tuple[str, int | None], ...] = (
    ("ravenous-river", 4),
    ("river-rivals", None),
    ("river-trek", 4),
    ("river-wild", None),
)
"""The games compared by default, with their player counts (``None``: the game's default)."""

Loop = Callable[[random.Random], int]
"""One random playout from a fresh game; returns the steps it took."""


@dataclass
class CompareRow:
    game: str
    players: int
    steps_per_s: float
    ratio: float
    """``steps_per_s`` over the reference's steps/s."""


@dataclass
class Comparison:
    build: str
    """``"pure"`` or ``"compiled"``: which riverbox engine was measured."""
    reference: str
    reference_steps_per_s: float
    runs: int
    rows: list[CompareRow]
    reference_loop: str = HEARTS_LOOP
    """How the reference's playout loop picks its moves (see ``HEARTS_LOOP``)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def lines(self) -> list[str]:
        """The figures as plain lines: the reference first, then each game and its ratio."""
        out = [self.reference_loop, f"{self.reference:<22}{self.reference_steps_per_s:>14,.0f} steps/s"]
        for row in self.rows:
            label = f"{row.game} {row.players}p"
            out.append(f"{label:<22}{row.steps_per_s:>14,.0f} steps/s  {row.ratio:>5.2f}x hearts")
        return out


def reference_loop(reference: str) -> tuple[str, Loop]:
    """The reference's name and playout loop; ``ValueError`` naming the extra if it is missing."""
    if reference not in REFERENCES:
        raise ValueError(f"--compare takes {', '.join(REFERENCES)}, not {reference!r}")
    try:
        import pyspiel
    except ImportError:
        raise ValueError("--compare openspiel needs OpenSpiel: pip install 'riverbox[openspiel]'") from None
    hearts = pyspiel.load_game("hearts")

    def loop(rng: random.Random) -> int:
        state = hearts.new_initial_state()
        steps = 0
        while not state.is_terminal():  # HEARTS_LOOP: chance nodes (the deal) picked like any other
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return "hearts (OpenSpiel, C++)", loop


def riverbox_loop(game: Game) -> Loop:
    """The same loop on a riverbox game (simultaneous moves: a random seat of those to move)."""

    def loop(rng: random.Random) -> int:
        state = game.new_state(rng.randrange(2**31))
        steps = 0
        while not state.is_over:
            to_move = state.to_move
            seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            steps += 1
        return steps

    return loop


def compare(
    games: list[Game],
    reference: str = "openspiel",
    runs: int = 5,
    seconds: float = 1.0,
    seed: int = 1,
    on_run: Callable[[], None] | None = None,
) -> Comparison:
    """Median steps/s of the reference and each game, runs interleaved, and each game's ratio."""
    check_bench_args(runs, seconds)
    name, ref = reference_loop(reference)
    loops = [ref, *(riverbox_loop(g) for g in games)]
    rates: list[list[float]] = [[] for _ in loops]
    for r in range(runs):  # every loop once per run, so load on the machine hits them alike
        for rate, loop in zip(rates, loops, strict=True):
            _, steps, elapsed = cpu_timed(partial(loop, random.Random(seed + r)), seconds)
            rate.append(steps / elapsed)
        if on_run is not None:
            on_run()
    base = median(rates[0])
    rows = [
        CompareRow(g.name, g.players, median(rate), median(rate) / base)
        for g, rate in zip(games, rates[1:], strict=True)
    ]
    return Comparison(build_name(), name, base, runs, rows)


__all__ = [
    "GAMES",
    "HEARTS_LOOP",
    "REFERENCES",
    "CompareRow",
    "Comparison",
    "compare",
    "reference_loop",
    "riverbox_loop",
]
