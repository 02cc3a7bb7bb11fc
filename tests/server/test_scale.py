"""Beyond one machine (issue 26, item 7): two ``riverbox serve`` processes and a separate
``riverbox bot-worker`` on one PostgreSQL schema and one Redis, as real processes.

Both servers start at once on a fresh schema (the migration's advisory lock lets them), fan
out through Redis pub/sub and send every bot move to the queue; the worker, killed with SIGKILL
mid-move, is replaced and the move is still made. Every process ends with the test.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from riverbox.server.server_load import free_port
from tests.server.conftest import bearer, needs, pg_schema

REDIS = os.environ.get("RIVERBOX_TEST_REDIS", "redis://127.0.0.1:6379/0")
START_SECONDS = 60.0


def redis_problem() -> str | None:
    try:
        import redis

        redis.Redis.from_url(REDIS, socket_connect_timeout=3).ping()
    except Exception as exc:
        return f"Redis at {REDIS} is not reachable: {exc}"
    return None


@pytest.fixture(scope="module")
def redis_url() -> str:
    """Redis for the test; in CI a missing Redis fails the test, it is never skipped."""
    needs(redis_problem())
    return REDIS


@pytest.fixture(scope="module")
def fresh_pg() -> Iterator[str]:
    """A PostgreSQL schema nobody created tables in yet (both servers start on it at once)."""
    with pg_schema("rbscale") as url:
        yield url


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_gone(pids: set[int], seconds: float = 15.0) -> set[int]:
    """The ones of ``pids`` still alive after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = {p for p in pids if alive(p)}
        if not left:
            return set()
        time.sleep(0.2)
    return {p for p in pids if alive(p)}


