"""Players, names, resign and rematch through the page in chromium (issue 24)."""

from __future__ import annotations

from typing import Any

SEATED = "(seat "
"""What the status line says of a seat ("You are NAME (seat N)."), never of a spectator."""


def _seat_page(context: Any, url: str) -> Any:
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(url)
    page.wait_for_function("document.getElementById('who').textContent.includes('(seat ')")
    return page


def test_a_seat_page_in_a_second_tab_is_the_seat_and_my_tables_brings_it_back(
    live_server: str, browser: Any
) -> None:
    context = browser.new_context()
    lobby = context.new_page()
    lobby.goto(live_server + "/")  # the first visit makes this browser's player
    lobby.click("button[type=submit]")  # the lobby's default table: this browser takes seat 0
    lobby.wait_for_selector("#created a[href*='#token=']")
    seat_url = lobby.locator("#created a[href*='#token=']").first.get_attribute("href")
    table_id = seat_url.split("/tables/")[1].split("#")[0]
    first = _seat_page(context, seat_url)
    assert "seat 0" in first.inner_text("#who")
    second = _seat_page(context, f"{live_server}/tables/{table_id}")  # no token: the cookie
    assert "seat 0" in second.inner_text("#who")
    first.close()
    second.close()
    lobby.goto(live_server + "/")
    lobby.click("header a[href='/me']")
    lobby.click(f"tr[data-table='{table_id}'] a")
    lobby.wait_for_function("document.getElementById('who').textContent.includes('(seat 0)')")
    stranger = browser.new_context().new_page()
    stranger.goto(f"{live_server}/tables/{table_id}")
    stranger.wait_for_function("!document.getElementById('who').textContent.includes('…')")
    assert SEATED not in stranger.inner_text("#who")
    context.close()


def _resign_and_see_the_loss(live_server: str, context: Any, table: dict[str, Any], seats: int) -> None:
    page = _seat_page(context, f"{live_server}/tables/{table['id']}")
    page.click("#resign")
    page.wait_for_selector("#over:not([hidden])", timeout=120_000)
    rows = page.locator("#scores tr")
    assert rows.count() == seats
    assert "★" not in rows.nth(0).inner_text() and page.locator("#scores tr").nth(0).inner_text()
    page.goto(live_server + "/me")
    row = page.locator(f"#finished tr[data-table='{table['id']}']")
    assert f"place {seats}" in row.inner_text() and "lost (resigned)" in row.inner_text()


def test_resign_gives_a_loss_with_two_and_with_four_players(live_server: str, browser: Any) -> None:
    context = browser.new_context()
    context.new_page().goto(live_server + "/")
    two = context.request.post(
        f"{live_server}/api/tables",
        data={"game": "river-rivals", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    ).json()
    _resign_and_see_the_loss(live_server, context, two, 2)
    bot = {"kind": "bot", "bot": "random"}
    four = context.request.post(
        f"{live_server}/api/tables",
        data={"game": "river-trek", "players": 4, "seats": [{"kind": "human"}, bot, bot, bot]},
    ).json()
    _resign_and_see_the_loss(live_server, context, four, 4)
    context.close()


def test_rematch_carries_both_players_to_the_new_table(live_server: str, browser: Any) -> None:
    ann, bo = browser.new_context(), browser.new_context()
    ann.new_page().goto(live_server + "/")
    table = ann.request.post(
        f"{live_server}/api/tables", data={"game": "river-rivals", "seats": [{"kind": "human"}] * 2}
    ).json()
    ann_page = _seat_page(ann, f"{live_server}/tables/{table['id']}")
    bo_page = _seat_page(bo, table["seats"][1]["url"])  # the invite link, in another browser
    bo_page.fill("#seat-name", "Bo")  # the invitee names their seat
    bo_page.click("#seat-name-card button[type=submit]")
    ann_page.wait_for_function("document.getElementById('seats').textContent.includes('Bo')")
    ann_page.click("#resign")
    ann_page.click("#play-again")
    ann_page.wait_for_url(lambda url: table["id"] not in url)
    ann_page.wait_for_function("document.getElementById('who').textContent.includes('seat 1')")
    bo_page.wait_for_selector("#play-again:has-text('Join the new game')")
    bo_page.click("#play-again")
    bo_page.wait_for_url(lambda url: table["id"] not in url)
    bo_page.wait_for_function("document.getElementById('who').textContent.includes('seat 0')")
    assert ann_page.url.split("#")[0] == bo_page.url.split("#")[0]
    ann.close()
    bo.close()
