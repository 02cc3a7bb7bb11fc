"""Real ``riverbox serve`` processes: crash safety (SIGKILL), and on PostgreSQL fan-out and races."""

from __future__ import annotations

import asyncio
import json
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from riverbox.server.server_load import running_server
from riverbox.store.db import Store, default_url
from tests.server.conftest import bearer


@contextmanager
def serve(home: Path, db: str | None = None, extra: tuple[str, ...] = ()) -> Iterator[str]:
    """A real ``riverbox serve`` process, crashed with SIGKILL at the end (never shut down cleanly)."""
    with running_server(home, db, stop=signal.SIGKILL, extra=extra) as server:
        yield server.base


def _create(base: str, game: str = "river-rivals") -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables", json={"game": game, "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _move(base: str, tid: str, tokens: list[str]) -> tuple[int, str]:
    public = httpx.get(f"{base}/api/tables/{tid}/state").json()
    seat = public["to_move"][0]
    mine = httpx.get(f"{base}/api/tables/{tid}/state", headers=bearer(tokens[seat])).json()
    action = mine["legal"][-1]["action"]
    r = httpx.post(
        f"{base}/api/tables/{tid}/actions",
        json={"action": action, "seq": mine["seq"]},
        headers=bearer(tokens[seat]),
    )
    assert r.status_code == 200, r.text
    return int(r.json()["seq"]), action


def test_every_acknowledged_move_survives_sigkill(tmp_path: Path) -> None:
    acked: list[tuple[int, str]] = []
    with serve(tmp_path) as base:
        t = _create(base)
        tokens = [s["token"] for s in t["seats"]]
        for _ in range(8):
            acked.append(_move(base, t["id"], tokens))
        before = httpx.get(f"{base}/api/tables/{t['id']}/state", headers=bearer(tokens[0])).json()
    # the context manager killed the server with SIGKILL, mid-flight, no shutdown
    with serve(tmp_path) as base:
        after = httpx.get(f"{base}/api/tables/{t['id']}/state", headers=bearer(tokens[0])).json()
        assert after["seq"] == acked[-1][0] == 8
        assert after["view"] == before["view"] and after["log"] == before["log"]
    store = Store(default_url(tmp_path))
    stored = [(e.seq + 1, e.action) for e in store.events(t["id"]) if e.kind == "move"]
    store.close()
    assert stored == acked


@pytest.fixture(scope="module")
def pg_pair(tmp_path_factory: pytest.TempPathFactory, pg_url: str) -> Iterator[tuple[str, str]]:
    """Two ``riverbox serve`` processes sharing one PostgreSQL schema."""
    home = tmp_path_factory.mktemp("pair")
    with serve(home / "a", pg_url) as a, serve(home / "b", pg_url) as b:
        yield a, b


def test_a_move_on_one_process_reaches_sockets_on_another_within_a_second(pg_pair: tuple[str, str]) -> None:
    a, b = pg_pair
    t = _create(a)
    tokens = [s["token"] for s in t["seats"]]

    async def watch() -> float:
        async with websockets.connect(f"ws://{b[len('http://') :]}/ws/tables/{t['id']}") as ws:
            await ws.send(json.dumps({"token": None}))
            first = json.loads(await ws.recv())
            assert first["seq"] == 0
            await asyncio.to_thread(_move, a, t["id"], tokens)
            acked = time.monotonic()
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if msg["type"] == "state" and msg["seq"] == 1:
                    return time.monotonic() - acked

    assert asyncio.run(watch()) < 1.0


def _race(bases: tuple[str, str], tid: str, token: str, action: str) -> list[int]:
    """Post the same move at seq 0 to both processes at once; the status codes."""
    codes: list[int] = []
    barrier = threading.Barrier(2)

    def post(base: str) -> None:
        barrier.wait()
        r = httpx.post(
            f"{base}/api/tables/{tid}/actions", json={"action": action, "seq": 0}, headers=bearer(token)
        )
        codes.append(r.status_code)

    threads = [threading.Thread(target=post, args=(x,)) for x in bases]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return codes


def test_two_processes_racing_for_one_seq_one_wins_one_gets_409(pg_pair: tuple[str, str]) -> None:
    a, b = pg_pair
    for _ in range(3):
        t = _create(a)
        tokens = [s["token"] for s in t["seats"]]
        seat = httpx.get(f"{a}/api/tables/{t['id']}/state").json()["to_move"][0]
        mine = httpx.get(f"{b}/api/tables/{t['id']}/state", headers=bearer(tokens[seat])).json()
        assert sorted(_race(pg_pair, t["id"], tokens[seat], mine["legal"][0]["action"])) == [200, 409]
        assert httpx.get(f"{b}/api/tables/{t['id']}").json()["seq"] == 1


def _connected(base: str, tid: str) -> list[bool]:
    return [s["connected"] for s in httpx.get(f"{base}/api/tables/{tid}").json()["seats"]]


