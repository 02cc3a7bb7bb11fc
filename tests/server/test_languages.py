"""Each viewer's language on the server and in the browser (issue 12, "Languages").

Two players at one Ravenous River table read different languages: the state body's legal texts,
story and seat names follow each viewer's ``?lang=`` / cookie / Accept-Language / WebSocket
``lang``; refusals are answered in the reader's language. In a real browser, a Chinese table page
shows Chinese for every card and menu line and no untranslated English UI word, and the switch on
the page changes one viewer's language without touching the other's.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
from fastapi.testclient import TestClient

from riverbox.server.language import accepted, choose_lang
from tests.server.conftest import bearer, new_table

CJK = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}")
ALLOWED_LATIN = {"riverbox", "English"}
"""Latin words a Chinese page may show: the program's name and the switch back to English."""


def _zh(text: str) -> bool:
    return bool(CJK.search(text))


def test_accept_language_picks_the_best_language_riverbox_speaks() -> None:
    assert accepted("fr-FR,zh-CN;q=0.8,en;q=0.5") == ["zh", "en"]
    assert accepted("en;q=0.1, zh-Hans") == ["zh", "en"]
    assert accepted("zh;q=0, de") == []
    assert choose_lang(None, None, "zh-TW,zh;q=0.9") == "zh"
    assert choose_lang("en", "zh", "zh") == "en"  # an explicit choice wins
    assert choose_lang("xx", "zh", None) == "zh"  # an unknown choice is passed over
    assert choose_lang(None, None, None) == "en"


def test_two_seats_at_one_table_read_their_own_language(lite: TestClient) -> None:
    table = new_table(lite, "ravenous-river", 3)
    first = lite.get(f"/api/tables/{table['id']}").json()
    mover = first["seats"][0]["seat"]
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    url = f"/api/tables/{table['id']}/state"
    zh = lite.get(url, params={"lang": "zh"}, headers=bearer(tokens[mover])).json()
    en = lite.get(url, params={"lang": "en"}, headers=bearer(tokens[mover])).json()
    assert zh["lang"] == "zh" and en["lang"] == "en"
    assert zh["view"] == en["view"] and zh["log"] == en["log"]  # the data is the same in every language
    assert all(_zh(e["text"]) for e in zh["story"]) and not any(_zh(e["text"]) for e in en["story"])
    for other in (zh, en):
        assert [a["action"] for a in other["legal"]] == [a["action"] for a in zh["legal"]]
    if zh["legal"]:
        assert all(_zh(a["text"]) for a in zh["legal"]) and not any(_zh(a["text"]) for a in en["legal"])
    browser = lite.get(url, headers={**bearer(tokens[mover]), "Accept-Language": "zh-CN,zh;q=0.9"}).json()
    assert browser["lang"] == "zh"
    bad = lite.get(url, params={"lang": "xx"})
    assert bad.status_code == 422 and "choose from en, zh" in bad.json()["detail"]


def test_refusals_are_answered_in_the_readers_language(lite: TestClient) -> None:
    table = new_table(lite, "ravenous-river", 3)
    token = table["seats"][0]["token"]
    url = f"/api/tables/{table['id']}/actions"
    body = {"action": "vote end", "seq": 99}
    en = lite.post(url, json=body, headers=bearer(token))
    zh = lite.post(url, params={"lang": "zh"}, json=body, headers=bearer(token))
    assert en.status_code == zh.status_code == 409
    assert en.json()["detail"] == "the table is at move 0, not 99; reload and choose again"
    assert zh.json()["detail"] == "牌桌处于第 0 步而不是第 99 步，请刷新后重新选择"
    lite.cookies.set("riverbox_lang", "zh")
    cookie = lite.post(url, json=body, headers=bearer(token))
    lite.cookies.clear()
    assert cookie.json()["detail"] == zh.json()["detail"]


def test_the_websocket_speaks_the_language_of_its_hello(lite: TestClient) -> None:
    table = new_table(lite, "ravenous-river", 3)
    with lite.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"token": None, "lang": "zh"})
        body = ws.receive_json()
        assert body["lang"] == "zh" and all(_zh(e["text"]) for e in body["story"])
    with lite.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"token": None, "lang": "klingon"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and "choose from en, zh" in refused["detail"]


