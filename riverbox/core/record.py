"""Replaying a record's actions: the part of ``riverbox.replay`` that needs no registry.

A record is plain data (``game``, ``options``, ``seed``, ``actions`` as ``[seat, notation]``,
chance outcomes under seat ``CHANCE``). Finding the game by its name is the registry's job;
given the configured game, rebuilding the state is the core's, so the testkit can check a
game's records without importing anything above the core.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.checks import describe
from riverbox.core.errors import IllegalAction
from riverbox.core.game import CHANCE, Game, State
from riverbox.core.rng import GENERATORS, SPLITMIX


def replay_actions(game: Game, seed: Any, actions: Any, generator: Any = SPLITMIX) -> State:
    """The state ``seed`` and ``actions`` give in ``game``; ``ValueError`` names the first bad entry.

    Chance entries must be exactly what the seed gives (drawn by the record's ``generator``, a
    name of ``riverbox.core.rng.GENERATORS``); every other entry is parsed and applied, so a
    record that any rule refuses cannot rebuild a state.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"record seed must be an integer, not {describe(seed)}")
    if not isinstance(actions, list):
        raise ValueError("record actions must be a list of [seat, notation]")
    if not isinstance(generator, str) or generator not in GENERATORS:
        names = ", ".join(GENERATORS)
        raise ValueError(f"record: there is no random generator {describe(generator)}; generators: {names}")
    try:
        state = game.new_state(seed, generator)
    except ValueError as exc:
        raise ValueError(f"record {exc}") from None
    for index, entry in enumerate(actions):
        if (
            not isinstance(entry, (list, tuple))
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
        ):
            raise ValueError(f"record action {index} is not [seat, notation]: {describe(entry)}")
        seat, text = entry
        if seat == CHANCE:
            _check_chance(state, index, text)
            continue
        if len(state.history) > index:
            got = state.history[index]
            raise ValueError(
                f"record action {index} is [{seat}, {text!r}] but the seed gives chance outcome {got[1]}"
            )
        try:
            action = game.parse_action(text, state)
            state.apply(action, seat)
        except (IllegalAction, ValueError) as exc:
            raise ValueError(f"record action {index} [{seat}, {text!r}] cannot be replayed: {exc}") from None
    if len(state.history) != len(actions):
        raise ValueError(
            f"record ends after {len(actions)} entries but the game logged {len(state.history)};"
            " chance outcomes are missing"
        )
    return state


def _check_chance(state: State, index: int, text: str) -> None:
    if len(state.history) <= index or state.history[index][0] != CHANCE:
        raise ValueError(f"record action {index} is a chance outcome {text!r} the game did not produce")
    got = str(state.history[index][1])
    if got != text:
        raise ValueError(
            f"record action {index}: the record says chance gave {text!r}, the seed gives {got!r}"
        )
