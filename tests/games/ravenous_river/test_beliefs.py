"""Search beliefs about rivals' totems: weighed by their placements, read from the seat's log only."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

import riverbox
from riverbox.bots.ismcts import Searcher, Settings
from riverbox.core.game import State
from riverbox.core.rng import Rng
from riverbox.games.ravenous_river.belief import _Board, _choice_log, _joint, evidence, search_beliefs
from riverbox.games.ravenous_river.position import TURN
from riverbox.games.ravenous_river.scoring import ANIMALS


def _advance(state: State, moves: int, seed: int = 3) -> State:
    bot = state.game.heuristic_bot(seed)
    for _ in range(moves):
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    return state


def _mid_round(players: int, seed: int) -> State:
    """A position of the first round where rivals of the seat to move have placed two animals."""
    game = riverbox.load("ravenous-river", players)
    state = game.new_state(seed)
    bot = game.heuristic_bot(seed)
    first = state.rnd  # type: ignore[attr-defined]
    while True:
        s: Any = state
        assert s.rnd == first, "the first round ended before four animals were placed"
        if s.phase == TURN:
            seat = state.to_move[0]
            placed = [e for e in state.log(seat) if e["kind"] == "placed" and e["seat"] != seat]
            if len(placed) >= 2:
                return state
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)


def test_a_fox_put_beside_the_cat_points_to_the_fox_not_the_cat() -> None:
    """The fox eats the cat on the bank: a rival holding the cat would not have put it there."""
    board = _Board()
    board.put("cat", 0)
    fox, cat = ANIMALS.index("fox"), ANIMALS.index("cat")
    as_fox = _choice_log(board, 4, ((fox,), ()), "fox", 0, could_return=False)
    as_cat = _choice_log(board, 4, ((cat,), ()), "fox", 0, could_return=False)
    assert as_fox > as_cat
    assert as_cat > -math.inf  # noise keeps every guess possible


def test_the_board_follows_moves_capsizes_and_swaps() -> None:
    board = _Board()
    for e in [
        {"kind": "placed", "animal": "fox", "dest": 1},
        {"kind": "placed", "animal": "cat", "dest": 2},
        {"kind": "swapped_boats", "animal": "fox", "other": "cat"},
        {"kind": "moved", "animal": "lion", "dest": 1},
        {"kind": "capsized", "boat": 0},
        {"kind": "sank", "boat": 1},
    ]:
        board.follow(e)
    assert sorted(board.bank) == ["cat", "lion"]
    assert board.boats == [[], ["fox"]]
    assert board.status == ["in play", "sunk"]


@pytest.mark.parametrize("players", [2, 4])
def test_evidence_reads_only_what_the_seat_saw(players: int) -> None:
    """Re-dealing everything the seat cannot see (rivals' totems too) leaves its evidence unchanged."""
    state = _mid_round(players, 5)
    seat = state.to_move[0]
    twin = state.determinize(seat, 77)
    assert twin.view(seat) == state.view(seat)
    assert evidence(twin, seat) == evidence(state, seat)


@pytest.mark.parametrize("players", [2, 4])
def test_sampled_totems_are_consistent_with_the_seats_own(players: int) -> None:
    state = _mid_round(players, 6)
    seat = state.to_move[0]
    sample = search_beliefs(state, seat)
    assert sample is not None
    s: Any = state
    rng = Rng(4)
    for _ in range(50):
        world: Any = state.determinize(seat, rng.fork())
        sample(world, rng)
        assert world.totems[seat] == s.totems[seat]
        if players == 2:
            rival = 1 - seat
            assert set(world.totems[rival]) < set(world.drawn[rival])
            assert not set(world.drawn[rival]) & set(s.drawn[seat])
        else:
            held = [t for ts in world.totems for t in ts]
            assert len(set(held)) == len(held) == players


def test_samples_follow_the_evidence() -> None:
    """Each rival's totem is drawn as often as the weighed table says, and that is not uniform."""
    state = _mid_round(4, 5)
    seat = state.to_move[0]
    combos, cumulative = _joint(4, evidence(state, seat))
    weights = [b - a for a, b in zip([0.0, *cumulative], cumulative, strict=False)]
    sample = search_beliefs(state, seat)
    assert sample is not None
    rng = Rng(9)
    draws = 600
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(draws):
        world: Any = state.determinize(seat, rng.fork())
        sample(world, rng)
        for r in range(4):
            if r != seat:
                counts[r, world.totems[r][0]] += 1
    top = 0.0
    for r in range(4):
        for t in range(7):
            if r == seat:
                continue
            p = sum(w for c, w in zip(combos, weights, strict=True) if c[r][0] == (t,)) / cumulative[-1]
            top = max(top, p)
            assert abs(counts[r, t] / draws - p) < 0.07
    assert top > 1 / 6 + 0.03  # the evidence moved some rival's belief off uniform


def test_no_beliefs_before_any_rival_has_placed() -> None:
    state = riverbox.load("ravenous-river", 4).new_state(1)
    assert search_beliefs(state, state.to_move[0]) is None


@pytest.mark.parametrize(("beliefs", "asked"), [(1, True), (0, False)])
def test_search_asks_the_game_for_beliefs_only_when_told_to(
    beliefs: int, asked: bool, monkeypatch: Any
) -> None:
    game = riverbox.load("ravenous-river", 4)
    state = _mid_round(4, 5)
    calls: list[int] = []

    def counting(state: State, seat: int) -> Any:
        calls.append(seat)
        return None

    monkeypatch.setattr(game, "search_beliefs", counting)
    Searcher(game, Settings(iterations=5, think=60.0, rollout="fast", beliefs=beliefs), 1).run(
        state, state.to_move[0], 5
    )
    assert bool(calls) == asked


def test_beliefs_setting_is_checked() -> None:
    with pytest.raises(ValueError, match="beliefs"):
        Settings(beliefs=2).check()
