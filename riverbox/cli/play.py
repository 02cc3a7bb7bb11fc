"""An interactive game in the terminal: humans and bots at one table.

:class:`GameTable` is the game in progress, independent of any screen: it applies moves,
saves the record after every one of them, takes moves back, asks for hints and keeps each
seat's log. Two faces sit on it: :class:`PlaySession`, the line mode (``--plain``: pipes,
screen readers, scripts), with injected input and console so tests drive it with scripted
answers; and the full-screen app in :mod:`riverbox.cli.tui`. Each human sees only their own
view; with several humans a "pass the screen" page separates their turns.
"""

from __future__ import annotations

import contextlib
import random
import re
import shlex
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from riverbox.cli.common import save_record
from riverbox.core.errors import IllegalAction, NotationError
from riverbox.core.game import CHANCE, Action, Game, State
from riverbox.core.i18n import gettext, translator
from riverbox.core.undo import reveals

HELP = """\
[bold]How to answer[/bold]
  a number        take the action with that number from the list
  notation        type an action's notation, e.g. the text shown after the number
  [bold]undo[/bold]            take back your last move (if it revealed nothing and nobody moved since)
  [bold]hint[/bold]            ask the heuristic bot what it would do
  [bold]rules[/bold]           show the rules
  [bold]log[/bold]             show everything you have seen happen
  [bold]quit[/bold]            stop; the game is saved as a record you can replay or resume
"""

COMMANDS = ("help", "undo", "hint", "rules", "log", "quit")
"""Words every answer prompt understands besides actions."""

_MENU_NUMBER = re.compile(r"[0-9]{1,6}")
"""A menu number: ASCII digits only, of sane length ('²', '①' or 5,000 digits are not numbers)."""

_CLEAR_SCROLLBACK = "\x1b[3J"
"""Erases the terminal's scrollback, which a plain clear leaves readable one scroll away."""


class QuitGame(Exception):
    """The player asked to stop."""


class StopSignal(Exception):
    """SIGTERM or SIGHUP arrived (a closed terminal, a dropped link): save and stop like Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class CannotUndo(Exception):
    """Undo refused; the message says why in the player's words."""


class SaveFailed(Exception):
    """The record could not be written: the move is taken back and the previous file is intact."""


def menu_number(answer: str) -> int | None:
    """The menu number ``answer`` stands for, or ``None`` if it is not one."""
    return int(answer) if _MENU_NUMBER.fullmatch(answer) else None


@dataclass(frozen=True)
class MenuEntry:
    """One line of a player's menu: a single action, or a move whose detail is chosen second."""

    label: str
    actions: tuple[Action, ...]
    details: tuple[str, ...] = ()

    @property
    def single(self) -> bool:
        return len(self.actions) == 1


def build_menu(game: Game, state: State, legal: list[Action], lang: str = "en") -> list[MenuEntry]:
    """The legal actions as a player thinks of them (``Game.menu_group``), in the game's order.

    A group with a single member is shown as that action's own description.
    """
    order: list[str | Action] = []
    groups: dict[str, list[tuple[Action, str]]] = {}
    for action in legal:
        where = game.menu_group(action, state, lang)
        if where is None:
            order.append(action)
            continue
        entry, detail = where
        if entry not in groups:
            groups[entry] = []
            order.append(entry)
        groups[entry].append((action, detail))
    menu = []
    for item in order:
        if isinstance(item, str) and item in groups:
            members = groups[item]
            if len(members) == 1:
                menu.append(MenuEntry(game.describe_action(members[0][0], state, lang), (members[0][0],)))
            else:
                menu.append(MenuEntry(item, tuple(a for a, _ in members), tuple(d for _, d in members)))
        else:
            menu.append(MenuEntry(game.describe_action(item, state, lang), (item,)))
    return menu


@dataclass
class _UndoPoint:
    seat: int
    before: dict[str, Any]
    history_len: int


