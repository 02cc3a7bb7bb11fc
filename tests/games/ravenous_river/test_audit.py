"""Rules audit: tests added after mutation testing found rules no test pinned down, plus secrecy of
secret actions in determinized histories and bad input. Each test cites its ruling."""

from __future__ import annotations

import random

import pytest

import riverbox
from riverbox.core import Chance
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.effects import SAILED, SUNK
from riverbox.games.ravenous_river.state import TURN, VOTE

from .helpers import act, legal, names, position


# -- rules that no test pinned down before ---------------------------------------------------------
def test_rr_14_boat_to_boat_move_is_refused_even_when_the_other_boat_has_room() -> None:
    # RR-14: boat -> boat is forbidden, also when the target boat is not full
    st = position(boats=(("lion",), ("hound",)), hands=[["capsize", "lookout"], ["lookout"], [], []])
    moves = sorted(a for a in legal(st) if a.startswith("move"))
    assert moves == [
        "move hound bank capsize",
        "move hound bank lookout",
        "move lion bank capsize",
        "move lion bank lookout",
    ]
    before = st.to_json()
    with pytest.raises(riverbox.IllegalAction, match=r"cannot move from one boat to another"):
        act(st, "move hound boat1 lookout")
    assert st.to_json() == before


def test_rr_3_rr_17_sunk_boat_takes_no_place_and_no_move() -> None:
    # RR-3 / spec 1.3b: a sunk boat is gone for the round: nothing is placed or moved into it
    st = position(
        bank=("bull",), boats=(("lion",), ()), bstate=(0, SUNK), hands=[["capsize"], ["lookout"], [], []]
    )
    assert "move bull boat2 capsize" not in legal(st) and "move bull boat1 capsize" in legal(st)
    with pytest.raises(riverbox.IllegalAction, match="boat2 has sunk"):
        act(st, "move bull boat2 capsize")
    act(st, "look row1")
    assert legal(st) == ["place bank", "place boat1", "return capsize"]
    with pytest.raises(riverbox.IllegalAction, match="boat2 has sunk"):
        act(st, "place boat2")


def test_rr_3_sinking_options_needs_an_empty_boat() -> None:
    # RR-3 (INFERRED 'empty'): a boat holding one animal cannot be sunk
    st = position(boats=(("lion",), ("bull",)), hands=[["sinking-options"], ["lookout"], [], []])
    assert "play sinking-options" not in legal(st)
    with pytest.raises(riverbox.IllegalAction, match=r"an empty boat still in play"):
        act(st, "play sinking-options")
    st = position(boats=(("lion",), ()), hands=[["sinking-options"], ["lookout"], [], []])
    act(st, "play sinking-options")
    assert legal(st) == ["sink boat2"]


def test_rr_1_ride_across_needs_a_full_boat() -> None:
    # RR-1: only a full boat sails; one animal is not enough
    st = position(boats=(("lion",), ()), hands=[["ride-across-the-river"], ["lookout"], [], []])
    assert "play ride-across-the-river" not in legal(st)
    with pytest.raises(riverbox.IllegalAction, match=r"a full boat still in play"):
        act(st, "play ride-across-the-river")
    st = position(
        boats=(("lion",), ("bull", "horse")), hands=[["ride-across-the-river"], ["lookout"], [], []]
    )
    act(st, "play ride-across-the-river")
    assert legal(st) == ["sail boat2"]


