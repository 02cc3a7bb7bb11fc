"""Each game's table in the middle of play, photographed at a desktop and a phone size.

Each game is played through the API to a moment worth showing (Ravenous River just after a round
was scored, its report unfolded; River Rivals just after a fish check caught; River Wild and
River Trek a few moves in), then a seat's page is held to what every table page must do (nothing
scrolls sideways, axe finds nothing serious) and photographed at 1280x800 and 390x844, the
pictures shrunk to a palette of 256 colours. They go to a temporary folder, or to
``$RIVERBOX_SCREENSHOTS``: the pictures of docs/server.md (one is on the README) are made with

    RIVERBOX_SCREENSHOTS=docs/screenshots python -m pytest -q -n 0 tests/server/test_screenshots.py
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image

from tests.server.conftest import ARGS, CHROMIUM, Chooser, CspTolerant, play_until
from tests.server.test_game_tables import SIZES, no_sideways_scroll, watch_errors
from tests.server.test_table_stories import check_fish, round_scored, stack_one_column
from tests.server.test_web_access import serious

LARGEST = 200_000
"""Bytes a shrunk screenshot may take at most (docs/server.md carries eight)."""


SCENES: dict[str, dict[str, Any]] = {
    "ravenous-river": {"players": 3, "options": {}, "done": round_scored, "choose": None},
    "river-rivals": {
        "players": 2,
        "options": {"mode": "basic"},
        "done": lambda b: bool(check_fish(b)),
        "choose": stack_one_column,
    },
    "river-wild": {"players": 1, "options": {}, "moves": 8, "choose": None},
    "river-trek": {"players": 3, "options": {"variant": "full"}, "moves": 36, "choose": None},
}


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("RIVERBOX_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shrink(path: Path) -> None:
    """Rewrite a screenshot with a palette of 256 colours (a third of the bytes; text stays crisp)."""
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


@pytest.mark.parametrize("game", list(SCENES))
def test_a_table_in_play_fits_both_screens_and_is_photographed(
    live_server: str, game: str, tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing (scripts/test installs it)")
    scene = SCENES[game]
    api = httpx.Client(base_url=live_server, timeout=60)
    body = {"game": game, "players": scene["players"], "options": scene["options"]}
    names = ["Ada", "Bao", "Chen", "Dara"]  # named seats, as people at a real table are
    seats = [{"kind": "human", "name": names[i]} for i in range(scene["players"])]
    table = api.post("/api/tables", json={**body, "seats": seats}).json()
    choose: Chooser | None = scene["choose"]
    folder = shots_dir(tmp_path)
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = CspTolerant(pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS))
        context = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
        page = context.new_page()
        watch_errors(page, errors)
        page.goto(table["seats"][0]["url"])
        page.wait_for_selector("body[data-seq]")
        start = int(page.get_attribute("body", "data-seq") or 0)
        done = scene.get("done") or (lambda b: b["seq"] >= start + scene["moves"])  # one event a move

        def follow(public: dict[str, Any]) -> None:  # the page sees every move, as a player's would
            page.wait_for_selector(f"body[data-seq='{public['seq']}']", timeout=15000)

        public = play_until(api, table, done, choose, seed=2, settle=follow)
        page.wait_for_selector(f"body[data-seq='{public['seq']}'] #board > *")
        if game == "ravenous-river":
            page.click(".rr-report button.all-steps")
        no_sideways_scroll(page, game)
        assert not serious(page), serious(page)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            path = folder / f"{game}-{size}.png"
            page.screenshot(path=str(path))
            shrink(path)
            with Image.open(path) as shot:
                assert shot.size == (width, height)
            assert path.stat().st_size <= LARGEST, f"{path.name}: {path.stat().st_size} bytes"
        browser.close()
    assert not errors, errors
