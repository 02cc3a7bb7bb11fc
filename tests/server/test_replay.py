"""The replay viewer's frames: refused before the end, then one frame per move for any seat."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import bearer, new_table, state


def play_out(c: TestClient, table: dict[str, Any], rng: random.Random) -> int:
    """Play random legal moves for every human seat until the game ends; the number of moves."""
    tokens = [s["token"] for s in table["seats"]]
    moves = 0
    while True:
        bodies = [state(c, table["id"], t) for t in tokens]
        if bodies[0]["over"]:
            return moves
        for token, body in zip(tokens, bodies, strict=True):
            if body["legal"]:
                action = rng.choice(body["legal"])["action"]
                r = c.post(
                    f"/api/tables/{table['id']}/actions",
                    json={"action": action, "seq": body["seq"]},
                    headers=bearer(token),
                )
                assert r.status_code == 200, r.text
                moves += 1
                break


def test_replay_is_refused_until_the_end_then_shows_each_seat_its_own_view(lite: TestClient) -> None:
    table = new_table(lite, "ravenous-river", 2, options={"target": 1})
    assert lite.get(f"/api/tables/{table['id']}/replay").status_code == 403
    moves = play_out(lite, table, random.Random(3))
    public = lite.get(f"/api/tables/{table['id']}/replay").json()
    seat1 = lite.get(f"/api/tables/{table['id']}/replay", params={"seat": 1}).json()
    assert len(public) == len(seat1) == moves + 1
    assert public[0]["move"] is None and all(f["move"] for f in public[1:])
    assert all(f["view"]["hand"] is None for f in public)  # spectators never held a hand
    assert all(isinstance(f["view"]["hand"], list) for f in seat1)
    assert seat1[-1]["view"]["scores"] == state(lite, table["id"])["scores"]
    assert lite.get(f"/api/tables/{table['id']}/replay", params={"seat": 2}).status_code == 422
    page = lite.get(f"/tables/{table['id']}/replay")
    assert page.status_code == 200 and 'data-game="ravenous-river"' in page.text
