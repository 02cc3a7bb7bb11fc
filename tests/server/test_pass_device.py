"""Pass the device: two seats of a 2-player Ravenous River game on one browser page.

The table is made in the lobby ("human on this device"), and its pass-and-play link seats both
players on one page. Whenever the turn passes to the other seat, a cover replaces the table and
the previous seat's private information (its hand, its totems, its log) must be gone from the
page's DOM, not merely hidden, until the next player confirms. The cover passes the axe check.
"""

from __future__ import annotations

import random
import time
from typing import Any

import httpx

from tests.server.test_web_access import serious

PRIVATE = "#table [data-pick^='card:'], #table .rr-hand, #table .rr-totems, #table .rr-drawn, #log li"


def private_hand(server: str, table: str, token: str) -> list[str]:
    body = httpx.get(
        f"{server}/api/tables/{table}/state", headers={"Authorization": f"Bearer {token}"}
    ).json()
    hand: list[str] = body["view"]["hand"] or []
    return hand


def test_a_cover_between_turns_removes_the_previous_seats_secrets_from_the_dom(
    browser: Any, live_server: str
) -> None:
    rng = random.Random(11)
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_server)
    page.select_option("#game", "ravenous-river")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.fill("input[data-option='target']", "1")
    page.select_option("[data-seat-kind='1']", "here")
    page.click("#create button[type=submit]")
    page.click("#pass-link")
    page.wait_for_selector("body[data-seq], #cover:not([hidden])")
    table = page.get_attribute("#table", "data-table")
    tokens: dict[int, str] = dict(
        (int(seat), token)
        for seat, token in (p.split(".") for p in page.evaluate("location.hash").split("=", 1)[1].split(","))
    )
    covers = 0
    shown: int | None = None
    hand_titles: list[str] = []
    deadline = time.monotonic() + 180
    while page.get_attribute("body", "data-over") != "true":
        assert time.monotonic() < deadline, f"not over after {covers} covers"
        if page.is_visible("#cover"):
            assert page.locator(PRIVATE).count() == 0, "the cover left private parts in the DOM"
            assert page.locator("#board *").count() == 0 and page.locator("#actions *").count() == 0
            if shown is not None:
                text = page.text_content("#table") or ""
                for name in hand_titles:
                    assert name not in text, f"{name} of seat {shown} is still on the page"
            if covers == 0:
                assert not serious(page), serious(page)
            covers += 1
            page.click("#uncover")
            page.wait_for_selector("#cover", state="hidden")
            page.wait_for_selector("#board > *")
            continue
        buttons = page.locator("#actions button[data-action]:not([disabled])")
        if not buttons.count():
            page.wait_for_timeout(50)
            continue
        who = page.inner_text("#who")
        shown = 0 if "(seat 0)" in who else 1
        hand_titles = [title(page, card) for card in private_hand(live_server, str(table), tokens[shown])]
        seq = page.get_attribute("body", "data-seq")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            "s => document.body.dataset.seq !== s || !document.getElementById('cover').hidden", arg=seq
        )
    assert covers >= 2
    assert not errors, errors


def title(page: Any, card: str) -> str:
    """A card's printed title, from the content the page was given."""
    titles: dict[str, Any] = page.evaluate(
        "JSON.parse(document.getElementById('content-data').textContent).cards"
    )
    return str(titles[card]["title"])
