"""The pages in a real browser (Debian's chromium through Playwright).

Three players in three browser contexts and one spectator play a 3-player Ravenous River game to
the end on the generic table page by clicking the buttons that carry ``data-action``; one player
reloads the page midway and must find their seat again.

What just happened, told on the table: Ravenous River's last round scored step by step (the
engine's sentences with the engine's numbers, in each reader's language), and River Rivals'
end-of-turn fish check column by column (in order at its pace, at once with reduced motion,
never holding the moves back).
"""

from __future__ import annotations

import random
import time
from itertools import pairwise
from typing import Any

import httpx

import riverbox
from tests.server.conftest import last_event, play_until
from tests.server.test_game_tables import no_sideways_scroll, watch_errors
from tests.server.test_table_stories import check_fish, round_scored, stack_one_column
from tests.server.test_web_access import serious


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
    browser.close()
    record = httpx.get(f"{live_server}/api/tables/{table['id']}/record")
    assert record.status_code == 200 and record.json()["game"] == "ravenous-river"


def settled(pages: list[Any]) -> Any:
    """A ``settle`` for play_until: wait until every page shows the table's current move."""

    def wait(public: dict[str, Any]) -> None:
        for page in pages:
            page.wait_for_selector(f"body[data-seq='{public['seq']}']", timeout=15000)

    return wait


def test_ravenous_river_shows_the_rounds_scoring_step_by_step_in_the_engines_words(
    live_server: str, browser: Any
) -> None:

    api = httpx.Client(base_url=live_server, timeout=60)
    table = api.post(
        "/api/tables", json={"game": "ravenous-river", "players": 2, "seats": [{"kind": "human"}] * 2}
    ).json()
    errors: list[str] = []
    player = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    watcher = browser.new_context(locale="zh-CN", viewport={"width": 1280, "height": 800}).new_page()
    for page, url in ((player, table["seats"][0]["url"]), (watcher, table["spectate_url"])):
        watch_errors(page, errors)
        page.goto(url)
        page.wait_for_selector("body[data-seq]")
    assert player.locator(".rr-report").count() == 0  # no round has ended yet
    public = play_until(api, table, round_scored, seed=3, settle=settled([player]))
    event = last_event(public, "round_scored")
    assert event is not None
    game = riverbox.load("ravenous-river", players=2)
    english = game.describe_event(event, "en").split("\n")
    chinese = game.describe_event(event, "zh").split("\n")
    assert len(english) >= 4

    report = player.wait_for_selector(f".rr-report[data-round='{event['round']}']")
    assert report.get_attribute("data-steps") == str(len(english))
    steps = player.locator(".rr-report li[data-step]")
    assert steps.all_inner_texts() == english[:1]  # one step at a time
    player.click(".rr-report button.next-step")
    assert steps.all_inner_texts() == english[:2]
    player.click(".rr-report button.next-step")
    assert steps.all_inner_texts() == english[:3]
    player.click(".rr-report button.all-steps")
    assert steps.all_inner_texts() == english  # every step, as the engine told it
    assert player.locator(".rr-report .tools").is_hidden()
    each = ", ".join(
        f"seat {s} +{g} (total {t})"
        for s, (g, t) in enumerate(zip(event["gains"], event["scores"], strict=True))
    )
    assert steps.last.inner_text() == f"Scored: {each}."
    assert player.is_visible(".rr-report li[data-step]:focus")  # the reader's place is kept
    # a redraw (the next move) keeps how far the reader got
    public = play_until(api, table, lambda b: b["seq"] > public["seq"], seed=4, settle=settled([player]))
    player.wait_for_selector(f"body[data-seq='{public['seq']}']")
    assert player.locator(".rr-report li[data-step]").all_inner_texts() == english
    assert not serious(player), serious(player)
    no_sideways_scroll(player, "ravenous-river report")

    watcher.wait_for_selector(".rr-report")  # spectators read it too, in their own language
    watcher.click(".rr-report button.all-steps")
    assert watcher.locator(".rr-report li[data-step]").all_inner_texts() == chinese
    assert "轮" in watcher.inner_text(".rr-report summary")
    browser.close()
    assert not errors, errors


