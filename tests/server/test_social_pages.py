"""Chat and turn alerts through the table page in chromium: a line reaches the other seat and a
spectator as text (an ``<img onerror>`` stays text), the host mutes spectators, the chat leaves
the DOM behind the pass-the-device cover, and a notification is raised when it becomes my turn."""

from __future__ import annotations

import time
from typing import Any

import httpx

from tests.server.test_web_access import serious

XSS = '<img src=x onerror="window.__xss=1"> hi'

RECORD_NOTIFICATIONS = """
window.__notes = [];
window.__asked = 0;
class Recorded { constructor(title, options) { window.__notes.push({title, body: options && options.body}); }
  close() {}
  static requestPermission() {
    window.__asked += 1; Recorded.permission = "granted"; return Promise.resolve("granted"); } }
Recorded.permission = "default";
window.Notification = Recorded;
"""


def _table(server: str, game: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{server}/api/tables", json={"game": game, **body})
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    return table


def _to_move(server: str, table: str) -> list[int]:
    moving: list[int] = httpx.get(f"{server}/api/tables/{table}/state").json()["to_move"]
    return moving


def test_chat_reaches_the_other_seat_and_a_spectator_as_text_and_the_host_mutes(
    live_server: str, browser: Any
) -> None:
    t = _table(
        live_server, "river-rivals", players=2, seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"}]
    )
    pages = []
    errors: list[str] = []
    for url in (t["seats"][0]["url"], t["seats"][1]["url"], t["spectate_url"]):
        page = browser.new_context().new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("dialog", lambda d: errors.append(f"dialog {d.message}"))
        page.goto(url)
        page.wait_for_selector("#chat-form button[type=submit]")
        pages.append(page)
    ana, bob, rail = pages
    ana.fill("#chat-text", XSS)
    ana.press("#chat-text", "Enter")
    for page in pages:
        line = page.locator("#chat-lines li.from-seat").first
        line.wait_for()
        assert line.locator(".chat-text").text_content() == XSS
        assert line.locator("strong").text_content() == "Ana: "
        assert page.locator("#chat img").count() == 0
        assert page.evaluate("window.__xss") is None
    assert ana.input_value("#chat-text") == ""
    # a spectator speaks under a name, marked as a spectator
    rail.fill("#chat-name", "Rail fan")
    rail.fill("#chat-text", "go Ana")
    rail.click("#chat-form button[type=submit]")
    bob.locator("#chat-lines li.from-spectator").wait_for()
    assert bob.locator("#chat-lines li.from-spectator").text_content() == "Rail fan (spectator): go Ana"
    assert bob.locator("#chat-mute").count() == 0  # only the host mutes
    assert not serious(bob), serious(bob)
    ana.check("#chat-mute")
    rail.wait_for_selector("#chat-text[disabled]")
    assert "muted spectators" in (rail.text_content("#chat-form") or "")
    bob.wait_for_selector("#chat-lines li.notice")
    assert not errors, errors


def test_the_chat_leaves_the_dom_behind_the_pass_the_device_cover(live_server: str, browser: Any) -> None:
    t = _table(live_server, "ravenous-river", players=2, options={"target": 1}, seats=[{"kind": "human"}] * 2)
    tokens = ",".join(f"{s['seat']}.{s['token']}" for s in t["seats"])
    page = browser.new_page()
    page.goto(f"{live_server}/tables/{t['id']}#tokens={tokens}")
    page.wait_for_selector("#chat-form button[type=submit], #cover:not([hidden])")
    if page.is_visible("#cover"):
        page.click("#uncover")
    page.wait_for_selector("#chat-form button[type=submit]")
    secret = "my plan is the heron"
    page.fill("#chat-text", secret)
    page.press("#chat-text", "Enter")
    page.locator("#chat-lines li.from-seat").wait_for()
    deadline = time.monotonic() + 60
    while not page.is_visible("#cover"):
        assert time.monotonic() < deadline, "no cover came"
        buttons = page.locator("#actions button[data-action]:not([disabled])")
        if buttons.count():
            seq = page.get_attribute("body", "data-seq")
            buttons.first.click()
            page.wait_for_function(
                "s => document.body.dataset.seq !== s || !document.getElementById('cover').hidden", arg=seq
            )
        else:
            page.wait_for_timeout(50)
    assert page.locator("#chat *").count() == 0
    assert secret not in page.content()
    page.click("#uncover")
    page.locator("#chat-lines li.from-seat").wait_for()  # the next seat reads the table's chat again
    assert page.locator("#chat-lines .chat-text").text_content() == secret


def test_a_notification_and_a_badge_come_when_it_becomes_my_turn(live_server: str, browser: Any) -> None:
    t = _table(live_server, "ravenous-river", players=2, seats=[{"kind": "human"}] * 2)
    assert _to_move(live_server, t["id"]) == [0, 1]  # both choose at once, then each waits for the other
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live_server)
    context.add_init_script(RECORD_NOTIFICATIONS)
    mine = context.new_page()
    mine.goto(t["seats"][0]["url"])
    mine.wait_for_selector("#notify-turn")
    assert mine.get_attribute("#notify-turn", "aria-pressed") == "false"
    assert (mine.get_attribute("link[rel~=icon]", "href") or "").startswith("data:image/svg+xml")
    assert mine.evaluate("window.__asked") == 0  # never asked at page load
    mine.click("#notify-turn")
    mine.wait_for_selector("#notify-turn[aria-pressed=true]")
    assert mine.evaluate("window.__asked") == 1
    mine.locator("#actions button[data-action]").first.click()
    mine.wait_for_function("document.querySelector('link[rel~=icon]').getAttribute('href') === 'data:,'")
    assert mine.evaluate("window.__notes") == []
    other = browser.new_context().new_page()
    other.goto(t["seats"][1]["url"])
    deadline = time.monotonic() + 60
    while not mine.evaluate("window.__notes.length"):  # the other seat plays until the turn is mine
        assert time.monotonic() < deadline, "no notification came"
        buttons = other.locator("#actions button[data-action]:not([disabled])")
        if buttons.count() and not mine.locator("#actions button[data-action]").count():
            seq = other.get_attribute("body", "data-seq")
            buttons.first.click()
            other.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        else:
            other.wait_for_timeout(100)
    notes = mine.evaluate("window.__notes")
    assert notes[0]["title"].startswith("Your turn: ") and notes[0]["body"] == "It is your turn to move."
    assert (mine.get_attribute("link[rel~=icon]", "href") or "").startswith("data:image/svg+xml")
    assert mine.title().startswith("●")


def test_a_notification_comes_from_my_other_tables_on_any_page(live_server: str, browser: Any) -> None:
    """With notifications on, My tables (or any page) says when one of my tables newly waits for me."""
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live_server)
    context.add_init_script(RECORD_NOTIFICATIONS + "\nwindow.riverboxWatchSeconds = 0.3;")
    page = context.new_page()
    page.goto(f"{live_server}/")  # the first visit makes this browser's player
    page.goto(f"{live_server}/me")
    page.click("#notify-turn")
    page.wait_for_selector("#notify-turn[aria-pressed=true]")
    page.wait_for_timeout(800)  # a first look: nothing waits for me yet
    assert page.evaluate("window.__notes") == []
    made = context.request.post(
        f"{live_server}/api/tables",
        data={"game": "ravenous-river", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    assert made.ok, made.text()
    page.wait_for_function("window.__notes.length > 0", timeout=15000)
    notes = page.evaluate("window.__notes")
    assert len(notes) == 1 and notes[0]["title"] == "Your turn: Ravenous River"
    page.wait_for_timeout(1000)  # still waiting for me: said once, not at every look
    assert len(page.evaluate("window.__notes")) == 1
    context.close()
