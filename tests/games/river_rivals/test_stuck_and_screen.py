"""The one stuck ruling (out of actions only when neither a card nor any unused equipment gives a
legal action, in all three places it is decided) and what the screen says about decisions and
placeholder equipment."""

from __future__ import annotations

import io
import random

from rich.console import Console

import riverbox
from riverbox.games.river_rivals.content import EQUIPMENT

from .helpers import act, code, legal, make

FULL_SIDES = {(1, c): [("heron", 0, 1)] * 3 for c in range(4)}
"""Seat 1's four sides full, every fish space taken: no card can be played there."""


def screen(state: riverbox.State, seat: int | None) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(state.game.render(state, seat))
    return out.getvalue()


def adv(**kw: object) -> object:
    return make("advanced", **kw)  # type: ignore[arg-type]


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


def test_header_names_the_pending_decision() -> None:
    game = riverbox.load("river-rivals", mode="advanced")
    wanted = {
        "copy": "Copy Animal",
        "claw": "Claw Attack",
        "movement": "Movement",
        "quick-catch": "Quick Catch",
    }
    found: dict[str, str] = {}
    for seed in range(40):
        s = game.new_state(seed)
        r = random.Random(seed)
        while not s.is_over and len(found) < len(wanted):
            pend = s.view(None)["pending"]
            if pend and pend["type"] in wanted and pend["type"] not in found:
                found[pend["type"]] = screen(s, s.to_move[0]).splitlines()[0]
            seat = s.to_move[0]
            s.apply(r.choice(s.legal_actions(seat)), seat)
    assert set(found) == set(wanted)
    for kind, header in found.items():
        assert f"({wanted[kind]} decision)" in header and "choose an action" not in header


def test_placeholder_equipment_is_marked_card_by_card() -> None:
    game = riverbox.load("river-rivals", mode="advanced")
    for seed in range(20):
        s = game.new_state(seed)
        offer = [EQUIPMENT[e] for e in s.offer]
        if any(e.placeholder for e in offer) and not all(e.placeholder for e in offer):
            break
    text = screen(s, 0)
    for e in offer:
        assert (f"{e.name}*" in text) == e.placeholder, e.name
    assert "* placeholder equipment" in text


def test_rv_19_no_hand_no_pile_loses_even_with_stuck_pass() -> None:
    # RV-19 (rulebook end condition) is not the RV-20 option: with stuck="pass" a player with neither
    # hand nor pile still loses at the start of the turn.
    s = make(hands=(["otter"], []), piles=(["otter"], []), stuck="pass")
    act(s, "draw")
    assert s.is_over and s.winners() == [0]


def test_rv_20_rv_21_an_unused_recall_horn_is_a_way_to_act() -> None:
    # RV-20 counts only a player with no possible action as stuck. All 4 sides full and an empty pile, but
    # Recall Horn (RV-21, before the action) can put a removed card back, and then drawing is possible.
    board = {(1, c): [("heron", 0, 1)] * 3 for c in range(4)}
    s = adv(
        hands=(["otter"], ["otter"]),
        piles=(["otter"], []),
        board=board,
        supply=(8, 4),
        equipment=([], ["recall-horn"]),
        removed=([], ["lynx"]),
    )
    act(s, "draw")
    assert not s.is_over and s.active == 1
    assert legal(s) == ["use recall-horn"]  # no pass while the horn can still make drawing possible
    act(s, "use recall-horn", "recall lynx")
    assert legal(s) == ["draw"]
    act(s, "draw")
    assert s.hands[1] == [code("otter", 1), code("lynx", 1)] and s.active == 0
    t = adv(
        hands=(["otter"], ["otter"]),
        piles=(["otter"], []),
        board=board,
        supply=(8, 4),
        equipment=([], ["recall-horn"]),
    )
    act(t, "draw")  # nothing removed yet: the horn cannot help, so seat 1 is stuck and loses (RV-20)
    assert t.is_over and t.winners() == [0]


# -- bad input: clear errors naming the rule, state unchanged, nothing hidden revealed --------------------


def test_rv_20_recall_horn_with_a_full_hand_is_used_then_the_player_is_out() -> None:
    # The stuck ruling: the unused horn gives a legal action, so the player is not out at the start of
    # the turn even though the full hand cannot draw what it recalls; once the horn is used nothing
    # gives an action, so the player passes and is out (and loses) at the start of the next turn.
    board = {(1, c): [("heron", 0, 1)] * 3 for c in range(4)}
    s = adv(
        hands=(["otter"], ["otter", "otter", "otter", "raccoon", "raccoon", "raccoon", "lynx"]),
        piles=(["otter"], []),
        board=board,
        supply=(8, 4),
        equipment=([], ["recall-horn"]),
        removed=([], ["lynx"]),
    )
    act(s, "draw")
    assert not s.is_over and legal(s) == ["use recall-horn"]
    act(s, "use recall-horn", "recall lynx", "pass", "play otter col1", "skip")
    assert s.is_over and s.winners() == [0]
