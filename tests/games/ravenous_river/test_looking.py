"""Place: look at a row animal, then put it face up or pay a card to return it (RR-13, RR-16, RR-17, RR-3)."""

from __future__ import annotations

import pytest

import riverbox
from riverbox.core import Chance
from riverbox.games.ravenous_river.position import SUNK, Phase

from .helpers import act, legal, names, position


def test_rr_13_place_look_then_face_up_on_bank_or_boat() -> None:
    # RR-13: look at any row card (private), then place it face up
    st = position(hands=[["lookout", "capsize"], [], [], []], boats=(("lion", "bull"), ()))
    animal = st.row[3]
    act(st, "look row4")
    assert st.view(0)["row"][3] == names([animal])[0]
    assert st.view(1)["row"][3] == "?" and st.view(None)["row"][3] == "?"
    assert st.view(1)["pending"] == {"kind": "place", "seat": 0, "slot": 3}
    seen = [c for s, c in st.history if s == riverbox.CHANCE][-1]
    assert seen.visible_to == frozenset({0})  # type: ignore[union-attr]
    assert legal(st) == ["place bank", "place boat2", "return lookout", "return capsize"]
    act(st, "place boat2")
    assert names(st.boats[1]) == names([animal]) and st.row[3] == -1
    assert st.view(2)["boats"][1] == names([animal])  # face up for everyone


def test_rr_13_return_costs_a_discard_keeps_the_slot_and_only_the_looker_knows() -> None:
    # RR-13: discard a card to put the animal back face down in its own slot
    st = position(hands=[["lookout", "capsize"], ["lookout"], [], []])
    animal = st.row[2]
    act(st, "look row3")
    act(st, "return capsize")
    assert st.row[2] == animal and not st.up & 4
    assert st.hands[0] == [3] and st.discard == [4]
    assert st.view(0)["row"][2] == names([animal])[0]
    assert st.view(1)["row"][2] == "?"
    assert st.view(1)["row_seen_by"][2] == [0]
    assert st.to_move == (1,)


def test_rr_13_returning_a_face_up_row_animal_puts_it_face_down_known_to_every_player() -> None:
    # RR-13: a returned animal goes back face down; a face-up one was seen by every player
    st = position(up=(0,), hands=[["capsize", "lookout"], ["lookout"], [], []])
    act(st, "look row1")
    act(st, "return capsize")
    assert not st.up & 1
    for s in range(4):
        assert st.view(s)["row"][0] == "lion"
    assert st.view(None)["row"][0] == "?"
    assert st.view(2)["row_seen_by"][0] == [0, 1, 2, 3]  # the 4 real seats, no others


def test_rr_13_check_8_no_cards_means_the_looked_at_animal_must_be_placed() -> None:
    # RR-13, spec §3 check 8: returning needs a discard; an empty hand must place
    st = position(hands=[[], ["lookout"], [], []])
    act(st, "look row1")
    assert all(a.startswith("place") for a in legal(st))
    with pytest.raises(riverbox.IllegalAction, match="costs a discard and your hand is empty"):  # RR-13
        act(st, "return lookout")


def test_rr_13_placing_shows_the_animal_to_everyone() -> None:
    # RR-13: the placed animal is face up: a public chance outcome that no seat's history hides
    st = position(hands=[["lookout"], ["lookout"], [], []])
    animal = names([st.row[3]])[0]
    act(st, "look row4")
    act(st, "place bank")
    shown = st.history[-1][1]
    assert isinstance(shown, Chance) and shown.visible_to is None and shown.text == f"row4 is {animal}"
    for s in (1, 2, None):
        assert str(st.determinize(s, 1).history[-1][1]) == f"row4 is {animal}"
        assert f"seat 0 puts the {animal} face up on the bank." in st.game.narrate(st, s, 0)


def test_rr_16_empty_handed_player_must_place() -> None:
    # RR-16: not skipped; while the row has animals the only action is Place
    st = position(hands=[[], ["lookout"], [], []])
    assert all(a.startswith("look") for a in legal(st))


def test_rr_16_empty_handed_player_with_animals_in_the_row_is_not_skipped() -> None:
    # RR-16: after seat 0's turn, empty-handed seat 1 still takes its turn: it must Place
    st = position(hands=[["lookout", "capsize"], [], ["lookout"], []])
    act(st, "discard capsize")
    assert st.phase == Phase.TURN and st.to_move == (1,)
    assert legal(st) == [f"look row{i}" for i in range(1, 8)]


def test_rr_16_empty_hand_and_empty_row_passes_but_the_vote_check_runs() -> None:
    # RR-16: seat 1 can do nothing; its turn passes (recorded); boats full, so its turn-end votes
    st = position(
        row=[None] * 7,
        bank=("lion", "bull", "horse"),
        boats=(("hound", "fox"), ("cat", "mouse")),
        hands=[["lookout", "capsize"], [], ["lookout"], []],
    )
    act(st, "discard capsize")
    assert "seat 1 cannot act" in str(st.history[-1][1])
    assert st.phase == Phase.VOTE and st.turn == 1
    # without full boats, it simply passes to the next seat with cards
    st = position(
        row=[None] * 7,
        bank=("lion", "bull", "horse", "hound"),
        boats=(("fox",), ("cat", "mouse")),
        hands=[["lookout", "capsize"], [], [], ["lookout"]],
    )
    act(st, "discard capsize")
    assert st.phase == Phase.TURN and st.to_move == (3,)


def test_rr_17_check_8_boats_hold_two() -> None:
    # RR-17: a full boat accepts no Place and no Move
    st = position(boats=(("lion", "bull"), ("horse",)), hands=[["lookout"], ["lookout"], [], []])
    act(st, "look row1")
    assert "place boat1" not in legal(st) and "place boat2" in legal(st)
    with pytest.raises(riverbox.IllegalAction, match="a boat holds two animals"):  # RR-17
        act(st, "place boat1")
    act(st, "place boat2")
    assert len(st.boats[1]) == 2


def test_rr_3_rr_17_sunk_boat_takes_no_place_and_no_move() -> None:
    # RR-3 / spec 1.3b: a sunk boat is gone for the round: nothing is placed or moved into it
    st = position(
        bank=("bull",), boats=(("lion",), ()), bstate=(0, SUNK), hands=[["capsize"], ["lookout"], [], []]
    )
    assert "move bull boat2 capsize" not in legal(st) and "move bull boat1 capsize" in legal(st)
    with pytest.raises(riverbox.IllegalAction, match="boat2 has sunk"):
        act(st, "move bull boat2 capsize")
    act(st, "look row1")
    assert legal(st) == ["place bank", "place boat1", "return capsize"]
    with pytest.raises(riverbox.IllegalAction, match="boat2 has sunk"):
        act(st, "place boat2")
