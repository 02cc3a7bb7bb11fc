"""What a Ravenous River player reads: round reports, the last vote, the returned totem, the hand."""

from __future__ import annotations

import io
import random
from typing import Any

from rich.console import Console

import riverbox
from riverbox.games.ravenous_river.cards import CARDS
from riverbox.games.ravenous_river.narrate import card_text
from riverbox.games.ravenous_river.scoring import Event, score_round

from .helpers import position


def screen(state: riverbox.State, seat: int | None) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(state.game.render(state, seat))
    return out.getvalue()


def play_until(players: int, seed: int, stop: Any) -> riverbox.State:
    """Random play from ``seed`` until ``stop(state)`` holds or the game ends."""
    st = riverbox.load("ravenous-river", players=players).new_state(seed)
    r = random.Random(seed)
    while not st.is_over and not stop(st):
        seat = r.choice(st.to_move)
        st.apply(r.choice(st.legal_actions(seat)), seat)
    return st


def test_rr_3_sunk_boat_1_keeps_boat_2_its_number_in_scoring_events() -> None:
    events: list[Event] = []
    score_round([], [None, ["mouse", "lion"]], events=events)
    steps = {e[0] for e in events if e[1] == "eats"}
    assert steps == {"boat2"}


def test_rr_3_round_report_names_boat_2_after_boat_1_sank() -> None:
    st = position(4, boats=((), ("mouse", "lion")), bstate=(2, 0), hands=[[], [], [], []])
    st._end_round("hands")
    lines = st.view(None)["last_round"]["lines"]
    assert "In boat 2: mouse eats lion; mouse (nobody's) +1." in lines or any(
        x.startswith("In boat 2: mouse eats lion") for x in lines
    )
    assert not any(x.startswith("In boat 1") for x in lines)
    assert not any(x.startswith("In boat 1") for x in st.game.narrate(st, None, 0))


def test_rr_19_last_vote_from_an_earlier_round_is_labelled_with_its_round() -> None:
    def earlier_vote(s: riverbox.State) -> bool:
        v = s.view(None)
        return bool(v["last_vote"]) and v["last_vote"]["round"] < v["round"]

    for seed in range(40):
        st = play_until(4, seed, earlier_vote)
        if earlier_vote(st):
            break
    else:
        raise AssertionError("no game in 40 seeds had a vote in an earlier round")
    v = st.view(0)
    text = screen(st, 0)
    assert f"Earlier vote (round {v['last_vote']['round']}, revealed)" in text
    assert "Last vote:" not in text


def test_rr_26_two_players_returned_third_totem_stays_on_screen() -> None:
    st = riverbox.load("ravenous-river", players=2).new_state(3)
    for seat in (0, 1):
        st.apply(st.legal_actions(seat)[0], seat)
    v = st.view(0)
    (returned,) = set(v["drawn"]) - set(v["totems"])
    text = screen(st, 0)
    assert f"Returned totem: {returned}" in text
    assert "nobody's" in text
    assert f"Returned totem: {returned}" not in screen(st, 1)  # seat 1 never learns seat 0's draw


def test_every_card_text_readable_in_the_hand_even_when_not_playable() -> None:
    # Sinking Options needs an empty boat in play; both boats hold an animal, so it is unplayable.
    hand = ["sinking-options", "lookout", "capsize"]
    st = position(4, boats=(("lion",), ("bull",)), hands=[hand, [], [], []])
    playable = {riverbox.load("ravenous-river").describe_action(a, st) for a in st.legal_actions(0)}
    assert not any(x.startswith("Play Sinking Options") for x in playable)
    text = screen(st, 0)
    placeholder = {k.name for k in CARDS if k.placeholder}
    for name in hand:
        title = next(k.title for k in CARDS if k.name == name)
        mark = "*" if name in placeholder else ""
        assert f"{title}{mark}: {card_text(name)}" in text
    assert "lookout" in placeholder and "sinking-options" not in placeholder


def test_final_screen_does_not_repeat_the_game_over_lines_of_the_log() -> None:
    st = play_until(3, 5, lambda s: False)
    assert st.is_over
    log = st.game.narrate(st, 0, 0)
    report = st.view(0)["last_round"]["lines"]
    text = screen(st, 0)
    winner_line = log[-1]
    assert "wins" in winner_line
    assert all(line not in text for line in [*report, winner_line])
    assert "wins" not in text and "game over" in text and "winner" in text
    assert sum(line == winner_line for line in log) == 1
