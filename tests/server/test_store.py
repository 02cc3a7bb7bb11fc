"""The event store: migrations match the tables, racing appends, durability settings."""

from __future__ import annotations

import threading

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from riverbox.store import schema
from riverbox.store.db import SeatRow, Stale, Store, TableRow


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
            store.append("race", 0, "move", 0, f"move {n}")
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


def test_sqlite_runs_in_wal_mode_with_full_sync(sqlite_url: str) -> None:
    store = _store(sqlite_url)
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(sa.text("PRAGMA synchronous")).scalar() == 2  # FULL
    store.close()


def test_claim_gives_each_open_seat_once(sqlite_url: str) -> None:
    store = _store(sqlite_url)
    store.create_table(
        TableRow("c", "river-rivals", {"players": 2}, 1, "open", {}, 0.0),
        [(SeatRow(0, "human", None, None, True), "x"), (SeatRow(1, "open", None, None, False), None)],
    )
    assert store.claim("c", None, "a", "t1") == 1
    assert store.claim("c", None, "b", "t2") is None
    assert store.table("c") is not None and store.table("c").status == "running"  # type: ignore[union-attr]
    store.close()
