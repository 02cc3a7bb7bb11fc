"""The parts of scaling out, one at a time: the queued job hides what the seat may not know, the
queue's worker holds bots to the server's caps, the Redis fan-out keeps order and passes chat
once, chat crosses PostgreSQL processes, and two servers may create one schema at once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import threading
import time
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any, cast

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from riverbox.core.game import Chance
from riverbox.server.app import Settings, create_app
from riverbox.server.botqueue import QueuePool, dumps, known_state, loads, remote_choose, seat_job
from riverbox.server.fanout import RedisFanout
from riverbox.server.table import make_game
from riverbox.store.db import Store
from tests.server.conftest import bearer, needs, new_table, pg_schema
from tests.server.test_scale import redis_problem

REDIS = os.environ.get("RIVERBOX_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _first_job(lite: TestClient) -> tuple[Any, Any, dict[str, Any]]:
    """(tables, a job for the person's seat at the start, the table) of a River Rivals table."""
    t = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tables = lite.app.state.tables  # type: ignore[attr-defined]
    return tables, tables.hint_job(t["id"], t["seats"][0]["token"]), t


def test_a_queued_job_holds_the_seats_knowledge_only(lite: TestClient) -> None:
    """No table secret, no chance outcome the seat did not see, no chat: a worker on another
    machine (and anyone reading Redis) learns nothing the seat may not know."""
    tables, job, t = _first_job(lite)
    before = json.dumps(seat_job(tables, job))
    line = "the-heron-is-in-my-hand"
    said = lite.post(
        f"/api/tables/{t['id']}/chat", json={"text": line}, headers=bearer(t["seats"][0]["token"])
    )
    assert said.status_code == 201
    text = json.dumps(seat_job(tables, job))
    assert text == before and line not in text
    with tables.locked(t["id"]) as table:
        real = table.state
        secret = table.row.secret
    assert secret is not None and secret not in text and str(int(secret, 16)) not in text
    payload = json.loads(text)
    known = known_state(payload)
    assert known.determinized and known.seed != real.seed
    assert known.view(job.seat) == real.view(job.seat)
    unseen = [
        i
        for i, (_, a) in enumerate(real.history)
        if isinstance(a, Chance) and a.visible_to is not None and job.seat not in a.visible_to
    ]
    assert unseen, "the deal hides the other seat's cards"
    for i in unseen:
        assert payload["state"]["history"][i][1][0] == "hidden"


def test_the_queue_worker_holds_bots_to_the_servers_caps(lite: TestClient) -> None:
    tables, job, _ = _first_job(lite)
    payload = seat_job(tables, job)
    with tables.locked(job.table) as table:
        legal = {str(a) for a in table.state.legal_actions(job.seat)}
    assert remote_choose({**payload, "bot": "random"}) in legal
    # a spec over the caps or barred is refused, as at table creation (the server then plays at random)
    assert remote_choose({**payload, "bot": "ismcts:think=150"}) is None
    assert remote_choose({**payload, "bot": "ismcts:workers=64"}) is None
    # a bot that ignores its clock is stopped at the table's cap (here 0.05 s): a legal move all the same
    assert remote_choose({**payload, "bot": "ismcts:iterations=200000", "seconds": 0.05}) in legal
    # only a seat's determinized knowledge is accepted, never a real position
    real = make_game(job.game, job.options).new_state(job.seed, job.generator)
    with pytest.raises(ValueError, match="determinized"):
        known_state({**payload, "state": real.to_json()})


class _Heard:
    def __init__(self) -> None:
        self.notices: list[tuple[str, int]] = []
        self.chat: list[tuple[str, str]] = []
        self.lock = threading.Lock()

    def notice(self, table: str, seq: int) -> None:
        with self.lock:
            self.notices.append((table, seq))

    def said(self, table: str, text: str) -> None:
        with self.lock:
            self.chat.append((table, text))


def test_the_redis_fanout_keeps_commit_order_and_passes_chat_once() -> None:
    needs(redis_problem())

    channel = f"rbtest_{secrets.token_hex(6)}"
    sent = [(f"t{i % 7}", i) for i in range(300)]

    async def run() -> tuple[_Heard, _Heard]:
        stores = [SimpleNamespace(channel=channel, announce=None) for _ in range(2)]
        ears = [_Heard(), _Heard()]
        fanouts = [RedisFanout(store, REDIS) for store in stores]  # type: ignore[arg-type]
        for fanout, ear in zip(fanouts, ears, strict=True):
            await fanout.start(ear.notice, ear.said)
        writer = stores[0].announce
        assert writer is not None  # the store hands its notices to Redis, not to NOTIFY

        def commits() -> None:  # the store's writer thread: one call per transaction
            for start in range(0, len(sent), 10):
                writer(sent[start : start + 10])

        await asyncio.to_thread(commits)
        fanouts[0].chat("t1", '{"type": "chat", "text": "hi"}')
        deadline = time.monotonic() + 10
        while (len(ears[1].notices) < len(sent) or not ears[1].chat) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        for fanout in fanouts:
            await fanout.stop()
        assert all(store.announce is None for store in stores)
        return ears[0], ears[1]

    own, other = asyncio.run(run())
    assert other.notices == sent and own.notices == sent  # every process, in commit order
    assert other.chat == [("t1", '{"type": "chat", "text": "hi"}')]
    assert own.chat == []  # the sender's own sockets had it already


def test_chat_crosses_postgresql_processes(pg_url: str) -> None:
    """Two servers on one database with no Redis: a line said on one reaches a socket on the other."""
    with TestClient(create_app(Settings(pg_url))) as a, TestClient(create_app(Settings(pg_url))) as b:
        t = new_table(a, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
        with b.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            ws.send_json({"token": None})
            assert ws.receive_json()["type"] == "state"
            r = a.post(
                f"/api/tables/{t['id']}/chat", json={"text": "across"}, headers=bearer(t["seats"][0]["token"])
            )
            assert r.status_code == 201
            while (msg := ws.receive_json())["type"] != "chat":
                pass
            assert (msg["seat"], msg["text"]) == (0, "across")


@pytest.fixture
def fresh_schema() -> Iterator[str]:
    with pg_schema("rbfresh") as url:
        yield url


def test_two_servers_may_create_one_schema_at_once(fresh_schema: str) -> None:
    """Four stores upgrade a fresh schema at the same moment: all succeed, one schema results."""
    stores = [Store(fresh_schema) for _ in range(4)]
    barrier = threading.Barrier(len(stores))
    errors: list[BaseException] = []

    def start(store: Store) -> None:
        barrier.wait()
        try:
            store.upgrade()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    try:
        assert errors == []
        with stores[0].engine.connect() as conn:
            versions = conn.execute(sa.text("SELECT count(*) FROM alembic_version")).scalar_one()
        assert versions == 1
        assert len({s.channel for s in stores}) == 1
    finally:
        for store in stores:
            store.close()


# -- the bot queue is woken by notices, and slow polls catch a lost one (issue 26) -------------


async def _echo(ctx: dict[str, Any], text: str) -> str:
    return f"echo {text}"


def _worker(queue: str, waking: bool, poll: float) -> Any:
    """A worker of ``_echo`` on ``queue``: ours (woken by notices, looking every ``poll`` s) or
    arq's own (looking every ``poll`` s, announcing nothing)."""
    from arq.connections import RedisSettings
    from arq.worker import Worker, func

    from riverbox.server.wakingworker import WakingWorker

    options: dict[str, Any] = {
        "functions": [func(_echo, name="echo")],
        "queue_name": queue,
        "redis_settings": RedisSettings.from_dsn(REDIS),
        "job_serializer": dumps,
        "job_deserializer": loads,
        "handle_signals": False,
        "keep_result": 60,
    }
    if waking:
        return WakingWorker(poll_every=poll, **options)
    return Worker(poll_delay=poll, **options)


async def _with_worker(queue: str, waking: bool, poll: float, pool: QueuePool, body: Any) -> None:
    """Run ``body()`` with a worker (made on this loop) taking jobs and ``pool`` subscribed;
    everything ends after."""
    import redis

    worker = _worker(queue, waking, poll)
    await pool.start()
    running = asyncio.get_running_loop().create_task(worker.async_run())
    try:
        deadline = time.monotonic() + 10
        while not getattr(worker, "listening", True) or worker._pool is None:
            assert time.monotonic() < deadline, "the worker did not start"
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # past its first look at the queue: it waits now
        await body()
    finally:
        await worker.close()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        pool.shutdown()
        client = redis.Redis.from_url(REDIS)
        client.delete(pool.queue, *client.scan_iter(f"arq:*{pool.queue}*"))


def _pool(queue: str, safety_poll: float) -> QueuePool:
    return QueuePool(cast(Any, None), REDIS, queue, safety_poll=safety_poll)


def test_a_finished_job_wakes_the_waiting_server_without_a_poll() -> None:
    """With both slow polls a minute long, only the notices (new job, job done) can answer in time."""
    needs(redis_problem())
    queue = f"rbtest:{secrets.token_hex(6)}"
    pool = _pool(queue, safety_poll=60)

    async def body() -> None:
        for i in range(3):
            began = time.monotonic()
            assert await pool.ask("echo", f"{queue}:job{i}", 10, f"hi {i}") == f"echo hi {i}"
            assert time.monotonic() - began < 2.0
        assert pool._waiting == {}  # nobody left waiting

    asyncio.run(_with_worker(queue, True, 60, pool, body))


def test_a_lost_notice_is_caught_by_the_slow_polls() -> None:
    """A done notice that never comes (arq's own worker sends none): the server's safety poll
    finds the answer. A new-job notice that never comes (the job queued without one): the
    worker's own slow look finds the job."""
    needs(redis_problem())
    queue = f"rbtest:{secrets.token_hex(6)}"
    pool = _pool(queue, safety_poll=0.3)

    async def unannounced_answer() -> None:
        began = time.monotonic()
        assert await pool.ask("echo", f"{queue}:quiet", 10, "there") == "echo there"
        assert 0.2 < time.monotonic() - began < 3.0  # the safety poll, not the 10 s limit

    asyncio.run(_with_worker(queue, False, 0.05, pool, unannounced_answer))

    queue = f"rbtest:{secrets.token_hex(6)}"
    pool = _pool(queue, safety_poll=60)

    async def unannounced_job() -> None:
        job_id = f"{queue}:unheard"
        assert await pool.redis.enqueue_job("echo", "again", _job_id=job_id, _expires=10) is not None
        began = time.monotonic()
        assert await pool.result(job_id, 10) == "echo again"
        assert time.monotonic() - began < 3.0  # the worker's slow look, then its done notice

    asyncio.run(_with_worker(queue, True, 0.5, pool, unannounced_job))
