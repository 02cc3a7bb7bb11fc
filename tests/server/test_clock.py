"""The table clock: time banks read from the events' times, expiry, away, back and zombie seats.

No test sleeps for the clock: the replay tests give the events their times, and the service
tests ask for the bot jobs due at a chosen ``now`` (the deadline is read from the store's
commit times, so a ``now`` past it is an expiry without waiting for one).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import riverbox
from riverbox.server.clock import check_time_control, standings, with_now
from riverbox.server.service import SeatSpec, Tables
from riverbox.server.table import Table
from riverbox.store.db import EventRow, Store, TableRow
from tests.server.conftest import bearer, new_table, state

GAME = "river-rivals"


def _row(**table_options: Any) -> TableRow:
    game = riverbox.load(GAME)
    return TableRow("t", GAME, game.config(), 7, "running", table_options, 1000.0)


def _legal(table: Table, seat: int) -> str:
    return str(table.state.legal_actions(seat)[0])


def _move(table: Table, at: float, kind: str = "move") -> int:
    seat = table.state.to_move[0]
    table.replay(EventRow(table.seq, kind, seat, _legal(table, seat), at))
    return seat


def test_a_decision_within_the_free_seconds_keeps_the_reserve_and_a_long_one_spends_it() -> None:
    """Each decision (a turn of several actions has several) gets the free seconds anew."""
    table = Table.new(_row(clock=10, bank=60, timeouts=3))
    assert table.state.to_move == (0,)
    assert table.clocks.deadline(0) == 1000 + 10 + 60
    assert table.clocks.deadline(1) is None  # not to move: its clock stands
    assert _move(table, 1008) == 0  # within the 10 free seconds
    assert table.clocks.seats[0].bank == 60
    assert table.state.to_move == (0,)  # River Rivals: a second action of the same turn
    assert table.clocks.deadline(0) == 1008 + 70
    assert _move(table, 1008 + 30) == 0  # 20 s beyond the free 10
    assert table.clocks.seats[0].bank == 40
    assert table.state.to_move == (1,)
    assert table.clocks.deadline(1) == 1038 + 70 and table.clocks.deadline(0) is None
    assert table.clocks.seats[1].bank == 60


def test_no_clock_runs_while_a_seat_waits_for_its_player() -> None:
    table = Table.new(_row(clock=10, bank=0, timeouts=3, open=[1]))
    assert all(table.clocks.deadline(s) is None for s in range(2))
    table.replay(EventRow(0, "join", 1, None, 5000.0))
    mover = table.state.to_move[0]
    assert table.clocks.deadline(mover) == 5010.0


def test_an_expiry_marks_the_seat_away_a_move_or_back_takes_it_back_and_n_in_a_row_make_a_zombie() -> None:
    table = Table.new(_row(clock=10, bank=0, timeouts=2))
    at = 1000.0
    seat = _move(table, at + 11, "expire")
    assert table.clocks.seats[seat].away and table.clocks.seats[seat].missed == 1
    assert [n.kind for n in table.notices] == ["expire"]
    while table.state.to_move[0] != seat:
        at = _other(table, seat, at)
    table.replay(EventRow(table.seq, "back", seat, None, at + 1))
    assert not table.clocks.seats[seat].away and table.clocks.seats[seat].missed == 0
    for _ in range(2):  # two in a row
        while table.state.to_move[0] != seat:
            at = _other(table, seat, at)
        at += 11
        _move(table, at, "expire")
    assert table.clocks.seats[seat].zombie
    assert [n.kind for n in table.notices][-2:] == ["expire", "zombie"]
    assert seat in table.resigned and seat in table.timed_out  # a bot plays it to the end


def test_the_bot_plays_an_away_seat_s_turn_out_at_once_and_it_counts_as_one_miss() -> None:
    table = Table.new(_row(clock=10, bank=30, timeouts=3))
    assert _move(table, 1041, "expire") == 0
    assert table.state.to_move == (0,)  # River Rivals: the turn has a second action
    clock = table.clocks.seats[0]
    assert clock.bank == 0 and clock.away and clock.missed == 1
    assert table.clocks.deadline(0) == 1041  # the rest of the turn is the bot's, at once
    _move(table, 1042, "expire")
    assert table.clocks.seats[0].missed == 1
    while table.state.to_move == (0,):
        _move(table, 1043, "expire")
    assert table.clocks.seats[0].missed == 1
    while table.state.to_move != (0,):
        _move(table, 1044)
    assert table.clocks.deadline(0) == 1044 + 10  # a new turn: its free seconds, no reserve


def _other(table: Table, seat: int, at: float) -> float:
    mover = table.state.to_move[0]
    assert mover != seat
    _move(table, at + 1)
    return at + 1


def test_an_old_records_timeout_still_hands_the_seat_to_a_bot_for_good() -> None:
    """Records written before away seats replay as they did: ``timeout`` takes the seat over."""
    table = Table.new(_row(clock=8, bot_seconds=1.0))
    seat = _move(table, 1009, "timeout")
    assert seat in table.resigned and seat in table.timed_out
    assert not table.clocks.seats[seat].away and not table.clocks.seats[seat].zombie
    assert [n.kind for n in table.notices] == ["timeout"]


def test_a_zombie_finishes_last_whatever_the_bot_scored() -> None:
    winners, results = standings([3, 9, 5], [1], {1})
    assert winners == [2]
    assert [r["place"] for r in results] == [2, 3, 1]
    assert results[1]["zombie"] is True and results[0]["zombie"] is False
    winners, results = standings([3, 9], [1], {0})  # the engine's winner stands
    assert winners == [1] and [r["place"] for r in results] == [2, 1]


@pytest.mark.parametrize(
    ("clock", "bank", "timeouts", "words"),
    [
        (0.5, None, None, "clock must be a number of seconds from 1"),
        ("fast", None, None, "clock: Input should be a valid number"),
        (30, -1, None, "bank must be a number of seconds from 0"),
        (30, 31 * 86400, None, "30 days"),
        (30, 60, 0, "timeouts must be a whole number from 1"),
        (30, 60, 2.5, "timeouts: Input should be a valid integer"),
        (None, 60, None, "needs a clock"),
    ],
)
def test_bad_time_controls_are_refused_over_the_api_and_nothing_is_made(
    lite: TestClient, clock: Any, bank: Any, timeouts: Any, words: str
) -> None:
    body = {"game": GAME, "clock": clock, "bank": bank, "timeouts": timeouts}
    r = lite.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    assert words in r.json()["detail"]
    assert lite.get("/api/tables").json() == []


def test_a_time_control_of_the_wrong_type_is_refused() -> None:
    for clock, bank, timeouts in ((True, None, None), (30, "1h", None), (30, 0, True)):
        with pytest.raises(ValueError, match="must be"):
            check_time_control(clock, bank, timeouts)


def test_good_time_controls_from_seconds_to_days() -> None:
    assert check_time_control(None, None, None) == {}
    assert check_time_control(30, 300, None) == {"clock": 30.0, "bank": 300.0, "timeouts": 3}
    assert check_time_control(86400, 3 * 86400, 5) == {"clock": 86400.0, "bank": 259200.0, "timeouts": 5}


def test_the_state_message_tells_every_seat_s_clock_and_the_server_s_time(lite: TestClient) -> None:
    t = new_table(lite, GAME, clock=20, bank=100)
    before = time.time()
    with lite.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"token": None})
        body = ws.receive_json()
    assert before <= body["now"] <= time.time()
    clock = body["clock"]
    assert (clock["move"], clock["bank"], clock["timeouts"]) == (20, 100, 3)
    mover = body["to_move"][0]
    seats = {s["seat"]: s for s in clock["seats"]}
    assert seats[mover]["deadline"] == pytest.approx(seats[mover]["since"] + 120)
    assert all(s["counts"] and not s["away"] for s in seats.values())
    assert with_now("{}", 5) == '{"now":5.000}'


# -- the service, with the clock's ``now`` chosen by the test ---------------------------------
@pytest.fixture
def tables(db_url: str) -> Iterator[Tables]:
    """The service on each backend (on PostgreSQL it catches up with the store before each answer)."""
    store = Store(db_url)
    store.upgrade()
    yield Tables(store, sole_writer=not store.is_postgres)
    store.close()


def _deadline(tables: Tables, tid: str) -> float:
    due = tables.clock(tid)
    assert due is not None
    return due[1]


def _expire(tables: Tables, tid: str, seat: int) -> int:
    """The clock runs out for ``seat``: the bot plays its turn (legal moves chosen here); how many."""
    deadline = _deadline(tables, tid)
    assert tables.bot_jobs(tid, timeout=True, now=deadline - 1) == []  # not before its time
    now = deadline + 0.1
    played = 0
    while _mover(tables, tid) == seat and not tables.summary(tid)["seats"][seat]["zombie"]:
        jobs = tables.bot_jobs(tid, timeout=True, now=max(now, time.time()))
        assert [(j.seat, j.kind) for j in jobs] == [(seat, "expire")]
        with tables.locked(tid) as table:
            move = _legal(table, seat)
        assert tables.bot_act(jobs[0], move) is not None
        played += 1
    return played


def _turn_length(table: Table, seat: int) -> int:
    """How many decisions ``seat``'s turn takes if it always plays its first legal move."""
    probe = table.state.clone()
    n = 0
    while not probe.is_over and probe.to_move == (seat,):
        probe.apply(probe.legal_actions(seat)[0], seat)
        n += 1
    return n


