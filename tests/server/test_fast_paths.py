"""The shortcuts a busy server takes tell exactly what the long way tells.

A seat's story reuses the words of the events it was told before; the benchmark's
spectators read only a state message's seq; a trip's bot answers are handed out in slices.
"""

from __future__ import annotations

import asyncio
import json
import random

from riverbox.core.game import State
from riverbox.server.live import HAND_OUT, _hand_out, state_message
from riverbox.server.server_load import state_seq
from riverbox.server.table import Table
from riverbox.store.db import EventRow, SeatRow, TableRow

SEATS = [SeatRow(0, "human", "Ada", None, True), SeatRow(1, "bot", None, "heuristic", False)]


def _table(game: str = "river-rivals") -> Table:
    return Table.new(TableRow("t1", game, {"players": 2}, 11, "running", {}, 0.0))


def _fresh_story(events: list[EventRow], seat: int | None, lang: str) -> list[dict[str, str]]:
    """The story told by a table that never told anything before (no words remembered)."""
    table = _table()
    for event in events:
        table.replay(event)
    return table.payload(seat, SEATS, lang)["story"]


def _move(table: Table, rng: random.Random) -> EventRow:
    state: State = table.state
    seat = state.to_move[0]
    action = rng.choice(state.legal_actions(seat))
    return EventRow(table.seq, "move", seat, str(action), 1.0)


def test_a_story_told_move_by_move_is_the_story_told_afresh_through_undos() -> None:
    rng = random.Random(5)
    table = _table()
    events: list[EventRow] = []
    for step in range(60):
        if table.state.is_over:
            break
        last = events[-1] if events else None
        if step % 7 == 6 and last is not None and last.kind == "move":
            event = EventRow(table.seq, "undo", last.seat, None, 1.0)  # rewrites the log's end
        else:
            event = _move(table, rng)
        table.replay(event)
        events.append(event)
        for seat in (None, 0, 1):
            for lang in ("en", "zh"):
                told = table.payload(seat, SEATS, lang)["story"]
                assert told == _fresh_story(events, seat, lang), (step, seat, lang)
    assert any(e.kind == "undo" for e in events)


def test_a_spectator_reads_the_seq_from_the_start_of_a_state_message() -> None:
    table = _table()
    body = json.dumps(table.payload(None, SEATS), separators=(",", ":"))
    message = state_message(body)
    assert state_seq(message) == 0
    assert state_seq(message.encode()) == 0
    assert state_seq('{"seq":3,"type":"state"}') == 3, "another order is parsed whole"
    assert state_seq('{"type":"error","status":403,"detail":"no"}') is None


def test_a_trips_answers_go_out_in_slices_and_all_of_them_even_when_cancelled() -> None:
    async def scenario() -> tuple[list[int], list[str | None]]:
        loop = asyncio.get_running_loop()
        answers: list[asyncio.Future[str | None]] = [loop.create_future() for _ in range(3 * HAND_OUT)]
        texts: list[str | None] = [f"m{i}" for i in range(len(answers))]
        seen: list[int] = []
        handing = asyncio.ensure_future(_hand_out(answers, texts))
        for _ in range(3):
            await asyncio.sleep(0)
            seen.append(sum(a.done() for a in answers))
        await handing
        cancelled: list[asyncio.Future[str | None]] = [loop.create_future() for _ in range(3 * HAND_OUT)]
        stopped = asyncio.ensure_future(_hand_out(cancelled, texts))
        await asyncio.sleep(0)
        stopped.cancel()
        await asyncio.gather(stopped, return_exceptions=True)
        return seen, [a.result() for a in cancelled]

    seen, after_cancel = asyncio.run(scenario())
    assert seen[0] == HAND_OUT and seen[-1] == 3 * HAND_OUT, seen
    assert after_cancel == [f"m{i}" for i in range(3 * HAND_OUT)]
