"""``riverbox serve`` and ``riverbox serve-bench``: online play, and its load benchmark."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from riverbox.cli.commands.shared import (
    fail,
)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=0, max=65535)] = 8000,
    db: Annotated[
        str | None, typer.Option(help="Database URL (default: SQLite in the data dir; or postgresql://...).")
    ] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a web browser.")] = False,
    access_log: Annotated[bool, typer.Option(help="Log a line per HTTP request.")] = False,
    bot_workers: Annotated[
        int | None,
        typer.Option(help="Processes that think for bots and hints (default: the cores less one).", min=1),
    ] = None,
    rate_scale: Annotated[
        float,
        typer.Option(help="Multiply every rate limit (2: twice as many requests; 0: no limits).", min=0),
    ] = 1.0,
    open_tables: Annotated[
        int, typer.Option(help="Unfinished tables one address or player may keep.", min=1)
    ] = 50,
    bot_tables: Annotated[
        int, typer.Option(help="Of those, tables of bots only (0: refuse them).", min=0)
    ] = 3,
    expire_days: Annotated[
        float | None,
        typer.Option(help="End tables nobody moved at for this many days (default: never).", min=0.01),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            envvar="RIVERBOX_REDIS",
            help="Redis URL: live updates between processes through its pub/sub (and the bot queue).",
        ),
    ] = None,
    bot_queue: Annotated[
        bool,
        typer.Option(
            "--bot-queue", help="Send bot moves and hints to riverbox bot-worker processes through Redis."
        ),
    ] = False,
    queue_name: Annotated[str, typer.Option(help="The bot queue's name in Redis.")] = "riverbox:bots",
    takeover: Annotated[
        float,
        typer.Option(
            help="Several processes: seconds before one plays the bots and clock of a table"
            " whose last change another process made and then left.",
            min=1,
        ),
    ] = 25.0,
) -> None:
    """Host tables for play over the network: lobby, seats, bots and spectators (needs riverbox[web])."""
    try:
        from riverbox.server.run import serve as run_server
    except ImportError as exc:
        fail(f"the server needs the web extra: pip install 'riverbox[web]' ({exc.name} is missing)")
        return
    try:
        caps = (open_tables, bot_tables, expire_days)
        scale = (redis, bot_queue, queue_name)
        start = (host, port, db, open_browser, access_log, bot_workers, rate_scale)
        run_server(*start, *caps, *scale, takeover=takeover)
    except ValueError as exc:
        fail(str(exc))


def bot_worker(
    redis: Annotated[
        str, typer.Option(envvar="RIVERBOX_REDIS", help="Redis URL of the servers' bot queue (redis://...).")
    ],
    workers: Annotated[
        int | None,
        typer.Option(help="Processes that think, one job each (default: the cores less one).", min=1),
    ] = None,
    queue_name: Annotated[str, typer.Option(help="The bot queue's name in Redis.")] = "riverbox:bots",
    job_timeout: Annotated[
        float,
        typer.Option(help="Seconds one job may take; a dead worker's job is taken again 10 s after.", min=2),
    ] = 60.0,
) -> None:
    """Think for the bots and hints of servers started with --redis URL --bot-queue (needs riverbox[web])."""
    try:
        from riverbox.server.botpool import default_bot_workers
        from riverbox.server.wakingworker import run_worker
    except ImportError as exc:
        fail(f"the bot worker needs the web extra: pip install 'riverbox[web]' ({exc.name} is missing)")
        return
    if not redis.startswith(("redis://", "rediss://", "unix://")):
        fail(f"--redis must be a redis://, rediss:// or unix:// URL, not {redis.split(':')[0]!r}")
    try:
        run_worker(redis, queue_name, workers or default_bot_workers(), job_timeout)
    except ValueError as exc:
        fail(str(exc))


def serve_bench(
    tables: Annotated[int, typer.Option(help="Live tables (a person and a bot each).", min=1)] = 200,
    spectators: Annotated[int, typer.Option(help="Spectator WebSockets spread over them.", min=0)] = 200,
    seconds: Annotated[float, typer.Option(help="How long to measure.", min=1)] = 60.0,
    think_min: Annotated[float, typer.Option(help="Fewest seconds a person takes over a move.", min=0)] = 1.0,
    think_max: Annotated[float, typer.Option(help="Most seconds a person takes over a move.", min=0)] = 3.0,
    bot: Annotated[str, typer.Option(help="The bot in each table's other seat.")] = "heuristic",
    bot_seconds: Annotated[
        float, typer.Option(help="CPU budget of one bot move, in seconds.", min=0.01, max=10)
    ] = 0.05,
    flat_out: Annotated[
        bool, typer.Option("--flat-out", help="No thinking: players move at once (capacity).")
    ] = False,
    url: Annotated[
        str | None, typer.Option(help="Use running servers on 127.0.0.1 instead (several: comma-separated).")
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database of the servers it starts (default SQLite; postgresql://... for several)."
        ),
    ] = None,
    servers: Annotated[
        int,
        typer.Option(
            help="Server processes to start, sharing the tables (2+: needs a PostgreSQL --db).", min=1
        ),
    ] = 1,
) -> None:
    """Load benchmark of the server on 127.0.0.1: live tables, moves/s, p50/p99 move-to-update latency."""
    from riverbox.server.server_load import Load, serve_and_run

    if url is not None and not all(u.startswith(("http://127.", "http://localhost")) for u in url.split(",")):
        fail("the benchmark only targets servers on this machine (http://127.0.0.1:PORT)")
    if think_max < think_min:
        fail(f"--think-max ({think_max:g}) must not be below --think-min ({think_min:g})")
    if servers > 1 and url is None and not (db or "").startswith("postgres"):
        fail("several servers share their tables through PostgreSQL: give --db postgresql://...")
    load = Load(tables, spectators, seconds, think_min, think_max, bot, bot_seconds, flat_out, servers)
    result = serve_and_run(load, url, db)
    print(json.dumps(result.to_json(), indent=1))
