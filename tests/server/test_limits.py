"""Rate limits: 429 with Retry-After per address and per player, nothing done (issue 26 item 4)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from riverbox.server.app import Settings, create_app
from riverbox.server.expiry import expire
from riverbox.server.limits import Buckets, Limiter, Rate
from riverbox.server.table import Refused
from riverbox.store import schema
from tests.server.conftest import TestClient, bearer, state


def test_a_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    bucket = Buckets(Rate(2.0, 3), clock=lambda: now[0])
    assert [bucket.wait(["a"]) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.wait(["a"]) == 0.5  # empty: half a second to the next token
    assert bucket.wait(["b"]) == 0.0  # another key has its own bucket
    now[0] = 0.5
    assert bucket.wait(["a"]) == 0.0
    assert bucket.wait(["a", "b"]) > 0  # one empty key refuses, and takes from neither
    assert bucket.wait(["b"]) == 0.0 and bucket.wait(["b"]) == 0.0


def test_table_creation_past_the_burst_answers_429_and_creates_nothing(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'limits.db'}", rate_scale=0.02))  # create burst 6
    with TestClient(app) as c:
        made = [c.post("/api/tables", json={"game": "river-rivals"}) for _ in range(8)]
        codes = [r.status_code for r in made]
        assert codes[:6] == [201] * 6 and codes[6:] == [429, 429], codes
        refused = made[-1]
        assert int(refused.headers["Retry-After"]) >= 1
        assert "too many" in refused.json()["detail"]
        assert len(c.get("/api/tables").json()) == 6  # the refused ones made no table


def test_moves_are_limited_and_a_refused_move_changes_nothing(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'limits.db'}"))
    app.state.runtime.limiter = Limiter(1.0, {"create": Rate(1, 10), "move": Rate(0.01, 1)})
    with TestClient(app) as c:
        t = c.post("/api/tables", json={"game": "river-rivals"}).json()
        tid, tokens = t["id"], [s["token"] for s in t["seats"]]
        first = state(c, tid)
        seat = first["to_move"][0]
        legal = state(c, tid, tokens[seat])["legal"][0]["action"]
        bad = c.post(
            f"/api/tables/{tid}/actions", json={"action": "nonsense", "seq": 0}, headers=bearer(tokens[seat])
        )
        assert bad.status_code == 422  # took the one token
        late = c.post(
            f"/api/tables/{tid}/actions", json={"action": legal, "seq": 0}, headers=bearer(tokens[seat])
        )
        assert late.status_code == 429 and int(late.headers["Retry-After"]) >= 1
        assert state(c, tid)["seq"] == 0


def test_scale_zero_turns_the_limits_off() -> None:
    limiter = Limiter(0)
    for _ in range(10_000):
        limiter.check("create", ["ip:x"])


def _reply(ws: Any) -> dict[str, Any]:
    """The next answer to a sent message (states and chat lines pass by)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] in ("ok", "error"):
            return msg


def test_socket_moves_and_chat_share_the_rest_buckets_and_a_refused_one_changes_nothing(
    tmp_path: Path,
) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'limits.db'}"))
    app.state.runtime.limiter = Limiter(
        1.0, {"create": Rate(1, 10), "move": Rate(0.01, 2), "chat": Rate(0.01, 1), "hint": Rate(1, 1)}
    )
    with TestClient(app) as c:
        t = c.post("/api/tables", json={"game": "river-rivals"}).json()
        tid, tokens = t["id"], [s["token"] for s in t["seats"]]
        seat = state(c, tid)["to_move"][0]
        legal = state(c, tid, tokens[seat])["legal"][0]["action"]
        bad = c.post(
            f"/api/tables/{tid}/actions", json={"action": "nonsense", "seq": 0}, headers=bearer(tokens[seat])
        )
        assert bad.status_code == 422  # REST took one of the address's two move tokens
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"token": tokens[seat], "lang": "zh"})
            ws.send_json({"type": "undo"})
            assert _reply(ws)["status"] != 429  # the second token (nothing to undo)
            ws.send_json({"type": "action", "action": legal, "seq": 0})
            refused = _reply(ws)
            assert refused["status"] == 429 and refused["retry_after"] >= 1, refused
            assert "秒" in refused["detail"]  # in the socket's language
            for kind in ("resign", "back"):
                ws.send_json({"type": kind})
                assert _reply(ws)["status"] == 429
            ws.send_json({"type": "chat", "text": "hello"})
            assert _reply(ws)["type"] == "ok"  # chat has its own bucket
            ws.send_json({"type": "chat", "text": "again"})
            assert _reply(ws)["status"] == 429
        assert state(c, tid)["seq"] == 0 and not state(c, tid)["over"]  # no move, no resign
        assert [m["text"] for m in c.get(f"/api/tables/{tid}/chat").json()["messages"]] == ["hello"]
        spoken = c.post(f"/api/tables/{tid}/chat", json={"text": "from rest"})
        assert spoken.status_code == 429  # REST chat counts against the same address


BOTS = [{"kind": "bot", "bot": "random"}] * 2


