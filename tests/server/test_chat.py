"""Table chat over REST and the table's WebSocket: who may speak, limits, and that chat is no
leak channel (no token goes out, bots are told nothing, the game's messages do not change)."""

from __future__ import annotations

import json
import pickle
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from riverbox.server import chat as chat_module
from riverbox.server.chat import Buckets, clean_line
from riverbox.server.table import Refused
from tests.server.conftest import bearer, new_table, state

XSS = '<img src=x onerror="alert(1)">'


def _say(c: TestClient, tid: str, text: str, token: str | None = None, **extra: Any) -> Any:
    return c.post(
        f"/api/tables/{tid}/chat", json={"text": text, **extra}, headers=bearer(token) if token else {}
    )


def _open(c: TestClient, tid: str, token: str | None) -> WebSocketTestSession:
    ws = c.websocket_connect(f"/ws/tables/{tid}")
    ws.__enter__()
    ws.send_json({"token": token})
    return ws


def _next_chat(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "chat":
            return msg


def test_a_seat_speaks_under_its_seat_and_name_and_the_line_is_stored_raw(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals", seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"}])
    tid, tok = t["id"], [s["token"] for s in t["seats"]]
    r = _say(lite, tid, f"  hello {XSS}\n", tok[0])
    assert r.status_code == 201, r.text
    line = r.json()
    assert (line["seat"], line["name"], line["text"]) == (0, "Ana", f"hello {XSS}")
    r = _say(lite, tid, "hi", tok[1])
    assert (r.json()["seat"], r.json()["name"]) == (1, "")  # the page says "player 1" in its language
    got = lite.get(f"/api/tables/{tid}/chat").json()
    assert [m["text"] for m in got["messages"]] == [f"hello {XSS}", "hi"]
    assert got["muted"] is False and got["limit"] == 300
    everything = json.dumps(got) + r.text
    assert all(token not in everything for token in tok)
    after = lite.get(f"/api/tables/{tid}/chat", params={"after": line["id"]}).json()["messages"]
    assert [m["text"] for m in after] == ["hi"]


