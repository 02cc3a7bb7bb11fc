"""Schemathesis on /openapi.json: generated requests never make the server fail (bounded run)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from riverbox.server.app import Settings, create_app
from tests.server.conftest import TestClient

EXAMPLES = 20
"""Generated requests per operation: enough to hit malformed bodies and ids, bounded for CI."""


def test_generated_requests_get_documented_answers_never_a_500(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'schema.db'}"))
    with TestClient(app) as client:
        client.post("/api/tables", json={"game": "river-rivals"})  # something for the lobby to list
        schema = schemathesis.openapi.from_asgi("/openapi.json", app)
        operations = [result.ok() for result in schema.get_all_operations()]
        assert len(operations) >= 9
        checks = [
            not_a_server_error,
            status_code_conformance,
            response_schema_conformance,
            content_type_conformance,
            response_headers_conformance,
            negative_data_rejection,
        ]
        for operation in operations:

            @given(case=operation.as_strategy())
            @settings(
                max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None
            )
            def run(case: Any) -> None:
                case.call_and_validate(checks=checks)

            run()


def test_the_schema_declares_what_the_server_enforces(tmp_path: Path) -> None:
    """Unparseable bodies (400), rate limits (429), a store that cannot write (503), ``lang``'s
    values and the player-count and seat ranges are in /openapi.json (issue 26 item 6)."""
    app = create_app(Settings(f"sqlite:///{tmp_path / 'schema.db'}"))
    with TestClient(app) as client:
        doc = client.get("/openapi.json").json()
        create = doc["paths"]["/api/tables"]["post"]
        assert {"400", "429", "503"} <= set(create["responses"])
        assert "Retry-After" in create["responses"]["429"]["headers"]
        parts = doc["components"]["schemas"]
        players = next(s for s in parts["CreateIn"]["properties"]["players"]["anyOf"] if "type" in s)
        assert (players.get("minimum"), players.get("maximum")) == (1, 16)
        join_seat = next(s for s in parts["JoinIn"]["properties"]["seat"]["anyOf"] if "type" in s)
        assert (join_seat.get("minimum"), join_seat.get("maximum")) == (0, 15)
        replay = doc["paths"]["/api/tables/{table_id}/replay"]["get"]
        params = {p["name"]: p["schema"] for p in replay["parameters"]}
        assert params["lang"]["enum"] == ["en", "zh", None]
        seat = next(s for s in params["seat"]["anyOf"] if s.get("type") == "integer")
        assert (seat["minimum"], seat["maximum"]) == (0, 15)
        broken = client.post("/api/tables", content=b"{oops", headers={"content-type": "application/json"})
        assert broken.status_code == 400 and "JSON" in broken.json()["detail"]
