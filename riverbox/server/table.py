"""One table's live game, rebuilt by replaying its event log (pure: no I/O).

Stored event kinds: ``move`` (a seat's action, by its player or a bot sitting in),
``timeout`` (the turn clock ran out: a bot moved for the seat and plays it from then on),
``undo`` (the last move taken back), ``resign`` (a bot takes the seat over), ``join`` (a
player claimed an open seat), ``expire`` (the clock ran out: a bot made this one move and the
seat is away, see :mod:`riverbox.server.clock`) and ``back`` (an away seat's player is back).
Old records' ``timeout`` events keep their meaning. Every stored event advances ``seq``. The state is the game
replayed from the effective moves.

A seat is told two streams, kept apart: the game's own events, ``state.log(seat)`` (the one
gate for hidden information, decided by the rules), and the table's events (timeout, undo,
resign, join), which the server adds, are public and carry their own words. Each table event
records where it happened in every audience's game log, so a page can show both in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riverbox.core.errors import IllegalAction, NotationError
from riverbox.core.game import CHANCE, Action, Game, State
from riverbox.core.i18n import N_, Message, gettext, in_lang, message
from riverbox.registry import load
from riverbox.server.clock import Clocks
from riverbox.store.db import EventRow, SeatRow, TableRow

MOVE_KINDS = ("move", "timeout", "expire")
SEAT_KINDS = ("timeout", "resign", "join")
"""Events after which the seats (who sits where, which bot plays) must be read again."""

TABLE_TEXTS = {
    "timeout": N_("{name} timed out; a bot plays their seat from now on."),
    "resign": N_("{name} resigned; a bot plays their seat from now on."),
    "undo": N_("{name} took back their last move."),
    "join": N_("{name} sat down at seat {seat}."),
    "expire": N_("{name} ran out of time; a bot made this move for them."),
    "back": N_("{name} is back."),
    "zombie": N_("{name} ran out of time too many times in a row; a bot plays their seat to the end."),
}
"""The words for the table's own events (the game's events have the game's words)."""

LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"), "strong": N_("strong")}
"""The bots' levels in words (``riverbox.bots.levels``)."""
BOT_NAME = N_("Bot {number} · {level}")
"""A bot seat's name: bots are numbered in seat order and named by their level."""

Viewer = tuple[int | None, str]
"""Who reads a state message: a seat (None: a spectator) and their language."""


def server_text(template: str, **fields: Any) -> Message:
    """A server message in the shared domain, shown in each reader's language."""
    return message("riverbox", template, **fields)


class Refused(Exception):
    """A request the table refuses; ``status`` is the HTTP status that says why.

    ``message`` is the English reason (logs, API clients); ``text(lang)`` is the reason in a
    reader's language, since the refusal may be a :class:`Message` (an engine refusal keeps its own).
    """

    def __init__(self, status: int, message: str | Message, field: str | None = None) -> None:
        super().__init__(str(message))
        self.status = status
        self.message = str(message)
        self.reason = message
        self.field = field
        """The request field at fault (``players``, ``options.NAME``, ``seats.N``, ``clock``), for a form."""

    def text(self, lang: str = "en") -> str:
        return in_lang(self.reason, lang)


def game_log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """``state.log(seat)``: the game's events ``seat`` may see, the one gate for what it is told.

    Read through the class: a game written before the events issue may keep a field of its
    own under that name, and it must not hide the core's log.
    """
    return State.log(state, seat)


def make_game(game: str, options: dict[str, Any]) -> Game:
    """The game a table plays, from its stored options (``players`` plus the game's own)."""
    opts = dict(options)
    players = opts.pop("players", None)
    return load(game, players, **opts)


