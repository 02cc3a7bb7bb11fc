"""The full-screen table: board, choices, log and keys, in Textual.

The board (the game's own rich renderable for the seat in front of the screen) keeps its
pane, redrawn in place at the terminal's width; the choices are grouped as a player thinks
(``build_menu``) and picked by number, arrows, mouse or typed notation with completion. The
record is saved by :class:`~riverbox.cli.play.GameTable` after every move; bots think in a
worker thread so the screen never freezes. With several humans a cover screen hides the
previous seat's table until the next player confirms, and the table is wiped before the cover
goes up, so nothing private survives beneath it or in the scrollback (the app runs on the
terminal's alternate screen).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.suggester import SuggestFromList
from textual.widgets import Footer, Header, Input, Markdown, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from riverbox.cli.play import (
    COMMANDS,
    CannotUndo,
    GameTable,
    MenuEntry,
    SaveFailed,
    build_menu,
    menu_number,
)
from riverbox.core.game import Action
from riverbox.core.i18n import N_, gettext, localized_file

KEYS_HELP = Path(__file__).with_name("keys.md")
"""The keys page (F1), in English; ``keys.<lang>.md`` next to it in other languages."""


def keys_help(lang: str) -> str:
    """The keys page in ``lang`` (the English page where it has no translation)."""
    return localized_file(KEYS_HELP, lang).read_text(encoding="utf-8")


def translate_bindings(node: DOMNode, lang: str) -> None:
    """The footer's key names in ``lang``.

    Textual reads them from the class's ``BINDINGS`` (marked ``N_`` there); each screen copies
    them when it is made, so they are put in the reader's language on that copy.
    """
    if lang == "en":
        return
    keys = node._bindings.key_to_bindings
    for key, bindings in keys.items():
        keys[key] = [
            replace(b, description=gettext("riverbox", lang, b.description)) if b.description else b
            for b in bindings
        ]


class Outcome(StrEnum):
    """How the app ended; the caller prints where the record is."""

    QUIT = "quit"
    OVER = "over"
    STOPPED = "stopped"
    SAVE_FAILED = "save-failed"


class TextPage(ModalScreen[None]):
    """Help or rules: Markdown over the table, closed with Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", N_("Close")),
        Binding("q", "dismiss", N_("Close"), show=False),
    ]

    def __init__(self, markdown: str, lang: str = "en") -> None:
        super().__init__()
        self.markdown = markdown
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page"):
            yield Markdown(self.markdown)
        yield Footer()


