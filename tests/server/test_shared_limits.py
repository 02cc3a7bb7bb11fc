"""Limits beyond one process (issue 26): rate-limit buckets shared through Redis, and the caps
on unfinished tables counted in the shared database, so N processes allow what one does.

Two :class:`Limiter` objects on one Redis stand for two server processes; two apps on one
PostgreSQL schema stand for two ``riverbox serve`` processes.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from riverbox.server import limits
from riverbox.server.app import Settings, create_app
from riverbox.server.caps import Caps, Openings
from riverbox.server.limits import Limiter, Rate, RateLimited, RedisBuckets
from riverbox.server.service import SeatSpec, Tables
from riverbox.server.table import Refused
from riverbox.store import schema
from riverbox.store.db import Store
from tests.server.conftest import TestClient, bearer, needs, pg_schema, state
from tests.server.test_scale import REDIS, redis_problem

QUARTER = limits.REDIS_SECONDS
"""How long a server's check waits for Redis (the tests' apps wait longer, see ``patient_redis``)."""

RATES = {"create": Rate(0.5, 5), "move": Rate(1000.0, 100_000)}


@pytest.fixture
def redis_url() -> str:
    needs(redis_problem())
    return REDIS


@pytest.fixture(autouse=True)
def patient_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps' Redis gets 10 s to answer, not a quarter second: on a loaded test machine a slow
    answer falls back to each process's own buckets, which only the fallback tests are about."""
    monkeypatch.setattr(limits, "REDIS_SECONDS", 10.0)


@pytest.fixture
def pg_url() -> Iterator[str]:
    with pg_schema("rblimits") as url:
        yield url


def _shared(url: str, prefix: str) -> Limiter:
    """A limiter as one server process with Redis has it (``prefix``: their database's)."""
    limiter = Limiter(1.0, RATES)
    limiter.shared = RedisBuckets(url, prefix)
    return limiter


async def _taken(limiter: Limiter, kind: str, keys: list[str]) -> bool:
    try:
        await limiter.acheck(kind, keys)
    except RateLimited:
        return False
    return True


async def _close(*limiters: Limiter) -> None:
    for limiter in limiters:
        if limiter.shared is not None:
            await limiter.shared.close()


def test_two_processes_on_one_redis_share_one_budget(redis_url: str) -> None:
    async def run() -> None:
        prefix = f"rbtest:{secrets.token_hex(4)}"
        one, two = _shared(redis_url, prefix), _shared(redis_url, prefix)
        taken = [await _taken((one, two)[i % 2], "create", ["ip:a"]) for i in range(10)]
        assert taken == [True] * 5 + [False] * 5  # the burst of 5 in all, not 5 each
        with pytest.raises(RateLimited) as refused:
            await two.acheck("create", ["ip:a"])
        assert refused.value.retry_after == 2  # 1 token at 0.5 a second
        assert await _taken(one, "create", ["ip:b"])  # another address has its own bucket
        other = _shared(redis_url, f"rbtest:{secrets.token_hex(4)}")  # another database's processes
        assert await _taken(other, "create", ["ip:a"])
        assert one.shared is not None and one.shared.failures == 0 and two.shared is not None
        assert two.shared.failures == 0
        await _close(one, two, other)

    asyncio.run(run())


def test_a_shared_check_takes_from_every_key_or_from_none(redis_url: str) -> None:
    async def run() -> None:
        prefix = f"rbtest:{secrets.token_hex(4)}"
        one, two = _shared(redis_url, prefix), _shared(redis_url, prefix)
        for _ in range(5):
            await one.acheck("create", ["ip:a", "player:p"])  # the player's bucket is empty now
        for _ in range(3):
            assert not await _taken(two, "create", ["ip:b", "player:p"])  # refused: ip:b keeps its tokens
        assert [await _taken(two, "create", ["ip:b"]) for _ in range(6)] == [True] * 5 + [False]
        # concurrent checks from both processes never take more than the burst
        results = await asyncio.gather(
            *(_taken((one, two)[i % 2], "create", ["ip:c", "player:q"]) for i in range(40))
        )
        assert sum(results) == 5
        await _close(one, two)

    asyncio.run(run())


