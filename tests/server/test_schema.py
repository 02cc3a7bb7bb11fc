"""Schemathesis on /openapi.json with every check, phase and a fixed seed: the schema declares what
the server answers (issue 26 item 6), and generated requests never make the server fail."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from riverbox.registry import games
from riverbox.server.app import Settings, create_app
from tests.server.conftest import TestClient

EXAMPLES = 15
"""Generated requests per operation and phase: with the coverage and stateful phases a minute or
two on a loaded 2-core machine. (Not ``--max-time``: with it fuzzing repeats until it is spent.)"""
HANG_SECONDS = 600
"""A run that has not ended by then hangs: it fails rather than holding CI up."""

SEMANTIC_422 = [
    ("POST", "/api/tables"),  # per-game player counts and options, seats matching players, bot specs
    ("POST", "/api/tables/{table_id}/join"),  # a seat within the table's count, a clean name
    ("POST", "/api/tables/{table_id}/actions"),  # a legal move of the game
    ("POST", "/api/tables/{table_id}/chat"),  # a line that is not empty once trimmed
    ("PUT", "/api/players/me"),  # a name without links or secrets, not empty once cleaned
    ("PUT", "/api/tables/{table_id}/name"),
    ("PUT", "/api/players/me/webhook"),  # an http(s) URL naming a host
    ("GET", "/api/tables/{table_id}/replay"),  # ?seat= one of that table's seats (its player count)
]
"""Operations whose bodies the server judges beyond what JSON Schema can say (the game's rules,
names and texts once cleaned): a schema-valid body may still get the 422 they declare, with a
reason. Everywhere else a schema-valid request must be accepted."""


def _config() -> str:
    """schemathesis.toml: every check, and 422 also expected of valid data where :data:`SEMANTIC_422`."""
    expected = '["2xx", "3xx", 401, 403, 404, 409, 422, 429]'
    blocks = [
        f'[[operations]]\ninclude-name = "{method} {path}"\n'
        f"checks.positive_data_acceptance.expected-statuses = {expected}\n"
        for method, path in SEMANTIC_422
    ]
    return "\n".join(blocks)


def test_schemathesis_with_all_checks_finds_nothing(live_server: str, tmp_path: Path) -> None:
    """Every phase (examples, coverage, fuzzing, stateful) and every check, derandomized."""
    config = tmp_path / "schemathesis.toml"
    config.write_text(_config())
    command = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "--config-file",
        str(config),
        "run",
        f"{live_server}/openapi.json",
        "--checks",
        "all",
        "--generation-deterministic",
        "--max-examples",
        str(EXAMPLES),
        "--no-color",
        "--workers",
        "1",
    ]
    run = subprocess.run(command, capture_output=True, text=True, timeout=HANG_SECONDS, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):  # every phase ran
        assert phase in run.stdout, run.stdout[-3000:]


def test_the_schema_declares_what_the_server_enforces(tmp_path: Path) -> None:
    """Unparseable bodies (400), rate limits (429), a store that cannot write (503), ``lang``'s
    values, bot levels, and the player-count, seat and option ranges are in /openapi.json."""
    app = create_app(Settings(f"sqlite:///{tmp_path / 'schema.db'}"))
    with TestClient(app) as client:
        doc = client.get("/openapi.json").json()
        for path, methods in doc["paths"].items():
            for method, operation in methods.items():
                if (path.startswith("/api/") and method != "get") or "{table_id}" in path:
                    assert {"400", "404", "429", "503"} <= set(operation["responses"]), (method, path)
        create = doc["paths"]["/api/tables"]["post"]
        assert {"400", "409", "422", "429", "503"} <= set(create["responses"])
        assert "Retry-After" in create["responses"]["429"]["headers"]
        parts = doc["components"]["schemas"]
        body = parts["CreateIn"]["properties"]
        players = next(s for s in body["players"]["anyOf"] if "type" in s)
        assert (players.get("minimum"), players.get("maximum")) == (1, 16)
        # every registered game (other test modules register toy games in this process)
        assert body["game"]["enum"] == [i.name for i in games()]
        assert (body["clock"]["minimum"], body["clock"]["maximum"]) == (1, 30 * 86400)
        assert (body["bank"]["minimum"], body["timeouts"]["maximum"]) == (0, 100)
        assert (body["bot_seconds"]["minimum"], body["bot_seconds"]["maximum"]) == (0.01, 10)
        bot = parts["SeatIn"]["properties"]["bot"]["anyOf"]
        assert {"type": "string", "enum": ["easy", "medium", "hard", "strong"]} in bot
        join_seat = next(s for s in parts["JoinIn"]["properties"]["seat"]["anyOf"] if "type" in s)
        assert (join_seat.get("minimum"), join_seat.get("maximum")) == (0, 15)
        replay = doc["paths"]["/api/tables/{table_id}/replay"]["get"]
        params = {p["name"]: p["schema"] for p in replay["parameters"]}
        assert params["lang"]["enum"] == ["en", "zh", None]
        seat = next(s for s in params["seat"]["anyOf"] if s.get("type") == "integer")
        assert (seat["minimum"], seat["maximum"]) == (0, 15)
        broken = client.post("/api/tables", content=b"{oops", headers={"content-type": "application/json"})
        assert broken.status_code == 400 and "JSON" in broken.json()["detail"]


def test_a_405_names_every_method_of_its_path(tmp_path: Path) -> None:
    """``/api/tables`` serves GET and POST: a 405 there must say both (it said only POST)."""
    app = create_app(Settings(f"sqlite:///{tmp_path / 'schema.db'}"))
    with TestClient(app) as client:
        answer = client.request("OPTIONS", "/api/tables")
        assert answer.status_code == 405
        assert answer.headers["allow"] == "GET, POST"
        assert client.delete("/api/players/me").headers["allow"] == "GET, PUT"