def test_rr_28_no_card_targets_a_sailed_boat() -> None:
    # RR-28 / spec 1.3b: a sailed boat is frozen: Capsize, Making Waves and Crosscurrent skip it
    row: list[str | None] = ["cat", "mouse", "fox", None, None, None, None]
    hands = [["capsize", "making-waves", "crosscurrent"], ["lookout"], [], []]
    st = position(row=row, up=(0,), boats=(("horse", "hound"), ("lion",)), bstate=(SAILED, 0), hands=hands)
    assert "play crosscurrent" not in legal(st)
    act(st, "play capsize")
    assert legal(st) == ["capsize boat2"]
    st = position(row=row, up=(0,), boats=(("horse", "hound"), ("lion",)), bstate=(SAILED, 0), hands=hands)
    act(st, "play making-waves")
    assert legal(st) == ["swap lion row1"]
    assert st.game.describe_action(st.legal_actions()[0], st) == (
        "Swap the lion (in a boat) with the face-up cat in row slot 1"
    )
    # only the sailed boat holds animals: Making Waves has no target at all
    st = position(row=row, up=(0,), boats=(("horse", "hound"), ()), bstate=(SAILED, 0), hands=hands)
    assert "play making-waves" not in legal(st) and "play capsize" not in legal(st)


def test_placeholder_lookout_looks_only_at_face_down_animals() -> None:
    # spec 1.3b kind 4: a face-up row animal is not a Lookout target
    st = position(up=(0,), hands=[["lookout"], ["lookout"], [], []])
    act(st, "play lookout")
    assert not any("row1" in a for a in legal(st))
    assert "peek row2 row3" in legal(st)


def test_rr_13_returning_a_face_up_row_animal_puts_it_face_down_known_to_every_player() -> None:
    # RR-13: a returned animal goes back face down; a face-up one was seen by every player
    st = position(up=(0,), hands=[["capsize", "lookout"], ["lookout"], [], []])
    act(st, "look row1")
    act(st, "return capsize")
    assert not st.up & 1
    for s in range(4):
        assert st.view(s)["row"][0] == "lion"
    assert st.view(None)["row"][0] == "?"
    assert st.view(2)["row_seen_by"][0] == [0, 1, 2, 3]  # the 4 real seats, no others


def test_rr_16_empty_handed_player_with_animals_in_the_row_is_not_skipped() -> None:
    # RR-16: after seat 0's turn, empty-handed seat 1 still takes its turn: it must Place
    st = position(hands=[["lookout", "capsize"], [], ["lookout"], []])
    act(st, "discard capsize")
    assert st.phase == TURN and st.to_move == (1,)
    assert legal(st) == [f"look row{i}" for i in range(1, 8)]


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
    assert st.phase == VOTE and st.turn == 1
    for s in range(4):
        act(st, "vote end", s)
    assert st.rnd == rnd + 1 and st.to_move == (1,)


def test_rr_21_round_end_beats_the_vote_when_the_last_card_is_used() -> None:
    # RR-21: the last card in anyone's hand ends the round at once, even with every boat full
    st = position(boats=(("lion", "bull"), ("horse", "hound")), hands=[["lookout"], [], [], []])
    rnd = st.rnd
    act(st, "discard lookout")
    assert st.rnd == rnd + 1 and st.round_log[-1][1] == "hands"


def test_rr_13_placing_shows_the_animal_to_everyone() -> None:
    # RR-13: the placed animal is face up: a public chance outcome that no seat's history hides
    st = position(hands=[["lookout"], ["lookout"], [], []])
    animal = names([st.row[3]])[0]
    act(st, "look row4")
    act(st, "place bank")
    shown = st.history[-1][1]
    assert isinstance(shown, Chance) and shown.visible_to is None and shown.text == f"row4 is {animal}"
    for s in (1, 2, None):
        assert str(st.determinize(s, 1).history[-1][1]) == f"row4 is {animal}"
        assert f"seat 0 puts the {animal} face up on the bank." in st.game.narrate(st, s, 0)


