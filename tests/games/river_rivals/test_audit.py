"""Audit tests: rules whose breakage the other tests did not notice (found by mutation testing).

Each test names its ruling (``RV-n``), check (``check n``) or equipment card and uses exact numbers.
"""

from __future__ import annotations

import riverbox
from riverbox.games.river_rivals.state import RiverRivalsState

from .helpers import act, caught, code, legal, make, side


def adv(**kw: object) -> object:
    return make("advanced", **kw)  # type: ignore[arg-type]


def test_rv_3_opposing_shields_raise_the_opposing_total() -> None:
    # RV-3: tokens count in both players' totals. Mine 2 + 2 + 1 = 5; theirs brown bear 3 + 3 shields = 6,
    # so no fish (without the shields it would be 3 and I would catch).
    s = make(
        hands=(["otter"], []),
        board={(0, 0): [("heron", 0, 1), ("heron", 0, 1), "lynx"], (1, 0): [("brown-bear", 3, 0)]},
    )
    assert s.view(None)["strength"][0][0] == 5 and s.view(None)["strength"][1][0] == 6
    act(s, "draw")
    assert caught(s, 0) == 0 and s.stack == [] and s.active == 1


def test_rv_1_two_cards_never_catch_even_against_an_empty_side() -> None:
    # RV-1: exactly three of your own cards are needed; 4 + 3 = 7 on two cards against 0 catches nothing.
    s = make(hands=(["otter"], []), board={(0, 1): ["polar-bear", "brown-bear"]})
    act(s, "draw")
    assert caught(s, 0) == 0 and s.stack == [] and s.active == 1


def test_rv_8_check_12_raccoon_skips_another_raccoon_but_copies_the_otter() -> None:
    # RV-8 default (copy_copy=False), check 12: with a raccoon and an otter in the column, only the otter
    # is offered to the newly played raccoon.
    s = make(hands=(["raccoon"], []), board={(0, 0): ["raccoon", "otter"]})
    act(s, "play raccoon col1")
    assert legal(s) == ["copy col1 card2", "skip"]


def test_rv_8_copy_animal_copies_only_in_its_own_column() -> None:
    # RV-8 (Copy Animal is a "same column" effect): a brown bear next door is not offered, even though a
    # copied Claw would have a target in the raccoon's column.
    s = make(hands=(["raccoon"], []), board={(0, 1): ["brown-bear"], (1, 0): ["heron"]})
    act(s, "play raccoon col1")
    assert s.stack == [] and s.active == 1


def test_rv_19_no_hand_no_pile_loses_even_with_stuck_pass() -> None:
    # RV-19 (rulebook end condition) is not the RV-20 option: with stuck="pass" a player with neither
    # hand nor pile still loses at the start of the turn.
    s = make(hands=(["otter"], []), piles=(["otter"], []), stuck="pass")
    act(s, "draw")
    assert s.is_over and s.winners() == [0]


def test_rv_16_rv_2_the_catch_decision_belongs_to_the_active_player_only() -> None:
    # RV-16: the pending catch is seat 0's; seat 1 cannot place it.
    s = make(hands=(["otter"], ["otter"]), board={(0, 0): ["heron", "heron", "heron"]})
    act(s, "draw")
    assert s.to_move == (0,) and s.legal_actions(1) == []
    try:
        s.apply(riverbox.load("river-rivals").parse_action("fish col1 card1"), 1)
    except riverbox.IllegalAction as err:
        assert "not seat 1's turn" in str(err)
    else:  # pragma: no cover
        raise AssertionError("seat 1 placed seat 0's fish")


def test_binoculars_reshuffle_the_pile_after_taking() -> None:
    # Binoculars: after the card is taken the pile is shuffled (a chance entry everyone sees).
    s = adv(hands=(["otter"], []), piles=(["heron", "lynx", "beaver"], []), equipment=(["binoculars"], []))
    act(s, "use binoculars", "take lynx")
    assert s.history[-1][1].text == "seat 0 shuffles their draw pile" and s.history[-1][1].visible_to is None
    assert sorted(s.piles[0]) == sorted([code("heron"), code("beaver")])


