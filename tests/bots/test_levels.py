"""Every level names a bot the game has, with settings that bot accepts."""

from __future__ import annotations

import inspect

import pytest

import riverbox
from riverbox.bots.base import bot_names
from riverbox.bots.levels import LEVEL_NAMES, LEVELS
from riverbox.bots.search import SEARCH_BOTS


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_levels_name_real_bots_with_real_settings(name: str) -> None:
    game = riverbox.load(name)
    assert tuple(LEVELS[name]) == LEVEL_NAMES
    for spec in LEVELS[name].values():
        bot, _, rest = spec.partition(":")
        assert bot in bot_names(game)
        factory = SEARCH_BOTS.get(bot) or game.extra_bots().get(bot)
        if rest:
            assert factory is not None
            accepted = set(inspect.signature(factory).parameters)
            keys = {part.split("=")[0] for part in rest.split(",")}
            assert keys <= accepted, f"{spec}: {keys - accepted} not accepted"
