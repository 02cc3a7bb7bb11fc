"""``POST /api/tables/{id}/hint``: the strong bot's move and why, for the seat to move only.

Every answer takes at least ``HINT_SECONDS``; the tests ask few hints for that reason.
"""

from __future__ import annotations

import re
import time
from typing import Any

from fastapi.testclient import TestClient

from riverbox.server.app import printed_content
from riverbox.server.service import HINT_SECONDS
from tests.server.conftest import bearer, new_table, state

CJK = re.compile(r"[\u4e00-\u9fff]")


def _private_titles(c: TestClient, table: str, tokens: dict[int, str], seat: int) -> set[str]:
    """Card titles (both languages) in other seats' hands that ``seat`` does not hold itself."""
    mine = set(state(c, table, tokens[seat])["view"]["hand"])
    theirs = {card for s, t in tokens.items() if s != seat for card in state(c, table, t)["view"]["hand"]}
    titles = set()
    for lang in ("en", "zh"):
        cards = printed_content("ravenous-river", lang)["cards"]
        titles |= {cards[card]["title"] for card in theirs - mine}
    return titles


def test_a_hint_answers_the_seat_to_move_in_its_language_and_nothing_more(lite: TestClient) -> None:
    table = new_table(lite, "ravenous-river", 3)
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    url = f"/api/tables/{table['id']}/hint"
    mover = state(lite, table["id"])["to_move"][0]
    other = (mover + 1) % 3

    assert lite.post(url).status_code == 403  # a spectator
    assert lite.post(url, headers=bearer("not-a-token")).status_code == 403
    off_turn = lite.post(url, headers=bearer(tokens[other]))
    assert off_turn.status_code == 409 and "not your turn" in off_turn.json()["detail"]

    started = time.monotonic()
    en = lite.post(url, headers=bearer(tokens[mover]))
    assert time.monotonic() - started >= HINT_SECONDS  # a fixed think time, whatever the position
    assert en.status_code == 200, en.text
    hint: dict[str, Any] = en.json()
    own = state(lite, table["id"], tokens[mover])
    legal = {a["action"]: a["text"] for a in own["legal"]}
    assert hint["seq"] == own["seq"] and legal[hint["action"]] == hint["text"]
    assert 1 <= len(hint["why"]) <= 3 and "outlook" in hint["why"][0]

    zh = lite.post(url, params={"lang": "zh"}, headers=bearer(tokens[mover])).json()
    assert zh["action"] in legal and all(CJK.search(line) for line in zh["why"])
    said = " ".join([hint["text"], *hint["why"], zh["text"], *zh["why"]])
    secrets = _private_titles(lite, table["id"], tokens, mover)
    assert secrets and not [title for title in secrets if title in said]

    # the hint's move is playable as it is
    played = lite.post(
        f"/api/tables/{table['id']}/actions",
        json={"action": hint["action"], "seq": hint["seq"]},
        headers=bearer(tokens[mover]),
    )
    assert played.status_code == 200, played.text
    if mover not in state(lite, table["id"])["to_move"]:
        assert lite.post(url, headers=bearer(tokens[mover])).status_code == 409


def test_a_hint_in_a_language_riverbox_does_not_speak_is_refused(lite: TestClient) -> None:
    table = new_table(lite, "river-wild", 1)
    token = table["seats"][0]["token"]
    refused = lite.post(f"/api/tables/{table['id']}/hint", params={"lang": "xx"}, headers=bearer(token))
    assert refused.status_code == 422 and "choose from en, zh" in refused.json()["detail"]
