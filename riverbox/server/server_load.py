"""Load benchmark for ``riverbox serve`` (a command, not a test): many live tables on 127.0.0.1.

The model of a live table. Starts a server process on a free port of 127.0.0.1 with a fresh
SQLite database (or uses ``--url``) and opens N River Rivals tables. Seat 0 of each is a
person, played by this program over REST at a person's pace: after the state saying it is
their turn arrives, the player thinks for a time drawn uniformly between ``think_min`` and
``think_max`` seconds (1 to 3 s by default, a fast pace: 5 to 30 s a move is usual), then
POSTs a legal move on their own keep-alive connection, as each person's browser holds one.
Seat 1 is a bot in the server's worker process (``bot``, default the heuristic) thinking
under its CPU budget (``bot_seconds``). M spectator WebSockets are spread over the tables.

Latency is measured from a person's move's POST to the moment every client of that table
(the player's own socket and its spectators) has received the new state. Those clients run
in this program, on the same cores as the server: so it reports its own CPU per move, the
load average, and how far behind its event loop ran (``bench_behind_fraction``: the share of
the measured time its loop woke up late, so that a message could wait for it; above a few
percent the latencies include the benchmark's own waiting, not only the server's).

With ``servers`` above one (``--servers 2 --db postgresql://...``) it starts that many server
processes on one PostgreSQL database and spreads the clients: a table's player posts and
listens on the server that opened it, its spectators on the others, so the measured update
crosses from process to process by NOTIFY (``far_*``; ``near_*`` is the player's own server).

``flat_out`` (``--flat-out``) is the other mode: no thinking, every player moves the instant
it is its turn. The load is then closed-loop and saturating, latency is mostly time queued
behind the other tables, and the result is capacity (moves/s), not responsiveness.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import orjson
import websockets

from riverbox.server.stages import ENV as STAGES_ENV

GAME = "river-rivals"
UPDATE_SECONDS = 30.0
"""How long a move's update may take to reach every client of its table before it counts as lost."""
LAG_PERIOD = 0.01
"""Seconds between two wake-ups of the benchmark's own lag probe."""


@dataclass(frozen=True)
class Load:
    """What the benchmark asks of the server: tables, spectators, the players' pace and the bots."""

    tables: int = 200
    spectators: int = 200
    seconds: float = 60.0
    think_min: float = 1.0
    think_max: float = 3.0
    bot: str = "heuristic"
    bot_seconds: float = 0.05
    flat_out: bool = False
    servers: int = 1
    """Server processes sharing the tables (more than one needs PostgreSQL): see :func:`serve_and_run`."""

    def think(self, rng: random.Random) -> float:
        """Seconds a player takes over one move (none when flat out)."""
        return 0.0 if self.flat_out else rng.uniform(self.think_min, self.think_max)


