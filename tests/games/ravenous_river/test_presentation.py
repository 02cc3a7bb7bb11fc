"""Rules text, rendering, menu text, narration, the heuristic bot and the observation tensor."""

from __future__ import annotations

import io
import math
import random

from rich.console import Console

import riverbox
from riverbox.bots.base import RandomBot

from .helpers import act, position


def play_random(players: int, seed: int, steps: int | None = None) -> riverbox.State:
    st = riverbox.load("ravenous-river", players=players).new_state(seed)
    r = random.Random(seed)
    k = 0
    while not st.is_over and (steps is None or k < steps):
        seat = r.choice(st.to_move)
        st.apply(r.choice(st.legal_actions(seat)), seat)
        k += 1
    return st


def test_rules_text_is_ours_and_marks_placeholders() -> None:
    text = riverbox.load("ravenous-river").rules_text()
    assert "PLACEHOLDER" in text and "Lookout" in text and "target" in text
    rulebook = "Take one card from the animal row and place it face up on either the bank or on a boat."
    assert rulebook not in text


def test_render_shows_own_secrets_only() -> None:
    game = riverbox.load("ravenous-river", players=4)
    st = play_random(4, 3, steps=25)
    for seat in (0, 1, None):
        out = io.StringIO()
        Console(file=out, width=120, color_system=None).print(game.render(st, seat))
        text = out.getvalue()
        assert "Ravenous River" in text and "Bank" in text and "Boat 1" in text
        if seat is None:
            assert "Your hand" not in text
        else:
            assert "Your hand" in text and "Your totem" in text


def test_describe_action_for_every_legal_action() -> None:
    game = riverbox.load("ravenous-river", players=3)
    st = game.new_state(4)
    r = random.Random(4)
    seen = set()
    while not st.is_over:
        seat = r.choice(st.to_move)
        for a in st.legal_actions(seat):
            text = game.describe_action(a, st)
            assert text and text != str(a)
            seen.add(a.op)  # type: ignore[attr-defined]
        st.apply(r.choice(st.legal_actions(seat)), seat)
    assert len(seen) >= 8


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


def test_narrate_hides_votes_until_all_are_in() -> None:
    game = riverbox.load("ravenous-river", players=4)
    st = position(boats=(("lion", "bull"), ("horse", "hound")), hands=[["lookout"], ["capsize"], [], []])
    act(st, "discard lookout")
    act(st, "vote end", 2)
    start = len(st.history) - 1
    assert game.narrate(st, 1, start) == ["seat 2 has voted in secret."]
    assert game.narrate(st, 2, start) == ["You (seat 2) vote END."]
    for s in (0, 1, 3):
        act(st, "vote continue", s)
    # RR-19: the votes are revealed together, in one line naming every seat's choice
    assert game.narrate(st, 1, start)[-1] == (
        "Votes revealed: seat 0 CONTINUE, seat 1 CONTINUE, seat 2 END, seat 3 CONTINUE."
        " 1 end, 3 continue: play continues."
    )
    assert game.narrate(st, 1, start)[0] == "seat 2 has voted in secret."
    # the same lines from seat 1's determinized history, where seat 2's vote is hidden
    assert game.narrate(st.determinize(1, 3), 1, start) == game.narrate(st, 1, start)


def test_last_round_report_is_kept_in_the_view() -> None:
    st = position(
        bank=("cat", "mouse"), hands=[["lookout"], [], [], []], totems=[["cat"], ["mouse"], ["lion"], ["fox"]]
    )
    act(st, "discard lookout")
    report = st.view(2)["last_round"]
    assert report["totems"] == [["cat"], ["mouse"], ["lion"], ["fox"]]
    assert report["gains"] == [2, 0, 1, 1]
    assert "On the bank: cat eats mouse; cat (seat 0) +1." in report["lines"]
    act(st, "look row1")  # the report stays in the view during the next round
    assert st.view(0)["last_round"]["gains"] == [2, 0, 1, 1]


def test_heuristic_bot_reads_only_its_view() -> None:
    game = riverbox.load("ravenous-river", players=4)
    st = game.new_state(21)
    r = random.Random(21)
    checked = 0
    while not st.is_over and checked < 60:
        seat = r.choice(st.to_move)
        mine = game.heuristic_bot(7).act(st, seat)
        for k in range(3):
            assert game.heuristic_bot(7).act(st.determinize(seat, k), seat) == mine
        st.apply(r.choice(st.legal_actions(seat)), seat)
        checked += 1


def test_heuristic_bot_beats_random_bots() -> None:
    game = riverbox.load("ravenous-river", players=4)
    wins = 0.0
    n = 60
    for i in range(n):
        h = i % 4
        bots = [game.heuristic_bot(i) if s == h else RandomBot(i * 10 + s) for s in range(4)]
        st = game.new_state(1000 + i)
        while not st.is_over:
            seat = st.to_move[0]
            st.apply(bots[seat].act(st, seat), seat)
        wins += h in st.winners()
    assert wins / n > 0.5  # a random seat wins about 25%


def test_observation_tensor_fixed_length_and_view_only() -> None:
    game = riverbox.load("ravenous-river", players=5)
    st = game.new_state(2)
    r = random.Random(2)
    while not st.is_over:
        for seat in (*range(5), None):
            obs = game.observation_tensor(st.view(seat))
            assert len(obs) == game.observation_size and all(math.isfinite(x) for x in obs)
        seat = r.choice(st.to_move)
        if r.random() < 0.2:
            assert game.observation_tensor(st.determinize(seat, 1).view(seat)) == game.observation_tensor(
                st.view(seat)
            )
        st.apply(r.choice(st.legal_actions(seat)), seat)


def test_heuristic_self_play_every_player_count() -> None:
    for players in range(2, 8):
        game = riverbox.load("ravenous-river", players=players)
        for i in range(3):
            bots = [game.heuristic_bot(i * 10 + s) for s in range(players)]
            st = game.new_state(i)
            while not st.is_over:
                seat = st.to_move[-1]
                st.apply(bots[seat].act(st, seat), seat)
            assert len(st.winners()) == 1
