"""An interactive game in the terminal: humans and bots at one table.

The session is a plain object with injected input and console, so tests drive it with
scripted answers. Each human sees only their own view; with several humans a "pass the
screen" page separates their turns so nobody sees another's secrets.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table

from riverbox.cli.common import save_record
from riverbox.core.errors import IllegalAction
from riverbox.core.game import CHANCE, Action, Game, State

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


class QuitGame(Exception):
    """The player asked to stop."""


@dataclass
class _UndoPoint:
    seat: int
    before: dict[str, Any]
    history_len: int


class PlaySession:
    """One game in the terminal. ``bots`` maps seat -> bot; every other seat is a human."""

    def __init__(
        self,
        game: Game,
        bots: dict[int, Any],
        seed: int,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
        record_path: Path | None = None,
        state: State | None = None,
    ) -> None:
        self.game = game
        self.bots = bots
        self.humans = [s for s in range(game.players) if s not in bots]
        self.state = state if state is not None else game.new_state(seed)
        self.console = console or Console()
        self.ask = ask or (lambda prompt: self.console.input(prompt))
        self.record_path = record_path
        self.seen: dict[int | None, int] = {}
        self.log: dict[int | None, list[str]] = {}
        self.screen_seat: int | None = None
        self.undo_point: _UndoPoint | None = None
        self.saved: Path | None = None

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> State:
        """Play to the end (or until quit); the record is saved either way."""
        try:
            while not self.state.is_over:
                for seat in list(self.state.to_move):
                    if self.state.is_over or seat not in self.state.to_move:
                        continue
                    if seat in self.bots:
                        self._bot_turn(seat)
                    else:
                        self._human_turn(seat)
        except QuitGame:
            self.saved = save_record(self.state.record(), self.record_path)
            self.console.print(
                f"Game saved to [bold]{self.saved}[/bold]. Replay it with: riverbox replay FILE"
            )
            return self.state
        self._finish()
        return self.state

    def _viewer(self) -> int | None:
        """Whose eyes the shared screen shows between turns: the only human, or nobody."""
        return self.humans[0] if len(self.humans) == 1 else None

    def _narrate(self, seat: int | None) -> list[str]:
        start = self.seen.get(seat, 0)
        lines = self.game.narrate(self.state, seat, start)
        self.seen[seat] = len(self.state.history)
        self.log.setdefault(seat, []).extend(lines)
        return lines

    def _bot_turn(self, seat: int) -> None:
        action = self.bots[seat].act(self.state, seat)
        self.state.apply(action, seat)
        self.undo_point = None

    def _pass_screen(self, seat: int) -> None:
        if len(self.humans) > 1 and self.screen_seat != seat:
            self.console.clear()
            for line in self._narrate(None):
                self.console.print(f"  {line}")
            self.console.print(
                Panel(
                    f"Pass the screen to [bold]player {seat}[/bold].\nPress Enter when only they can see it.",
                    title="Next player",
                )
            )
            self.ask("")
            self.console.clear()
        self.screen_seat = seat

    def _human_turn(self, seat: int) -> None:
        self._pass_screen(seat)
        self.console.print(self.game.render(self.state, seat))
        for line in self._narrate(seat):
            self.console.print(f"  [dim]·[/dim] {line}")
        while True:
            legal = self.state.legal_actions(seat)
            self._menu(legal)
            answer = self.ask(f"player {seat}> ").strip()
            if not answer:
                continue
            action = self._interpret(answer, legal, seat)
            if action is None:
                continue
            before = self.state.to_json()
            hist = len(self.state.history)
            self.state.apply(action, seat)
            self.undo_point = _UndoPoint(seat, before, hist)
            return

    def _menu(self, legal: list[Action]) -> None:
        table = Table(show_header=False, box=None, padding=(0, 1))
        for i, a in enumerate(legal, 1):
            text = self.game.describe_action(a, self.state)
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
            self.console.print(Markdown(self.game.rules_text()))
            return None
        if word == "log":
            for line in self.log.get(seat, []):
                self.console.print(f"  {line}")
            return None
        if word == "hint":
            self._hint(seat)
            return None
        if word == "undo":
            self._undo(seat)
            return None
        if answer.isdigit():
            n = int(answer)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.console.print(f"[red]There is no action {n}; choose 1 to {len(legal)}.[/red]")
            return None
        try:
            action = self.game.parse_action(answer, self.state)
        except ValueError as exc:
            self.console.print(f"[red]{exc}[/red] (type help for commands)")
            return None
        if action not in legal:
            try:
                self.state.clone().apply(action, seat)
            except IllegalAction as exc:
                self.console.print(f"[red]{exc}[/red]")
            return None
        return action

    def _hint(self, seat: int) -> None:
        try:
            bot = self.game.heuristic_bot(random.randrange(2**31))
        except ValueError as exc:
            self.console.print(f"[yellow]{exc}[/yellow]")
            return
        action = bot.act(self.state, seat)
        self.console.print(
            f"The heuristic bot would play: [bold]{self.game.describe_action(action, self.state)}[/bold]"
        )

    def _undo(self, seat: int) -> None:
        point = self.undo_point
        if point is None or point.seat != seat:
            self.console.print(
                "[yellow]Nothing to undo: you have not moved since the last move by anyone else.[/yellow]"
            )
            return
        if len(self.state.history) != point.history_len + 1:
            since = self.state.history[point.history_len + 1 :]
            why = (
                "your move revealed something (a card seen or drawn)"
                if all(s == CHANCE for s, _ in since)
                else "someone has moved since"
            )
            self.console.print(f"[yellow]Cannot undo: {why}.[/yellow]")
            return
        before = self.game.state_from_json(point.before)
        if reveals(before, self.state.history[-1][1], seat, self.state):
            self.console.print(
                "[yellow]Cannot undo: that move showed you something you did not know.[/yellow]"
            )
            return
        self.state = before
        self.undo_point = None
        self.seen[seat] = min(self.seen.get(seat, 0), len(before.history))
        self.console.print("Move taken back.")
        self.console.print(self.game.render(self.state, seat))

    def _finish(self) -> None:
        state = self.state
        viewer = self._viewer()
        for line in self._narrate(viewer):
            self.console.print(f"  [dim]·[/dim] {line}")
        self.console.print(self.game.render(state, viewer))
        table = Table(title="Final scores")
        table.add_column("seat")
        table.add_column("player")
        table.add_column("score", justify="right")
        table.add_column("")
        winners = state.winners()
        for s, sc in enumerate(state.scores()):
            who = (
                "you"
                if s in self.humans and len(self.humans) == 1
                else (f"player {s}" if s in self.humans else f"{getattr(self.bots[s], 'name', 'bot')} bot")
            )
            table.add_row(str(s), who, f"{sc:g}", "[bold green]winner[/bold green]" if s in winners else "")
        self.console.print(table)
        self.saved = save_record(state.record(), self.record_path)
        self.console.print(f"Record saved to [bold]{self.saved}[/bold].")


def reveals(before: State, action: Action, seat: int, after: State, samples: int = 12) -> bool:
    """Did taking ``action`` from ``before`` show ``seat`` anything it could not already know?

    Generic test: in worlds consistent with what the seat knew (``determinize``), the same
    action must lead to the same view. If some world gives a different view, the move
    revealed hidden information, and taking it back would let a player peek.
    """
    target = after.view(seat)
    rng = random.Random(len(before.history))
    for _ in range(samples):
        world = before.determinize(seat, rng)
        try:
            world.apply(action, seat)
        except IllegalAction:
            return True
        if world.view(seat) != target:
            return True
    return False
