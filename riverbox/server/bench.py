"""Load benchmark for ``riverbox serve`` (a command, not a test): many live tables on 127.0.0.1.

Starts a server process on a free port of 127.0.0.1 with a fresh SQLite database (or uses
``--url``), opens N River Rivals tables (seat 0 played by this program through REST like an
external bot, seat 1 a random bot in the server's worker), and M spectator WebSockets spread
over them. Latency is measured from a human move's POST to the moment every client of that
table (the player's own socket and its spectators) has received the new state.

``think`` is how long the REST player takes over a move (uniform between half and one and a
half times it), as a person at a live table does. With ``think=0`` the players move the
instant they are told, the load is closed-loop and saturating, and latency is mostly time
queued behind the other tables: that measures capacity (moves/s), not responsiveness.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from riverbox.server.stages import ENV as STAGES_ENV

GAME = "river-rivals"


@dataclass
class Result:
    tables: int
    spectators: int
    seconds: float
    think: float
    moves: int
    human_moves: int
    latencies_ms: list[float] = field(default_factory=list)
    games_over: int = 0
    refused: int = 0
    errors: int = 0
    ack_ms: list[float] = field(default_factory=list)
    server_cpu_s: float | None = None
    worker_cpu_s: float | None = None
    client_cpu_s: float | None = None
    load: tuple[float, float] | None = None
    """The machine's 1-minute load average at the start and at the end."""
    stages: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        lat = sorted(self.latencies_ms)
        ack = sorted(self.ack_ms)
        out: dict[str, Any] = {
            "tables": self.tables,
            "spectators": self.spectators,
            "think_s": self.think,
            "seconds": round(self.seconds, 2),
            "moves": self.moves,
            "moves_per_s": round(self.moves / self.seconds, 1) if self.seconds else 0.0,
            "human_moves": self.human_moves,
            "p50_ms": round(_quantile(lat, 0.50), 1),
            "p99_ms": round(_quantile(lat, 0.99), 1),
            "max_ms": round(lat[-1], 1) if lat else 0.0,
            "ack_p50_ms": round(_quantile(ack, 0.50), 1),
            "ack_p99_ms": round(_quantile(ack, 0.99), 1),
            "games_over": self.games_over,
            "refused": self.refused,
            "transport_errors": self.errors,
            "server_cpu_ms_per_move": _per_move(self.server_cpu_s, self.moves),
            "bot_worker_cpu_ms_per_move": _per_move(self.worker_cpu_s, self.moves),
            "bench_cpu_ms_per_move": _per_move(self.client_cpu_s, self.moves),
            "load_average": None if self.load is None else [round(x, 2) for x in self.load],
            "cores": os.cpu_count(),
        }
        if self.stages is not None:
            out["stages_ms"] = self.stages
        return out


def _per_move(cpu_s: float | None, moves: int) -> float | None:
    """Milliseconds of CPU per move, None when not measured.

    The bench shares the machine's cores with the server, so its own share is reported too.
    """
    return None if cpu_s is None or not moves else round(cpu_s / moves * 1000, 2)


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


@dataclass
class _Table:
    id: str
    token: str
    clients: int
    seen: dict[int, int] = field(default_factory=dict)  # client index -> newest seq received
    waiters: list[tuple[int, float, asyncio.Future[float]]] = field(default_factory=list)

    def saw(self, client: int, seq: int) -> None:
        self.seen[client] = max(seq, self.seen.get(client, -1))
        self._resolve()

    def _resolve(self) -> None:
        for entry in list(self.waiters):
            target, _, fut = entry
            if all(self.seen.get(c, -1) >= target for c in range(self.clients)) and not fut.done():
                fut.set_result(time.perf_counter())
                self.waiters.remove(entry)

    def until_all_see(self, seq: int) -> asyncio.Future[float]:
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiters.append((seq, 0.0, fut))
        self._resolve()
        return fut


async def _watch(
    base: str, table: _Table, index: int, token: str | None, turns: asyncio.Queue[Any] | None
) -> None:
    url = base.replace("http://", "ws://") + f"/ws/tables/{table.id}"
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"token": token}))
        async for raw in ws:
            msg = orjson.loads(raw)
            if msg.get("type") != "state":
                continue
            table.saw(index, msg["seq"])
            if turns is not None:
                await turns.put(msg)


async def _player(
    base: str, http: httpx.AsyncClient, table: _Table, result: Result, stop: float, think: float
) -> None:
    turns: asyncio.Queue[Any] = asyncio.Queue()
    rng = random.Random(table.id)
    watcher = asyncio.create_task(_watch(base, table, 0, table.token, turns))
    try:
        while time.perf_counter() < stop:
            try:
                msg = await asyncio.wait_for(turns.get(), max(0.05, stop - time.perf_counter()))
            except TimeoutError:
                break
            while not turns.empty():
                msg = turns.get_nowait()
            if msg["over"]:
                result.games_over += 1
                break
            if not msg["legal"]:
                continue
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                while not turns.empty():  # the newest state decides
                    msg = turns.get_nowait()
                if not msg["legal"] or time.perf_counter() >= stop:
                    continue
            action = rng.choice(msg["legal"])["action"]
            sent = time.perf_counter()
            r = None
            for _ in range(2):  # once more on a dropped keep-alive connection (the seq makes it safe)
                try:
                    r = await http.post(
                        f"{base}/api/tables/{table.id}/actions",
                        json={"action": action, "seq": msg["seq"]},
                        headers={"Authorization": f"Bearer {table.token}"},
                    )
                    break
                except httpx.TransportError:
                    result.errors += 1
            if r is None:
                continue
            if r.status_code != 200:
                result.refused += 1
                continue
            acked = time.perf_counter()
            done = await asyncio.wait_for(table.until_all_see(r.json()["seq"]), 30)
            result.latencies_ms.append((done - sent) * 1000)
            result.ack_ms.append((acked - sent) * 1000)
            result.human_moves += 1
    finally:
        watcher.cancel()


