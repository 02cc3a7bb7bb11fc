"""Advanced Mode: the draft (check 18), the equipment content (check 17) and all 18 cards,
including RV-21 (timing of "in addition" cards), RV-22, RV-23 and RV-25."""

from __future__ import annotations

import pytest

import riverbox
from riverbox.games.river_rivals.content import EQUIPMENT
from riverbox.games.river_rivals.position import Phase

from .helpers import act, caught, code, legal, make, side


def adv(**kw: object) -> object:
    return make("advanced", **kw)  # type: ignore[arg-type]


# -- draft and content ---------------------------------------------------------------------------------
def test_check_18_draft_leaves_two_cards_each_and_fourteen_in_the_box() -> None:
    # check 18: 4 face up; first picks 1, the other 2, the first gets the last.
    game = riverbox.load("river-rivals", mode="advanced")
    s = game.new_state(11)
    offer = s.view(1)["offer"]
    assert len(offer) == 4 and s.to_move == (0,) and s.view(None)["offer"] == offer  # the draft is public
    assert legal(s) == [f"pick {e}" for e in offer]
    act(s, f"pick {offer[2]}")
    assert s.to_move == (1,)
    act(s, f"pick {offer[0]}")
    assert s.to_move == (1,)
    act(s, f"pick {offer[3]}")
    v = s.view(None)
    assert [e["id"] for e in v["equipment"][0]] == [offer[2], offer[1]]
    assert [e["id"] for e in v["equipment"][1]] == [offer[0], offer[3]]
    assert len(EQUIPMENT) - 4 == 14 and v["offer"] == []
    assert s.to_move == (0,) and v["phase"] == "main"


def test_check_17_equipment_content() -> None:
    # check 17: 18 cards, 9 permanent + 9 once; cards 7-18 and Poison are placeholders.
    assert len(EQUIPMENT) == 18
    assert sum(e.permanent for e in EQUIPMENT) == 9
    verified = [e for e in EQUIPMENT if not e.placeholder]
    assert [e.slug for e in verified] == [
        "spring-boots",
        "polar-bear-surprise",
        "peek-a-scope",
        "card-clapper",
        "binoculars",
    ]
    assert sum(e.permanent for e in verified) == 2  # the third verified permanent card is Poison
    poison = next(e for e in EQUIPMENT if e.slug == "poison")
    assert poison.permanent and poison.placeholder
    assert all(e.placeholder for e in EQUIPMENT[6:])


# -- verified cards ------------------------------------------------------------------------------------
def test_spring_boots_moves_a_strength_one_card_at_turn_start_without_effect() -> None:
    # Spring Boots; RV-6: the moved otter's Quick Catch does not fire; fish and shields move with it.
    s = adv(
        hands=(["heron"], []), board={(0, 0): [("otter", 1, 1), "heron"]}, equipment=(["spring-boots"], [])
    )
    moves = [m for m in legal(s) if m.startswith("boots")]
    assert moves == ["boots col1 card1 col2", "boots col1 card1 col3", "boots col1 card1 col4"]
    act(s, "boots col1 card1 col3")
    assert s.stack == [] and side(s, 0, 2) == [("otter", 1, 1)]
    assert not any(m.startswith("boots") for m in legal(s))  # once per turn
    act(s, "draw")
    t = adv(hands=(["heron"], []), board={(0, 0): ["otter"]}, equipment=(["spring-boots"], []))
    act(t, "play heron col2", "skip")
    assert t.active == 1  # after the action it is too late


def test_polar_bear_surprise_from_hand_pile_or_removed() -> None:
    # Polar Bear Surprise, RV-21: in addition to the action; pile use reshuffles; the card flips.
    s = adv(
        hands=(["otter"], []),
        piles=(["heron", "polar-bear", "lynx"], []),
        equipment=(["polar-bear-surprise"], []),
    )
    act(s, "use polar-bear-surprise")
    assert legal(s) == [f"bear pile col{c}" for c in range(1, 5)] + ["skip"]
    act(s, "bear pile col2")
    assert side(s, 0, 1) == [("polar-bear", 0, 0)] and sorted(s.piles[0]) == sorted(
        [code("heron"), code("lynx")]
    )
    assert s.history[-1][1].text == "seat 0 shuffles their draw pile"
    assert "use polar-bear-surprise" not in legal(s) and s.view(0)["equipment"][0][0]["used"]
    assert "play otter col1" in legal(s)  # the normal action is still to come
    r = adv(hands=(["otter"], []), equipment=(["polar-bear-surprise"], []), removed=(["polar-bear"], []))
    act(r, "draw", "use polar-bear-surprise")
    assert legal(r) == [f"bear removed col{c}" for c in range(1, 5)] + ["skip"]
    act(r, "bear removed col4")
    assert r.removed[0] == [] and side(r, 0, 3) == [("polar-bear", 0, 0)]


