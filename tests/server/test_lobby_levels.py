"""The lobby's bot choice shows each level with its measured rating, in the reader's language."""

from __future__ import annotations

import pytest

from riverbox.bots.levels import LEVEL_NAMES, level_info
from riverbox.server.lobby_form import level_label, lobby_game


def test_a_level_label_carries_its_rating_rounded_and_an_unmeasured_one_none() -> None:
    assert level_label("strong", 1637) == "strong · ~1650"
    assert level_label("easy", 1000) == "easy · ~1000"
    assert level_label("rules of thumb", None) == "rules of thumb"


@pytest.mark.parametrize(("lang", "strong"), [("en", "strong"), ("zh", "最强")])
def test_the_lobby_lists_levels_first_each_with_its_measured_rating(lang: str, strong: str) -> None:
    bots_named = ["heuristic", *LEVEL_NAMES]
    info = {"name": "river-rivals", "title": "River Rivals", "summary": "", "bots": bots_named}
    bots = lobby_game(info, "river_rivals", lang)["bots"]
    assert [b["name"] for b in bots] == [*LEVEL_NAMES, "heuristic"]
    measured = level_info("river-rivals")
    for entry in bots[:4]:
        rating = measured[entry["name"]].rating
        assert rating is not None and entry["rating"] == rating
        assert entry["label"].endswith(f" · ~{50 * round(rating / 50)}")
    assert bots[3]["label"].startswith(strong)
    assert bots[4]["rating"] is None and "~" not in bots[4]["label"]