def _bot_moves(tables: Tables, tid: str, rng: random.Random) -> None:
    """Play the bot seats' moves (a random legal move stands in for the worker's choice)."""
    while jobs := tables.bot_jobs(tid):
        for job in jobs:
            with tables.locked(tid) as table:
                move = str(rng.choice(table.state.legal_actions(job.seat)))
            tables.bot_act(job, move)


def _mover(tables: Tables, tid: str) -> int | None:
    with tables.locked(tid) as table:
        return None if table.state.is_over else table.state.to_move[0]


def test_a_timeout_makes_one_bot_move_marks_the_seat_away_and_one_call_takes_it_back(tables: Tables) -> None:
    tid, seats = tables.create(
        GAME, 2, {}, [SeatSpec("human", name="Ada"), SeatSpec("bot", "random")], clock=5, bank=20, timeouts=3
    )
    token = seats[0][2]
    assert token is not None
    rng = random.Random(1)
    _bot_moves(tables, tid, rng)
    assert _mover(tables, tid) == 0
    with tables.locked(tid) as table:
        before = table.seq
        turn = _turn_length(table, 0)
    assert _expire(tables, tid, 0) == turn  # the one turn it missed, no more
    summary = tables.summary(tid)
    assert summary["seq"] == before + turn
    me = summary["seats"][0]
    assert me["away"] is True and me["zombie"] is False and me["bot_plays"] is False
    assert summary["clocks"]["seats"][0]["bank"] == 0  # the reserve is spent
    log = tables.state_texts(tid, [(None, "en")])[None, "en"]
    assert "Ada ran out of time; a bot made this move for them." in log
    # the bot does not play on for an away seat: its own clock (5 s a move now) runs each turn
    _bot_moves(tables, tid, rng)
    assert _mover(tables, tid) == 0 and tables.bot_jobs(tid) == []
    tables.back(tid, token)
    assert tables.summary(tid)["seats"][0]["away"] is False
    with pytest.raises(Exception, match="not marked away"):
        tables.back(tid, token)