# -- secret actions in history (core hook action_visibility) ---------------------------------------
def test_action_visibility_marks_votes_and_keeps_only() -> None:
    game = riverbox.load("ravenous-river", players=3)
    for a in A.ACTIONS:
        vis = game.action_visibility(a, 2)
        assert vis == (frozenset({2}) if a.op in (A.VOTE, A.KEEP) else None), str(a)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_determinize_never_shows_another_seats_vote_or_keep(players: int) -> None:
    # RR-19 (votes secret until revealed together) and RR-26 (kept totems secret): in the history of
    # determinize(seat) no vote or keep of another seat is readable; its own stay; to_json round-trips
    game = riverbox.load("ravenous-river", players=players)
    r = random.Random(players)
    secret_seen = 0
    for seed in range(4):
        st = game.new_state(seed)
        step = 0
        while not st.is_over:
            if step % 7 == 0 or st.phase == VOTE:
                for seat in (*range(players), None):
                    det = st.determinize(seat, r.randrange(1 << 30))
                    for (s, a), (s0, a0) in zip(det.history, st.history, strict=True):
                        assert s == s0
                        secret = getattr(a0, "op", -1) in (A.VOTE, A.KEEP)
                        if s != seat and secret:
                            assert isinstance(a, Chance) and a.text == "hidden" and a.visible_to == {s}
                            secret_seen += 1
                        elif s == seat:
                            assert a is a0
                    assert game.state_from_json(det.to_json()).to_json() == det.to_json()
                    assert game.narrate(det, seat, 0) == game.narrate(st, seat, 0)
            seat = r.choice(st.to_move)
            st.apply(r.choice(st.legal_actions(seat)), seat)
            step += 1
    assert secret_seen > 0


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
    assert st.game.narrate(st, 3, len(st.history) - 1) == [
        "Votes revealed: seat 0 END, seat 1 CONTINUE, seat 2 END, seat 3 CONTINUE."
        " 2 end, 2 continue: play continues (a tie: play goes on)."
    ]


# -- bad input --------------------------------------------------------------------------------------
def test_apply_refuses_what_is_not_an_action() -> None:
    st = position(hands=[["lookout"], ["lookout"], [], []])
    before = st.to_json()
    for bad in ("look row1", 3, None):
        with pytest.raises(riverbox.IllegalAction, match="not a Ravenous River action"):
            st.apply(bad)  # type: ignore[arg-type]
    assert st.to_json() == before


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


def test_errors_read_the_same_in_every_world_the_seat_considers() -> None:
    # no hidden information in error messages: they depend only on what the acting seat knows
    game = riverbox.load("ravenous-river", players=4)
    r = random.Random(5)
    for seed in range(3):
        st = game.new_state(seed)
        for _ in range(12 + 5 * seed):
            if st.is_over:
                break
            seat = st.to_move[0]
            st.apply(r.choice(st.legal_actions(seat)), seat)
        if st.is_over:
            continue
        seat = st.to_move[0]
        legal_now = set(st.legal_actions(seat))
        wrong = [a for a in A.ACTIONS if a not in legal_now]
        mine = [st.explain_illegal(a, seat) for a in wrong]
        for k in range(4):
            det = st.determinize(seat, k)
            assert [det.explain_illegal(a, seat) for a in wrong] == mine


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "target"),
        ({"first_player": -2}, "first_player"),
        ({"first_player": 4}, "first_player=4 is not a seat"),
        ({"colour": "red"}, "colour"),
        ({"players": 1}, "2 to 7 players"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, object], message: str) -> None:
    opts = dict(options)
    players = opts.pop("players", 4)
    with pytest.raises(ValueError, match=message):
        riverbox.load("ravenous-river", players=players, **opts)


# -- presentation ---------------------------------------------------------------------------------
def _text(st: riverbox.State, seat: int | None) -> str:
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(st.game.render(st, seat))
    return out.getvalue()


def test_table_shows_turn_food_chain_home_and_own_look() -> None:
    st = position(hands=[["lookout"], ["lookout", "capsize"], [], []])
    text = _text(st, 0)
    assert "seat 0 (you): 0 VP, 1 card  <- to move" in text and "seat 1: 0 VP, 2 cards" in text
    assert "lion > bull > horse > hound > fox > cat > mouse > lion" in text and "Home:" in text
    act(st, "look row2")
    assert "You are looking at the bull from row slot 2" in _text(st, 0)
    assert "seat 0 is looking at row slot 2" in _text(st, 1) and "bull" not in _text(st, 1).split("Row:")[1]


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
    lines = st.view(None)["last_round"]["lines"]
    assert "At the end: bank cat mouse bull; boat 1 hound fox; boat 2 lion horse." in lines
    assert "Survivors on the bank, +1 each: bull (nobody's), cat (seat 0)." in lines
    assert "Survivors at home, +2 each: lion (seat 2), horse (seat 1)." in lines
    assert (
        "Scored: seat 0 +2 (total 2), seat 1 +3 (total 3), seat 2 +2 (total 2), seat 3 +0 (total 0)." in lines
    )