@dataclass
class Result:
    load: Load
    seconds: float
    moves: int
    human_moves: int
    latencies_ms: list[float] = field(default_factory=list)
    games_over: int = 0
    refused: int = 0
    errors: int = 0
    lost_updates: int = 0
    tables_opened: int = 0
    """Tables played in all: the first ones and those opened when a game ended."""
    """Moves some client of the table had not heard of ``UPDATE_SECONDS`` after the POST."""
    ack_ms: list[float] = field(default_factory=list)
    server_cpu_s: float | None = None
    worker_cpu_s: float | None = None
    client_cpu_s: float | None = None
    load_average: tuple[float, float] | None = None
    """The machine's 1-minute load average at the start and at the end."""
    lags_s: list[float] = field(default_factory=list)
    """How late the benchmark's own loop woke its probe, every ``LAG_PERIOD`` of the measured time."""
    stages: dict[str, Any] | list[dict[str, Any]] | None = None
    near_ms: list[float] = field(default_factory=list)
    """Per move: POST until the last client on the player's own server had the update."""
    far_ms: list[float] = field(default_factory=list)
    """Per move: POST until the last client on another server had it (several servers only:
    the update crossed PostgreSQL's NOTIFY)."""
    db: str = "sqlite"

    def to_json(self) -> dict[str, Any]:
        lat = sorted(self.latencies_ms)
        ack = sorted(self.ack_ms)
        lags = sorted(self.lags_s)
        out: dict[str, Any] = {
            "mode": "flat-out" if self.load.flat_out else "live",
            "tables": self.load.tables,
            "spectators": self.load.spectators,
            "think_s": [0.0, 0.0] if self.load.flat_out else [self.load.think_min, self.load.think_max],
            "bot": self.load.bot,
            "bot_seconds": self.load.bot_seconds,
            "seconds": round(self.seconds, 2),
            "moves": self.moves,
            "moves_per_s": round(self.moves / self.seconds, 1) if self.seconds else 0.0,
            "human_moves": self.human_moves,
            "p50_ms": round(_quantile(lat, 0.50), 1),
            "p99_ms": round(_quantile(lat, 0.99), 1),
            "max_ms": round(lat[-1], 1) if lat else 0.0,
            "ack_p50_ms": round(_quantile(ack, 0.50), 1),
            "ack_p99_ms": round(_quantile(ack, 0.99), 1),
            "servers": self.load.servers,
            "db": self.db,
            "games_over": self.games_over,
            "tables_opened": self.tables_opened,
            "refused": self.refused,
            "transport_errors": self.errors,
            "lost_updates": self.lost_updates,
            "server_cpu_ms_per_move": _per_move(self.server_cpu_s, self.moves),
            "bot_worker_cpu_ms_per_move": _per_move(self.worker_cpu_s, self.moves),
            "bench_cpu_ms_per_move": _per_move(self.client_cpu_s, self.moves),
            "bench_cpu_share": None
            if self.client_cpu_s is None or not self.seconds
            else round(self.client_cpu_s / self.seconds, 3),
            "bench_behind_fraction": round(behind_fraction(self.lags_s, self.seconds), 4),
            "bench_lag_p99_ms": round(_quantile(lags, 0.99) * 1000, 1),
            "load_average": None if self.load_average is None else [round(x, 2) for x in self.load_average],
            "cores": os.cpu_count(),
        }
        for name, values in (("near", self.near_ms), ("far", self.far_ms)):
            if values:
                ordered = sorted(values)
                out[f"{name}_p50_ms"] = round(_quantile(ordered, 0.50), 1)
                out[f"{name}_p99_ms"] = round(_quantile(ordered, 0.99), 1)
        if self.stages is not None:
            out["stages_ms"] = self.stages
        return out


def behind_fraction(lags: list[float], seconds: float) -> float:
    """The share of ``seconds`` the benchmark's loop was late: the sum of its probe's delays.

    A probe asks to wake every ``LAG_PERIOD``; each delay beyond it is time in which a ready
    message (a state a client should have read) may have waited for this program.
    """
    return min(1.0, sum(lags) / seconds) if seconds > 0 else 0.0


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
    seen: dict[int, list[tuple[int, float]]] = field(default_factory=dict)
    """Per client index: (seq, when received) of every state it was sent, in order."""
    waiters: list[tuple[int, asyncio.Future[float]]] = field(default_factory=list)
    home: int = 0
    """The server (index into the bases) the table was opened on: its player posts and listens there."""
    servers: int = 1

    def server_of(self, client: int) -> int:
        """The server a client's socket is on: the player's at home, spectators round the others.

        With two servers a table's one spectator listens on the other one, so every move's
        update crosses from process to process (PostgreSQL NOTIFY) to reach the last client.
        """
        return (self.home + client) % self.servers

    def had_at(self, client: int, seq: int) -> float | None:
        """When ``client`` first had a state at ``seq`` or later (None: not yet)."""
        got = self.seen.get(client, [])
        i = bisect.bisect_left(got, (seq, 0.0))
        return None if i == len(got) else got[i][1]

    def saw(self, client: int, seq: int) -> None:
        self.seen.setdefault(client, []).append((seq, time.perf_counter()))
        if self.waiters:
            self._resolve()

    def _when_all_had(self, seq: int) -> float | None:
        """When the last client got a state at ``seq`` or later (None: someone has not yet)."""
        last = 0.0
        for c in range(self.clients):
            # states arrive in seq order (a coalesced update may skip some): the first one at
            # ``seq`` or beyond is when this client learnt of the move
            when = self.had_at(c, seq)
            if when is None:
                return None
            last = max(last, when)
        return last

    def _resolve(self) -> None:
        for entry in list(self.waiters):
            target, fut = entry
            when = self._when_all_had(target)
            if when is not None:
                if not fut.done():
                    fut.set_result(when)
                self.waiters.remove(entry)

    def until_all_see(self, seq: int) -> asyncio.Future[float]:
        """When every client of the table has had state ``seq`` (possibly before this call: the
        update may reach the sockets before the POST's answer reaches the player)."""
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiters.append((seq, fut))
        self._resolve()
        return fut


