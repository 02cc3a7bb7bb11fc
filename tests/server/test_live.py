"""WebSocket play, bots in seats, the turn clock and the leak test over the wire."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

import riverbox
from riverbox import registry
from tests.server.conftest import bearer, new_table, state

GAMES = [("ravenous-river", 4), ("river-rivals", 2), ("river-wild", 1), ("river-trek", 3)]


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> str:
    """The core's toy game (a private deal per seat, events for every step), registered for one test."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register("toy", "tests.core.toy:ToyGame")
    return "toy"


def _open(c: TestClient, tid: str, token: str | None, **headers: str) -> WebSocketTestSession:
    ws = c.websocket_connect(f"/ws/tables/{tid}", headers=dict(headers))
    ws.__enter__()
    ws.send_json({"token": token})
    return ws


def _next_state(ws: WebSocketTestSession, at_least: int = 0) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "state" and msg["seq"] >= at_least:
            return msg


def _reply(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next answer to a message of ours (state pushes skipped)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] != "state":
            return msg


def test_socket_sends_state_and_plays_moves_like_rest(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals")
    tid = t["id"]
    tok = [s["token"] for s in t["seats"]]
    seat = state(lite, tid)["to_move"][0]
    player = _open(lite, tid, tok[seat])
    watcher = _open(lite, tid, None)
    try:
        first = _next_state(player)
        assert first == {"type": "state", **state(lite, tid, tok[seat])} | {
            "seats": first["seats"],
            "now": first["now"],  # each message says when it left (for the pages' clocks)
        }
        assert _next_state(watcher)["seat"] is None
        action = first["legal"][0]["action"]
        player.send_json({"type": "action", "action": action, "seq": 5})
        msg = _reply(player)
        assert msg["type"] == "error" and msg["status"] == 409
        player.send_json({"type": "action", "action": "no such move", "seq": 0})
        msg = _reply(player)
        assert msg["type"] == "error" and msg["status"] == 422
        player.send_json({"type": "action", "action": action, "seq": 0})
        assert _reply(player) == {"type": "ok", "of": "action", "seq": 1}
        assert _next_state(watcher, 1)["seq"] == 1
        player.send_text("not json")
        msg = _reply(player)
        assert msg["type"] == "error" and msg["status"] == 422
    finally:
        player.__exit__(None, None, None)
        watcher.__exit__(None, None, None)


def test_socket_refuses_a_foreign_origin_and_a_bad_token(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals")
    with (
        pytest.raises(WebSocketDisconnect),
        lite.websocket_connect(f"/ws/tables/{t['id']}", headers={"origin": "http://evil.example"}) as ws,
    ):
        ws.receive_json()
    with lite.websocket_connect(f"/ws/tables/{t['id']}", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"token": "wrong"})
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["status"] == 403


def test_bots_play_their_seats_and_take_over_a_resigned_one(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid, tok = t["id"], t["seats"][0]["token"]
    r = lite.post(f"/api/tables/{tid}/resign", headers=bearer(tok))
    assert r.status_code == 200
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and not state(lite, tid)["over"]:
        time.sleep(0.05)
    final = state(lite, tid, tok)
    assert final["over"], "bots did not finish the game"
    assert [e["kind"] for e in final["table_log"]] == ["resign"]
    record = lite.get(f"/api/tables/{tid}/record").json()
    assert riverbox.replay(record).is_over


def test_the_turn_clock_lets_a_bot_move_marks_the_seat_away_and_back_takes_it_back(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}], clock=1)
    tid = t["id"]
    token = t["seats"][0]["token"]
    deadline = time.monotonic() + 90  # the bot worker may still be starting on a loaded machine
    while time.monotonic() < deadline and not state(lite, tid)["table_log"]:
        time.sleep(0.1)
    body = state(lite, tid)
    first = body["table_log"][0]
    assert first["kind"] == "expire" and first["seat"] == 0
    assert first["text"].endswith("ran out of time; a bot made this move for them.")
    story = [e["text"] for e in body["story"] if e["source"] == "table"]
    assert story[0] == first["text"]
    # the public summary says the seat is away, and no bot plays it for good
    out = lite.get(f"/api/tables/{tid}").json()["seats"][0]
    assert out["away"] is True and out["bot_plays"] is False and out["resigned"] is False
    r = lite.post(f"/api/tables/{tid}/back", headers=bearer(token))
    assert r.status_code in (200, 409), r.text  # 409: a second miss (1 s a move) made it a zombie
    if r.status_code == 200:
        assert [e["kind"] for e in state(lite, tid)["table_log"]][-1] in ("back", "expire", "zombie")


