"""The event store: migrations match the tables, racing appends, durability settings."""

from __future__ import annotations

import secrets
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from riverbox.store import db, schema
from riverbox.store.db import NewEvent, SeatRow, Stale, Store, TableRow, WriterLock


def _store(url: str) -> Store:
    store = Store(url)
    store.upgrade()
    store.upgrade()  # a second upgrade finds nothing to do
    return store


def _table(store: Store, table_id: str) -> None:
    store.create_table(
        TableRow(table_id, "river-rivals", {"players": 2}, 1, "running", {}, 0.0),
        [(SeatRow(0, "human", None, None, True), "h0"), (SeatRow(1, "human", None, None, True), table_id)],
    )


def test_migrations_create_exactly_the_declared_tables(db_url: str) -> None:
    store = _store(db_url)
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), schema.metadata)
    assert diff == []
    store.close()


def test_racing_appends_of_one_seq_exactly_one_wins(db_url: str) -> None:
    store = _store(db_url)
    _table(store, "race")
    outcomes: list[str] = []
    barrier = threading.Barrier(6)

    def writer(n: int) -> None:
        barrier.wait()
        try:
            store.append(NewEvent("race", 0, "move", 0, f"move {n}"))
            outcomes.append("won")
        except Stale:
            outcomes.append("stale")

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["stale"] * 5 + ["won"]
    assert [e.seq for e in store.events("race")] == [0]
    store.close()


