"""The REST API, on SQLite and on PostgreSQL: shapes, refusals, undo, resign, record."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

import riverbox
from riverbox.store import schema
from tests.server.conftest import bearer, new_table, state


def _tables(c: TestClient) -> Any:
    return c.app.state.tables  # type: ignore[attr-defined]


def _engine_state(c: TestClient, table: str) -> riverbox.State:
    with _tables(c).locked(table) as t:
        return t.state


def test_create_returns_the_documented_shape(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={
            "game": "ravenous-river",
            "players": 3,
            "options": {"target": 5},
            "seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "bot": "heuristic"}],
        },
    )
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) >= {"id", "seats", "spectate_url"}
    kinds = [(s["seat"], s["kind"]) for s in body["seats"]]
    assert kinds == [(0, "human"), (1, "open"), (2, "bot")]
    human = body["seats"][0]
    assert len(human["token"]) >= 22 and human["url"].endswith(f"/tables/{body['id']}#token={human['token']}")
    assert body["seats"][1]["token"] is None and body["seats"][2]["token"] is None
    summary = client.get(f"/api/tables/{body['id']}").json()
    assert summary["game"] == "ravenous-river" and summary["options"]["target"] == 5
    assert summary["status"] == "open" and summary["seq"] == 0
    assert [s["kind"] for s in summary["seats"]] == ["human", "open", "bot"]
    assert all("token" not in s for s in summary["seats"])
    assert body["id"] in [t["id"] for t in client.get("/api/tables").json()]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "ravenous-river", "players": 9}, "players"),
        ({"game": "ravenous-river", "players": 3, "options": {"target": "lots"}}, "target"),
        (
            {"game": "river-rivals", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep-blue"}]},
            "deep-blue",
        ),
        ({"game": "river-rivals", "seats": [{"kind": "human"}]}, "needs 2 seats"),
        ({"game": "river-rivals", "seats": [{"kind": "human"}, {"kind": "bot"}]}, "names no bot"),
        ({"game": "river-rivals", "seats": [{"kind": "wizard"}, {"kind": "open"}]}, "seats"),
        ({"game": "river-rivals", "clock": 0.5}, "clock"),
        ({"players": 2}, "game"),
    ],
)
def test_bad_tables_are_refused_with_the_reason(client: TestClient, body: dict[str, Any], words: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    assert words in r.json()["detail"]


def test_join_gives_a_free_open_seat_once(client: TestClient) -> None:
    t = new_table(client, "river-rivals", seats=[{"kind": "human"}, {"kind": "open"}])
    r = client.post(f"/api/tables/{t['id']}/join", json={"name": "Ada"})
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["seat"] == 1 and joined["url"].endswith(f"#token={joined['token']}")
    assert state(client, t["id"], joined["token"])["seat"] == 1
    again = client.post(f"/api/tables/{t['id']}/join", json={"name": "Bob"})
    assert again.status_code == 409
    assert client.post(f"/api/tables/{t['id']}/join", json={"name": "Bob", "seat": 0}).status_code == 409
    summary = client.get(f"/api/tables/{t['id']}").json()
    assert summary["status"] == "running" and summary["seats"][1]["name"] == "Ada"
    assert summary["seq"] == 1  # the join is a table event, announced to everyone
    told = state(client, t["id"])
    assert [(e["kind"], e["seat"]) for e in told["table_log"]] == [("join", 1)]
    assert told["story"][-1] == {"source": "table", "kind": "join", "text": "Ada sat down at seat 1."}


def test_state_is_the_engine_view_legal_actions_and_log(client: TestClient) -> None:
    t = new_table(client, "ravenous-river", 3)
    tok = [s["token"] for s in t["seats"]]
    engine = _engine_state(client, t["id"])
    for seat in range(3):
        body = state(client, t["id"], tok[seat])
        assert body["seat"] == seat and body["seq"] == 0
        assert body["view"] == engine.view(seat)
        assert body["log"] == riverbox.State.log(engine, seat) and body["table_log"] == []
        expected = [str(a) for a in engine.legal_actions(seat)] if seat in engine.to_move else []
        assert [a["action"] for a in body["legal"]] == expected
        assert all(a["text"] for a in body["legal"])
    spectator = state(client, t["id"])
    assert spectator["seat"] is None and spectator["view"] == engine.view(None) and spectator["legal"] == []


def _mover(body: dict[str, Any]) -> int:
    return int(body["to_move"][0])


def test_actions_accept_legal_moves_and_refuse_the_rest_changing_nothing(client: TestClient) -> None:
    t = new_table(client, "river-rivals")
    tid = t["id"]
    tok = [s["token"] for s in t["seats"]]
    url = f"/api/tables/{tid}/actions"
    body = state(client, tid)
    seat = _mover(body)
    other = 1 - seat
    mine = state(client, tid, tok[seat])
    legal = mine["legal"][0]["action"]
    before = mine

    refusals = [
        (client.post(url, json={"action": legal, "seq": 0}, headers=bearer("nonsense")), 403, "token"),
        (client.post(url, json={"action": legal, "seq": 0}), 403, "token"),
        (
            client.post(url, json={"action": legal, "seq": 0}, headers={"Authorization": "Basic x"}),
            403,
            "Bearer",
        ),
        (client.post(url, json={"action": legal, "seq": 0}, headers=bearer(tok[other])), 403, "not to move"),
        (client.post(url, json={"action": legal, "seq": 5}, headers=bearer(tok[seat])), 409, "move 0"),
        (client.post(url, json={"action": "fly to the moon", "seq": 0}, headers=bearer(tok[seat])), 422, ""),
        (client.post(url, json={"action": legal}, headers=bearer(tok[seat])), 422, "seq"),
        (client.post(url, content=b"{not json", headers=bearer(tok[seat])), 422, ""),
    ]
    for r, status, words in refusals:
        assert r.status_code == status, r.text
        assert words in r.json()["detail"]
    assert state(client, tid, tok[seat]) == before

    ok = client.post(url, json={"action": legal, "seq": 0}, headers=bearer(tok[seat]))
    assert ok.status_code == 200 and ok.json() == {"seq": 1}
    assert state(client, tid)["seq"] == 1
    stale = client.post(url, json={"action": legal, "seq": 0}, headers=bearer(tok[seat]))
    assert stale.status_code == 409


def test_an_illegal_move_gets_the_engines_reason(client: TestClient) -> None:
    t = new_table(client, "ravenous-river", 3, options={"first_player": 0})
    tok = t["seats"][0]["token"]
    engine = _engine_state(client, t["id"])
    candidates = [f"play {c}" for c in ("lookout", "making-waves", "sinking-options", "crosscurrent")]
    illegal = next(a for a in candidates if a not in [str(x) for x in engine.legal_actions(0)])
    r = client.post(f"/api/tables/{t['id']}/actions", json={"action": illegal, "seq": 0}, headers=bearer(tok))
    assert r.status_code == 422
    with pytest.raises(ValueError) as exc:
        engine.clone().apply(engine.game.parse_action(illegal, engine), 0)
    assert r.json()["detail"] == str(exc.value)


def test_undo_follows_the_terminal_policy(client: TestClient) -> None:
    t = new_table(client, "ravenous-river", 3, options={"first_player": 0})
    tid, tok = t["id"], t["seats"][0]["token"]
    first = state(client, tid, tok)
    discard = next(a["action"] for a in first["legal"] if a["action"].startswith("discard"))
    undo = f"/api/tables/{tid}/undo"
    assert client.post(undo, headers=bearer(tok)).status_code == 409  # nothing to undo yet
    r = client.post(f"/api/tables/{tid}/actions", json={"action": discard, "seq": 0}, headers=bearer(tok))
    assert r.json() == {"seq": 1}
    other = t["seats"][1]["token"]
    assert client.post(undo, headers=bearer(other)).status_code == 409  # not their move
    r = client.post(undo, headers=bearer(tok))
    assert r.status_code == 200 and r.json() == {"seq": 2}
    back = state(client, tid, tok)
    assert back["view"] == first["view"] and back["legal"] == first["legal"]
    assert [(e["kind"], e["seat"], e["seq"]) for e in back["table_log"]] == [("undo", 0, 1)]
    assert back["story"][-1] == {
        "source": "table",
        "kind": "undo",
        "text": "player 0 took back their last move.",
    }
    assert client.post(undo, headers=bearer(tok)).status_code == 409  # one step only
    look = client.post(
        f"/api/tables/{tid}/actions", json={"action": "look row1", "seq": 2}, headers=bearer(tok)
    )
    assert look.status_code == 200
    refused = client.post(undo, headers=bearer(tok))
    assert refused.status_code == 409 and "revealed" in refused.json()["detail"]


def test_resign_hands_the_seat_to_a_bot_announced_in_the_log(client: TestClient) -> None:
    t = new_table(client, "river-rivals")
    tid = t["id"]
    tok = [s["token"] for s in t["seats"]]
    seat = _mover(state(client, tid))
    r = client.post(f"/api/tables/{tid}/resign", headers=bearer(tok[seat]))
    assert r.status_code == 200 and r.json() == {"seq": 1}
    assert client.post(f"/api/tables/{tid}/resign", headers=bearer(tok[seat])).status_code == 409
    body = state(client, tid, tok[1 - seat])
    assert [(e["kind"], e["seat"]) for e in body["table_log"]] == [("resign", seat)]
    assert "resigned; a bot plays their seat" in body["story"][-1]["text"]
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["seats"][seat]["resigned"] is True
    assert summary["seats"][seat]["bot_plays"] is True
    assert summary["seats"][seat]["timed_out"] is False  # a resignation is not a timeout
    assert summary["seats"][1 - seat]["bot_plays"] is False
    assert "timed out" not in body["story"][-1]["text"]
    legal = state(client, tid, tok[seat])["legal"]
    if legal:
        r = client.post(
            f"/api/tables/{tid}/actions",
            json={"action": legal[0]["action"], "seq": 1},
            headers=bearer(tok[seat]),
        )
        assert r.status_code in (403, 409)


def play_to_end(
    c: TestClient, tid: str, tokens: list[str], seed: int = 0, limit: int = 5000
) -> dict[str, Any]:
    """Random legal moves through the API until the game ends; returns the last spectator state."""
    rng = random.Random(seed)
    for _ in range(limit):
        public = state(c, tid)
        if public["over"]:
            return public
        seat = rng.choice(public["to_move"])
        mine = state(c, tid, tokens[seat])
        action = rng.choice(mine["legal"])["action"]
        r = c.post(
            f"/api/tables/{tid}/actions",
            json={"action": action, "seq": mine["seq"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_a_whole_game_ends_with_scores_and_a_record_that_replays(client: TestClient) -> None:
    t = new_table(client, "river-rivals")
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    assert client.get(f"/api/tables/{tid}/record").status_code == 403
    final = play_to_end(client, tid, tokens)
    assert final["over"] and len(final["scores"]) == 2 and final["winners"]
    record = client.get(f"/api/tables/{tid}/record")
    assert record.status_code == 200
    replayed = riverbox.replay(record.json())
    assert replayed.is_over and replayed.view(None) == final["view"]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "over"
    # a finished table stays in the lobby's list, among its recent games (issue 24)
    assert {x["id"]: x["status"] for x in client.get("/api/tables").json()}[tid] == "over"
    r = client.post(
        f"/api/tables/{tid}/actions", json={"action": "pass", "seq": final["seq"]}, headers=bearer(tokens[0])
    )
    assert r.status_code == 403


def test_unknown_tables_and_oversize_bodies_are_clear_4xx(client: TestClient) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope/state").status_code == 404
    assert client.post("/api/tables/nope/join", json={"name": "x"}).status_code == 404
    big = client.post(
        "/api/tables", content=b"{" + b" " * 70_000 + b"}", headers={"content-type": "application/json"}
    )
    assert big.status_code == 413
    assert client.post("/api/tables", json=[1, 2]).status_code == 422


def test_tokens_are_stored_only_as_hashes(client: TestClient) -> None:
    t = new_table(client, "river-rivals")
    tokens = [s["token"] for s in t["seats"]]
    engine = _tables(client).store.engine
    with engine.connect() as conn:
        stored = (
            conn.execute(sa.select(schema.seats.c.token_hash).where(schema.seats.c.game_id == t["id"]))
            .scalars()
            .all()
        )
        dump = repr(
            [
                tuple(r)
                for tbl in (schema.games, schema.seats, schema.events)
                for r in conn.execute(sa.select(tbl))
            ]
        )
    assert sorted(stored) == sorted(hashlib.sha256(tok.encode()).hexdigest() for tok in tokens)
    assert not any(tok in dump for tok in tokens)


def test_a_finished_game_tells_every_seat_and_spectators_what_happened_in_words(lite: TestClient) -> None:
    """Needs the games converted to events (issue 10): on a branch where they emit none, this fails."""
    t = new_table(lite, "river-rivals")
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]
    play_to_end(lite, tid, tokens, seed=3)
    engine = _engine_state(lite, tid)
    for seat, token in [(0, tokens[0]), (1, tokens[1]), (None, None)]:
        body = state(lite, tid, token)
        assert body["log"] == engine.log(seat) and body["log"], seat
        assert [e["kind"] for e in body["story"]] == [e["kind"] for e in body["log"]]
        assert all(
            e["text"] == engine.game.describe_event(g)
            for e, g in zip(body["story"], body["log"], strict=True)
        )


def test_stage_timings_show_only_when_asked_for(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from riverbox.server.app import Settings, create_app
    from riverbox.server.stages import ENV, STAGES

    with TestClient(create_app(Settings(sqlite_url))) as c:
        assert c.get("/api/stages").status_code == 404  # a server not asked to shows nothing
    monkeypatch.setenv(ENV, "1")
    with TestClient(create_app(Settings(sqlite_url))) as c:
        t = new_table(c, "river-rivals", seats=[{"kind": "human"}, {"kind": "human"}])
        tokens = [s["token"] for s in t["seats"]]
        assert c.delete("/api/stages").status_code == 200
        assert "act.total" not in STAGES.report()  # cleared
        body = state(c, t["id"], tokens[0])
        seat = _mover(state(c, t["id"]))
        mine = state(c, t["id"], tokens[seat])
        r = c.post(
            f"/api/tables/{t['id']}/actions",
            json={"action": mine["legal"][0]["action"], "seq": body["seq"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200
        stages = c.get("/api/stages").json()
    for stage in ("http.parse", "act.check", "act.apply", "commit.queue", "commit.transaction", "act.total"):
        assert stages[stage]["n"] >= 1, stage
        assert 0 <= stages[stage]["p50"] <= stages[stage]["max"]
    assert stages["commit.group_count"]["max"] >= 1  # a count, not milliseconds
