"""No ruling id and no "spec" in anything a River Rivals player reads."""

from __future__ import annotations

import pytest

from ..player_text import offending, player_texts


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_no_ruling_ids_or_spec_in_player_text(mode: str) -> None:
    assert offending(player_texts("river-rivals", range(6), mode=mode)) == []
