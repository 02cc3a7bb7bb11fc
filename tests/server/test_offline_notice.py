"""While the server cannot be reached, a notice covers the table; it goes once the table is back (issue 24).

Before, only the status line said "Connection lost" and the hand below still looked playable.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from riverbox.server.app import Settings, create_app
from riverbox.server.server_load import free_port


def _serve(db: str, port: int) -> tuple[uvicorn.Server, threading.Thread]:
    """The app under uvicorn in a thread on ``port`` (the same port again after a stop)."""
    server = uvicorn.Server(
        uvicorn.Config(create_app(Settings(db)), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    return server, thread


def _stop(server: uvicorn.Server, thread: threading.Thread) -> None:
    server.should_exit = True
    thread.join(30)


def _covered(page: Any, selector: str) -> bool:
    """Is the middle of ``selector`` under the offline notice (a click there goes to the notice)?"""
    box = page.locator(selector).bounding_box()
    point = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    return bool(page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('#offline')", point))


def test_a_lost_connection_covers_the_table_until_it_is_back(browser: Any, tmp_path: Path) -> None:
    db, port = f"sqlite:///{tmp_path / 'web.db'}", free_port()
    base = f"http://127.0.0.1:{port}"
    server, thread = _serve(db, port)
    try:
        seats = [{"kind": "human"}, {"kind": "human"}]
        table = httpx.post(f"{base}/api/tables", json={"game": "river-rivals", "seats": seats}).json()
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(table["seats"][0]["url"])
        page.wait_for_selector("body[data-seq]")
        assert page.locator("#offline").is_hidden()
        assert not _covered(page, "#board")
    finally:
        _stop(server, thread)
    page.wait_for_selector("#offline", state="visible", timeout=30_000)
    assert _covered(page, "#board") and _covered(page, "#actions")  # nothing can be clicked meanwhile
    seq = page.get_attribute("body", "data-seq")
    page.keyboard.press("1")  # the move keys are paused too
    server, thread = _serve(db, port)
    try:
        page.wait_for_selector("#offline", state="hidden", timeout=60_000)
        assert not _covered(page, "#board")
        state = httpx.get(f"{base}/api/tables/{table['id']}").json()
        assert str(state["seq"]) == seq == "0", "a key pressed while offline played nothing"
    finally:
        _stop(server, thread)
