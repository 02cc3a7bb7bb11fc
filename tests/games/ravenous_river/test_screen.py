"""What a Ravenous River player reads on the board: the returned totem, the hand, the final screen."""

from __future__ import annotations

import riverbox
from riverbox.games.ravenous_river.content import CARDS
from riverbox.games.ravenous_river.words import card_text

from .helpers import play_until, position, said, screen


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
    log = said(st, 0)
    start = max(i for i, e in enumerate(st.log(0)) if e["kind"] == "round_scored")
    report = said(st, 0, start)
    text = screen(st, 0)
    winner_line = log[-1]
    assert "wins" in winner_line
    assert all(line not in text for line in [*report, winner_line])
    assert "wins" not in text and "game over" in text and "winner" in text
    assert sum(line == winner_line for line in log) == 1