class Connection:
    """One player's keep-alive HTTP/1.1 connection, written by hand.

    A person's browser holds one connection; a pooled client shared by hundreds of players
    (httpx) spends more CPU choosing a connection than the server spends on the move, and
    that would be counted as the server's latency.
    """

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self._io: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post(self, path: str, body: dict[str, Any], token: str | None) -> tuple[int, bytes]:
        """POST ``body`` as JSON (with a bearer token unless None); (status, response body).

        Once more on a new connection if the kept one was closed by the server meanwhile.
        """
        data = orjson.dumps(body)
        auth = "" if token is None else f"Authorization: Bearer {token}\r\n"
        request = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{auth}"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        ).encode() + data
        for attempt in range(2):
            try:
                return await self._exchange(request)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, request: bytes) -> tuple[int, bytes]:
        if self._io is None:
            self._io = await asyncio.open_connection(self.host, self.port)
        reader, writer = self._io
        writer.write(request)
        status_line = await reader.readuntil(b"\r\n")
        status = int(status_line.split(b" ", 2)[1])
        length = 0
        keep = True
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection" and value.strip().lower() == b"close":
                keep = False
        payload = await reader.readexactly(length)
        if not keep:
            self.close()
        return status, payload

    def close(self) -> None:
        if self._io is not None:
            self._io[1].close()
            self._io = None


_STATE_SEQ = re.compile(r'\{"type":"state","table":"[^"]*","game":"[^"]*","seq":(\d+)[,}]')
"""How a state message begins (``riverbox.server.live.state_message`` of a table's payload)."""


def state_seq(raw: str | bytes) -> int | None:
    """The seq of a state message, read from its start; None for any other message.

    A spectator needs nothing else: parsing the whole state (the story and log of the game
    so far, kilobytes) for every spectator was the benchmark's largest cost, on the cores
    the server is measured on. A message that does not begin as expected is parsed whole.
    """
    text = raw if isinstance(raw, str) else raw.decode()
    match = _STATE_SEQ.match(text, 0, 300)
    if match is not None:
        return int(match.group(1))
    msg = orjson.loads(text)
    return int(msg["seq"]) if isinstance(msg, dict) and msg.get("type") == "state" else None


async def _watch(
    base: str, table: _Table, index: int, token: str | None, turns: asyncio.Queue[Any] | None
) -> None:
    """One client's socket: the player's (``turns`` gets every state) or a spectator's (seq only)."""
    url = base.replace("http://", "ws://") + f"/ws/tables/{table.id}"
    # no proxy: looking one up reads the whole environment at every connect
    async with websockets.connect(url, max_size=2**22, compression=None, proxy=None) as ws:
        await ws.send(json.dumps({"token": token}))
        async for raw in ws:
            if turns is None:
                seq = state_seq(raw)
                if seq is not None:
                    table.saw(index, seq)
                continue
            msg = orjson.loads(raw)
            if msg.get("type") != "state":
                continue
            table.saw(index, msg["seq"])
            turns.put_nowait(msg)


def _table_request(load: Load) -> dict[str, Any]:
    """The body of the POST that opens one benchmark table: a person in seat 0, a bot in seat 1."""
    return {
        "game": GAME,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": load.bot}],
        "bot_seconds": load.bot_seconds,
    }


def _spectate(bases: list[str], table: _Table) -> list[asyncio.Task[None]]:
    """Open the table's spectator sockets (client indexes 1 and up; 0 is the player's)."""
    return [
        asyncio.create_task(_watch(bases[table.server_of(c)], table, c, None, None))
        for c in range(1, table.clients)
    ]


async def _player(
    bases: list[str],
    table: _Table,
    spectators: list[asyncio.Task[None]],
    result: Result,
    stop: float,
    load: Load,
    made: list[_Table],
) -> None:
    """One person at one table until ``stop``: when a game ends they open a new table and play on.

    A game of River Rivals lasts a few dozen moves, under a minute at this pace; without a new
    table the number of live tables would fall during a run. The spectators follow them.
    """
    base = bases[table.home]
    conn = Connection(base)
    try:
        while await _play_game(base, conn, table, spectators, result, stop, load):
            try:
                status, body = await conn.post("/api/tables", _table_request(load), None)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                status, body = 0, b""
            if status != 201:
                result.errors += 1
                return
            data = orjson.loads(body)
            table = _Table(
                data["id"], data["seats"][0]["token"], table.clients, home=table.home, servers=len(bases)
            )
            made.append(table)
            spectators = _spectate(bases, table)
    finally:
        conn.close()


