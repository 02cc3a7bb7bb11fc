"""Action cards, one record each in the effect registry (RR-1, RR-2, RR-3, RR-15, RR-28, placeholders)."""

from __future__ import annotations

import pytest

import riverbox
from riverbox.games.ravenous_river.position import SAILED, SUNK, Phase

from .helpers import act, legal, names, position, report


def test_rr_1_ride_across_sails_a_full_boat_which_is_then_scored_on_board() -> None:
    # RR-1, RR-28: only a full boat can sail; it eats on board at step 2, survivors go home
    st = position(
        boats=(("horse", "hound"), ("bull",)),
        hands=[["ride-across-the-river"], [], [], []],
        totems=[["bull"], ["horse"], ["hound"], ["lion"]],
    )
    act(st, "play ride-across-the-river")
    assert legal(st) == ["sail boat1"]
    act(st, "sail boat1")
    # the last card was used: the round ended (RR-21) and was scored
    done = report(st)
    assert done["status"] == ["sailed", "in play"]
    # boat 1: horse eats hound (+1); home: bull eats horse (+1), bull survives at home (+2)
    assert done["gains"] == [3, 1, 0, 1]  # lion stayed in the row: 1 VP (RR-4)


def test_rr_1_ride_across_needs_a_full_boat() -> None:
    # RR-1: only a full boat sails; one animal is not enough
    st = position(boats=(("lion",), ()), hands=[["ride-across-the-river"], ["lookout"], [], []])
    assert "play ride-across-the-river" not in legal(st)
    with pytest.raises(riverbox.IllegalAction, match=r"a full boat still in play"):
        act(st, "play ride-across-the-river")
    st = position(
        boats=(("lion",), ("bull", "horse")), hands=[["ride-across-the-river"], ["lookout"], [], []]
    )
    act(st, "play ride-across-the-river")
    assert legal(st) == ["sail boat2"]


def test_rr_2_and_check_9_making_waves_needs_a_face_up_row_animal() -> None:
    # RR-2: a face-down row card is not a target; a face-up one swaps with a boat animal
    row: list[str | None] = ["lion", "bull", "horse", "hound", "fox", None, None]
    st = position(
        row=row, boats=(("cat",), ("mouse",)), hands=[["making-waves", "lookout"], ["lookout"], [], []]
    )
    assert "play making-waves" not in legal(st)  # nothing face up yet
    st = position(
        row=row, up=(2,), boats=(("cat",), ("mouse",)), hands=[["making-waves"], ["lookout"], [], []]
    )
    act(st, "play making-waves")
    assert sorted(legal(st)) == ["swap cat row3", "swap mouse row3"]
    with pytest.raises(riverbox.IllegalAction, match="needs a face-up row animal"):  # RR-2
        act(st, "swap cat row1")
    act(st, "swap cat row3")
    assert names(st.boats[0]) == ["horse"] and st.row[2] == 5 and st.up >> 2 & 1


def test_rr_3_sinking_options_sinks_an_empty_boat_and_the_vote_needs_only_the_other() -> None:
    # RR-3: only an empty boat sinks; then a vote is due when the remaining boat is full
    st = position(boats=(("lion", "bull"), ()), hands=[["sinking-options"], ["lookout"], ["lookout"], []])
    act(st, "play sinking-options")
    assert legal(st) == ["sink boat2"]
    act(st, "sink boat2")
    assert st.bstate == [0, SUNK]
    # seat 0 ended its turn with no cards and every boat in play full: vote (RR-18)
    assert st.phase == Phase.VOTE and st.to_move == (0, 1, 2, 3)


def test_rr_3_sinking_options_needs_an_empty_boat() -> None:
    # RR-3 (INFERRED 'empty'): a boat holding one animal cannot be sunk
    st = position(boats=(("lion",), ("bull",)), hands=[["sinking-options"], ["lookout"], [], []])
    assert "play sinking-options" not in legal(st)
    with pytest.raises(riverbox.IllegalAction, match=r"an empty boat still in play"):
        act(st, "play sinking-options")
    st = position(boats=(("lion",), ()), hands=[["sinking-options"], ["lookout"], [], []])
    act(st, "play sinking-options")
    assert legal(st) == ["sink boat2"]


