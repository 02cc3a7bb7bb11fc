"""Words players read: kept free of the ruling ids that data files and code cite."""

from __future__ import annotations

import re

RULING = re.compile(r"\s*\((?:R[RVWT]-\d+[,;\s]*)+\)")
"""A parenthesised list of ruling ids, as the data files cite them."""


def player_text(text: str) -> str:
    """``text`` without the ruling ids the data files cite (players never read them)."""
    return RULING.sub("", text).strip()


__all__ = ["RULING", "player_text"]
