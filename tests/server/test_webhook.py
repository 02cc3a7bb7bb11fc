"""Turn webhooks against a local receiver on 127.0.0.1: the body is the table's link only, bad
URLs are refused, retries are bounded, a slow receiver blocks nothing, redirects are not followed,
and a seat's turn coming at a live table posts to its player's URL."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient

from riverbox.server import webhook
from riverbox.server.table import Refused
from riverbox.server.webhook import ATTEMPTS, Sender, check_url, deliver, post_once, turn_body
from tests.server.conftest import bearer, new_table, state


class Receiver:
    """An HTTP server on 127.0.0.1 answering each POST with the next planned status (then 200)."""

    def __init__(self) -> None:
        self.plan: list[int] = []
        self.posts: list[tuple[str, dict[str, Any]]] = []
        self.delay = 0.0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                receiver.posts.append((self.path, json.loads(body)))
                time.sleep(receiver.delay)
                status = receiver.plan.pop(0) if receiver.plan else 200
                self.send_response(status)
                if 300 <= status < 400:
                    self.send_header("location", "/elsewhere")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, count: int, seconds: float = 20.0) -> list[tuple[str, dict[str, Any]]]:
        deadline = time.monotonic() + seconds
        while len(self.posts) < count:
            assert time.monotonic() < deadline, self.posts
            time.sleep(0.02)
        return self.posts


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.server.shutdown()


def test_only_http_and_https_urls_with_a_host_are_accepted() -> None:
    assert check_url(" https://example.org/turn ") == "https://example.org/turn"
    assert check_url("http://127.0.0.1:8000/x") == "http://127.0.0.1:8000/x"
    for bad in (
        "file:///etc/passwd",
        "javascript:alert(1)",
        "ftp://example.org/",
        "http://",
        "example.org/x",
        "https://example.org/" + "x" * 600,
    ):
        with pytest.raises(Refused) as refused:
            check_url(bad)
        assert refused.value.status == 422


def test_a_post_carries_the_table_link_only(receiver: Receiver) -> None:
    assert deliver(receiver.url, turn_body("http://here/tables/abc")) == 200
    assert receiver.posts == [("/hook", {"event": "turn", "table": "http://here/tables/abc"})]


def test_failures_are_retried_a_bounded_number_of_times(receiver: Receiver) -> None:
    receiver.plan = [500, 503]
    assert deliver(receiver.url, turn_body("t"), backoff=0.01) == 200 and len(receiver.posts) == 3
    receiver.posts.clear()
    receiver.plan = [500] * 10
    assert deliver(receiver.url, turn_body("t"), backoff=0.01) == 500 and len(receiver.posts) == ATTEMPTS
    receiver.posts.clear()
    receiver.plan = [404]
    assert deliver(receiver.url, turn_body("t"), backoff=0.01) == 404 and len(receiver.posts) == 1


def test_a_redirect_is_not_followed(receiver: Receiver) -> None:
    receiver.plan = [302]
    assert deliver(receiver.url, turn_body("t"), backoff=0.01) == 302
    assert [path for path, _ in receiver.posts] == ["/hook"]


def test_a_slow_receiver_times_out_and_sending_never_waits_for_it(receiver: Receiver) -> None:
    receiver.delay = 2.0
    start = time.monotonic()
    assert post_once(receiver.url, turn_body("t"), timeout=0.2) == 0
    assert time.monotonic() - start < 1.5
    sender = Sender(attempts=1)
    start = time.monotonic()
    assert sender.send(receiver.url, turn_body("t"))
    assert time.monotonic() - start < 1.0  # the post itself takes 2 s
    receiver.wait(2)
    sender.close()


def test_a_dead_address_gives_up_without_raising() -> None:
    assert deliver("http://127.0.0.1:9/none", turn_body("t"), attempts=2, backoff=0.01) == 0


def test_a_seats_webhook_is_posted_when_its_turn_comes(
    lite: TestClient, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stands in for site-core's players.webhook (seat 1's player has one), the one read it provides."""
    monkeypatch.setattr(webhook, "has_players", lambda: True)
    monkeypatch.setattr(webhook, "seat_webhooks", lambda _store, _table: {1: receiver.url})
    t = new_table(lite, "ravenous-river", 2, seats=[{"kind": "human"}] * 2)
    tid, tokens = t["id"], [s["token"] for s in t["seats"]]
    posts = receiver.wait(1)  # the game starts with both seats to choose: seat 1's turn
    assert posts == [("/hook", {"event": "turn", "table": f"http://testserver/tables/{tid}"})]
    waited = False
    deadline = time.monotonic() + 60
    while True:  # play on until seat 1 has waited for seat 0 and its turn comes again
        assert time.monotonic() < deadline
        now = state(lite, tid)
        if 1 not in now["to_move"]:
            waited = True
        elif waited:
            break
        seat = now["to_move"][0]
        mine = state(lite, tid, tokens[seat])
        r = lite.post(
            f"/api/tables/{tid}/actions",
            json={"action": mine["legal"][0]["action"], "seq": mine["seq"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
    posts = receiver.wait(2)
    time.sleep(0.3)
    assert len(receiver.posts) == 2  # one post per turn, none for seat 0's moves
    assert all(body == {"event": "turn", "table": f"http://testserver/tables/{tid}"} for _, body in posts)
    assert all(tok not in json.dumps(posts) for tok in tokens)


def test_a_player_sets_a_webhook_and_it_is_posted_when_their_turn_comes(
    lite: TestClient, receiver: Receiver
) -> None:
    """With site-core's players: the cookie's player sets a URL, creates a table (seat 0 is
    theirs) and the receiver is told of their turn, with the link and nothing else."""
    assert lite.put("/api/players/me/webhook", json={"url": receiver.url}).status_code == 403
    lite.get("/")  # the first visit makes a player (a cookie)
    key = lite.cookies.get("riverbox_player")
    assert key
    for bad in ("file:///etc/passwd", "javascript:alert(1)", "ftp://127.0.0.1/"):
        assert lite.put("/api/players/me/webhook", json={"url": bad}).status_code == 422
    r = lite.put("/api/players/me/webhook", json={"url": receiver.url})
    assert r.status_code == 200 and r.json() == {"url": receiver.url}
    t = new_table(lite, "ravenous-river", 2, seats=[{"kind": "human"}] * 2)
    posts = receiver.wait(1)
    assert posts == [("/hook", {"event": "turn", "table": f"http://testserver/tables/{t['id']}"})]
    assert key not in json.dumps(posts) and all(s["token"] not in json.dumps(posts) for s in t["seats"])
    assert lite.put("/api/players/me/webhook", json={"url": None}).json() == {"url": None}
