"""A full or read-only disk answers 503 with a reason, acknowledges nothing, and the server
resumes when space returns (issue 26 item 5). The store's commit is made to fail as SQLite
fails on a full disk."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from riverbox.server.app import Settings, create_app
from riverbox.server.failures import FULL, READ_ONLY, cannot_write
from riverbox.store.db import Store
from tests.server.conftest import TestClient, bearer, state


def _full(*_args: Any, **_kwargs: Any) -> None:
    raise OperationalError("INSERT INTO events", {}, sqlite3.OperationalError("database or disk is full"))


def test_a_full_disk_answers_503_acknowledges_nothing_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'full.db'}"))
    with TestClient(app) as c:
        t = c.post("/api/tables", json={"game": "river-rivals"}).json()
        tid, tokens = t["id"], [s["token"] for s in t["seats"]]
        seat = state(c, tid)["to_move"][0]
        legal = state(c, tid, tokens[seat])["legal"][0]["action"]
        url = f"/api/tables/{tid}/actions"

        with monkeypatch.context() as m:
            m.setattr(Store, "_write", _full)  # every commit of a move fails, as on a full disk
            m.setattr(Store, "create_table", _full)
            refused = c.post(url, json={"action": legal, "seq": 0}, headers=bearer(tokens[seat]))
            assert refused.status_code == 503 and refused.json()["detail"] == FULL
            made = c.post("/api/tables", json={"game": "river-rivals"})
            assert made.status_code == 503 and "disk is full" in made.json()["detail"]
            assert state(c, tid)["seq"] == 0  # nothing acknowledged, nothing moved
            assert len(c.get("/api/tables").json()) == 1

        ok = c.post(url, json={"action": legal, "seq": 0}, headers=bearer(tokens[seat]))  # space is back
        assert ok.status_code == 200 and ok.json() == {"seq": 1}
        assert c.post("/api/tables", json={"game": "river-rivals"}).status_code == 201


def test_storage_errors_are_told_apart_from_bugs() -> None:
    assert cannot_write(OSError(errno.ENOSPC, "No space left on device")) == FULL
    assert cannot_write(OSError(errno.EROFS, "Read-only file system")) == READ_ONLY
    wrapped = OperationalError("UPDATE", {}, sqlite3.OperationalError("attempt to write a readonly database"))
    assert cannot_write(wrapped) == READ_ONLY
    assert cannot_write(OperationalError("SELECT", {}, sqlite3.OperationalError("no such table: x"))) is None
    assert cannot_write(OSError(errno.ENOENT, "gone")) is None
