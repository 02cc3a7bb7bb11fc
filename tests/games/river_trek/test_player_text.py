"""No ruling id and no "spec" in anything a River Trek player reads."""

from __future__ import annotations

import pytest

from ..player_text import offending, player_texts


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"variant": "full"}), (3, {"variant": "basic", "empty_tile_check": "caravan-move"}), (4, {})],
)
def test_no_ruling_ids_or_spec_in_player_text(players: int, options: dict[str, str]) -> None:
    assert offending(player_texts("river-trek", range(2), render_every=6, players=players, **options)) == []
