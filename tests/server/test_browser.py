"""The pages in a real browser (Debian's chromium through Playwright).

Three players in three browser contexts and one spectator play a 3-player Ravenous River game to
the end on the generic table page by clicking the buttons that carry ``data-action``; one player
reloads the page midway and must find their seat again.
"""

from __future__ import annotations

import random
import time
from typing import Any

import httpx


def test_three_browsers_and_a_spectator_play_ravenous_river_to_the_end(
    live_server: str, browser: Any
) -> None:
    table = httpx.post(
        f"{live_server}/api/tables",
        json={"game": "ravenous-river", "players": 3, "seats": [{"kind": "human"}] * 3},
    ).json()
    rng = random.Random(5)
    pages = []
    for seat in table["seats"]:
        page = browser.new_context().new_page()
        page.goto(seat["url"])
        pages.append(page)
    watcher = browser.new_context().new_page()
    watcher.goto(table["spectate_url"])
    for page in [*pages, watcher]:
        page.wait_for_selector("body[data-seq]")
    assert "You are watching" in watcher.inner_text("#who")
    clicks = 0
    reloaded = False
    deadline = time.monotonic() + 300
    while watcher.get_attribute("body", "data-over") != "true":
        assert time.monotonic() < deadline, f"game not over after {clicks} clicks"
        moved = False
        for page in pages:
            buttons = page.locator("#actions button[data-action]:not([disabled])")
            count = buttons.count()
            if not count:
                continue
            seq = page.get_attribute("body", "data-seq")
            buttons.nth(rng.randrange(count)).click()
            page.wait_for_function(
                "s => document.body.dataset.seq !== s || document.getElementById('error').textContent",
                arg=seq,
                timeout=15000,
            )
            clicks += 1
            moved = True
        if clicks > 20 and not reloaded:
            pages[1].reload()
            pages[1].wait_for_selector("body[data-seq]")
            assert "(seat 1)" in pages[1].inner_text("#who")
            reloaded = True
        if not moved:
            watcher.wait_for_timeout(50)
    assert reloaded and clicks > 20
    assert watcher.locator("#actions button").count() == 0
    for page in pages:
        page.wait_for_selector("#over:not([hidden])")
        assert page.locator("#scores tr").count() == 3
        assert page.get_attribute("#record", "href") == f"/api/tables/{table['id']}/record"
    record = httpx.get(f"{live_server}/api/tables/{table['id']}/record")
    assert record.status_code == 200 and record.json()["game"] == "ravenous-river"
