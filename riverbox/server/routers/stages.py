"""Where the server's time went (``RIVERBOX_STAGES``): serve-bench reads and clears it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from riverbox.server.stages import STAGES

router = APIRouter(include_in_schema=False)


@router.get("/api/stages")
def stages() -> dict[str, Any]:
    """Where the server's time went (ms per stage), for serve-bench."""
    return STAGES.report()


@router.delete("/api/stages")
def clear_stages() -> dict[str, Any]:
    STAGES.clear()
    return {}
