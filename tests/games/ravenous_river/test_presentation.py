"""Rules text, rendering, menu text, narration, the heuristic bot and the observation tensor."""

from __future__ import annotations

import io
import math
import random

from rich.console import Console

import riverbox
from riverbox.bots.base import RandomBot
from riverbox.games.ravenous_river import actions as A

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


def _text(st: riverbox.State, seat: int | None) -> str:
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(st.game.render(st, seat))
    return out.getvalue()


def test_table_shows_turn_food_chain_home_and_own_look() -> None:
    st = position(hands=[["lookout"], ["lookout", "capsize"], [], []])
    text = _text(st, 0)
    assert "seat 0 (you): 0 VP, 1 card  <- to move" in text and "seat 1: 0 VP, 2 cards" in text
    assert "lion > bull > horse > hound > fox > cat > mouse > lion" in text and "Home:" in text
    act(st, "look row2")
    assert "You are looking at the bull from row slot 2" in _text(st, 0)
    assert "seat 0 is looking at row slot 2" in _text(st, 1) and "bull" not in _text(st, 1).split("Row:")[1]


def test_menus_and_log_use_card_titles_without_ruling_ids() -> None:
    game = riverbox.load("ravenous-river", players=3)
    st = game.new_state(3)
    play = A.PLAY_A[2]  # Sinking Options
    assert "RR-" not in game.describe_action(play, st)
    dealt = [line for line in game.narrate(st, 0, 0) if line.startswith("You (seat 0) get the")]
    assert (
        len(dealt) == 1 and "as your totem; cards: " in dealt[0] and "-" not in dealt[0].split("cards: ")[1]
    )


def test_bot_render_and_tensor_leave_shared_views_untouched() -> None:
    # views are shared between calls (cached): readers must never change them
    import copy

    game = riverbox.load("ravenous-river", players=3)
    st = game.new_state(6)
    bot = game.heuristic_bot(1)
    r = random.Random(6)
    while not st.is_over:
        seat = r.choice(st.to_move)
        views = {s: st.view(s) for s in (0, 1, 2, None)}
        frozen = copy.deepcopy(views)
        action = bot.act(st, seat)
        for s in (0, 1, 2, None):
            _text(st, s)
            if s is not None:
                game.observation_tensor(st.view(s))
        assert views == frozen and {s: st.view(s) for s in views} == frozen
        st.apply(action, seat)


def test_two_player_keep_menu_warns_when_one_totem_eats_the_other() -> None:
    # RR-26: a totem can eat the other totem; the keep menu says so
    game = riverbox.load("ravenous-river", players=2)
    st = game.new_state(4)
    assert game.describe_action(A.KEEP_A[0][6], st).endswith("(the mouse eats the lion wherever they meet)")
    assert game.describe_action(A.KEEP_A[0][4], st) == "Keep the lion and the fox as your totems"
    assert "Your totems: choose two of" in _text(st, 0)
