"""The clock on the table page in chromium: it counts down on a seat's page and a spectator's,
a timeout makes the bot play the turn and marks the seat away, and one click takes it back."""

from __future__ import annotations

import os
import re
from typing import Any

import httpx

from tests.server.test_web_access import serious

SHOTS = os.environ.get("RIVERBOX_SHOTS")
"""A directory for screenshots to look at (unset: none are taken)."""


def _seconds(text: str) -> int:
    """The first m:ss of a clock's text, in seconds."""
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, text
    return int(found[1]) * 60 + int(found[2])


def _summary(server: str, table: str) -> dict[str, Any]:
    body: dict[str, Any] = httpx.get(f"{server}/api/tables/{table}").json()
    return body


def test_the_clock_counts_down_a_timeout_plays_for_the_seat_and_one_click_takes_it_back(
    live_server: str, browser: Any
) -> None:
    body = {
        "game": "river-rivals",
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
        "clock": 8,
        "bank": 3,
        "timeouts": 5,
        "bot_seconds": 0.05,
    }
    table = httpx.post(f"{live_server}/api/tables", json=body).json()
    tid = table["id"]
    me = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    watcher = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce").new_page()
    me.goto(table["seats"][0]["url"])
    watcher.goto(f"{live_server}/tables/{tid}?lang=zh")  # a spectator reading Chinese
    mine = '#clock-list li[data-seat="0"]'
    for page in (me, watcher):
        page.wait_for_selector(f"{mine}.running .time:text-matches('\\\\d:\\\\d\\\\d')")
    assert watcher.locator('#clock-list li[data-seat="1"]').count() == 0  # a bot seat has no clock

    # it counts down on both pages, from the server's figures
    first = {id(p): _seconds(p.inner_text(f"{mine} .time")) for p in (me, watcher)}
    me.wait_for_timeout(1600)
    for page in (me, watcher):
        assert _seconds(page.inner_text(f"{mine} .time")) < first[id(page)]
    assert "reserve 0:03" in me.inner_text(mine) or _seconds(me.inner_text(f"{mine} .time")) <= 3

    # low time: an icon and words, and no animation where motion is reduced
    me.wait_for_selector(f"{mine}.low .low-note:visible", timeout=60000)
    assert "⚠ low on time" in me.inner_text(f"{mine} .low-note")
    assert me.eval_on_selector(mine, "n => getComputedStyle(n).animationName") == "clock-low"
    watcher.wait_for_selector(f"{mine}.low .low-note:visible", timeout=60000)
    assert watcher.inner_text("#clocks-title") == "计时"
    assert "时间不多" in watcher.inner_text(f"{mine} .low-note")
    assert watcher.eval_on_selector(mine, "n => getComputedStyle(n).animationName") == "none"

    # the time runs out: the bot plays the turn, the seat is away (in words) on every page
    me.wait_for_selector("#im-back", timeout=60000)
    for page, away in ((me, "away"), (watcher, "离开")):
        page.wait_for_selector(f"{mine} .badge.away", timeout=60000)
        assert page.inner_text(f"{mine} .badge.away") == away
    assert watcher.locator("#im-back").count() == 0  # only the seat's own page offers it
    summary = _summary(live_server, tid)
    assert summary["seats"][0]["away"] is True and summary["seats"][0]["bot_plays"] is False
    clock0 = summary["clocks"]["seats"][0]
    # its reserve is spent (on a loaded machine a second turn may have run out meanwhile: the
    # service tests count the missed turns exactly)
    assert clock0["missed"] >= 1 and clock0["bank"] == 0
    # the log sits in a folded drawer (the one-screen table page): open it as a reader would,
    # and wait for the entry, which the paced display of other seats' moves may still hold back
    for page in (me, watcher):
        page.click("#log-drawer summary")
        page.wait_for_selector("#log-drawer[open] #log", state="visible")
    me.wait_for_selector(
        "#log li:has-text('Ada ran out of time; a bot made this move for them.')", timeout=60000
    )
    assert serious(me) == []
    if SHOTS:
        me.screenshot(path=f"{SHOTS}/clock-away-1280.png", full_page=True)
        watcher.screenshot(path=f"{SHOTS}/clock-away-390.png", full_page=True)

    # one click: the seat is the player's again
    me.click("#im-back")
    me.wait_for_selector("#im-back", state="detached")
    log = httpx.get(f"{live_server}/api/tables/{tid}/state").json()["table_log"]
    kinds = [(e["kind"], e["seat"]) for e in log]
    assert ("back", 0) in kinds
    assert kinds.index(("back", 0)) > kinds.index(("expire", 0))
    me.wait_for_selector("#log li:has-text('Ada is back.')")  # everyone is told, in the log
    watcher.wait_for_selector("#log li:has-text('Ada 回来了。')")


def test_a_clock_over_days_reads_in_days_and_hours(live_server: str, browser: Any) -> None:
    body = {"game": "river-rivals", "seats": [{"kind": "human"}] * 2, "clock": 86400, "bank": 3 * 86400}
    table = httpx.post(f"{live_server}/api/tables", json=body).json()
    page = browser.new_page()
    page.goto(f"{live_server}/tables/{table['id']}")
    mover = httpx.get(f"{live_server}/api/tables/{table['id']}/state").json()["to_move"][0]
    running = page.locator(f'#clock-list li[data-seat="{mover}"]')
    waiting = page.locator(f'#clock-list li[data-seat="{1 - mover}"]')
    running.locator(".time:text-matches('\\\\d')").wait_for()
    # four days left, counting down: the clock rounds up, so within the decision's first second
    # it still reads 4 d 0 h (how soon the page first draws depends on the machine); it then
    # ticks to 3 d 23 h
    assert running.locator(".time").inner_text() in ("4 d 0 h", "3 d 23 h")
    running.locator(".time:text-is('3 d 23 h')").wait_for(timeout=5000)
    assert running.locator(".reserve").inner_text() == "(reserve 3 d 0 h)"  # untouched so far
    assert waiting.locator(".time").inner_text() == "reserve 3 d 0 h"
    assert "low" not in (running.get_attribute("class") or "")
