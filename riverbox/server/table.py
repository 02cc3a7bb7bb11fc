"""One table's live game, rebuilt by replaying its event log (pure: no I/O).

Event kinds: ``move`` (a seat's action, by its player or a bot sitting in), ``timeout`` (the
turn clock ran out and a bot moved for the seat), ``undo`` (the last move taken back) and
``resign`` (a bot takes the seat over). Every event advances ``seq``. The state is the game
replayed from the effective moves; table notices (resign, timeout, undo) are public and are
shown in every seat's log at the point where they happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riverbox.core.errors import IllegalAction
from riverbox.core.game import CHANCE, Action, Game, State
from riverbox.registry import load
from riverbox.server.events import seat_log
from riverbox.store.db import EventRow, SeatRow, TableRow

MOVE_KINDS = ("move", "timeout")


class Refused(Exception):
    """A request the table refuses; ``status`` is the HTTP status that says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def make_game(game: str, options: dict[str, Any]) -> Game:
    """The game a table plays, from its stored options (``players`` plus the game's own)."""
    opts = dict(options)
    players = opts.pop("players", None)
    return load(game, players, **opts)


@dataclass
class _Notice:
    at_log: dict[int | None, int]
    event: dict[str, Any]


@dataclass
class Table:
    """A table's game and record as of event ``seq``."""

    row: TableRow
    game: Game
    state: State
    seq: int = 0
    moves: list[tuple[int, str, str]] = field(default_factory=list)  # (seat, notation, kind)
    notices: list[_Notice] = field(default_factory=list)
    resigned: set[int] = field(default_factory=set)
    last: EventRow | None = None
    changed_at: float = 0.0

    @classmethod
    def new(cls, row: TableRow) -> Table:
        game = make_game(row.game, row.options)
        return cls(row, game, game.new_state(row.seed), changed_at=row.created)

    # -- replay ---------------------------------------------------------------------------
    def replay(self, event: EventRow) -> None:
        """Apply stored event ``event`` (which must be event ``seq``)."""
        if event.seq != self.seq:
            raise ValueError(f"table {self.row.id}: event {event.seq} read while at {self.seq}")
        if event.kind in MOVE_KINDS and event.seat is not None and event.action is not None:
            self._play(event.seat, event.action)
            self.moves.append((event.seat, event.action, event.kind))
            if event.kind == "timeout":
                self._notice(
                    {
                        "kind": "timeout",
                        "seat": event.seat,
                        "text": f"player {event.seat} ran out of time; a bot moved for them.",
                    }
                )
        elif event.kind == "undo" and self.moves:
            self.moves.pop()
            self.state = self.game.new_state(self.row.seed)
            for seat, text, _ in self.moves:
                self._play(seat, text)
            self._notice(
                {"kind": "undo", "seat": event.seat, "text": f"player {event.seat} took back a move."}
            )
        elif event.kind == "resign" and event.seat is not None:
            self.resigned.add(event.seat)
            self._notice(
                {
                    "kind": "resign",
                    "seat": event.seat,
                    "text": f"player {event.seat} resigned; a bot plays their seat.",
                }
            )
        self.seq += 1
        self.last = event
        self.changed_at = event.at

    def _play(self, seat: int, text: str) -> None:
        self.state.apply(self.game.parse_action(text, self.state), seat)

    def _notice(self, event: dict[str, Any]) -> None:
        viewers: list[int | None] = [None, *range(self.game.players)]
        self.notices.append(_Notice({v: len(seat_log(self.state, v)) for v in viewers}, event))

    # -- checks (each raises Refused and changes nothing) -----------------------------------
    def check_seq(self, seq: int) -> None:
        if seq != self.seq:
            raise Refused(409, f"the table is at move {self.seq}, not {seq}; reload and choose again")

    def check_move(self, seat: int, text: str) -> Action:
        """The action ``text`` for ``seat`` if it is legal now; otherwise Refused with the engine's reason."""
        if self.state.is_over:
            raise Refused(403, "the game is over")
        if seat not in self.state.to_move:
            raise Refused(403, f"player {seat} is not to move now")
        try:
            action = self.game.parse_action(text, self.state)
            if action not in self.state.legal_actions(seat):
                self.state.clone().apply(action, seat)
                raise IllegalAction(f"{text} is not a legal action now")
        except (IllegalAction, ValueError) as exc:
            raise Refused(422, str(exc)) from None
        return action

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last move now, or None (the terminal's undo policy)."""
        from riverbox.cli.play import reveals

        last = self.last
        if last is None or last.kind != "move" or last.seat != seat or not self.moves:
            return "nothing to undo: you have not moved since the last move by anyone else"
        if self.state.is_over:
            return "the game is over"
        before = self.game.new_state(self.row.seed)
        for s, text, _ in self.moves[:-1]:
            self.replay_into(before, s, text)
        if len(self.state.history) != len(before.history) + 1:
            since = self.state.history[len(before.history) + 1 :]
            if all(s == CHANCE for s, _ in since):
                return "your move revealed something (a card seen or drawn)"
            return "someone has moved since"
        if reveals(before, self.state.history[-1][1], seat, self.state):
            return "that move showed you something you did not know"
        return None

    def replay_into(self, state: State, seat: int, text: str) -> None:
        state.apply(self.game.parse_action(text, state), seat)

    # -- what a seat is told ----------------------------------------------------------------
    def log(self, seat: int | None) -> list[dict[str, Any]]:
        """The seat's game log with the table's public notices placed where they happened."""
        events = seat_log(self.state, seat)
        if not self.notices:
            return events
        out: list[dict[str, Any]] = []
        pending = sorted(self.notices, key=lambda n: n.at_log[seat])
        i = 0
        for pos, event in enumerate(events):
            while i < len(pending) and pending[i].at_log[seat] <= pos:
                out.append(pending[i].event)
                i += 1
            out.append(event)
        out.extend(n.event for n in pending[i:])
        return out

    def payload(self, seat: int | None, seats: list[SeatRow]) -> dict[str, Any]:
        """The state message for ``seat`` (None: a spectator): everything it may know, nothing more."""
        state = self.state
        legal = state.legal_actions(seat) if seat is not None and seat in state.to_move else []
        body: dict[str, Any] = {
            "table": self.row.id,
            "game": self.row.game,
            "seq": self.seq,
            "seat": seat,
            "to_move": list(state.to_move),
            "over": state.is_over,
            "view": state.view(seat),
            "legal": [{"action": str(a), "text": self.game.describe_action(a, state)} for a in legal],
            "log": self.log(seat),
            "seats": [self.seat_summary(s) for s in seats],
            "can_undo": seat is not None
            and self.last is not None
            and self.last.kind == "move"
            and self.last.seat == seat
            and not state.is_over,
        }
        if state.is_over:
            body["scores"] = state.scores()
            body["winners"] = state.winners()
        return body

    def seat_summary(self, s: SeatRow, connected: bool = False) -> dict[str, Any]:
        return {
            "seat": s.seat,
            "kind": s.kind,
            "name": s.name or (f"{s.bot} bot" if s.kind == "bot" else f"player {s.seat}"),
            "bot": s.bot,
            "resigned": s.seat in self.resigned,
            "claimed": s.claimed or s.kind != "open",
            "connected": connected,
        }

    def bot_seats(self, seats: list[SeatRow]) -> dict[int, str]:
        """Seats a bot plays now: bot seats and seats whose player resigned."""
        return {
            s.seat: s.bot for s in seats if s.bot is not None and (s.kind == "bot" or s.seat in self.resigned)
        }
