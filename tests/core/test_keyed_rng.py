"""The keyed generator (issue 26): same interface as SplitMix64, records of both replay, and a
determinized state carries neither the real seed nor the real generator."""

from __future__ import annotations

import json
import random

import pytest

import riverbox
from riverbox.core.rng import KEYED, SPLITMIX, KeyedRng, Rng, make_rng, secret_seed


def _play(game: riverbox.Game, seed: int, generator: str, moves: int = 400) -> riverbox.State:
    state = game.new_state(seed, generator)
    pick = random.Random(seed % 1000)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(pick.choice(state.legal_actions(seat)), seat)
    return state


def test_the_keyed_generator_draws_like_the_core_rng_and_depends_only_on_key_and_counter() -> None:
    key = secret_seed()
    a, b = KeyedRng(key), KeyedRng(key)
    draws = [a.randrange(52) for _ in range(100)]
    assert draws == [b.randrange(52) for _ in range(100)] and len(set(draws)) > 20
    c = a.copy()
    assert [a.next64() for _ in range(20)] == [c.next64() for _ in range(20)]
    deck = list(range(30))
    a.shuffle(deck)
    assert sorted(deck) == list(range(30)) and deck != list(range(30))
    moved = KeyedRng(key)
    moved.state = b.state  # a state's JSON stores only the counter: the key is the seed
    assert [moved.next64() for _ in range(9)] == [b.next64() for _ in range(9)]
    assert KeyedRng(key ^ 1).next64() != KeyedRng(key).next64()
    assert isinstance(a.fork(), KeyedRng) and 0 <= a.random() < 1 and a.choice("xyz") in "xyz"
    with pytest.raises(ValueError, match="2\\*\\*256"):
        KeyedRng(1 << 256)
    with pytest.raises(ValueError, match="no random generator 'mt'"):
        make_rng(1, "mt")


@pytest.mark.parametrize("name", ["river-rivals", "ravenous-river", "river-wild", "river-trek"])
def test_records_of_both_generators_replay_exactly(name: str) -> None:
    game = riverbox.load(name)
    for seed, generator in ((7, SPLITMIX), (secret_seed(), KEYED)):
        state = _play(game, seed, generator)
        record = state.record()
        assert record["rng"] == generator
        again = riverbox.replay(json.loads(json.dumps(record)))
        assert again.to_json() == state.to_json() and again.generator == generator
        assert game.state_from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
    old = _play(game, 7, SPLITMIX).record()
    del old["rng"]  # written before records named their generator
    assert riverbox.replay(old).to_json() == _play(game, 7, SPLITMIX).to_json()


def test_a_keyed_record_with_another_generator_or_seed_does_not_replay() -> None:
    game = riverbox.load("river-rivals")
    record = _play(game, secret_seed(), KEYED, 30).record()
    with pytest.raises(ValueError, match="chance"):
        riverbox.replay({**record, "rng": SPLITMIX, "seed": record["seed"] & (2**64 - 1)})
    with pytest.raises(ValueError, match="2\\*\\*64"):
        riverbox.replay({**record, "rng": SPLITMIX})
    with pytest.raises(ValueError, match="no random generator"):
        riverbox.replay({**record, "rng": "mersenne"})


@pytest.mark.parametrize("name", ["river-rivals", "ravenous-river", "river-wild", "river-trek"])
def test_a_determinized_state_holds_no_secret(name: str) -> None:
    game = riverbox.load(name)
    key = secret_seed()
    state = _play(game, key, KEYED, 20)
    for seat in (None, 0):
        world = state.determinize(seat, 3)
        assert world.seed != key and type(world.rng) is Rng and world.generator == SPLITMIX
        text = json.dumps(world.to_json())
        assert str(key) not in text and f"{key:x}" not in text
        assert all(getattr(world, slot, None) != key for slot in ("seed", "rng"))
        again = state.determinize(seat, 4)
        assert again.seed != world.seed  # each world's seed is its own draw, not a copy of anything
