"""Golden playthroughs: fixed records that must replay to the same final position.

They pin the rules down: any change to setup, legality, effects or the fish check shows up as a
replay error or a different final view. After an intentional rules change, regenerate them with
``python -m tests.games.river_rivals.test_golden`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import riverbox
from riverbox.bots.base import RandomBot

GOLDEN = Path(__file__).with_name("golden")
CASES = {
    "basic-heuristic-vs-heuristic": ("basic", 7, ("heuristic", "heuristic")),
    "advanced-heuristic-vs-random": ("advanced", 11, ("heuristic", "random")),
    "advanced-random-vs-random": ("advanced", 5, ("random", "random")),
}


def _play(mode: str, seed: int, bots: tuple[str, str]) -> riverbox.State:
    game = riverbox.load("river-rivals", mode=mode)
    players = [
        game.heuristic_bot(seed + i) if b == "heuristic" else RandomBot(seed + i) for i, b in enumerate(bots)
    ]
    state = game.new_state(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(players[seat].act(state, seat), seat)
    return state


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough_replays_exactly(name: str) -> None:
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    state = riverbox.replay(data["record"])
    assert state.is_over
    assert state.winners() == data["winners"] and state.scores() == data["scores"]
    assert state.view(None) == data["final_view"]
    mode, seed, bots = CASES[name]
    assert _play(mode, seed, bots).record() == data["record"]  # the bots still play the same game


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (mode, seed, bots) in CASES.items():
        state = _play(mode, seed, bots)
        data = {
            "record": state.record(),
            "winners": state.winners(),
            "scores": state.scores(),
            "final_view": state.view(None),
        }
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(name, len(data["record"]["actions"]), "entries, winners", data["winners"])


if __name__ == "__main__":
    regenerate()
