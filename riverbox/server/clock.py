"""The table's clock: time banks read from the events' times, away seats and zombie seats.

A table's time control is fixed when it is created (its ``table_options``):

- ``clock``: seconds each decision gets before the seat's reserve is touched (a *simple
  delay*: time used within it is free; the name predates the reserve and is kept so old
  tables keep their meaning);
- ``bank``: the seat's reserve for the whole game (0: each decision has ``clock`` seconds
  and no more, the old behaviour);
- ``timeouts``: after this many expiries in a row the seat is a zombie;
- ``open``: the seats that waited for a player at creation: no clock runs until every one
  of them is taken (a table waiting for a friend spends nobody's time).

Nothing about the clock is stored beyond the events: every figure is replayed from the
events' ``at`` times (the store's commit times), so a clock can never disagree with the
record and every process of a deployment reads the same deadline.

On expiry a bot makes that one move for the seat (an ``expire`` event; in a game whose turn
is several decisions, the bot plays the rest of that turn at once, each decision an
``expire``) and the seat is *away*: from then on it has only ``clock`` seconds a decision
(its reserve is spent), and the bot moves for it again when they run out. A turn missed
counts once, however many decisions it had. Its player takes the seat back with one click
(a ``back`` event) or simply by moving. After ``timeouts`` expiries in a row the seat is a
*zombie*: a bot plays it to the end and it finishes last (see :func:`standings`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from riverbox.core.i18n import N_, Message, message

DAY = 86400.0
MAX_SECONDS = 30 * DAY
"""The longest move allowance or reserve: a month (turn-based play over days)."""
MIN_MOVE = 1.0
DEFAULT_TIMEOUTS = 3
MAX_TIMEOUTS = 100
EARLY = 0.05
"""An expiry is honoured this close before the deadline (a timer may fire a hair early)."""

PRESETS: dict[str, dict[str, float]] = {
    "live": {"clock": 30.0, "bank": 300.0, "timeouts": 3},
    "days": {"clock": DAY, "bank": 3 * DAY, "timeouts": 3},
}
"""Suggested time controls (documented in docs/server.md): a live game and one played over days."""


def _text(template: str, **fields: Any) -> Message:
    return message("riverbox", template, **fields)


class BadTimeControl(ValueError):
    """A time control the server refuses; ``reason`` is the message in every language."""

    def __init__(self, reason: Message) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True)
class TimeControl:
    """Seconds per decision (free), the reserve for the game, expiries in a row before a zombie."""

    move: float
    bank: float = 0.0
    timeouts: int = DEFAULT_TIMEOUTS


def _seconds(value: Any, name: str, low: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= MAX_SECONDS:
        raise BadTimeControl(
            _text(
                N_("{name} must be a number of seconds from {low} to {high} (30 days)"),
                name=name,
                low=f"{low:g}",
                high=f"{MAX_SECONDS:g}",
            )
        )
    return float(value)


def check_time_control(clock: Any, bank: Any, timeouts: Any) -> dict[str, Any]:
    """The table options of a valid time control (empty: no clock); :class:`BadTimeControl` if not.

    ``clock`` may be left out when ``bank`` is given: a bank alone has no per-decision time,
    so it is refused rather than guessed.
    """
    if clock is None:
        if bank is not None or timeouts is not None:
            raise BadTimeControl(
                _text(N_("a time reserve or a timeout count needs a clock (seconds per move)"))
            )
        return {}
    out: dict[str, Any] = {"clock": _seconds(clock, "clock", MIN_MOVE)}
    out["bank"] = 0.0 if bank is None else _seconds(bank, "bank", 0.0)
    if timeouts is None:
        timeouts = DEFAULT_TIMEOUTS
    if isinstance(timeouts, bool) or not isinstance(timeouts, int) or not 1 <= timeouts <= MAX_TIMEOUTS:
        raise BadTimeControl(_text(N_("timeouts must be a whole number from 1 to {high}"), high=MAX_TIMEOUTS))
    out["timeouts"] = timeouts
    return out


def time_control(table_options: dict[str, Any]) -> TimeControl | None:
    """A table's time control from its stored options; None when it has no clock."""
    move = table_options.get("clock")
    if not move:
        return None
    return TimeControl(
        float(move),
        float(table_options.get("bank") or 0.0),
        int(table_options.get("timeouts") or DEFAULT_TIMEOUTS),
    )


@dataclass
class SeatClock:
    """One seat's clock as of the last event replayed."""

    bank: float
    """The reserve left (at the start of the running decision, if one runs)."""
    since: float | None = None
    """When the seat's running decision started; None while it is not to move."""
    away: bool = False
    missed: int = 0
    """Expiries in a row (a move of its own or a ``back`` resets it)."""
    zombie: bool = False
    rushed: bool = False
    """The clock ran out in this turn while the seat is away: the bot plays the turn out at once."""


