"""The replay viewer in chromium: one screen, drawn as the table is, with controls that need no font.

For each game a whole game is played through the API, then its replay page is opened at
1280x800 and 390x844 and looked at at the start, in the middle and at the end: at 1280x800 the
board (drawn by the game's own module, with its pictures), the step controls and the position
are in view without scrolling the page (the moves wait in a side panel); at 390x844 the page is
at most two screens tall with the controls in them. The step buttons draw their arrows as SVG
and carry their names in words (the old ⏮/⏭ glyphs were empty boxes where a font lacked them).
A move in the list jumps there; axe finds nothing serious; nothing scrolls sideways.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from tests.server.test_game_tables import SIZES, watch_errors
from tests.server.test_table_looks import inside
from tests.server.test_web_access import serious

GAMES: dict[str, dict[str, Any]] = {
    "ravenous-river": {"players": 2, "options": {"target": 1}, "root": ".rr"},
    "river-rivals": {"players": 2, "options": {"mode": "basic"}, "root": ".rv"},
    "river-wild": {"players": 1, "options": {}, "root": ".rw"},
    "river-trek": {"players": 2, "options": {"variant": "full"}, "root": ".rt"},
}


def play_out(server: str, game: str, spec: dict[str, Any]) -> tuple[str, int]:
    """A whole game of random legal moves through the API: the table's id and its number of moves."""
    api = httpx.Client(base_url=server, timeout=60)
    body = {"game": game, "players": spec["players"], "options": spec["options"]}
    table = api.post("/api/tables", json={**body, "seats": [{"kind": "human"}] * spec["players"]}).json()
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    rng = random.Random(4)
    moves = 0
    while True:
        public = api.get(f"/api/tables/{table['id']}/state").json()
        if public["over"]:
            return table["id"], moves
        seat = public["to_move"][0]
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        mine = api.get(f"/api/tables/{table['id']}/state", headers=headers).json()
        action = rng.choice(mine["legal"])["action"]
        r = api.post(
            f"/api/tables/{table['id']}/actions", json={"action": action, "seq": mine["seq"]}, headers=headers
        )
        assert r.status_code == 200, r.text
        moves += 1


@pytest.mark.parametrize("game", list(GAMES))
def test_the_replay_fits_one_screen_and_steps_with_drawn_controls(
    live_server: str, browser: Any, game: str
) -> None:
    spec = GAMES[game]
    table, moves = play_out(live_server, game, spec)
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    watch_errors(page, errors)
    page.goto(f"{live_server}/tables/{table}/replay")
    page.wait_for_selector(f"#board > {spec['root']}")
    assert page.get_attribute("#step", "max") == str(moves)
    for button in ("#first", "#prev", "#next", "#last"):
        assert page.locator(f"{button} svg.icon path").count() == 1, f"{button} draws its arrow"
        assert page.get_attribute(button, "aria-label"), f"{button} is named in words"
        text = page.inner_text(button)
        assert not set(text) & set("◀▶⏮⏭|"), f"{button} leans on a glyph: {text!r}"
    page.click("#next")
    assert page.inner_text("#move").startswith("Move 1 of")
    page.click(f"#moves li:nth-child({moves // 2 + 1}) button")  # a move in the list jumps to it
    assert page.input_value("#step") == str(moves // 2)
    for where in (0, moves // 2, moves):
        page.evaluate(
            "n => { const s = document.getElementById('step'); s.value = n;"
            " s.dispatchEvent(new Event('input')); }",
            where,
        )
        assert page.inner_text("#step-label") == f"{where} / {moves}"
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(100)
            tall = page.evaluate("document.documentElement.scrollHeight")
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, f"{game} at move {where} scrolls sideways at {size}: {wide}px"
            assert page.locator("#board img.art, #board svg").count() >= 1, "drawn as the table is"
            if size == "desktop":
                assert tall <= height, f"{game} at move {where} scrolls at {size}: {tall}px"
                for part in ("#board", ".replay-controls", "#move", "#step-label", "#moves-drawer"):
                    box = page.locator(part).bounding_box()
                    assert inside(box, width, height), f"{part} is out of view at move {where}: {box}"
                assert page.locator(".topbar").bounding_box()["height"] <= 64  # type: ignore[index]
            else:
                assert tall <= 2 * height, f"{game} at move {where} is {tall}px tall at {size}"
                box = page.locator(".replay-controls").bounding_box()
                assert box is not None and box["y"] + box["height"] <= 2 * height
        page.set_viewport_size({"width": 1280, "height": 800})
    assert not serious(page), serious(page)
    assert not errors, errors
