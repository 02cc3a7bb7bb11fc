"""Schemathesis on /openapi.json: generated requests never make the server fail (bounded run)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error, response_schema_conformance, status_code_conformance

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
        checks = [not_a_server_error, status_code_conformance, response_schema_conformance]
        for operation in operations:

            @given(case=operation.as_strategy())
            @settings(
                max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None
            )
            def run(case: Any) -> None:
                case.call_and_validate(checks=checks)

            run()