class Cover(Screen[None]):
    """Pass-the-screen: an opaque page naming the next player, with only public news."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "dismiss", N_("Continue"))]

    def __init__(self, seat: int, news: list[str], lang: str = "en") -> None:
        super().__init__()
        self.seat = seat
        self.news = news
        self.lang = lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="cover"):
            yield Static(
                Text.assemble(
                    *_around(
                        gettext(
                            "riverbox",
                            self.lang,
                            "Pass the screen to {player}.\nPress Enter when only they can see it.",
                        ),
                        "{player}",
                        (gettext("riverbox", self.lang, "player {seat}").format(seat=self.seat), "bold"),
                    )
                ),
                id="cover-text",
            )
            if self.news:
                yield Static("\n".join(self.news), id="cover-news")
        yield Footer()


def _around(template: str, field: str, value: tuple[str, str]) -> list[str | tuple[str, str]]:
    """``template`` split at ``field`` with the styled ``value`` put there (for ``Text.assemble``)."""
    before, _, after = template.partition(field)
    return [before, value, after]


class PlayApp(App[Outcome]):
    """One game at the table; ``run`` returns how it ended (``None`` after a crash)."""

    CSS_PATH = "play.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012 - Textual's own form
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", N_("Help"), priority=True),
        Binding("f2", "rules", N_("Rules"), priority=True),
        Binding("f3", "hint", N_("Hint"), priority=True),
        Binding("f4", "undo", N_("Undo"), priority=True),
        Binding("escape", "menu_back", N_("Back"), show=False),
        Binding("tab", "complete", N_("Complete"), show=False, priority=True),
        Binding("ctrl+q", "stop", N_("Quit"), priority=True),
        Binding("ctrl+c", "stop", N_("Quit"), show=False, priority=True),
        Binding("up", "menu('cursor_up')", show=False),
        Binding("down", "menu('cursor_down')", show=False),
        Binding("pageup", "board('page_up')", show=False, priority=True),
        Binding("pagedown", "board('page_down')", show=False, priority=True),
    ]
    ENABLE_COMMAND_PALETTE = False

    turn: reactive[int | None] = reactive(None, bindings=True)
    """The human seat to move at the screen now (``None``: a bot, a cover or the end)."""

    def __init__(self, table: GameTable) -> None:
        super().__init__()
        self.table = table
        self.game = table.game
        self.screen_seat: int | None = table.viewer()
        self.entries: list[MenuEntry] = []
        self.group: MenuEntry | None = None
        self.failure = ""
        self.board: Any = None
        self.board_key: tuple[int | None, int, bool] | None = None
        self.title = gettext(self.game.domain, table.lang, self.game.info.title)
        translate_bindings(self, table.lang)

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="≈")
        with Container(id="main"):
            with VerticalScroll(id="board-pane"):
                yield Static(id="board")
            with Vertical(id="side"):
                yield OptionList(id="menu")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Static(id="status")
        said = gettext("riverbox", self.table.lang, "number, notation or command (F1 help)")
        yield Input(id="command", placeholder=said)
        yield Footer()

    def on_mount(self) -> None:
        lang = self.table.lang
        self.query_one("#log", RichLog).border_title = gettext("riverbox", lang, "Log")
        self.query_one("#board-pane").border_title = gettext("riverbox", lang, "Table")
        self.query_one("#command", Input).cursor_blink = False  # steady, and the same in every screenshot
        for pane in ("#board-pane", "#menu", "#log"):  # typing always reaches the answer line
            self.query_one(pane).can_focus = False
        self._watch_signals(True)
        self.advance()

    def on_unmount(self) -> None:
        self._watch_signals(False)

    def _watch_signals(self, on: bool) -> None:
        """SIGTERM and SIGHUP end the app like Ctrl+Q: the record is already saved."""
        loop = asyncio.get_running_loop()
        for name in ("SIGTERM", "SIGHUP"):
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                if on:
                    loop.add_signal_handler(sig, self.exit, Outcome.STOPPED)
                else:
                    loop.remove_signal_handler(sig)

    # -- turn order -----------------------------------------------------------------------
    def advance(self) -> None:
        """Hand the table to whoever acts next: a bot (in a thread), a human, or the end."""
        seat = self.table.next_seat()
        if seat is None:
            self.show_final()
            return
        if self.table.is_bot(seat):
            self.turn = None
            thinking = gettext("riverbox", self.table.lang, "{name} (seat {seat}) is thinking…")
            self.sub_title = thinking.format(name=self.table.who(seat), seat=seat)
            self.run_worker(lambda: self._think(seat), thread=True, group="bot")
            return
        if len(self.table.humans) > 1 and self.screen_seat != seat:
            self.blank()
            news = self.table.news(None)
            self.push_screen(Cover(seat, news, self.table.lang), lambda _: self.show_turn(seat))
            return
        self.show_turn(seat)

    def _think(self, seat: int) -> None:
        """Worker thread: the bot chooses on a copy; the move is made back on the UI thread."""
        action = self.table.bot_action(seat)
        self.call_from_thread(self.bot_moved, seat, action)

    def bot_moved(self, seat: int, action: Action) -> None:
        try:
            self.table.play(action, seat)
        except SaveFailed as exc:
            self.failure = str(exc)
            self.exit(Outcome.SAVE_FAILED)
            return
        if not self.table.humans:  # bots only: show every move; else the next human turn shows all
            self.show_board(None)
            self.show_news(None)
        self.advance()

    def show_turn(self, seat: int) -> None:
        """Seat ``seat`` is in front of the screen and to move: its board, choices and log."""
        self.screen_seat = seat
        self.turn = seat
        self.group = None
        lang = self.table.lang
        if len(self.table.humans) == 1:
            self.sub_title = gettext("riverbox", lang, "Your move")
        else:
            self.sub_title = gettext("riverbox", lang, "Player {seat} to move").format(seat=seat)
        self.show_board(seat)
        self.show_log(seat)
        self.show_menu()
        command = self.query_one("#command", Input)
        command.value = ""
        legal = [str(a) for a in self.table.state.legal_actions(seat)]
        command.suggester = SuggestFromList([*legal, *COMMANDS], case_sensitive=False)
        command.focus()
        self.say(
            gettext(
                "riverbox", lang, "Player {seat}: choose by number, arrows, mouse or notation. F1 for help."
            ).format(seat=seat)
        )

    def blank(self) -> None:
        """Wipe everything the previous seat saw (before a cover goes up)."""
        self.turn = None
        self.group = None
        self.entries = []
        self.board = None
        self.query_one("#board", Static).update("")
        self.query_one("#menu", OptionList).clear_options()
        self.query_one("#menu", OptionList).border_title = ""
        self.query_one("#log", RichLog).clear()
        command = self.query_one("#command", Input)
        command.value = ""
        command.suggester = None
        self.say("")
        self.clear_notifications()
        self.sub_title = ""

    def show_final(self) -> None:
        viewer = self.table.viewer()
        self.turn = None
        self.screen_seat = viewer
        self.group = None
        self.entries = []
        lang = self.table.lang
        self.sub_title = gettext("riverbox", lang, "Game over")
        self.show_board(viewer, self.table.scores_table())
        self.show_log(viewer)
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        menu.border_title = gettext("riverbox", lang, "Game over")
        self.say(gettext("riverbox", lang, "Game over; the record is saved. Ctrl+Q leaves."))

    # -- panes ----------------------------------------------------------------------------
    def show_board(self, seat: int | None, extra: Any = None) -> None:
        """Draw what ``seat`` sees (plus ``extra`` below it) at the pane's width."""
        key = (seat, len(self.table.state.history), extra is None)
        if key == self.board_key and self.board is not None:
            return
        self.board_key = key
        board = self.game.render(self.table.state, seat, self.table.lang)
        self.board = board if extra is None else Group(board, extra)
        self.call_after_refresh(self.draw_board)

    def draw_board(self) -> None:
        """Render the board once, at the pane's width, into plain styled text.

        Textual would otherwise re-render the game's tables for every layout pass; drawing
        them once per change keeps moves quick on a slow machine. Redrawn on resize.
        """
        if self.board is None:
            self.query_one("#board", Static).update("")
            return
        pane = self.query_one("#board-pane", VerticalScroll)
        width = max(pane.scrollable_content_region.width, 20)
        lines = self.console.render_lines(self.board, self.console.options.update_width(width), pad=False)
        rows = [
            Text.assemble(*((seg.text, seg.style or "") for seg in line if not seg.control)) for line in lines
        ]
        self.query_one("#board", Static).update(Text("\n").join(rows))

    def on_resize(self) -> None:
        if self.board is not None:
            self.call_after_refresh(self.draw_board)

    def show_log(self, seat: int | None) -> None:
        """The seat's whole log (undone moves forgotten), then anything new."""
        self.table.news(seat)
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in self.table.log(seat):
            log.write(line)

    def show_news(self, seat: int | None) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.table.news(seat):
            log.write(line)

    def show_menu(self) -> None:
        """The choices: the grouped menu, or the details of the group being chosen."""
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        if self.turn is None:
            return
        state = self.table.state
        if self.group is None:
            self.entries = build_menu(self.game, state, state.legal_actions(self.turn), self.table.lang)
            menu.border_title = gettext("riverbox", self.table.lang, "Your choices ({n})").format(
                n=len(self.entries)
            )
            labels = [(e.label + ("…" if not e.single else ""), e.actions[0], e.single) for e in self.entries]
        else:
            which = gettext("riverbox", self.table.lang, "{label}: which one? (Escape: back)")
            menu.border_title = which.format(label=self.group.label)
            labels = [(d, a, True) for d, a in zip(self.group.details, self.group.actions, strict=True)]
        options = []
        for i, (label, action, single) in enumerate(labels, 1):
            line = Text(label)
            if single and label != str(action):
                line.append(f"  {action}", "dim")
            options.append(Option(Text.assemble((f"{i:>2} ", "bold cyan"), line)))
        menu.add_options(options)
        menu.highlighted = 0 if options else None

    def say(self, message: str, style: str = "") -> None:
        self.query_one("#status", Static).update(Text(message, style=style))

    # -- choosing -------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.pick(event.option_index + 1)

    def pick(self, number: int) -> None:
        """Choose entry ``number`` (1-based) of the list on screen."""
        if self.turn is None:
            return
        count = len(self.group.actions) if self.group else len(self.entries)
        if not 1 <= number <= count:
            none = gettext("riverbox", self.table.lang, "There is no choice {number}; choose 1 to {count}.")
            self.say(none.format(number=number, count=count), "red")
            return
        if self.group is not None:
            self.make(self.group.actions[number - 1])
            return
        entry = self.entries[number - 1]
        if entry.single:
            self.make(entry.actions[0])
        else:
            self.group = entry
            self.show_menu()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        answer = event.value.strip()
        event.input.value = ""
        if not answer:
            menu = self.query_one("#menu", OptionList)
            if menu.highlighted is not None:
                self.pick(menu.highlighted + 1)
            return
        word = answer.lower()
        commands = {"help": "help", "?": "help", "rules": "rules", "hint": "hint", "undo": "undo"}
        if word in commands:
            await self.run_action(commands[word])
            return
        if word in ("quit", "exit", "q"):
            self.action_stop()
            return
        if word == "log":
            self.say(
                gettext(
                    "riverbox",
                    self.table.lang,
                    "The log is the pane beside your choices; the mouse wheel scrolls it.",
                )
            )
            return
        number = menu_number(answer)
        if number is not None:
            self.pick(number)
            return
        if self.turn is None:
            return
        try:
            action = self.table.interpret(answer, self.table.state.legal_actions(self.turn), self.turn)
        except ValueError as exc:
            self.say(str(exc), "red")
            return
        self.make(action)

    def make(self, action: Action) -> None:
        """The human in front of the screen plays ``action``; the record is saved before it counts."""
        seat = self.turn
        if seat is None:
            return
        try:
            self.table.play(action, seat)
        except SaveFailed as exc:
            self.say(str(exc), "red")
            return
        self.turn = None
        self.group = None
        self.query_one("#menu", OptionList).clear_options()
        self.show_board(seat)
        self.show_news(seat)
        described = self.game.describe_action(action, self.table.state, self.table.lang)
        self.say(gettext("riverbox", self.table.lang, "You played: {action}").format(action=described))
        self.advance()

    # -- keys -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hint and undo only while a human is to move at the screen (hidden from the footer otherwise)."""
        if action in ("hint", "undo"):
            return self.turn is not None
        return True

    def action_menu(self, move: str) -> None:
        getattr(self.query_one("#menu", OptionList), f"action_{move}")()

    def action_board(self, move: str) -> None:
        getattr(self.query_one("#board-pane", VerticalScroll), f"action_{move}")()

    def action_complete(self) -> None:
        """Tab completes the typed notation with the suggestion shown."""
        command = self.query_one("#command", Input)
        if command.cursor_at_end:
            command.action_cursor_right()

    def action_menu_back(self) -> None:
        if self.group is not None:
            self.group = None
            self.show_menu()

    def action_help(self) -> None:
        self.push_screen(TextPage(keys_help(self.table.lang), self.table.lang))

    def action_rules(self) -> None:
        self.push_screen(TextPage(self.game.rules_text(self.table.lang), self.table.lang))

    def action_hint(self) -> None:
        seat = self.turn
        if seat is None:
            return
        self.say(gettext("riverbox", self.table.lang, "Asking the strongest bot…"))
        moment = len(self.table.state.history)
        self.run_worker(lambda: self._hint(seat, moment), thread=True, group="hint")

    def _hint(self, seat: int, moment: int) -> None:
        try:
            action, why = self.table.hint(seat)
        except ValueError as exc:
            self.call_from_thread(self.say, str(exc), "yellow")
            return
        self.call_from_thread(self.show_hint, seat, moment, action, why)

    def show_hint(self, seat: int, moment: int, action: Action, why: list[str]) -> None:
        """Show the hint (and the values of the top choices in the log) if the table has not moved on."""
        if self.turn != seat or len(self.table.state.history) != moment:
            return
        described = self.game.describe_action(action, self.table.state, self.table.lang)
        self.say(
            gettext("riverbox", self.table.lang, "Hint: the strongest bot would play {action}").format(
                action=described
            )
        )
        log = self.query_one("#log", RichLog)
        for line in why:
            log.write(gettext("riverbox", self.table.lang, "Hint: {line}").format(line=line))
        self.group = None
        self.show_menu()
        for i, entry in enumerate(self.entries):
            if action in entry.actions:
                self.query_one("#menu", OptionList).highlighted = i

    def action_undo(self) -> None:
        seat = self.turn
        if seat is None:
            return
        try:
            self.table.undo(seat)
        except CannotUndo as exc:
            self.say(str(exc), "yellow")
            return
        self.show_turn(seat)
        self.say(gettext("riverbox", self.table.lang, "Move taken back."))

    def action_stop(self) -> None:
        """Leave; the record is already saved (after the last move)."""
        self.exit(Outcome.OVER if self.table.state.is_over else Outcome.QUIT)
