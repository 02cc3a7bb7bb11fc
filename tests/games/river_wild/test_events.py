"""What River Wild tells the player: events emitted by the rules, read through ``state.log``.

Each placement tells where the card went, each land it protected (RW-5) with its goals and
runestones, the new score, the card drawn and the next face-up card (RW-13); the end tells the
final score and rank (RW-12). Only what lies face up is ever named: never the face-down deck.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from riverbox.games.river_wild import Place, RiverWildState
from riverbox.games.river_wild.bot import GreedyBot
from riverbox.games.river_wild.scoring import rank_name

from .helpers import game


def _names(event: dict[str, Any]) -> set[str]:
    """Every card label an event carries."""
    out = set()
    for value in event.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item[:1] == "c" and item[1:].isdigit():
                out.add(item)
    return out


def _play_and_check(seed: int, greedy: bool) -> RiverWildState:
    g = game()
    state = g.new_state(seed)
    assert isinstance(state, RiverWildState)
    dealt = state.log(0)
    assert [e["kind"] for e in dealt] == ["dealt"]
    view = state.view(0)
    assert dealt[0]["cards"] == [f"c{c}" for c in view["hand"]] and dealt[0]["top"] == f"c{view['top']}"
    bot, rnd = GreedyBot(seed), random.Random(seed)
    while not state.is_over:
        action = bot.act(state, 0) if greedy else rnd.choice(state.legal_actions())
        assert isinstance(action, Place)
        seen, lands, score = len(state.log(0)), len(state.board.lands), state.board.score()
        state.apply(action)
        new = state.log(0)[seen:]
        view = state.view(0)
        visible = {f"c{item['card']}" for item in view["layout"]} | {f"c{c}" for c in view["hand"]}
        visible |= {f"c{view['top']}"} if view["top"] is not None else set()
        for event in new:
            assert _names(event) <= visible, f"{event} names a card that is not face up"
            assert g.describe_event(event)
        kinds = [e["kind"] for e in new]
        placed = new[0]
        assert (placed["kind"], placed["card"], placed["side"]) == (
            "placed",
            f"c{action.card}",
            ["front", "back"][action.side],
        )
        assert (placed["row"], placed["col"]) == (action.row, action.col)
        closed = len(state.board.lands) - lands
        assert kinds.count("protected") == closed  # RW-5: one event per land it protected
        scored = [e for e in new if e["kind"] == "scored"]
        assert scored == (
            [{"kind": "scored", "before": score, "score": state.board.score()}] if closed else []
        )
        drawn = [e for e in new if e["kind"] == "drawn"]
        if drawn:  # the card drawn is the newest in hand; the next top card is the one now face up (RW-13)
            assert drawn == [
                {
                    "kind": "drawn",
                    "card": f"c{view['hand'][-1]}",
                    "top": f"c{view['top']}" if view["top"] else None,
                }
            ]
    final = state.log(None)[-1]
    assert final == {
        "kind": "final",
        "score": state.board.score(),
        "rank": rank_name(state.board.score()),
        "unplaced": [g.label(ci) for ci in state.hand],
    }
    return state


@pytest.mark.parametrize("seed", range(6))
def test_each_placement_tells_what_it_did_and_only_what_is_face_up(seed: int) -> None:
    _play_and_check(seed, greedy=seed % 2 == 0)


def test_a_protected_land_tells_its_cards_goals_and_runestones() -> None:
    # Over a few greedy games, every protected land is told with its size and cards, and its goals and
    # runestones when it has them; the words read plainly, without ruling ids.
    g = game()
    kinds: set[str] = set()
    for seed in range(8):
        state = _play_and_check(seed, greedy=True)
        for event in state.log(0):
            kinds.add(event["kind"])
            text = g.describe_event(event)
            assert "RW-" not in text and text.endswith(".")
            if event["kind"] == "protected":
                assert len(event["cards"]) >= 1 and event["size"] >= 1
    assert {"protected", "goals", "runestones", "scored", "final"} <= kinds


def test_narration_reads_the_log_from_a_history_index() -> None:
    # The terminal log: the sentences of the events of history[start:], setup included from 0.
    g = game()
    state = g.new_state(3)
    assert g.narrate(state, 0, 0) == [g.describe_event(e) for e in state.log(0)]
    start = len(state.history)
    assert g.narrate(state, 0, start) == []
    state.apply(state.legal_actions()[0])
    lines = g.narrate(state, 0, start)
    assert lines[0].startswith("You place c") and lines[-1].startswith("You draw")
    assert "shuffle" not in " ".join(g.narrate(state, 0, 0))
