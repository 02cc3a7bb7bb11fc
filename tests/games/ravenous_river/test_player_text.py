"""No ruling id and no "spec" in anything a Ravenous River player reads."""

from __future__ import annotations

import pytest

from ..player_text import offending, player_texts


@pytest.mark.parametrize("players", [2, 4, 7])
def test_no_ruling_ids_or_spec_in_player_text(players: int) -> None:
    assert offending(player_texts("ravenous-river", range(3), players=players)) == []