class GameTable:
    """The game in progress: state, seats, saving after every move, undo, hints and logs.

    ``record_path`` must already be checked (``check_record_path``): every accepted move is
    written there atomically before it counts, so a killed process loses nothing.
    """

    def __init__(
        self, game: Game, bots: dict[int, Any], state: State, record_path: Path, lang: str = "en"
    ) -> None:
        self.game = game
        self.lang = game.lang_for(lang)
        """The players' language: the game's texts, the log and refusals are written in it."""
        self.bots = bots
        self.humans = [s for s in range(game.players) if s not in bots]
        self.state = state
        self.record_path = record_path
        # Per viewer (None: the shared screen), how many events of ``state.log(viewer)`` were
        # told, and their sentences: one line per event, so an undo trims both by a count.
        self.seen: dict[int | None, int] = {}
        self._log: dict[int | None, list[str]] = {}
        self.undo_point: _UndoPoint | None = None

    # -- moves ----------------------------------------------------------------------------
    def next_seat(self) -> int | None:
        """The seat to act now (the first of several acting at once), ``None`` at the end."""
        return None if self.state.is_over else self.state.to_move[0]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def play(self, action: Action, seat: int) -> None:
        """Take ``action`` for ``seat`` and save; ``IllegalAction`` or ``SaveFailed`` change nothing."""
        before = self.state.clone()
        snapshot = self.state.to_json() if seat in self.humans else None
        hist = len(self.state.history)
        self.state.apply(action, seat)
        try:
            self.save()
        except OSError as exc:
            self.state = before
            raise SaveFailed(
                f"could not save the record to {self.record_path} ({exc.strerror or exc}); "
                "that move was not made, and the file still holds the game up to the move before"
            ) from None
        self.undo_point = None if snapshot is None else _UndoPoint(seat, snapshot, hist)

    def bot_action(self, seat: int) -> Action:
        """What the bot in ``seat`` plays now; it thinks on a copy, so a screen may keep drawing."""
        return self.bots[seat].act(self.state.clone(), seat)

    def save(self) -> Path:
        """Write the record (atomically) to the table's record file."""
        return save_record(self.state.record(), self.record_path)

    def interpret(self, answer: str, legal: list[Action], seat: int) -> Action:
        """The action meant by a typed number (1-based) or notation; ``ValueError`` says why not."""
        n = menu_number(answer)
        if n is not None:
            if 1 <= n <= len(legal):
                return legal[n - 1]
            said = gettext("riverbox", self.lang, "There is no action {n}; choose 1 to {count}.")
            raise ValueError(said.format(n=n, count=len(legal)))
        try:
            action = self.game.parse_action(answer, self.state)
        except NotationError as exc:
            raise ValueError(exc.text(self.lang)) from None
        if action not in legal:
            try:
                self.state.clone().apply(action, seat)
            except IllegalAction as exc:
                raise ValueError(exc.text(self.lang)) from None
            said = gettext("riverbox", self.lang, "{answer} is not one of your choices now.")
            raise ValueError(said.format(answer=answer))
        return action

    # -- help -----------------------------------------------------------------------------
    def hint(self, seat: int) -> tuple[Action, list[str]]:
        """The strongest bot's choice for ``seat``, and why where it can say (its top choices' values).

        The game's ``strong`` level answers (see :func:`riverbox.bots.hint.hint`), on the
        position as the seat knows it. ``ValueError`` if the game has no bot to ask.
        """
        from riverbox.bots.hint import hint

        return hint(self.game, self.state, seat, random.randrange(2**31), self.lang)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move, or raise ``CannotUndo`` saying why not."""
        _ = translator("riverbox", self.lang)
        point = self.undo_point
        if point is None or point.seat != seat:
            raise CannotUndo(_("Nothing to undo: you have not moved since the last move by anyone else."))
        if len(self.state.history) != point.history_len + 1:
            since = self.state.history[point.history_len + 1 :]
            why = (
                _("Cannot undo: your move revealed something (a card seen or drawn).")
                if all(s == CHANCE for s, _a in since)
                else _("Cannot undo: someone has moved since.")
            )
            raise CannotUndo(why)
        before = self.game.state_from_json(point.before)
        if reveals(before, self.state.history[-1][1], seat, self.state):
            raise CannotUndo(_("Cannot undo: that move showed you something you did not know."))
        after = self.state
        self.state = before
        try:
            self.save()
        except OSError as exc:
            self.state = after
            said = _("Cannot undo: the record could not be saved ({problem}).")
            raise CannotUndo(said.format(problem=exc.strerror or exc)) from None
        self.undo_point = None
        self._forget_after(before)

    # -- logs -----------------------------------------------------------------------------
    def news(self, seat: int | None) -> list[str]:
        """Sentences for the events ``seat`` may see that it was not told yet (added to its log).

        Only the game's events are read (``state.log``), so a seat is told exactly what its
        rules let it know; ``None`` is a spectator (a shared screen between turns).
        """
        events = self.state.log(seat)
        start = self.seen.get(seat, 0)
        lines = [self.game.describe_event(event, self.lang) for event in events[start:]]
        self.seen[seat] = len(events)
        self._log.setdefault(seat, []).extend(lines)
        return lines

    def log(self, seat: int | None) -> list[str]:
        """Everything ``seat`` has been told, undone moves left out."""
        return list(self._log.get(seat, []))

    def _forget_after(self, state: State) -> None:
        """Drop what the logs said past ``state`` (the moves after it were taken back)."""
        for seat in set(self._log) | set(self.seen):
            kept = len(state.log(seat))
            if seat in self._log:
                del self._log[seat][kept:]
            if seat in self.seen:
                self.seen[seat] = min(self.seen[seat], kept)

    # -- results --------------------------------------------------------------------------
    def viewer(self) -> int | None:
        """Whose eyes a shared screen shows between turns: the only human, or nobody."""
        return self.humans[0] if len(self.humans) == 1 else None

    def who(self, seat: int) -> str:
        if seat in self.humans:
            return "you" if len(self.humans) == 1 else f"player {seat}"
        return f"{getattr(self.bots[seat], 'name', 'bot')} bot"

    def scores_table(self) -> Table:
        """The final scores, winners marked."""
        table = Table(title="Final scores")
        table.add_column("seat")
        table.add_column("player")
        table.add_column("score", justify="right")
        table.add_column("")
        winners = self.state.winners()
        for s, sc in enumerate(self.state.scores()):
            mark = "[bold green]winner[/bold green]" if s in winners else ""
            table.add_row(str(s), self.who(s), f"{sc:g}", mark)
        return table


def say(console: Console, text: str) -> None:
    """Print ``text`` verbatim: no markup eats brackets, and paths are never broken across lines."""
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def saved_message(game: Game, path: Path) -> str:
    """Where the record is and how to replay and resume it, with the real path."""
    quoted = shlex.quote(str(path))
    return (
        f"Game saved to {path}.\n"
        f"  Replay it:  riverbox replay {quoted}\n"
        f"  Resume it:  riverbox play {game.name} --resume {quoted}"
    )


@contextlib.contextmanager
def stop_signals() -> Iterator[None]:
    """While open, SIGTERM and SIGHUP raise :class:`StopSignal` so the caller saves and stops."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise StopSignal(signum)

    wanted = [s for s in (signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None]
    previous = {s: signal.signal(s, handler) for s in wanted}
    try:
        yield
    finally:
        for s, old in previous.items():
            signal.signal(s, old)


def enable_line_editing() -> None:
    """Arrow keys, Home/End and history for typed answers (readline), where a terminal has them."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401 - importing it switches input() to line editing


class PlaySession:
    """One game in line mode. ``bots`` maps seat -> bot; every other seat is a human."""

    def __init__(
        self,
        game: Game,
        bots: dict[int, Any],
        seed: int,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
        record_path: Path | None = None,
        state: State | None = None,
        table: GameTable | None = None,
    ) -> None:
        from riverbox.cli.common import default_record_path

        if table is None:
            start = state if state is not None else game.new_state(seed)
            path = record_path if record_path is not None else default_record_path(game.name, start.seed)
            table = GameTable(game, bots, start, path)
        self.table = table
        self.game = game
        self.console = console or Console()
        self.ask = ask or (lambda prompt: self.console.input(prompt))
        self.screen_seat: int | None = None
        self.saved: Path | None = None

    @property
    def state(self) -> State:
        return self.table.state

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> State:
        """Play to the end (or until quit); the record is saved after every move either way."""
        try:
            while (seat := self.table.next_seat()) is not None:
                if self.table.is_bot(seat):
                    self.table.play(self.table.bot_action(seat), seat)
                else:
                    self._human_turn(seat)
        except QuitGame:
            self.saved = self.table.save()
            say(self.console, saved_message(self.game, self.saved))
            return self.state
        self._finish()
        return self.state

    def _clear(self) -> None:
        """Clear the screen and the scrollback, so the previous player's turn cannot be scrolled to."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write(_CLEAR_SCROLLBACK)
            self.console.file.flush()

    def _pass_screen(self, seat: int) -> None:
        if len(self.table.humans) > 1 and self.screen_seat != seat:
            self._clear()
            for line in self.table.news(None):
                self.console.print(f"  {escape(line)}")
            self.console.print(
                Panel(
                    f"Pass the screen to [bold]player {seat}[/bold].\nPress Enter when only they can see it.",
                    title="Next player",
                )
            )
            self.ask("")
            self._clear()
        self.screen_seat = seat

    def _human_turn(self, seat: int) -> None:
        self._pass_screen(seat)
        self.console.print(self.game.render(self.state, seat, self.table.lang))
        for line in self.table.news(seat):
            self.console.print(f"  [dim]·[/dim] {escape(line)}")
        while True:
            legal = self.state.legal_actions(seat)
            self._menu(legal)
            answer = self.ask(
                gettext("riverbox", self.table.lang, "player {seat}> ").format(seat=seat)
            ).strip()
            if not answer:
                continue
            action = self._interpret(answer, legal, seat)
            if action is None:
                continue
            try:
                self.table.play(action, seat)
            except SaveFailed as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False, soft_wrap=True)
                continue
            return

    def _menu(self, legal: list[Action]) -> None:
        table = Table(show_header=False, box=None, padding=(0, 1))
        for i, a in enumerate(legal, 1):
            text = self.game.describe_action(a, self.state, self.table.lang)
            note = "" if text == str(a) else f"[dim]{a}[/dim]"
            table.add_row(f"[bold cyan]{i:>3}[/bold cyan]", text, note)
        self.console.print(table)

    def _interpret(self, answer: str, legal: list[Action], seat: int) -> Action | None:
        word = answer.lower()
        if word in ("help", "?"):
            self.console.print(HELP)
            return None
        if word in ("quit", "exit", "q"):
            raise QuitGame
        if word == "rules":
            self.console.print(Markdown(self.game.rules_text(self.table.lang)))
            return None
        if word == "log":
            for line in self.table.log(seat):
                self.console.print(f"  {escape(line)}")
            return None
        if word == "hint":
            self._hint(seat)
            return None
        if word == "undo":
            self._undo(seat)
            return None
        try:
            return self.table.interpret(answer, legal, seat)
        except ValueError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red] (type help for commands)", highlight=False)
            return None

    def _hint(self, seat: int) -> None:
        try:
            action, why = self.table.hint(seat)
        except ValueError as exc:
            self.console.print(f"[yellow]{escape(str(exc))}[/yellow]")
            return
        described = escape(self.game.describe_action(action, self.state, self.table.lang))
        said = gettext("riverbox", self.table.lang, "The strongest bot would play: {action}")
        self.console.print(said.format(action=f"[bold]{described}[/bold]"))
        for line in why:
            self.console.print(f"  {escape(line)}", highlight=False)

    def _undo(self, seat: int) -> None:
        try:
            self.table.undo(seat)
        except CannotUndo as exc:
            self.console.print(f"[yellow]{escape(str(exc))}[/yellow]")
            return
        self.console.print(gettext("riverbox", self.table.lang, "Move taken back."))
        self.console.print(self.game.render(self.state, seat, self.table.lang))

    def _finish(self) -> None:
        viewer = self.table.viewer()
        for line in self.table.news(viewer):
            self.console.print(f"  [dim]·[/dim] {escape(line)}")
        self.console.print(self.game.render(self.state, viewer, self.table.lang))
        self.console.print(self.table.scores_table())
        self.saved = self.table.save()
        say(self.console, saved_message(self.game, self.saved))