def test_pages_follow_the_switch_and_remember_it(lite: TestClient) -> None:
    zh = lite.get("/", params={"lang": "zh"})
    assert '<html lang="zh-Hans"' in zh.text and "开一张牌桌" in zh.text and "动物过河" in zh.text
    assert zh.cookies.get("riverbox_lang") == "zh"
    again = lite.get("/")  # the client keeps the cookie, as a browser does
    assert "开一张牌桌" in again.text
    lite.cookies.clear()
    en = lite.get("/", params={"lang": "en"})
    assert "Start a table" in en.text and 'hreflang="zh"' in en.text  # the switch is on the page


def _english_words(text: str) -> list[str]:
    return [w for w in ENGLISH_WORD.findall(text) if w not in ALLOWED_LATIN]


def test_a_chinese_ravenous_river_page_and_a_switch_per_viewer(live_server: str, browser: Any) -> None:
    table = httpx.post(
        f"{live_server}/api/tables",
        json={"game": "ravenous-river", "players": 3, "seats": [{"kind": "human"}] * 3},
    ).json()
    mover = httpx.get(f"{live_server}/api/tables/{table['id']}/state").json()["to_move"][0]
    seats = {s["seat"]: s for s in table["seats"]}
    other = (mover + 1) % 3
    chinese = browser.new_context(locale="zh-CN").new_page()  # Accept-Language: zh-CN
    chinese.goto(seats[mover]["url"])
    english = browser.new_context(locale="en-US").new_page()
    english.goto(seats[other]["url"])
    for page in (chinese, english):
        page.wait_for_selector("body[data-seq]")
    chinese.wait_for_selector("#actions button[data-action]")

    assert chinese.get_attribute("html", "lang") == "zh-Hans"
    cards = chinese.locator(".game-card")
    assert cards.count() >= 2
    for i in range(cards.count()):
        title, text = (
            cards.nth(i).locator("h4").inner_text(),
            cards.nth(i).locator("p").first.inner_text(),
        )
        assert _zh(title) and _zh(text), (title, text)
    menu = chinese.locator("#actions button[data-action]")
    assert menu.count() > 0
    for i in range(menu.count()):
        assert _zh(menu.nth(i).inner_text()), menu.nth(i).inner_text()
    # the log drawer is folded: its text is read as text content
    shown = chinese.inner_text("body") + "\n" + (chinese.text_content("#log") or "")
    assert not _english_words(shown), _english_words(shown)[:10]
    for attribute in ("aria-label", "title", "data-name"):
        labels = chinese.eval_on_selector_all(
            f"main [{attribute}]:not([data-action])", f"ns => ns.map(n => n.getAttribute('{attribute}'))"
        )
        assert not [w for label in labels for w in _english_words(label)], labels

    # the other seat reads English at the same table, at the same time
    assert english.get_attribute("html", "lang") == "en"
    assert "Your hand" in english.inner_text("main")
    # the log sits in a folded drawer (no innerText while folded): read its text as written
    assert english.text_content("#log") and not _zh(english.text_content("#log") or "")

    # the switch changes this viewer only, and the seat survives it
    english.click("nav.languages a[data-lang=zh]")
    english.wait_for_selector("html[lang=zh-Hans] body[data-seq]")
    assert f"（座位 {other}）" in english.inner_text("#who")
    switched = english.text_content("#log") or ""
    assert _zh(switched) and not _english_words(english.inner_text("body") + "\n" + switched)
    chinese.reload()
    chinese.wait_for_selector("body[data-seq]")
    assert chinese.get_attribute("html", "lang") == "zh-Hans"
    chinese.click("nav.languages a[data-lang=en]")
    chinese.wait_for_selector("html[lang=en] body[data-seq]")
    assert "Your hand" in chinese.inner_text("main") and f"(seat {mover})" in chinese.inner_text("#who")
    assert english.get_attribute("html", "lang") == "zh-Hans"  # the other viewer is untouched
