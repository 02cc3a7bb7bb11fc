"""``riverbox play`` as a full-screen terminal app (Textual): see :mod:`riverbox.cli.tui.app`."""

from __future__ import annotations

from rich.console import Console

from riverbox.cli.play import GameTable, saved_message, say


def run_app(table: GameTable, console: Console, err: Console) -> int:
    """Run the app on the alternate screen; afterwards say where the record is. The exit code."""
    from riverbox.cli.tui.app import Outcome, PlayApp

    app = PlayApp(table)
    outcome = app.run()
    if outcome is Outcome.SAVE_FAILED:
        say(err, f"error: {app.failure}")
        return 1
    message = saved_message(table.game, table.record_path)
    if outcome is None:
        say(err, f"error: something went wrong inside riverbox. {message}")
        return 1
    if outcome is Outcome.OVER:
        console.print(table.scores_table())
    prefix = "Stopped. " if outcome is Outcome.STOPPED else ""
    say(console, prefix + message)
    return 0