def test_unfinished_tables_are_capped_per_address_and_a_finished_one_frees_its_place(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'caps.db'}", open_tables=3))
    with TestClient(app) as c:
        made = [c.post("/api/tables", json={"game": "river-rivals"}).json() for _ in range(3)]
        refused = c.post("/api/tables", json={"game": "river-rivals"})
        assert refused.status_code == 429 and "3 unfinished tables" in refused.json()["detail"]
        assert len(c.get("/api/tables").json()) == 3  # the refused one made nothing
        zh = c.post("/api/tables?lang=zh", json={"game": "river-rivals"}, headers={"accept-language": "zh"})
        assert "未结束" in zh.json()["detail"]
        first = made[0]
        c.post(f"/api/tables/{first['id']}/join", json={"name": "Bo"})  # two seats taken: it runs
        resigned = c.post(f"/api/tables/{first['id']}/resign", headers=bearer(first["seats"][0]["token"]))
        assert resigned.status_code == 200 and state(c, first["id"])["over"]
        assert c.post("/api/tables", json={"game": "river-rivals"}).status_code == 201


def test_the_cap_counts_a_player_across_addresses(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'caps.db'}", open_tables=2))
    openings = app.state.runtime.openings
    with TestClient(app) as c:
        ids = [c.post("/api/tables", json={"game": "river-rivals"}).json()["id"] for _ in range(2)]
        g = schema.games
        with openings.store.engine.begin() as conn:  # the same player opened them from two addresses
            for table_id, address in zip(ids, ("elsewhere", "another"), strict=True):
                conn.execute(
                    g.update().where(g.c.id == table_id).values(opener_address=address, opener_player="p1")
                )
        openings.check(["ip:third"], False)  # a new address alone is free
        openings.check(["ip:elsewhere"], False)  # one table from there
        with pytest.raises(Refused) as refused:
            openings.check(["ip:third", "player:p1"], False)
        assert refused.value.status == 429


def test_all_bot_tables_are_capped_and_can_be_refused_outright(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'caps.db'}", bot_tables=1))
    with TestClient(app) as c:
        body = {"game": "river-rivals", "seats": BOTS, "bot_seconds": 0.05}
        assert c.post("/api/tables", json=body).status_code == 201
        refused = c.post("/api/tables", json=body)
        assert refused.status_code == 429 and "bots only" in refused.json()["detail"]
        mixed = {"game": "river-rivals", "seats": [{"kind": "human"}, BOTS[0]]}
        assert c.post("/api/tables", json=mixed).status_code == 201  # a person at the table: fine
        assert len(c.get("/api/tables").json()) == 2
    none = create_app(Settings(f"sqlite:///{tmp_path / 'none.db'}", bot_tables=0))
    with TestClient(none) as c:
        refused = c.post("/api/tables", json={"game": "river-rivals", "seats": BOTS})
        assert refused.status_code == 429 and "does not host" in refused.json()["detail"]
        assert c.get("/api/tables").json() == []


def test_a_table_nobody_moved_at_expires_as_abandoned_and_frees_its_place(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'expire.db'}", open_tables=2))
    tables = app.state.runtime.tables
    with TestClient(app) as c:
        idle = c.post("/api/tables", json={"game": "river-rivals"}).json()
        time.sleep(0.05)
        between = time.time()
        time.sleep(0.05)
        busy = c.post("/api/tables", json={"game": "river-rivals"}).json()
        assert c.post(f"/api/tables/{busy['id']}/join", json={"name": "Bo"}).status_code == 200
        assert c.post("/api/tables", json={"game": "river-rivals"}).status_code == 429  # at the cap
        assert expire(tables, 7, time.time()) == []  # nobody has been away a week yet
        # a fake clock a day past ``between``: the idle table was made before it, the busy one
        # was made and joined after it
        assert expire(tables, 1, between + 86_400) == [idle["id"]]
        after = c.get(f"/api/tables/{idle['id']}").json()
        assert after["status"] == "abandoned" and after["to_move"] == [] and not after.get("winners")
        assert c.get(f"/api/tables/{busy['id']}").json()["status"] == "running"
        assert idle["id"] not in [t["id"] for t in c.get("/api/tables").json()]  # out of the lobby
        seat = idle["seats"][0]
        refused = c.post(
            f"/api/tables/{idle['id']}/actions",
            json={"action": "x", "seq": state(c, idle["id"])["seq"]},
            headers=bearer(seat["token"]),
        )
        assert refused.status_code == 403 and "over" in refused.json()["detail"]  # nothing more is played
        assert c.get(f"/api/tables/{idle['id']}/record").status_code == 200
        assert c.post("/api/tables", json={"game": "river-rivals"}).status_code == 201  # its place is free
        assert expire(tables, 1, between + 86_400) == []  # once only
    again = create_app(Settings(f"sqlite:///{tmp_path / 'expire.db'}"))
    with TestClient(again) as c:  # replayed from the store after a restart
        assert c.get(f"/api/tables/{idle['id']}").json()["status"] == "abandoned"


def test_my_tables_lists_an_abandoned_table_as_finished_without_a_result(tmp_path: Path) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'expire.db'}"))
    with TestClient(app) as c:
        c.get("/")  # a first visit makes the browser's player, who takes the seat it opens
        made = c.post("/api/tables", json={"game": "river-rivals"}).json()
        assert expire(app.state.runtime.tables, 1, time.time() + 2 * 86_400) == [made["id"]]
        mine = c.get("/api/players/me").json()
        assert mine["running"] == [] and [t["status"] for t in mine["finished"]] == ["abandoned"]
        page = c.get("/me").text
        finished = page.split("Finished")[1]
        assert "abandoned: nobody moved for a long time" in finished and "result-lost" not in finished
