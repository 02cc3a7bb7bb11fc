"""A stand-in search bot for tests of bot lookup, so they do not depend on the real search bots' settings."""

from __future__ import annotations

from typing import Any

import pytest

from riverbox.bots.search import SEARCH_BOTS


class ProbeSearch:
    """Takes the game first like every search bot, and a time budget under the older name ``seconds``."""

    name = "probe"

    def __init__(
        self, game: Any, seed: int = 0, iterations: int = 10, c: float = 0.7, seconds: float = 2.0
    ) -> None:
        self.game, self.seed, self.iterations, self.c, self.seconds = game, seed, iterations, c, seconds

    def act(self, state: Any, seat: int) -> Any:
        return state.legal_actions(seat)[0]


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``probe`` a search bot for the duration of one test."""
    monkeypatch.setitem(SEARCH_BOTS, "probe", ProbeSearch)
