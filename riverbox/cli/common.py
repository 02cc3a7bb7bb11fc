"""Helpers shared by the commands: option parsing, where data lives, record files."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from riverbox.core.checks import loads
from riverbox.core.game import Game
from riverbox.home import data_dir
from riverbox.registry import load


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


class RecordPathError(ValueError):
    """A record could not be written where asked; the message names the path and the problem."""


def default_record_path(game: str, seed: int) -> Path:
    """A fresh file name in the data directory's ``records`` folder (created if missing)."""
    folder = data_dir() / "records"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RecordPathError(
            f"cannot create the records folder {folder}: {exc.strerror} "
            "(set RIVERBOX_HOME to a writable folder, or pass --record FILE)"
        ) from None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}-{seed}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{game}-{stamp}-{seed}-{n}.json"
    return path


def check_record_path(path: Path) -> Path:
    """``path`` made absolute, once it is known a record can be written there.

    Checked before the first move, so a game is never played into a file that cannot be
    saved: the path must not be a folder, its folder must exist, and a test file must be
    creatable beside it (a real write, since permission bits say nothing for root).
    """
    path = path.expanduser().absolute()
    if path.is_dir():
        raise RecordPathError(f"the record path {path} is a folder; name a file inside it")
    folder = path.parent
    if not folder.exists():
        raise RecordPathError(f"cannot save the record to {path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise RecordPathError(f"cannot save the record to {path}: {folder} is not a folder")
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".check")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise RecordPathError(f"cannot save the record to {path}: {exc.strerror}") from None
    return path


def save_record(record: dict[str, Any], path: Path | None = None) -> Path:
    """Write a record as JSON, atomically (into the data directory unless a path is given).

    The text goes to a temporary file in the same folder, is flushed and synced to disk and
    only then renamed over ``path``: a crash or a failed write at any moment leaves either the
    previous record or the new one, never a truncated file.
    """
    if path is None:
        path = default_record_path(str(record["game"]), int(record["seed"]))
    write_atomic(path, json.dumps(record, indent=1) + "\n")
    return path


def _file_mode(path: Path) -> int:
    """The permissions a replaced file keeps, or a new file would get (not mkstemp's private 0600)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` all at once (temporary file, fsync, ``os.replace``)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, _file_mode(path))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


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
