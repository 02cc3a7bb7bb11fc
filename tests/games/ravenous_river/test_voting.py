"""The secret vote to end a round (RR-18, RR-19, RR-20)."""

from __future__ import annotations

import json

import pytest

import riverbox
from riverbox.games.ravenous_river.position import SAILED, SUNK, Phase

from .helpers import act, legal, play_until, position, report, said, screen


def test_rr_18_check_10_vote_trigger() -> None:
    # RR-18: only an empty-handed player ending a turn with every boat in play full triggers a vote
    full = (("lion", "bull"), ("horse", "hound"))
    st = position(boats=full, hands=[["lookout", "capsize"], ["lookout"], [], []])
    act(st, "discard lookout")  # still holds a card: no vote
    assert st.phase == Phase.TURN and st.to_move == (1,)
    act(st, "discard lookout")  # empty-handed, boats full: vote
    assert st.phase == Phase.VOTE and st.to_move == (0, 1, 2, 3)
    # boats not full: no vote
    st = position(boats=(("lion", "bull"), ("horse",)), hands=[["lookout"], ["lookout"], [], []])
    act(st, "discard lookout")
    assert st.phase == Phase.TURN
    # after both boats have sunk or sailed, every empty-handed turn-end votes
    st = position(
        boats=(("lion", "bull"), ()), bstate=(SAILED, SUNK), hands=[["lookout"], ["lookout"], [], []]
    )
    act(st, "discard lookout")
    assert st.phase == Phase.VOTE
    # and a vote can happen again and again
    for s in range(4):
        act(st, "vote continue", s)
    assert st.phase == Phase.TURN and st.to_move == (1,)


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
    assert st.phase == Phase.TURN and st.to_move == (1,)
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
    assert st.rnd == rnd + 1 and report(st)["how"] == "vote"
    assert st.to_move == (0,)  # RR-10: the seat whose turn triggered the vote took the last turn


def test_vote_reveal_is_public_and_names_every_seat() -> None:
    # RR-19: once all have voted the votes are shown together; the reveal is public history
    st = position(boats=(("lion", "bull"), ("horse", "hound")), hands=[["lookout"], ["capsize"], [], []])
    act(st, "discard lookout")
    for s, v in enumerate(["end", "continue", "end", "continue"]):
        act(st, f"vote {v}", s)
    text = (
        "vote: seat 0 end, seat 1 continue, seat 2 end, seat 3 continue; 2 end, 2 continue -> play continues"
    )
    assert str(st.history[-1][1]) == text
    assert str(st.determinize(3, 0).history[-1][1]) == text
    assert said(st, 3)[-1:] == [
        "Votes revealed: seat 0 END, seat 1 CONTINUE, seat 2 END, seat 3 CONTINUE."
        " 2 end, 2 continue: play continues (a tie: play goes on)."
    ]


def test_the_log_hides_votes_until_all_are_in() -> None:
    st = position(boats=(("lion", "bull"), ("horse", "hound")), hands=[["lookout"], ["capsize"], [], []])
    act(st, "discard lookout")
    start = {s: len(st.log(s)) for s in (1, 2, None)}
    act(st, "vote end", 2)
    assert said(st, 1, start[1]) == ["seat 2 has voted in secret."]
    assert said(st, None, start[None]) == ["seat 2 has voted in secret."]
    assert said(st, 2, start[2]) == ["You (seat 2) vote END."]
    assert st.log(1)[-1] == {"kind": "voted", "seat": 2}  # who voted, not how
    for s in (0, 1, 3):
        act(st, "vote continue", s)
    # RR-19: the votes are revealed together, in one line naming every seat's choice
    assert said(st, 1, start[1])[-1] == (
        "Votes revealed: seat 0 CONTINUE, seat 1 CONTINUE, seat 2 END, seat 3 CONTINUE."
        " 1 end, 3 continue: play continues."
    )
    assert said(st, 1, start[1])[0] == "seat 2 has voted in secret."
    # the same log in seat 1's determinized world, where seat 2's vote is re-dealt
    assert st.determinize(1, 3).log(1) == st.log(1)


def test_rr_19_last_vote_from_an_earlier_round_is_labelled_with_its_round() -> None:
    def earlier_vote(s: riverbox.State) -> bool:
        v = s.view(None)
        return bool(v["last_vote"]) and v["last_vote"]["round"] < v["round"]

    for seed in range(40):
        st = play_until(4, seed, earlier_vote)
        if earlier_vote(st):
            break
    else:
        raise AssertionError("no game in 40 seeds had a vote in an earlier round")
    v = st.view(0)
    text = screen(st, 0)
    assert f"Earlier vote (round {v['last_vote']['round']}, revealed)" in text
    assert "Last vote:" not in text


def test_rr_20_check_10_two_players_never_vote() -> None:
    # RR-20: no vote in 2-player games, even with both boats full and an empty hand
    st = position(players=2, boats=(("lion", "bull"), ("horse", "hound")), hands=[["lookout"], ["capsize"]])
    act(st, "discard lookout")
    assert st.phase == Phase.TURN and st.to_move == (1,)
    assert "vote end" not in legal(st)
    with pytest.raises(riverbox.IllegalAction, match="2-player games have no vote"):  # RR-20
        act(st, "vote end")


def test_rr_10_rr_16_a_passed_turn_is_the_last_turn_for_the_next_round() -> None:
    # RR-16: seat 1 cannot act (no cards, empty row) but its turn-end votes; the vote ends the round,
    # so seat 1 took the last turn and starts the next round (RR-10)
    st = position(
        row=[None] * 7,
        bank=("lion", "bull", "horse"),
        boats=(("hound", "fox"), ("cat", "mouse")),
        hands=[["lookout", "capsize"], [], ["lookout"], []],
    )
    rnd = st.rnd
    act(st, "discard capsize")
    assert st.phase == Phase.VOTE and st.turn == 1
    for s in range(4):
        act(st, "vote end", s)
    assert st.rnd == rnd + 1 and st.to_move == (1,)


def test_out_of_turn_and_vote_misuse_change_nothing() -> None:
    st = position(boats=(("lion", "bull"), ("horse", "hound")), hands=[["lookout"], ["capsize"], [], []])
    before = st.to_json()
    with pytest.raises(riverbox.IllegalAction, match="not seat 2's turn; seat 0 is to move"):
        act(st, "discard capsize", 2)
    with pytest.raises(riverbox.IllegalAction, match=r"only when an empty-handed player .*"):
        act(st, "vote end")
    assert st.to_json() == before
    act(st, "discard lookout")  # empty hand, boats full: the vote starts
    before = st.to_json()
    with pytest.raises(riverbox.IllegalAction, match="act at the same time; name the seat"):
        act(st, "vote end")
    with pytest.raises(riverbox.IllegalAction, match=r"'vote end' or 'vote continue'"):
        act(st, "discard capsize", 1)
    assert st.to_json() == before
    act(st, "vote end", 1)
    before = st.to_json()
    with pytest.raises(riverbox.IllegalAction, match="seat 1 has nothing to do now") as err:
        act(st, "vote continue", 1)  # a second vote
    assert "end" not in str(err.value).replace("vote continue", "")  # seat 1's own vote is not echoed
    assert st.to_json() == before