def test_big_net_needs_a_margin_of_exactly_three_or_more() -> None:
    # Big Net (margin 3 from the data file): 4 + 2 + 2 = 8 against 3 + 2 = 5 is a margin of exactly 3.
    s = adv(
        hands=(["otter"], []),
        equipment=(["big-net"], []),
        board={
            (0, 0): [("polar-bear", 0, 1), ("heron", 0, 0), ("heron", 0, 0)],
            (1, 0): ["brown-bear", "heron"],
        },
    )
    act(s, "draw", "fish col1 card2")
    assert s.view(0)["pending"] == {"type": "big-net", "column": 1}
    act(s, "fish col1 card3")
    assert caught(s, 0) == 2 and s.active == 1


def test_shield_polish_needs_a_token_left_in_the_supply() -> None:
    # Shield Polish, RV-4: with one token in the supply the second shield cannot be offered.
    s = adv(hands=(["beaver"], []), board={(0, 1): ["heron"]}, equipment=(["shield-polish"], []), shields=1)
    act(s, "play beaver col1", "shield col2 card1")
    assert s.shields == 0 and s.stack == [] and s.active == 1


def test_second_helping_respects_the_hand_limit() -> None:
    # Second Helping: a victim already holding 7 cards draws nothing.
    s = adv(
        hands=(["brown-bear"], ["otter"] * 7), board={(1, 0): ["heron"]}, equipment=([], ["second-helping"])
    )
    act(s, "play brown-bear col1", "claw col1 card1")
    assert len(s.hands[1]) == 7 and len(s.piles[1]) == 5


def test_polar_bear_surprise_declined_stays_face_up_for_a_later_turn() -> None:
    # Polar Bear Surprise: only placing the bear turns the card over; declining keeps it (not this turn).
    s = adv(hands=(["polar-bear", "otter"], ["otter"]), equipment=(["polar-bear-surprise"], []))
    act(s, "use polar-bear-surprise", "skip")
    assert s.view(0)["equipment"][0][0]["used"] is False
    assert "use polar-bear-surprise" not in legal(s)
    act(s, "draw", "draw")  # seat 0 draws, then seat 1 draws
    assert "use polar-bear-surprise" in legal(s)


def test_polar_bear_surprise_needs_a_column_with_room() -> None:
    # Polar Bear Surprise: all four of your sides full -> nowhere to put the bear, not usable.
    board = {(0, c): ["heron", "heron", "heron"] for c in range(4)}
    s = adv(hands=(["polar-bear"], []), board=board, equipment=(["polar-bear-surprise"], []))
    assert "use polar-bear-surprise" not in legal(s) and legal(s) == ["draw"]


def test_rv_7_chain_limit_counts_per_turn() -> None:
    # RV-7 option chain_limit=1: the count starts again each turn (one extra card this turn, one next turn).
    s = make(hands=(["lynx"] * 4, ["otter"]), chain_limit=1)
    act(s, "play lynx col1", "play lynx col1")
    assert s.active == 1
    act(s, "draw", "play lynx col2")
    assert legal(s) == ["play lynx col2", "skip"]


def test_spring_boots_only_to_a_column_with_room() -> None:
    # Spring Boots: the target column must hold fewer than 3 of your cards (RV-10's room rule).
    board = {(0, 0): ["otter"], (0, 1): ["heron"] * 3, (0, 2): ["heron"] * 3}
    s = adv(hands=(["heron"], []), board=board, equipment=(["spring-boots"], []))
    assert [m for m in legal(s) if m.startswith("boots")] == ["boots col1 card1 col4"]


def test_rv_22_draw_extra_only_with_card_clapper() -> None:
    # RV-22: without Card Clapper there is no extra card, in Advanced Mode too.
    s = adv(hands=(["otter"], []), equipment=(["double-cast"], []))
    assert "draw" in legal(s) and "draw extra" not in legal(s)


