"""The post bitmasks a state keeps (``TrekData.count_posts``, ``add_post``/``remove_post``) always
equal a fresh count from the posts and the Bridge, and the legal posts read from them equal
the area-by-area definition (RT-3, RT-4, RT-27)."""

from __future__ import annotations

import random

import pytest

import riverbox
from riverbox.games.river_trek.actions import A_POST, MOVEPOST_FROM
from riverbox.games.river_trek.position import IN_POST, TrekData
from riverbox.games.river_trek.rules import movepost_actions, post_actions


def _masks(st: TrekData) -> tuple[object, ...]:
    return (list(st.post_held), list(st.post_full), list(st.post_over), st.usable_areas)


def _open_by_area(st: TrekData, seat: int) -> list[int]:
    tamandua = st.holds(seat, "tamandua")
    caps = st.area_cap_plus if tamandua else st.area_cap
    return [a for a, cap in enumerate(caps) if st.posts[a][seat] < cap and st.area_usable(a)]


@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 3, "variant": "full"}, {"players": 2, "variant": "full"}]
)
def test_post_masks_follow_every_step(options: dict[str, object]) -> None:
    game = riverbox.load("river-trek", **options)
    rng = random.Random(3)
    for _ in range(3):
        st = game.new_state(rng.randrange(2**31))
        while not st.is_over:
            kept = _masks(st)
            st.count_posts()
            assert _masks(st) == kept
            for seat in range(st.n):
                targets = _open_by_area(st, seat)
                if st.hand[seat]:
                    assert post_actions(st, seat) == [A_POST[a] for a in targets]
                expected = [
                    MOVEPOST_FROM[a][b]
                    for a in range(len(st.posts))
                    if st.posts[a][seat]
                    for b in targets
                    if b != a
                ]
                assert movepost_actions(st, seat) == expected
            seat = st.to_move[0]
            st.apply(rng.choice(st.legal_actions(seat)), seat)
        assert st.phase != IN_POST
