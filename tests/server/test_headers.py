"""Security headers on every answer, and pages that work under their CSP (issue 26 item 6)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.conftest import TestClient, bearer, new_table

HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def _check(response: Any) -> None:
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, (response.request.url, name)
    csp = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp
    if "/docs" not in str(response.request.url):
        assert "'unsafe-inline'" not in csp and "script-src 'self'" in csp


def test_every_kind_of_answer_carries_the_headers(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals")
    answers = [
        lite.get("/"),  # a page
        lite.get(f"/tables/{t['id']}"),
        lite.get("/static/common.js"),  # a static file
        lite.get("/api/games"),  # JSON
        lite.get("/api/tables/nope"),  # a 404
        lite.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"}),
        lite.post("/api/tables", content=b"x" * 100_000),  # the body limit's 413
        lite.post(f"/api/tables/{t['id']}/actions", json={"action": "x", "seq": 0}, headers=bearer("bad")),
        lite.get("/openapi.json"),
    ]
    assert {a.status_code for a in answers} >= {200, 404, 413}
    for answer in answers:
        _check(answer)


@pytest.mark.parametrize("game", ["ravenous-river", "river-rivals", "river-wild", "river-trek"])
def test_pages_run_under_their_policy_in_chromium(live_server: str, browser: Any, game: str) -> None:
    """The lobby and a table page load and draw with no script or style refused by the CSP (each
    game's drawing: River Trek places its trail and River Wild sizes its board with styles set
    from script, which the policy allows only through the CSSOM, never as a style attribute)."""
    table = httpx.post(f"{live_server}/api/tables", json={"game": game}).json()
    page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=False)  # the policy itself
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{live_server}/")
    page.wait_for_selector("main")
    page.goto(table["seats"][0]["url"])  # the seat's own link
    page.wait_for_selector("body[data-seq] #board > *", timeout=15_000)  # the game's module drew
    assert refused == []
