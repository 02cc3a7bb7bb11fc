"""No English on a Chinese page, for what the lobby and the tables name (issue 24, items 1 and 10).

The catalogs hold a Chinese word for every option's label, help and choice, every bot and level,
River Trek's end boards and Ravenous River's animal marks (distinct in each language: horse and
hound both began "HO"). Ravenous River's bank is the river bank (河岸), never a money bank (银行).
The Chinese rules, on the page and in the terminal, have no space between two Chinese characters
(wrapped source lines and the spaces Markdown needs around emphasis are taken out). In chromium, a
Chinese Ravenous River table shows its animal tokens with Chinese marks, and the lobby's list of
tables names bots in Chinese.
"""

from __future__ import annotations

import html
import re
from typing import Any

import httpx
import pytest

from riverbox.bots.base import bot_names
from riverbox.bots.labels import BOT_LABELS, bot_label
from riverbox.core.i18n import catalog, gettext, player_strings
from riverbox.core.text import CJK, close_cjk_gaps, unwrap_cjk
from riverbox.games.ravenous_river.words import ANIMAL_MARKS, animal_mark
from riverbox.registry import game_class, games, load
from riverbox.server.app import rules_html
from tests.server.conftest import own_games, play_until

HAN = re.compile(r"[\u4e00-\u9fff]")
GAP = re.compile(rf"[{CJK}]\s+[{CJK}]")
INLINE = re.compile(r"</?(?:strong|em|code|a)\b[^>]*>")


def _zh(domain: str, text: str) -> str:
    found = catalog(domain, "zh").get(text)
    assert found and HAN.search(found), f"{domain}: no Chinese for {text!r}"
    return found


@pytest.mark.parametrize("game", [i.name for i in own_games()])
def test_every_option_label_help_and_choice_has_chinese(game: str) -> None:
    domain = game_class(game).domain
    info = load(game).info
    for option in info.options:
        assert option.label, f"{game}: option {option.name} has no label"
        for text in (option.label, option.help, *option.choice_labels):
            _zh(domain, text)
        if option.choices is not None and len(option.choices) > 1:
            assert option.choice_labels, f"{game}: option {option.name} shows its choices as identifiers"
        # the Chinese help explains in words, not in the option's identifiers
        assert not re.search(r"[A-Za-z]{3,}", gettext(domain, "zh", option.help).replace("Lightning", "")), (
            option
        )


def test_every_bot_and_level_has_chinese_words() -> None:
    names = {n for i in games() for n in bot_names(load(i.name))}
    assert names <= set(BOT_LABELS), names - set(BOT_LABELS)
    for name in names:
        assert HAN.search(bot_label(name, "zh")), name
    assert bot_label("strong", "zh") == "最强" and bot_label("heuristic", "en") == "rules of thumb"
    assert bot_label("ismcts:think=0.1", "en") == "tree search (think=0.1)"  # settings stay as they are
    assert bot_label("medium", "zh") == "中等"


def test_river_treks_end_boards_and_ravenous_rivers_marks_are_words() -> None:
    for text in ("Start board", "Final board"):  # the drawing names the end boards (never START, FINAL)
        _zh("river_trek", text)
    assert set(player_strings("river_trek")) >= {"Start board", "Final board"}
    for lang in ("en", "zh"):
        marks = [animal_mark(a, lang) for a in ANIMAL_MARKS]
        assert len(set(marks)) == len(marks), marks  # horse and hound no longer share "HO"
    assert all(HAN.fullmatch(animal_mark(a, "zh")) for a in ANIMAL_MARKS)
    assert load("ravenous-river").printed_content("zh")["animal_marks"]["hound"] == "犬"


def test_the_bank_is_a_river_bank_in_chinese() -> None:
    from riverbox.core.i18n import catalog_path

    assert "银行" not in catalog_path("ravenous_river", "zh").read_text(encoding="utf-8")
    rules = load("ravenous-river").rules_text("zh")
    assert "银行" not in rules and "河岸" in rules
    assert gettext("ravenous_river", "zh", "the bank") == "河岸"


def test_wrapped_chinese_lines_are_joined_and_nothing_else() -> None:
    text = "它会\n展开，\n钱最多\n\n- 列表\n- 项\n> 引用的\n> 一句\nEnglish\nwords\n第\n2 格"
    assert unwrap_cjk(text) == "它会展开，钱最多\n\n- 列表\n- 项\n> 引用的一句\nEnglish\nwords\n第\n2 格"
    assert unwrap_cjk("**粗体**\n接着") == "**粗体**接着"
    assert close_cjk_gaps("<strong>放置。</strong> 从这里") == "<strong>放置。</strong>从这里"
    assert close_cjk_gaps("玩家 1 和 <em>riverbox</em> 的") == "玩家 1 和 <em>riverbox</em> 的"


@pytest.mark.parametrize("game", [i.name for i in own_games()])
def test_the_chinese_rules_have_no_space_between_chinese_characters(game: str) -> None:
    page = rules_html(game, "zh")
    text = html.unescape(re.sub(r"<[^>]+>", "|", INLINE.sub("", page)))
    gaps = [text[max(0, m.start() - 6) : m.end() + 6] for m in GAP.finditer(text)]
    assert not gaps, gaps[:5]
    assert "<strong>" in page  # emphasis still renders (its marks needed the spaces that were taken out)
    terminal = load(game).rules_text("zh")
    assert not re.search(rf"[{CJK}]\n[ \t]*[{CJK}]", terminal)


def test_the_chinese_marks_and_bot_names_on_pages(live_server: str, browser: Any) -> None:
    with httpx.Client(base_url=live_server, timeout=60) as api:
        body = {"game": "ravenous-river", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
        table = api.post("/api/tables", json=body).json()

        def placed(public: dict[str, Any]) -> bool:
            view = public["view"]
            return len(view.get("bank") or []) + sum(len(b or []) for b in view.get("boats") or []) >= 3

        play_until(api, table, placed, seed=3)
        api.post(
            "/api/tables",
            json={"game": "river-rivals", "seats": [{"kind": "open"}, {"kind": "bot", "bot": "strong"}]},
        )
    page = browser.new_context(locale="zh-CN").new_page()
    page.goto(f"{live_server}/tables/{table['id']}")
    page.wait_for_selector("body[data-seq] .rr-animal")
    # each animal on the table is its picture and its name: the names are Chinese words
    names = page.eval_on_selector_all(".rr-animal .rr-name", "ns => ns.map(n => n.textContent)")
    assert names and all(HAN.search(n) and not re.search(r"[A-Za-z]", n) for n in names), names
    page.goto(f"{live_server}/")
    page.wait_for_selector("#table-list tr")
    listed = page.inner_text("#table-list")
    assert "机器人 1 · 最强" in listed and not re.search(r"[A-Za-z]{2,}", listed), listed