def test_sqlite_runs_in_wal_mode_with_normal_sync_unless_asked_for_full(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 26 item 8: WAL + NORMAL survives a killed process; FULL (an fsync per commit) on request
    for env, expected in (("", 1), ("full", 2), ("normal", 1)):
        monkeypatch.setenv(db.SYNC_ENV, env)
        store = _store(sqlite_url)
        with store.engine.connect() as conn:
            assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(sa.text("PRAGMA synchronous")).scalar() == expected  # 1 NORMAL, 2 FULL
        store.close()


def test_sqlite_checkpoints_run_beside_the_commits_not_inside_them(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "CHECKPOINT_SECONDS", 0.05)
    store = _store(sqlite_url)
    _table(store, "t1")
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0, "no commit checkpoints"
    for seq in range(40):
        store.append(NewEvent("t1", seq, "move", 0, "draw", None, None))
    file = Path(sa.make_url(sqlite_url).database or "")
    copy = tmp_path / "file-only.db"  # the database file alone, without its write-ahead log
    deadline = time.monotonic() + 20
    while True:
        shutil.copyfile(file, copy)
        try:
            with sqlite3.connect(copy) as conn:
                count = conn.execute("SELECT count(*) FROM events").fetchone()[0]
        except sqlite3.DatabaseError:  # copied halfway through a checkpoint: look again
            count = -1
        if count == 40 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    store.close()
    assert count == 40, "the checkpoint thread copies the committed events into the database file"


def test_claim_gives_each_open_seat_once(sqlite_url: str) -> None:
    store = _store(sqlite_url)
    store.create_table(
        TableRow("c", "river-rivals", {"players": 2}, 1, "open", {}, 0.0),
        [(SeatRow(0, "human", None, None, True), "x"), (SeatRow(1, "open", None, None, False), None)],
    )
    claimed = store.claim("c", None, "a", "t1", 0)
    assert claimed is not None and claimed[0] == 1
    assert store.claim("c", None, "b", "t2", 1) is None
    assert [(e.seq, e.kind, e.seat) for e in store.events("c")] == [(0, "join", 1)]
    assert store.table("c") is not None and store.table("c").status == "running"  # type: ignore[union-attr]
    store.close()


def test_appends_arriving_together_commit_together_and_a_lost_seq_fails_alone(db_url: str) -> None:
    store = _store(db_url)
    for i in range(8):
        store.create_table(
            TableRow(f"g{i}", "river-rivals", {"players": 2}, 1, "running", {}, 0.0),
            [
                (SeatRow(0, "human", None, None, True), f"g{i}-0"),
                (SeatRow(1, "human", None, None, True), f"g{i}-1"),
            ],
        )
    store.append(NewEvent("g0", 0, "move", 0, "pass"))
    outcomes: dict[str, str] = {}
    barrier = threading.Barrier(8)

    def append(i: int) -> None:
        barrier.wait()
        try:  # g0's seq 0 is taken: only that append may fail
            store.append(NewEvent(f"g{i}", 0, "move", 0, f"move {i}"))
            outcomes[f"g{i}"] = "won"
        except Stale:
            outcomes[f"g{i}"] = "stale"

    threads = [threading.Thread(target=append, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes == {"g0": "stale"} | {f"g{i}": "won" for i in range(1, 8)}
    assert [e.action for e in store.events("g0")] == ["pass"]
    assert all([e.action for e in store.events(f"g{i}")] == [f"move {i}"] for i in range(1, 8))
    store.close()


def test_one_process_at_a_time_writes_an_sqlite_file(sqlite_url: str) -> None:
    """The server trusts its cache on SQLite, so a second writer must be refused, clearly."""
    first = WriterLock(sqlite_url)
    with pytest.raises(RuntimeError, match="PostgreSQL"):
        WriterLock(sqlite_url)
    first.release()
    WriterLock(sqlite_url).release()  # free again once the first one stopped


def test_presence_rows_say_which_seats_a_live_process_has_connected_and_go_stale(db_url: str) -> None:
    store = _store(db_url)
    here, there = (f"{name}-{secrets.token_hex(4)}" for name in ("here", "there"))
    for tid in (here, there):  # the PostgreSQL schema is shared by the session: fresh ids and hashes
        store.create_table(
            TableRow(tid, "river-rivals", {"players": 2}, 1, "running", {}, 0.0),
            [
                (SeatRow(0, "human", None, None, True), tid + "0"),
                (SeatRow(1, "human", None, None, True), tid + "1"),
            ],
        )
    store.set_presence("a", here, 0, 2, now=100.0)
    store.set_presence("b", here, 1, 1, now=100.0)
    store.set_presence("b", there, 0, 1, now=100.0)
    assert store.present(here, fresh_after=90.0) == {0, 1}
    assert store.present(there, fresh_after=90.0) == {0}
    store.set_presence("a", here, 0, 0, now=101.0)  # a's last socket for seat 0 closed
    assert store.present(here, fresh_after=90.0) == {1}
    store.set_presence("a", here, 0, 1, now=101.0)
    # a keeps beating; b died without a word: at first its rows still count, then they are stale
    assert store.heartbeat("a", now=110.0, stale_before=95.0) == []
    assert store.present(here, fresh_after=95.0) == {0, 1}
    assert sorted(store.heartbeat("a", now=120.0, stale_before=105.0)) == sorted([here, there])
    assert store.present(here, fresh_after=0.0) == {0}  # b's rows were dropped, a's refreshed
    assert store.present(there, fresh_after=0.0) == set()
    store.clear_presence("a")  # a shuts down
    assert store.present(here, fresh_after=0.0) == set()
    store.close()


def test_a_group_commit_notifies_every_append_it_wrote_once(pg_url: str) -> None:
    """The notices of a group commit go out in one statement (issue 26 item 8): still one per
    written append, none for an append that lost its seq."""
    import psycopg

    from riverbox.server.fanout import listen_url

    store = _store(pg_url)
    ids = [f"n{secrets.token_hex(4)}" for _ in range(4)]
    for table_id in ids:
        store.create_table(
            TableRow(table_id, "river-rivals", {"players": 2}, 1, "running", {}, 0.0),
            [
                (SeatRow(0, "human", None, None, True), f"{table_id}-0"),
                (SeatRow(1, "bot", None, "random", True), None),
            ],
        )
    with psycopg.connect(listen_url(store.url), autocommit=True) as listener:
        listener.execute(f'LISTEN "{store.channel}"')
        pending = [store.submit(NewEvent(t, seq, "move", 0, "draw")) for seq in range(3) for t in ids]
        pending.append(store.submit(NewEvent(ids[0], 0, "move", 0, "again")))  # seq 0 is taken: Stale
        for p in pending:
            assert p.done.wait(30)
        assert isinstance(pending[-1].error, Stale) and all(p.error is None for p in pending[:-1])
        heard: list[str] = []
        deadline = time.monotonic() + 10
        while len(heard) < 12 and time.monotonic() < deadline:
            heard += [n.payload for n in listener.notifies(timeout=0.5) if n.payload.split()[0] in ids]
    assert sorted(heard) == sorted(f"{t} {seq + 1}" for seq in range(3) for t in ids)
    store.close()
