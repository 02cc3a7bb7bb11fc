"""A Chinese table page of River Rivals, River Wild and River Trek (issue 12, "Languages").

In a real browser with a Chinese locale, each game's table shows Chinese for every card and every
menu line, and no untranslated English word anywhere on the page (the table drawing, its labels
for assistive tools, the fallback menu and the log): the pattern of the Ravenous River check.
"""

from __future__ import annotations

import re

import httpx
import pytest

from tests.server.conftest import ARGS, CHROMIUM, CspTolerant

CJK = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}")
ALLOWED_LATIN = {"riverbox", "English"}
"""Latin words a Chinese page may show: the program's name and the switch back to English (River
Trek's end boards are named in words, not by their ids START and FINAL)."""

GAMES = [("river-rivals", 2, {"mode": "advanced"}), ("river-wild", 1, {}), ("river-trek", 3, {})]


def _english_words(text: str) -> list[str]:
    return [w for w in ENGLISH_WORD.findall(text) if w not in ALLOWED_LATIN]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_a_chinese_table_page_shows_chinese_cards_menus_and_no_english(
    live_server: str, game: str, players: int, options: dict[str, object]
) -> None:
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing (scripts/test installs it)")
    body = {"game": game, "players": players, "options": options, "seats": [{"kind": "human"}] * players}
    table = httpx.post(f"{live_server}/api/tables", json=body, timeout=120).json()
    mover = httpx.get(f"{live_server}/api/tables/{table['id']}/state", timeout=120).json()["to_move"][0]
    seat = next(s for s in table["seats"] if s["seat"] == mover)
    with sync_playwright() as pw:
        browser = CspTolerant(pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS))
        page = browser.new_context(locale="zh-CN").new_page()
        page.goto(seat["url"])
        page.wait_for_selector("body[data-seq]")
        page.wait_for_selector("#actions button[data-action]")
        assert page.get_attribute("html", "lang") == "zh-Hans"
        cards = page.locator(".game-card")
        for i in range(cards.count()):
            title = cards.nth(i).locator("h4").inner_text()
            assert CJK.search(title), title
        menu = page.locator("#actions button[data-action]")
        assert menu.count() > 0
        for i in range(menu.count()):
            assert CJK.search(menu.nth(i).inner_text()), menu.nth(i).inner_text()
        shown = page.inner_text("body")
        assert not _english_words(shown), _english_words(shown)[:10]
        for attribute in ("aria-label", "title", "data-name"):
            labels = page.eval_on_selector_all(
                f"main [{attribute}]:not([data-action])", f"ns => ns.map(n => n.getAttribute('{attribute}'))"
            )
            assert not [w for label in labels if label for w in _english_words(label)], labels
        browser.close()
