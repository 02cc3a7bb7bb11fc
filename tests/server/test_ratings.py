"""Ratings: the pure rules (rated or not, places, who counts, openskill's update), the store
(a table is rated once), and a rated game's end changing both players on the leaderboard page.

Player identity (``seats.player_id``) is site-core's: until it lands, the end-to-end tests
stand in for it by naming each seat's player (``seat_players``), the one read it provides.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from riverbox.server import ratings as ratings_module
from riverbox.server.ratings import (
    REFERENCE_SIGMA,
    START_MU,
    START_SIGMA,
    Placed,
    elo_to_mu,
    is_rated,
    places,
    rate,
    rated_seats,
    reference_ratings,
)
from riverbox.store import social
from riverbox.store.db import SeatRow, Store, TableRow
from riverbox.store.social import Rating, RatingChange
from tests.server.conftest import bearer, new_table, state
from tests.server.test_languages import _english_words
from tests.server.test_web_access import serious


def test_a_table_is_rated_by_its_creators_choice_else_with_two_people() -> None:
    assert is_rated({}, ["human", "open"]) and is_rated({"rated": None}, ["human", "human", "bot"])
    assert not is_rated({}, ["human", "bot"]) and not is_rated({"rated": False}, ["human", "human"])
    assert is_rated({"rated": True}, ["human", "bot"])


def test_places_come_from_results_else_from_scores_with_quitters_last() -> None:
    results = [{"seat": 0, "place": 2, "resigned": True}, {"seat": 1, "place": 1}]
    assert places({"results": results, "scores": [9, 1]}) == {0: 2, 1: 1}
    # results that placed a resigned seat by its score still make it last
    by_score = [{"seat": 0, "place": 1}, {"seat": 1, "place": 2}, {"seat": 2, "place": 3}]
    assert places({"results": by_score, "seats": [{"seat": 0, "resigned": True}]}) == {1: 1, 2: 2, 0: 3}
    seats = [{"seat": s} for s in range(4)]
    assert places({"scores": [3, 7, 7, 1], "seats": seats}) == {0: 3, 1: 1, 2: 1, 3: 4}
    # resign is a loss whatever the stand-in bot scored (the 8-5 "winner")
    seats[0] = {"seat": 0, "resigned": True}
    assert places({"scores": [8, 5], "seats": seats[:2]}) == {0: 2, 1: 1}
    seats[2] = {"seat": 2, "zombie": True}
    assert places({"scores": [9, 5, 9, 1], "seats": seats}) == {1: 1, 3: 2, 0: 3, 2: 3}


def test_only_seats_with_a_player_count_and_one_player_in_two_seats_rates_nothing() -> None:
    assert rated_seats({0: 1, 1: 2, 2: 3}, {0: "a", 2: "b"}) == [Placed(0, "a", 1), Placed(2, "b", 3)]
    assert rated_seats({0: 1, 1: 2}, {0: "a", 1: "a"}) == []


def test_the_winner_gains_the_loser_loses_and_one_player_alone_changes_nothing() -> None:
    changes = rate("t", "g", [Placed(0, "a", 1), Placed(1, "b", 2)], {}, 5.0)
    a, b = changes
    assert a.mu_after > a.mu_before == 25.0 and b.mu_after < b.mu_before
    assert a.sigma_after < a.sigma_before and (a.table_id, a.game, a.at) == ("t", "g", 5.0)
    strong = Rating("a", "g", 35.0, 2.0, 40)
    upset = rate("t", "g", [Placed(0, "a", 2), Placed(1, "b", 1)], {"a": strong}, 5.0)
    assert upset[0].mu_before == 35.0 and upset[0].mu_after < 35.0
    assert upset[1].mu_after - 25.0 > b.mu_before - b.mu_after  # beating a strong player pays more
    assert rate("t", "g", [Placed(0, "a", 1)], {}, 5.0) == []


@pytest.mark.parametrize("game", ["ravenous-river", "river-rivals", "river-wild", "river-trek"])
def test_the_reference_ratings_rise_with_the_levels(game: str) -> None:
    levels = reference_ratings(game)
    assert list(levels) == ["easy", "medium", "hard", "strong"]
    ordinals = [mu - 3 * sigma for mu, sigma in levels.values()]
    assert ordinals == sorted(ordinals) and len(set(ordinals)) == 4
    assert levels["medium"][0] == START_MU  # the one assumed point: medium is a new player


def test_an_elo_step_converts_to_openskill_at_equal_odds() -> None:
    """400 Elo points are 10x the odds; openskill's model must give the converted mu gap the same odds."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA)
    strong = model.rating(mu=START_MU + elo_to_mu(400.0), sigma=REFERENCE_SIGMA)
    weak = model.rating(mu=START_MU, sigma=REFERENCE_SIGMA)
    chance = model.predict_win([[strong], [weak]])[0]
    assert chance == pytest.approx(10 / 11, abs=1e-6)


