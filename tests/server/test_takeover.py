"""With several server processes, the one that commits a change drives what follows (issue 26 item 8).

Bot moves and the turn clock of a table are driven by the process whose commit made them due
(:meth:`BotDriver.changed`); a change another process committed, heard through a notice
(:meth:`BotDriver.heard`), waits ``takeover`` seconds and is driven here only if the table is
still where that notice left it. Before, every process worked out every bot move and all but
one of the commits lost. These tests drive a :class:`BotDriver` against a stand-in table
service; the two-process test on PostgreSQL is in ``test_processes.py``.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from riverbox.server import worker
from riverbox.server.live import BotDriver
from riverbox.server.service import BotJob

TAKEOVER = 0.3


def _job(seq: int, kind: str = "move") -> BotJob:
    return BotJob("t", "toy", {}, 1, (), 1, "random", seq, 0.01, seq, kind)


class FakeTables:
    """A table at ``seq`` whose seat 1 (a bot) is due when ``due``; a clock that expires at ``deadline``."""

    def __init__(self, seq: int, due: bool = True, deadline: float | None = None) -> None:
        self.seq, self.due, self.deadline = seq, due, deadline
        self.played: list[tuple[float, int, str]] = []
        self.timeouts: list[float] = []

    def _clock(self) -> tuple[int, float] | None:
        return None if self.deadline is None else (0, self.deadline)

    def bot_jobs_at_once(self, table_id: str) -> tuple[list[BotJob], tuple[int, float] | None]:
        return ([_job(self.seq)] if self.due else []), self._clock()

    def bot_jobs(self, table_id: str, timeout: bool = False, now: float | None = None) -> list[BotJob]:
        if timeout:
            self.timeouts.append(time.time())
            return [_job(self.seq, "timeout")] if self.deadline is not None else []
        return [_job(self.seq)] if self.due else []

    def clock(self, table_id: str) -> tuple[int, float] | None:
        return self._clock()

    async def bot_act_at_once(self, job: BotJob, text: str) -> tuple[bool, int | None]:
        self.played.append((time.monotonic(), job.seq, job.kind))
        self.seq += 1
        self.due = False
        self.deadline = None
        return True, self.seq


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worker, "choose_many", lambda jobs: ["move" for _ in jobs])


def _drive(tables: FakeTables, scenario: Any, takeover: float = TAKEOVER) -> None:
    async def run() -> None:
        with ThreadPoolExecutor(1) as pool:
            driver = BotDriver(tables, pool, 1, takeover=takeover)  # type: ignore[arg-type]
            await scenario(driver)
            driver.stop()

    asyncio.run(run())


async def _until_played(tables: FakeTables, seconds: float = 20.0) -> None:
    """Wait (on a busy machine, long) until a move was played."""
    end = time.monotonic() + seconds
    while not tables.played and time.monotonic() < end:
        await asyncio.sleep(0.02)


def test_the_process_that_committed_a_change_plays_the_bot_at_once() -> None:
    tables = FakeTables(seq=5)

    async def scenario(driver: BotDriver) -> None:
        start = time.monotonic()
        driver.changed("t")
        await _until_played(tables)
        assert [(seq, kind) for _, seq, kind in tables.played] == [(5, "move")]
        assert tables.played[0][0] - start < 30, "the move is played without waiting for a takeover"

    _drive(tables, scenario, takeover=60)


def test_a_change_heard_from_another_process_is_left_to_it() -> None:
    """The committing process moved the bot within the takeover time: this one worked out nothing."""
    tables = FakeTables(seq=5)

    async def scenario(driver: BotDriver) -> None:
        driver.heard("t", 5)
        await asyncio.sleep(TAKEOVER / 3)
        assert tables.played == [], "a heard change is not driven at once"
        driver.heard("t", 6)  # the other process played the bot: the table moved on
        tables.seq, tables.due = 6, False
        await asyncio.sleep(TAKEOVER * 2)
        assert tables.played == []

    _drive(tables, scenario)


def test_a_table_still_where_the_notice_left_it_is_taken_over() -> None:
    """The process that committed seq 5 went away: after the takeover time this one plays the bot, once."""
    tables = FakeTables(seq=5)

    async def scenario(driver: BotDriver) -> None:
        start = time.monotonic()
        driver.heard("t", 5)
        driver.heard("t", 4)  # an older notice delivered late changes nothing
        driver.heard("t", 5)  # nor does the same one twice
        await _until_played(tables)
        await asyncio.sleep(TAKEOVER)
        assert [(seq, kind) for _, seq, kind in tables.played] == [(5, "move")]
        assert tables.played[0][0] - start >= TAKEOVER * 0.9

    _drive(tables, scenario)


def test_a_stand_in_plays_a_missed_turn_only_after_the_driving_process_would_have() -> None:
    """A clock armed by a stand-in fires ``takeover`` seconds after the deadline, not at it."""
    deadline = time.time() + 0.2
    tables = FakeTables(seq=3, due=False, deadline=deadline)

    async def scenario(driver: BotDriver) -> None:
        driver.heard("t", 3)
        await _until_played(tables)
        assert [(seq, kind) for _, seq, kind in tables.played] == [(3, "timeout")]
        assert tables.timeouts[0] >= deadline + TAKEOVER * 0.9

    _drive(tables, scenario)


def test_the_driving_process_plays_a_missed_turn_at_the_deadline() -> None:
    deadline = time.time() + 0.2
    tables = FakeTables(seq=3, due=False, deadline=deadline)

    async def scenario(driver: BotDriver) -> None:
        driver.changed("t")
        driver.heard("t", 3)  # its own notice, echoed back: its clock stays as it was armed
        await _until_played(tables)
        assert [(seq, kind) for _, seq, kind in tables.played] == [(3, "timeout")]
        assert deadline <= tables.timeouts[0] < deadline + 30

    _drive(tables, scenario, takeover=60)
