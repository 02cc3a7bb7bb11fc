"""River Rivals basic rules: every ruling RV-1..RV-20 and RV-24, and the checks of spec section 3.

Each test names its ruling (``# RV-n``) or check (``# check n``). Positions are built with
``helpers.make``; columns are 0-based there and 1-based in the notation.
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.games.river_rivals.content import KINDS, K, set_cards
from riverbox.games.river_rivals.position import Phase

from .helpers import act, caught, code, legal, make, side


# -- spec §3 check 1: the rulebook's catching example ------------------------------------------------
def test_check_1_rulebook_example_5_against_1_shield_2_2_is_6() -> None:
    # check 1: opponent 3 + 2 = 5; you 1 + (shield +1) + 2 + 2 = 6 on three cards -> one fish.
    s = make(
        hands=(["beaver", "heron"], ["otter"]),
        board={(1, 0): ["brown-bear", "heron"], (0, 0): ["otter", "heron"]},
    )
    act(s, "play beaver col1")  # the beaver's Shield Strength opens a decision
    assert legal(s)[:3] == ["shield col1 card1", "shield col1 card2", "shield col1 card3"]
    act(s, "shield col1 card1")  # the shield goes on the otter (strength 1)
    assert s.view(None)["strength"][1][0] == 3 + 2 == 5
    assert s.view(None)["strength"][0][0] == 1 + 1 + 2 + 2 == 6
    # RV-2: three of your cards have a free fish space, so you choose where the fish goes.
    assert legal(s) == ["fish col1 card1", "fish col1 card2", "fish col1 card3"]
    act(s, "fish col1 card3")
    assert caught(s, 0) == 1 and s.supply[0] == 7
    assert side(s, 0, 0) == [("otter", 1, 0), ("heron", 0, 0), ("beaver", 0, 1)]
    assert s.to_move == (1,) and s.active == 1


# -- baseline and rulings -------------------------------------------------------------------------------
def test_rv_1_only_your_own_three_cards_count() -> None:
    # RV-1: two of yours against a full opposing side never catch; the opponent's cards never count.
    s = make(
        hands=(["otter"], ["otter"]),
        board={(0, 0): ["polar-bear", "brown-bear"], (1, 0): ["otter", "otter", "otter"]},
    )
    act(s, "draw")
    assert caught(s, 0) == 0 and caught(s, 1) == 0


def test_rv_1_check_3_full_column_against_an_empty_side_catches() -> None:
    # RV-1, check 3: an empty opposing side totals 0.
    s = make(hands=(["otter"], ["otter"]), board={(0, 2): [("otter", 0, 2), ("lynx", 0, 1), "heron"]})
    assert s.view(None)["strength"][1][2] == 0
    act(s, "draw")
    assert caught(s, 0) == 1
    assert side(s, 0, 2)[2] == ("heron", 0, 1)


def test_rv_2_player_chooses_the_card_and_only_cards_with_free_space() -> None:
    # RV-2: only cards with a free fish space are offered; the choice is the player's.
    s = make(hands=(["otter"], []), board={(0, 1): [("otter", 0, 2), "raccoon", "heron"]})
    act(s, "draw")
    assert legal(s) == ["fish col2 card2", "fish col2 card3"]
    assert s.view(1)["pending"] == {"type": "catch", "column": 2}
    act(s, "fish col2 card2")
    assert side(s, 0, 1)[1] == ("raccoon", 0, 1)


def test_rv_2_check_4_full_column_without_free_space_catches_nothing() -> None:
    # RV-2, check 4.
    s = make(hands=(["otter"], []), board={(0, 0): [("otter", 0, 2), ("heron", 0, 1), ("lynx", 0, 1)]})
    act(s, "draw")
    assert caught(s, 0) == 0 and s.active == 1


def test_rv_3_shields_add_strength_stack_and_count_for_both_players() -> None:
    # RV-3: +1 per token, tokens stack, and the opponent's shields count in their total.
    s = make(
        hands=(["otter"], []),
        board={
            (0, 0): [("otter", 0, 2), ("otter", 0, 2), ("lynx", 2, 0)],
            (1, 0): [("heron", 1, 0), "heron"],
        },
    )
    assert s.view(None)["strength"][0][0] == 1 + 1 + 1 + 2
    assert s.view(None)["strength"][1][0] == 2 + 1 + 2
    act(s, "draw")  # 5 against 5: a tie still catches (RV-17)
    assert caught(s, 0) == 1
    t = make(hands=(["otter"], []), board={(0, 0): ["otter", "otter", "lynx"], (1, 0): [("heron", 2, 0)]})
    act(t, "draw")  # 3 against 4: no fish
    assert caught(t, 0) == 0


def test_rv_3_rv_11_check_6_claw_on_shield_removes_one_token_back_to_supply() -> None:
    # check 6, RV-3, RV-11: one token per attack; the card stays; the token returns to the supply.
    s = make(hands=(["brown-bear"], []), board={(1, 0): [("heron", 2, 1)]}, shields=6)
    act(s, "play brown-bear col1")
    assert legal(s) == ["claw col1 card1", "skip"]
    act(s, "claw col1 card1")
    assert side(s, 1, 0) == [("heron", 1, 1)] and s.shields == 7 and s.removed[1] == []


def test_rv_4_empty_shield_supply_makes_shield_strength_do_nothing() -> None:
    # RV-4: no token left -> no decision at all; the turn goes on.
    s = make(hands=(["beaver"], []), shields=0)
    act(s, "play beaver col1")
    assert s.stack == [] and s.active == 1


def test_rv_4_tokens_return_to_supply_and_the_bare_card_is_removed_next() -> None:
    # RV-4: tokens go back to the general supply; a card without tokens is removed by the next attack.
    s = make(hands=(["brown-bear"], ["otter"]), board={(1, 3): [("polar-bear", 1, 0)]}, shields=7)
    act(s, "play brown-bear col4", "claw col4 card1")
    assert s.shields == 8 and side(s, 1, 3) == [("polar-bear", 0, 0)]
    t = make(hands=(["brown-bear"], ["otter"]), board={(1, 3): [("polar-bear", 0, 0)]})
    act(t, "play brown-bear col4", "claw col4 card1")
    assert side(t, 1, 3) == [] and t.removed[1] == [code("polar-bear", 1)]


def test_rv_5_effects_are_optional_and_resolved_before_the_fish_check() -> None:
    # RV-5: each effect may be skipped; nothing else happens while its decision is pending.
    s = make(
        hands=(["brown-bear"], []), board={(0, 0): [("otter", 0, 2), ("heron", 0, 1)], (1, 0): ["otter"]}
    )
    act(s, "play brown-bear col1")
    assert "skip" in legal(s) and s.to_move == (0,) and caught(s, 0) == 0  # fish check not yet done
    act(s, "skip")
    assert side(s, 1, 0) == [("otter", 0, 0)]
    assert caught(s, 0) == 1  # the check came after the effect
    for kind, board in [
        ("otter", {}),
        ("heron", {(0, 1): ["otter"]}),
        ("beaver", {}),
        ("lynx", {}),
        ("raccoon", {(0, 0): ["brown-bear"], (1, 0): ["otter"]}),
    ]:
        t = make(hands=([kind, "otter"], []), board=board)
        act(t, f"play {kind} col1")
        assert "skip" in legal(t), kind


def test_rv_6_check_13_moving_never_fires_the_effect_and_fish_shields_travel() -> None:
    # RV-6, RV-10, check 13: a brown bear moved next to opposing cards does not claw.
    s = make(hands=(["heron"], []), board={(0, 1): [("brown-bear", 1, 1)], (1, 2): ["otter"]})
    act(s, "play heron col1")
    assert "move col2 card1 col3" in legal(s)
    act(s, "move col2 card1 col3")
    assert s.stack == [] and s.active == 1
    assert side(s, 0, 2) == [("brown-bear", 1, 1)] and side(s, 0, 1) == []
    assert side(s, 1, 2) == [("otter", 0, 0)]


def test_rv_7_lightning_chain_ends_when_the_column_is_full_and_check_follows() -> None:
    # RV-7, RV-9: each Lightning Animal may play one more card into the same column; the chain stops at 3.
    s = make(hands=(["lynx", "lynx", "lynx", "otter"], []))
    act(s, "play lynx col1")
    assert legal(s) == ["play otter col1", "play lynx col1", "skip"]
    act(s, "play lynx col1")
    assert s.view(0)["pending"] == {"type": "lightning", "column": 1}
    act(s, "play lynx col1")  # third card: the column is full, the chain ends
    assert s.view(0)["pending"] == {"type": "catch", "column": 1}  # then the fish check
    assert s.hands[0] == [code("otter")]
    act(s, "fish col1 card2")
    assert caught(s, 0) == 1 and s.active == 1


def test_rv_7_chain_ends_on_decline_and_on_an_empty_hand() -> None:
    # RV-7: declining ends the chain; so does having no card left to play.
    s = make(hands=(["lynx", "otter"], []))
    act(s, "play lynx col1", "skip")
    assert s.active == 1 and s.hands[0] == [code("otter")]
    t = make(hands=(["lynx"], []))
    act(t, "play lynx col1")
    assert t.stack == [] and t.active == 1


def test_rv_7_chain_limit_option_caps_extra_lightning_plays() -> None:
    # RV-7 named option chain_limit: 1 means one extra card per turn.
    s = make(hands=(["lynx", "lynx", "lynx"], []), chain_limit=1)
    act(s, "play lynx col1", "play lynx col1")
    assert s.stack == [] and s.active == 1 and len(s.hands[0]) == 1
    assert riverbox.load("river-rivals").options["chain_limit"] == 0


def test_rv_7_copy_of_a_lightning_animal_chains_into_the_raccoons_column() -> None:
    # RV-7, RV-8: Copy Animal copying Lightning Animal plays into the raccoon's column.
    s = make(hands=(["raccoon", "otter"], []), board={(0, 2): ["lynx"]})
    act(s, "play raccoon col3", "copy col3 card1")
    assert legal(s) == ["play otter col3", "skip"]
    act(s, "play otter col3")
    assert legal(s) == ["fish col3 card3", "skip"]  # the otter's Quick Catch fires in turn


def test_rv_8_check_12_copied_quick_catch_puts_the_fish_on_the_raccoon() -> None:
    # check 12, RV-8: the fish goes on the raccoon (this card), not on the copied otter.
    s = make(hands=(["raccoon"], []), board={(0, 0): ["otter"]})
    act(s, "play raccoon col1")
    assert legal(s) == ["copy col1 card1", "skip"]
    act(s, "copy col1 card1")
    assert legal(s) == ["fish col1 card2", "skip"]
    act(s, "fish col1 card2")
    assert side(s, 0, 0) == [("otter", 0, 0), ("raccoon", 0, 1)] and caught(s, 0) == 1


def test_rv_8_check_12_a_raccoon_cannot_copy_another_copy_animal() -> None:
    # check 12, RV-8 default: the only other card is a raccoon, so there is nothing to copy.
    s = make(hands=(["raccoon"], []), board={(0, 0): ["raccoon"]})
    act(s, "play raccoon col1")
    assert s.stack == [] and s.active == 1


def test_rv_8_copy_copy_option_allows_it_without_loops() -> None:
    # RV-8 named option copy_copy=True: a copy of a copy may not point back at a card already in the chain.
    s = make(hands=(["raccoon"], []), board={(0, 0): ["raccoon", "otter"]}, copy_copy=True)
    act(s, "play raccoon col1")
    assert legal(s) == ["copy col1 card1", "copy col1 card2", "skip"]
    act(s, "copy col1 card1")
    assert legal(s) == ["copy col1 card2", "skip"]
    act(s, "copy col1 card2")
    assert legal(s) == ["fish col1 card3", "skip"]  # Quick Catch from the playing raccoon


def test_rv_8_copied_effects_act_from_the_raccoon() -> None:
    # RV-8: copied Claw uses the raccoon's column; copied Movement moves a card other than the raccoon.
    s = make(hands=(["raccoon"], []), board={(0, 1): ["brown-bear"], (1, 1): ["heron"], (1, 0): ["otter"]})
    act(s, "play raccoon col2", "copy col2 card1")
    assert legal(s) == ["claw col2 card1", "skip"]
    t = make(hands=(["raccoon"], []), board={(0, 0): ["heron"]})
    act(t, "play raccoon col1", "copy col1 card1")
    moves = legal(t)
    assert "move col1 card1 col2" in moves and not any(m.startswith("move col1 card2") for m in moves)


def test_rv_7_rv_8_copy_offers_only_effects_that_can_act_from_the_raccoon() -> None:
    # RV-7: no legal target, nothing to decide. A copied Claw needs an opposing card in the raccoon's
    # column; a copied Lightning needs room there and a card in hand.
    s = make(hands=(["raccoon"], []), board={(0, 0): ["brown-bear", "lynx"], (1, 1): ["otter"]})
    act(s, "play raccoon col1")  # third card: no room for Lightning, no opposing card for Claw
    assert s.view(0)["pending"] == {"type": "catch", "column": 1}  # straight on to the fish check
    t = make(hands=(["raccoon", "otter"], []), board={(0, 0): ["lynx"]})  # Lightning can act: room left
    act(t, "play raccoon col1")
    assert legal(t) == ["copy col1 card1", "skip"]


def test_rv_9_check_8_lightning_as_third_card_plays_nothing_more() -> None:
    # RV-9, check 8.
    s = make(hands=(["lynx", "otter"], []), board={(0, 0): [("heron", 0, 1), ("heron", 0, 1)]})
    act(s, "play lynx col1")
    assert s.stack == [] and s.hands[0] == [code("otter")]
    assert caught(s, 0) == 1  # the fish check followed at once (the lynx's space)


def test_rv_10_movement_only_to_columns_with_room() -> None:
    # RV-10: the target column must hold fewer than 3 of your cards; the heron itself does not move.
    s = make(hands=(["heron"], []), board={(0, 1): ["otter", "otter", "otter"], (0, 2): ["lynx"]})
    act(s, "play heron col1")
    moves = legal(s)
    assert not any(m.endswith("col2") for m in moves)
    assert "move col3 card1 col1" in moves and "move col1 card1 col3" not in moves
    assert "move col2 card1 col4" in moves


def test_rv_11_attacker_chooses_which_opposing_card() -> None:
    # RV-11: any opposing card in the same column may be the target.
    s = make(hands=(["brown-bear"], []), board={(1, 0): ["otter", "heron", "lynx"], (1, 1): ["heron"]})
    act(s, "play brown-bear col1")
    assert legal(s) == ["claw col1 card1", "claw col1 card2", "claw col1 card3", "skip"]
    act(s, "claw col1 card2")
    assert side(s, 1, 0) == [("otter", 0, 0), ("lynx", 0, 0)]


def test_rv_12_check_7_fish_on_a_removed_card_return_to_their_owner() -> None:
    # RV-12, check 7.
    s = make(hands=(["brown-bear"], []), board={(1, 0): [("otter", 0, 2)]}, supply=(8, 5))
    act(s, "play brown-bear col1", "claw col1 card1")
    assert s.supply[1] == 7 and caught(s, 1) == 1


def test_rv_13_removed_cards_go_face_up_to_the_owners_pile_and_stay_there() -> None:
    # RV-13: a removed pile per owner, public, never reshuffled into the draw pile.
    s = make(hands=(["brown-bear"], ["otter"]), board={(1, 0): ["heron"]}, piles=(["otter"], ["lynx"]))
    act(s, "play brown-bear col1", "claw col1 card1")
    assert s.removed == [[], [code("heron", 1)]]
    assert s.view(0)["removed"] == [[], ["heron"]] and s.view(None)["removed"][1] == ["heron"]
    act(s, "draw")
    assert s.piles[1] == [] and s.removed[1] == [code("heron", 1)]


def test_rv_14_quick_catch_needs_no_three_cards_and_the_check_still_runs() -> None:
    # RV-14: Quick Catch is extra: no 3-card need, no comparison; the end check adds its own fish.
    s = make(hands=(["otter"], []), board={(1, 0): ["polar-bear", "polar-bear"]})
    act(s, "play otter col1", "fish col1 card1")
    assert caught(s, 0) == 1 and s.active == 1
    t = make(hands=(["otter"], []), board={(0, 0): ["heron", "heron"]})
    act(t, "play otter col1", "fish col1 card3")
    assert caught(t, 0) == 1 and t.view(0)["pending"] == {"type": "catch", "column": 1}
    act(t, "fish col1 card3")
    assert caught(t, 0) == 2 and side(t, 0, 0)[2] == ("otter", 0, 2)


def test_rv_15_check_11_last_fish_by_quick_catch_mid_chain_ends_the_game() -> None:
    # RV-15, check 11: the game stops at once, even inside a Lightning chain.
    s = make(hands=(["lynx", "otter", "brown-bear"], []), supply=(1, 8), board={(1, 0): ["heron"]})
    act(s, "play lynx col1", "play otter col1", "fish col1 card2")
    assert s.phase == Phase.OVER and s.is_over and s.winners() == [0] and s.returns() == [1.0, -1.0]
    assert s.stack == [] and s.legal_actions() == []
    with pytest.raises(riverbox.GameOver):
        act(s, "skip")


def test_check_11_last_fish_in_the_end_check_ends_the_game() -> None:
    # check 11: also in the end-of-turn check (other columns are not checked).
    s = make(
        hands=(["otter"], []),
        supply=(1, 8),
        board={(0, 0): [("otter", 0, 2), ("heron", 0, 1), "heron"], (0, 1): ["heron", "heron", "heron"]},
    )
    act(s, "draw")
    assert s.is_over and s.winners() == [0] and s.scores() == [8.0, 0.0]


def test_rv_16_only_the_active_player_checks() -> None:
    # RV-16: the opponent's winning full column gives them nothing on your turn.
    s = make(hands=(["otter"], ["otter"]), board={(1, 0): [("polar-bear", 0, 1), ("heron", 0, 1), "heron"]})
    act(s, "draw")
    assert caught(s, 1) == 0 and s.active == 1
    act(s, "draw")
    assert caught(s, 1) == 1


def test_rv_17_check_2_equal_totals_catch() -> None:
    # RV-17, check 2: the active player wins ties.
    s = make(
        hands=(["otter"], []),
        board={(0, 0): [("heron", 0, 1), ("beaver", 0, 1), "otter"], (1, 0): ["brown-bear", "heron"]},
    )
    assert s.view(None)["strength"][0][0] == s.view(None)["strength"][1][0] == 5
    act(s, "draw")
    assert caught(s, 0) == 1


def test_check_5_up_to_four_fish_in_one_check() -> None:
    # check 5: one fish per qualifying column, four columns.
    board = {(0, c): [("heron", 0, 1), ("heron", 0, 1), "heron"] for c in range(4)}
    s = make(hands=(["otter"], []), board=board)
    act(s, "draw")
    assert caught(s, 0) == 4


def test_rv_18_check_9_hand_limit_draws() -> None:
    # RV-18, check 9: 7 in hand -> no draw; 6 -> exactly 1; a one-card pile -> 1; empty pile -> no draw.
    full = make(hands=(["otter"] * 7, []))
    assert "draw" not in legal(full)
    six = make(hands=(["otter"] * 6, []))
    act(six, "draw")
    assert len(six.hands[0]) == 7 and len(six.piles[0]) == 4
    short = make(hands=(["otter"], []), piles=(["lynx"], ["otter"]))
    act(short, "draw")
    assert len(short.hands[0]) == 2 and short.piles[0] == []
    empty = make(hands=(["otter"], []), piles=([], ["otter"]))
    assert "draw" not in legal(empty)
    two = make(hands=(["otter"], []))
    act(two, "draw")
    assert len(two.hands[0]) == 3


def test_rv_18_full_hand_draw_option_draws_nothing() -> None:
    # RV-18 named option full_hand_draw="empty": the draw action stays legal at the limit and draws nothing.
    s = make(hands=(["otter"] * 7, []), full_hand_draw="empty")
    act(s, "draw")
    assert len(s.hands[0]) == 7 and len(s.piles[0]) == 5 and s.active == 1


def test_rv_19_empty_pile_alone_does_not_end_the_game() -> None:
    # RV-19: seat 1 plays on from hand with an empty pile.
    s = make(hands=(["otter"], ["heron"]), piles=(["otter"], []))
    act(s, "draw")
    assert not s.is_over and s.active == 1 and legal(s) == [f"play heron col{c}" for c in range(1, 5)]


def test_rv_19_check_10_no_hand_and_no_pile_loses() -> None:
    # RV-19, check 10: the player to act with neither hand nor pile loses at once.
    s = make(hands=(["otter"], []), piles=(["otter"], []))
    act(s, "draw")
    assert s.is_over and s.winners() == [1 - 1] and s.returns() == [1.0, -1.0]


def test_rv_20_cards_but_no_action_loses_by_default() -> None:
    # RV-20 default stuck="lose": all four sides full and no draw possible.
    board = {(1, c): ["otter", "otter", "otter"] for c in range(4)}
    s = make(hands=(["otter"], ["heron"]), piles=(["otter"], []), board=board)
    act(s, "draw")
    assert s.is_over and s.winners() == [0]


def test_rv_20_pass_option() -> None:
    # RV-20 named option stuck="pass": a stuck player passes; two idle turns in a row end the game on
    # fish caught (nothing can change any more).
    board = {(side, c): [("heron", 0, 1)] * 3 for side in (0, 1) for c in range(4)}
    s = make(hands=(["otter"], ["heron"]), piles=([], []), board=board, stuck="pass", supply=(5, 6))
    assert legal(s) == ["pass"]
    act(s, "pass")
    assert not s.is_over and s.active == 1 and legal(s) == ["pass"]
    act(s, "pass")
    assert s.is_over and s.winners() == [0]
    t = make(hands=(["otter"], ["heron"]), piles=([], []), board=board, supply=(5, 6))
    assert legal(t) == ["pass"]  # mid-game (set up directly) the only move; RV-20 applies at turn start
    act(t, "pass")
    assert t.is_over and t.winners() == [0]  # seat 1 starts its turn stuck: it loses (default)


def test_rv_24_both_sets_have_the_same_composition() -> None:
    # RV-24.
    assert [c % K for c in set_cards(0)] == [c % K for c in set_cards(1)]
    assert len(set_cards(0)) == 18


def test_setup_opening_hands_and_supplies() -> None:
    # RB setup: the starting player draws 4, the other 5; 8 fish each, 8 shields.
    s = riverbox.load("river-rivals").new_state(5)
    v = s.view(None)
    assert v["hand_sizes"] == [4, 5] and v["pile_sizes"] == [14, 13]
    assert v["fish_supply"] == [8, 8] and v["shield_supply"] == 8 and s.to_move == (0,)
    assert all(len(side) == 0 for sides in v["board"] for side in sides)


def test_play_is_limited_to_three_cards_per_side() -> None:
    # RB playing area: at most 3 of your cards per column side.
    s = make(hands=(["otter"], []), board={(0, 0): ["heron", "heron", "heron"], (1, 1): ["otter"] * 3})
    assert "play otter col1" not in legal(s) and "play otter col2" in legal(s)
    with pytest.raises(riverbox.IllegalAction, match="3-card limit"):
        act(s, "play otter col1")


def test_content_kinds_cover_every_effect_once() -> None:
    # spec 1.3 placeholder design: one kind per effect plus a plain polar bear.
    effects = [k.effect for k in KINDS]
    assert sorted(e for e in effects if e) == sorted(
        ["quick-catch", "movement", "shield", "claw", "lightning", "copy"]
    )


def test_check_1_pure_scoring_functions_on_the_rulebook_example() -> None:
    # check 1 with the pure functions: 1 + (shield +1) + 2 + 2 = 6 against 3 + 2 = 5.
    from riverbox.games.river_rivals import catches, free_spaces, side_strength

    mine = [(code("otter"), 1, 0), (code("heron"), 0, 0), (code("beaver"), 0, 0)]
    theirs = [(code("brown-bear", 1), 0, 0), (code("heron", 1), 0, 0)]
    assert side_strength(mine) == 6 and side_strength(theirs) == 5
    assert catches(mine, theirs) and free_spaces(mine) == [0, 1, 2]
    assert not catches(mine[:2], [])  # RV-1: two cards never catch
    assert not catches([(c, sh, 9) for c, sh, _ in mine], theirs)  # RV-2: no free space


def test_module_doctest() -> None:
    import doctest

    import riverbox.games.river_rivals as module

    assert doctest.testmod(module).failed == 0


def test_spec_1_3_placeholder_set_plays_as_expected_between_greedy_players() -> None:
    # spec 1.3 "expected behaviour": greedy players end every game with an 8th fish after about
    # 22 turns, and the starting player wins about half of them.
    game = riverbox.load("river-rivals")
    turns, starts, by_fish, n = [], 0, 0, 120
    for i in range(n):
        bots = [game.heuristic_bot(i), game.heuristic_bot(i + 50_000)]
        s = game.new_state(9_000 + i)
        while not s.is_over:
            seat = s.to_move[0]
            s.apply(bots[seat].act(s, seat), seat)
        turns.append(s.turn)
        starts += s.winners() == [0]
        by_fish += max(s.scores()) == 8
    assert by_fish >= n - 2
    assert 15 <= sum(turns) / n <= 30
    assert 0.3 <= starts / n <= 0.7


def test_first_option_swaps_the_starting_roles() -> None:
    # RB setup: the starting player draws 4, the other 5; in Advanced Mode the starter picks first
    # and gets the last card.
    s = riverbox.load("river-rivals", first=1).new_state(3)
    assert s.to_move == (1,) and s.view(None)["hand_sizes"] == [5, 4]
    a = riverbox.load("river-rivals", mode="advanced", first=1).new_state(3)
    offer = a.view(None)["offer"]
    assert a.to_move == (1,)
    act(a, f"pick {offer[0]}")
    assert a.to_move == (0,)
    act(a, f"pick {offer[1]}", f"pick {offer[2]}")
    assert [e["id"] for e in a.view(None)["equipment"][1]] == [offer[0], offer[3]]
    assert a.to_move == (1,)


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


def test_rv_7_chain_limit_counts_per_turn() -> None:
    # RV-7 option chain_limit=1: the count starts again each turn (one extra card this turn, one next turn).
    s = make(hands=(["lynx"] * 4, ["otter"]), chain_limit=1)
    act(s, "play lynx col1", "play lynx col1")
    assert s.active == 1
    act(s, "draw", "play lynx col2")
    assert legal(s) == ["play lynx col2", "skip"]
