"""River Trek rules: Trading posts: limits per area (RT-3, the Tamandua), the optional post step and
moving posts (RT-4), the Monkey's extra posts.

Positions are built with ``helpers.make`` (see its docstring for the map of the path).
"""

from __future__ import annotations

import pytest

from riverbox.core import IllegalAction
from riverbox.games.river_trek.position import Phase

from .helpers import B, G, O, act, legal, make


def test_rt_3_post_limits_per_player() -> None:
    s = make(seat=G, phase="post", posts={(0, G): 1, (3, G): 2, (3, O): 2, (4, G): 1})
    lg = legal(s)
    assert "post 0" not in lg  # small Start area: 1 per player
    assert "post 3" not in lg  # large area: 2 per player
    assert "post 4" in lg
    s2 = make(seat=O, phase="post", posts={(3, G): 2, (3, B): 2})
    assert "post 3" in legal(s2)  # no total capacity per area


def test_rt_3_tamandua_adds_one() -> None:
    s = make(
        seat=G,
        phase="post",
        animals=("tamandua",),
        holders={"tamandua": G},
        stacks={6: [G]},
        posts={(0, G): 1, (3, G): 2},
    )
    lg = legal(s)
    assert "post 0" in lg and "post 3" in lg
    act(s, "post 3")
    assert s.posts[3][G] == 3


def test_rt_4_post_step_optional_move_only_with_empty_hand() -> None:
    s = make(seat=G, phase="post", stacks={8: [G]})
    lg = legal(s)
    assert "skip" in lg
    assert not any(a.startswith("movepost") for a in lg)
    act(s, "skip")
    assert s.phase == Phase.MOVE  # move
    s = make(seat=G, phase="post", stacks={8: [G]}, posts={(3, G): 2, (4, G): 2, (5, G): 2, (6, G): 1})
    assert s.hand[G] == 0
    lg = legal(s)
    assert "movepost 6 7" in lg and not any(a.startswith("post ") for a in lg)
    assert "movepost 3 4" not in lg  # area 4 already at its limit
    with pytest.raises(IllegalAction, match="no trading post left in hand"):
        act(s, "post 7")
    act(s, "movepost 6 7")
    assert s.posts[6][G] == 0 and s.posts[7][G] == 1
    assert s.phase == Phase.MOVE


def test_rt_4_no_posts_on_final_board() -> None:
    s = make(seat=G, phase="post")
    final = s.path.final_start
    assert all(min(a.spaces) < final for a in s.path.areas)
    assert all(not s.path.space_areas[i] for i in range(final, s.path.length))


def test_monkey_extra_posts_then_moves() -> None:
    s = make(seat=G, phase="post", animals=("monkey",), holders={"monkey": G}, stacks={6: [G], 8: [G]})
    act(s, "monkey")
    act(s, "post 3")
    act(s, "post 4")
    assert not any(a.startswith("post ") for a in legal(s))  # at most two extra
    act(s, "movepost 3 5")
    assert not any(a.startswith("post ") for a in legal(s))
    act(s, "done")
    assert s.phase == Phase.POST and "post 3" in legal(s)  # the turn's own post is still available
    act(s, "post 3")
    assert s.hand[G] == 4


def test_rt_4_no_movepost_while_a_post_is_in_hand() -> None:
    """RT-4: moving a post is allowed only with no post left in hand; one left is enough to forbid it."""
    s = make(seat=G, phase="post", stacks={8: [G]}, posts={(3, G): 2, (4, G): 2, (5, G): 1, (6, G): 1})
    assert s.hand[G] == 1
    lg = legal(s)
    assert not any(a.startswith("movepost") for a in lg) and "post 7" in lg
    with pytest.raises(IllegalAction, match="only when none are left in your hand"):
        act(s, "movepost 5 7")


def test_rt_3_rt_4_tamandua_also_when_moving_a_post() -> None:
    """RT-3/RT-4: the Tamandua allows one more post per player in an area when moving a post too."""
    posts = {(0, G): 1, (1, G): 1, (3, G): 2, (4, G): 2, (5, G): 1}
    s = make(seat=G, phase="post", stacks={8: [G]}, posts=posts)
    assert s.hand[G] == 0
    assert "movepost 5 3" not in legal(s)  # area 3 full (2 per player) without the Tamandua
    s = make(
        seat=G,
        phase="post",
        animals=("tamandua",),
        holders={"tamandua": G},
        stacks={6: [O], 8: [G]},
        posts=posts,
    )
    lg = legal(s)
    assert "movepost 5 3" in lg and "movepost 3 0" in lg  # large area: 3; small Start area: 2
    act(s, "movepost 5 3")
    assert s.posts[3][G] == 3 and s.posts[5][G] == 0


def test_monkey_extra_posts_come_before_moving_posts() -> None:
    """RB Monkey: place up to two extra posts, then move posts; no placing after a move."""
    s = make(
        seat=G, phase="post", animals=("monkey",), holders={"monkey": G}, stacks={6: [G]}, posts={(3, G): 1}
    )
    act(s, "monkey")
    assert "post 4" in legal(s)
    act(s, "movepost 3 5")
    assert not any(a.startswith("post ") for a in legal(s))
    with pytest.raises(IllegalAction, match="at most two extra posts, before any moves"):
        act(s, "post 4")
