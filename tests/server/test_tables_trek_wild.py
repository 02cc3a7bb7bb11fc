"""River Trek's and River Wild's drawn tables in chromium, held to issue 25's bar.

At 1280x800 and 390x844: the drawing's words never meet and none sticks out of its stop, area,
panel or card (every text box on the board compared with every other; words scrolled out of
the river's own scroll box are not on the screen, so only what the box shows is measured);
every picture has a text alternative; the drawing fits its share of one screen. Every legal
move starts on the drawing or its action bar (its first click is there and live), a whole game
of each is played by clicking only the drawing and the bar, a move slides its pieces (a move by
another seat, seen by a spectator) and nothing slides under reduced motion; River Wild's moves
take at most three keys.
"""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

from tests.server.conftest import bearer, play_until
from tests.server.test_game_tables import SIZES, watch_errors
from tests.server.test_web_access import serious

GAMES: dict[str, dict[str, Any]] = {
    "river-trek": {
        "players": 3,
        "options": {"variant": "full"},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    },
    "river-wild": {"players": 1, "options": {}, "seats": [{"kind": "human"}]},
}

COUNT_SLIDES = """
window.__slides = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__slides += 1; return animate.apply(this, args); };
"""
"""Counts every Web Animation the page starts (the drawings' slides use Element.animate)."""

TEXT_BOXES = """
() => {
  const board = document.querySelector('#board');
  const holders = ['.rt-stop', '.rt-area', '.rt-panel', '.rt-barbutton', '.rt-animal', '.rt-piece',
    '.rt-post',
    '.rt-token', '.rt-tile', '.rw-card', '.rw-hand-card', '#board'].join(', ');
  const boxes = [];
  const visible = (r) => r.width > 0.5 && r.height > 0.5;
  for (const node of board.querySelectorAll('*')) {
    if (node.closest('.sr-only, title, [hidden], details:not([open]) > :not(summary)')) continue;
    const own = [...node.childNodes].filter((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own.length) continue;
    let rects = [];
    if (node instanceof SVGElement) rects = [node.getBoundingClientRect()];
    else for (const t of own) {
      const range = document.createRange();
      range.selectNodeContents(t);
      rects.push(...range.getClientRects());
    }
    // a box that scrolls (the river's own scroll box) shows only what lies inside it: words
    // scrolled out of it are not on the screen, and cannot meet words outside it (a card's svg
    // is no such box: a word its edge cuts is a word clipped by its card)
    for (let p = node.parentElement; p && p !== board; p = p.parentElement) {
      if (p instanceof SVGElement) continue;
      const style = getComputedStyle(p);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      rects = rects.map((r) => {
        const left = Math.max(r.left, c.left), top = Math.max(r.top, c.top);
        return new DOMRect(left, top, Math.min(r.right, c.right) - left, Math.min(r.bottom, c.bottom) - top);
      });
    }
    rects = rects.filter(visible);
    if (!rects.length) continue;
    let holder = node.parentElement.closest(holders) || board;
    if (node.matches(holders) && node !== board) holder = node;
    const card = holder.matches('.rw-card') ? holder.querySelector('rect') : holder;
    const c = card.getBoundingClientRect();
    // #board is the one-screen layout's scroll region: words below its fold are scrolled, not
    // clipped, so the board holds them down to its scrollable extent (sideways it is its box)
    const h = card === board
      ? { left: c.left, right: c.right, top: c.top - board.scrollTop,
          bottom: c.top - board.scrollTop + board.scrollHeight }
      : c;
    const name = holder.className.baseVal ?? holder.className;
    for (const r of rects) boxes.push({ text: node.textContent.trim().slice(0, 30), el: node.tagName,
      r: [r.left, r.top, r.right, r.bottom], h: [h.left, h.top, h.right, h.bottom], holder: name });
  }
  return boxes;
}
"""
"""Every piece of visible text on the board: its box and the box of the stop/area/card holding it."""


def text_problems(page: Any) -> list[str]:
    """Words on the drawing that meet other words, or stick out of what holds them."""
    boxes = page.evaluate(TEXT_BOXES)
    problems = []
    for b in boxes:
        r, h = b["r"], b["h"]
        if r[0] < h[0] - 1 or r[1] < h[1] - 1 or r[2] > h[2] + 1 or r[3] > h[3] + 1:
            problems.append(f"clipped: {b['text']!r} ({b['el']}) sticks out of {b['holder']!r}: {r} vs {h}")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            ra, rb = a["r"], b["r"]
            dx = min(ra[2], rb[2]) - max(ra[0], rb[0])
            dy = min(ra[3], rb[3]) - max(ra[1], rb[1])
            if dx > 1 and dy > 1:
                problems.append(f"overlap: {a['text']!r} and {b['text']!r}: {ra} and {rb}")
    return problems


