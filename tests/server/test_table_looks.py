"""Ravenous River's and River Rivals' tables as a player sees them, in chromium (issue 25).

At 1280x800 the board, the hand, the choices and the players' panel are all in view without
scrolling the page; at 390x844 the choices are within one screen of scrolling and the page is at
most two screens tall. On the drawing no two text labels intersect and none spills out of its
card; every picture has a text alternative. A move by another seat moves its piece with an
animation (none under reduced motion). Every legal action is a ``data-action`` element, and each
is reachable on the drawing or in the action bar, not only in the fallback list; a whole game is
played by clicking the drawing, its step choices and the action bar only; B and digit keys play
a move in a few presses. axe finds nothing serious.
"""

from __future__ import annotations

import random
import time
from itertools import pairwise
from typing import Any

import httpx
import pytest

from riverbox.games.ravenous_river.scoring import ANIMALS, ScoreStep, score_round
from tests.server.conftest import last_event, play_until, state
from tests.server.test_game_tables import SIZES, watch_errors
from tests.server.test_web_access import serious

GAMES: dict[str, dict[str, Any]] = {
    "ravenous-river": {"players": 3, "options": {}},
    "river-rivals": {"players": 2, "options": {"mode": "basic"}},
}
SHORT: dict[str, dict[str, Any]] = {  # a whole game in a minute or two
    "ravenous-river": {"players": 2, "options": {"target": 1}},
    "river-rivals": {"players": 2, "options": {"mode": "basic"}},
}
HAND = {"ravenous-river": ".rr-hand", "river-rivals": ".rv-hand"}

ANIMATED = """
window.__animated = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animated.push(this.dataset ? this.dataset.key || this.className : "?");
  return animate.apply(this, args);
};
"""
"""Counts every Web Animation the page starts (the FLIP moves use element.animate)."""

LABELS = """
() => {
  const board = document.getElementById("board");
  const cards = ".rr-slot, .rr-animal, .rr-boat, .rr-token, .game-card, .rv-card, .rv-colhead, .chip";
  const boxes = [];
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest(".sr-only, [hidden], details:not([open]) > :not(summary)")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const card = parent.closest(cards);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      boxes.push({ text: node.textContent.trim().slice(0, 30), l: r.left, t: r.top, r: r.right, b: r.bottom,
        card: card ? card.getBoundingClientRect().toJSON() : null });
    }
  }
  const problems = [];
  for (const box of boxes) {
    const c = box.card;
    if (c && (box.l < c.left - 1 || box.r > c.right + 1 || box.t < c.top - 1 || box.b > c.bottom + 1)) {
      problems.push(`clipped: ${box.text}`);
    }
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.r, b.r) - Math.max(a.l, b.l), h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
      if (w > 2 && h > 2) problems.push(`overlap: ${a.text} / ${b.text}`);
    }
  }
  return problems;
}
"""

REACHABLE = """
async (game) => {
  const module = await import(`/static/games/${game}.js`);
  const offered = new Set([...document.querySelectorAll("[data-action]")].map((n) => n.dataset.action));
  const list = [...document.querySelectorAll("#actions button[data-action]")].map((n) => n.dataset.action);
  const missing = [];
  for (const action of list) {
    if (!offered.has(action)) missing.push(`not offered: ${action}`);
    const key = CSS.escape(action);
    if (document.querySelector(`#board [data-action="${key}"], #action-bar [data-action="${key}"]`)) continue;
    let ways = module.steps(action) || [];
    if (ways.length && !Array.isArray(ways[0])) ways = [ways];
    const first = ways.map((w) => w[0]).filter((k) => k !== undefined);
    const drawn = (k) => document.querySelector(
      `#board [data-pick="${CSS.escape(k)}"]:is(.pickable, [data-action])`);
    if (!first.some(drawn)) {
      missing.push(`only in the list: ${action}`);
    }
  }
  return { missing, count: list.length };
}
"""


def make(server: str, game: str, spec: dict[str, Any]) -> dict[str, Any]:
    body = {"game": game, "players": spec["players"], "options": spec["options"]}
    table: dict[str, Any] = httpx.post(
        f"{server}/api/tables", json={**body, "seats": [{"kind": "human"}] * spec["players"]}
    ).json()
    return table


