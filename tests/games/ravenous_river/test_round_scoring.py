"""The end of a round in play: when it ends, the report, who scores, who wins (RR-4 ... RR-29)."""

from __future__ import annotations

import random

import pytest

import riverbox
from riverbox.games.ravenous_river.position import SUNK
from riverbox.games.ravenous_river.scoring import ANIMALS, ScoreStep, score_round

from .helpers import act, position, report, said

SEVEN = list(ANIMALS)


def test_rr_21_round_ends_when_every_hand_is_empty_even_with_animals_in_the_row() -> None:
    # RR-21: checked right after the turn that used the last card
    st = position(hands=[["lookout"], [], [], []])
    rnd = st.rnd
    act(st, "discard lookout")
    assert st.rnd == rnd + 1
    assert len(report(st)["row"]) == 7  # all seven animals were still in the row (RR-4)
    assert "reveal" in " ".join(str(a) for _, a in st.history[-12:])


def test_rr_21_round_end_beats_the_vote_when_the_last_card_is_used() -> None:
    # RR-21: the last card in anyone's hand ends the round at once, even with every boat full
    st = position(boats=(("lion", "bull"), ("horse", "hound")), hands=[["lookout"], [], [], []])
    rnd = st.rnd
    act(st, "discard lookout")
    assert st.rnd == rnd + 1 and report(st)["how"] == "hands"


def test_rr_4_row_animals_score_one_at_round_end() -> None:
    # RR-4: animals left in the row neither eat nor are eaten and score 1 VP each
    st = position(
        bank=("cat",),
        hands=[["lookout"], [], [], []],
        totems=[["fox"], ["cat"], ["mouse"], ["lion"]],
    )
    act(st, "discard lookout")
    assert report(st)["gains"] == [1, 1, 1, 1]  # fox in the row does not eat the cat on the bank


def test_rr_5_all_seven_on_the_bank_score_nothing_in_game() -> None:
    # RR-5 in a whole round: every animal is eaten
    st = position(row=[None] * 7, bank=tuple(SEVEN), hands=[["lookout"], [], [], []])
    act(st, "discard lookout")
    assert report(st)["gains"] == [0, 0, 0, 0]


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
    assert report(st)["gains"] == [0, 3, 0]


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
    assert report(st)["gains"] == [2, 1, 1, 3, 2, 0, 0]
    assert report(st)["gains"][3] == 3  # seat 3 holds the horse
    assert any("horse eats hound" in line for line in said(st))


def test_rr_23_chain_in_game_lion_scores_the_chain() -> None:
    # RR-23 / RB example on the bank in a real round
    st = position(
        bank=("lion", "bull", "horse"),
        hands=[["lookout"], [], [], []],
        totems=[["lion"], ["bull"], ["horse"], ["mouse"]],
    )
    act(st, "discard lookout")
    assert report(st)["gains"] == [3, 0, 0, 1]


def test_rr_24_boat_points_kept_in_game() -> None:
    # RR-24: the fox eats the cat in boat 1 (+1) and is then eaten by the hound at home
    st = position(
        boats=(("fox", "cat"), ("hound",)),
        hands=[["lookout"], [], [], []],
        totems=[["fox"], ["hound"], ["cat"], ["lion"]],
    )
    act(st, "discard lookout")
    assert report(st)["gains"] == [1, 3, 0, 1]


def test_round_report_says_where_animals_stood_and_splits_survivors() -> None:
    # RR-22 step 4: bank survivors +1, home survivors +2; RR-4 row animals +1
    st = position(
        bank=("cat", "mouse", "bull"),
        boats=(("hound", "fox"), ("lion", "horse")),
        row=[None] * 7,
        hands=[["lookout"], [], [], []],
        totems=[["cat"], ["horse"], ["lion"], ["fox"]],
    )
    act(st, "discard lookout")
    lines = said(st)
    assert "At the end: bank cat mouse bull; boat 1 hound fox; boat 2 lion horse." in lines
    assert "Survivors on the bank, +1 each: bull (nobody's), cat (seat 0)." in lines
    assert "Survivors at home, +2 each: lion (seat 2), horse (seat 1)." in lines
    assert (
        "Scored: seat 0 +2 (total 2), seat 1 +3 (total 3), seat 2 +2 (total 2), seat 3 +0 (total 0)." in lines
    )