def test_a_move_of_their_own_takes_an_away_seat_back(tables: Tables) -> None:
    tid, seats = tables.create(GAME, 2, {}, [SeatSpec("human"), SeatSpec("bot", "random")], clock=5)
    token = seats[0][2]
    rng = random.Random(2)
    _bot_moves(tables, tid, rng)
    _expire(tables, tid, 0)
    _bot_moves(tables, tid, rng)
    assert tables.summary(tid)["seats"][0]["away"] is True
    with tables.locked(tid) as table:
        move, seq = _legal(table, 0), table.seq
    tables.act(tid, token, move, seq)
    assert tables.summary(tid)["seats"][0]["away"] is False


def test_n_timeouts_in_a_row_make_a_zombie_that_finishes_last(tables: Tables) -> None:
    tid, seats = tables.create(
        GAME, 2, {}, [SeatSpec("human"), SeatSpec("bot", "random")], clock=5, bank=0, timeouts=3
    )
    token = seats[0][2]
    rng = random.Random(3)
    for _ in range(3):
        _bot_moves(tables, tid, rng)
        assert _mover(tables, tid) == 0
        _expire(tables, tid, 0)
    me = tables.summary(tid)["seats"][0]
    assert me["zombie"] is True and me["bot_plays"] is True
    with pytest.raises(Exception, match="too many turns in a row"):
        tables.back(tid, token)
    assert tables.clock(tid) is None or _mover(tables, tid) != 0  # no clock runs for a zombie
    _bot_moves(tables, tid, rng)  # the bot plays the zombie's seat to the end
    summary = tables.summary(tid)
    assert summary["status"] == "over"
    assert summary["winners"] == [1]
    assert summary["results"][0] == {
        "seat": 0,
        "place": 2,
        "score": summary["results"][0]["score"],
        "resigned": False,
        "zombie": True,
    }
    assert summary["results"][1]["place"] == 1
    record = tables.record(tid)
    assert riverbox.replay(record).is_over
    # the table replays from its events (a new process): the same zombie, the same results
    fresh = Tables(tables.store, sole_writer=tables.sole_writer)
    assert fresh.summary(tid)["results"] == summary["results"]


def test_back_over_the_socket_and_the_api(lite: TestClient) -> None:
    t = new_table(lite, GAME, seats=[{"kind": "human"}, {"kind": "human"}], clock=30)
    tid, token = t["id"], t["seats"][0]["token"]
    r = lite.post(f"/api/tables/{tid}/back", headers=bearer(token))
    assert r.status_code == 409 and "not marked away" in r.json()["detail"]
    r = lite.post(f"/api/tables/{tid}/back")
    assert r.status_code == 403
    with lite.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"token": token})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "back"})
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["status"] == 409
    assert state(lite, tid, token)["seats"][0]["away"] is False
