"""Clear failures: a store that cannot write answers 503 with a reason (issue 26 item 5).

A full disk or a read-only database fails the whole commit (the store's writer fails every
append of the group), so nothing was acknowledged; the server keeps running and the next
request that finds space again succeeds. Anything else stays a 500, as a bug should.
"""

from __future__ import annotations

import errno

from fastapi import Request
from fastapi.responses import JSONResponse

FULL = "the server's disk is full; nothing was saved, try again later"
READ_ONLY = "the server's storage is read-only; nothing was saved, try again later"

_FULL_WORDS = ("database or disk is full", "no space left", "could not extend file", "disk full")
_READ_ONLY_WORDS = ("readonly database", "read-only file system", "read-only transaction")
_FULL_STATES = {"53100", "53200", "53300"}  # PostgreSQL: disk full, out of memory, too many connections
_READ_ONLY_STATES = {"25006"}  # PostgreSQL: read-only SQL transaction (a standby, a read-only database)


def cannot_write(exc: BaseException) -> str | None:
    """The reason to give when ``exc`` (or what it wraps) is the storage refusing to write, else None."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, OSError) and seen.errno in (errno.ENOSPC, errno.EDQUOT):
            return FULL
        if isinstance(seen, OSError) and seen.errno == errno.EROFS:
            return READ_ONLY
        state = getattr(seen, "sqlstate", None) or getattr(seen, "pgcode", None)
        text = str(seen).lower()
        if state in _FULL_STATES or any(w in text for w in _FULL_WORDS):
            return FULL
        if state in _READ_ONLY_STATES or any(w in text for w in _READ_ONLY_WORDS):
            return READ_ONLY
        seen = getattr(seen, "orig", None) or seen.__cause__
    return None


async def storage_failed(_request: Request, exc: Exception) -> JSONResponse:
    """503 and the reason for a store that cannot write; any other error is re-raised (a 500)."""
    reason = cannot_write(exc)
    if reason is None:
        raise exc
    return JSONResponse({"detail": reason}, 503, headers={"Retry-After": "30"})
