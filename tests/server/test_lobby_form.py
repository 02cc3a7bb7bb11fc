"""The lobby's form in chromium, through the page alone (issue 24, item 1).

Every game is created from the lobby with its defaults and with each option changed by its own
control (a checkbox, a select or a number); the created table's options are then read back from
the server. Errors the page can see and errors the server names appear next to the field at fault;
``/?game=NAME`` opens the form with that game; seat choices outlive a change of player count; the
Chinese lobby shows no English word. One server and one browser serve the whole module.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from riverbox.core.options import OptionSpec
from riverbox.registry import games
from riverbox.server.app import Settings, create_app
from riverbox.server.server_load import free_port
from tests.server.conftest import ARGS, CHROMIUM, CspTolerant, own_games


def _changed(option: OptionSpec) -> Any:
    """A value other than the default that the option allows."""
    if option.choices is not None:
        return next(c for c in option.choices if c != option.default)
    if isinstance(option.default, bool):
        return not option.default
    if option.maximum is None or option.default + 1 <= option.maximum:
        return option.default + 1
    return option.default - 1


CASES = [(info.name, None, None) for info in own_games()] + [
    (info.name, option.name, _changed(option)) for info in own_games() for option in info.options
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    db = tmp_path_factory.mktemp("lobby") / "web.db"
    app = create_app(Settings(f"sqlite:///{db}"))
    live = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=live.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not live.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    live.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing (scripts/test installs it)")
    with sync_playwright() as pw:
        browser = CspTolerant(pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS))
        yield browser
        browser.close()


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


def _open(page: Any, server: str, game: str, lang: str = "en") -> None:
    page.goto(f"{server}/?game={game}&lang={lang}")
    page.wait_for_selector("form#create[data-ready]")


def _set(page: Any, spec: OptionSpec, value: Any, lang: str = "en") -> None:
    """Change one option as a person would: tick, choose by its words, or type a number."""
    control = page.locator(f"#option-{spec.name}")
    if isinstance(spec.default, bool):
        control.set_checked(bool(value))
    elif spec.choices is not None:
        label = spec.choice_labels[spec.choices.index(value)] if spec.choice_labels else str(value)
        control.select_option(label=label)
    else:
        control.fill(str(value))


def _create(page: Any) -> str:
    """Press "Create table" and return the new table's id (from the spectators' link shown)."""
    page.click("form#create button[type=submit]")
    link = page.wait_for_selector("#created:not([hidden]) a[href*='/tables/']:not([href*='#'])")
    href = link.get_attribute("href") or ""
    match = re.search(r"/tables/([\w-]+)$", href)
    assert match, href
    return match.group(1)


@pytest.mark.parametrize(
    ("game", "name", "value"), CASES, ids=[f"{g}-{n or 'defaults'}" for g, n, _v in CASES]
)
def test_every_game_is_created_from_the_lobby_with_defaults_and_each_option_changed(
    page: Any, server: str, game: str, name: str | None, value: Any
) -> None:
    info = next(i for i in games() if i.name == game)
    _open(page, server, game)
    assert page.input_value("#game") == game
    # the controls carry the defaults: a checkbox is ticked exactly when the default is true
    for spec in info.options:
        control = page.locator(f"#option-{spec.name}")
        if isinstance(spec.default, bool):
            assert control.get_attribute("type") == "checkbox" and control.is_checked() is spec.default
        elif spec.choices is not None:
            assert control.evaluate("n => n.tagName") == "SELECT"
        else:
            assert control.get_attribute("type") == "number"
            assert control.get_attribute("min") == str(spec.minimum)
            assert control.get_attribute("max") == str(spec.maximum)
            assert control.input_value() == str(spec.default)
    if name is not None:
        _set(page, info.option(name), value)
    table = _create(page)
    summary = httpx.get(f"{server}/api/tables/{table}", timeout=30).json()
    expected = info.defaults() | ({} if name is None else {name: value})
    assert {k: summary["options"][k] for k in expected} == expected
    assert "null" not in page.inner_text("#created")  # the stray "null" under the button is gone


def test_errors_are_shown_next_to_the_field_at_fault(page: Any, server: str) -> None:
    _open(page, server, "ravenous-river")
    # one the page sees itself: a number out of its range
    page.fill("#option-target", "0")
    page.click("form#create button[type=submit]")
    error = page.locator("#error-options-target")
    error.wait_for(state="visible")
    assert "1" in error.inner_text() and "99" in error.inner_text()
    assert page.get_attribute("#option-target", "aria-invalid") == "true"
    assert page.locator("#created").is_hidden()
    # one only the server knows: seat 5 cannot start a 3-player game
    page.fill("#option-target", "6")
    page.fill("#players", "3")
    page.fill("#option-first_player", "5")
    page.click("form#create button[type=submit]")
    error = page.locator("#error-options-first_player")
    error.wait_for(state="visible")
    assert "first_player=5" in error.inner_text()
    assert page.locator("#error-options-target").is_hidden()
    assert page.locator("#created").is_hidden() and page.inner_text("#create-error") == ""
    # the clock's range, next to the clock
    page.fill("#option-first_player", "-1")
    page.fill("#clock", "0")
    page.click("form#create button[type=submit]")
    page.locator("#error-clock").wait_for(state="visible")
    assert httpx.get(f"{server}/api/tables", timeout=30).json() == [] or all(
        t["players"] != 3 or t["game"] != "ravenous-river" for t in httpx.get(f"{server}/api/tables").json()
    )


def test_a_refusal_next_to_its_field_is_in_the_readers_language(chromium: Any, server: str) -> None:
    page = chromium.new_context(locale="zh-CN").new_page()
    _open(page, server, "ravenous-river", "zh")
    page.fill("#players", "3")
    page.fill("#option-first_player", "5")
    page.click("form#create button[type=submit]")
    error = page.locator("#error-options-first_player")
    error.wait_for(state="visible")
    assert CJK.search(error.inner_text()) and not LATIN.search(error.inner_text()), error.inner_text()
    page.fill("#option-target", "100")
    page.click("form#create button[type=submit]")
    page.locator("#error-options-target").wait_for(state="visible")
    said = page.inner_text("#error-options-target")
    assert "1" in said and "99" in said and CJK.search(said), said
    page.context.close()


def test_the_game_in_the_address_is_chosen_and_the_rules_link_to_it(page: Any, server: str) -> None:
    for info in own_games():
        _open(page, server, info.name)
        assert page.input_value("#game") == info.name
        assert page.get_attribute("#rules-link", "href") == f"/rules/{info.name}"
        page.goto(f"{server}/rules/{info.name}")
        page.click(f"a[href='/?game={info.name}']")
        page.wait_for_selector("form#create[data-ready]")
        assert page.input_value("#game") == info.name
    page.goto(f"{server}/?game=no-such-game")
    page.wait_for_selector("form#create[data-ready]")
    assert page.input_value("#game") == games()[0].name


def test_seat_choices_survive_a_change_of_player_count(page: Any, server: str) -> None:
    _open(page, server, "ravenous-river")
    page.fill("#players", "4")
    page.select_option("#seat-1-kind", "bot")
    page.select_option("#seat-1-bot", "strong")
    page.select_option("#seat-2-kind", "here")
    page.select_option("#seat-3-kind", "human")
    page.fill("#players", "2")
    assert page.locator("#seat-2-kind").count() == 0
    assert page.input_value("#seat-1-kind") == "bot" and page.input_value("#seat-1-bot") == "strong"
    page.fill("#players", "5")
    assert page.input_value("#seat-1-kind") == "bot" and page.input_value("#seat-1-bot") == "strong"
    assert page.input_value("#seat-2-kind") == "here" and page.input_value("#seat-3-kind") == "human"
    assert page.input_value("#seat-4-kind") == "open"
    page.fill("#name", "Ada")
    table = _create(page)
    summary = httpx.get(f"{server}/api/tables/{table}", timeout=30).json()
    seats = summary["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human", "human", "open"]
    assert seats[0]["name"] == "Ada" and seats[1]["bot"] == "strong"


CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{2,}")
ALLOWED_LATIN = {"riverbox", "English"}
"""Latin words a Chinese lobby may show: the program's name and the switch back to English."""