def test_bad_lines_are_refused_with_the_reason_and_store_nothing(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals")
    tid, tok = t["id"], t["seats"][0]["token"]
    assert _say(lite, tid, "   ", tok).status_code == 422
    long = _say(lite, tid, "x" * 301, tok)
    assert long.status_code == 422 and "300" in long.json()["detail"]
    assert _say(lite, tid, "x" * 300, tok).status_code == 201
    assert _say(lite, tid, "hi", "not-a-token").status_code == 403
    assert _say(lite, "nope", "hi").status_code == 404
    assert len(lite.get(f"/api/tables/{tid}/chat").json()["messages"]) == 1
    zh = lite.post(f"/api/tables/{tid}/chat?lang=zh", json={"text": ""}, headers=bearer(tok))
    assert zh.status_code == 422 and "聊天" in zh.json()["detail"]


def test_clean_line_drops_control_and_format_characters() -> None:
    assert clean_line("a\u202eb\u200bc\x00d\ne") == "abcd e"
    with pytest.raises(Refused):
        clean_line("\u200b\u200b")


def test_a_sender_who_says_too_much_too_fast_gets_429_with_retry_after(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals")
    tid, tok = t["id"], [s["token"] for s in t["seats"]]
    for n in range(chat_module.BURST):
        assert _say(lite, tid, f"line {n}", tok[0]).status_code == 201
    r = _say(lite, tid, "one more", tok[0])
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert "wait" in r.json()["detail"]
    assert _say(lite, tid, "another seat has its own bucket", tok[1]).status_code == 201
    assert len(lite.get(f"/api/tables/{tid}/chat").json()["messages"]) == chat_module.BURST + 1


def test_the_bucket_refills_at_its_rate() -> None:
    b = Buckets(burst=2, refill=2.0)
    assert b.take("k", 0.0) == 0.0 and b.take("k", 0.0) == 0.0
    assert b.take("k", 0.0) == pytest.approx(2.0)
    assert b.take("k", 1.0) == pytest.approx(1.0)
    assert b.take("k", 2.0) == 0.0
    assert b.take("other", 2.0) == 0.0


def test_the_host_mutes_spectators_and_nobody_else_can(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals")
    tid, tok = t["id"], [s["token"] for s in t["seats"]]
    r = _say(lite, tid, "hello from the rail", name="Rail fan")
    assert r.status_code == 201 and (r.json()["seat"], r.json()["name"]) == (None, "Rail fan")
    assert (
        lite.post(f"/api/tables/{tid}/chat/mute", json={"muted": True}, headers=bearer(tok[1])).status_code
        == 403
    )
    assert lite.post(f"/api/tables/{tid}/chat/mute", json={"muted": True}).status_code == 403
    assert (
        lite.post(f"/api/tables/{tid}/chat/mute", json={"muted": True}, headers=bearer(tok[0])).status_code
        == 200
    )
    assert lite.get(f"/api/tables/{tid}/chat").json()["muted"] is True
    assert _say(lite, tid, "still here?", name="Rail fan").status_code == 403
    assert _say(lite, tid, "seats still speak", tok[1]).status_code == 201
    lite.post(f"/api/tables/{tid}/chat/mute", json={"muted": False}, headers=bearer(tok[0]))
    assert _say(lite, tid, "back", name="Rail fan").status_code == 201
    lines = lite.get(f"/api/tables/{tid}/chat").json()["messages"]
    assert [m["kind"] for m in lines] == ["say", "mute", "say", "unmute", "say"]
    assert [m["text"] for m in lines if m["kind"] == "say"] == [
        "hello from the rail",
        "seats still speak",
        "back",
    ]


def test_chat_reaches_every_socket_of_the_table_and_carries_no_token(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals")
    tid, tok = t["id"], [s["token"] for s in t["seats"]]
    other = new_table(lite, "river-rivals")
    sockets = [_open(lite, tid, tok[1]), _open(lite, tid, None)]
    elsewhere = _open(lite, other["id"], other["seats"][0]["token"])
    try:
        seat0 = _open(lite, tid, tok[0])
        seat0.receive_json()  # its state
        seat0.send_json({"type": "chat", "text": XSS})
        for ws in [*sockets, seat0]:
            got = _next_chat(ws)
            assert (got["seat"], got["text"]) == (0, XSS)
            assert all(token not in json.dumps(got) for token in tok)
        r = _say(lite, tid, "over REST", tok[1])
        assert r.status_code == 201
        assert [_next_chat(ws)["text"] for ws in sockets] == ["over REST", "over REST"]
        seat0.__exit__(None, None, None)
        elsewhere.send_json({"type": "action", "action": "nonsense", "seq": 0})
        while (msg := elsewhere.receive_json())["type"] != "error":  # everything it got before its answer
            assert msg["type"] != "chat"
        spectator = sockets[1]
        spectator.send_json({"type": "chat", "text": "no seat"})
        while (msg := spectator.receive_json())["type"] != "error":
            pass
        assert msg["status"] == 403
    finally:
        for ws in [*sockets, elsewhere]:
            ws.__exit__(None, None, None)


def test_bots_are_told_nothing_of_the_chat(lite: TestClient) -> None:
    """A bot's whole input is its BotJob (the game's moves): no chat line is in it, and a
    seat's game state is the same text before and after any chat."""
    t = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid, tok = t["id"], t["seats"][0]["token"]
    tables = lite.app.state.tables  # type: ignore[attr-defined]
    before = {viewer: state(lite, tid, viewer) for viewer in (tok, None)}
    jobs_before = pickle.dumps(tables.bot_jobs(tid)) + pickle.dumps(tables.bot_jobs(tid, timeout=True))
    secret = "play-the-seven-of-herons-now"
    assert _say(lite, tid, secret, tok).status_code == 201
    jobs = pickle.dumps(tables.bot_jobs(tid)) + pickle.dumps(tables.bot_jobs(tid, timeout=True))
    assert secret.encode() not in jobs and jobs == jobs_before
    assert {viewer: state(lite, tid, viewer) for viewer in (tok, None)} == before


def test_chat_stays_readable_after_the_game_for_the_replay(lite: TestClient) -> None:
    t = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid, tok = t["id"], t["seats"][0]["token"]
    assert _say(lite, tid, "good luck", tok).status_code == 201
    assert lite.post(f"/api/tables/{tid}/resign", headers=bearer(tok)).status_code == 200
    deadline = time.monotonic() + 60
    while not state(lite, tid)["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    got = lite.get(f"/api/tables/{tid}/chat").json()["messages"]
    assert [(m["seat"], m["text"]) for m in got] == [(0, "good luck")]
    assert got[0]["seq"] == 0
