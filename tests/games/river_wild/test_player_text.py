"""No ruling id and no "spec" in anything a River Wild player reads."""

from __future__ import annotations

from ..player_text import offending, player_texts


def test_no_ruling_ids_or_spec_in_player_text() -> None:
    assert offending(player_texts("river-wild", range(6), render_every=2)) == []
