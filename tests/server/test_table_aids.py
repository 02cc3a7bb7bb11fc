"""The table page's aids in a real browser: a hint to click, the "your turn" signal and sound,
and each game's rules page (reachable from the lobby and the table, readable on a phone)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from riverbox.registry import games, load
from riverbox.server import app as server_app
from tests.server.test_game_tables import no_sideways_scroll
from tests.server.test_web_access import serious

TITLE_SIGNAL = "● Your turn — "


def _state(server: str, table: str, token: str) -> dict[str, Any]:
    url = f"{server}/api/tables/{table}/state"
    body: dict[str, Any] = httpx.get(url, headers={"Authorization": f"Bearer {token}"}).json()
    return body


def _play_first(server: str, table: str, token: str) -> None:
    body = _state(server, table, token)
    move = {"action": body["legal"][0]["action"], "seq": body["seq"]}
    url = f"{server}/api/tables/{table}/actions"
    assert httpx.post(url, json=move, headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_a_hint_is_clicked_shown_and_played_and_the_turn_is_signalled(live_server: str, browser: Any) -> None:
    body = {"game": "river-rivals", "players": 2, "seats": [{"kind": "human"}] * 2}
    table = httpx.post(f"{live_server}/api/tables", json=body).json()
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    mover = _state(live_server, table["id"], tokens[0])["to_move"][0]
    other = 1 - mover
    context = browser.new_context()
    pages = {}
    for seat in (mover, other):
        pages[seat] = context.new_page() if seat == mover else browser.new_context().new_page()
        pages[seat].goto(next(s["url"] for s in table["seats"] if s["seat"] == seat))
        pages[seat].wait_for_selector("body[data-seq]")
    me, them = pages[mover], pages[other]

    # the turn, in the title and in words on the page; the sound is off until turned on
    assert me.title().startswith(TITLE_SIGNAL) and me.is_visible("#turn-signal")
    assert not them.title().startswith(TITLE_SIGNAL) and not them.is_visible("#turn-signal")
    assert not me.is_checked("#turn-sound") and not them.is_checked("#turn-sound")
    assert not them.is_visible("#hint")
    them.check("#turn-sound")

    # the hint: the bot's move is named, explained, marked in the list and playable from the box
    me.click("#hint")
    me.wait_for_selector("#hint-box button[data-action]", timeout=30000)
    suggested = me.get_attribute("#hint-box button[data-action]", "data-action")
    legal = {a["action"] for a in _state(live_server, table["id"], tokens[mover])["legal"]}
    assert suggested in legal
    assert me.locator("#hint-box li").count() >= 1
    marked = me.locator(f"#actions button.hinted[data-action='{suggested}']")
    assert marked.count() == 1 and "(suggested)" in marked.inner_text()
    seq = me.get_attribute("body", "data-seq")
    me.click("#hint-box button[data-action]")
    me.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    assert not me.is_visible("#hint-box")  # a hint is for one moment only

    # play on until the other seat's turn comes: its title and sound say so
    while other not in _state(live_server, table["id"], tokens[other])["to_move"]:
        _play_first(live_server, table["id"], tokens[mover])
    them.wait_for_function("t => document.title.startsWith(t)", arg=TITLE_SIGNAL)
    them.wait_for_selector("body[data-turn-sounds='1']")
    assert them.is_visible("#turn-signal")
    me.wait_for_function("t => !document.title.startsWith(t)", arg=TITLE_SIGNAL)
    while mover not in _state(live_server, table["id"], tokens[mover])["to_move"]:
        _play_first(live_server, table["id"], tokens[other])
    me.wait_for_function("t => document.title.startsWith(t)", arg=TITLE_SIGNAL)
    assert me.get_attribute("body", "data-turn-sounds") is None  # off by default: no sound
    them.reload()
    them.wait_for_selector("body[data-seq]")
    assert them.is_checked("#turn-sound")  # the choice is remembered on this browser


SHIPPED = ("ravenous-river", "river-rivals", "river-wild", "river-trek")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rules_pages_are_linked_readable_and_fit_a_phone(
    live_server: str, browser: Any, lang: str
) -> None:
    page = browser.new_context(locale="zh-CN" if lang == "zh" else "en-US").new_page()
    page.goto(live_server)
    links = page.locator(".rules-links a")
    assert links.count() == len(games())
    problems = {}
    # the four games riverbox ships; other tests in this process may register a toy game,
    # which the lobby lists too but whose rules are a one-line stub with no heading
    shipped = [info for info in games() if info.name in SHIPPED]
    assert len(shipped) == len(SHIPPED)
    for info in shipped:
        page.goto(live_server)
        link = page.locator(f".rules-links a[href='/rules/{info.name}']")
        assert link.count() == 1, info.name
        with page.expect_navigation(url=f"**/rules/{info.name}"):
            link.click()
        page.wait_for_selector("#rules h1", state="attached")
        assert page.get_attribute("html", "lang") == ("zh-Hans" if lang == "zh" else "en")
        heading = page.inner_text("#rules h1")
        assert any("\u4e00" <= ch <= "\u9fff" for ch in heading) == (lang == "zh"), heading
        page.set_viewport_size({"width": 390, "height": 844})
        problems[info.name] = serious(page)
        no_sideways_scroll(page, f"rules-{info.name}-{lang}")
    found = {k: v for k, v in problems.items() if v}
    assert not found, found
    table = httpx.post(
        f"{live_server}/api/tables", json={"game": "river-wild", "players": 1, "seats": [{"kind": "human"}]}
    ).json()
    page.goto(table["spectate_url"])
    assert page.get_attribute(".rules-link a", "href") == "/rules/river-wild"


def test_rules_are_rendered_without_passing_html_through(lite: TestClient, monkeypatch: Any) -> None:
    assert lite.get("/rules/no-such-game").status_code == 404
    zh = lite.get("/rules/river-rivals", params={"lang": "zh"})
    assert zh.status_code == 200 and "<h1>" in zh.text and '<html lang="zh-Hans"' in zh.text
    game_class = type(load("river-wild"))
    monkeypatch.setattr(game_class, "rules_text", lambda self, lang="en": "# Hi\n\n<script>alert(1)</script>")
    html = server_app.rules_html.__wrapped__("river-wild", "en")
    assert "<h1>Hi</h1>" in html and "<script>" not in html and "&lt;script&gt;" in html
