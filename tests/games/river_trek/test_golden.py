"""Golden playthroughs: whole heuristic-bot games stored as records. Replaying them must give the
same chance outcomes (boards, animals, Stanley's turns) and the same final money; a failure means
a rules change altered play, which must be deliberate (then regenerate the files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import riverbox

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthrough(path: Path) -> None:
    record = json.loads(path.read_text())
    expected = record.pop("expected")
    state = riverbox.replay(record)
    assert state.is_over
    assert state.money == expected["money"]
    assert state.clearing == expected["clearing"]
    assert state.winners() == expected["winners"]
    assert state.record() == record


def test_golden_files_exist() -> None:
    assert len(GOLDEN) == 3
