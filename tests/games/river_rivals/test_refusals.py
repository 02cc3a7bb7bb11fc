"""Refusals: an illegal move is refused with the reason and the rule, and changes nothing.

The reasons come from the decision, phase or equipment record that refuses the move.
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.games.river_rivals.position import Phase
from riverbox.games.river_rivals.state import RiverRivalsState

from .helpers import act, make


def _refused(state: object, text: str, *needles: str) -> str:
    assert isinstance(state, RiverRivalsState)
    before = state.to_json()
    with pytest.raises(riverbox.IllegalAction) as err:
        act(state, text)
    assert state.to_json() == before  # an illegal action changes nothing
    msg = str(err.value)
    for needle in needles:
        assert needle in msg, (needle, msg)
    return msg


def adv(**kw: object) -> object:
    return make("advanced", **kw)  # type: ignore[arg-type]


def test_illegal_answers_to_a_pending_decision_list_the_choices() -> None:
    # RV-11: the claw decision names its column, the rule and the legal answers.
    s = make(hands=(["brown-bear"], ["polar-bear"]), board={(1, 0): ["heron", "otter"]})
    act(s, "play brown-bear col1")
    msg = _refused(s, "claw col1 card3", "claw decision is pending in column 1", "attack an opposing card")
    assert "choose one of: claw col1 card1, claw col1 card2, skip" in msg and "polar" not in msg
    _refused(s, "play polar-bear col2", "claw decision is pending")


def test_illegal_equipment_use_says_why() -> None:
    # RV-21 and the once-per-game flip: each refusal names its own reason.
    s = adv(hands=(["otter"], ["otter"]), equipment=(["double-cast", "recall-horn"], ["binoculars"]))
    _refused(s, "use recall-horn", "nothing to act on", "no removed cards")
    act(s, "use double-cast", "play otter col1", "skip")
    act(s, "draw", "end")  # seat 1 draws and keeps its Binoculars
    _refused(s, "use double-cast", "once-per-game", "used")
    u = adv(
        hands=(["otter"], []), board={(0, 0): ["heron"]}, equipment=(["double-cast", "spare-shields"], [])
    )
    act(u, "draw", "use double-cast")
    assert u.phase == Phase.AFTER  # still the window after the action: Spare Shields can be used
    _refused(u, "use double-cast", "once-per-game", "used")
    t = adv(hands=(["otter"], []), equipment=(["polar-bear-surprise"], []), piles=(["polar-bear"], []))
    act(t, "use polar-bear-surprise", "skip")
    _refused(t, "use polar-bear-surprise", "already tried this turn", "later turn")


def test_answers_without_a_pending_decision_say_when_they_apply() -> None:
    # RV-5: a fish is placed only when a catch asks for it; a claw only after a Claw Attack.
    s = make(hands=(["otter"], []))
    _refused(s, "fish col1 card1", "no fish decision is pending", "fish check")
    _refused(s, "claw col1 card1", "a Claw Attack")


def test_out_of_turn_and_after_the_end_are_refused_with_the_reason() -> None:
    s = make(hands=(["otter"], ["otter"]))
    import pytest

    before = s.to_json()
    with pytest.raises(riverbox.IllegalAction, match="not seat 1's turn; seat 0 is to move"):
        s.apply(riverbox.load("river-rivals").parse_action("draw"), 1)
    assert s.to_json() == before
    t = make(
        hands=(["otter"], []), supply=(1, 8), board={(0, 0): [("heron", 0, 1), ("heron", 0, 1), "heron"]}
    )
    act(t, "draw")
    with pytest.raises(riverbox.GameOver, match="the game is over"):
        act(t, "draw")


def test_notation_errors_explain_the_form() -> None:
    import pytest

    game = riverbox.load("river-rivals")
    with pytest.raises(ValueError, match="another column than <from>"):
        game.parse_action("move col1 card1 col1")
    with pytest.raises(ValueError, match="card<1-3>"):
        game.parse_action("boots col1 card4 col2")
    with pytest.raises(ValueError, match=r"bear <hand\|pile\|removed>"):
        game.parse_action("bear box col1")