# -- the `riverbox play` command -----------------------------------------------------------
@dataclass
class PlayRequest:
    """What the command line asked for about the game and its record (``None``: not given)."""

    game: str
    players: int | None = None
    seed: int | None = None
    pairs: list[str] | None = None
    named: dict[str, Any] | None = None
    resume: Path | None = None
    record: Path | None = None


def open_game(request: PlayRequest) -> tuple[Game, State, Path]:
    """The game, the state to play from and the checked record path, before the first move.

    ``ValueError`` names any problem: a bad game or option, a record that cannot be read, a
    ``--players``/option/``--seed`` that contradicts the record being resumed, a record path
    that cannot be written. A resumed game keeps saving to its own record file.
    """
    from riverbox.cli.common import check_record_path, default_record_path, load_game, read_record
    from riverbox.registry import replay

    if request.resume is not None:
        state = replay(read_record(request.resume))
        game = state.game
        if game.name != request.game:
            raise ValueError(f"the record is a game of {game.name}, not {request.game}")
        refuse_contradictions(game, state.seed, request)
        path = request.record if request.record is not None else request.resume
    else:
        game = load_game(request.game, request.players, request.pairs, **(request.named or {}))
        state = game.new_state(request.seed if request.seed is not None else random.randrange(2**31))
        path = request.record if request.record is not None else default_record_path(game.name, state.seed)
    return game, state, check_record_path(path)