def _store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'r.db'}")
    store.upgrade()
    for tid in ("t1", "t2"):
        store.create_table(
            TableRow(tid, "river-rivals", {"players": 2}, 1, "over", {}, 0.0),
            [
                (SeatRow(0, "human", None, None, True), f"{tid}h0"),
                (SeatRow(1, "human", None, None, True), f"{tid}h1"),
            ],
        )
    return store


def test_a_table_is_rated_once_and_the_store_keeps_ratings_board_and_history(tmp_path: Path) -> None:
    store = _store(tmp_path)
    first = rate("t1", "river-rivals", [Placed(0, "a", 1), Placed(1, "b", 2)], {}, 1.0)
    assert social.record_rated_table(store, first)
    assert not social.record_rated_table(store, first)  # the same table again: nothing changes
    now = social.ratings(store, "river-rivals", ["a", "b"])
    assert now["a"].games == 1 and now["a"].mu == first[0].mu_after
    second = rate("t2", "river-rivals", [Placed(0, "b", 1), Placed(1, "a", 2)], now, 2.0)
    assert social.record_rated_table(store, second)
    board = social.leaderboard(store, "river-rivals")
    assert [r.games for r in board] == [2, 2]
    ordinals = [social.ordinal(r.mu, r.sigma) for r in board]
    assert ordinals == sorted(ordinals, reverse=True)
    history = social.player_history(store, "a")
    assert [h.table_id for h in history] == ["t2", "t1"]
    assert isinstance(history[0], RatingChange) and history[0].mu_before == first[0].mu_after
    assert social.leaderboard(store, "river-wild") == []
    store.close()