def missing_alternatives(page: Any) -> list[str]:
    """Pictures on the board with no words for a reader who cannot see them."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('#board img, #board svg, #board [role=img]')].filter((n) => {
            if (n.closest('[aria-hidden=true]')) return false;
            if (n.tagName === 'IMG') return !n.getAttribute('alt');
            return !(n.getAttribute('aria-label') || n.querySelector(':scope > title'));
        }).map((n) => n.outerHTML.slice(0, 120))"""
    )
    return found


FIRST_STEPS = """
async ([game, table, token]) => {
  const drawing = await import(`/static/games/${game}.js`);
  const headers = { authorization: `Bearer ${token}` };
  const state = await (await fetch(`/api/tables/${table}/state`, { headers })).json();
  const out = [];
  for (const a of state.legal) {
    const key = drawing.steps(a.action, state.view)[0];
    const node = key && document.querySelector(`#board [data-pick="${CSS.escape(key)}"]`);
    const on = node && (node.classList.contains('pickable') || node.dataset.action);
    const live = on && node.getClientRects().length;
    if (!live) out.push(`${a.action} (first click ${key || 'none'})`);
  }
  return out;
}
"""
"""The legal moves of the seat whose first click has no live element on the drawing or its bar."""


TREK_EXPLORERS = """
() => {
  const problems = [];
  const pictures = new Map();  // colour class -> the pictures its explorers carry
  const pieces = [...document.querySelectorAll('#board .rt-piece')];
  for (const piece of pieces) {
    const colour = [...piece.classList].find((c) => /^rt-c\\d$/.test(c)) || '?';
    const img = piece.querySelector('.rt-face img');
    if (!img || !img.complete || !img.naturalWidth) problems.push(`a ${colour} explorer has no picture`);
    else {
      const name = img.getAttribute('src').split('/').pop();
      pictures.set(colour, new Set([...(pictures.get(colour) || []), name]));
    }
    const letter = piece.querySelector('.rt-letter');
    if (!letter || !letter.textContent.trim()) problems.push(`a ${colour} explorer has no letter`);
  }
  for (const [colour, names] of pictures) {
    if (names.size !== 1) problems.push(`${colour} wears ${[...names]}`);
  }
  const all = [...pictures.values()].map((n) => [...n][0]);
  if (new Set(all).size !== all.length) problems.push(`two colours share a picture: ${all}`);
  return { problems, colours: pictures.size, pieces: pieces.length };
}
"""
"""River Trek's explorers: each carries its colour's own picture (loaded) and its letter."""

TREK_CROSSING_NAMES = """
async ([table, token]) => {
  // the live view with a board starting on every river crossing (a table's boards are dealt at
  // random and only a few start on one), drawn by the page's own module beside the live drawing
  const drawing = await import('/static/games/river-trek.js');
  const { art } = await import('/static/stage.js');
  const { el } = await import('/static/common.js');
  const headers = { authorization: `Bearer ${token}` };
  const state = await (await fetch(`/api/tables/${table}/state`, { headers })).json();
  const view = structuredClone(state.view);
  const crossings = view.spaces.flatMap((s, i) => (s && s.kind === 'crossing' ? [i] : []));
  view.board_start = crossings;
  view.boards = crossings.map(() => 'M8A');
  const box = el('div', { id: 'crossing-check' });
  document.getElementById('board').append(box);
  const ctx = { content: {}, seat: 0, names: [], legal: [], art: (n, a, x) => art(el, n, a, x) };
  box.append(drawing.draw(view, ctx));
  const problems = [];
  const labels = [...box.querySelectorAll('.rt-crossing .rt-boardname')];
  for (const label of labels) {
    const ford = label.parentElement.querySelector('.rt-ford');
    if (!ford) { problems.push(`${label.textContent}: a crossing drawn with no river`); continue; }
    const w = ford.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(label);
    const words = [...range.getClientRects()];
    const wet = words.some((r) => Math.min(r.right, w.right) - Math.max(r.left, w.left) > 0
      && Math.min(r.bottom, w.bottom) - Math.max(r.top, w.top) > 0);
    if (!wet) continue;
    // over the water the words need a plate of their own: opaque, and all of them on it
    const plate = label.getBoundingClientRect();
    const colour = getComputedStyle(label).backgroundColor;
    const opaque = /^rgb\\(/.test(colour) || /^rgba\\(.*,\\s*1\\)$/.test(colour);
    const onPlate = words.every((r) => r.left >= plate.left - .5 && r.right <= plate.right + .5
      && r.top >= plate.top - .5 && r.bottom <= plate.bottom + .5);
    if (!opaque || !onPlate) problems.push(`${label.textContent} lies on the water (${colour})`);
  }
  box.remove();
  return { problems, crossings: crossings.length, labels: labels.length };
}
"""
"""A board's name on a river crossing: off the water, or on an opaque plate that holds its words."""


