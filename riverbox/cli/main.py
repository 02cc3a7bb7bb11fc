"""``riverbox``: list games, read rules, play, simulate, replay and benchmark.

The commands live in ``riverbox.cli.commands``, one module per group (``info``: games and rules;
``play``: play and replay; ``lab``: simulate, ladder and balance; ``speed``: bench; ``server``:
serve and serve-bench). This module builds the Typer app and registers them in the order
``riverbox --help`` lists them.
"""

from __future__ import annotations

from typing import Annotated

import typer

from riverbox.cli.commands import info, lab, play, server, speed

app = typer.Typer(
    help="riverbox: play and study Ravenous River, River Rivals, River Wild and River Trek.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        from riverbox import __version__

        print(f"riverbox {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", help="Show the version and exit.", callback=_show_version, is_eager=True),
    ] = False,
) -> None:
    """riverbox: play and study Ravenous River, River Rivals, River Wild and River Trek."""


app.command()(info.games)
app.command()(info.rules)
app.command()(play.play)
app.command()(lab.simulate)
app.command()(play.replay)
app.command()(speed.bench)
app.command()(lab.ladder)
app.command()(lab.balance)
app.command()(lab.bound)
app.command()(server.serve)
app.command("bot-worker")(server.bot_worker)
app.command("serve-bench")(server.serve_bench)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