def test_a_seat_connected_to_one_process_shows_connected_on_the_other(pg_pair: tuple[str, str]) -> None:
    a, b = pg_pair
    t = _create(a)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]

    async def sit_at_b() -> tuple[list[bool], list[bool], bool]:
        async with websockets.connect(f"ws://{b[len('http://') :]}/ws/tables/{tid}") as ws:
            await ws.send(json.dumps({"token": tokens[1]}))
            assert json.loads(await ws.recv())["type"] == "state"
            deadline = time.monotonic() + 5
            seen = await asyncio.to_thread(_connected, a, tid)
            while seen != [False, True] and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
                seen = await asyncio.to_thread(_connected, a, tid)
            # process A's own clients are told too (the presence change is NOTIFYed)
            async with websockets.connect(f"ws://{a[len('http://') :]}/ws/tables/{tid}") as watcher:
                await watcher.send(json.dumps({"token": None}))
                first = json.loads(await watcher.recv())
                told = [s["connected"] for s in first["seats"]] == [False, True]
            return seen, await asyncio.to_thread(_connected, b, tid), told

    on_a, on_b, told = asyncio.run(sit_at_b())
    assert on_a == [False, True], "process A does not see the seat connected to process B"
    assert on_b == [False, True] and told
    deadline = time.monotonic() + 5  # the socket closed: both processes see the seat leave
    while _connected(a, tid) != [False, False] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _connected(a, tid) == [False, False]
    assert _connected(b, tid) == [False, False]


def test_a_seat_of_a_killed_process_stops_counting_as_connected(tmp_path: Path, pg_url: str) -> None:
    from riverbox.server.service import PRESENCE_HEARTBEAT, PRESENCE_STALE

    with serve(tmp_path / "a", pg_url) as a:
        t = _create(a)
        tid = t["id"]
        with serve(tmp_path / "b", pg_url) as b:  # killed with SIGKILL, its socket still open
            # The socket is held open by a thread until after B is killed: a socket closed
            # first would take B's presence row away cleanly, not by going stale.
            seated, release = threading.Event(), threading.Event()

            async def sit() -> None:
                ws = await websockets.connect(f"ws://{b[len('http://') :]}/ws/tables/{tid}")
                await ws.send(json.dumps({"token": t["seats"][0]["token"]}))
                await ws.recv()
                seated.set()
                while not release.is_set():
                    await asyncio.sleep(0.05)
                ws.transport.abort()

            holder = threading.Thread(target=asyncio.run, args=(sit(),), daemon=True)
            holder.start()
            assert seated.wait(10)
            deadline = time.monotonic() + 5
            while _connected(a, tid) != [True, False] and time.monotonic() < deadline:
                time.sleep(0.05)
            assert _connected(a, tid) == [True, False]
        killed = time.monotonic()
        release.set()
        # B left its row behind; once stale, A's summary no longer counts it
        deadline = killed + PRESENCE_STALE + 2 * PRESENCE_HEARTBEAT
        while _connected(a, tid) != [False, False] and time.monotonic() < deadline:
            time.sleep(0.25)
        assert _connected(a, tid) == [False, False]
        assert time.monotonic() - killed > PRESENCE_STALE - PRESENCE_HEARTBEAT - 1


def _bot_table(base: str, bot_seconds: float) -> str:
    seats = [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]
    body = {"game": "river-rivals", "seats": seats, "bot_seconds": bot_seconds}
    r = httpx.post(f"{base}/api/tables", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def _wait_over(base: str, tid: str, seconds: float) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        summary: dict[str, Any] = httpx.get(f"{base}/api/tables/{tid}", timeout=10).json()
        if summary["status"] == "over":
            return summary
        time.sleep(0.2)
    raise AssertionError(f"table {tid} not over after {seconds:g} s: {summary}")


def _bot_jobs(base: str) -> int:
    """Bot moves this process set out to work out (its stage counter)."""
    return int(httpx.get(f"{base}/api/stages").json().get("bot.job_count", {}).get("n", 0))


def test_the_process_that_commits_a_change_alone_works_out_the_bot_moves_after_it(
    pg_pair: tuple[str, str], pg_url: str
) -> None:
    """Issue 26 item 8: each bot move is thought once, by the process driving the table; the
    other hears every change (its sockets are updated) but leaves the bots alone. Before, both
    processes thought every move and one of the two commits was refused."""
    a, b = pg_pair
    for base in pg_pair:
        httpx.delete(f"{base}/api/stages")
    tid = _bot_table(a, 0.05)
    _wait_over(b, tid, 300)  # the other process sees the whole game
    store = Store(pg_url)
    moves = [e for e in store.events(tid) if e.kind == "move"]
    store.close()
    assert len(moves) > 10
    assert _bot_jobs(b) == 0, "the process that did not commit the changes thought no bot move"
    assert len(moves) <= _bot_jobs(a) <= len(moves) + 1


def test_a_table_whose_process_died_is_taken_over_by_another(tmp_path: Path, pg_url: str) -> None:
    """Kill the process driving an all-bot table mid-game: the other plays on after ``--takeover``."""
    takeover = ("--takeover", "2")
    with serve(tmp_path / "b", pg_url, takeover) as b:
        with serve(tmp_path / "a", pg_url, takeover) as a:
            tid = _bot_table(a, 0.3)
            end = time.monotonic() + 120
            while httpx.get(f"{b}/api/tables/{tid}").json()["seq"] < 4 and time.monotonic() < end:
                time.sleep(0.1)
        # ``a`` was killed with SIGKILL, mid-think or between two moves
        stalled = httpx.get(f"{b}/api/tables/{tid}").json()
        assert stalled["status"] == "running", stalled
        summary = _wait_over(b, tid, 600)
        assert summary["seq"] > stalled["seq"]
        assert _bot_jobs(b) >= summary["seq"] - stalled["seq"] - 1
