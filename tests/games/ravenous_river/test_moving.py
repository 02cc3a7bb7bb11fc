"""Move: bank <-> boat for a card, never boat to boat; frozen boats (RR-14, RR-17, RR-28)."""

from __future__ import annotations

import pytest

import riverbox
from riverbox.games.ravenous_river.position import SAILED

from .helpers import act, legal, names, position


def test_rr_14_check_8_move_costs_a_discard_and_never_boat_to_boat() -> None:
    # RR-14: bank <-> boat only, paying one card; boat -> boat and moves into a full boat are refused
    st = position(
        bank=("lion",),
        boats=(("bull", "horse"), ("hound",)),
        hands=[["capsize", "lookout"], ["lookout"], [], []],
    )
    moves = sorted(a for a in legal(st) if a.startswith("move"))
    assert "move lion boat2 capsize" in moves and "move lion boat1 capsize" not in moves
    assert "move bull bank lookout" in moves and not any(m.startswith("move hound boat1") for m in moves)
    with pytest.raises(riverbox.IllegalAction, match="cannot move from one boat to another"):  # RR-14
        act(st, "move hound boat1 lookout")
    with pytest.raises(riverbox.IllegalAction, match="a boat holds two animals"):  # RR-17
        act(st, "move lion boat1 lookout")
    with pytest.raises(riverbox.IllegalAction, match="Move never involves the row"):  # RR-14
        act(st, "move fox bank lookout")  # Move never takes from the row
    act(st, "move lion boat2 capsize")
    assert names(st.boats[1]) == ["hound", "lion"] and st.bank == [] and st.hands[0] == [3]
    act(st, "move bull bank lookout", 1)
    assert names(st.bank) == ["bull"] and st.hands[1] == []


def test_rr_14_boat_to_boat_move_is_refused_even_when_the_other_boat_has_room() -> None:
    # RR-14: boat -> boat is forbidden, also when the target boat is not full
    st = position(boats=(("lion",), ("hound",)), hands=[["capsize", "lookout"], ["lookout"], [], []])
    moves = sorted(a for a in legal(st) if a.startswith("move"))
    assert moves == [
        "move hound bank capsize",
        "move hound bank lookout",
        "move lion bank capsize",
        "move lion bank lookout",
    ]
    before = st.to_json()
    with pytest.raises(riverbox.IllegalAction, match=r"cannot move from one boat to another"):
        act(st, "move hound boat1 lookout")
    assert st.to_json() == before


def test_rr_14_no_move_without_cards() -> None:
    st = position(bank=("lion",), hands=[[], ["lookout"], [], []])
    assert not any(a.startswith("move") for a in legal(st))
    with pytest.raises(riverbox.IllegalAction, match="moving costs a discard"):  # RR-14
        act(st, "move lion boat1 lookout")


def test_rr_28_sailed_boat_is_frozen() -> None:
    # RR-28: no Place into it, no Move in or out
    st = position(
        bank=("lion",),
        boats=(("horse", "hound"), ()),
        bstate=(SAILED, 0),
        hands=[["lookout", "capsize"], ["lookout"], [], []],
    )
    moves = [a for a in legal(st) if a.startswith("move")]
    assert moves and all("boat1" not in m and "horse" not in m and "hound" not in m for m in moves)
    with pytest.raises(riverbox.IllegalAction, match="has sailed home and is frozen"):  # RR-28
        act(st, "move horse bank lookout")
    with pytest.raises(riverbox.IllegalAction, match="frozen"):  # RR-28
        act(st, "move lion boat1 lookout")
    act(st, "look row1")
    assert "place boat1" not in legal(st)
    with pytest.raises(riverbox.IllegalAction, match="frozen"):  # RR-28
        act(st, "place boat1")
    # Capsize cannot target the sailed boat either
    st2 = position(
        boats=(("horse", "hound"), ()), bstate=(SAILED, 0), hands=[["capsize"], ["lookout"], [], []]
    )
    assert "play capsize" not in legal(st2)
