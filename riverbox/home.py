"""Where riverbox keeps its data: one answer for the terminal and the server alike."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """Where riverbox keeps records and databases: ``$RIVERBOX_HOME`` or ``~/.riverbox``."""
    return Path(os.environ.get("RIVERBOX_HOME") or Path.home() / ".riverbox")


__all__ = ["data_dir"]
