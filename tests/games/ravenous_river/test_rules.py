"""Rulings RR-1 ... RR-29 and the rule checks of spec §3, on hand-built positions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import riverbox
from riverbox.games.ravenous_river.cards import CARDS, DECK, DECK_SIZE
from riverbox.games.ravenous_river.effects import SAILED, SUNK
from riverbox.games.ravenous_river.state import KEEP, TURN, VOTE

from .helpers import act, legal, names, position

SEVEN = ["lion", "bull", "horse", "hound", "fox", "cat", "mouse"]


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
    rnd = st.round_log[-1]
    assert rnd[4] == [SAILED, 0]
    # boat 1: horse eats hound (+1); home: bull eats horse (+1), bull survives at home (+2)
    assert rnd[7] == [3, 1, 0, 1]  # lion stayed in the row: 1 VP (RR-4)


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
    assert st.phase == VOTE and st.to_move == (0, 1, 2, 3)


def test_rr_4_row_animals_score_one_at_round_end() -> None:
    # RR-4: animals left in the row neither eat nor are eaten and score 1 VP each
    st = position(
        bank=("cat",),
        hands=[["lookout"], [], [], []],
        totems=[["fox"], ["cat"], ["mouse"], ["lion"]],
    )
    act(st, "discard lookout")
    assert st.round_log[-1][7] == [1, 1, 1, 1]  # fox in the row does not eat the cat on the bank


def test_rr_5_all_seven_on_the_bank_score_nothing_in_game() -> None:
    # RR-5 in a whole round: every animal is eaten
    st = position(row=[None] * 7, bank=tuple(SEVEN), hands=[["lookout"], [], [], []])
    act(st, "discard lookout")
    assert st.round_log[-1][7] == [0, 0, 0, 0]


@pytest.mark.parametrize("players", range(2, 8))
def test_rr_6_check_7_row_starts_every_round_with_all_seven(players: int) -> None:
    # RR-6, spec §3 check 7: a fresh face-down row of all 7 animals every round
    st = riverbox.load("ravenous-river", players=players).new_state(players)
    seen_rounds = set()
    r = random.Random(players)
    while not st.is_over and len(seen_rounds) < 3:
        if st.rnd not in seen_rounds and st.phase in (KEEP, TURN) and st.bank == [] and st.rmask == 127:
            seen_rounds.add(st.rnd)
            assert sorted(st.row) == list(range(7)) and st.up == 0 and st.known == [0] * 7
            view = st.view(0)
            assert view["row"] == ["?"] * 7
        seat = r.choice(st.to_move)
        st.apply(r.choice(st.legal_actions(seat)), seat)
    assert len(seen_rounds) >= 2


def test_rr_7_totems_secret_and_redealt_each_round() -> None:
    # RR-7: one secret totem each, re-dealt every round; views show only one's own
    st = riverbox.load("ravenous-river", players=5).new_state(11)
    first = [list(t) for t in st.totems]
    assert all(len(t) == 1 for t in first) and len({t[0] for t in first}) == 5
    for s in range(5):
        assert st.view(s)["totems"] == names(st.totems[s])
        others = {a for o in range(5) if o != s for a in names(st.totems[o])}
        assert not others & set(st.view(s)["totems"])
    assert st.view(None)["totems"] is None
    deals = []
    r = random.Random(3)
    while not st.is_over:
        if st.rnd > len(deals):
            deals.append([list(t) for t in st.totems])
        seat = r.choice(st.to_move)
        st.apply(r.choice(st.legal_actions(seat)), seat)
    assert len(deals) >= 2
    # each round's deal is recorded privately for its seat only
    dealt = [c for _, c in st.history if str(c).startswith("seat 0 gets totem")]
    assert len(dealt) == len(deals) and all(c.visible_to == frozenset({0}) for c in dealt)  # type: ignore[union-attr]


def test_rr_8_and_check_5_unowned_animals_pay_nobody() -> None:
    # RR-8, spec §3 check 5: 3 players, the lion is nobody's; its 3 VP go nowhere
    st = position(
        players=3,
        row=[None] * 7,
        bank=("lion", "bull", "horse", "hound", "fox"),
        boats=(("cat",), ("mouse",)),
        hands=[["lookout"], [], []],
        totems=[["bull"], ["cat"], ["mouse"]],
    )
    act(st, "discard lookout")
    # bank: lion eats bull..fox (+4) and survives (+1) but nobody holds the lion
    # boats: cat and mouse alone; home: cat eats mouse (+1) and survives (+2)
    assert st.round_log[-1][7] == [0, 3, 0]


@pytest.mark.parametrize("players", range(2, 8))
def test_rr_9_hands_dealt_once_per_round(players: int) -> None:
    # RR-9: 2 cards each (4 at 2 players), no drawing during the round
    st = riverbox.load("ravenous-river", players=players).new_state(1)
    per = 4 if players == 2 else 2
    assert [len(h) for h in st.hands] == [per] * players
    assert len(st.deck) == DECK_SIZE - per * players
    total = st.cards_left
    r = random.Random(0)
    rnd = st.rnd
    while st.rnd == rnd:
        before = sum(len(h) for h in st.hands)
        seat = r.choice(st.to_move)
        st.apply(r.choice(st.legal_actions(seat)), seat)
        if st.rnd == rnd:
            assert sum(len(h) for h in st.hands) <= before <= total


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rr_10_check_11_next_round_starts_with_the_last_player(players: int) -> None:
    # RR-10, spec §3 check 11: the round ends as soon as every hand is empty; the player who took
    # the last turn starts the next round
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[1] = ["lookout"]
    st = position(
        players=players,
        hands=hands,
        turn=1,
        totems=None if players != 2 else [["lion", "bull"], ["horse", "hound"]],
    )
    rnd = st.rnd
    act(st, "discard lookout")
    assert st.rnd == rnd + 1
    if players == 2:
        assert st.phase == KEEP
        for s in (0, 1):
            st.apply(st.legal_actions(s)[0], s)
    assert st.phase == TURN and st.to_move == (1,)


def test_rr_10_first_player_of_round_one_is_random_and_recorded() -> None:
    firsts = {riverbox.load("ravenous-river", players=4).new_state(seed).to_move[0] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    st = riverbox.load("ravenous-river", players=4).new_state(5)
    assert str(st.history[0][1]) == f"seat {st.to_move[0]} goes first (RR-10)"


def test_rr_11_check_12_both_boats_back_empty_each_round() -> None:
    # RR-11, spec §3 check 12: a sunk or sailed boat is back, empty and in play, next round
    st = position(boats=(("lion", "bull"), ()), bstate=(SAILED, SUNK), hands=[["lookout"], [], [], []])
    act(st, "discard lookout")
    assert st.boats == [[], []] and st.bstate == [0, 0] and st.bank == []
    assert st.view(0)["boat_status"] == ["in play", "in play"]


def test_rr_12_vp_supply_is_unlimited() -> None:
    # RR-12: scores are plain integers with no cap (36 tokens are not a limit)
    st = position(
        row=[None] * 7,
        bank=("lion", "bull", "horse", "hound", "fox", "cat"),
        boats=(("mouse",), ()),
        hands=[["lookout"], [], [], []],
        totems=[["lion"], ["mouse"], ["cat"], ["fox"]],
        scores=[40, 0, 0, 0],
        target=99,
    )
    act(st, "discard lookout")
    assert st.score[0] == 40 + 6


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


def test_rr_13_check_8_no_cards_means_the_looked_at_animal_must_be_placed() -> None:
    # RR-13, spec §3 check 8: returning needs a discard; an empty hand must place
    st = position(hands=[[], ["lookout"], [], []])
    act(st, "look row1")
    assert all(a.startswith("place") for a in legal(st))
    with pytest.raises(riverbox.IllegalAction, match="costs a discard and your hand is empty"):  # RR-13
        act(st, "return lookout")


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


def test_rr_14_no_move_without_cards() -> None:
    st = position(bank=("lion",), hands=[[], ["lookout"], [], []])
    assert not any(a.startswith("move") for a in legal(st))
    with pytest.raises(riverbox.IllegalAction, match="moving costs a discard"):  # RR-14
        act(st, "move lion boat1 lookout")


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


def test_rr_16_empty_handed_player_must_place() -> None:
    # RR-16: not skipped; while the row has animals the only action is Place
    st = position(hands=[[], ["lookout"], [], []])
    assert all(a.startswith("look") for a in legal(st))


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
    assert st.phase == VOTE and st.turn == 1
    # without full boats, it simply passes to the next seat with cards
    st = position(
        row=[None] * 7,
        bank=("lion", "bull", "horse", "hound"),
        boats=(("fox",), ("cat", "mouse")),
        hands=[["lookout", "capsize"], [], [], ["lookout"]],
    )
    act(st, "discard capsize")
    assert st.phase == TURN and st.to_move == (3,)


def test_rr_17_check_8_boats_hold_two() -> None:
    # RR-17: a full boat accepts no Place and no Move
    st = position(boats=(("lion", "bull"), ("horse",)), hands=[["lookout"], ["lookout"], [], []])
    act(st, "look row1")
    assert "place boat1" not in legal(st) and "place boat2" in legal(st)
    with pytest.raises(riverbox.IllegalAction, match="a boat holds two animals"):  # RR-17
        act(st, "place boat1")
    act(st, "place boat2")
    assert len(st.boats[1]) == 2


def test_rr_18_check_10_vote_trigger() -> None:
    # RR-18: only an empty-handed player ending a turn with every boat in play full triggers a vote
    full = (("lion", "bull"), ("horse", "hound"))
    st = position(boats=full, hands=[["lookout", "capsize"], ["lookout"], [], []])
    act(st, "discard lookout")  # still holds a card: no vote
    assert st.phase == TURN and st.to_move == (1,)
    act(st, "discard lookout")  # empty-handed, boats full: vote
    assert st.phase == VOTE and st.to_move == (0, 1, 2, 3)
    # boats not full: no vote
    st = position(boats=(("lion", "bull"), ("horse",)), hands=[["lookout"], ["lookout"], [], []])
    act(st, "discard lookout")
    assert st.phase == TURN
    # after both boats have sunk or sailed, every empty-handed turn-end votes
    st = position(
        boats=(("lion", "bull"), ()), bstate=(SAILED, SUNK), hands=[["lookout"], ["lookout"], [], []]
    )
    act(st, "discard lookout")
    assert st.phase == VOTE
    # and a vote can happen again and again
    for s in range(4):
        act(st, "vote continue", s)
    assert st.phase == TURN and st.to_move == (1,)


def test_rr_19_check_10_majority_ends_tie_continues_votes_secret() -> None:
    # RR-19: secret simultaneous vote; strict majority of all players ends the round; a tie continues
    full = (("lion", "bull"), ("horse", "hound"))
    st = position(boats=full, hands=[["lookout"], ["capsize"], ["lookout"], []])
    act(st, "discard lookout")
    act(st, "vote end", 0)
    v1 = st.view(1)
    assert v1["voted"] == [True, False, False, False] and v1["my_vote"] is None
    assert "end" not in json.dumps({k: v1[k] for k in ("voted", "my_vote", "last_vote")})
    assert st.view(0)["my_vote"] == "end"
    # determinize for seat 1 resamples seat 0's secret vote and hides it in the history (RR-19)
    worlds = [st.determinize(1, seed) for seed in range(20)]
    assert {w.votes[0] for w in worlds} == {0, 1}
    assert {str(w.history[-1][1]) for w in worlds} == {"hidden"}
    assert str(st.determinize(0, 1).history[-1][1]) == "vote end"  # a seat still sees its own vote
    act(st, "vote end", 2)
    act(st, "vote continue", 1)
    act(st, "vote continue", 3)
    # tie 2-2: play continues with the next player after the one who triggered the vote
    assert st.phase == TURN and st.to_move == (1,)
    assert st.view(3)["last_vote"] == {
        "round": 1,
        "votes": ["end", "continue", "end", "continue"],
        "end": 2,
        "continue": 2,
        "round_ended": False,
    }
    # majority: 3 of 4
    st = position(boats=full, hands=[["lookout"], ["capsize"], [], []], turn=0)
    rnd = st.rnd
    act(st, "discard lookout")
    for s, v in enumerate(["end", "end", "continue", "end"]):
        act(st, f"vote {v}", s)
    assert st.rnd == rnd + 1 and st.round_log[-1][1] == "vote"
    assert st.to_move == (0,)  # RR-10: the seat whose turn triggered the vote took the last turn


def test_rr_20_check_10_two_players_never_vote() -> None:
    # RR-20: no vote in 2-player games, even with both boats full and an empty hand
    st = position(players=2, boats=(("lion", "bull"), ("horse", "hound")), hands=[["lookout"], ["capsize"]])
    act(st, "discard lookout")
    assert st.phase == TURN and st.to_move == (1,)
    assert "vote end" not in legal(st)
    with pytest.raises(riverbox.IllegalAction, match="2-player games have no vote"):  # RR-20
        act(st, "vote end")


def test_rr_21_round_ends_when_every_hand_is_empty_even_with_animals_in_the_row() -> None:
    # RR-21: checked right after the turn that used the last card
    st = position(hands=[["lookout"], [], [], []])
    rnd = st.rnd
    act(st, "discard lookout")
    assert st.rnd == rnd + 1
    assert len(st.round_log[-1][5]) == 7  # all seven animals were still in the row (RR-4)
    assert "reveal" in " ".join(str(a) for _, a in st.history[-12:])


def test_rr_22_rr_25_game_pays_the_rulebook_example_to_totem_owners() -> None:
    # RR-22 (order) and RR-25 (the player whose totem it is gets the VP), 7 players
    st = position(
        players=7,
        row=[None] * 7,
        bank=("cat", "mouse", "bull"),
        boats=(("hound", "fox"), ("lion", "horse")),
        hands=[["lookout"]] + [[] for _ in range(6)],
        totems=[["cat"], ["bull"], ["hound"], ["horse"], ["lion"], ["fox"], ["mouse"]],
    )
    act(st, "discard lookout")
    assert st.round_log[-1][7] == [2, 1, 1, 3, 2, 0, 0]
    report = st.view(None)["last_round"]
    assert report["animal_vp"]["horse"] == 3
    assert any("horse eats hound" in line for line in report["lines"])


def test_rr_23_chain_in_game_lion_scores_the_chain() -> None:
    # RR-23 / RB example on the bank in a real round
    st = position(
        bank=("lion", "bull", "horse"),
        hands=[["lookout"], [], [], []],
        totems=[["lion"], ["bull"], ["horse"], ["mouse"]],
    )
    act(st, "discard lookout")
    assert st.round_log[-1][7] == [3, 0, 0, 1]


def test_rr_24_boat_points_kept_in_game() -> None:
    # RR-24: the fox eats the cat in boat 1 (+1) and is then eaten by the hound at home
    st = position(
        boats=(("fox", "cat"), ("hound",)),
        hands=[["lookout"], [], [], []],
        totems=[["fox"], ["hound"], ["cat"], ["lion"]],
    )
    act(st, "discard lookout")
    assert st.round_log[-1][7] == [1, 3, 0, 1]


def test_rr_26_check_6_two_players_keep_two_and_totem_eats_totem() -> None:
    # RR-26: draw 3, keep 2 (a pending decision, simultaneous and secret); both totems score
    st = riverbox.load("ravenous-river", players=2).new_state(4)
    assert st.phase == KEEP and st.to_move == (0, 1)
    assert len(st.drawn[0]) == 3 and len(legal(st, 0)) == 3
    assert all(a.startswith("keep") for a in legal(st, 1))
    act(st, legal(st, 1)[0], 1)
    assert st.to_move == (0,) and st.view(0)["kept"] == [False, True]
    assert st.view(0)["totems"] == []
    act(st, legal(st, 0)[2], 0)
    assert st.phase == TURN and all(len(t) == 2 for t in st.totems)
    assert len({t for ts in st.totems for t in ts}) == 4
    # totem eats totem (spec §3 check 6)
    st = position(
        players=2, bank=("fox", "cat"), hands=[["lookout"], []], totems=[["fox", "cat"], ["lion", "bull"]]
    )
    act(st, "discard lookout")
    # seat 0: fox 1 (chain) + 1 (survives), cat 0; seat 1: lion 1 + bull 1 still in the row
    assert st.round_log[-1][7] == [2, 2]


def test_rr_26_keep_is_refused_outside_setup_and_for_undrawn_totems() -> None:
    st = riverbox.load("ravenous-river", players=2).new_state(4)
    missing = next(a for a in range(7) if a not in st.drawn[0])
    other = st.drawn[0][0]
    x, y = sorted([missing, other])
    with pytest.raises(riverbox.IllegalAction, match="only two of the three totems you drew"):  # RR-26
        act(st, f"keep {names([x])[0]} {names([y])[0]}", 0)
    with pytest.raises(riverbox.IllegalAction, match="first keep two of your three drawn totems"):  # RR-26
        act(st, "look row1", 0)


def test_rr_29_check_13_win_needs_target_and_a_unique_top_score() -> None:
    # RR-29: >= 6 and strictly more than everyone else
    def finish(scores: list[int], totems: list[list[str]]) -> riverbox.State:
        st = position(
            row=[None] * 7,
            bank=("lion",),
            boats=(("bull",), ("horse",)),
            hands=[["lookout"], [], [], []],
            totems=totems,
            scores=scores,
        )
        act(st, "discard lookout")
        return st

    # lion +1 (bank survivor); bull eats horse at home: bull +1 +2
    st = finish([5, 0, 0, 0], [["lion"], ["fox"], ["cat"], ["mouse"]])
    assert st.is_over and st.winners() == [0] and st.scores()[0] == 6.0
    assert st.returns() == [1.0, -1.0, -1.0, -1.0]
    st = finish([4, 0, 0, 0], [["lion"], ["fox"], ["cat"], ["mouse"]])
    assert not st.is_over  # 5 VP never wins at the default target
    st = finish([5, 3, 0, 0], [["lion"], ["bull"], ["cat"], ["mouse"]])
    assert not st.is_over and st.score[:2] == [6, 6]  # tie at the top: another round
    st = finish([5, 4, 0, 0], [["lion"], ["bull"], ["cat"], ["mouse"]])
    assert st.is_over and st.winners() == [1] and st.score[:2] == [6, 7]
    with pytest.raises(riverbox.GameOver):
        act(st, "look row1")


def test_rr_29_target_is_an_option() -> None:
    g = riverbox.load("ravenous-river", players=3, target=9)
    assert g.options == {"target": 9, "first_player": -1}
    assert riverbox.load("ravenous-river").options == {"target": 6, "first_player": -1}
    assert riverbox.load("ravenous-river").players == 4
    with pytest.raises(ValueError, match="target"):
        riverbox.load("ravenous-river", target="many")
    st = position(
        row=[None] * 7,
        bank=("lion",),
        hands=[["lookout"], [], [], []],
        scores=[8, 0, 0, 0],
        target=9,
        totems=[["bull"], ["fox"], ["cat"], ["mouse"]],
    )
    act(st, "discard lookout")
    assert not st.is_over


def test_check_14_deck_data_file() -> None:
    # spec §3 check 14 / §1.3b: 7 kinds x 2 = 14; kinds 4-7 and the copy counts are placeholders
    raw = json.loads(
        (Path(riverbox.__file__).parent / "games/ravenous_river/data/action_cards.json").read_text()
    )
    assert sum(c["copies"]["value"] for c in raw["cards"]) == 14 == DECK_SIZE == len(DECK)
    assert [c["placeholder"] for c in raw["cards"]] == [False] * 3 + [True] * 4
    assert all(c["copies"]["placeholder"] is True for c in raw["cards"])
    assert [c.name for c in CARDS[:3]] == ["ride-across-the-river", "making-waves", "sinking-options"]


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


def test_rr_10_players_may_choose_the_first_player() -> None:
    # RR-10: option first_player (default -1: random)
    for seat in range(3):
        st = riverbox.load("ravenous-river", players=3, first_player=seat).new_state(9)
        assert st.to_move == (seat,)
    with pytest.raises(ValueError, match="first_player=3 is not a seat"):
        riverbox.load("ravenous-river", players=3, first_player=3)