def test_rr_15_play_resolves_then_discards_or_discard_without_effect() -> None:
    # RR-15: a played card resolves and lies face up on the discard pile; or it is simply discarded
    st = position(
        bank=("lion", "bull"),
        hands=[["wash-ashore", "sinking-options"], ["capsize"], [], []],
        row=["horse", "hound", "fox", "cat", "mouse", None, None],
    )
    act(st, "play wash-ashore")
    assert st.view(1)["pending"]["card"] == "wash-ashore"
    act(st, "wash bull")
    assert st.row[5] == 1 and st.up >> 5 & 1 and names(st.bank) == ["lion"]
    assert st.view(2)["row"][5] == "bull" and st.view(2)["discard"] == ["wash-ashore"]
    # seat 1's Capsize has no target (both boats empty): it can only be discarded
    assert "play capsize" not in legal(st) and "discard capsize" in legal(st)
    with pytest.raises(riverbox.IllegalAction, match="has no legal target now"):  # RR-15
        act(st, "play capsize")
    act(st, "discard capsize")
    assert st.view(0)["discard"] == ["wash-ashore", "capsize"]


def test_rr_28_no_card_targets_a_sailed_boat() -> None:
    # RR-28 / spec 1.3b: a sailed boat is frozen: Capsize, Making Waves and Crosscurrent skip it
    row: list[str | None] = ["cat", "mouse", "fox", None, None, None, None]
    hands = [["capsize", "making-waves", "crosscurrent"], ["lookout"], [], []]
    st = position(row=row, up=(0,), boats=(("horse", "hound"), ("lion",)), bstate=(SAILED, 0), hands=hands)
    assert "play crosscurrent" not in legal(st)
    act(st, "play capsize")
    assert legal(st) == ["capsize boat2"]
    st = position(row=row, up=(0,), boats=(("horse", "hound"), ("lion",)), bstate=(SAILED, 0), hands=hands)
    act(st, "play making-waves")
    assert legal(st) == ["swap lion row1"]
    assert st.game.describe_action(st.legal_actions()[0], st) == (
        "Swap the lion (in a boat) with the face-up cat in row slot 1"
    )
    # only the sailed boat holds animals: Making Waves has no target at all
    st = position(row=row, up=(0,), boats=(("horse", "hound"), ()), bstate=(SAILED, 0), hands=hands)
    assert "play making-waves" not in legal(st) and "play capsize" not in legal(st)


def test_placeholder_lookout_peeks_privately_and_may_turn_one_face_up() -> None:
    # spec §1.3b kind 4: look at up to two face-down row animals, maybe turn one face up
    st = position(hands=[["lookout"], ["lookout"], [], []])
    act(st, "play lookout")
    assert "peek row1" in legal(st) and "peek row1 row2" in legal(st)
    act(st, "peek row2 row5")
    assert st.view(0)["row"][1] != "?" and st.view(1)["row"][1] == "?"
    assert legal(st) == ["reveal row2", "reveal row5", "skip"]
    act(st, "reveal row5")
    assert st.view(1)["row"][4] == names([st.row[4]])[0] and st.to_move == (1,)
    assert st.view(1)["row"][1] == "?"


def test_placeholder_lookout_looks_only_at_face_down_animals() -> None:
    # spec 1.3b kind 4: a face-up row animal is not a Lookout target
    st = position(up=(0,), hands=[["lookout"], ["lookout"], [], []])
    act(st, "play lookout")
    assert not any("row1" in a for a in legal(st))
    assert "peek row2 row3" in legal(st)


def test_placeholder_capsize_and_crosscurrent() -> None:
    # spec §1.3b kinds 5 and 6
    st = position(boats=(("lion", "bull"), ("horse",)), hands=[["capsize"], ["crosscurrent"], [], []])
    act(st, "play capsize")
    assert legal(st) == ["capsize boat1", "capsize boat2"]
    act(st, "capsize boat1")
    assert names(st.bank) == ["lion", "bull"] and st.boats[0] == []
    assert "play crosscurrent" not in legal(st)  # boat 1 is empty now
    st = position(boats=(("lion", "bull"), ("horse",)), hands=[["crosscurrent"], ["lookout"], [], []])
    act(st, "play crosscurrent")
    assert legal(st) == ["swap lion horse", "swap bull horse"]
    act(st, "swap bull horse")
    assert names(st.boats[0]) == ["lion", "horse"] and names(st.boats[1]) == ["bull"]
