"""``riverbox play`` as a full-screen terminal app (Textual): see :mod:`riverbox.cli.tui.app`."""

from __future__ import annotations

import contextlib

from rich.console import Console

from riverbox.cli.play import GameTable, saved_message, say


def run_app(table: GameTable, console: Console, err: Console) -> int:
    """Run the app on the alternate screen; afterwards say where the record is. The exit code.

    The record is already on disk (it is saved after every move), so what is left is to say
    where; after SIGHUP the terminal may be gone, and a failed print must not turn a clean stop
    into a crash.
    """
    from riverbox.cli.tui.app import Outcome, PlayApp

    app = PlayApp(table)
    outcome = app.run()
    message = saved_message(table.game, table.record_path)
    with contextlib.suppress(OSError):
        if outcome is Outcome.SAVE_FAILED:
            say(err, f"error: {app.failure}")
        elif outcome is None:
            say(err, f"error: something went wrong inside riverbox. {message}")
        else:
            if outcome is Outcome.OVER:
                console.print(table.scores_table())
            say(console, ("Stopped. " if outcome is Outcome.STOPPED else "") + message)
    return 0 if outcome in (Outcome.QUIT, Outcome.OVER, Outcome.STOPPED) else 1
