"""What a seat is told happened: the one place the server reads a game's log.

The events issue gives every state ``log(seat)``: events as JSON-ready dicts, each with its
audience. Until a game has it, :func:`seat_log` derives a provisional log from the history
exactly as ``seat`` may know it, using the same redaction ``State.determinize`` applies, so a
seat learns nothing from the log that its determinized worlds do not share.
"""

from __future__ import annotations

import re
from typing import Any

from riverbox.core.game import CHANCE, Chance, State, _redact

_RULING = re.compile(r"\s*\((?:RR|RV|RW|RT)-\d+[a-z]?\)")
"""Ruling ids some chance notations carry: for the rules' authors, not for players."""


def seat_log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may see (``None``: a spectator), in order, as JSON-ready dicts."""
    log = getattr(state, "log", None)
    if callable(log):
        events: list[dict[str, Any]] = log(seat)
        return events
    return [_entry(*_redact(state.game, entry, seat)) for entry in state.history]


def _entry(who: int, action: Any) -> dict[str, Any]:
    """One redacted history entry as an event; a hidden one carries no content at all."""
    if isinstance(action, Chance):
        if action.text == "hidden":
            if who == CHANCE:
                return {"kind": "hidden", "seat": None, "text": "Something happened that you cannot see."}
            return {"kind": "hidden", "seat": who, "text": f"player {who} made a secret choice."}
        return {"kind": "chance", "text": f"chance: {_RULING.sub('', action.text)}"}
    return {"kind": "move", "seat": who, "action": str(action), "text": f"player {who}: {action}"}
