"""Bad input is refused with the rule's reason and changes nothing."""

from __future__ import annotations

import pytest

import riverbox

from .helpers import act, position


def test_apply_refuses_what_is_not_an_action() -> None:
    st = position(hands=[["lookout"], ["lookout"], [], []])
    before = st.to_json()
    for bad in ("look row1", 3, None):
        with pytest.raises(riverbox.IllegalAction, match="not a Ravenous River action"):
            st.apply(bad)  # type: ignore[arg-type]
    assert st.to_json() == before


def test_illegal_moves_explain_the_rule() -> None:
    # each refusal names its ruling; none changes the state
    st = position(
        bank=("lion",),
        boats=(("bull", "horse"), ("hound",)),
        row=["fox", "cat", "mouse", None, None, None, None],
        hands=[["lookout", "making-waves"], ["capsize"], [], []],
    )
    before = st.to_json()
    for text, rule in [
        ("look row5", r"row5 is empty; "),
        ("discard capsize", r"you hold no capsize"),
        ("play making-waves", r"and a face-up row animal"),
        ("move lion boat1 lookout", r"boat1 is full; a boat holds two animals"),
        ("move lion bank lookout", r"lion is already there"),
        ("move fox bank lookout", r"Move never involves the row"),
        ("move lion boat2 capsize", r"you hold no capsize to discard for the move"),
        ("return lookout", r"look at a row animal first "),
        ("sink boat1", r"play the card first"),
    ]:
        with pytest.raises(riverbox.IllegalAction, match=rule):
            act(st, text)
        assert st.to_json() == before
    act(st, "look row1")
    with pytest.raises(riverbox.IllegalAction, match=r"you are looking at row1: "):
        act(st, "discard lookout")
    with pytest.raises(riverbox.IllegalAction, match=r"boat1 is full"):
        act(st, "place boat1")


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("look row8", "'row8': the row slots are row1..row7"),
        ("move fox boat3 lookout", "'boat3': the row slots are row1..row7, the boats boat1 and boat2"),
        ("keep lion lion", "name two different ones"),
        ("peek row2 row2", "name two different ones"),
        ("move fox bank", r"expected move ANIMAL bank\|boat1\|boat2 CARD"),
        ("reveal row1 row2", "expected reveal rowN"),
    ],
)
def test_parse_errors_point_at_the_bad_word(text: str, hint: str) -> None:
    with pytest.raises(ValueError, match=hint):
        riverbox.load("ravenous-river").parse_action(text)
