"""The replay viewer's frames: a finished game's table after each move, as one seat saw it.

A record holds every hidden card, so frames are built only from a finished table's record (the
server refuses the record before the end). Any seat's view may then be shown, or the public one:
after the game nothing is secret any more, but showing the table *as that seat saw it* is what
lets a player understand a move.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.game import CHANCE
from riverbox.core.rng import SPLITMIX
from riverbox.registry import load


def _game_of(record: dict[str, Any]) -> Any:
    options = dict(record.get("options") or {})
    players = options.pop("players", None)
    return load(record["game"], players, **options)


def frames(record: dict[str, Any], seat: int | None, lang: str = "en") -> list[dict[str, Any]]:
    """One frame per player move (and the start): the move in notation and words, and
    ``view(seat)`` after it. Chance outcomes follow from the seed, as in ``registry.replay``.
    ``ValueError`` for a seat the game does not have. The words of each move are in ``lang``."""
    game = _game_of(record)
    if seat is not None and not 0 <= seat < game.players:
        raise ValueError(f"seat {seat} is not a seat of this {game.players}-player game")
    state = game.new_state(int(record["seed"]), record.get("rng", SPLITMIX))
    start = {"step": 0, "seat": None, "move": None, "text": None, "view": state.view(seat)}
    out: list[dict[str, Any]] = [start]
    for who, text in record["actions"]:
        if who == CHANCE:
            continue
        action = game.parse_action(text, state)
        words = game.describe_action(action, state, lang)
        state.apply(action, who)
        out.append({"step": len(out), "seat": who, "move": text, "text": words, "view": state.view(seat)})
    return out