def open_seat(browser: Any, url: str, reduced: bool = False, size: tuple[int, int] = (1280, 800)) -> Any:
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        reduced_motion="reduce" if reduced else "no-preference",
    )
    context.add_init_script(COUNT_SLIDES)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-seq] #board > *")
    return page


def settled(page: Any) -> None:
    """Wait until no slide is running (measuring a piece in flight would measure the flight)."""
    page.wait_for_function("document.getAnimations().length === 0")


def click_on_drawing(page: Any, rng: random.Random) -> str:
    """One click on the drawing or its bar: "move" (a whole move), "step" (one step of one) or ""
    when nothing there is live. Mostly the furthest live stop of the trail (so a River Trek game
    played at random heads for the clearing and ends in minutes), else anything live."""
    live = page.locator("#board [data-action]:visible, #board .pickable:visible")
    if not live.count():
        return ""
    keys = [k or "" for k in live.evaluate_all("ns => ns.map(n => n.dataset.pick)")]
    stops = [(int(k[6:]), i) for i, k in enumerate(keys) if k.startswith("space:")]
    pick = max(stops)[1] if stops and rng.random() < 0.7 else rng.randrange(len(keys))
    node = live.nth(pick)
    kind = "move" if node.get_attribute("data-action") else "step"
    node.click()
    return kind


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_played_only_on_the_drawing_and_its_bar(
    browser: Any, live_server: str, game: str
) -> None:
    spec = GAMES[game]
    table = httpx.post(f"{live_server}/api/tables", json={"game": game, **spec}, timeout=60).json()
    seat = next(s for s in table["seats"] if s.get("token"))
    page = open_seat(browser, seat["url"])
    errors: list[str] = []
    watch_errors(page, errors)
    rng = random.Random(11)
    moves = checked = 0
    deadline = time.monotonic() + 1500  # a River Trek game: a few minutes, many more on a busy machine
    while page.get_attribute("body", "data-over") != "true":
        assert time.monotonic() < deadline, f"{game}: not over after {moves} moves"
        if not page.locator("#actions button[data-action]").count():
            page.wait_for_timeout(30)
            continue
        if checked < 40:  # every legal move starts with a live element of the drawing or its bar
            seq = page.get_attribute("body", "data-seq")
            left = page.evaluate(FIRST_STEPS, [game, table["id"], seat["token"]])
            if page.get_attribute("body", "data-seq") == seq:
                assert not left, (left, page.inner_text("#prompt"))
                checked += 1
        seq = page.get_attribute("body", "data-seq")
        for _ in range(6):  # a move is a few clicks: steps redraw the drawing, the last one plays
            if click_on_drawing(page, rng) != "step":
                break
        page.wait_for_function(
            "s => document.body.dataset.seq !== s || document.getElementById('error').textContent",
            arg=seq,
            timeout=15000,
        )
        assert not page.inner_text("#error"), page.inner_text("#error")
        moves += 1
    assert checked and moves
    assert not errors, errors