async def _play_game(
    base: str,
    conn: Connection,
    table: _Table,
    spectators: list[asyncio.Task[None]],
    result: Result,
    stop: float,
    load: Load,
) -> bool:
    """Play seat 0 of ``table`` until its game ends (True) or the time is up (False)."""
    turns: asyncio.Queue[Any] = asyncio.Queue()
    rng = random.Random(table.id)
    watcher = asyncio.create_task(_watch(base, table, 0, table.token, turns))
    try:
        try:  # every client has the table before the first move is timed
            await asyncio.wait_for(table.until_all_see(0), UPDATE_SECONDS)
        except TimeoutError:
            result.errors += 1
            return False
        while time.perf_counter() < stop:
            try:
                msg = await asyncio.wait_for(turns.get(), max(0.05, stop - time.perf_counter()))
            except TimeoutError:
                break
            while not turns.empty():
                msg = turns.get_nowait()
            if msg["over"]:
                result.games_over += 1
                return time.perf_counter() < stop
            if not msg["legal"]:
                continue
            think = load.think(rng)
            if think > 0:
                await asyncio.sleep(think)
                while not turns.empty():  # the newest state decides
                    msg = turns.get_nowait()
                if not msg["legal"] or time.perf_counter() >= stop:
                    continue
            await _move(conn, table, msg, rng.choice(msg["legal"])["action"], result)
        return False
    finally:
        watcher.cancel()
        for task in spectators:
            task.cancel()


async def _move(conn: Connection, table: _Table, msg: dict[str, Any], action: str, result: Result) -> None:
    """POST one move and time it until its answer and until every client of the table has it."""
    sent = time.perf_counter()
    try:
        status, body = await conn.post(
            f"/api/tables/{table.id}/actions", {"action": action, "seq": msg["seq"]}, table.token
        )
    except (OSError, asyncio.IncompleteReadError, ValueError):
        result.errors += 1
        return
    if status != 200:
        result.refused += 1
        return
    acked = time.perf_counter()
    try:
        seq = orjson.loads(body)["seq"]
        done = await asyncio.wait_for(table.until_all_see(seq), UPDATE_SECONDS)
    except TimeoutError:  # some client never heard of the move: counted, not timed
        result.lost_updates += 1
        return
    result.latencies_ms.append((done - sent) * 1000)
    result.ack_ms.append((acked - sent) * 1000)
    result.human_moves += 1
    near = [table.had_at(c, seq) for c in range(table.clients) if table.server_of(c) == table.home]
    far = [table.had_at(c, seq) for c in range(table.clients) if table.server_of(c) != table.home]
    result.near_ms.append((max(t or done for t in near) - sent) * 1000)
    if far:
        result.far_ms.append((max(t or done for t in far) - sent) * 1000)