@dataclass
class _Notice:
    """A table event: its kind, seat and seq, and how long each audience's game log was then."""

    kind: str
    seat: int
    seq: int
    at_log: dict[int | None, int]


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
    """Seats a bot took over: their player resigned or timed out."""
    timed_out: set[int] = field(default_factory=set)
    """Of those, the seats taken over because the turn clock ran out."""
    clocks: Clocks = field(default_factory=lambda: Clocks(None, []))
    """Every seat's time, away and zombie marks, replayed from the events' times."""
    conceded: list[int] = field(default_factory=list)
    """Seats whose player resigned, in the order they left: each finishes below every seat
    still playing, the last to leave placed highest of them."""
    abandoned: bool = False
    """Nobody moved for the server's ``--expire-days``: the table ended without a result."""
    rematch: str | None = None
    """The table a "play again" made from this finished one (a ``rematch`` event)."""
    last: EventRow | None = None
    changed_at: float = 0.0
    rendered: dict[Viewer, tuple[Any, str]] = field(default_factory=dict)
    """Per seat and language: the state text last sent and the (seq, seats) it was rendered for."""
    said: dict[Viewer, list[tuple[dict[str, Any], str]]] = field(default_factory=dict)
    """Per seat and language: each game event told so far and its words (see :meth:`told`)."""

    @classmethod
    def new(cls, row: TableRow) -> Table:
        game = make_game(row.game, row.options)
        state = game.new_state(*row.deal)
        clocks = Clocks.start(row.table_options, game.players, state.to_move, row.created)
        return cls(row, game, state, changed_at=row.created, clocks=clocks)

    # -- replay ---------------------------------------------------------------------------
    def replay(self, event: EventRow, played: State | None = None) -> None:
        """Apply stored event ``event`` (which must be event ``seq``).

        ``played``: the state after a move, already computed from this one (the move just
        committed), adopted instead of applying the move a second time.
        """
        if event.seq != self.seq:
            raise ValueError(f"table {self.row.id}: event {event.seq} read while at {self.seq}")
        before = self.state.to_move
        if event.kind in MOVE_KINDS and event.seat is not None and event.action is not None:
            if played is None:
                self._play(event.seat, event.action)
            else:
                self.state = played
            self.moves.append((event.seat, event.action, event.kind))
            if event.kind == "timeout":
                self.resigned.add(event.seat)
                self.timed_out.add(event.seat)
                self._notice(event)
            elif event.kind == "expire":
                self._notice(event)
        elif event.kind == "undo" and self.moves:
            self.moves.pop()
            self.state = self.game.new_state(*self.row.deal)
            for seat, text, _ in self.moves:
                self._play(seat, text)
            self._notice(event)
        elif event.kind == "rematch":
            self.rematch = event.action
        elif event.kind == "abandon":
            self.abandoned = True
        elif event.kind in ("resign", "join", "back") and event.seat is not None:
            if event.kind == "resign":
                self.resigned.add(event.seat)
                self._concede(event.seat)
            self._notice(event)
        if self.clocks.update(event.kind, event.seat, event.at, before, self.state.to_move, self.over):
            self._zombie(event)
        self.seq += 1
        self.last = event
        self.changed_at = event.at

    def _concede(self, seat: int) -> None:
        if seat not in self.conceded:
            self.conceded.append(seat)

    @property
    def over(self) -> bool:
        """The game has ended: by its rules, or because its seats conceded (see :func:`concession_ends`)."""
        return self.abandoned or self.state.is_over or concession_ends(self.game.players, self.conceded)

    def standings(self) -> tuple[list[int], list[dict[str, Any]]]:
        """(winners, each seat's result) of a finished table; ([], []) before the end.

        A seat that conceded (resigned, or lost to the clock for good: ``timed_out``) loses
        whatever the bot that played on for it scored: it places below every seat still playing.
        """
        if not self.over or self.abandoned:  # an abandoned table has no winner
            return [], []
        over = self.state.is_over
        return standings(
            self.game.players,
            self.state.scores() if over else None,
            self.state.winners() if over else [],
            self.conceded,
            self.timed_out | self.clocks.zombies(),
        )

    def _play(self, seat: int, text: str) -> None:
        self.state.apply(self.game.parse_action(text, self.state), seat)

    def _notice(self, event: EventRow, kind: str | None = None) -> None:
        """Remember a table event and where it falls in each audience's game log."""
        if event.seat is None:
            return
        viewers: list[int | None] = [None, *range(self.game.players)]
        at_log = {v: len(game_log(self.state, v)) for v in viewers}
        self.notices.append(_Notice(kind or event.kind, event.seat, event.seq, at_log))

    def _zombie(self, event: EventRow) -> None:
        """Too many expiries in a row: a bot plays the seat for good (as a legacy timeout did)."""
        assert event.seat is not None
        self.resigned.add(event.seat)
        self.timed_out.add(event.seat)
        self._notice(event, "zombie")

    # -- checks (each raises Refused and changes nothing) -----------------------------------
    def check_seq(self, seq: int) -> None:
        if seq != self.seq:
            raise Refused(
                409,
                server_text(
                    "the table is at move {seq}, not {sent}; reload and choose again", seq=self.seq, sent=seq
                ),
            )

    def check_move(self, seat: int, text: str) -> Action:
        """The action ``text`` for ``seat`` if it is legal now; otherwise Refused with the engine's reason."""
        if self.over:
            raise Refused(403, server_text("the game is over"))
        if seat not in self.state.to_move:
            raise Refused(403, server_text("player {seat} is not to move now", seat=seat))
        try:
            action = self.game.parse_action(text, self.state)
            if action not in self.state.legal_actions(seat):
                self.state.clone().apply(action, seat)
                raise IllegalAction(server_text("{action} is not a legal action now", action=text))
        except (IllegalAction, NotationError) as exc:
            raise Refused(422, exc.reason) from None
        except ValueError as exc:
            raise Refused(422, str(exc)) from None
        return action

    def undo_refusal(self, seat: int) -> Message | None:
        """Why ``seat`` may not take back its last move now, or None (the terminal's undo policy)."""
        from riverbox.core.undo import reveals

        last = self.last
        if last is None or last.kind != "move" or last.seat != seat or not self.moves:
            return server_text("nothing to undo: you have not moved since the last move by anyone else")
        if self.over:
            return server_text("the game is over")
        before = self.game.new_state(*self.row.deal)
        for s, text, _ in self.moves[:-1]:
            self.replay_into(before, s, text)
        if len(self.state.history) != len(before.history) + 1:
            since = self.state.history[len(before.history) + 1 :]
            if all(s == CHANCE for s, _ in since):
                return server_text("your move revealed something (a card seen or drawn)")
            return server_text("someone has moved since")
        if reveals(before, self.state.history[-1][1], seat, self.state):
            return server_text("that move showed you something you did not know")
        return None

    def replay_into(self, state: State, seat: int, text: str) -> None:
        state.apply(self.game.parse_action(text, state), seat)

    # -- what a seat is told ----------------------------------------------------------------
    def table_log(
        self, seat: int | None, seats: list[SeatRow], log_length: int, lang: str = "en"
    ) -> list[dict[str, Any]]:
        """The table's events (public), each with ``after``: how many of ``seat``'s game events precede it.

        An undo shortens the game log; a table event placed beyond its new end moves to the
        end, and ``after`` never decreases along the table's own order.
        """
        names = {s.seat: self.seat_name(s, lang, seats) for s in seats}
        out = []
        after = 0
        for n in self.notices:
            after = max(after, min(n.at_log[seat], log_length))
            name = names.get(n.seat) or gettext("riverbox", lang, "player {seat}").format(seat=n.seat)
            out.append(
                {
                    "kind": n.kind,
                    "seat": n.seat,
                    "seq": n.seq,
                    "after": after,
                    "text": gettext("riverbox", lang, TABLE_TEXTS[n.kind]).format(name=name, seat=n.seat),
                }
            )
        return out

    def story(
        self,
        log: list[dict[str, Any]],
        table_log: list[dict[str, Any]],
        lang: str = "en",
        seat: int | None = None,
    ) -> list[dict[str, str]]:
        """Both streams in words and in order: the game's events, with the table's placed among them.

        ``log`` is ``seat``'s game log (the words of its events are remembered per seat).
        """
        words = self.told(log, (seat, lang))
        out: list[dict[str, str]] = []
        pending = table_log  # in seq order, ``after`` never decreasing
        i = 0
        for pos, event in enumerate([*log, None]):
            while i < len(pending) and (event is None or pending[i]["after"] <= pos):
                out.append({"source": "table", "kind": pending[i]["kind"], "text": pending[i]["text"]})
                i += 1
            if event is not None:
                out.append({"source": "game", "kind": event["kind"], "text": words[pos]})
        return out

    def told(self, log: list[dict[str, Any]], viewer: Viewer) -> list[str]:
        """The words of each event of ``log`` (``viewer``'s game log), reusing those said before.

        The whole story goes out after every move: describing every event again made it the
        largest cost of a move, growing with the game. An event's words are reused only while
        the event is equal to the one they were made from (an undo rewrites the log's end).
        """
        said = self.said.setdefault(viewer, [])
        out = []
        for i, event in enumerate(log):
            if i < len(said):
                if said[i][0] == event:
                    out.append(said[i][1])
                    continue
                del said[i:]
            text = self._words(event, viewer[1])
            said.append((event, text))
            out.append(text)
        return out

    def _words(self, event: dict[str, Any], lang: str) -> str:
        try:
            return self.game.describe_event(event, lang)
        except ValueError:  # a game without words for this kind still shows that something happened
            return str(event["kind"])

    def payload(self, seat: int | None, seats: list[SeatRow], lang: str = "en") -> dict[str, Any]:
        """The state message for ``seat`` (None: a spectator): everything it may know, nothing more.

        Words (legal actions, the story, seat names) are in ``lang``; the data (view, log) is the same
        in every language.
        """
        state = self.state
        legal = (
            state.legal_actions(seat) if seat is not None and seat in state.to_move and not self.over else []
        )
        log = game_log(state, seat)
        table_log = self.table_log(seat, seats, len(log), lang)
        body: dict[str, Any] = {
            "table": self.row.id,
            "game": self.row.game,
            "seq": self.seq,
            "seat": seat,
            "to_move": [] if self.over else list(state.to_move),
            "over": self.over,
            "view": state.view(seat),
            "lang": lang,
            "legal": [{"action": str(a), "text": self.game.describe_action(a, state, lang)} for a in legal],
            "log": log,
            "table_log": table_log,
            "story": self.story(log, table_log, lang, seat),
            "seats": [self.seat_summary(s, lang=lang, seats=seats) for s in seats],
            "can_undo": seat is not None
            and self.last is not None
            and self.last.kind == "move"
            and self.last.seat == seat
            and not self.over,
        }
        body["clock"] = self.public_clock(seats)
        if self.over:
            body["scores"] = state.scores()
            body["winners"], body["results"] = self.standings()
            body["rematch"] = self.rematch
        return body

    def public_clock(self, seats: list[SeatRow]) -> dict[str, Any] | None:
        """Every seat's clock (public), counting those of people a bot does not play for good."""
        bots = self.bot_seats(seats)
        counted = [s.seat for s in seats if s.kind == "human" or (s.kind == "open" and s.claimed)]
        return self.clocks.public(s for s in counted if s not in bots)

    def seat_summary(
        self, s: SeatRow, connected: bool = False, lang: str = "en", seats: list[SeatRow] | None = None
    ) -> dict[str, Any]:
        return {
            "seat": s.seat,
            "kind": s.kind,
            "name": self.seat_name(s, lang, seats),
            "named": bool(s.name),
            "bot": s.bot,
            "resigned": s.seat in self.resigned and s.seat not in self.timed_out,
            "timed_out": s.seat in self.timed_out,
            "bot_plays": s.seat in self.resigned,
            "claimed": s.claimed or s.kind != "open",
            "connected": connected,
            "away": self.clocks.seats[s.seat].away if s.seat < len(self.clocks.seats) else False,
            "zombie": s.seat in self.clocks.zombies(),
        }

    def seat_name(self, s: SeatRow, lang: str = "en", seats: list[SeatRow] | None = None) -> str:
        """The name a seat's player chose, or what the seat is, in ``lang``.

        A bot is "Bot N · level": numbered among the table's bot seats (``seats``), named by its level.
        """
        if s.name:
            return s.name
        if s.kind == "bot":
            number = 1 + sum(1 for o in seats or () if o.kind == "bot" and o.seat < s.seat)
            level = bot_level(self.row.game, s.bot or "")
            if level in LEVEL_WORDS:
                words = gettext("riverbox", lang, LEVEL_WORDS[level])
            else:  # a bot named by its kind (heuristic, ismcts...): its label in the reader's language
                from riverbox.bots.labels import bot_label

                words = bot_label(s.bot or "", lang)
            return gettext("riverbox", lang, BOT_NAME).format(number=number, level=words)
        return gettext("riverbox", lang, "player {seat}").format(seat=s.seat)

    def bot_seats(self, seats: list[SeatRow]) -> dict[int, str]:
        """Seats a bot plays now: bot seats and seats whose player resigned or became a zombie.

        A zombie seat names no bot (its row is unchanged): ``""`` stands for the stand-in bot.
        """
        return {
            s.seat: s.bot or ""
            for s in seats
            if (s.bot is not None and s.kind == "bot") or s.seat in self.resigned
        }