def test_polar_bear_surprise_offers_only_columns_with_room() -> None:
    # Polar Bear Surprise: columns 1-3 of yours are full, so the bear can only go to column 4.
    board = {(0, c): ["heron", "heron", "heron"] for c in range(3)}
    s = adv(hands=(["polar-bear"], []), board=board, equipment=(["polar-bear-surprise"], []))
    act(s, "use polar-bear-surprise")
    assert legal(s) == ["bear hand col4", "skip"]
    act(s, "bear hand col4")
    assert side(s, 0, 3) == [("polar-bear", 0, 0)] and s.hands[0] == []


def test_recall_horn_reshuffles_the_pile_after_the_third_card() -> None:
    # Recall Horn: up to 3 removed cards go back, then the pile is shuffled (one chance entry).
    s = adv(
        hands=(["otter"], []),
        piles=(["heron"], []),
        equipment=(["recall-horn"], []),
        removed=(["lynx", "beaver", "otter", "heron"], []),
    )
    act(s, "use recall-horn", "recall lynx", "recall beaver", "recall otter")
    assert s.stack == [] and len(s.piles[0]) == 4 and s.removed[0] == [code("heron")]
    assert s.history[-1][1].text == "seat 0 shuffles their draw pile"


def test_encore_offers_only_effects_that_can_act_now() -> None:
    # Encore (RV-7 "no legal target"): a polar bear has no effect, a brown bear without an opposing card
    # in its column and an otter without a free fish space cannot act; the beaver (8 tokens left) can.
    board = {(0, 0): ["polar-bear", "brown-bear", ("otter", 0, 2)], (0, 1): ["beaver"]}
    s = adv(hands=(["otter"], []), board=board, equipment=(["encore"], []))
    act(s, "use encore")
    assert legal(s) == ["encore col2 card1"]


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
def _refused(state: object, text: str, *needles: str) -> str:
    import pytest

    assert isinstance(state, RiverRivalsState)
    before = state.to_json()
    with pytest.raises(riverbox.IllegalAction) as err:
        act(state, text)
    assert state.to_json() == before  # an illegal action changes nothing
    msg = str(err.value)
    for needle in needles:
        assert needle in msg, (needle, msg)
    return msg


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
    assert u.phase == 2  # still the window after the action: Spare Shields can be used
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


def test_cached_board_views_always_match_a_fresh_build() -> None:
    # view() reuses the board part of unchanged column sides; a clone starts without that cache.
    from riverbox.core.rng import Rng

    for mode in ("basic", "advanced"):
        game = riverbox.load("river-rivals", mode=mode)
        rng = Rng(11)
        for seed in range(6):
            s = game.new_state(seed)
            while not s.is_over:
                for seat in (0, 1, None):
                    assert s.view(seat) == s.clone().view(seat)
                s.apply(rng.choice(s.legal_actions()))
    t = make(hands=(["otter"], []), board={(0, 0): ["heron"]})
    assert t.view(0)["board"][0][0][0]["animal"] == "heron"
    t.board[0] = t.board[0] + ((code("lynx"), 1, 0),)  # a side replaced directly (as tests do)
    assert [c["animal"] for c in t.view(0)["board"][0][0]] == ["heron", "lynx"] and t.view(0)["strength"][0][
        0
    ] == 4


def test_spring_boots_only_before_anything_else_in_the_turn() -> None:
    # Spring Boots acts "at the start of your turn": once an 'in addition' card is used, it is too late.
    s = adv(hands=(["heron"], []), board={(0, 0): ["otter"]}, equipment=(["spring-boots", "double-cast"], []))
    assert "boots col1 card1 col2" in legal(s)
    act(s, "use double-cast")
    assert not any(m.startswith("boots") for m in legal(s))


def test_rv_21_end_closes_the_window_and_the_fish_check_follows() -> None:
    # RV-21: 'end' after the action leads to the fish check (the full column 2 + 2 + 2 = 6 against 0 catches).
    s = adv(
        hands=(["otter"], []),
        board={(0, 0): [("heron", 0, 1), ("heron", 0, 1), "heron"]},
        equipment=(["double-cast"], []),
    )
    act(s, "draw")
    assert legal(s) == ["use double-cast", "end"] and caught(s, 0) == 0
    act(s, "end")
    assert caught(s, 0) == 1 and s.active == 1 and s.view(0)["equipment"][0][0]["used"] is False


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
