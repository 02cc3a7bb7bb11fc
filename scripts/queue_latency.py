"""How long a person waits for a bot's answer: the server's own pool against the bot queue (issue 26).

    python scripts/queue_latency.py pool [MOVES]
    python scripts/queue_latency.py queue [MOVES] [--redis URL]

Starts one ``riverbox serve`` on SQLite in a temporary data directory (``queue``: with ``--redis
URL --bot-queue`` and one local ``riverbox bot-worker --workers 1`` on a queue of its own), seats a
person against a ``random`` bot at River Rivals and, for MOVES of the person's moves after which
the bot is to move (default 40), times from just before the person's POST to the state message
with the bot's move on the person's own WebSocket. Prints the count, median and p90 in
milliseconds, and the Redis commands per second while server and worker sat idle (queue mode:
``instantaneous_ops_per_sec`` of ``INFO stats``, the mean of five readings a second apart). Every
process it started ends with it.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from riverbox.server.server_load import free_port

REDIS = os.environ.get("RIVERBOX_TEST_REDIS", "redis://127.0.0.1:6379/0")


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0-100)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def start(home: Path, name: str, *args: str) -> subprocess.Popen[bytes]:
    log = open(home / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
    env = {**os.environ, "RIVERBOX_HOME": str(home / name)}
    proc = subprocess.Popen([sys.executable, "-m", "riverbox", *args], env=env, stdout=log, stderr=log)
    log.close()
    return proc


def wait_for(test: Any, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            raise SystemExit(f"{what} did not start")
        time.sleep(0.1)


def up(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/tables", timeout=2).status_code == 200
    except httpx.TransportError:
        return False


def idle_ops(url: str) -> float:
    """Redis commands a second with nothing to do (the mean of five one-second readings)."""
    import redis

    client = redis.Redis.from_url(url)
    readings = []
    for _ in range(5):
        time.sleep(1)
        readings.append(float(client.info("stats")["instantaneous_ops_per_sec"]))
    return statistics.mean(readings)


async def one_game(base: str, moves: int, rng: random.Random, waits: list[float]) -> None:
    """A person against a random bot until the game ends or ``moves`` waits were timed."""
    r = httpx.post(
        f"{base}/api/tables",
        json={"game": "river-rivals", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
        timeout=10,
    )
    r.raise_for_status()
    tid, token = r.json()["id"], r.json()["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    socket = f"ws://{base[len('http://') :]}/ws/tables/{tid}"
    async with httpx.AsyncClient(base_url=base, headers=auth) as http, websockets.connect(socket) as ws:
        await ws.send(json.dumps({"token": token}))
        state: dict[str, Any] = {}
        while len(waits) < moves:
            while not state.get("legal") and not state.get("over"):  # until the person may move
                msg = json.loads(await asyncio.wait_for(ws.recv(), 150))
                if msg["type"] == "state":
                    state = msg
            if state["over"]:
                return
            action = rng.choice(state["legal"])["action"]
            began = time.perf_counter()
            reply = await http.post(
                f"/api/tables/{tid}/actions", json={"action": action, "seq": state["seq"]}, timeout=10
            )
            reply.raise_for_status()
            seq = int(reply.json()["seq"])
            state = {}
            while not state or state["seq"] < seq:  # the person's own move
                msg = json.loads(await asyncio.wait_for(ws.recv(), 150))
                if msg["type"] == "state":
                    state = msg
            if state["seq"] == seq and (state["over"] or 1 not in state["to_move"]):
                continue  # the person moves again: no bot to wait for
            while state["seq"] <= seq:  # the bot's move
                msg = json.loads(await asyncio.wait_for(ws.recv(), 150))
                if msg["type"] == "state":
                    state = msg
            waits.append(time.perf_counter() - began)


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "pool"
    if mode not in {"pool", "queue"}:
        raise SystemExit(__doc__)
    moves = int(argv[1]) if len(argv) > 1 and argv[1].isdigit() else 40
    redis_url = argv[argv.index("--redis") + 1] if "--redis" in argv else REDIS
    queue = f"rblatency:{secrets.token_hex(4)}"
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        args = ["serve", "--port", str(port), "--rate-scale", "0", "--bot-workers", "1"]
        if mode == "queue":
            args += ["--redis", redis_url, "--bot-queue", "--queue-name", queue]
        try:
            procs.append(start(home, "server", *args))
            wait_for(lambda: up(base), "the server")
            ops = None
            if mode == "queue":
                worker = ["bot-worker", "--redis", redis_url, "--queue-name", queue, "--workers", "1"]
                procs.append(start(home, "worker", *worker))
                wait_for(lambda: "is up" in (home / "worker.log").read_text(errors="replace"), "the worker")
                ops = idle_ops(redis_url)
            waits: list[float] = []
            rng = random.Random(26)
            while len(waits) < moves:
                asyncio.run(one_game(base, moves, rng, waits))
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGTERM)
            for proc in procs:
                try:
                    proc.wait(20)
                except subprocess.TimeoutExpired:
                    proc.kill()
    ms = [w * 1000 for w in waits]
    median, p90 = statistics.median(ms), percentile(ms, 90)
    print(f"{mode}: {len(ms)} bot moves, median {median:.0f} ms, p90 {p90:.0f} ms")
    if ops is not None:
        print(f"Redis idle: {ops:.1f} commands/s (server and worker waiting, other clients included)")


if __name__ == "__main__":
    main(sys.argv[1:])