def bot_level(game: str, bot: str) -> str:
    """The level a seat's bot plays at: the level it names, or the level whose bot it is, else its name."""
    from riverbox.bots.levels import levels_for

    name = bot.split(":")[0]
    if name in LEVEL_WORDS:
        return name
    return next((level for level, spec in levels_for(game).items() if spec == bot), name)


def concession_ends(players: int, conceded: list[int]) -> bool:
    """A table ends once at most one seat has not conceded: in a two-player game the other
    player wins at once; with more players, bots play the conceded seats until then."""
    return len(conceded) >= max(1, players - 1)


def standings(
    players: int,
    scores: list[float] | None,
    rule_winners: list[int],
    conceded: list[int],
    timed_out: set[int],
) -> tuple[list[int], list[dict[str, Any]]]:
    """(winners, results) of a finished table: ``results`` has each seat's place (1 is first).

    Seats still playing are ranked by the game's own winners (its tiebreakers), then by score,
    equal ones sharing a place; ``scores`` is None when the table ended by concession before
    the game did, and then the seats still playing share first place. Conceded seats come
    after them all, the last to leave first.
    """
    conceded = [*conceded, *(s for s in sorted(timed_out) if s not in conceded)]
    playing = [s for s in range(players) if s not in conceded]

    def key(seat: int) -> tuple[bool, float]:
        return (seat in rule_winners, scores[seat]) if scores is not None else (True, 0.0)

    place = {s: 1 + sum(1 for o in playing if key(o) > key(s)) for s in playing}
    for i, seat in enumerate(reversed(conceded)):
        place[seat] = len(playing) + 1 + i
    results = []
    for seat in range(players):
        entry: dict[str, Any] = {
            "seat": seat,
            "place": place[seat],
            "resigned": seat in conceded and seat not in timed_out,
            "zombie": seat in timed_out,
        }
        if scores is not None:
            entry["score"] = scores[seat]
        results.append(entry)
    return [s for s in playing if place[s] == 1], results
