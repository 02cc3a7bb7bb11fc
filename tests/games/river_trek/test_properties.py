"""Property tests (hypothesis): whatever the seed, options and choices, the game stays consistent."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import riverbox
from riverbox.core import Rng


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.integers(2, 4),
    variant=st.sampled_from(["basic", "full", "simple"]),
    shift=st.sampled_from(["forward", "back", "choose"]),
)
def test_random_games_keep_invariants(seed: int, players: int, variant: str, shift: str) -> None:
    g = riverbox.load("river-trek", players=players, variant=variant, animal_shift=shift)
    s = g.new_state(seed)
    r = Rng(seed ^ 0x5EED)
    steps = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, "a seat to move always has an action"
        s.apply(r.choice(legal))
        steps += 1
        assert steps < 5000
        for c in range(s.colours):  # explorers are conserved
            moving = s.mv_stack.count(c) + s.cap_rest.count(c)
            assert sum(x.count(c) for x in s.stacks) + moving + s.clearing[c] + s.off[c] == 12
        assert all(sum(p[i] for p in s.posts) + s.hand[i] == 7 for i in range(players))
        assert all(m >= 0 for m in s.money)
        assert s.bridge in (-1, 5)
    assert all(len(x) < 7 for x in s.stacks)  # RT-13: no 7+ caravan survives a turn
    assert s.triggered and sum(s.clearing) >= 1  # RT-12/RT-19: the game ends only through the clearing
    assert s.winners()
