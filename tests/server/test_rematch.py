"""Play again (issue 24): a finished table makes one new table with the same people and bots."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import bearer, new_table, state


def test_play_again_carries_both_players_to_one_new_table_with_seats_rotated(lite: TestClient) -> None:
    t = new_table(
        lite, "river-rivals", seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    )
    tid, (a, b) = t["id"], [s["token"] for s in t["seats"]]
    early = lite.post(f"/api/tables/{tid}/rematch", headers=bearer(a))
    assert early.status_code == 409  # not before the end
    assert lite.post(f"/api/tables/{tid}/resign", headers=bearer(b)).status_code == 200
    assert lite.post(f"/api/tables/{tid}/rematch").status_code == 403  # a spectator cannot
    with lite.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"token": b, "lang": "en"})
        assert ws.receive_json()["rematch"] is None
        first = lite.post(f"/api/tables/{tid}/rematch", headers=bearer(a))
        assert first.status_code == 200, first.text
        heard = ws.receive_json()  # the old table's socket announces the new table
        assert heard["rematch"] == first.json()["id"]
    second = lite.post(f"/api/tables/{tid}/rematch", headers=bearer(b)).json()
    new = first.json()
    assert second["id"] == new["id"]  # one rematch, whoever asks
    assert (new["seat"], second["seat"]) == (1, 0)  # seats rotated: Bo starts at seat 0
    assert new["token"] and second["token"] and new["url"].endswith(f"#token={new['token']}")
    summary = lite.get(f"/api/tables/{new['id']}").json()
    assert [s["name"] for s in summary["seats"]] == ["Bo", "Ann"] and summary["status"] == "running"
    assert state(lite, new["id"], new["token"])["seat"] == 1
    assert state(lite, new["id"], second["token"])["seat"] == 0
    again = lite.post(f"/api/tables/{tid}/rematch", headers=bearer(a)).json()
    assert again["id"] == new["id"] and again["token"] is None  # the seat's token was given once


def test_a_rematch_keeps_bots_and_the_players_cookie_opens_the_new_seat(lite: TestClient) -> None:
    lite.get("/")  # this browser has a player: it takes seat 0
    t = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "bot", "bot": "strong"}])
    tid = t["id"]
    assert lite.post(f"/api/tables/{tid}/resign").status_code == 200  # the cookie is the seat
    r = lite.post(f"/api/tables/{tid}/rematch")
    assert r.status_code == 200, r.text
    new = r.json()
    seats = lite.get(f"/api/tables/{new['id']}").json()["seats"]
    assert [(s["kind"], s["bot"]) for s in seats] == [("bot", "strong"), ("human", None)]
    assert state(lite, new["id"])["seat"] == 1  # no token needed in this browser
    assert (
        lite.get(f"/api/tables/{new['id']}").json()["options"]
        == lite.get(f"/api/tables/{tid}").json()["options"]
    )