def test_a_shared_bucket_expires_once_it_would_be_full_again(redis_url: str) -> None:
    import redis

    async def run(prefix: str) -> None:
        limiter = _shared(redis_url, prefix)
        await limiter.acheck("create", ["ip:a"])
        await limiter.acheck("create", ["ip:a"])
        await _close(limiter)

    prefix = f"rbtest:{secrets.token_hex(4)}"
    asyncio.run(run(prefix))
    ttl = redis.Redis.from_url(redis_url).pttl(f"{prefix}:create:ip:a")
    assert 3000 < ttl <= 4000  # two tokens short at 0.5 a second: full again in 4 s


def test_a_redis_that_is_down_counts_in_the_process_buckets_and_warns_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def run() -> None:
        limiter = _shared(f"redis://127.0.0.1:{port}/0", "rbtest:down")
        started = time.monotonic()
        taken = [await _taken(limiter, "create", ["ip:a"]) for _ in range(8)]
        assert time.monotonic() - started < 2  # refused connections cost nothing much
        assert taken == [True] * 5 + [False] * 3  # the local burst still holds
        assert limiter.shared is not None and limiter.shared.failures == 8
        await _close(limiter)

    with caplog.at_level(logging.WARNING, "riverbox.server"):
        asyncio.run(run())
    warned = [r for r in caplog.records if "Redis failed" in r.getMessage()]
    assert len(warned) == 1