def test_the_round_report_is_public_and_stays_in_every_log() -> None:
    st = position(
        bank=("cat", "mouse"), hands=[["lookout"], [], [], []], totems=[["cat"], ["mouse"], ["lion"], ["fox"]]
    )
    act(st, "discard lookout")
    done = report(st, 2)
    assert done["totems"] == [["cat"], ["mouse"], ["lion"], ["fox"]]  # revealed to all (RR-21)
    assert done["gains"] == [2, 0, 1, 1]
    assert "On the bank: cat eats mouse; cat (seat 0) +1." in said(st, 2)
    act(st, "look row1")  # the report stays in every log during the next round
    for seat in (0, None):
        assert report(st, seat)["gains"] == [2, 0, 1, 1]


def test_rr_3_sunk_boat_1_keeps_boat_2_its_number_in_scoring_events() -> None:
    events: list[ScoreStep] = []
    score_round([], [None, ["mouse", "lion"]], events=events)
    steps = {e[0] for e in events if e[1] == "eats"}
    assert steps == {"boat2"}


def test_rr_3_round_report_names_boat_2_after_boat_1_sank() -> None:
    st = position(4, boats=((), ("mouse", "lion")), bstate=(SUNK, 0), hands=[["lookout"], [], [], []])
    act(st, "discard lookout")
    lines = said(st)
    assert "In boat 2: mouse eats lion; mouse (nobody's) +1." in lines or any(
        x.startswith("In boat 2: mouse eats lion") for x in lines
    )
    assert not any(x.startswith("In boat 1") for x in lines)


@pytest.mark.parametrize("players", range(2, 8))
def test_rr_22_rr_25_every_round_of_random_games_pays_the_reference_score(players: int) -> None:
    # RR-22 ... RR-26, RR-8: each finished round pays each seat the reference VP of its totem(s),
    # recomputed from the zones in the round log with the literal reading of the rulings
    from .test_properties import ref_round

    game = riverbox.load("ravenous-river", players=players)
    r = random.Random(players)
    rounds = 0
    for seed in range(6):
        st = game.new_state(seed)
        total = [0] * players
        while not st.is_over:
            seat = r.choice(st.to_move)
            st.apply(r.choice(st.legal_actions(seat)), seat)
        ends = [e for e in st.log(None) if e["kind"] == "round_scored"]
        for scored in ends:
            bank, boats, row, totems = scored["bank"], scored["boats"], scored["row"], scored["totems"]
            crossing = [boats[b] for b in (0, 1) if scored["status"][b] != "sunk"]
            assert all(not boats[b] for b in (0, 1) if scored["status"][b] == "sunk")  # only empty boats sink
            vp = ref_round(bank, crossing, row)
            assert (
                len({t for ts in totems for t in ts})
                == sum(len(ts) for ts in totems)
                == (4 if players == 2 else players)
            )
            assert scored["gains"] == [sum(vp[t] for t in ts) for ts in totems]
            total = [a + b for a, b in zip(total, scored["gains"], strict=True)]
            assert scored["scores"] == total
            assert sorted([*bank, *boats[0], *boats[1], *row]) == sorted(ANIMALS)
            rounds += 1
        best = max(st.score)
        assert best >= 6 and st.score.count(best) == 1 and st.winners() == [st.score.index(best)]
        for scored in ends[:-1]:  # RR-29: no earlier round ended the game
            prior = scored["scores"]
            assert max(prior) < 6 or prior.count(max(prior)) > 1
    assert rounds >= 6


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
