"""Terminal drawing (placeholder, replaced below)."""

from __future__ import annotations

from typing import Any


def render_state(state: Any, seat: int | None) -> Any:
    return str(state)
