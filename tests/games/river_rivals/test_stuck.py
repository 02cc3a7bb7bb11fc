"""Out of actions: a player with neither hand nor pile loses (RV-19); otherwise a player is stuck only
when neither a card nor any unused equipment gives a legal action (RV-20, RV-21), in all three places
it is decided, and the rules help says so in plain words."""

from __future__ import annotations

from typing import Any

import riverbox

from .helpers import act, code, legal, make

FULL_SIDES = {(1, c): [("heron", 0, 1)] * 3 for c in range(4)}
"""Seat 1's four sides full, every fish space taken: no card can be played there."""


def adv(**kw: object) -> object:
    return make("advanced", **kw)  # type: ignore[arg-type]


def horn_holder(hand: list[str], removed: list[str]) -> Any:
    """Seat 1 to play next with ``hand``, an empty pile, its four sides full (``FULL_SIDES``), an
    unused Recall Horn and ``removed`` cards to recall; seat 0 is to draw first."""
    return adv(
        hands=(["otter"], hand),
        piles=(["otter"], []),
        board=FULL_SIDES,
        supply=(8, 4),
        equipment=([], ["recall-horn"]),
        removed=([], removed),
    )


def test_rv_19_no_hand_no_pile_but_an_unused_recall_horn_is_not_out() -> None:
    s = make(
        "advanced",
        hands=(["otter"], []),
        piles=(["otter"], []),
        equipment=([], ["recall-horn"]),
        removed=([], ["lynx"]),
    )
    act(s, "draw")
    assert not s.is_over and s.active == 1
    assert legal(s) == ["use recall-horn"]


def test_rv_19_no_hand_no_pile_and_no_equipment_that_helps_loses() -> None:
    s = make("advanced", hands=(["otter"], []), piles=(["otter"], []), equipment=([], ["recall-horn"]))
    act(s, "draw")  # nothing removed: the horn has nothing to recall
    assert s.is_over and s.winners() == [0]


def test_rv_20_bait_bucket_that_can_place_a_fish_rescues_a_stuck_player() -> None:
    board = dict(FULL_SIDES)
    board[(1, 3)] = [("heron", 0, 1), ("heron", 0, 1), ("otter", 0, 0)]  # a free fish space
    s = make(
        "advanced",
        hands=(["otter"], ["otter"]),
        piles=(["otter"], []),
        board=board,
        supply=(8, 1),  # one fish left: the bait would catch seat 1's last, winning fish
        equipment=([], ["bait-bucket"]),
    )
    act(s, "draw")
    assert not s.is_over and s.active == 1
    assert legal(s) == ["use bait-bucket"]


def test_rv_20_pass_is_offered_only_when_no_unused_equipment_gives_an_action() -> None:
    board = dict(FULL_SIDES)
    board[(1, 3)] = [("heron", 0, 1), ("heron", 0, 1), ("otter", 0, 0)]
    s = make(
        "advanced",
        hands=(["otter"], ["otter"]),
        piles=(["otter"], []),
        board=board,
        equipment=([], ["bait-bucket"]),
        stuck="pass",
    )
    act(s, "draw")
    assert "pass" not in legal(s) and "use bait-bucket" in legal(s)
    act(s, "use bait-bucket", "fish col4 card3")
    assert legal(s) == ["pass"]  # the bucket is used: now nothing gives an action


def test_rules_help_states_the_stuck_ruling_in_plain_words() -> None:
    text = riverbox.load("river-rivals").rules_text()
    assert "out of actions" in text and "unused equipment" in text


def test_rv_19_no_hand_no_pile_loses_even_with_stuck_pass() -> None:
    # RV-19 (rulebook end condition) is not the RV-20 option: with stuck="pass" a player with neither
    # hand nor pile still loses at the start of the turn.
    s = make(hands=(["otter"], []), piles=(["otter"], []), stuck="pass")
    act(s, "draw")
    assert s.is_over and s.winners() == [0]


def test_rv_20_rv_21_an_unused_recall_horn_is_a_way_to_act() -> None:
    # RV-20 counts only a player with no possible action as stuck. All 4 sides full and an empty pile, but
    # Recall Horn (RV-21, before the action) can put a removed card back, and then drawing is possible.
    s = horn_holder(["otter"], removed=["lynx"])
    act(s, "draw")
    assert not s.is_over and s.active == 1
    assert legal(s) == ["use recall-horn"]  # no pass while the horn can still make drawing possible
    act(s, "use recall-horn", "recall lynx")
    assert legal(s) == ["draw"]
    act(s, "draw")
    assert s.hands[1] == [code("otter", 1), code("lynx", 1)] and s.active == 0
    t = horn_holder(["otter"], removed=[])
    act(t, "draw")  # nothing removed yet: the horn cannot help, so seat 1 is stuck and loses (RV-20)
    assert t.is_over and t.winners() == [0]


def test_rv_20_recall_horn_with_a_full_hand_is_used_then_the_player_is_out() -> None:
    # The stuck ruling: the unused horn gives a legal action, so the player is not out at the start of
    # the turn even though the full hand cannot draw what it recalls; once the horn is used nothing
    # gives an action, so the player passes and is out (and loses) at the start of the next turn.
    s = horn_holder(["otter", "otter", "otter", "raccoon", "raccoon", "raccoon", "lynx"], removed=["lynx"])
    act(s, "draw")
    assert not s.is_over and legal(s) == ["use recall-horn"]
    act(s, "use recall-horn", "recall lynx", "pass", "play otter col1", "skip")
    assert s.is_over and s.winners() == [0]
