"""The shared conformance testkit, notation, ids, hidden information and determinize."""

from __future__ import annotations

import json
import random

import pytest

import riverbox
from riverbox.core.testkit import check_game
from riverbox.games.ravenous_river import ANIMALS, RavenousRiver
from riverbox.games.ravenous_river.actions import ACTIONS, NUM_ACTION_IDS

from .helpers import act, position


@pytest.mark.parametrize("players", range(2, 8))
def test_testkit_passes(players: int) -> None:
    report = check_game(riverbox.load("ravenous-river", players=players), games=20, seed=players)
    assert report.games == 20 and report.resampled > 0 and report.illegal_checks > 0


def test_testkit_passes_with_a_short_target() -> None:
    report = check_game(
        riverbox.load("ravenous-river", players=3, target=2, first_player=1), games=10, seed=9, deep_every=3
    )
    assert report.games == 10


def test_registry_and_info() -> None:
    game = riverbox.load("ravenous-river")
    assert isinstance(game, RavenousRiver)
    info = game.info
    assert (info.min_players, info.max_players, info.default_players) == (2, 7, 4)
    assert info.perfect_information is False
    assert "ravenous-river" in [g.name for g in riverbox.games()]
    with pytest.raises(ValueError, match="2 to 7 players"):
        riverbox.load("ravenous-river", players=8)


def test_action_ids_and_notation_round_trip() -> None:
    game = riverbox.load("ravenous-river")
    assert game.num_action_ids == NUM_ACTION_IDS == len(ACTIONS)
    texts = set()
    for i in range(game.num_action_ids):
        a = game.action_from_id(i)
        assert game.action_id(a) == i
        assert game.parse_action(str(a)) is a
        texts.add(str(a))
    assert len(texts) == game.num_action_ids
    assert game.parse_action("  KEEP fox lion ") == game.parse_action("keep lion fox")
    assert game.parse_action("peek row5 row2") == game.parse_action("peek row2 row5")
    with pytest.raises(AttributeError):
        game.parse_action("skip").op = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        game.action_from_id(NUM_ACTION_IDS)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "empty"),
        ("fly away", "start with one of"),
        ("move wolf boat1 lookout", "'wolf' is not an animal"),
        ("place boat3", "place bank | place boat1"),
        ("vote maybe", "vote end | vote continue"),
    ],
)
def test_parse_errors_are_helpful(text: str, hint: str) -> None:
    with pytest.raises(ValueError, match=hint):
        riverbox.load("ravenous-river").parse_action(text)


def test_errors_name_the_rule_and_change_nothing() -> None:
    st = position(boats=(("lion", "bull"), ()), hands=[["lookout"], ["lookout"], [], []])
    before = st.to_json()
    for text, rule in [
        ("place bank", "look at a row animal first"),  # RR-13
        ("move fox boat2 lookout", "Move never involves the row|already there|moving costs"),  # RR-14
        ("vote end", "a vote happens only when"),  # RR-18
        ("sail boat1", "play the card first"),  # RR-15
        ("keep lion bull", "totems are kept only during 2-player round setup"),  # RR-26
    ]:
        with pytest.raises(riverbox.IllegalAction, match=rule):
            act(st, text)
        assert st.to_json() == before


def test_views_hide_hands_totems_and_unseen_row_cards() -> None:
    st = riverbox.load("ravenous-river", players=4).new_state(3)
    seat = st.to_move[0]
    for s in range(4):
        v = st.view(s)
        assert v["hand"] is not None and len(v["hand"]) == 2 and len(v["totems"]) == 1
        assert v["row"] == ["?"] * 7 and v["hand_sizes"] == [2, 2, 2, 2]
        others = [t for o in range(4) if o != s for t in st.totems[o]]
        text = json.dumps({k: v[k] for k in v if k not in ("totems",)})
        for t in others:
            assert ANIMALS[t] not in text
    pub = st.view(None)
    assert pub["hand"] is None and pub["totems"] is None
    st.apply(st.game.parse_action("look row1"), seat)
    assert st.view(seat)["row"][0] != "?"
    assert all(st.view(s)["row"][0] == "?" for s in range(4) if s != seat)