class Processes:
    """The processes a test started, and everything below them, ended at the end."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.procs: list[subprocess.Popen[bytes]] = []
        self.seen: set[int] = set()

    def start(self, name: str, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.home / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        env = {**os.environ, "RIVERBOX_HOME": str(self.home / name)}
        proc = subprocess.Popen([sys.executable, "-m", "riverbox", *args], env=env, stdout=log, stderr=log)
        log.close()
        self.procs.append(proc)
        return proc

    def watch(self) -> None:
        """Remember every descendant now (each must be gone at the end)."""
        for proc in self.procs:
            self.seen |= descendants(proc.pid)

    def end(self) -> None:
        self.watch()
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        left = wait_gone(self.seen)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        assert not left, f"processes outlived the test: {sorted(left)}"

    def log(self, name: str, tail: int = 3000) -> str:
        return (self.home / f"{name}.log").read_text(errors="replace")[-tail:]


def serve_args(port: int, db: str, redis: str, queue: str) -> list[str]:
    return [
        "serve", "--port", str(port), "--db", db, "--redis", redis, "--bot-queue", "--queue-name", queue,
        "--rate-scale", "0", "--open-tables", "100000", "--bot-tables", "100000",
    ]  # fmt: skip


def wait_up(base: str, proc: subprocess.Popen[bytes], what: str, logs: Processes) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            if httpx.get(f"{base}/api/tables", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert proc.poll() is None, f"{what} ended: {logs.log(what)}"
        assert time.monotonic() < deadline, f"{what} did not start: {logs.log(what)}"
        time.sleep(0.1)


def start_worker(procs: Processes, name: str, redis: str, queue: str) -> subprocess.Popen[bytes]:
    args = ["bot-worker", "--redis", redis, "--queue-name", queue, "--workers", "1", "--job-timeout", "20"]
    proc = procs.start(name, *args)
    deadline = time.monotonic() + START_SECONDS
    while "is up" not in procs.log(name):
        assert proc.poll() is None, f"{name} ended: {procs.log(name)}"
        assert time.monotonic() < deadline, f"{name} did not start: {procs.log(name)}"
        time.sleep(0.1)
    return proc


@pytest.fixture(scope="module")
def cluster(
    fresh_pg: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """Two servers started at once on a fresh schema, one bot worker, one queue of their own."""
    home = tmp_path_factory.mktemp("scale")
    queue = f"rbtest:{secrets.token_hex(6)}"
    procs = Processes(home)
    with ExitStack() as stack:
        stack.callback(procs.end)
        ports = [free_port(), free_port()]
        args = [serve_args(p, fresh_pg, redis_url, queue) for p in ports]
        servers = [procs.start(n, *x) for n, x in zip("ab", args, strict=True)]
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        for name, base, proc in zip("ab", bases, servers, strict=True):
            wait_up(base, proc, name, procs)
        worker = start_worker(procs, "worker", redis_url, queue)
        yield {"a": bases[0], "b": bases[1], "queue": queue, "procs": procs, "worker": worker, "db": fresh_pg}
        _clear_queue(redis_url, queue)


def _clear_queue(url: str, queue: str) -> None:
    import redis

    client = redis.Redis.from_url(url)
    keys = [queue, *client.scan_iter(f"arq:*{queue}*")]
    client.delete(*keys)


def create(base: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables", json={"game": "river-rivals", "seats": seats, **extra}, timeout=10)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def my_state(base: str, tid: str, token: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(
        f"{base}/api/tables/{tid}/state", headers=bearer(token), timeout=10
    ).json()
    return data


def post_move(base: str, tid: str, token: str, rng: random.Random) -> int | None:
    """One legal move of the token's seat if it is to move (None if not).

    As a page does: a server may answer from a table it has cached until the other server's
    notice of a newer change arrives (milliseconds), so a move chosen from that view is refused
    with 409 "moved on"; the page then reloads and chooses again."""
    for _ in range(20):
        mine = my_state(base, tid, token)
        if mine["over"] or not mine["legal"]:
            return None
        action = rng.choice(mine["legal"])["action"]
        r = httpx.post(
            f"{base}/api/tables/{tid}/actions",
            json={"action": action, "seq": mine["seq"]},
            headers=bearer(token),
            timeout=10,
        )
        if r.status_code == 409 and "moved on" in r.text:
            time.sleep(0.1)
            continue
        assert r.status_code == 200, r.text
        return int(r.json()["seq"])
    raise AssertionError("the server kept answering from a stale table")


class Watcher:
    """A spectator socket on one server; every state message it got, in order."""

    def __init__(self, base: str, tid: str) -> None:
        self.url = f"ws://{base[len('http://') :]}/ws/tables/{tid}"
        self.states: list[dict[str, Any]] = []
        self.chat: list[dict[str, Any]] = []
        self._ws: Any = None

    async def __aenter__(self) -> Watcher:
        self._ws = await websockets.connect(self.url)
        await self._ws.send(json.dumps({"token": None}))
        return self

    async def __aexit__(self, *_: object) -> None:
        await self._ws.close()

    async def until(self, test: Any, seconds: float = 30.0) -> dict[str, Any]:
        """Read until a state message passes ``test`` (asserting it comes within ``seconds``)."""
        for state in self.states:
            if test(state):
                return state
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no such state within {seconds} s; last seq {self.states[-1]['seq']}"
            msg = json.loads(await asyncio.wait_for(self._ws.recv(), left))
            if msg["type"] == "chat":
                self.chat.append(msg)
            if msg["type"] != "state":
                continue
            self.states.append(msg)
            if test(msg):
                return msg

    async def pump(self, seconds: float) -> None:
        """Read whatever comes within ``seconds``."""
        with suppress(AssertionError, TimeoutError):
            await self.until(lambda s: False, seconds)


def in_order(states: list[dict[str, Any]]) -> None:
    """Seqs only go up, and each state's story extends the one before (nothing lost or reordered)."""
    seqs = [s["seq"] for s in states]
    assert seqs == sorted(set(seqs)), seqs
    for before, after in itertools.pairwise(states):
        assert after["log"][: len(before["log"])] == before["log"]