async def run(
    base: str,
    tables: int,
    spectators: int,
    seconds: float,
    think: float = 0.0,
    bot: str = "random",
    on_start: Callable[[], None] | None = None,
) -> Result:
    """Drive ``tables`` live tables and ``spectators`` sockets against the server at ``base``.

    ``on_start`` is called when the measured time begins (tables made, sockets connected).
    """
    # one keep-alive connection per player, as each person has their own: with fewer, a move
    # would queue in this program for a free connection, and that wait would be counted as the
    # server's latency
    limits = httpx.Limits(max_connections=tables + 8, max_keepalive_connections=tables + 8)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        made: list[_Table] = []
        for _ in range(tables):
            r = await http.post(
                f"{base}/api/tables",
                json={
                    "game": GAME,
                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}],
                    "bot_seconds": 0.05,
                },
            )
            r.raise_for_status()
            body = r.json()
            made.append(_Table(body["id"], body["seats"][0]["token"], 1))
        for i in range(spectators):
            made[i % tables].clients += 1
        start_seq = {t.id: 0 for t in made}
        watchers = [
            asyncio.create_task(_watch(base, t, c, None, None)) for t in made for c in range(1, t.clients)
        ]
        await asyncio.sleep(1.0)  # let every socket connect before the clock starts
        stages = (await http.delete(f"{base}/api/stages")).status_code == 200
        result = Result(tables, spectators, 0.0, think, 0, 0)
        if on_start is not None:
            on_start()
        began = time.perf_counter()
        stop = began + seconds
        await asyncio.gather(*(_player(base, http, t, result, stop, think) for t in made))
        result.seconds = time.perf_counter() - began
        for w in watchers:
            w.cancel()
        if stages:  # the server's stage timings (only a server started with RIVERBOX_STAGE_TIMES=1)
            result.stages = (await http.get(f"{base}/api/stages")).json()
        for t in made:
            summary = (await http.get(f"{base}/api/tables/{t.id}")).json()
            result.moves += summary["seq"] - start_seq[t.id]
    return result


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Running:
    """A started server: its base URL and process id."""

    base: str
    pid: int

    def cpu_seconds(self) -> float:
        """CPU time the server process has used so far (user + system, Linux /proc)."""
        return _cpu_seconds(self.pid)

    def worker_cpu_seconds(self) -> float:
        """CPU time of the server's child processes (the bot worker) so far."""
        total = 0.0
        for task in Path(f"/proc/{self.pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                try:
                    total += _cpu_seconds(int(child))
                except OSError:  # it ended meanwhile
                    continue
        return total


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def running_server(home: Path, db: str | None = None, stop: int = signal.SIGTERM) -> Iterator[Running]:
    """A ``riverbox serve`` process on a free port of 127.0.0.1.

    It is stopped with ``stop`` at the end (tests use SIGKILL to crash it on purpose).
    """
    port = free_port()
    cmd = [sys.executable, "-m", "riverbox", "serve", "--port", str(port)]
    if db is not None:
        cmd += ["--db", db]
    env = {**os.environ, "RIVERBOX_HOME": str(home), STAGES_ENV: "1"}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/tables", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                problem = proc.stderr.read().decode(errors="replace")[-2000:] if proc.stderr else ""
                raise RuntimeError(f"riverbox serve did not start: {problem}")
            time.sleep(0.1)
        if proc.stderr is not None:  # nobody reads it from here on: do not let a full pipe block the server
            proc.stderr.close()
        yield Running(base, proc.pid)
    finally:
        proc.send_signal(stop)
        proc.wait(20)


def serve_and_run(
    tables: int,
    spectators: int,
    seconds: float,
    url: str | None = None,
    db: str | None = None,
    think: float = 0.0,
) -> Result:
    """Start a private ``riverbox serve`` on 127.0.0.1 (unless ``url`` is given) and run the load.

    ``db`` is the server's database (default: a fresh SQLite file).
    """
    if url is not None:
        return asyncio.run(run(url, tables, spectators, seconds, think))
    with running_server(Path(tempfile.mkdtemp(prefix="riverbox-bench-")), db) as server:
        marks: list[float] = []

        def start() -> None:  # CPU from here on: making tables and connecting sockets is not a move
            marks.extend((server.cpu_seconds(), server.worker_cpu_seconds(), time.process_time()))

        load = os.getloadavg()[0]
        result = asyncio.run(run(server.base, tables, spectators, seconds, think, on_start=start))
        result.server_cpu_s = server.cpu_seconds() - marks[0]
        result.worker_cpu_s = server.worker_cpu_seconds() - marks[1]
        result.client_cpu_s = time.process_time() - marks[2]
        result.load = (load, os.getloadavg()[0])
        return result
