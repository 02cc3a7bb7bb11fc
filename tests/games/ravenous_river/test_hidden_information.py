"""Secrets stay secret: votes, kept totems and looks in histories, logs, worlds and errors (RR-19, RR-26)."""

from __future__ import annotations

import random

import pytest

import riverbox
from riverbox.core import Chance
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.position import Phase

from .helpers import play_random, said


def test_action_visibility_marks_votes_and_keeps_only() -> None:
    game = riverbox.load("ravenous-river", players=3)
    for a in A.ACTIONS:
        vis = game.action_visibility(a, 2)
        assert vis == (frozenset({2}) if a.op in (A.VOTE, A.KEEP) else None), str(a)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_determinize_never_shows_another_seats_vote_or_keep(players: int) -> None:
    # RR-19 (votes secret until revealed together) and RR-26 (kept totems secret): in the history of
    # determinize(seat) no vote or keep of another seat is readable; its own stay; to_json round-trips
    game = riverbox.load("ravenous-river", players=players)
    r = random.Random(players)
    secret_seen = 0
    for seed in range(4):
        st = game.new_state(seed)
        step = 0
        while not st.is_over:
            if step % 7 == 0 or st.phase == Phase.VOTE:
                for seat in (*range(players), None):
                    det = st.determinize(seat, r.randrange(1 << 30))
                    for (s, a), (s0, a0) in zip(det.history, st.history, strict=True):
                        assert s == s0
                        secret = getattr(a0, "op", -1) in (A.VOTE, A.KEEP)
                        if s != seat and secret:
                            assert isinstance(a, Chance) and a.text == "hidden" and a.visible_to == {s}
                            secret_seen += 1
                        elif s == seat:
                            assert a is a0
                    assert game.state_from_json(det.to_json()).to_json() == det.to_json()
                    assert game.narrate(det, seat, 0) == game.narrate(st, seat, 0)
            seat = r.choice(st.to_move)
            st.apply(r.choice(st.legal_actions(seat)), seat)
            step += 1
    assert secret_seen > 0


def test_errors_read_the_same_in_every_world_the_seat_considers() -> None:
    # no hidden information in error messages: they depend only on what the acting seat knows
    game = riverbox.load("ravenous-river", players=4)
    r = random.Random(5)
    for seed in range(3):
        st = game.new_state(seed)
        for _ in range(12 + 5 * seed):
            if st.is_over:
                break
            seat = st.to_move[0]
            st.apply(r.choice(st.legal_actions(seat)), seat)
        if st.is_over:
            continue
        seat = st.to_move[0]
        legal_now = set(st.legal_actions(seat))
        wrong = [a for a in A.ACTIONS if a not in legal_now]
        mine = [st.explain_illegal(a, seat) for a in wrong]
        for k in range(4):
            det = st.determinize(seat, k)
            assert [det.explain_illegal(a, seat) for a in wrong] == mine


def test_narrate_reports_rounds_and_leaks_nothing() -> None:
    game = riverbox.load("ravenous-river", players=4)
    st = play_random(4, 12)
    lines = game.narrate(st, 0, 0)
    assert any(line.startswith("Round 1 ends") for line in lines)
    assert any(line.startswith("Scored:") for line in lines)
    # narration for a seat is the same in every world consistent with what it knows
    mid = play_random(4, 5, steps=40)
    for seat in range(4):
        mine = game.narrate(mid, seat, 0)
        for k in range(5):
            assert game.narrate(mid.determinize(seat, k), seat, 0) == mine


def test_narrate_from_a_history_position_tells_only_what_followed() -> None:
    # narrate(state, seat, start) is the tail of the seat's sentences: those told after history[start]
    st = play_random(4, 8, steps=60)
    game = st.game
    for seat in (0, 2, None):
        whole = game.narrate(st, seat, 0)
        assert whole == said(st, seat)
        for start in (1, 17, len(st.history) - 5, len(st.history)):
            tail = game.narrate(st, seat, start)
            assert tail == whole[len(whole) - len(tail) :]
        assert game.narrate(st, seat, len(st.history)) == []
    with pytest.raises(ValueError, match="determinized"):
        game.narrate(st.determinize(0, 1), 0, 5)