def test_every_update_reaches_the_other_server_in_order(
    cluster: dict[str, Any],
) -> None:
    """Two people at one table, every move posted to server A; a spectator on B gets each one."""
    a, b = cluster["a"], cluster["b"]
    t = create(a, [{"kind": "human"}, {"kind": "human"}])
    tid, tokens = t["id"], [s["token"] for s in t["seats"]]
    rng = random.Random(26)

    async def play() -> list[int]:
        acked: list[int] = []
        async with Watcher(b, tid) as spectator:
            await spectator.until(lambda s: s["seq"] == 0)
            while not my_state(a, tid, tokens[0])["over"]:
                for token in tokens:
                    seq = await asyncio.to_thread(post_move, a, tid, token, rng)
                    if seq is not None:
                        acked.append(seq)
                        await spectator.until(lambda s, seq=seq: s["seq"] >= seq)
            final = await spectator.until(lambda s: s["over"])
            # one move at a time, each awaited: the spectator on the other server saw every one
            assert [s["seq"] for s in spectator.states] == [0, *acked]
            in_order(spectator.states)
            public = httpx.get(f"{a}/api/tables/{tid}/state", timeout=10).json()
            assert (final["view"], final["log"], final["scores"]) == (
                public["view"],
                public["log"],
                public["scores"],
            )
        return acked

    assert len(asyncio.run(play())) > 10


def _job_result(queue: str, tid: str, seq: int, seat: int) -> dict[str, Any] | None:
    import redis

    raw = redis.Redis.from_url(REDIS).get(f"arq:result:{queue}:{tid}:{seq}:{seat}:move")
    return None if raw is None else dict(json.loads(raw))


def _answers(queue: str, tid: str, seat: int) -> dict[int, str]:
    """The worker's successful answers for a seat's moves, by the seq each job was asked at."""
    import redis

    client = redis.Redis.from_url(REDIS)
    out = {}
    for key in client.scan_iter(f"arq:result:{queue}:{tid}:*:{seat}:move"):
        result = json.loads(client.get(key) or b"{}")
        if result.get("s") is True:
            out[int(key.decode().split(":")[-3])] = str(result["r"])
    return out


def _bot_moves(db: str, tid: str, seat: int) -> list[tuple[int, str]]:
    from riverbox.store.db import Store

    store = Store(db)
    try:
        return [(e.seq, str(e.action)) for e in store.events(tid) if e.kind == "move" and e.seat == seat]
    finally:
        store.close()


def test_bot_seats_are_answered_by_the_worker_through_both_servers(cluster: dict[str, Any]) -> None:
    """A person against a bot: the person's moves go to A and B in turn, spectators on both see
    the game in order, and every bot move is the worker's answer (its job's result in Redis)."""
    a, b, queue = cluster["a"], cluster["b"], cluster["queue"]
    t = create(b, [{"kind": "human"}, {"kind": "bot", "bot": "medium"}], bot_seconds=0.2)
    tid, token = t["id"], t["seats"][0]["token"]
    rng = random.Random(7)

    async def play() -> None:
        async with Watcher(a, tid) as on_a, Watcher(b, tid) as on_b:
            turn = 0
            while True:
                state = my_state(a if turn % 2 else b, tid, token)
                if state["over"]:
                    break
                if state["legal"]:
                    seq = await asyncio.to_thread(post_move, a if turn % 2 else b, tid, token, rng)
                    if seq is None:  # the view was stale: it is the bot's turn after all
                        continue
                    turn += 1
                    await on_a.until(lambda s, seq=seq: s["seq"] >= seq, 60)
                else:  # the bot is to move: its answer comes through the queue
                    await on_b.until(lambda s, seq=state["seq"]: s["seq"] > seq, 60)
            for watcher in (on_a, on_b):
                await watcher.until(lambda s: s["over"], 60)
                in_order(watcher.states)
            assert on_a.states[-1]["log"] == on_b.states[-1]["log"]

    asyncio.run(play())
    moves = _bot_moves(cluster["db"], tid, 1)
    assert moves, "the bot never moved"
    answers = _answers(queue, tid, 1)
    after = -1
    for seq, action in moves:  # each move is the answer to a job asked since the bot's last move
        asked = [answers[s] for s in answers if after < s <= seq]
        assert action in asked, f"bot move at {seq} did not come from the queue"
        after = seq
    procs: Processes = cluster["procs"]
    assert all("random move is played" not in procs.log(name, 10**7) for name in "ab")


