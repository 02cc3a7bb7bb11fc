"""Issue 26: what a seat, a bot or a slow client can do to a table and to the server.

The seed attack: in River Rivals a seat is told its own draws in pile order; on SplitMix64 with
a seed from a small space, scanning every seed for one that deals those draws finds the table's
seed (and with it the opponent's hand and both piles). A table's chance now comes from a keyed
generator with a 256-bit secret: the same scan finds nothing.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from fastapi.testclient import TestClient

import riverbox
from riverbox.core.game import State
from riverbox.core.rng import KEYED, SPLITMIX
from riverbox.server.table import Table, game_log
from riverbox.store.db import TableRow
from tests.server.conftest import bearer, new_table, state

SMALL = 2**12
"""The seed space the attack scans (the issue's real scan was 2**31 seeds with numpy, 186 s)."""
DRAWS = ("draw", "draw", "draw")
"""Seat 0 draws, seat 1 draws, seat 0 draws: seat 0 then knows seven of its draws in order."""


def own_draws(log: list[dict[str, Any]], seat: int) -> list[str]:
    """Every card ``seat`` was told it drew, in order (what the attack matches)."""
    return [card for e in log if e["kind"] == "drew" and e["seat"] == seat for card in e["cards"]]


def candidates(observed: list[str], generator: str, seeds: range) -> list[int]:
    """The seeds of ``seeds`` whose deal gives seat 0 the draws ``observed`` after the same moves."""
    game = riverbox.load("river-rivals", 2)
    found = []
    for seed in seeds:
        world: State = game.new_state(seed, generator)
        for text in DRAWS:
            seat = world.to_move[0]
            world.apply(game.parse_action(text, world), seat)
        if own_draws(world.log(0), 0) == observed:
            found.append(seed)
    return found


def test_the_seed_scan_finds_an_old_tables_seed_and_nothing_on_a_table_today(lite: TestClient) -> None:
    # the old way: SplitMix64 from a seed drawn in a small space, as tables had 2**31
    seed = secrets.randbelow(SMALL)
    game = riverbox.load("river-rivals", 2)
    old = Table.new(TableRow("old", game.name, game.config(), seed, "running", {}, time.time()))
    for text in DRAWS:
        seat = old.state.to_move[0]
        old.state.apply(game.parse_action(text, old.state), seat)
    seen = own_draws(game_log(old.state, 0), 0)
    assert len(seen) == 7
    found = candidates(seen, SPLITMIX, range(SMALL))
    assert seed in found and len(found) <= 2  # the seat knows the deal: the opponent's hand, both piles

    # a table today, through the API: the same scan, on either generator, finds nothing
    t = new_table(lite, "river-rivals")
    tokens = [s["token"] for s in t["seats"]]
    for text in DRAWS:
        mine = state(lite, t["id"], tokens[0])
        seat = mine["to_move"][0]
        body = {"action": text, "seq": state(lite, t["id"], tokens[seat])["seq"]}
        r = lite.post(f"/api/tables/{t['id']}/actions", json=body, headers=bearer(tokens[seat]))
        assert r.status_code == 200, r.text
    seen = own_draws(state(lite, t["id"], tokens[0])["log"], 0)
    assert len(seen) == 7
    assert candidates(seen, SPLITMIX, range(SMALL)) == []
    assert candidates(seen, KEYED, range(SMALL)) == []
    with lite.app.state.tables.locked(t["id"]) as table:  # type: ignore[attr-defined]
        assert table.state.generator == KEYED and table.state.seed == int(table.row.secret or "0", 16)
        assert table.row.seed == 0 and len(table.row.secret or "") == 64
    summary = lite.get(f"/api/tables/{t['id']}").json()
    assert table.row.secret not in str(summary) and str(table.state.seed) not in str(summary)
    assert lite.get(f"/api/tables/{t['id']}/record").status_code == 403  # the secret waits for the end