async def _probe_lag(lags: list[float]) -> None:
    """Record how late this program's loop wakes up, every ``LAG_PERIOD`` (see :func:`behind_fraction`)."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(LAG_PERIOD)
        lags.append(max(0.0, time.perf_counter() - start - LAG_PERIOD))


async def run(bases: str | list[str], load: Load, on_start: Callable[[], None] | None = None) -> Result:
    """Drive ``load`` against the server(s) at ``bases`` (table *i* opens on server *i* mod n).

    ``on_start`` is called when the measured time begins (tables made, sockets connected).
    """
    bases = [bases] if isinstance(bases, str) else list(bases)
    async with httpx.AsyncClient(timeout=60) as http:
        made: list[_Table] = []
        for i in range(load.tables):
            home = i % len(bases)
            r = await http.post(f"{bases[home]}/api/tables", json=_table_request(load))
            r.raise_for_status()
            body = r.json()
            made.append(_Table(body["id"], body["seats"][0]["token"], 1, home=home, servers=len(bases)))
        for i in range(load.spectators):
            made[i % load.tables].clients += 1
        first = list(made)
        watchers = {t.id: _spectate(bases, t) for t in first}
        await asyncio.sleep(1.0)  # let every socket connect before the clock starts
        stages = [(await http.delete(f"{base}/api/stages")).status_code == 200 for base in bases]
        result = Result(load, 0.0, 0, 0)
        if on_start is not None:
            on_start()
        began = time.perf_counter()
        stop = began + load.seconds
        probe = asyncio.create_task(_probe_lag(result.lags_s))
        await asyncio.gather(*(_player(bases, t, watchers[t.id], result, stop, load, made) for t in first))
        result.seconds = time.perf_counter() - began
        probe.cancel()
        result.tables_opened = len(made)
        # the server's stage timings (only a server started with RIVERBOX_STAGE_TIMES=1)
        reports = [
            (await http.get(f"{base}/api/stages")).json()
            for base, on in zip(bases, stages, strict=True)
            if on
        ]
        if reports:
            result.stages = reports[0] if len(bases) == 1 else reports
        for t in made:
            summary = (await http.get(f"{bases[0]}/api/tables/{t.id}")).json()
            result.moves += summary["seq"]
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


START_SECONDS = 180
"""How long a server may take to answer its first request (imports and the bot worker's start
take well over a minute on a machine busy with other work)."""


@contextmanager
def running_server(
    home: Path, db: str | None = None, stop: int = signal.SIGTERM, extra: Sequence[str] = ()
) -> Iterator[Running]:
    """A ``riverbox serve`` process on a free port of 127.0.0.1 (``extra``: more of its options).

    It is stopped with ``stop`` at the end (tests use SIGKILL to crash it on purpose).
    """
    port = free_port()
    # no rate limits or caps: the benchmark drives every table from this one address
    cmd = [sys.executable, "-m", "riverbox", "serve", "--port", str(port), "--rate-scale", "0"]
    cmd += ["--open-tables", "1000000", "--bot-tables", "1000000"]
    if db is not None:
        cmd += ["--db", db]
    cmd += extra
    env = {**os.environ, "RIVERBOX_HOME": str(home), STAGES_ENV: "1"}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
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


def _run_loop(main: Coroutine[Any, Any, Result]) -> Result:
    """Run the benchmark's clients on uvloop when installed (the server's loop, with uvicorn's
    standard extra), else on asyncio's: the clients share the cores with the server, and the
    pure-Python loop spent more of them scheduling callbacks than the clients spent working."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvicorn[standard] installs it
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def serve_and_run(load: Load, url: str | None = None, db: str | None = None) -> Result:
    """Start ``load.servers`` private ``riverbox serve`` processes on 127.0.0.1 and run ``load``.

    ``url`` (one base, or several joined by commas) uses running servers instead. ``db`` is the
    servers' database: default a fresh SQLite file (one server only); a PostgreSQL URL gets a
    schema of its own for the run, dropped at the end, so runs never see each other's tables.
    The servers start one after the other (the first creates the schema), and the benchmark's
    clients stay in this process, apart from every server.
    """
    if url is not None:
        return _run_loop(run(url.split(","), load))
    postgres = db is not None and db.startswith("postgres")
    if load.servers > 1 and not postgres:
        raise ValueError("several servers share their tables through PostgreSQL: give --db postgresql://...")
    with contextlib.ExitStack() as stack:
        url_of_db = stack.enter_context(_private_schema(db)) if postgres and db is not None else db
        servers = [
            stack.enter_context(running_server(Path(tempfile.mkdtemp(prefix="riverbox-bench-")), url_of_db))
            for _ in range(load.servers)
        ]
        marks: list[float] = []

        def start() -> None:  # CPU from here on: making tables and connecting sockets is not a move
            marks.append(sum(server.cpu_seconds() for server in servers))
            marks.append(sum(server.worker_cpu_seconds() for server in servers))
            marks.append(time.process_time())

        load_average = os.getloadavg()[0]
        result = _run_loop(run([server.base for server in servers], load, on_start=start))
        result.server_cpu_s = sum(server.cpu_seconds() for server in servers) - marks[0]
        result.worker_cpu_s = sum(server.worker_cpu_seconds() for server in servers) - marks[1]
        result.client_cpu_s = time.process_time() - marks[2]
        result.load_average = (load_average, os.getloadavg()[0])
        result.db = "postgresql" if postgres else "sqlite"
        return result


@contextmanager
def _private_schema(db: str) -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a fresh schema of ``db``'s database, dropped at the end."""
    import psycopg
    from sqlalchemy.engine import make_url

    from riverbox.server.fanout import listen_url

    base = listen_url(db)
    schema = f"riverbox_bench_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        url = make_url(db)
        yield url.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False
        )
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
