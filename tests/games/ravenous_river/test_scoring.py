"""Scoring as pure functions: the rulebook examples and the spec checks with exact numbers."""

from __future__ import annotations

import itertools

import pytest

from riverbox.games.ravenous_river import (
    ANIMALS,
    eats,
    predation,
    predator,
    prey,
    score_bank,
    score_boats,
    score_home,
    score_round,
    score_survivors,
)


def zero(**vp: int) -> dict[str, int]:
    out = dict.fromkeys(ANIMALS, 0)
    out.update(vp)
    return out


def test_cycle_of_predation() -> None:
    # RB chart: lion > bull > horse > hound > fox > cat > mouse > lion
    chain = ["lion", "bull", "horse", "hound", "fox", "cat", "mouse", "lion"]
    for a, b in itertools.pairwise(chain):
        assert prey(a) == b and predator(b) == a and eats(a, b)
    assert not eats("bull", "lion")
    assert not eats("lion", "horse")


def test_check_1_bank_chain_rulebook_example() -> None:
    # spec §3 check 1 (RB example): Lion 3 (Bull + Horse through the chain, +1 survivor)
    assert score_round(["lion", "bull", "horse"], []) == zero(lion=3)


def test_check_2_full_rulebook_scoring_example() -> None:
    # spec §3 check 2; RR-22 order, RR-24 the Hound keeps its boat VP although eaten at home
    vp = score_round(["cat", "mouse", "bull"], [["hound", "fox"], ["lion", "horse"]])
    assert vp == {"cat": 2, "bull": 1, "hound": 1, "horse": 3, "lion": 2, "fox": 0, "mouse": 0}


def test_rr_22_steps_one_by_one_on_the_rulebook_example() -> None:
    # RR-22: bank, then each boat on its own, then home, then survivors
    bank_vp, bank_alive = score_bank(["cat", "mouse", "bull"])
    assert bank_vp == {"cat": 1} and sorted(bank_alive) == ["bull", "cat"]
    boat_vp, boat_alive = score_boats([["hound", "fox"], ["lion", "horse"]])
    assert boat_vp == {"hound": 1} and boat_alive == [["hound"], ["lion", "horse"]]
    home_vp, home_alive = score_home(["hound", "lion", "horse"])
    assert home_vp == {"horse": 1} and sorted(home_alive) == ["horse", "lion"]
    assert score_survivors(bank_alive, home_alive) == {"bull": 1, "cat": 1, "lion": 2, "horse": 2}


def test_rr_5_and_check_3_all_seven_on_the_bank_nobody_scores() -> None:
    # RR-5, spec §3 check 3: simultaneous eating, every animal is eaten
    assert score_round(list(ANIMALS), []) == zero()
    assert predation(ANIMALS) == ({}, [])


def test_rr_4_and_check_4_row_animals_score_one_and_eat_nothing() -> None:
    # RR-4, spec §3 check 4: the row fox does not eat the cat on the bank; both score 1
    assert score_round(["cat"], [], ["fox"]) == zero(cat=1, fox=1)
    # the row mouse does not eat the lion at home either
    assert score_round([], [["lion"]], ["mouse"]) == zero(lion=2, mouse=1)


def test_rr_27_row_is_not_the_bank() -> None:
    # RR-27: the same animals on the bank do interact
    assert score_round(["cat", "fox"], []) == zero(fox=2)
    assert score_round(["cat"], [], ["fox"]) == zero(cat=1, fox=1)


def test_rr_23_chain_rule_runs_are_segments() -> None:
    # RR-23: an uneaten animal scores the unbroken run of prey below it; a gap stops the run
    assert predation(["lion", "bull", "horse", "fox"]) == ({"lion": 2}, ["lion", "fox"])
    assert predation(["hound", "fox", "cat", "mouse", "lion", "bull"]) == ({"hound": 5}, ["hound"])
    # two separate runs on one bank
    assert predation(["lion", "bull", "fox", "cat"]) == ({"lion": 1, "fox": 1}, ["lion", "fox"])
    # an eaten animal scores nothing even though it ate (bull eats horse, lion eats bull)
    vp = score_round(["lion", "bull", "horse"], [])
    assert vp["bull"] == 0


def test_rr_24_points_earned_in_a_boat_are_kept_when_eaten_at_home() -> None:
    # RR-24: fox eats cat in boat 1 (+1), then hound (boat 2) eats fox at home
    vp = score_round([], [["fox", "cat"], ["hound"]])
    assert vp == zero(fox=1, hound=3)


def test_rr_1_boat_scored_on_board_before_home() -> None:
    # RR-1: a boat's animals eat each other on the boat, survivors then meet at home
    vp = score_round([], [["horse", "hound"], ["bull"]])
    # boat 1: horse eats hound (+1); home: bull eats horse (+1) and survives (+2)
    assert vp == zero(horse=1, bull=3)


def test_sunk_boat_is_not_passed_and_scores_nothing() -> None:
    # RR-3 / issue: a sunk boat is not passed to score_round (it is empty anyway)
    assert score_round(["lion"], [["bull"]]) == zero(lion=1, bull=2)


def test_check_6_two_player_totem_eats_totem() -> None:
    # spec §3 check 6 / RR-26: player holds fox and cat, bank = {fox, cat}: 1 (chain) + 1 (survives) = 2
    vp = score_round(["fox", "cat"], [])
    assert vp["fox"] + vp["cat"] == 2 and vp["cat"] == 0


def test_score_round_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown animal"):
        score_round(["wolf"], [])
    with pytest.raises(ValueError, match=r"twice|two places"):
        score_round(["fox"], [["fox"]])
    with pytest.raises(ValueError, match="at most two"):
        score_round([], [["fox", "cat", "mouse"]])


def test_events_tell_who_ate_whom() -> None:
    events: list[tuple[str, str, str, int]] = []
    score_round(["cat", "mouse", "bull"], [["hound", "fox"], ["lion", "horse"]], events=events)
    eaten = [(s, a, ANIMALS[v]) for s, k, a, v in events if k == "eats"]
    assert eaten == [("bank", "cat", "mouse"), ("boat1", "hound", "fox"), ("home", "horse", "hound")]


def test_doctests() -> None:
    import doctest

    import riverbox.games.ravenous_river as package
    from riverbox.games.ravenous_river import scoring

    for module in (package, scoring):
        assert doctest.testmod(module).failed == 0
