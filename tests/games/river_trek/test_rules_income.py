"""River Trek rules: Money: trading-post income (RT-1, RT-2, the rulebook's example 2), number spaces
and the star (RT-11), the clearing (RT-12) and hidden money (RT-28).

Positions are built with ``helpers.make`` (see its docstring for the map of the path).
"""

from __future__ import annotations

from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.content import path_for
from riverbox.games.river_trek.position import Phase

from .helpers import B, G, O, P, act, make


def test_rulebook_example_2_exact_income() -> None:
    """§3.1: green $3, the orange explorer washes downstream, purple $10 ($5 x 2)."""
    s = make(
        seat=G,
        stacks={8: [G, O, P], 9: [B, B], 11: [B, O, B, O]},
        posts={(3, G): 1, (4, P): 2},
    )
    act(s, "move 8")
    assert s.money == [3, 0, 10, 0]
    assert s.stacks[9] == [B, B, G]  # caravan of 3 topped by green
    assert s.stacks[10] == []  # the orange explorer washed away ...
    assert s.stacks[7] == [O]  # ... to the next crossing downstream (RT-9)
    assert s.stacks[11] == [B, O, B, O, P]  # caravan of 5, purple on top, 2 purple posts
    assert s.phase == Phase.PLACE  # on to "place a new explorer"


def test_rt_1_each_space_links_to_at_most_one_area() -> None:
    for m in ("M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9"):
        for other in ("M1", "M9"):
            if other == m:
                continue
            path = path_for((m, other))
            assert all(len(a) <= 1 for a in path.space_areas)  # RT-1
            for ar in path.areas:  # an area may serve one or several spaces
                assert all(path.space_areas[i] == (ar.id,) for i in ar.spaces)


def test_rt_2_income_formula() -> None:
    assert scoring.post_income(3, 1, False) == 3
    assert scoring.post_income(5, 2, False) == 10
    assert scoring.post_income(4, 3, False) == 12  # Tamandua: triple
    assert scoring.post_income(4, 1, True) == 6  # +2 is flat ...
    assert scoring.post_income(4, 2, True) == 10  # ... and not multiplied
    assert scoring.post_income(4, 0, True) == 0  # no post, no +2


def test_rt_2_plus2_box_pays_two_more() -> None:
    plus = next(a for a in path_for(("M5", "M1")).areas if a.plus2)
    assert plus.spaces == (27,) and plus.small
    s = make(seat=G, middle=("M5", "M1"), stacks={26: [G]}, posts={(plus.id, G): 1})
    act(s, "move 26")
    assert s.money[G] == 1 * 1 + 2


def test_rt_2_only_top_player_collects() -> None:
    s = make(seat=G, stacks={8: [G, O], 9: [B]}, posts={(3, B): 2, (3, G): 1, (4, O): 1})
    act(s, "move 8")  # G drops on 9 (caravan 2: $2), O drops on 10 (washes)
    assert s.money == [2, 0, 0, 0]


def test_rt_11_number_spaces_and_star() -> None:
    s = make(seat=G, stacks={29: [G, O]})
    act(s, "move 29")
    assert s.money == [4, 5, 0, 0]  # no post needed
    s = make(seat=G, stacks={33: [G], 0: [O, G], 7: [G, G, G], 30: [G], 31: [B, O], 12: [G, B]})
    act(s, "move 33")
    # caravans topped by green: Dock 2, crossing 7: 3, Final 30: 1, the star caravan 1 -> $7
    assert s.money[G] == 7


def test_rt_12_off_the_end_clearing_and_one_dollar_each() -> None:
    s = make(seat=G, stacks={33: [O, G, B]})
    act(s, "move 33")  # O drops on the star, G and B leave the path
    assert s.clearing == [1, 0, 0, 1]
    assert s.money[G] == 1 and s.money[B] == 1
    assert s.triggered


def test_rt_12_stanley_gets_nothing_in_the_clearing() -> None:
    s = make(players=2, seat=G, stacks={34: [2, G]})
    act(s, "move 34")
    assert s.clearing == [1, 0, 1] and s.money == [1, 0]


def test_rt_28_money_public_by_default_hidden_option() -> None:
    s = make(money=[1, 2, 3, 4])
    assert s.view(1)["money"] == [1, 2, 3, 4]
    h = make(money=[1, 2, 3, 4], hidden_money=True)
    assert h.view(1)["money"] == [None, 2, None, None]
    assert h.view(None)["money"] == [None, None, None, None]
