"""Helpers shared by the commands: option parsing, where data lives, record files."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from riverbox.core.checks import loads
from riverbox.core.game import Game
from riverbox.registry import load


def data_dir() -> Path:
    """Where riverbox keeps records and databases: ``$RIVERBOX_HOME`` or ``~/.riverbox``."""
    return Path(os.environ.get("RIVERBOX_HOME") or Path.home() / ".riverbox")


def parse_options(pairs: list[str] | None, **named: Any) -> dict[str, Any]:
    """``["target=8", "mode=advanced"]`` plus named shortcuts (``--mode``) -> an options dict."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise ValueError(f"option {pair!r} must look like name=value")
        key, value = pair.split("=", 1)
        options[key.strip()] = value.strip()
    for key, value in named.items():
        if value is not None:
            options[key] = value
    return options


def load_game(name: str, players: int | None, pairs: list[str] | None, **named: Any) -> Game:
    """Build a game from command-line words (``ValueError`` names any bad input)."""
    return load(name, players, **parse_options(pairs, **named))


def save_record(record: dict[str, Any], path: Path | None = None) -> Path:
    """Write a record as JSON (into the data directory unless a path is given)."""
    if path is None:
        folder = data_dir() / "records"
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"{record['game']}-{stamp}-{record['seed']}.json"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{record['game']}-{stamp}-{record['seed']}-{n}.json"
    path.write_text(json.dumps(record, indent=1) + "\n")
    return path


def read_record(path: Path) -> dict[str, Any]:
    """Read a record file; a missing, unreadable or malformed file raises ``ValueError`` naming it.

    The JSON is parsed with a depth limit, so a hostile file cannot crash the reader.
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read record {path}: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"record {path} is not UTF-8 text (byte {exc.start} cannot be read)") from None
    data = loads(text, f"record {path}")
    if not isinstance(data, dict):
        raise ValueError(f"record {path} must hold a JSON object")
    return data
