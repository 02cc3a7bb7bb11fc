"""Names everywhere (issue 24): people name their seats, bots are numbered and named by level."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import bearer, new_table, state


def test_bots_are_numbered_in_seat_order_and_named_by_level(lite: TestClient) -> None:
    table = new_table(
        lite,
        "ravenous-river",
        4,
        seats=[
            {"kind": "bot", "bot": "strong"},
            {"kind": "human"},
            {"kind": "bot", "bot": "heuristic"},
            {"kind": "bot", "bot": "random"},
        ],
    )
    names = [s["name"] for s in lite.get(f"/api/tables/{table['id']}").json()["seats"]]
    # Ravenous River's hard level is its heuristic; a plain random bot is no level of it
    assert names == ["Bot 1 · strong", "player 1", "Bot 2 · hard", "Bot 3 · random moves"]
    assert [s["name"] for s in state(lite, table["id"])["seats"]] == names  # the state says the same
    chinese = lite.get(f"/api/tables/{table['id']}/state?lang=zh").json()["seats"]
    assert [s["name"] for s in chinese] == [
        "机器人 1 · 最强",
        "玩家 1",
        "机器人 2 · 困难",
        "机器人 3 · 随机走法",
    ]


def test_the_creator_and_a_joiner_name_their_seats(lite: TestClient) -> None:
    table = new_table(lite, "river-rivals", seats=[{"kind": "human", "name": "  Ann \n"}, {"kind": "open"}])
    r = lite.post(f"/api/tables/{table['id']}/join", json={"name": "Bo"})
    assert r.status_code == 200, r.text
    seats = lite.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [(s["name"], s["named"]) for s in seats] == [("Ann", True), ("Bo", True)]


def test_an_invitee_names_their_seat_and_every_seat_sees_it(lite: TestClient) -> None:
    table = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    host, guest = (s["token"] for s in table["seats"])
    assert not state(lite, table["id"], guest)["seats"][1]["named"]
    with lite.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"token": host, "lang": "en"})
        assert ws.receive_json()["seats"][1]["name"] == "player 1"
        r = lite.put(f"/api/tables/{table['id']}/name", json={"name": "Cleo"}, headers=bearer(guest))
        assert r.status_code == 200 and r.json() == {"seat": 1, "name": "Cleo"}
        assert ws.receive_json()["seats"][1]["name"] == "Cleo"  # the host's page hears of it at once
    assert lite.put(f"/api/tables/{table['id']}/name", json={"name": "Spy"}).status_code == 403


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("x" * 41, "at most 40"),
        ("   ", "empty"),
        ("see https://example.org", "link"),
        ("A" * 35, "secret"),
    ],
)
def test_bad_names_are_refused_and_change_nothing(lite: TestClient, name: str, words: str) -> None:
    table = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "open"}])
    r = lite.post(f"/api/tables/{table['id']}/join", json={"name": name})
    assert r.status_code == 422 and words in r.json()["detail"], r.text
    assert lite.get(f"/api/tables/{table['id']}").json()["status"] == "open"
    r = lite.put(
        f"/api/tables/{table['id']}/name", json={"name": name}, headers=bearer(table["seats"][0]["token"])
    )
    assert r.status_code == 422
    created = lite.post(
        "/api/tables", json={"game": "river-wild", "seats": [{"kind": "human", "name": name}]}
    )
    assert created.status_code == (201 if not name.strip() else 422)  # a blank name at creation is none


def test_a_named_player_names_every_seat_they_take(lite: TestClient) -> None:
    lite.get("/")
    assert lite.put("/api/players/me", json={"name": "Dana"}).status_code == 200
    table = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    assert lite.get(f"/api/tables/{table['id']}").json()["seats"][0]["name"] == "Dana"
    html = lite.get(f"/tables/{table['id']}").text
    assert table["seats"][0]["token"] not in html and table["seats"][1]["token"] not in html
