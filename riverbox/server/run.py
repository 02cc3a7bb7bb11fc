"""Start the server: ``riverbox serve`` (uvicorn, one process; run several on PostgreSQL)."""

from __future__ import annotations

import threading
import webbrowser

import uvicorn

from riverbox.home import data_dir
from riverbox.server.app import MESSAGE_LIMIT, Settings, create_app
from riverbox.server.botpool import default_bot_workers
from riverbox.server.botqueue import DEFAULT_QUEUE
from riverbox.server.caps import BOT_TABLES, OPEN_TABLES
from riverbox.server.live import TAKEOVER_SECONDS
from riverbox.store.db import default_url

PING_SECONDS = 20.0
"""Every WebSocket is pinged this often and closed when no pong comes within as long again: a
half-open connection (a phone that lost its network, a client that stopped reading) is closed
within 40 s instead of holding its socket for ever (issue 26)."""

KEEP_ALIVE = 75
"""Seconds an idle HTTP connection stays open. A player posts a move every few seconds to a
minute; uvicorn's default (5 s) would close most connections between two moves, and every
move would then pay for a new connection (and a client reusing a closing one sees an error)."""


def serve(
    host: str,
    port: int,
    db: str | None,
    open_browser: bool = False,
    access_log: bool = False,
    bot_workers: int | None = None,
    rate_scale: float = 1.0,
    open_tables: int = OPEN_TABLES,
    bot_tables: int = BOT_TABLES,
    expire_days: float | None = None,
    redis: str | None = None,
    bot_queue: bool = False,
    queue_name: str = DEFAULT_QUEUE,
    takeover: float = TAKEOVER_SECONDS,
) -> None:
    """Serve until interrupted; with ``open_browser`` the lobby opens once the server is up.

    ``access_log``: a line per HTTP request (off by default: at a few hundred moves a second,
    formatting and writing them costs the event loop more than parsing the requests).
    """
    url = db or default_url(data_dir())
    if not url.startswith(("sqlite", "postgresql", "postgres")):
        raise ValueError(f"--db must be an sqlite:/// or postgresql:// URL, not {url.split(':')[0]!r}")
    workers = default_bot_workers() if bot_workers is None else bot_workers
    if workers < 1:
        raise ValueError(f"--bot-workers must be at least 1, not {workers}")
    settings = Settings(url, bot_workers=workers, freeze_gc=True, rate_scale=rate_scale)
    settings.open_tables, settings.bot_tables = open_tables, bot_tables
    settings.expire_days = expire_days
    if redis is not None and not redis.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"--redis must be a redis://, rediss:// or unix:// URL, not {redis.split(':')[0]!r}")
    if bot_queue and redis is None:
        raise ValueError("--bot-queue needs --redis URL (the queue lives in Redis)")
    settings.redis_url, settings.bot_queue, settings.queue_name = redis, bot_queue, queue_name
    if takeover < 1:
        raise ValueError(f"--takeover must be at least 1 second, not {takeover:g}")
    settings.takeover_seconds = takeover
    app = create_app(settings)
    # no per-message compression: state messages are a few kilobytes, and compressing each one
    # for every client costs more CPU than anything else a move does on a small machine
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=MESSAGE_LIMIT,
        ws_per_message_deflate=False,
        log_level="info",
        access_log=access_log,
        timeout_keep_alive=KEEP_ALIVE,
        ws_ping_interval=PING_SECONDS,
        ws_ping_timeout=PING_SECONDS,
    )
    server = uvicorn.Server(config)

    def when_up() -> None:
        for _ in range(600):
            if server.started:
                lobby = lobby_url(host, _bound_port(server, port))
                print(f"riverbox is up: open {lobby} in a browser", flush=True)
                if open_browser and not _open(lobby):
                    print(f"no browser could be opened here; open {lobby} yourself", flush=True)
                return
            threading.Event().wait(0.05)

    threading.Thread(target=when_up, daemon=True).start()
    server.run()


def lobby_url(host: str, port: int) -> str:
    """The address a person opens: a wildcard host is reached through this machine's loopback."""
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    elif ":" in host:  # an IPv6 address needs brackets in a URL
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def _bound_port(server: uvicorn.Server, asked: int) -> int:
    """The port the server listens on (``--port 0`` asks the system for a free one)."""
    for bound in getattr(server, "servers", []):
        for sock in bound.sockets:
            return int(sock.getsockname()[1])
    return asked


def _open(url: str) -> bool:
    """Open ``url`` in a browser; False when none can be found (a server, a container)."""
    try:
        return webbrowser.open(url)
    except webbrowser.Error:
        return False