def test_river_rivals_shows_the_fish_check_column_by_column(live_server: str, browser: Any) -> None:

    api = httpx.Client(base_url=live_server, timeout=60)
    table = api.post(
        "/api/tables",
        json={
            "game": "river-rivals",
            "players": 2,
            "options": {"mode": "basic"},
            "seats": [{"kind": "human"}] * 2,
        },
    ).json()
    step_ms = 1500  # long enough to be seen running on a loaded machine
    # every column's first appearance on screen, per check: when, and whether all came in one drawing
    record = """
      window.appeared = {};
      new MutationObserver(() => {
        for (const li of document.querySelectorAll('.rv-check [data-check-step]')) {
          const key = li.closest('.rv-check').dataset.checkId + ':' + li.dataset.checkStep;
          if (!li.hidden && !(key in window.appeared)) window.appeared[key] = performance.now();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
    """
    errors: list[str] = []
    pages = {}
    for seat in table["seats"]:  # each player at the pace of the page ...
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(f"window.RIVERBOX_STEP_MS = {step_ms};" + record)
        pages[seat["seat"]] = context.new_page()
        pages[seat["seat"]].goto(seat["url"])
    quiet = browser.new_context(
        reduced_motion="reduce", locale="zh-CN", viewport={"width": 390, "height": 844}
    )
    quiet.add_init_script(f"window.RIVERBOX_STEP_MS = {step_ms};" + record)
    watcher = quiet.new_page()  # ... and a spectator who asked for reduced motion, reading Chinese
    watcher.goto(table["spectate_url"])
    everyone = [*pages.values(), watcher]
    for page in everyone:
        watch_errors(page, errors)
        page.wait_for_selector("body[data-seq]")
    public = play_until(
        api, table, lambda b: bool(check_fish(b)), stack_one_column, seed=1, settle=settled(everyone)
    )
    catch = check_fish(public)[0]
    seat = catch["seat"]
    turn = public["view"]["turn"] - 1
    board, strength = public["view"]["board"], public["view"]["strength"]
    mover = pages[public["to_move"][0]]
    box = f".rv-check[data-turn='{turn}']"
    english = (
        "Column {c}: {n} cards, strength {mine} against {theirs} → ",
        "✔ a fish on the ",
        "✕ no fish",
    )
    chinese = ("第 {c} 列：{n} 张牌，力量 {mine} 对 {theirs} → ", "✔ 一条鱼放在", "✕ 没有鱼")
    for page in everyone:
        facts, fish, none = chinese if page is watcher else english
        page.wait_for_selector(f"{box}[data-check=done]")
        steps = page.locator(f"{box} li[data-check-step]")
        assert steps.count() == 4
        for c in range(4):
            step = steps.nth(c)
            text = step.inner_text()
            assert step.get_attribute("data-column") == str(c + 1)
            assert text.startswith(
                facts.format(
                    c=c + 1, n=len(board[seat][c]), mine=strength[seat][c], theirs=strength[1 - seat][c]
                )
            )
            if c + 1 == catch["column"]:
                assert step.get_attribute("data-result") == "fish" and fish in text, text
            else:
                assert step.get_attribute("data-result") == "none" and text.endswith(none), text
    assert "your turn" in pages[seat].inner_text(f"{box} h3")
    # in order and at the page's pace, or all at once with reduced motion
    for page, paced in ((mover, True), (pages[seat], True), (watcher, False)):
        check = page.get_attribute(box, "data-check-id")
        seen = page.evaluate(f"[1, 2, 3, 4].map(n => window.appeared['{check}:' + n])")
        assert all(t is not None for t in seen), seen
        gaps = [b - a for a, b in pairwise(seen)]
        if paced:
            assert all(gap >= step_ms * 0.8 for gap in gaps), gaps
        else:
            assert all(gap < step_ms * 0.25 for gap in gaps), gaps  # in one drawing
    assert not serious(watcher), serious(watcher)
    no_sideways_scroll(watcher, "river-rivals check")

    # the input is not held while a check runs: when the next turn ends, the player after it
    # moves on the page at once, while that check is still on its way
    public = play_until(
        api, table, lambda b: b["view"]["turn"] > turn + 1, stack_one_column, settle=settled(everyone)
    )
    after = pages[public["to_move"][0]]
    after.wait_for_selector(f".rv-check[data-turn='{turn + 1}'][data-check=running]")
    after.locator("#actions button[data-action]:not([disabled])").first.click(timeout=step_ms)
    after.wait_for_selector(f"body[data-seq='{public['seq'] + 1}']")  # the move was played
    browser.close()
    assert not errors, errors