def to_seat_zero(server: str, table: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play a few moves at random, stopping where seat 0 has a move (its hand and choices are up)."""
    api = httpx.Client(base_url=server, timeout=60)
    token = table["seats"][0]["token"]
    moves = {"n": 0}

    def ready(public: dict[str, Any]) -> bool:
        moves["n"] += 1
        if moves["n"] < 4 or 0 not in public["to_move"]:
            return False
        mine = api.get(
            f"/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {token}"}
        ).json()
        return bool(mine["legal"])

    return play_until(api, table, ready, seed=seed)


def inside(box: dict[str, float] | None, width: int, height: int) -> bool:
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width + 1
        and (box["y"] + box["height"] <= height + 1)
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_fits_one_screen_and_its_labels_neither_overlap_nor_spill(
    live_server: str, browser: Any, game: str
) -> None:
    table = make(live_server, game, GAMES[game])
    public = to_seat_zero(live_server, table, seed=5)
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    watch_errors(page, errors)
    page.goto(table["seats"][0]["url"])
    page.wait_for_selector(f"body[data-seq='{public['seq']}'] #board > *")
    page.wait_for_selector("#actions button[data-action]", state="attached")
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)
        assert page.evaluate("document.querySelectorAll('img:not([alt])').length") == 0
        assert page.locator("#board img.art").count() >= 3, "the table has pictures"
        problems = page.evaluate(LABELS)
        assert not problems, f"{game} at {size}: {problems[:8]}"
        assert not serious(page), serious(page)
        tall = page.evaluate("document.documentElement.scrollHeight")
        choices = page.evaluate(
            "(() => { const n = document.querySelector("
            "'#board [data-action], #board .pickable, #action-bar button');"
            " return n ? n.getBoundingClientRect().top + scrollY : null; })()"
        )
        assert choices is not None, "the drawing offers the seat's moves"
        if size == "desktop":
            assert tall <= height, f"the page scrolls at {size}: {tall}px"
            for part in ("#board", HAND[game], "#prompt", "#players-panel", "#status"):
                box = page.locator(part).first.bounding_box()
                assert inside(box, width, height), f"{part} is not in view at {size}: {box}"
            assert page.locator("#status").bounding_box()["height"] <= 64  # type: ignore[index]
        else:
            assert tall <= 2 * height, f"the page is {tall}px tall at {size}"
            assert choices <= 2 * height - 40, f"the first choice is at {choices}px at {size}"
    assert not errors, errors


@pytest.mark.parametrize("game", list(GAMES))
def test_another_seats_move_animates_its_piece_unless_motion_is_reduced(
    live_server: str, browser: Any, game: str
) -> None:
    table = make(live_server, game, GAMES[game])
    api = httpx.Client(base_url=live_server, timeout=60)
    errors: list[str] = []
    pages = {}
    for still in (False, True):
        context = browser.new_context(
            viewport={"width": 1280, "height": 800}, reduced_motion="reduce" if still else None
        )
        context.add_init_script(ANIMATED)
        page = context.new_page()
        watch_errors(page, errors)
        page.goto(table["seats"][0]["url"])
        page.wait_for_selector("body[data-seq] #board > *")
        pages[still] = page
    moving, quiet = pages[False], pages[True]
    rng = random.Random(3)
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "no move of another seat moved a piece"
        public = api.get(f"/api/tables/{table['id']}/state").json()
        assert not public["over"]
        seat = public["to_move"][0]
        token = table["seats"][seat]["token"]
        mine = api.get(
            f"/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {token}"}
        ).json()
        action = rng.choice(mine["legal"])["action"]
        for page in pages.values():
            page.evaluate("window.__animated = []; document.body.dataset.moved = 0")
        api.post(
            f"/api/tables/{table['id']}/actions",
            json={"action": action, "seq": mine["seq"]},
            headers={"Authorization": f"Bearer {token}"},
        )
        after = api.get(f"/api/tables/{table['id']}/state").json()["seq"]
        for page in pages.values():
            page.wait_for_selector(f"body[data-seq='{after}']", timeout=15000)
        if seat != 0 and moving.evaluate("+document.body.dataset.moved") > 0:
            break
    assert moving.evaluate("window.__animated.length") > 0, "a moved piece animates"
    assert moving.locator("#board .last-move").count() > 0, "the last move stays marked"
    assert quiet.evaluate("+document.body.dataset.moved") > 0, "the same move moved a piece on the quiet page"
    assert quiet.evaluate("window.__animated.length") == 0, "no animation under reduced motion"
    assert not errors, errors


def click_a_drawn_move(page: Any, rng: random.Random) -> bool:
    """One move by clicking the drawing (through its steps) or the action bar, never the list."""
    for _ in range(4):
        targets = page.locator(
            "#board [data-action]:visible, #board .pickable:visible, #action-bar button[data-action]:visible"
        )
        if page.locator("#prompt button.cancel").count():
            targets = page.locator(
                "#board [data-action]:visible, #board .pickable:visible, #prompt button[data-action]"
            )
        if not targets.count():
            return False
        target = targets.nth(rng.randrange(targets.count()))
        done = target.get_attribute("data-action") is not None
        target.click()
        if done:
            return True
    return False


@pytest.mark.parametrize("game", list(SHORT))
def test_a_whole_game_is_played_on_the_drawing_and_the_action_bar_alone(
    live_server: str, browser: Any, game: str
) -> None:
    table = make(live_server, game, SHORT[game])
    errors: list[str] = []
    rng = random.Random(9)
    players = []
    for seat in table["seats"]:
        page = browser.new_context(
            viewport={"width": 1280, "height": 800}, reduced_motion="reduce"
        ).new_page()
        watch_errors(page, errors)
        page.goto(seat["url"])
        page.wait_for_selector("body[data-seq] #board > *")
        players.append(page)
    checked = moves = 0
    deadline = time.monotonic() + 600
    while players[0].get_attribute("body", "data-over") != "true":
        assert time.monotonic() < deadline, f"{game}: not over after {moves} moves"
        moved = False
        for page in players:
            if not page.locator("#actions button[data-action]").count():
                continue
            if checked < 25:
                reach = page.evaluate(REACHABLE, game)
                assert not reach["missing"], reach["missing"]
                checked += 1
            seq = page.get_attribute("body", "data-seq")
            if not click_a_drawn_move(page, rng):
                continue
            page.wait_for_function(
                "s => document.body.dataset.seq !== s || document.getElementById('error').textContent",
                arg=seq,
                timeout=15000,
            )
            error = page.inner_text("#error")
            assert not error or error.startswith("the table is at move"), error
            moves += 1
            moved = True
        if not moved:
            players[0].wait_for_timeout(50)
    page = players[0]
    page.wait_for_selector("#over:not([hidden])")
    assert page.locator("#over .over-winner").inner_text().strip()
    assert page.locator("#scores tr").count() == len(players)
    assert inside(page.locator("#over").bounding_box(), 1280, 800)
    assert not serious(page), serious(page)
    assert checked and moves
    assert not errors, errors


def test_b_and_digits_play_a_move_from_the_board(live_server: str, browser: Any) -> None:
    table = make(live_server, "river-rivals", GAMES["river-rivals"])
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    public = httpx.get(f"{live_server}/api/tables/{table['id']}/state").json()
    mover = public["to_move"][0]
    page.goto(table["seats"][mover]["url"])
    page.wait_for_selector("#board [data-action], #board .pickable")
    page.locator("body").click(position={"x": 1, "y": 1})
    page.keyboard.press("b")
    assert page.locator("[data-num='1']").count() == 1  # the board's choices are numbered
    presses = 0
    while page.get_attribute("body", "data-seq") == "0":
        assert presses < 3, "a move takes at most three digits after B"
        page.keyboard.press("1")
        presses += 1
        page.wait_for_timeout(200)
    assert presses >= 1


def test_the_hint_is_marked_on_the_drawing_at_every_step_and_says_why(live_server: str, browser: Any) -> None:
    table = make(live_server, "river-rivals", GAMES["river-rivals"])
    mover = httpx.get(f"{live_server}/api/tables/{table['id']}/state").json()["to_move"][0]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(table["seats"][mover]["url"])
    page.wait_for_selector("#board .pickable, #board [data-action]")
    page.click("#hint")
    page.wait_for_selector("#hint-box button[data-action]", timeout=60000)
    suggested = page.get_attribute("#hint-box button[data-action]", "data-action")
    assert "the next best" in page.inner_text("#hint-box")  # a reason from the values, not a share
    for _ in range(3):  # each step of the suggested move is marked where it is clicked
        step = page.locator("#board .hinted.pickable")
        if not step.count():
            break
        step.first.click()
        page.wait_for_selector("#prompt button.cancel")
    final = page.locator(
        f"#board .hinted[data-action='{suggested}'], #action-bar .hinted[data-action='{suggested}']"
    )
    assert final.count() >= 1, "the suggested move itself is marked on the drawing or the action bar"
    final.first.click()
    page.wait_for_selector("body:not([data-seq='0'])")


CROSSING = """
window.__crossing = [];
new MutationObserver(() => {
  const box = document.querySelector('.rr-crossing');
  if (!box) return;
  const seen = window.__crossing;
  const last = seen[seen.length - 1];
  if (last && last.step === box.dataset.step && last.round === box.dataset.round) return;
  const keys = (zone) => [...box.querySelectorAll(`[data-zone='${zone}'] [data-key]`)]
    .map((n) => n.dataset.key.slice(6));
  seen.push({ round: box.dataset.round, step: box.dataset.step, kind: box.dataset.kind, at: performance.now(),
    eaten: keys('x-eaten'), home: keys('x-home'), bank: keys('x-bank') });
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-step'] });
"""
"""Records every step of Ravenous River's crossing as it appears: which, when, and what is where."""


def test_ravenous_rivers_round_is_played_as_a_crossing_skippable_and_still_when_asked(
    live_server: str, browser: Any
) -> None:
    step_ms = 1500  # slow enough to act while it runs on a loaded machine
    table = make(live_server, "ravenous-river", {"players": 3, "options": {}})
    api = httpx.Client(base_url=live_server, timeout=60)
    errors: list[str] = []
    urls = {f"seat{s['seat']}": s["url"] for s in table["seats"]}
    urls |= {"watcher": table["spectate_url"], "quiet": table["spectate_url"]}
    pages = {}
    for name, url in urls.items():
        context = browser.new_context(
            viewport={"width": 1280, "height": 800}, reduced_motion="reduce" if name == "quiet" else None
        )
        context.add_init_script(f"window.RIVERBOX_STEP_MS = {step_ms};" + ANIMATED + CROSSING)
        page = context.new_page()
        watch_errors(page, errors)
        page.goto(url)
        page.wait_for_selector("body[data-seq] #board > *")
        pages[name] = page

    def settle(public: dict[str, Any]) -> None:
        for page in pages.values():
            page.wait_for_selector(f"body[data-seq='{public['seq']}']", timeout=15000)

    def crossed(body: dict[str, Any]) -> bool:
        event = last_event(body, "round_scored")
        return event is not None and any(event["boats"])  # something sails across

    public = play_until(api, table, crossed, seed=3, settle=settle)
    event = last_event(public, "round_scored")
    assert event is not None
    box = f".rr-crossing[data-round='{event['round']}']"
    # the engine's scoring of the round: who is eaten, who survives where
    told: list[ScoreStep] = []
    sailing = [None if event["status"][b] == "sunk" else event["boats"][b] for b in (0, 1)]
    score_round(event["bank"], sailing, event["row"], told)
    eaten = sorted(ANIMALS[v] for (_s, k, _a, v) in told if k == "eats")
    home = sorted(a for (_s, k, a, v) in told if k == "survives" and v == 2)
    bank = sorted(a for (_s, k, a, v) in told if k == "survives" and v == 1)

    # the seat to move plays while the crossing runs: the game is never held back, and the river
    # comes back as soon as its move goes on there (the animal it looked at is to be placed)
    mover = pages[f"seat{public['to_move'][0]}"]
    other = pages[f"seat{(public['to_move'][0] + 1) % 3}"]
    mover.wait_for_selector(f"{box}[data-state='running']")
    mover.locator("#board .rr-slot[data-action]").first.click()
    mover.wait_for_selector(f"body[data-seq='{public['seq'] + 1}']")
    mover.wait_for_selector(".rr-crossing", state="detached")
    assert mover.locator("#board .rr-river [data-pick='bank']").is_visible()

    # Escape skips to the end at once; then the button shows the table again
    other.wait_for_selector(f"{box}[data-state='running']")
    other.keyboard.press("Escape")
    assert other.get_attribute(box, "data-state") == "done"
    assert other.get_attribute(box, "data-step") == other.get_attribute(box, "data-steps")
    other.click(f"{box} button.rr-cross-skip")
    other.wait_for_selector(".rr-crossing", state="detached")
    assert other.locator("#board .rr-river").is_visible()

    # a spectator sees every step in order, STEP_MS apart, the animals moving, the end as scored
    watcher = pages["watcher"]
    watcher.wait_for_selector(f"{box}[data-state='done']", timeout=30000)
    steps = [s for s in watcher.evaluate("window.__crossing") if s["round"] == str(event["round"])]
    count = int(watcher.get_attribute(box, "data-steps") or 0)
    assert [s["step"] for s in steps] == [str(n) for n in range(1, count + 1)], steps
    assert count >= 3  # the positions, a boat crossing, the scores
    kinds = [s["kind"] for s in steps]
    order = ["start", "bank", "boat0", "boat1", "home", "scored"]
    assert kinds[0] == "start" and kinds[-1] == "scored" and kinds == sorted(kinds, key=order.index)
    assert steps[0]["eaten"] == [] and sorted(steps[0]["bank"]) == sorted(event["bank"])
    for a, b in pairwise(steps):
        assert b["at"] - a["at"] >= step_ms * 0.8, (a, b)
        assert set(a["eaten"]) <= set(b["eaten"])  # the pile only grows
    assert sorted(steps[-1]["eaten"]) == eaten
    assert sorted(steps[-1]["home"]) == home and sorted(steps[-1]["bank"]) == bank
    assert any(str(k).startswith("cross") for k in watcher.evaluate("window.__animated"))
    assert not serious(watcher), serious(watcher)

    # with reduced motion only the end is drawn: no step runs, nothing slides
    quiet = pages["quiet"]
    quiet.wait_for_selector(f"{box}[data-state='done']")
    shown = [s for s in quiet.evaluate("window.__crossing") if s["round"] == str(event["round"])]
    assert [s["step"] for s in shown] == [str(count)]
    assert sorted(shown[0]["eaten"]) == eaten
    assert not [k for k in quiet.evaluate("window.__animated") if str(k).startswith("cross")]
    assert not errors, errors


WIDEST = """
window.__widest = 0;
const look = () => {
  const root = document.documentElement;
  if (root) window.__widest = Math.max(window.__widest, root.scrollWidth - innerWidth);
  requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""
"""Tracks, every frame, how far the page ever reached past the window's width (slides included)."""

EVERY: dict[str, dict[str, Any]] = {  # a whole game of each, short where the game has options for it
    "ravenous-river": {"players": 2, "options": {"target": 1}},
    "river-rivals": {"players": 2, "options": {"mode": "basic"}},
    "river-wild": {"players": 1, "options": {}},
    "river-trek": {"players": 2, "options": {"variant": "full"}},
}


@pytest.mark.parametrize("game", list(EVERY))
def test_nothing_scrolls_sideways_on_a_phone_even_while_pieces_slide(
    live_server: str, browser: Any, game: str
) -> None:
    table = make(live_server, game, EVERY[game])
    api = httpx.Client(base_url=live_server, timeout=60)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(WIDEST)
    page = context.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(table["seats"][0]["url"])
    page.wait_for_selector("body[data-seq] #board > *")
    total = {"ravenous-river": 20, "river-rivals": 60, "river-wild": 16, "river-trek": 450}[game]
    seen = {"n": 0}

    def settle(public: dict[str, Any]) -> None:  # at the start, in the middle and at the end the
        seen["n"] += 1  # page follows move by move, its slides running as a player sees them
        if seen["n"] <= 6 or abs(seen["n"] - total // 2) <= 3:
            page.wait_for_selector(f"body[data-seq='{public['seq']}']", timeout=15000)
            page.wait_for_timeout(450)

    public = play_until(api, table, lambda b: b["over"], seed=6, settle=settle)
    page.wait_for_selector(f"body[data-seq='{public['seq']}']", timeout=15000)
    page.wait_for_timeout(450)
    assert seen["n"] > 6
    assert page.evaluate("document.body.dataset.moved") not in (None, "0"), "pieces slid meanwhile"
    assert page.evaluate("window.__widest") <= 0, f"{game} reached {page.evaluate('window.__widest')}px past"
    assert not errors, errors


HIT_TESTS = """
(block) => [...document.querySelectorAll("#board [data-action], #board .pickable")].flatMap((node) => {
  if (!node.getClientRects().length) return [];
  node.scrollIntoView({ block, inline: "nearest" });
  const r = node.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (top && (top === node || node.contains(top))) return [];
  const who = top ? `${top.tagName.toLowerCase()}#${top.id}.${[...top.classList].join(".")}` : "nothing";
  const where = `${Math.round(r.top)}px, ${Math.round(r.height)}px tall`;
  return [`${node.dataset.pick} (${block}): ${who} at ${where}`];
})
"""
"""Each move or step on the drawing, scrolled into view as a click scrolls it: what covers its centre."""


def test_every_move_on_the_drawing_can_be_clicked_however_long_the_action_bar(
    live_server: str, browser: Any
) -> None:
    """River Rivals' advanced mode lists an equipment move per animal and column in the action bar
    (Spring Boots: nine long buttons and more happen). The bar once took the board's whole height at
    1280x800: the draw pile, scrolled into view, sat under the board's card, the seat's name line
    or the bar itself, and a click never reached it. The deal is random, so the bar here is filled
    to thirty such buttons whatever the position offers."""
    table = make(live_server, "river-rivals", {"players": 2, "options": {"mode": "advanced"}})
    api = httpx.Client(base_url=live_server, timeout=60)
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    found: dict[str, Any] = {"moves": 0}

    def ready(public: dict[str, Any]) -> bool:  # a few moves in, a seat that can draw from its pile
        found["moves"] += 1
        for seat in public["to_move"] if found["moves"] > 6 else []:
            mine = state(api, table["id"], tokens[seat])
            if "draw" in {a["action"] for a in mine["legal"]}:
                found.update(seat=seat, seq=public["seq"])
                return True
        return False

    play_until(api, table, ready, seed=11)
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    watch_errors(page, errors)
    page.goto(table["seats"][found["seat"]]["url"])
    pile = "#board [data-pick='pile']:is([data-action], .pickable)"  # a move, or the first step of two
    page.wait_for_selector(f"body[data-seq='{found['seq']}'] {pile}")
    page.wait_for_selector("#seat-name-card")  # the unnamed seat's line sits above the board too
    page.evaluate(
        """() => { const bar = document.getElementById("action-bar");
        for (let n = 1; bar.children.length < 30; n += 1) {
          const filler = document.createElement("button");
          filler.type = "button";
          const from = n % 4 + 1, to = (n + 1) % 4 + 1;
          filler.textContent = `Spring Boots: move your Raccoon from column ${from} to column ${to}`;
          bar.append(filler);
        }
        bar.hidden = false; }"""
    )
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        for block in ("center", "nearest", "start", "end"):
            covered = page.evaluate(HIT_TESTS, block)
            assert not covered, f"at {size}: {covered}"
        if size == "desktop":  # the board keeps room to play on; the bar scrolls instead
            board = page.locator("#board").bounding_box()
            assert board is not None and board["height"] >= 0.4 * height, board
            assert page.evaluate("document.documentElement.scrollHeight") <= height
        page.locator(pile).click(trial=True, timeout=5000)
        page.locator("#action-bar button").last.click(trial=True, timeout=5000)  # the bar's end too
    assert not errors, errors
