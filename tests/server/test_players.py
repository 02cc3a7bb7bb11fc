"""Players who keep their seats (issue 24): a key in an HttpOnly cookie, seats linked to it, My tables."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import sqlalchemy as sa
from fastapi.testclient import TestClient

from riverbox.server.players import PLAYER_COOKIE
from riverbox.server.service import token_hash
from riverbox.store import schema
from tests.server.conftest import bearer, new_table, play_until, state


def _player(c: TestClient) -> str:
    """Open the lobby as a first visit; the player key the browser was given."""
    r = c.get("/")
    assert r.status_code == 200
    cookie = next(h for h in r.headers.get_list("set-cookie") if h.startswith(PLAYER_COOKIE + "="))
    assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower()
    key = c.cookies[PLAYER_COOKIE]
    assert len(key) >= 40
    return key


def _other(c: TestClient) -> TestClient:
    """A second browser on the same app (its own cookie jar)."""
    return TestClient(c.app)


def test_a_first_visit_makes_a_player_whose_key_only_the_browser_keeps(lite: TestClient) -> None:
    key = _player(lite)
    engine = lite.app.state.runtime.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        rows = conn.execute(sa.select(schema.players)).all()
    assert len(rows) == 1 and rows[0].key_hash == token_hash(key)
    assert all(key not in str(tuple(row)) for row in rows)  # only the hash is stored
    again = lite.get("/")  # the same browser keeps its player
    assert PLAYER_COOKIE not in again.headers.get("set-cookie", "")
    assert lite.get("/api/players/me").json()["player"]["id"] == rows[0].id


def test_the_creators_seat_is_theirs_in_any_request_of_that_browser(lite: TestClient) -> None:
    _player(lite)
    table = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    mine = state(lite, table["id"])  # no token: the cookie is the seat
    assert mine["seat"] == 0
    stranger = _other(lite)
    assert state(stranger, table["id"])["seat"] is None  # a browser without the key is a spectator
    # a move played with the cookie alone counts for seat 0
    r = lite.post(
        f"/api/tables/{table['id']}/actions", json={"action": mine["legal"][0]["action"], "seq": mine["seq"]}
    )
    assert r.status_code == 200, r.text
    assert stranger.post(f"/api/tables/{table['id']}/resign").status_code == 403


def test_an_invite_link_opened_in_a_browser_makes_the_seat_that_players(lite: TestClient) -> None:
    table = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    friend = _other(lite)
    _player(friend)
    assert state(friend, table["id"])["seat"] is None
    with friend.websocket_connect(f"/ws/tables/{table['id']}") as ws:  # the invite link's page
        ws.send_json({"token": table["seats"][1]["token"], "lang": "en"})
        assert ws.receive_json()["seat"] == 1
    assert state(friend, table["id"])["seat"] == 1  # another tab, no token
    with friend.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"lang": "en"})
        assert ws.receive_json()["seat"] == 1
    # the seat stays the first browser's: a third browser opening the same link does not take it over
    third = _other(lite)
    _player(third)
    with third.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"token": table["seats"][1]["token"], "lang": "en"})
        assert ws.receive_json()["seat"] == 1
    assert state(third, table["id"])["seat"] is None
    assert state(friend, table["id"])["seat"] == 1


def test_joining_an_open_seat_links_it_and_my_tables_lists_it(lite: TestClient) -> None:
    table = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "open"}])
    friend = _other(lite)
    _player(friend)
    r = friend.post(f"/api/tables/{table['id']}/join", json={"name": "Ann"})
    assert r.status_code == 200, r.text
    assert state(friend, table["id"])["seat"] == 1
    me = friend.get("/api/players/me").json()
    assert [(t["id"], t["seat"]) for t in me["running"]] == [(table["id"], 1)]
    assert me["finished"] == []


def test_my_tables_puts_my_turn_first_and_lists_finished_tables_with_results(lite: TestClient) -> None:
    _player(lite)
    waiting = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    first = state(lite, waiting["id"], waiting["seats"][0]["token"])
    mover = first["to_move"][0]
    # make it the other seat's turn at the first table: the linked seat 0 is then waiting
    if mover == 0:
        lite.post(
            f"/api/tables/{waiting['id']}/actions",
            json={"action": first["legal"][0]["action"], "seq": first["seq"]},
            headers=bearer(waiting["seats"][0]["token"]),
        )
    done = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    play_until(lite, done, lambda s: bool(s["over"]))
    turn = new_table(lite, "river-wild", seats=[{"kind": "human"}])
    me = lite.get("/api/players/me").json()
    running = [t["id"] for t in me["running"]]
    assert running[0] == turn["id"] and me["running"][0]["my_turn"]
    assert set(running) == {turn["id"], waiting["id"]}
    assert [t["id"] for t in me["finished"]] == [done["id"]]
    finished = me["finished"][0]
    assert finished["winner"] in (True, False)
    html = lite.get("/me").text
    assert f'href="/tables/{done["id"]}/replay"' in html and f'href="/tables/{turn["id"]}"' in html


def test_my_tables_says_how_long_my_clock_has_left_where_it_is_my_turn(lite: TestClient) -> None:
    """Issue 24: My tables lists my running tables, those where it is my turn first, with the time left."""
    _player(lite)
    timed = new_table(lite, "river-wild", seats=[{"kind": "human"}], clock=3600, bank=2 * 86400)
    untimed = new_table(lite, "river-wild", seats=[{"kind": "human"}])
    me = {t["id"]: t for t in lite.get("/api/players/me").json()["running"]}
    left = me[timed["id"]]["time_left"]
    assert me[timed["id"]]["my_turn"] and 2 * 86400 + 3600 - 60 < left <= 2 * 86400 + 3600
    assert me[untimed["id"]]["my_turn"] and me[untimed["id"]]["time_left"] is None
    html = lite.get("/me").text
    assert "Your turn · 2 d 1 h left" in html or "Your turn · 2 d 0 h left" in html
    zh = lite.get("/me", headers={"Accept-Language": "zh"}).text
    assert "轮到你了 · 还剩 2天" in zh


def test_a_move_link_carries_the_player_and_their_seats_to_another_browser(lite: TestClient) -> None:
    key = _player(lite)
    table = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    link = lite.post("/api/players/me/move-link").json()["url"]
    assert link.endswith(f"/players/move#key={key}")  # the key only after '#': never sent to a server
    phone = _other(lite)
    page = phone.get("/players/move")
    assert page.status_code == 200 and PLAYER_COOKIE not in page.headers.get("set-cookie", "")
    r = phone.post("/api/players/adopt", json={"key": link.split("#key=")[1]})
    assert r.status_code == 200, r.text
    assert "httponly" in r.headers["set-cookie"].lower()
    assert state(phone, table["id"])["seat"] == 0
    bad = _other(lite).post("/api/players/adopt", json={"key": "x" * 43})
    assert bad.status_code == 404 and "no player" in bad.json()["detail"]


def test_a_name_is_checked_and_shown_escaped(lite: TestClient) -> None:
    _player(lite)
    long = lite.put("/api/players/me", json={"name": "n" * 41})
    assert long.status_code == 422 and "40" in long.json()["detail"]
    assert lite.put("/api/players/me", json={"name": "  \n "}).status_code == 422
    r = lite.put("/api/players/me", json={"name": " <img src=x onerror=alert(1)>\n"})
    assert r.status_code == 200 and r.json()["name"] == "<img src=x onerror=alert(1)>"
    html = lite.get("/me").text
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert _other(lite).get("/api/players/me").status_code == 403  # no cookie, no player


def test_a_player_key_opens_no_seat_where_its_player_has_none(lite: TestClient) -> None:
    key = _player(lite)
    other = _other(lite)
    table = new_table(other, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    assert state(lite, table["id"])["seat"] is None  # the cookie: a spectator there
    r = lite.get(f"/api/tables/{table['id']}/state", headers=bearer(key))
    assert r.status_code == 403  # used as a token, it opens nothing


def test_a_missing_table_is_a_page_in_the_readers_language(lite: TestClient) -> None:
    for path in ("/tables/BAD", "/tables/BAD/replay"):
        r = lite.get(path)
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
        assert "There is no table BAD here" in r.text and 'href="/"' in r.text
    zh = lite.get("/tables/%3Cb%3E?lang=zh")
    assert zh.status_code == 404 and "这里没有牌桌 &lt;b&gt;" in zh.text
    assert lite.get("/api/tables/BAD").json()["detail"]  # the API still answers JSON


def test_serve_prints_the_address_and_says_when_no_browser_opens(tmp_path: Path) -> None:
    from riverbox.server import run

    env = {**os.environ, "BROWSER": str(tmp_path / "no-such-browser"), "DISPLAY": "", "WAYLAND_DISPLAY": ""}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    db = f"sqlite:///{tmp_path / 'serve.db'}"
    cmd = [sys.executable, "-m", "riverbox", "serve", "--port", "0", "--open", "--db", db]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        seen: list[str] = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not any("yourself" in line for line in seen):
            line = proc.stdout.readline() if proc.stdout else ""
            if not line:
                break
            seen.append(line)
        text = "".join(seen)
        assert re.search(r"open http://127\.0\.0\.1:\d+/ in a browser", text), text
        assert "no browser could be opened here" in text, text
    finally:
        proc.terminate()
        proc.wait(20)
    assert run.lobby_url("0.0.0.0", 8000) == "http://127.0.0.1:8000/"
    assert run.lobby_url("::1", 8000) == "http://[::1]:8000/"
    assert run.lobby_url("192.168.1.5", 80) == "http://192.168.1.5:80/"
