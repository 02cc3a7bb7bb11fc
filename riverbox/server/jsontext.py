"""JSON text for the wire, encoded once per message: orjson when installed (the web extra), else json.

A state body goes to every client of a seat and to every GET of it; encoding is a large
share of the work of a move, and orjson does it several times faster than the standard
library, with the same output for what the server sends (str keys, lists, ints, floats).
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the web extra installs it
    orjson = None  # type: ignore[assignment]


def dumps(data: Any) -> str:
    """``data`` as compact JSON text; int dict keys become strings, as ``json.dumps`` makes them."""
    if orjson is not None:
        try:
            return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:  # something orjson does not take (an int beyond 64 bits): the slow way
            pass
    return json.dumps(data, separators=(",", ":"))
