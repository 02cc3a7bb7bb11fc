"""Placement notation: bad text is a clear error naming the game, and the short forms the picture
shows (``c7' 3,-1``) parse to the same action as the canonical ``place c7 back at 3,-1``."""

from __future__ import annotations

import pytest

from .helpers import game


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place c1",
        "place c1 front",
        "place c1 front at",
        "place c1 front at 1",
        "place c1 up at 1,0",
        "place c1 sideways at 1,0",
        "place c1 front at 1;0",
        "place c1 front at a,b",
        "c11,0",
        "c1'' 1,0",
        "c1' 1 0",
        "place c0 front at 1,0",
        "place c1 front at -1,0",
    ],
)
def test_bad_notation_is_a_clear_value_error(text: str) -> None:
    g = game()
    with pytest.raises(ValueError, match="river-wild"):
        g.parse_action(text)


@pytest.mark.parametrize(
    "text",
    ["place c7 back at 3,-1", "c7' 3,-1", "c7b 3,-1", "c7 back 3, -1", "7 b at 3,-1", "C7 BACK AT 3 , -1"],
)
def test_short_notation_as_shown_in_the_picture(text: str) -> None:
    """The picture labels a back side c7'; players may type that form (or b/back) instead of the
    canonical notation, which stays what str() gives."""
    g = game()
    assert g.parse_action(text) is g.parse_action("place c7 back at 3,-1")
    assert str(g.parse_action("c7 3,-1")) == "place c7 front at 3,-1"
    assert g.parse_action("c7f 3,-1") is g.parse_action("place c7 front at 3,-1")