@pytest.mark.usefixtures("only_own_games")
@pytest.mark.parametrize("game", [i.name for i in own_games()])
def test_the_chinese_lobby_shows_no_english(chromium: Any, server: str, game: str) -> None:
    page = chromium.new_context(locale="zh-CN").new_page()
    page.goto(f"{server}/?game={game}")
    page.wait_for_selector("form#create[data-ready]")
    assert page.get_attribute("html", "lang") == "zh-Hans"
    if page.get_attribute("#players", "readonly") is None:
        page.fill("#players", page.get_attribute("#players", "max") or "1")
    for select in page.locator("[data-seat-kind]").all():
        if select.locator("option[value=bot]").count():
            select.select_option("bot")
            break
    # the form, with every option's words, the bots' names and every choice (select options are not "shown")
    shown = page.inner_text("form#create") + " ".join(
        page.eval_on_selector_all("form#create option", "ns => ns.map(n => n.textContent)")
    )
    attributes = page.eval_on_selector_all(
        "form#create [aria-label], form#create [title]",
        "ns => ns.map(n => (n.getAttribute('aria-label') || '') + ' ' + (n.getAttribute('title') || ''))",
    )
    words = [w for text in [shown, *attributes] for w in LATIN.findall(text) if w not in ALLOWED_LATIN]
    assert not words, words[:10]
    assert CJK.search(page.inner_text(".lobby-help >> nth=0"))
    page.context.close()


def test_lobby_screenshots(chromium: Any, server: str, tmp_path: Path) -> None:
    """The lobby at a desktop and a phone size in both languages (looked at by a person)."""
    out = Path(os.environ.get("RIVERBOX_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "zh"):
        for width, height in ((1280, 800), (390, 844)):
            context = chromium.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            _open(page, server, "river-rivals", lang)
            page.screenshot(path=str(out / f"lobby-{lang}-{width}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing runs off a phone
            context.close()


def test_the_time_control_and_the_rated_choice_reach_the_table(page: Any, server: str) -> None:
    _open(page, server, "river-rivals")
    page.fill("#clock", "60")
    page.fill("#bank", "600")
    page.fill("#timeouts", "2")
    page.uncheck("#rated")
    table = _create(page)
    summary = httpx.get(f"{server}/api/tables/{table}", timeout=30).json()
    clocks = summary["clocks"]
    assert (clocks["move"], clocks["bank"], clocks["timeouts"]) == (60, 600, 2)
    assert summary["rated"] is False
    # a count out of range is caught on the page, next to its field, and nothing is sent
    _open(page, server, "river-rivals")
    page.fill("#clock", "60")
    page.fill("#timeouts", "0")
    page.click("button[type=submit]")
    page.locator("#error-timeouts").wait_for(state="visible")
