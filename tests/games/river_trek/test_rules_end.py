"""River Trek rules: The end: the final round and tie-breaks (RT-19), the Scout and the Civilization
Event (RT-26, RT-27).

Positions are built with ``helpers.make`` (see its docstring for the map of the path).
"""

from __future__ import annotations

import riverbox
from riverbox.games.river_trek import scoring

from .helpers import B, G, O, P, act, legal, make, play_first_legal_until_over


def test_rt_19_everyone_else_gets_exactly_one_more_turn() -> None:
    s = make(seat=O, stacks={34: [O], 3: [G], 4: [B], 1: [P]})
    act(s, "move 34")
    assert s.triggered
    actors = play_first_legal_until_over(s)
    assert actors == [P, B, G]
    assert s.is_over and s.to_move == ()


def test_rt_19_final_round_clearing_still_pays() -> None:
    s = make(seat=O, stacks={34: [O], 33: [B]})
    act(s, "move 34")
    act(s, "place 1")
    # purple has nothing to move; blue moves from 33: star, then nothing else
    while s.cur != B:
        s.apply(next(iter(s.legal_actions())))
    act(s, "skip")
    act(s, "move 33")
    assert s.money[B] >= 1


def test_rt_19_tiebreaks() -> None:
    # most money, then clearing, then top of the furthest-upstream caravan among the tied only
    assert scoring.winners([5, 9, 9], [0, 1, 2], [[]]) == [2]
    stacks = [[1], [0], [2, 1], [], [2]]  # furthest upstream is topped by seat 2 (not tied): skipped
    assert scoring.winners([9, 9, 9], [1, 1, 0], stacks) == [1]
    assert scoring.winners([9, 9], [1, 1], [[], []]) == [0, 1]  # still tied: shared


def test_rt_19_tiebreak_in_state() -> None:
    s = make(seat=G, money=[10, 10, 3, 3], stacks={30: [G], 31: [O]}, phase="over")
    assert s.winners() == [O]
    assert s.returns() == [-1.0, 1.0, -1.0, -1.0]


def test_rt_26_27_civilization_event() -> None:
    s = make(
        variant="full",
        seat=G,
        stacks={29: [G], 1: [O, B], 3: [P], 5: [B, O], 6: [P]},
        posts={(0, O): 1, (1, B): 1, (2, P): 1},
    )
    assert s.scout == 30  # first space of the third middle board (RT-26 / §3.2)
    act(s, "move 29")
    assert s.scout_state == 1 and s.scout_holder == G
    assert s.bridge == -1  # the event waits for the end of the turn
    act(s, "place 0")
    assert s.bridge == 5 and s.dock == 5  # Bridge on the first crossing
    assert s.basecamp == 10  # crossing 7 has one space between: skipped
    assert all(not s.stacks[i] for i in range(5))
    assert s.stacks[5] == [B, O]  # stays, on top of the Bridge
    assert s.off[O] == 11 and s.off[B] == 11 and s.off[P] == 11 and s.off[G] == 11
    assert s.posts[0][O] == 0 and s.posts[1][B] == 0 and s.posts[2][P] == 1
    assert s.hand[O] == 7 and s.hand[B] == 7
    assert s.scout_state == 2
    # placement from now on: Bridge..Base camp, Bridge always open
    after = make(seat=O, phase="place", stacks={5: [O, O, O]}, civilized=True)
    assert legal(after) == {f"place {i}" for i in range(5, 11)}
    after = make(seat=O, phase="post", stacks={5: [O, O, O]}, civilized=True)
    assert "post 0" not in legal(after) and "post 1" not in legal(after) and "post 2" in legal(after)


def test_rt_26_scout_taken_by_wash_and_jaguar() -> None:
    s = make(variant="full", middle=("M1", "M2", "M8"), seat=G, stacks={31: [B], 36: [G]})
    assert s.scout == 30 and s.path.kinds[30] == 2  # M8A starts with a crossing
    act(s, "move 36")  # drops on crossing 37, washes down to 30 (the Scout's crossing)
    assert s.stacks[30] == [G] and s.scout_state == 1
    s = make(
        variant="full",
        seat=G,
        phase="post",
        animals=("jaguar",),
        holders={"jaguar": G},
        stacks={6: [O], 12: [G], 30: [O]},
    )
    act(s, "jaguar 12 30")
    assert s.scout_state == 1 and s.scout_holder == G


def test_rt_27_exactly_one_event() -> None:
    g = riverbox.load("river-trek", players=3, variant="full")
    for seed in range(6):
        s = g.new_state(seed)
        r = riverbox.core.Rng(seed)
        events = 0
        prev = s.bridge
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
            if s.bridge != prev:
                events += 1
                prev = s.bridge
        assert events <= 1
        assert s.bridge in (-1, 5)


def test_rt_26_stanley_takes_the_scout() -> None:
    s = make(players=2, variant="full", seat=G, phase="place", stacks={29: [2]}, off={2: 0})
    act(s, "place 1")
    assert s.bridge == 5  # Stanley's turn took the Scout and the event followed it
    assert s.off[G] == 12  # green's new explorer on space 1 went back


def test_rt_27_event_after_the_turns_forced_moves() -> None:
    """RB Civilization Event / RT-27: the turn is finished, forced moves included, before the event."""
    s = make(variant="full", seat=G, stacks={29: [G], 0: [O, B, O, B, O, B]})
    act(s, "move 29")  # green takes the Scout
    act(s, "place 0")  # the Dock caravan reaches 7: forced up the path before the event
    assert s.stacks[6] == [B]  # dropped by the forced move, above the Bridge: kept
    assert s.stacks[5] == [G]  # washed from 7 onto space 5, which becomes the Bridge
    assert s.bridge == 5 and all(not s.stacks[i] for i in range(5))


def test_rt_19_rt_27_event_still_happens_when_the_game_end_is_triggered() -> None:
    """RT-19: the triggering player finishes the turn, including a pending Civilization Event."""
    s = make(variant="full", seat=G, stacks={29: [G], 1: [O], 44: [B] * 7})
    end = s.path.length - 1
    assert end == 45
    act(s, "move 29")  # the Scout
    act(s, "place 2")  # end of turn: the caravan of 7 on 44 is forced off the end
    assert s.triggered and s.clearing[B] == 6
    assert s.bridge == 5 and s.stacks[1] == []


def test_rt_26_scout_taken_by_otter_and_by_bush_dog() -> None:
    """RT-26: an explorer arriving on the Scout's space by any means (here Otter, Bush Dog) takes it."""
    middle = ("M1", "M2", "M8")  # M8A starts with a crossing: the Scout sits on crossing 30
    s = make(
        variant="full",
        middle=middle,
        seat=G,
        phase="post",
        animals=("otter",),
        holders={"otter": G},
        stacks={6: [G], 19: [B], 30: [P]},  # (purple was put on 30 by hand: Scout still there)
    )
    assert s.scout == 30 and s.path.kinds[30] == 2 and s.scout_state == 0
    act(s, "otter 19 30")  # blue's caravan is swapped onto the Scout's crossing
    assert s.stacks[30] == [B] and s.scout_state == 1 and s.scout_holder == G
    s = make(
        variant="full",
        middle=middle,
        seat=G,
        phase="end",
        animals=("bushdog",),
        holders={"bushdog": G},
        stacks={6: [O], 29: [G]},
    )
    act(s, "dog 29 up")  # onto the Scout's crossing: no wash (RT-24), Scout taken
    assert s.stacks[30] == [G] and s.scout_state == 1 and s.scout_holder == G