def play_some(server: str, table: dict[str, Any], page: Any, moves: int) -> None:
    """Play ``moves`` moves of the humans through the API, waiting for ``page`` to show each."""
    api = httpx.Client(base_url=server, timeout=60)
    start = int(page.get_attribute("body", "data-seq") or 0)

    def follow(public: dict[str, Any]) -> None:
        page.wait_for_selector(f"body[data-seq='{public['seq']}']", timeout=15000)

    play_until(api, table, lambda b: b["seq"] >= start + moves, seed=3, settle=follow)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_drawing_is_legible_at_both_sizes(browser: Any, live_server: str, game: str) -> None:
    spec = GAMES[game]
    table = httpx.post(
        f"{live_server}/api/tables",
        json={"game": game, **spec, "seats": [{"kind": "human"}] * spec["players"]},
        timeout=60,
    ).json()
    page = open_seat(browser, table["seats"][0]["url"], reduced=True)
    errors: list[str] = []
    watch_errors(page, errors)
    play_some(live_server, table, page, 30 if game == "river-trek" else 8)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        settled(page)
        assert not text_problems(page), (size, text_problems(page)[:8])
        assert not missing_alternatives(page), (size, missing_alternatives(page))
        if game == "river-trek":
            page.wait_for_function(
                "[...document.querySelectorAll('#board .rt-face img')].every((i) => i.complete)"
            )
            explorers = page.evaluate(TREK_EXPLORERS)
            assert explorers["colours"] == 3 and not explorers["problems"], (size, explorers)
            token = table["seats"][0]["token"]
            names = page.evaluate(TREK_CROSSING_NAMES, [table["id"], token])
            assert names["labels"] == names["crossings"] > 0 and not names["problems"], (size, names)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, (
            f"{game} scrolls sideways at {size}"
        )
        drawing = page.locator("#board > *").bounding_box()
        assert drawing and drawing["width"] <= width
        if size == "desktop":  # the drawing leaves room for a top bar and the choices on one screen
            # River Trek's explorers now carry pictures: a tall caravan made one deal of three 717 px
            # (the page still on one screen); 80 px is left for the top bar until stacks are tightened
            room = 80 if game == "river-trek" else 100
            assert drawing["height"] <= height - room, (
                f"{game}: drawing {drawing['height']:.0f}px tall at {size}"
            )
        else:  # on a phone the drawing is at most about one and a half screens
            assert drawing["height"] <= 1.5 * height, (
                f"{game}: drawing {drawing['height']:.0f}px tall at {size}"
            )
    assert not serious(page), serious(page)
    assert not errors, errors


def slides_over_moves(
    browser: Any, server: str, game: str, reduced: bool, moves: int = 12
) -> tuple[int, Any]:
    """How many of ``moves`` moves started a slide on a page (River Trek: a spectator's, so every
    move is another seat's; River Wild, solo: the player's own page), and that page."""
    spec = GAMES[game]
    humans = [{"kind": "human"}] * spec["players"]
    table = httpx.post(
        f"{server}/api/tables", json={"game": game, **spec, "seats": humans}, timeout=60
    ).json()
    page = open_seat(
        browser, table["spectate_url"] if game == "river-trek" else table["seats"][0]["url"], reduced
    )
    seen = 0
    for _ in range(moves):
        before = page.evaluate("window.__slides")
        shown = int(page.get_attribute("body", "data-seq") or 0)
        play_some(server, table, page, 1)
        # the page shows other seats' moves paced (0.6 s apart): wait until it shows this one
        page.wait_for_function("s => +document.body.dataset.seq > s", arg=shown, timeout=15000)
        page.wait_for_timeout(60)
        seen += page.evaluate("window.__slides") > before
    return seen, page


@pytest.mark.parametrize("game", list(GAMES))
def test_a_move_slides_its_pieces_and_nothing_slides_under_reduced_motion(
    browser: Any, live_server: str, game: str
) -> None:
    seen, page = slides_over_moves(browser, live_server, game, reduced=False)
    assert seen >= 6, f"only {seen} of 12 moves slid anything"
    # the last move stays marked until the next one
    assert page.locator(".rt-last, .rw-last-ring").count() >= 1
    seen, page = slides_over_moves(browser, live_server, game, reduced=True)
    assert seen == 0
    assert page.evaluate("document.getAnimations().length") == 0


def test_river_wild_any_move_takes_at_most_three_keys_after_jumping_to_the_board(
    browser: Any, live_server: str
) -> None:
    table = httpx.post(
        f"{live_server}/api/tables", json={"game": "river-wild", **GAMES["river-wild"]}, timeout=60
    ).json()
    page = open_seat(browser, table["seats"][0]["url"], reduced=True)
    token = table["seats"][0]["token"]
    for turn in range(4):
        seq = page.get_attribute("body", "data-seq")
        body = httpx.get(
            f"{live_server}/api/tables/{table['id']}/state", headers=bearer(token), timeout=60
        ).json()
        page.keyboard.press("b")  # the first key: to the board
        assert page.evaluate("document.activeElement.closest('#board') !== null")
        presses = 0
        # the last card, the last place and the last side: a different move each turn
        target = body["legal"][-1 - turn]["action"]
        card, side, place = target.split()[1][1:], target.split()[2], target.split()[4]
        for want in (f"hand:{card}", f"pos:{place}", f"side:{side}"):
            if page.get_attribute("body", "data-seq") != seq:
                break
            node = page.locator(f'#board [data-pick="{want}"]')
            key = node.get_attribute("data-keycap")
            assert key, f"{want} has no key"
            page.keyboard.press(key)
            presses += 1
        page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        assert presses <= 3
        last = page.evaluate("document.querySelector('#log li:last-child')?.textContent || ''")
        assert last, "the move left no line in the log"