def refuse_contradictions(game: Game, seed: int, request: PlayRequest) -> None:
    """A resumed game keeps its record's players, options and seed; asking for others is an error."""
    from riverbox.cli.common import load_game, parse_options

    hint = "leave it out to resume the game as it was recorded"
    if request.players is not None and request.players != game.players:
        raise ValueError(
            f"--players {request.players} contradicts the record, a {game.players}-player game; {hint}"
        )
    if request.seed is not None and request.seed != seed:
        raise ValueError(f"--seed {request.seed} contradicts the record, dealt with seed {seed}; {hint}")
    asked = parse_options(request.pairs, **(request.named or {}))
    if asked:
        wanted = load_game(game.name, game.players, request.pairs, **(request.named or {})).options
        for key in asked:
            if wanted.get(key) != game.options.get(key):
                raise ValueError(
                    f"option {key}={wanted.get(key)} contradicts the record, played with "
                    f"{key}={game.options.get(key)}; {hint}"
                )


def wants_app(plain: bool) -> bool:
    """The full-screen app needs a terminal on both ends; pipes and scripts get line mode."""
    return not plain and sys.stdin.isatty() and sys.stdout.isatty()


def greeting(table: GameTable, names: dict[int, str]) -> str:
    game = table.game
    lang = table.lang
    none = gettext("riverbox", lang, "none")
    seats = ", ".join(map(str, table.humans)) or none
    bots = ", ".join(f"{s}={n}" for s, n in names.items()) or none
    title = gettext(game.domain, lang, game.info.title)
    if game.players == 1:
        return gettext("riverbox", lang, "{title}, 1 player. You: seat {seats}; bots: {bots}.").format(
            title=title, seats=seats, bots=bots
        )
    return gettext("riverbox", lang, "{title}, {n} players. You: seat {seats}; bots: {bots}.").format(
        title=title, n=game.players, seats=seats, bots=bots
    )


