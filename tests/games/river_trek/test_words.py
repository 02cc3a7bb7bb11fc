"""The play log is built from events alone: one headline event per player action lets ``narrate``
find where each history entry's events begin (``words.HEADLINES``)."""

from __future__ import annotations

import random

import pytest

import riverbox
from riverbox.core import CHANCE
from riverbox.games.river_trek.words import EVENT_TEXTS, HEADLINES


@pytest.mark.parametrize(("players", "variant"), [(2, "full"), (4, "basic"), (3, "simple")])
def test_every_player_action_opens_with_exactly_one_headline(players: int, variant: str) -> None:
    game = riverbox.load("river-trek", players=players, variant=variant, animal_shift="choose")
    state = game.new_state(5)
    rng = random.Random(5)
    while not state.is_over:
        before = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
        kinds = [e.kind for e in state.events[before:]]
        assert kinds and kinds[0] in HEADLINES  # the action's own event comes first
        assert sum(k in HEADLINES for k in kinds) == 1
    actions = sum(1 for s, _ in state.history if s != CHANCE)
    assert sum(e.kind in HEADLINES for e in state.events) == actions


def test_headlines_have_sentences_and_the_log_ends_with_the_final_scores() -> None:
    assert set(HEADLINES) <= set(EVENT_TEXTS)
    game = riverbox.load("river-trek", players=3)
    state = game.new_state(2)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    last = state.log(None)[-1]
    assert last["kind"] == "game_over" and last["money"] == state.money
    assert game.narrate(state, 0, 0)[-1].startswith("Game over. Money: green $")
