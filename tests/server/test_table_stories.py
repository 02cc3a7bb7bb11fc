"""What the table pages read to tell what just happened, as the server hands it over.

Ravenous River's page shows the last round's scoring step by step from the ``round_scored``
event and its sentences (the state message's ``log`` and ``story``); River Rivals' page shows
the end-of-turn fish check column by column from the fish events of the check and the view.
These tests hold the server to what the pages rely on: the engine's event and its words, the
same for every viewer (the report is public once the round is over, RR-21), in each language,
and numbers that agree with the view. The pages themselves are tested in test_browser.py.
"""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

import riverbox
from tests.server.conftest import bearer, last_event, new_table, play_until


def round_scored(body: dict[str, Any]) -> bool:
    return last_event(body, "round_scored") is not None


def told(body: dict[str, Any], kind: str) -> str:
    """The sentence(s) of the last game event of ``kind`` in a state body's story."""
    return next(e["text"] for e in reversed(body["story"]) if e["source"] == "game" and e["kind"] == kind)


def test_the_round_report_reaches_every_viewer_in_the_engines_words(lite: TestClient) -> None:
    table = new_table(lite, "ravenous-river", 2)
    public = play_until(lite, table, round_scored, seed=3)
    event = last_event(public, "round_scored")
    assert event is not None
    game = riverbox.load("ravenous-river", players=2)
    url = f"/api/tables/{table['id']}/state"
    for token in [None, *(s["token"] for s in table["seats"])]:
        for lang in ("en", "zh"):
            body = lite.get(url, params={"lang": lang}, headers=bearer(token) if token else {}).json()
            assert last_event(body, "round_scored") == event  # public: the same event for all
            assert told(body, "round_scored") == game.describe_event(event, lang)
            assert "last_round" not in body["view"]  # told by the events, not kept in the view
    # the step lines carry the engine's numbers: the last one is each seat's gain and total,
    # and the totals are the scores the view shows
    lines = game.describe_event(event, "en").split("\n")
    each = ", ".join(
        f"seat {s} +{g} (total {t})"
        for s, (g, t) in enumerate(zip(event["gains"], event["scores"], strict=True))
    )
    assert lines[-1] == f"Scored: {each}."
    assert lines[0].startswith(f"Round {event['round']} ends: ")
    assert public["view"]["scores"] == event["scores"] or public["over"]


def stack_one_column(me: dict[str, Any], rng: random.Random) -> str:
    """Play into the fullest column that has room, so a column fills and a fish check catches."""
    legal = [a["action"] for a in me["legal"]]
    if "skip" in legal:
        return "skip"
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        board = me["view"]["board"][me["seat"]]

        def column(a: str) -> int:
            return int(a.split()[2].removeprefix("col"))

        return max(plays, key=lambda a: (len(board[column(a) - 1]), -column(a)))
    return "draw" if "draw" in legal else rng.choice(legal)


def check_fish(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The fish the end-of-turn checks placed (the events the page's check reads)."""
    return [
        e
        for e in body["log"]
        if e["kind"] == "caught" or (e["kind"] == "fish" and e["why"] in ("catch", "big-net"))
    ]


def test_a_fish_check_is_told_by_events_that_name_the_column_and_the_card(lite: TestClient) -> None:
    table = new_table(lite, "river-rivals", 2, options={"mode": "basic"})
    public = play_until(lite, table, lambda b: bool(check_fish(b)), stack_one_column, seed=1)
    fish = check_fish(public)
    view = public["view"]
    assert len(fish) == 1 and view["phase"] == "main" and not view["acted"]  # the next turn, untouched
    catch = fish[0]
    assert catch["seat"] == 1 - view["active"]  # the check of the turn that just ended
    side = view["board"][catch["seat"]][catch["column"] - 1]
    assert len(side) == 3  # a full column catches (RV-1) ...
    strength = view["strength"]
    assert (
        strength[catch["seat"]][catch["column"] - 1] >= strength[1 - catch["seat"]][catch["column"] - 1]
    )  # RV-17
    assert [c["animal"] for c in side if c["fish"]] == [catch["animal"]]  # ... and the fish is on that card
    for lang in ("en", "zh"):
        body = lite.get(f"/api/tables/{table['id']}/state", params={"lang": lang}).json()
        assert check_fish(body) == fish
        assert told(body, catch["kind"]) == riverbox.load("river-rivals", players=2).describe_event(
            catch, lang
        )