def test_determinize_redeals_only_what_the_seat_cannot_see() -> None:
    st = position(
        hands=[["lookout", "capsize"], ["lookout", "wash-ashore"], ["making-waves"], ["crosscurrent"]],
        totems=[["lion"], ["bull"], ["horse"], ["hound"]],
    )
    act(st, "look row3")
    act(st, "return capsize")
    worlds = [st.determinize(1, random.Random(i)) for i in range(30)]
    assert all(w.view(1) == st.view(1) for w in worlds)
    assert all(w.totems[1] == st.totems[1] and w.hands[1] == st.hands[1] for w in worlds)
    assert len({tuple(w.totems[0]) for w in worlds}) > 1
    assert len({tuple(w.hands[2] + w.hands[3]) for w in worlds}) > 1
    assert len({w.row[2] for w in worlds}) > 1  # seat 1 never saw row3
    # seat 0 saw row3: it stays put in seat 0's worlds
    assert {st.determinize(0, i).row[2] for i in range(20)} == {st.row[2]}
    # a determinized world cannot be recorded, but plays on
    w = worlds[0]
    with pytest.raises(ValueError):
        w.record()
    w.apply(w.legal_actions()[0])


def test_determinize_two_players_respects_the_returned_totem_and_hides_keeps() -> None:
    # RR-26: the other player's kept totems are secret: resampled, and hidden in the history
    st = riverbox.load("ravenous-river", players=2).new_state(8)
    st.apply(st.legal_actions(1)[0], 1)
    st.apply(st.legal_actions(0)[1], 0)
    mine = set(st.drawn[0])
    for i in range(30):
        w = st.determinize(0, i)
        assert not mine & set(w.drawn[1]) and set(w.totems[1]) <= set(w.drawn[1])
        theirs = [str(a) for s, a in w.history if s == 1]
        assert theirs == ["hidden"]
        assert [str(a) for s, a in w.history if s == 0] == [str(st.history[-1][1])]
    assert len({tuple(st.determinize(0, i).totems[1]) for i in range(30)}) > 1


def test_replay_and_json_round_trip_of_a_whole_game() -> None:
    game = riverbox.load("ravenous-river", players=5)
    st = game.new_state(77)
    r = random.Random(1)
    while not st.is_over:
        seat = r.choice(st.to_move)
        st.apply(r.choice(st.legal_actions(seat)), seat)
    rec = json.loads(json.dumps(st.record()))
    assert riverbox.replay(rec).to_json() == st.to_json()
    assert game.state_from_json(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()
    assert len(st.winners()) == 1


def test_history_shows_secret_outcomes_only_to_their_seat() -> None:
    st = riverbox.load("ravenous-river", players=3).new_state(2)
    chances = [a for s, a in st.history if s == riverbox.CHANCE]
    assert chances[1].visible_to == frozenset()  # type: ignore[union-attr]  # the shuffled deal: nobody
    assert [c.visible_to for c in chances[2:5]] == [frozenset({0}), frozenset({1}), frozenset({2})]  # type: ignore[union-attr]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_cached_views_equal_fresh_views(players: int) -> None:
    # views reuse unchanged parts from step to step; a clone (no caches) must see the same
    game = riverbox.load("ravenous-river", players=players)
    r = random.Random(players)
    for seed in range(3):
        st = game.new_state(seed)
        while not st.is_over:
            for s in (*range(players), None):
                assert st.view(s) == st.clone().view(s)
            seat = r.choice(st.to_move)
            st.apply(r.choice(st.legal_actions(seat)), seat)
        for s in (*range(players), None):
            assert st.view(s) == st.clone().view(s)


def test_states_and_actions_pickle_and_copy() -> None:
    # simulate --workers and Ray ship states between processes; actions stay singletons
    import copy
    import pickle

    st = riverbox.load("ravenous-river", players=3).new_state(2)
    r = random.Random(1)
    for _ in range(20):
        seat = st.to_move[0]
        st.apply(r.choice(st.legal_actions(seat)), seat)
    st.view(0)
    back = pickle.loads(pickle.dumps(st))
    assert back.to_json() == st.to_json() and back.view(1) == st.view(1)
    assert back.legal_actions() == st.legal_actions()
    a = st.legal_actions()[0]
    assert pickle.loads(pickle.dumps(a)) is a and copy.deepcopy(a) is a and copy.copy(a) is a