def test_a_worker_killed_mid_move_is_replaced_and_the_move_is_still_made(cluster: dict[str, Any]) -> None:
    """SIGKILL the worker while it thinks; its processes go with it; a new worker makes the move."""
    import redis

    a, queue, procs = cluster["a"], cluster["queue"], cluster["procs"]
    old: subprocess.Popen[bytes] = cluster["worker"]
    # the bot thinks half a CPU second a move: long enough to be caught thinking
    t = create(a, [{"kind": "bot", "bot": "ismcts:think=0.5"}, {"kind": "human"}], bot_seconds=0.5)
    tid, token = t["id"], t["seats"][1]["token"]
    client = redis.Redis.from_url(REDIS)
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    while True:  # until the bot is thinking on a move
        public = httpx.get(f"{a}/api/tables/{tid}/state", timeout=10).json()
        assert not public["over"]
        if 0 in public["to_move"]:
            key = f"arq:in-progress:{queue}:{tid}:{public['seq']}:0:move"
            if client.exists(key):
                pending = public["seq"]
                break
        else:
            post_move(a, tid, token, rng)
        assert time.monotonic() < deadline, "the worker never took the bot's move"
        time.sleep(0.05)
    below = descendants(old.pid)
    assert below, "the worker has no thinking process"
    old.send_signal(signal.SIGKILL)
    old.wait(10)
    assert not wait_gone(below), "the killed worker's processes outlived it"
    procs.procs.remove(old)
    cluster["worker"] = start_worker(procs, "worker2", REDIS, queue)
    deadline = time.monotonic() + 90
    while httpx.get(f"{a}/api/tables/{tid}/state", timeout=10).json()["seq"] <= pending:
        assert time.monotonic() < deadline, "the pending bot move was never made"
        time.sleep(0.2)
    result = _job_result(queue, tid, pending, 0)
    assert result is not None
    assert (result["s"], result["t"] >= 2) == (True, True), (result["r"], result["t"])  # tried again
    made = dict(_bot_moves(cluster["db"], tid, 0))
    assert made[pending] == result["r"]


def test_chat_reaches_sockets_on_the_other_server(cluster: dict[str, Any]) -> None:
    a, b = cluster["a"], cluster["b"]
    t = create(a, [{"kind": "human"}, {"kind": "human"}])
    tid, token = t["id"], t["seats"][0]["token"]

    async def talk() -> None:
        async with Watcher(b, tid) as on_b, Watcher(a, tid) as on_a:
            await on_b.until(lambda s: s["seq"] == 0)
            await on_a.until(lambda s: s["seq"] == 0)
            for line in ("hello from A", "再见"):
                r = await asyncio.to_thread(
                    httpx.post, f"{a}/api/tables/{tid}/chat", json={"text": line}, headers=bearer(token)
                )
                assert r.status_code == 201, r.text
            deadline = time.monotonic() + 10
            while len(on_b.chat) < 2 or len(on_a.chat) < 2:
                assert time.monotonic() < deadline, (on_a.chat, on_b.chat)
                await on_a.pump(0.2)
                await on_b.pump(0.2)
            await on_a.pump(0.5)  # and nothing twice
            await on_b.pump(0.5)
            # each line once on each server, in order
            assert [m["text"] for m in on_b.chat] == ["hello from A", "再见"]
            assert [m["text"] for m in on_a.chat] == ["hello from A", "再见"]

    asyncio.run(talk())


def test_a_hint_is_answered_by_the_worker(cluster: dict[str, Any]) -> None:
    a = cluster["a"]
    t = create(a, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}])
    tid, token = t["id"], t["seats"][0]["token"]
    deadline = time.monotonic() + 30
    while not (mine := my_state(a, tid, token))["legal"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    r = httpx.post(f"{a}/api/tables/{tid}/hint", headers=bearer(token), timeout=60)
    assert r.status_code == 200, r.text
    assert r.json()["action"] in {m["action"] for m in mine["legal"]}