def test_menus_and_log_use_card_titles_without_ruling_ids() -> None:
    game = riverbox.load("ravenous-river", players=3)
    st = game.new_state(3)
    play = A.PLAY_A[2]  # Sinking Options
    assert "RR-" not in game.describe_action(play, st)
    dealt = [line for line in game.narrate(st, 0, 0) if line.startswith("You (seat 0) get the")]
    assert (
        len(dealt) == 1 and "as your totem; cards: " in dealt[0] and "-" not in dealt[0].split("cards: ")[1]
    )


def test_bot_render_and_tensor_leave_shared_views_untouched() -> None:
    # views are shared between calls (cached): readers must never change them
    import copy

    game = riverbox.load("ravenous-river", players=3)
    st = game.new_state(6)
    bot = game.heuristic_bot(1)
    r = random.Random(6)
    while not st.is_over:
        seat = r.choice(st.to_move)
        views = {s: st.view(s) for s in (0, 1, 2, None)}
        frozen = copy.deepcopy(views)
        action = bot.act(st, seat)
        for s in (0, 1, 2, None):
            _text(st, s)
            if s is not None:
                game.observation_tensor(st.view(s))
        assert views == frozen and {s: st.view(s) for s in views} == frozen
        st.apply(action, seat)


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


def test_two_player_keep_menu_warns_when_one_totem_eats_the_other() -> None:
    # RR-26: a totem can eat the other totem; the keep menu says so
    game = riverbox.load("ravenous-river", players=2)
    st = game.new_state(4)
    assert game.describe_action(A.KEEP_A[0][6], st).endswith("(the mouse eats the lion wherever they meet)")
    assert game.describe_action(A.KEEP_A[0][4], st) == "Keep the lion and the fox as your totems"
    assert "Your totems: choose two of" in _text(st, 0)


@pytest.mark.parametrize("players", range(2, 8))
def test_rr_22_rr_25_every_round_of_random_games_pays_the_reference_score(players: int) -> None:
    # RR-22 ... RR-26, RR-8: each finished round pays each seat the reference VP of its totem(s),
    # recomputed from the zones in the round log with the literal reading of the rulings
    from riverbox.games.ravenous_river.scoring import ANIMALS

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
        for _rnd, _how, bank, boats, bstate, row, totems, gains, score in st.round_log:
            crossing = [[ANIMALS[x] for x in boats[b]] for b in (0, 1) if bstate[b] != SUNK]
            assert all(not boats[b] for b in (0, 1) if bstate[b] == SUNK)  # only empty boats sink
            vp = ref_round([ANIMALS[x] for x in bank], crossing, [ANIMALS[x] for x in row])
            assert (
                len({t for ts in totems for t in ts})
                == sum(len(ts) for ts in totems)
                == (4 if players == 2 else players)
            )
            assert gains == [sum(vp[ANIMALS[t]] for t in ts) for ts in totems]
            total = [a + b for a, b in zip(total, gains, strict=True)]
            assert score == total
            assert sorted([*bank, *boats[0], *boats[1], *row]) == list(range(7))
            rounds += 1
        best = max(st.score)
        assert best >= 6 and st.score.count(best) == 1 and st.winners() == [st.score.index(best)]
        for entry in st.round_log[:-1]:  # RR-29: no earlier round ended the game
            prior = entry[-1]
            assert max(prior) < 6 or prior.count(max(prior)) > 1
    assert rounds >= 6
