"""Resign concedes (issue 24): a resigned seat finishes last, in every place its result shows."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

import riverbox
from riverbox.server.table import concession_ends, standings
from tests.server.conftest import bearer, new_table, state


def _resign(c: TestClient, table: str, token: str) -> None:
    r = c.post(f"/api/tables/{table}/resign", headers=bearer(token))
    assert r.status_code == 200, r.text


def _places(summary: dict[str, object]) -> dict[int, int]:
    return {r["seat"]: r["place"] for r in summary["results"]}  # type: ignore[attr-defined]


def test_resigning_at_move_0_against_a_bot_gives_the_bot_the_win_at_once(lite: TestClient) -> None:
    # the case: River Rivals, resign at move 0 against a bot; it used to list the resigner as winner
    t = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    tid, tok = t["id"], t["seats"][0]["token"]
    _resign(lite, tid, tok)
    summary = lite.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "over" and summary["winners"] == [1]
    assert summary["results"] == [
        {"seat": 0, "place": 2, "score": None, "resigned": True, "zombie": False},
        {"seat": 1, "place": 1, "score": None, "resigned": False, "zombie": False},
    ]
    mine = state(lite, tid, tok)
    assert mine["over"] and mine["winners"] == [1] and mine["legal"] == [] and mine["to_move"] == []
    record = lite.get(f"/api/tables/{tid}/record")
    assert record.status_code == 200 and record.json()["winners"] == [1]
    riverbox.replay(record.json())  # the record still replays (to where the game stopped)
    time.sleep(0.5)  # no bot moves on a finished table
    assert lite.get(f"/api/tables/{tid}").json()["seq"] == summary["seq"]
    lobby = {x["id"]: x for x in lite.get("/api/tables").json()}
    assert lobby[tid]["status"] == "over" and lobby[tid]["winners"] == [1]


def test_two_people_the_other_wins_and_the_resigner_can_do_nothing_more(lite: TestClient) -> None:
    lite.get("/")  # a browser with a player: My tables shows the loss
    t = new_table(lite, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
    tid, (a, b) = t["id"], [s["token"] for s in t["seats"]]
    _resign(lite, tid, a)
    assert lite.get(f"/api/tables/{tid}").json()["winners"] == [1]
    b_state = state(lite, tid, b)
    move = lite.post(
        f"/api/tables/{tid}/actions", json={"action": "x", "seq": b_state["seq"]}, headers=bearer(b)
    )
    assert move.status_code == 403 and "over" in move.json()["detail"]
    assert lite.post(f"/api/tables/{tid}/resign", headers=bearer(b)).status_code == 409
    finished = lite.get("/api/players/me").json()["finished"]
    assert [(f["id"], f["winner"], f["resigned"], f["place"]) for f in finished] == [(tid, False, True, 2)]
    assert "lost (resigned)" in lite.get("/me").text


def test_three_people_play_on_until_one_is_left_and_leavers_place_last_first(lite: TestClient) -> None:
    t = new_table(lite, "river-trek", 3, seats=[{"kind": "human"}] * 3)
    tid, tokens = t["id"], [s["token"] for s in t["seats"]]
    _resign(lite, tid, tokens[0])
    summary = lite.get(f"/api/tables/{tid}").json()
    assert summary["status"] != "over" and summary["winners"] is None  # two still play
    _resign(lite, tid, tokens[1])
    summary = lite.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "over" and summary["winners"] == [2]
    assert _places(summary) == {2: 1, 1: 2, 0: 3}  # the last to leave places above the first


def test_four_players_a_bot_plays_the_resigned_seat_on_but_it_loses(lite: TestClient) -> None:
    bot = {"kind": "bot", "bot": "random"}
    t = new_table(lite, "river-trek", 4, seats=[{"kind": "human"}, bot, bot, bot])
    tid, tok = t["id"], t["seats"][0]["token"]
    _resign(lite, tid, tok)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and not state(lite, tid)["over"]:
        time.sleep(0.1)
    final = lite.get(f"/api/tables/{tid}").json()
    assert final["status"] == "over"
    results = {r["seat"]: r for r in final["results"]}
    assert results[0]["place"] == 4 and results[0]["resigned"] and results[0]["score"] is not None
    assert 0 not in final["winners"] and final["winners"]
    record = lite.get(f"/api/tables/{tid}/record").json()
    assert riverbox.replay(record).is_over and record["results"] == final["results"]


@pytest.mark.parametrize(
    ("scores", "rule_winners", "conceded", "timed_out", "winners", "places"),
    [
        # the bot playing for resigned seat 0 scored most: the seat still loses
        ([10, 5, 5, 1], [0], [0], set(), [1, 2], [4, 1, 1, 3]),
        # a seat the clock took over for good (a zombie) loses too
        ([3, 9, 1], [1], [], {1}, [0], [1, 3, 2]),
        # the game's tiebreaker decides between equal scores
        ([7, 7], [1], [], set(), [1], [2, 1]),
    ],
)
def test_standings(
    scores: list[float],
    rule_winners: list[int],
    conceded: list[int],
    timed_out: set[int],
    winners: list[int],
    places: list[int],
) -> None:
    got_winners, results = standings(len(scores), scores, rule_winners, conceded, timed_out)
    assert got_winners == winners and [r["place"] for r in results] == places
    assert [r["score"] for r in results] == scores


def test_a_table_ends_when_at_most_one_seat_has_not_conceded() -> None:
    assert concession_ends(1, [0]) and concession_ends(2, [1]) and concession_ends(4, [0, 2, 3])
    assert not concession_ends(2, []) and not concession_ends(3, [0]) and not concession_ends(4, [1, 2])
