"""The shared conformance testkit for every player count and variant, plus contract details."""

from __future__ import annotations

import json
from typing import Any

import pytest

import riverbox
from riverbox import registry
from riverbox.core import Rng
from riverbox.core.testkit import check_game
from riverbox.games.river_trek.position import Phase


def _invariants(state: Any) -> None:
    """Explorers and posts are conserved; no caravan of 7+ waits between turns (RT-13)."""
    for c in range(state.colours):
        on_path = sum(st.count(c) for st in state.stacks) + len(
            [e for e in state.mv_stack if e == c] + [e for e in state.cap_rest if e == c]
        )
        assert on_path + state.clearing[c] + state.off[c] == 12
    for seat in range(state.n):
        assert sum(p[seat] for p in state.posts) + state.hand[seat] == 7
    if state.phase == Phase.POST and state.history[-1][0] != state.cur:  # a human turn has just begun
        assert all(len(st) < 7 for st in state.stacks)


CONFIGS = [(n, v) for n in (2, 3, 4) for v in ("basic", "full", "simple")]


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_check_game(players: int, variant: str) -> None:
    report = check_game(
        riverbox.load("river-trek", players=players, variant=variant),
        games=4,
        seed=players,
        deep_every=15,
        on_state=_invariants,
    )
    assert report.games == 4 and report.illegal_checks > 0


@pytest.mark.parametrize(
    "options",
    [
        {"animals": False},
        {"hidden_money": True},
        {"animal_shift": "back", "empty_tile_check": "caravan-move"},
        {"animal_shift": "choose"},
    ],
)
def test_check_game_options(options: dict[str, object]) -> None:
    check_game(riverbox.load("river-trek", players=3, **options), games=2, seed=9, deep_every=25)


def test_game_info_and_options() -> None:
    info = next(i for i in registry.games() if i.name == "river-trek")
    assert (info.min_players, info.max_players, info.default_players) == (2, 4, 4)
    assert info.defaults() == {
        "variant": "basic",
        "animals": True,
        "animal_shift": "forward",
        "empty_tile_check": "any-move",
        "hidden_money": False,
    }
    assert info.perfect_information
    with pytest.raises(ValueError, match="variant"):
        riverbox.load("river-trek", variant="huge")
    with pytest.raises(ValueError):
        riverbox.load("river-trek", players=5)


def test_record_replay_round_trip_with_stanley() -> None:
    g = riverbox.load("river-trek", players=2, variant="full")
    s = g.new_state(11)
    r = Rng(3)
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
    rec = json.loads(json.dumps(s.record()))
    assert any(t.startswith("stanley") for seat, t in rec["actions"] if seat == riverbox.CHANCE)
    assert riverbox.replay(rec).to_json() == s.to_json()


def test_stanley_is_never_a_seat_to_move() -> None:
    g = riverbox.load("river-trek", players=2)
    s = g.new_state(4)
    r = Rng(4)
    while not s.is_over:
        assert s.to_move in ((0,), (1,))
        s.apply(r.choice(s.legal_actions()))


def test_observation_tensor_fixed_length() -> None:
    g = riverbox.load("river-trek", players=4, variant="full")
    s = g.new_state(2)
    r = Rng(2)
    for _ in range(200):
        if s.is_over:
            break
        for seat in (None, 0, 3):
            assert len(g.observation_tensor(s.view(seat))) == g.observation_size
        s.apply(r.choice(s.legal_actions()))