def test_a_private_event_reaches_only_its_seat_over_rest_and_socket(lite: TestClient, toy: str) -> None:
    t = new_table(lite, toy, 3)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    with lite.app.state.tables.locked(tid) as table:  # type: ignore[attr-defined]
        cards = list(table.state.cards)
    for seat in range(3):
        body = state(lite, tid, tokens[seat])
        assert body["log"] == [{"kind": "dealt", "card": cards[seat]}]
        assert body["story"] == [
            {"source": "game", "kind": "dealt", "text": f"You are dealt a {cards[seat]}."}
        ]
    assert state(lite, tid)["log"] == [] and state(lite, tid)["story"] == []
    sockets = [_open(lite, tid, tokens[1]), _open(lite, tid, None)]
    try:
        mine, watched = (_next_state(ws) for ws in sockets)
        assert mine["log"] == [{"kind": "dealt", "card": cards[1]}] and watched["log"] == []
        r = lite.post(
            f"/api/tables/{tid}/actions", json={"action": "bet", "seq": 0}, headers=bearer(tokens[0])
        )
        assert r.status_code == 200
        mine, watched = (_next_state(ws, 1) for ws in sockets)
        assert mine["log"] == [{"kind": "dealt", "card": cards[1]}, {"kind": "bet", "seat": 0}]
        assert watched["log"] == [{"kind": "bet", "seat": 0}]
        assert watched["story"][-1]["text"] == "Seat 0 bets."
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_table_events_stay_apart_from_the_games_and_are_told_in_order(lite: TestClient, toy: str) -> None:
    t = new_table(lite, toy, 2, seats=[{"kind": "human"}, {"kind": "open"}])
    tid, tok = t["id"], t["seats"][0]["token"]
    joined = lite.post(f"/api/tables/{tid}/join", json={"name": "Ada"}).json()
    assert state(lite, tid)["seq"] == 1
    act = f"/api/tables/{tid}/actions"
    assert lite.post(act, json={"action": "bet", "seq": 1}, headers=bearer(tok)).json() == {"seq": 2}
    assert lite.post(f"/api/tables/{tid}/undo", headers=bearer(tok)).json() == {"seq": 3}
    assert lite.post(act, json={"action": "pass", "seq": 3}, headers=bearer(tok)).json() == {"seq": 4}
    body = state(lite, tid, joined["token"])
    assert body["log"] == [{"kind": "dealt", "card": body["view"]["card"]}, {"kind": "pass", "seat": 0}]
    assert [(e["kind"], e["seat"], e["seq"], e["after"]) for e in body["table_log"]] == [
        ("join", 1, 0, 1),
        ("undo", 0, 2, 1),
    ]
    assert [(e["source"], e["kind"]) for e in body["story"]] == [
        ("game", "dealt"),
        ("table", "join"),
        ("table", "undo"),
        ("game", "pass"),
    ]
    spectator = state(lite, tid)
    assert [e["after"] for e in spectator["table_log"]] == [0, 0]
    assert [e["text"] for e in spectator["story"]] == [
        "Ada sat down at seat 1.",
        "player 0 took back their last move.",
        "Seat 0 passes.",
    ]


@pytest.mark.parametrize(("game", "players"), [*GAMES, ("toy", 3)])
def test_what_a_seat_receives_does_not_change_when_its_hidden_information_is_redealt(
    lite: TestClient, game: str, players: int, request: pytest.FixtureRequest
) -> None:
    """Over the wire: swap the server's game for a determinization of seat s; s must see no difference.

    The whole state body counts: view, legal actions, the game's log, the table's log and the words.
    """
    if game == "toy":
        request.getfixturevalue("toy")
    t = new_table(lite, game, players)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    tables = lite.app.state.tables  # type: ignore[attr-defined]
    rng = random.Random(3)
    for step in range(60):
        public = state(lite, tid)
        if public["over"]:
            break
        if step % 12 == 0:
            for seat in range(players):
                real = state(lite, tid, tokens[seat])
                with tables.locked(tid) as table:
                    original = table.state
                    table.state = original.determinize(seat, rng.randrange(2**32))
                try:
                    assert state(lite, tid, tokens[seat]) == real, (game, step, seat)
                finally:
                    with tables.locked(tid) as table:
                        table.state = original
        seat = rng.choice(public["to_move"])
        mine = state(lite, tid, tokens[seat])
        r = lite.post(
            f"/api/tables/{tid}/actions",
            json={"action": rng.choice(mine["legal"])["action"], "seq": mine["seq"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text


def test_a_table_event_beyond_an_undone_move_keeps_its_place_in_the_story(toy: str) -> None:
    from riverbox.server.table import Table
    from riverbox.store.db import EventRow, SeatRow, TableRow

    table = Table.new(TableRow("t", toy, {"players": 2}, 4, "running", {}, 0.0))
    for seq, (kind, seat, action) in enumerate([("move", 0, "bet"), ("join", 1, None), ("undo", 0, None)]):
        table.replay(EventRow(seq, kind, seat, action, 0.0))
    seats = [SeatRow(0, "human", "Bo", None, True), SeatRow(1, "open", "Ada", None, True)]
    body = table.payload(0, seats)
    assert [e["kind"] for e in body["log"]] == ["dealt"]  # the bet was taken back
    assert [(e["kind"], e["after"]) for e in body["table_log"]] == [("join", 1), ("undo", 1)]
    assert [e["text"] for e in body["story"]][1:] == [
        "Ada sat down at seat 1.",
        "Bo took back their last move.",
    ]
