"""The bot interface and bot lookup by spec (the random bot lives in ``riverbox.bots.uniform``).

A bot is any object with ``act(state, seat) -> action``. Bots may read only what ``seat``
knows: ``state.view(seat)``, ``state.legal_actions(seat)``, and ``state.determinize(seat)``
for search. Reading hidden fields of the state is cheating; the heuristic bots are written
against views for that reason.

Bots are looked up by spec (``name`` or ``name:key=value,...``, see ``riverbox.bots.settings``);
a name may also be a level (``easy``, ``medium``, ``hard``, ``strong``) that
``riverbox.bots.levels`` maps to a spec per game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from riverbox.bots.casual import CasualBot
from riverbox.bots.settings import (
    THINK_KEYS,
    BotSpec,
    Setting,
    convert_settings,
    factory_settings,
    parse_spec,
)
from riverbox.bots.uniform import RandomBot as RandomBot  # the random bot, listed below
from riverbox.core.game import Game


@dataclass(frozen=True)
class BotFactory:
    """How to build one named bot: ``build(seed, **settings)`` and the settings it accepts."""

    build: Callable[..., Any]
    settings: tuple[Setting, ...]


def _factories(game: Game) -> dict[str, BotFactory]:
    """Every bot of ``game`` by name: random, the game's heuristic and own bots, the search bots."""
    from riverbox.bots.search import SEARCH_BOTS

    found = {"random": BotFactory(RandomBot, tuple(factory_settings(RandomBot)))}
    try:
        heuristic = type(game.heuristic_bot(0))
    except ValueError:
        pass
    else:
        # The game builds its heuristic bot; its settings are that class's keywords.
        def build_heuristic(seed: int, **kw: Any) -> Any:
            return heuristic(seed, **kw) if kw else game.heuristic_bot(seed)

        found["heuristic"] = BotFactory(build_heuristic, tuple(factory_settings(heuristic)))

        def build_casual(seed: int, **kw: Any) -> Any:
            return CasualBot(game, seed, **kw)

        found["casual"] = BotFactory(build_casual, tuple(factory_settings(CasualBot)))
    for name, factory in sorted(game.extra_bots().items()):
        found[name] = BotFactory(factory, tuple(factory_settings(factory)))
    for name, cls in sorted(SEARCH_BOTS.items()):

        def build_search(seed: int, _cls: Any = cls, **kw: Any) -> Any:
            return _cls(game, seed, **kw)

        found[name] = BotFactory(build_search, tuple(factory_settings(cls)))
    return found


def bot_names(game: Game) -> list[str]:
    """The bot names usable for ``game`` (``heuristic`` only where the game has one), then its levels."""
    from riverbox.bots.levels import levels_for

    return list(_factories(game)) + list(levels_for(game.name))


def resolve(spec: str | BotSpec, game: Game) -> BotSpec:
    """A spec with any level replaced by the bot it stands for (the user's settings win)."""
    from riverbox.bots.levels import levels_for

    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    level = levels_for(game.name).get(parsed.name)
    if level is None:
        return parsed
    base = parse_spec(level)
    return base.merged(BotSpec(base.name, parsed.settings))


def _factory(spec: BotSpec, game: Game) -> BotFactory:
    factories = _factories(game)
    valid = ", ".join(bot_names(game))
    if spec.name == "heuristic" and spec.name not in factories:
        raise ValueError(f"{game.name} has no heuristic bot; valid bots: {valid}")
    if spec.name not in factories:
        raise ValueError(f"unknown bot {spec.name!r} for {game.name}; valid bots: {valid}")
    return factories[spec.name]


def bot_settings(spec: str | BotSpec, game: Game) -> dict[str, Any]:
    """The settings the bot ``spec`` names (a level resolved) accepts, each with its default."""
    return {s.name: s.default for s in _factory(resolve(spec, game), game).settings}


def make_bot(spec: str | BotSpec, game: Game, seed: int = 0) -> Any:
    """A bot for ``game`` from a spec; ``ValueError`` names an unknown bot, key or value and what is valid."""
    resolved = resolve(spec, game)
    factory = _factory(resolved, game)
    kwargs = convert_settings(resolved.name, list(factory.settings), resolved.settings)
    return factory.build(seed, **kwargs)


def with_think(spec: str, seconds: float | None, game: Game) -> str:
    """``spec`` with ``think=seconds`` added when its bot accepts a thinking time and none is set.

    This is what ``--think S`` does for every seat: bots without a time budget (random, the
    heuristics) are left as they are, and a time the user wrote into the spec wins.
    """
    if seconds is None:
        return spec
    parsed = parse_spec(spec)
    factory = _factory(resolve(parsed, game), game)
    accepted = {s.name for s in factory.settings}
    key = next((k for k in THINK_KEYS if k in accepted), None)
    if key is None or parsed.keys() & set(THINK_KEYS):
        return spec
    return str(BotSpec(parsed.name, (*parsed.settings, (key, f"{seconds:g}"))))