def test_rv_23_peek_a_scope_first_catch_takes_three_cards_that_become_yours() -> None:
    # RV-23: on the first fish caught; cards join the hand (limit 7) and count as yours.
    s = adv(
        hands=(["otter", "brown-bear"], ["heron"]),
        piles=(["otter"], ["lynx", "beaver", "heron", "raccoon"]),
        equipment=(["peek-a-scope"], []),
    )
    act(s, "play otter col1", "fish col1 card1")
    assert sorted(s.hands[0]) == sorted(
        [code("brown-bear"), code("raccoon", 1), code("heron", 1), code("beaver", 1)]
    )
    assert s.piles[1] == [code("lynx", 1)]
    v1 = s.view(1)
    assert v1["hand_foreign"] == [3, 0] and v1["pile"] is None and v1["pile_known"] == [True, False]
    assert s.view(0)["equipment"][0][0]["used"]
    # a peeked card is played as your own: its removal goes to your removed pile
    act(s, "draw")  # seat 1's turn
    s2 = s.clone()
    act(s2, "play raccoon col2")
    assert side(s2, 0, 1) == [("raccoon", 0, 0)]


def test_rv_23_peek_a_scope_respects_the_hand_limit_and_a_short_pile() -> None:
    # RV-23: beyond the limit the cards stay; fewer than 3 in the pile: take what is there.
    s = adv(
        hands=(["otter"] + ["heron"] * 5, []),
        piles=(["otter"], ["lynx", "beaver", "heron"]),
        equipment=(["peek-a-scope"], []),
    )
    act(s, "play otter col1", "fish col1 card1")
    assert len(s.hands[0]) == 7 and len(s.piles[1]) == 1
    t = adv(hands=(["otter"], []), piles=(["otter"], ["lynx"]), equipment=(["peek-a-scope"], []))
    act(t, "play otter col1", "fish col1 card1")
    assert t.hands[0] == [code("lynx", 1)] and t.piles[1] == []


def test_rv_22_card_clapper_extra_card_on_action_b_only() -> None:
    # RV-22: "draw extra" takes 3 cards; the hand limit still caps it; not for other draws.
    s = adv(hands=(["otter"], []), equipment=(["card-clapper"], []))
    assert "draw extra" in legal(s)
    act(s, "draw extra")
    assert len(s.hands[0]) == 4
    t = adv(hands=(["otter"] * 5, []), equipment=(["card-clapper"], []))
    assert "draw" in legal(t) and "draw extra" not in legal(t)  # 5 + 2 = 7 already the limit
    u = adv(hands=(["otter"], []), equipment=(["card-clapper", "double-cast"], []))
    act(u, "use double-cast")
    assert len(u.hands[0]) == 3  # Double Cast draws 2, the Clapper adds nothing


def test_binoculars_take_any_card_from_the_pile_then_reshuffle() -> None:
    s = adv(
        hands=(["otter"], []), piles=(["heron", "polar-bear", "lynx"], []), equipment=(["binoculars"], [])
    )
    act(s, "use binoculars")
    assert legal(s) == ["take lynx", "take heron", "take polar-bear"]
    act(s, "take polar-bear")
    assert code("polar-bear") in s.hands[0] and len(s.piles[0]) == 2
    assert "use binoculars" not in legal(s)


def test_rv_23_binoculars_after_an_opposing_peek_reveal_the_pile_to_its_owner() -> None:
    # RV-23 bookkeeping: after the opponent's Peek-a-Scope you no longer know your pile; looking restores it.
    s = adv(
        hands=(["otter"], ["otter"]),
        piles=(["otter"], ["lynx", "beaver", "heron", "raccoon"]),
        equipment=(["peek-a-scope"], ["binoculars"]),
    )
    act(s, "play otter col1", "fish col1 card1")
    assert s.view(1)["pile"] is None
    act(s, "use binoculars")
    assert s.view(1)["pile"] == ["lynx"] and legal(s) == ["take lynx"]
    entry = s.history[-1][1]
    assert "looks through" in entry.text and entry.visible_to == frozenset({1})


def test_rv_25_poison_default_removes_the_catchers_top_card_per_fish() -> None:
    # RV-25 (c): each fish the opponent catches (Quick Catch included) removes their top pile card.
    s = adv(hands=(["otter"], []), piles=(["heron", "lynx"], []), equipment=([], ["poison"]))
    act(s, "play otter col1", "fish col1 card1")
    assert s.removed[0] == [code("lynx")] and s.piles[0] == [code("heron")]
    t = adv(
        hands=(["otter"], []),
        piles=(["heron", "lynx", "beaver"], []),
        equipment=([], ["poison"]),
        board={(0, c): [("heron", 0, 1), ("heron", 0, 1), "heron"] for c in range(2)},
    )
    act(t, "draw")
    assert caught(t, 0) == 2 and len(t.removed[0]) == 1 and t.piles[0] == []  # one per fish; 2 drawn first


