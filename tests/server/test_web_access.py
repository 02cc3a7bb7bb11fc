"""Accessibility of the pages in a real browser: axe-core finds no serious or critical problem on
the lobby and on each game's table (a seat's page and a spectator's), and moves can be played
from the keyboard alone (number keys, and Tab + Enter on the drawing).
"""

from __future__ import annotations

import contextlib
from typing import Any

import httpx
import pytest

TABLES: dict[str, dict[str, Any]] = {
    "ravenous-river": {"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    "river-rivals": {"players": 2, "options": {"mode": "advanced"}, "seats": [{"kind": "human"}] * 2},
    "river-wild": {"players": 1, "seats": [{"kind": "human"}]},
    "river-trek": {"players": 2, "options": {"variant": "full"}, "seats": [{"kind": "human"}] * 2},
}


SETTLED = """() => document.getAnimations().every(
    (a) => a.playState !== "running" || a.effect.getComputedTiming().iterations === Infinity)"""
"""No animation that ends is under way (a looping one, as a low clock's, never ends)."""


def serious(page: Any) -> list[str]:
    """axe-core's serious and critical violations on ``page``, one line each.

    Checked once every animation that ends has ended: axe reads colours as drawn, and a line
    fading in (River Rivals' fish check, a card sliding home) is below any contrast mid-way.
    """
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import TimeoutError as Unsettled

    with contextlib.suppress(Unsettled):  # a page that never settles is checked as it stands
        page.wait_for_function(SETTLED, timeout=10_000)
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def new_table(server: str, game: str) -> dict[str, Any]:
    response = httpx.post(f"{server}/api/tables", json={"game": game, **TABLES[game]})
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def test_axe_finds_nothing_serious_on_the_lobby_and_every_table(live_server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(live_server)
    page.wait_for_selector("#seats label")
    problems = {"lobby": serious(page)}
    for game in TABLES:
        table = new_table(live_server, game)
        for who, url in (("seat", table["seats"][0]["url"]), ("spectator", table["spectate_url"])):
            page.goto(url)
            page.wait_for_selector("#board > *")
            problems[f"{game} {who}"] = serious(page)
    found = {k: v for k, v in problems.items() if v}
    assert not found, "\n".join(f"{k}: {line}" for k, v in found.items() for line in v)


def tab_to(page: Any, focused: str, missing: str) -> None:
    """Press Tab until the JavaScript test ``focused`` holds for the element with the focus (60 tries
    at most: a keyboard user must reach it); fail saying what is ``missing`` otherwise."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(focused):
            return
    pytest.fail(f"{missing} is reachable with Tab")


def test_number_keys_and_tab_enter_play_moves(live_server: str, browser: Any) -> None:
    table = new_table(live_server, "river-wild")
    page = browser.new_page()
    page.goto(table["seats"][0]["url"])
    page.wait_for_selector("#actions button[data-action]")
    page.locator("body").click(position={"x": 1, "y": 1})
    page.keyboard.press("1")
    page.wait_for_selector("body[data-seq='1']")
    # Tab through the page until a drawn hand card (a step of a move) has the focus, then Enter
    tab_to(page, "document.activeElement.classList.contains('pickable')", "no drawn step of a move")
    page.keyboard.press("Enter")
    page.wait_for_selector("#prompt button.cancel")
    tab_to(page, "!!document.activeElement.dataset.action", "no move after the first step")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-seq='2']")


def finish(server: str, table: dict[str, Any]) -> int:
    """Play the first legal move of every seat until the game ends; the number of moves."""
    tokens = [s["token"] for s in table["seats"] if s.get("token")]
    moves = 0
    while True:
        for token in tokens:
            body = httpx.get(
                f"{server}/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {token}"}
            ).json()
            if body["over"]:
                return moves
            if body["legal"]:
                move = {"action": body["legal"][0]["action"], "seq": body["seq"]}
                r = httpx.post(
                    f"{server}/api/tables/{table['id']}/actions",
                    json=move,
                    headers={"Authorization": f"Bearer {token}"},
                )
                assert r.status_code == 200, r.text
                moves += 1


def test_the_replay_page_steps_through_a_finished_game(live_server: str, browser: Any) -> None:
    table = new_table(live_server, "river-rivals")
    moves = finish(live_server, table)
    errors: list[str] = []
    page = browser.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(f"{live_server}/tables/{table['id']}/replay")
    page.wait_for_selector("#board > *")
    assert page.get_attribute("#step", "max") == str(moves)
    assert "start" in page.inner_text("#move")
    page.click("#next")
    assert page.inner_text("#move").startswith("Move 1 of")
    page.select_option("#viewer", "1")
    page.wait_for_selector(".rv-hand")  # seat 1's own hand, as it saw the table
    page.keyboard.press("End")
    assert page.inner_text("#move").startswith(f"Move {moves} of {moves}")
    assert not serious(page), serious(page)
    assert not errors, errors


def test_two_totems_are_kept_by_clicking_them_in_either_order(live_server: str, browser: Any) -> None:
    body = {"game": "ravenous-river", "players": 2, "seats": [{"kind": "human"}] * 2}
    table = httpx.post(f"{live_server}/api/tables", json=body).json()  # no bot moving meanwhile
    seat = table["seats"][0]
    page = browser.new_page()
    page.goto(seat["url"])
    page.wait_for_selector("[data-pick^='drawn:']")
    headers = {"Authorization": f"Bearer {seat['token']}"}
    url = f"{live_server}/api/tables/{table['id']}/state"
    drawn = httpx.get(url, headers=headers).json()["view"]["drawn"]
    order = ["lion", "bull", "horse", "hound", "fox", "cat", "mouse"]
    first, second = sorted(drawn[:2], key=order.index, reverse=True)  # against the notation's order
    page.click(f"[data-pick='drawn:{first}']")
    page.click(f"[data-pick='drawn:{second}'][data-action]")
    page.wait_for_selector("body[data-seq='1']")
    kept = httpx.get(url, headers=headers).json()["view"]["totems"]
    assert sorted(kept) == sorted([first, second])