def test_a_redis_that_hangs_stalls_one_check_briefly_then_is_left_alone() -> None:
    """A Redis that accepts and never answers (a blackholed host) must not stall play."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()

    async def run() -> list[float]:
        url = f"redis://127.0.0.1:{server.getsockname()[1]}/0"
        limiter = Limiter(1.0, RATES)  # with the server's own quarter second for Redis to answer
        limiter.shared = RedisBuckets(url, "rbtest:hang", seconds=QUARTER)
        times = []
        for _ in range(5):
            started = time.monotonic()
            await limiter.acheck("move", ["ip:a"])  # taken from the local buckets
            times.append(time.monotonic() - started)
        await _close(limiter)
        return times

    try:
        times = asyncio.run(run())
    finally:
        stop.set()
        thread.join(2)
        for conn in held:
            conn.close()
        server.close()
    assert times[0] < 5  # one slow check: Redis's time-out (a loaded machine adds to it), not a hang
    assert max(times[1:]) < 0.8 * QUARTER  # then Redis is left alone for a while


def test_a_redis_that_errs_falls_back_per_request(redis_url: str) -> None:
    async def run() -> None:
        limiter = _shared(redis_url, f"rbtest:{secrets.token_hex(4)}")
        shared = limiter.shared
        assert shared is not None

        async def broken(**_: object) -> object:
            raise RuntimeError("NOSCRIPT and worse")

        working, shared.script = shared.script, broken
        assert await _taken(limiter, "create", ["ip:a"])  # counted locally, not refused
        assert shared.failures == 1
        shared.script, shared.paused_until = working, float("-inf")  # Redis is back
        assert [await _taken(limiter, "create", ["ip:a"]) for _ in range(6)] == [True] * 5 + [False]
        await _close(limiter)

    asyncio.run(run())


def test_two_apps_on_one_database_and_redis_share_the_rate_limits(pg_url: str, redis_url: str) -> None:
    settings = {"rate_scale": 0.02, "redis_url": redis_url}  # create burst 6
    one, two = create_app(Settings(pg_url, **settings)), create_app(Settings(pg_url, **settings))
    with TestClient(one) as a, TestClient(two) as b:
        codes = [
            (a, b)[i % 2].post("/api/tables", json={"game": "river-rivals"}).status_code for i in range(8)
        ]
        assert sorted(codes) == [201] * 6 + [429] * 2, codes
        assert len(a.get("/api/tables").json()) == 6


def _tables(url: str, caps: Caps) -> tuple[Store, Tables, Openings]:
    store = Store(url)
    store.upgrade()
    return store, Tables(store, lambda _table_id: None), Openings(store, caps)


def test_two_apps_on_one_database_share_the_cap_on_unfinished_tables(pg_url: str) -> None:
    one, two = (create_app(Settings(pg_url, open_tables=3)) for _ in range(2))
    with TestClient(one) as a, TestClient(two) as b:
        made = [c.post("/api/tables", json={"game": "river-rivals"}).json() for c in (a, b, a)]
        for c in (a, b):
            refused = c.post("/api/tables", json={"game": "river-rivals"})
            assert refused.status_code == 429 and "3 unfinished tables" in refused.json()["detail"]
        assert len(a.get("/api/tables").json()) == 3  # the refused ones made nothing
        first = made[0]
        b.post(f"/api/tables/{first['id']}/join", json={"name": "Bo"})
        resigned = b.post(f"/api/tables/{first['id']}/resign", headers=bearer(first["seats"][0]["token"]))
        assert resigned.is_success and state(a, first["id"])["over"]
        assert a.post("/api/tables", json={"game": "river-rivals"}).status_code == 201  # its place is free
        g = schema.games.c
        with one.state.runtime.store.engine.connect() as conn:
            ended = conn.execute(
                sa.select(g.opener_address, g.opener_player).where(g.id == first["id"])
            ).one()
            going = conn.execute(sa.select(g.opener_address).where(g.id == made[1]["id"])).scalar_one()
        assert tuple(ended) == (None, None) and going == "testclient"  # an ended table forgets its opener


def test_the_cap_on_all_bot_tables_counts_across_processes(pg_url: str) -> None:
    """Tables without a bot driver (nobody plays them), so none ends while the test counts."""
    (store_a, tables_a, openings_a), (store_b, tables_b, openings_b) = (
        _tables(pg_url, Caps(open_tables=5, bot_tables=1)) for _ in range(2)
    )
    bots = [SeatSpec("bot", "random")] * 2
    keys = ["ip:robots", "player:r"]
    try:
        tables_a.create("river-rivals", None, {}, bots, opener=openings_a.opener(keys, True))
        with pytest.raises(Refused) as refused:
            tables_b.create("river-rivals", None, {}, bots, opener=openings_b.opener(["player:r"], True))
        assert refused.value.status == 429 and refused.value.field == "seats"
        tables_b.create(
            "river-rivals", None, {}, [SeatSpec("human"), bots[0]], opener=openings_b.opener(keys, False)
        )
        openings_a.check(["ip:elsewhere"], True)  # another client may
    finally:
        store_a.close()
        store_b.close()


def test_the_cap_holds_exactly_under_concurrent_creations_from_two_processes(pg_url: str) -> None:
    parts = [_tables(pg_url, Caps(open_tables=3)) for _ in range(2)]
    outcomes: list[str] = []

    def create(i: int) -> None:
        _, tables, openings = parts[i % 2]
        try:
            tables.create("river-rivals", None, {}, None, opener=openings.opener(["ip:crowd"], False))
            outcomes.append("made")
        except Refused as exc:
            outcomes.append(str(exc.status))

    threads = [threading.Thread(target=create, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    try:
        assert sorted(outcomes) == ["429"] * 9 + ["made"] * 3, outcomes
    finally:
        for store, _, _ in parts:
            store.close()


def test_the_sqlite_cap_holds_under_concurrent_creations(tmp_path: Path) -> None:
    store, tables, openings = _tables(f"sqlite:///{tmp_path / 'caps.db'}", Caps(open_tables=2))
    outcomes: list[str] = []

    def create() -> None:
        try:
            spec = [SeatSpec("human"), SeatSpec("open")]
            tables.create(
                "river-rivals", None, {}, spec, opener=openings.opener(["ip:crowd", "player:p"], False)
            )
            outcomes.append("made")
        except Refused:
            outcomes.append("refused")

    threads = [threading.Thread(target=create) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    store.close()
    assert sorted(outcomes) == ["made"] * 2 + ["refused"] * 6, outcomes