def test_rv_25_poison_shield_option() -> None:
    # RV-25 option poison="shield" (reading d): one shield token of the catcher goes back to the supply.
    s = adv(
        hands=(["otter"], []),
        board={(0, 2): [("heron", 2, 0)]},
        equipment=([], ["poison"]),
        shields=6,
        poison="shield",
    )
    act(s, "play otter col1", "fish col1 card1")
    assert side(s, 0, 2) == [("heron", 1, 0)] and s.shields == 7


# -- placeholder cards -----------------------------------------------------------------------------------
def test_hand_basket_raises_the_limit_to_8() -> None:
    s = adv(hands=(["otter"] * 7, []), equipment=(["hand-basket"], []))
    act(s, "draw")
    assert len(s.hands[0]) == 8 and s.view(None)["hand_limits"] == [8, 7]


def test_shield_polish_second_token_on_the_same_card() -> None:
    s = adv(hands=(["beaver"], []), board={(0, 1): ["heron"]}, equipment=(["shield-polish"], []))
    act(s, "play beaver col1", "shield col2 card1")
    assert legal(s) == ["shield col2 card1", "skip"]
    act(s, "shield col2 card1")
    assert side(s, 0, 1) == [("heron", 2, 0)] and s.shields == 6


def test_wide_paws_quick_catch_on_any_card_of_the_column() -> None:
    s = adv(hands=(["otter"], []), board={(0, 0): ["heron"]}, equipment=(["wide-paws"], []))
    act(s, "play otter col1")
    assert legal(s) == ["fish col1 card1", "fish col1 card2", "skip"]
    act(s, "fish col1 card1")
    assert side(s, 0, 0)[0] == ("heron", 0, 1)


def test_echo_whistle_copies_a_neighbouring_column() -> None:
    s = adv(
        hands=(["raccoon"], []),
        board={(0, 0): ["otter"], (0, 2): ["brown-bear"], (0, 3): ["heron"], (1, 1): ["lynx"]},
        equipment=(["echo-whistle"], []),
    )
    act(s, "play raccoon col2")
    assert legal(s) == ["copy col1 card1", "copy col3 card1", "skip"]
    act(s, "copy col1 card1")
    assert legal(s) == ["fish col2 card1", "skip"]  # RV-8: the fish still goes on the raccoon


def test_second_helping_draws_when_clawed() -> None:
    s = adv(hands=(["brown-bear"], ["otter"]), board={(1, 0): ["heron"]}, equipment=([], ["second-helping"]))
    act(s, "play brown-bear col1", "claw col1 card1")
    assert len(s.hands[1]) == 2 and s.history[-1][1].visible_to == frozenset({1})


def test_big_net_second_fish_when_beating_by_three() -> None:
    s = adv(
        hands=(["otter"], []),
        equipment=(["big-net"], []),
        board={(0, 0): [("polar-bear", 0, 0), ("heron", 0, 1), ("heron", 0, 0)], (1, 0): ["otter"]},
    )
    act(s, "draw")
    assert legal(s) == ["fish col1 card1", "fish col1 card3"]
    act(s, "fish col1 card1")
    assert s.view(0)["pending"] == {"type": "big-net", "column": 1}
    assert legal(s) == ["fish col1 card3", "skip"]
    act(s, "fish col1 card3")
    assert caught(s, 0) == 2
    t = adv(
        hands=(["otter"], []),
        equipment=(["big-net"], []),
        board={(0, 0): [("heron", 0, 1), ("heron", 0, 1), "heron"], (1, 0): ["heron", "otter"]},
    )
    act(t, "draw")
    assert caught(t, 0) == 1 and t.active == 1  # margin 3 not reached


def test_recall_horn_shuffles_up_to_three_removed_cards_back() -> None:
    s = adv(
        hands=(["otter"], []),
        piles=([], []),
        equipment=(["recall-horn"], []),
        removed=(["heron", "lynx", "beaver", "otter"], []),
    )
    act(s, "use recall-horn")
    assert legal(s) == ["recall otter", "recall lynx", "recall heron", "recall beaver", "skip"]
    act(s, "recall heron", "recall lynx", "recall otter")
    assert s.removed[0] == [code("beaver")] and len(s.piles[0]) == 3 and s.stack == []
    t = adv(hands=(["otter"], []), equipment=(["recall-horn"], []), removed=(["heron", "lynx"], []))
    act(t, "use recall-horn", "recall lynx", "skip")
    assert t.removed[0] == [code("heron")] and len(t.piles[0]) == 6


def test_double_cast_draws_two_within_the_limit() -> None:
    s = adv(hands=(["otter"] * 6, []), equipment=(["double-cast"], []))
    act(s, "use double-cast")
    assert len(s.hands[0]) == 7 and "draw" not in legal(s)