def _finish_with_seat0_resigned(c: Any, tid: str, tokens: list[str]) -> None:
    """Seat 0 resigns at move 0 (a bot plays it on); seat 1 plays its first legal move each turn."""
    r = c.post(f"/api/tables/{tid}/resign", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        now = c.get(f"/api/tables/{tid}/state", headers=bearer(tokens[1])).json()
        if now["over"]:
            return
        if now["legal"]:
            c.post(
                f"/api/tables/{tid}/actions",
                json={"action": now["legal"][0]["action"], "seq": now["seq"]},
                headers=bearer(tokens[1]),
            )
        else:
            time.sleep(0.05)


@pytest.fixture
def players(monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[int, str]]:
    """Seat -> player per table, standing in for site-core's seats.player_id."""
    known: dict[str, dict[int, str]] = {}
    monkeypatch.setattr(ratings_module, "seat_players", lambda _store, table_id: known.get(table_id, {}))
    return known


def _wait_rated(c: Any, game: str, count: int) -> list[dict[str, Any]]:
    deadline = time.monotonic() + 30
    while True:
        rows: list[dict[str, Any]] = c.get(f"/api/leaderboard/{game}").json()["players"]
        if len(rows) >= count:
            return rows
        assert time.monotonic() < deadline, rows
        time.sleep(0.1)


def test_a_rated_tables_end_rates_its_players_and_resign_is_a_loss(
    lite: TestClient, players: dict[str, dict[int, str]]
) -> None:
    t = new_table(lite, "river-rivals")
    tid, tokens = t["id"], [s["token"] for s in t["seats"]]
    players[tid] = {0: "p-ana", 1: "p-bob"}
    unrated = new_table(lite, "river-rivals", rated=False)
    players[unrated["id"]] = {0: "p-cy", 1: "p-di"}
    _finish_with_seat0_resigned(lite, unrated["id"], [s["token"] for s in unrated["seats"]])
    _finish_with_seat0_resigned(lite, tid, tokens)
    rows = _wait_rated(lite, "river-rivals", 2)
    assert [r["player"] for r in rows] == ["p-bob", "p-ana"]  # the resigned seat lost
    assert rows[0]["rating"] > rows[1]["rating"] and all(r["games"] == 1 for r in rows)
    history = lite.get("/api/players/p-ana/ratings").json()["history"]
    assert [(h["table"], h["place"]) for h in history] == [(tid, 2)]
    assert history[0]["after"] < history[0]["before"]
    assert lite.get("/api/players/p-cy/ratings").status_code == 404  # its table was not rated
    assert {b["level"] for b in lite.get("/api/leaderboard/river-rivals").json()["bots"]} == set(
        reference_ratings("river-rivals")
    )
    assert lite.get("/api/leaderboard/no-such-game").status_code == 404
    assert state(lite, tid)["over"]


def test_the_leaderboard_and_player_pages_show_a_rated_games_change(
    live_server: str, browser: Any, players: dict[str, dict[int, str]]
) -> None:
    page = browser.new_page()
    page.goto(f"{live_server}/leaderboard/river-rivals")
    assert page.locator("#no-players").is_visible()
    assert page.locator("tr.bot-row").count() == 4
    with httpx.Client(base_url=live_server) as c:
        t = c.post("/api/tables", json={"game": "river-rivals", "seats": [{"kind": "human"}] * 2}).json()
        players[t["id"]] = {0: "p-ana", 1: "p-bob"}
        _finish_with_seat0_resigned(c, t["id"], [s["token"] for s in t["seats"]])
        _wait_rated(c, "river-rivals", 2)
    page.reload()
    rows = page.locator("tr[data-player]")
    assert [rows.nth(i).get_attribute("data-player") for i in range(2)] == ["p-bob", "p-ana"]
    assert not serious(page), serious(page)
    page.click("tr[data-player='p-ana'] a")
    page.wait_for_selector("#history tr[data-table]")
    row = page.locator("#history tr[data-table]")
    assert row.get_attribute("data-table") == t["id"]
    before, after = (int(row.locator("td").nth(i).inner_text()) for i in (2, 3))
    assert after < before
    assert not serious(page), serious(page)
    chinese = browser.new_context(locale="zh-CN").new_page()
    for path in ("/leaderboard/river-rivals", "/players/p-ana"):
        chinese.goto(f"{live_server}{path}")
        words = _english_words(chinese.inner_text("body"))
        assert not words, (path, words)


def test_a_rated_game_between_two_browsers_players_changes_both_on_the_leaderboard(
    live_server: str, browser: Any
) -> None:
    """End to end with site-core's players: each browser is a player (its cookie), the creator
    takes seat 0, the friend opens the invite link; seat 0 resigns on its page, seat 1 plays to
    the end on its page, and the leaderboard page shows both players' changed ratings."""
    people = {}
    for name in ("Ana", "Bob"):
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{live_server}/leaderboard/river-rivals")  # the first visit makes a player
        assert context.request.put(f"{live_server}/api/players/me", data={"name": name}).ok
        people[name] = (context, page)
    ana_ctx, ana = people["Ana"]
    _, bob = people["Bob"]
    r = ana_ctx.request.post(
        f"{live_server}/api/tables", data={"game": "river-rivals", "seats": [{"kind": "human"}] * 2}
    )
    table = r.json()
    ana.goto(f"{live_server}/tables/{table['id']}")  # the cookie is the creator's seat
    bob.goto(table["seats"][1]["url"])
    ana.wait_for_selector("#resign:not([hidden])")
    bob.wait_for_selector("body[data-seq]")
    ana.once("dialog", lambda dialog: dialog.accept())
    ana.click("#resign")
    deadline = time.monotonic() + 120
    while bob.get_attribute("body", "data-over") != "true":
        assert time.monotonic() < deadline, "the game did not end"
        buttons = bob.locator("#actions button[data-action]:not([disabled])")
        if buttons.count():
            seq = bob.get_attribute("body", "data-seq")
            buttons.first.click()
            bob.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        else:
            bob.wait_for_timeout(50)
    deadline = time.monotonic() + 30
    while True:
        bob.goto(f"{live_server}/leaderboard/river-rivals")
        names = bob.locator("tr[data-player] a").all_inner_texts()
        if len(names) == 2:
            break
        assert time.monotonic() < deadline, names
        time.sleep(0.2)
    assert names == ["Bob", "Ana"]  # the resigned seat lost
    ratings = [int(t) for t in bob.locator("tr[data-player] td.num:nth-child(3)").all_inner_texts()]
    assert ratings[0] > 0 > ratings[1]  # both moved from a new player's 0
    bob.click("text=Ana")
    bob.wait_for_selector("#history tr[data-table]")
    assert bob.get_attribute("#history tr[data-table]", "data-table") == table["id"]