@dataclass
class Clocks:
    """Every seat's clock, advanced event by event as the table replays (pure: no I/O)."""

    control: TimeControl | None
    seats: list[SeatClock]
    waiting: set[int] = field(default_factory=set)

    @classmethod
    def start(cls, table_options: dict[str, Any], players: int, to_move: Iterable[int], at: float) -> Clocks:
        control = time_control(table_options)
        bank = control.bank if control is not None else 0.0
        clocks = cls(control, [SeatClock(bank) for _ in range(players)], set(table_options.get("open") or ()))
        clocks._begin(to_move, at)
        return clocks

    def _begin(self, to_move: Iterable[int], at: float) -> None:
        """Start the decision of every seat to move whose clock is not running (none while seats wait)."""
        if self.waiting:
            return
        for s in to_move:
            if 0 <= s < len(self.seats) and self.seats[s].since is None:
                self.seats[s].since = at

    def update(
        self, kind: str, seat: int | None, at: float, before: Iterable[int], after: Iterable[int], over: bool
    ) -> bool:
        """Advance past one event; True when it made ``seat`` a zombie.

        A decision ends when its seat moves (``move``/``expire``/``timeout``) or stops being to
        move (an undo, another seat's move); the time it took beyond the free ``clock`` seconds
        comes off the seat's reserve (never below zero).
        """
        after = tuple(after)
        moved = seat if kind in ("move", "expire", "timeout") else None
        free = self.control.move if self.control is not None else 0.0
        rushed = seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].rushed
        for s in before:
            c = self.seats[s] if 0 <= s < len(self.seats) else None
            if c is None or c.since is None:
                continue
            if over or s == moved or s not in after:
                c.bank = max(0.0, c.bank - max(0.0, at - c.since - free))
                c.since = None
            if over or s not in after:
                c.rushed = False  # the turn is over
        became_zombie = False
        if seat is not None and 0 <= seat < len(self.seats):
            c = self.seats[seat]
            if kind in ("move", "back"):
                c.away, c.missed, c.rushed = False, 0, False
            elif kind == "expire":
                c.bank, c.away = 0.0, True  # it ran out: the reserve is spent
                if not rushed:  # a turn missed (the rest of it is the bot's at once)
                    c.missed += 1
                c.rushed = seat in after
                limit = self.control.timeouts if self.control is not None else DEFAULT_TIMEOUTS
                if not c.zombie and c.missed >= limit:
                    c.zombie = became_zombie = True
            elif kind == "join":
                self.waiting.discard(seat)
        if not over:
            self._begin(after, at)
        return became_zombie

    def deadline(self, seat: int) -> float | None:
        """When ``seat``'s running decision expires; None without a clock or a running decision."""
        c = self.seats[seat]
        if self.control is None or c.since is None:
            return None
        if c.rushed and c.away:
            return c.since
        return c.since + self.control.move + c.bank

    def zombies(self) -> set[int]:
        return {s for s, c in enumerate(self.seats) if c.zombie}

    def public(self, counted: Iterable[int]) -> dict[str, Any] | None:
        """Every seat's clock as the state message tells it (public: everyone sees every clock).

        ``counted``: the seats whose time matters (people, not bots). Times are the server's
        epoch seconds; the message's ``now`` lets a page count down from them.
        """
        if self.control is None:
            return None
        counted = set(counted)
        return {
            "move": self.control.move,
            "bank": self.control.bank,
            "timeouts": self.control.timeouts,
            "seats": [
                {
                    "seat": s,
                    "counts": s in counted,
                    "bank": round(c.bank, 3),
                    "since": c.since,
                    "deadline": self.deadline(s),
                    "away": c.away,
                    "missed": c.missed,
                    "zombie": c.zombie,
                }
                for s, c in enumerate(self.seats)
            ],
        }


def expired(clocks: Clocks, seat: int, now: float | None = None) -> bool:
    """Has ``seat``'s running decision run out (at ``now``, default the wall clock)?"""
    deadline = clocks.deadline(seat)
    return deadline is not None and (time.time() if now is None else now) >= deadline - EARLY


def back_refusal(clocks: Clocks, seat: int, over: bool) -> Message | None:
    """Why ``seat`` cannot take itself back now, or None."""
    if over:
        return _text(N_("the game is over"))
    if clocks.seats[seat].zombie:
        return _text(N_("this seat missed too many turns in a row; a bot plays it to the end"))
    if not clocks.seats[seat].away:
        return _text(N_("this seat is not marked away"))
    return None


def standings(
    scores: list[float], winners: list[int], zombies: set[int], resigned: Iterable[int] = ()
) -> tuple[list[int], list[dict[str, Any]]]:
    """The winners and each seat's place when zombie (and resigned) seats finish last whatever they scored.

    The seats that left the game (``zombies``, and ``resigned`` where resigning concedes) lose
    everywhere, whatever the bot playing on for them scored. The engine's winners stand when
    none of them left; otherwise the best score among the others wins. Places: 1 for a winner, else
    one more than the seats still in the game that scored more (2 at least); every seat of
    ``last`` shares the place after them all.
    """
    players = range(len(scores))
    quit_ = set(resigned)
    last = zombies | quit_
    staying = [s for s in players if s not in last]
    if winners and all(w in staying for w in winners):
        top = list(winners)
    elif staying:
        best = max(scores[s] for s in staying)
        top = [s for s in staying if scores[s] == best]
    else:
        top = []
    results = []
    for s in players:
        if s in last:
            place = len(staying) + 1
        elif s in top:
            place = 1
        else:
            place = max(2, 1 + sum(1 for o in staying if scores[o] > scores[s]))
        results.append(
            {"seat": s, "place": place, "score": scores[s], "resigned": s in quit_, "zombie": s in zombies}
        )
    return top, results


def with_now(body: str, now: float | None = None) -> str:
    """A JSON object's text with the server's time (``"now"``) added, for a page's countdown."""
    stamp = f'"now":{time.time() if now is None else now:.3f}'
    return "{" + stamp + ("}" if body.strip() == "{}" else "," + body.lstrip()[1:])