def test_undertow_moves_an_opposing_card_with_its_fish_and_shields() -> None:
    s = adv(
        hands=(["otter"], []),
        board={(1, 0): [("heron", 1, 1)], (1, 1): ["otter"] * 3},
        equipment=(["undertow"], []),
    )
    act(s, "use undertow")
    options = legal(s)
    assert "undertow col1 card1 col3" in options and "undertow col1 card1 col2" not in options
    act(s, "undertow col1 card1 col3")
    assert side(s, 1, 2) == [("heron", 1, 1)] and side(s, 1, 0) == []


def test_spare_shields_places_two_tokens() -> None:
    s = adv(hands=(["otter"], []), board={(0, 0): ["heron", "lynx"]}, equipment=(["spare-shields"], []))
    act(s, "use spare-shields", "shield col1 card1")
    assert legal(s) == ["shield col1 card1", "shield col1 card2"]  # no skip: the card is committed
    act(s, "shield col1 card2")
    assert side(s, 0, 0) == [("heron", 1, 0), ("lynx", 1, 0)] and s.shields == 6


def test_encore_resolves_an_effect_in_play_again() -> None:
    s = adv(
        hands=(["otter"], []), board={(0, 1): ["brown-bear"], (1, 1): ["heron"]}, equipment=(["encore"], [])
    )
    act(s, "use encore")
    assert legal(s) == ["encore col2 card1"]
    act(s, "encore col2 card1")
    assert legal(s) == ["claw col2 card1", "skip"]
    act(s, "claw col2 card1")
    assert side(s, 1, 1) == [] and "play otter col1" in legal(s)


def test_bait_bucket_places_a_fish_in_a_full_column() -> None:
    s = adv(
        hands=(["otter"], []),
        board={(0, 0): [("heron", 0, 1), "heron", "lynx"], (0, 1): ["otter"]},
        equipment=(["bait-bucket"], []),
        supply=(1, 8),
    )
    act(s, "use bait-bucket")
    assert legal(s) == ["fish col1 card2", "fish col1 card3"]
    act(s, "fish col1 card3")
    assert s.phase == Phase.OVER and s.winners() == [0]  # RV-15: that was the last fish


def test_rv_21_in_addition_cards_before_or_after_the_action_but_before_the_check() -> None:
    # RV-21: after the action a window stays open ("use ..." or "end"); the fish check follows "end".
    s = adv(
        hands=(["otter"], []),
        board={(0, 0): [("heron", 0, 1), ("heron", 0, 1), "heron"]},
        equipment=(["double-cast"], []),
    )
    act(s, "draw")
    assert legal(s) == ["use double-cast", "end"] and caught(s, 0) == 0
    assert s.view(1)["phase"] == "after"
    act(s, "use double-cast")
    assert caught(s, 0) == 1 and s.active == 1  # window closed by itself: nothing left to use
    t = adv(hands=(["otter"], []), equipment=(["double-cast"], []))
    act(t, "draw", "end")
    assert t.active == 1 and t.view(0)["equipment"][0][0]["used"] is False  # unused, kept for later
    with pytest.raises(riverbox.IllegalAction, match="your action is done"):
        u = adv(hands=(["otter"], []), equipment=(["double-cast"], []))
        act(u, "draw", "draw")


def test_permanent_cards_are_not_used_as_actions() -> None:
    s = adv(hands=(["otter"], []), equipment=(["card-clapper"], []))
    with pytest.raises(riverbox.IllegalAction, match="permanent"):
        act(s, "use card-clapper")
    with pytest.raises(riverbox.IllegalAction, match="do not own"):
        act(s, "use encore")


def test_rv_23_peek_triggers_once_and_peeked_cards_go_to_their_new_owners_removed_pile() -> None:
    # RV-23: any catch triggers it (here the end-of-turn check), only the first time; a peeked card
    # that is removed goes to the peeker's removed pile and its fish to the peeker's supply.
    s = adv(
        hands=(["otter"], ["brown-bear"]),
        piles=(["otter", "otter"], ["lynx"] * 6),
        board={(0, 0): [("heron", 0, 1), ("heron", 0, 1), "heron"], (0, 1): [("raccoon", 0, 1, 1)]},
        equipment=(["peek-a-scope"], []),
    )
    act(s, "draw")
    assert caught(s, 0) == 1 and len(s.hands[0]) == 3 + 3 and len(s.piles[1]) == 3
    act(s, "play brown-bear col2", "claw col2 card1")
    assert s.removed == [[code("raccoon", 1)], []] and s.supply[0] == 8 - 1 + 1
    act(s, "play otter col3", "fish col3 card1")
    assert len(s.piles[1]) == 3  # no second peek


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