AppRunner = Callable[[GameTable, Console, Console], int]
"""The full-screen app (``riverbox.cli.tui.run_app``): the caller passes it in, since the app
is built on this module and importing it from here would make an import circle."""


def run(
    table: GameTable, names: dict[int, str], screen: AppRunner | None, console: Console, err: Console
) -> int:
    """Play at ``table`` in the app ``screen``, or in line mode if ``None``; the exit code.

    The record is written before the first move and after every move. Quitting, Ctrl-C, end
    of input, SIGTERM and SIGHUP all end with the record saved and its path printed; a failed
    save or an unexpected error reports after the record is safe.
    """
    try:
        table.save()
    except OSError as exc:
        say(err, f"error: cannot save the record to {table.record_path}: {exc.strerror}")
        return 2
    if screen is not None:
        return screen(table, console, err)
    enable_line_editing()
    console.print(
        greeting(table, names) + gettext("riverbox", table.lang, " Type [bold]help[/bold] for commands."),
        highlight=False,
    )
    session = PlaySession(table.game, table.bots, table.state.seed, console=console, table=table)
    with stop_signals():
        try:
            session.run()
        except (EOFError, KeyboardInterrupt, StopSignal):
            return report_stop(table, console)
        except SaveFailed as exc:
            say(err, f"error: {exc}")
            return 1
        except Exception:
            return report_crash(table, err)
    return 0


def report_stop(table: GameTable, console: Console) -> int:
    """Save and say where, after Ctrl-C, end of input or a stop signal (the terminal may be gone)."""
    path = table.save()
    with contextlib.suppress(OSError):
        say(console, "\nStopped. " + saved_message(table.game, path))
    return 0


def report_crash(table: GameTable, err: Console) -> int:
    """An unexpected error: save what was played, then show the error and where the game is."""
    try:
        path: Path | None = table.save()
    except OSError:
        path = None
    err.print_exception()
    where = saved_message(table.game, path) if path else "The record could not be saved."
    say(err, f"error: something went wrong inside riverbox. {where}")
    return 1
