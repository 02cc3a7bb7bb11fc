"""The printed content each table page receives: complete for every card a view can name, and
free of the ruling ids the data files cite (players never read those)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from riverbox.core.text import player_text
from riverbox.registry import load, register

register("toy", "tests.core.toy:ToyGame")


def game_content(game: str) -> dict[str, Any]:
    return load(game).printed_content()


RULING_ID = re.compile(r"\bR[RVWT]-\d+")


def test_player_text_drops_cited_rulings_only() -> None:
    assert player_text("Sail home now (RR-1, RR-28).") == "Sail home now."
    assert player_text("Swap two animals (RR-2).") == "Swap two animals."
    assert player_text("Keep (this) text") == "Keep (this) text"


@pytest.mark.parametrize("game", ["ravenous-river", "river-rivals", "river-wild", "river-trek"])
def test_content_names_no_ruling_and_is_json(game: str) -> None:
    text = json.dumps(game_content(game))
    assert not RULING_ID.search(text), RULING_ID.findall(text)


def test_every_card_a_view_can_name_has_content() -> None:
    rr = game_content("ravenous-river")
    state = load("ravenous-river", 3).new_state(4)
    assert set(rr["cards"]) >= {*state.view(0)["hand"], *state.view(1)["hand"], *state.view(2)["hand"]}
    wild = game_content("river-wild")
    view = load("river-wild").new_state(4).view(0)
    for card in [*view["hand"], view["top"], *(c["card"] for c in view["layout"])]:
        faces = wild["cards"][str(card)]
        assert len(faces["front"]["slots"]) == len(faces["back"]["slots"]) == 6
    rivals = game_content("river-rivals")
    hand = load("river-rivals", 2).new_state(4).view(0)["hand"]
    assert hand and set(hand) <= set(rivals["animals"])
    trek = game_content("river-trek")
    animals = load("river-trek", 2).new_state(4).view(0)["animals"]
    assert animals and {a["name"] for a in animals} <= set(trek["animals"])
    assert load("toy", 2).printed_content() == {}  # a game with no printed module shows ids
