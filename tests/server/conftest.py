"""Fixtures for the server tests: a database per backend, an app client, helpers.

PostgreSQL (127.0.0.1:5432, trust auth, database ``test``) gets a fresh schema per test run;
where it is down the PostgreSQL tests fail in CI (scripts/test starts it) and skip elsewhere.
"""

from __future__ import annotations

import os
import random
import secrets
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from riverbox.server.app import Settings, create_app  # noqa: E402
from riverbox.server.server_load import free_port  # noqa: E402


def own_games() -> list[Any]:
    """riverbox's own games: other tests register toy games in the same process (under xdist too)."""
    from riverbox.registry import game_class, games

    return [i for i in games() if game_class(i.name).__module__.startswith("riverbox.")]


@pytest.fixture
def only_own_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hide the toy games other test modules register, for pages that list every game (the lobby)."""
    from riverbox import registry

    own = {i.name for i in own_games()}
    monkeypatch.setattr(registry, "_GAMES", {k: v for k, v in registry._GAMES.items() if k in own})


PG_BASE = os.environ.get("RIVERBOX_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_available() -> str | None:
    try:
        import psycopg

        with psycopg.connect(PG_BASE, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        return f"PostgreSQL at {PG_BASE} is not reachable: {exc}"
    return None


def needs(problem: str | None) -> None:
    """A service a test needs is missing: fail in CI (scripts/test starts them), skip elsewhere."""
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(problem)
        pytest.skip(problem)


@contextmanager
def pg_schema(prefix: str) -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a new, empty schema of its own, dropped at the end."""
    needs(_pg_available())
    import psycopg

    schema = f"{prefix}_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(PG_BASE, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL schema shared by the session's tests (each makes its own tables in it)."""
    with pg_schema("rbtest") as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'riverbox.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'riverbox.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db_url))) as c:
        yield c


@pytest.fixture
def lite(sqlite_url: str) -> Iterator[TestClient]:
    """A client on SQLite only (for tests that say nothing about the backend)."""
    with TestClient(create_app(Settings(sqlite_url))) as c:
        yield c


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(c: TestClient, game: str, players: int | None = None, **body: Any) -> dict[str, Any]:
    """Create a table (every seat human unless ``seats`` says otherwise) and return the 201 body."""
    if "seats" not in body:
        n = players if players is not None else {"river-wild": 1, "river-rivals": 2}.get(game, 3)
        body["seats"] = [{"kind": "human"}] * n
    r = c.post("/api/tables", json={"game": game, "players": players, **body})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def state(c: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    r = c.get(f"/api/tables/{table}/state", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def tmp_home() -> str:
    return tempfile.mkdtemp(prefix="riverbox-home-")


CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class CspTolerant:
    """A chromium whose pages may run Playwright's string predicates under the site's policy.

    The server sends a Content-Security-Policy without 'unsafe-eval', and Playwright's
    ``wait_for_function("...")`` evaluates its string in the page: so pages and contexts bypass
    the policy unless a test asks otherwise (``bypass_csp=False``, as the headers test does to
    check the policy itself in chromium).
    """

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self._browser.new_context(**options)

    def new_page(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self._browser.new_page(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's chromium through Playwright, closed after the test (every browser test's launch)."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing (scripts/test installs it)")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield CspTolerant(b)
        b.close()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    """The app under uvicorn in a thread, on a free port of 127.0.0.1."""
    port = free_port()
    app = create_app(Settings(f"sqlite:///{tmp_path / 'web.db'}"))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


Chooser = Callable[[dict[str, Any], random.Random], str]


def play_until(
    c: Any,
    table: dict[str, Any],
    done: Callable[[dict[str, Any]], bool],
    choose: Chooser | None = None,
    seed: int = 0,
    limit: int = 2000,
    settle: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play legal moves through the API (``c``: a TestClient, or an httpx.Client on a live server)
    until ``done(spectator state)``; returns that state. ``choose(seat's state, rng)`` picks each
    move (default: at random), so a test can steer a game towards what it wants to see;
    ``settle(spectator state)`` runs before each move (a browser test waits there for its pages)."""
    rng = random.Random(seed)
    tokens = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
    for _ in range(limit):
        public = state(c, table["id"])
        if done(public):
            return public
        assert not public["over"], "the game ended first"
        if settle is not None:
            settle(public)
        seat = next(s for s in public["to_move"] if s in tokens)
        mine = state(c, table["id"], tokens[seat])
        action = choose(mine, rng) if choose else rng.choice(mine["legal"])["action"]
        r = c.post(
            f"/api/tables/{table['id']}/actions",
            json={"action": action, "seq": mine["seq"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
    raise AssertionError(f"not there after {limit} moves")


def last_event(body: dict[str, Any], kind: str) -> dict[str, Any] | None:
    """The last game event of ``kind`` in a state body's log."""
    return next((e for e in reversed(body["log"]) if e["kind"] == kind), None)
