"""Golden playthroughs: saved records must replay to the same scores, winner and narration.

A change to the rules, the chance recording or the notation shows up here first. To rebuild the
files after an intended change: ``python -m tests.games.ravenous_river.test_golden``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import riverbox
from riverbox.bots.base import RandomBot

GOLDEN = Path(__file__).parent / "golden"
CASES = {"rr-2p.json": (2, 31), "rr-4p.json": (4, 17), "rr-7p.json": (7, 5)}


def make(players: int, seed: int) -> dict[str, object]:
    game = riverbox.load("ravenous-river", players=players)
    bots = [game.heuristic_bot(seed + s) if s % 2 == 0 else RandomBot(seed + s) for s in range(players)]
    st = game.new_state(seed)
    while not st.is_over:
        seat = st.to_move[-1]
        st.apply(bots[seat].act(st, seat), seat)
    return {
        "record": st.record(),
        "scores": st.scores(),
        "winners": st.winners(),
        "narration": game.narrate(st, None, 0),
    }


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_record_replays_exactly(name: str) -> None:
    data = json.loads((GOLDEN / name).read_text())
    st = riverbox.replay(data["record"])
    assert st.is_over
    assert st.scores() == data["scores"] and st.winners() == data["winners"]
    assert st.game.narrate(st, None, 0) == data["narration"]


if __name__ == "__main__":
    for file, (players, seed) in CASES.items():
        (GOLDEN / file).write_text(json.dumps(make(players, seed), indent=1) + "\n")
        print("wrote", file)
