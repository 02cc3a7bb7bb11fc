"""Instructions per random-playout step for every game, counted with callgrind, on both builds.

Steps per second move with the machine and its load; the number of instructions a step executes
does not. This is the figure the engine's speed is held to (docs/benchmarks.md): no game's count may
grow more than 10% over the recorded one.

The loop is ``riverbox bench``'s: from a fresh seeded game, a uniformly random legal action for the
seat to move (a random one of them when several move at once), again and again, starting a new game
when one ends. Each game is run twice under ``valgrind --tool=callgrind``, for ``--warmup`` steps and
for ``--warmup + --steps`` steps with the same seeds, so the second run repeats the first and goes on;
the difference of their totals over ``--steps`` is the cost of a step, without Python's start, the
imports and the warm-up (first-use caches). Hash randomisation is off in the child so that both runs
take the same path.

    python scripts/instructions.py                        # the pure build, all four games
    python scripts/instructions.py --build compiled       # compiles the engine in place, then removes it
    python scripts/instructions.py --build both --json
    python scripts/instructions.py --build both --game ravenous-river --game river-rivals

The compiled build is made as ``scripts/test`` makes it (``RIVERBOX_COMPILE=1 python setup.py
build_ext --inplace``) and its extension modules are deleted afterwards, whatever happens.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES: tuple[tuple[str, int | None], ...] = (
    ("ravenous-river", 4),
    ("river-rivals", None),
    ("river-trek", 4),
    ("river-wild", None),
)
"""The games and player counts of ``riverbox bench --compare`` (``None``: the game's default)."""

CHILD = """
import sys
import riverbox
from riverbox.core.rng import Rng

name, players, steps, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = riverbox.load(name, players=int(players) if players != "-" else None)
rng = Rng(seed)
done = 0
while done < steps:  # riverbox bench's playout loop, cut at exactly `steps` steps
    state = game.new_state(rng.randrange(2**31))
    while not state.is_over and done < steps:
        to_move = state.to_move
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        done += 1
print("compiled" if riverbox.compiled else "pure", game.players)
"""

TOTAL = re.compile(r"^(?:summary|totals): (\d+)", re.M)


def count(game: str, players: int | None, steps: int, seed: int) -> tuple[int, str, int]:
    """Instructions (callgrind's Ir) of a child playing ``steps`` steps; its build and player count."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = os.environ | {"PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                CHILD,
                game,
                str(players) if players is not None else "-",
                str(steps),
                str(seed),
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            raise SystemExit(f"callgrind failed on {game}:\n{run.stderr[-2000:]}")
        build, seats = run.stdout.split()
        match = TOTAL.search(out.read_text())
        if match is None:
            raise SystemExit(f"no instruction total in callgrind's output for {game}")
        return int(match.group(1)), build, int(seats)


def per_step(game: str, players: int | None, steps: int, warmup: int, seed: int) -> dict[str, object]:
    """One game's instructions per step on the build the tree holds now."""
    base, build, seats = count(game, players, warmup, seed)
    total, _, _ = count(game, players, warmup + steps, seed)
    return {
        "game": game,
        "players": seats,
        "build": build,
        "steps": steps,
        "ir_per_step": (total - base) / steps,
    }


def compiled_files() -> list[Path]:
    return [*ROOT.glob("riverbox/**/*.so"), *ROOT.glob("*__mypyc*.so")]


def remove_compiled() -> None:
    for path in compiled_files():
        path.unlink()
    shutil.rmtree(ROOT / "build", ignore_errors=True)


def measure(
    build: str, steps: int, warmup: int, seed: int, only: tuple[str, ...] = ()
) -> list[dict[str, object]]:
    """Every game (or those in ``only``) on one build; the compiled one is built in place first and
    removed after."""
    if build == "pure" and compiled_files():
        raise SystemExit("compiled modules are in the tree; remove them to measure the pure build")
    if build == "compiled":
        env = os.environ | {"RIVERBOX_COMPILE": "1"}
        cmd = [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace", "--parallel", "2"]
        subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    try:
        rows = []
        for game, players in GAMES:
            if only and game not in only:
                continue
            row = per_step(game, players, steps, warmup, seed)
            if row["build"] != build:
                raise SystemExit(f"asked for the {build} build, measured the {row['build']} one")
            print(f"  {game}: {row['ir_per_step']:,.0f} instructions per step", file=sys.stderr)
            rows.append(row)
        return rows
    finally:
        if build == "compiled":
            remove_compiled()


def table(rows: list[dict[str, object]]) -> str:
    """A markdown table: one line per game, one column per build."""
    builds = list(dict.fromkeys(str(r["build"]) for r in rows))
    games = list(dict.fromkeys((str(r["game"]), int(str(r["players"]))) for r in rows))
    cell = {(r["game"], r["build"]): float(str(r["ir_per_step"])) for r in rows}
    lines = [
        "| game | players | " + " | ".join(f"{b} (instructions/step)" for b in builds) + " |",
        "| --- | --- | " + " | ".join("---" for _ in builds) + " |",
    ]
    for game, seats in games:
        values = " | ".join(f"{cell[(game, b)]:,.0f}" for b in builds)
        lines.append(f"| {game} | {seats} | {values} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", choices=("pure", "compiled", "both"), default="pure")
    parser.add_argument("--steps", type=int, default=3000, help="measured steps per game")
    parser.add_argument("--warmup", type=int, default=1000, help="steps run before the measured ones")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    parser.add_argument(
        "--game",
        action="append",
        choices=[name for name, _ in GAMES],
        help="measure only this game (repeat for several); every game when left out",
    )
    args = parser.parse_args(argv)
    if args.steps < 1 or args.warmup < 0:
        parser.error("--steps must be at least 1 and --warmup at least 0")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    builds = ("pure", "compiled") if args.build == "both" else (args.build,)
    rows = [
        row
        for build in builds
        for row in measure(build, args.steps, args.warmup, args.seed, tuple(args.game or ()))
    ]
    print(json.dumps(rows, indent=1) if args.json else table(rows))


if __name__ == "__main__":
    main()
