"""Round setup, the first player, the deal, totems and options (RR-6, RR-7, RR-9 ... RR-11, RR-26, RR-29)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import riverbox
from riverbox.games.ravenous_river.content import CARDS, DECK, DECK_SIZE
from riverbox.games.ravenous_river.position import SAILED, SUNK, Phase

from .helpers import act, legal, names, position, report


@pytest.mark.parametrize("players", range(2, 8))
def test_rr_6_check_7_row_starts_every_round_with_all_seven(players: int) -> None:
    # RR-6, spec §3 check 7: a fresh face-down row of all 7 animals every round
    st = riverbox.load("ravenous-river", players=players).new_state(players)
    seen_rounds = set()
    r = random.Random(players)
    while not st.is_over and len(seen_rounds) < 3:
        if (
            st.rnd not in seen_rounds
            and st.phase in (Phase.KEEP, Phase.TURN)
            and st.bank == []
            and st.rmask == 127
        ):
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
        assert st.phase == Phase.KEEP
        for s in (0, 1):
            st.apply(st.legal_actions(s)[0], s)
    assert st.phase == Phase.TURN and st.to_move == (1,)


def test_rr_10_first_player_of_round_one_is_random_and_recorded() -> None:
    firsts = {riverbox.load("ravenous-river", players=4).new_state(seed).to_move[0] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    st = riverbox.load("ravenous-river", players=4).new_state(5)
    assert str(st.history[0][1]) == f"seat {st.to_move[0]} goes first (RR-10)"


def test_rr_10_players_may_choose_the_first_player() -> None:
    # RR-10: option first_player (default -1: random)
    for seat in range(3):
        st = riverbox.load("ravenous-river", players=3, first_player=seat).new_state(9)
        assert st.to_move == (seat,)
    with pytest.raises(ValueError, match="first_player=3 is not a seat"):
        riverbox.load("ravenous-river", players=3, first_player=3)


def test_rr_11_check_12_both_boats_back_empty_each_round() -> None:
    # RR-11, spec §3 check 12: a sunk or sailed boat is back, empty and in play, next round
    st = position(boats=(("lion", "bull"), ()), bstate=(SAILED, SUNK), hands=[["lookout"], [], [], []])
    act(st, "discard lookout")
    assert st.boats == [[], []] and st.bstate == [0, 0] and st.bank == []
    assert st.view(0)["boat_status"] == ["in play", "in play"]


def test_rr_26_check_6_two_players_keep_two_and_totem_eats_totem() -> None:
    # RR-26: draw 3, keep 2 (a pending decision, simultaneous and secret); both totems score
    st = riverbox.load("ravenous-river", players=2).new_state(4)
    assert st.phase == Phase.KEEP and st.to_move == (0, 1)
    assert len(st.drawn[0]) == 3 and len(legal(st, 0)) == 3
    assert all(a.startswith("keep") for a in legal(st, 1))
    act(st, legal(st, 1)[0], 1)
    assert st.to_move == (0,) and st.view(0)["kept"] == [False, True]
    assert st.view(0)["totems"] == []
    act(st, legal(st, 0)[2], 0)
    assert st.phase == Phase.TURN and all(len(t) == 2 for t in st.totems)
    assert len({t for ts in st.totems for t in ts}) == 4
    # totem eats totem (spec §3 check 6)
    st = position(
        players=2, bank=("fox", "cat"), hands=[["lookout"], []], totems=[["fox", "cat"], ["lion", "bull"]]
    )
    act(st, "discard lookout")
    # seat 0: fox 1 (chain) + 1 (survives), cat 0; seat 1: lion 1 + bull 1 still in the row
    assert report(st)["gains"] == [2, 2]


def test_rr_26_keep_is_refused_outside_setup_and_for_undrawn_totems() -> None:
    st = riverbox.load("ravenous-river", players=2).new_state(4)
    missing = next(a for a in range(7) if a not in st.drawn[0])
    other = st.drawn[0][0]
    x, y = sorted([missing, other])
    with pytest.raises(riverbox.IllegalAction, match="only two of the three totems you drew"):  # RR-26
        act(st, f"keep {names([x])[0]} {names([y])[0]}", 0)
    with pytest.raises(riverbox.IllegalAction, match="first keep two of your three drawn totems"):  # RR-26
        act(st, "look row1", 0)


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


def test_check_14_deck_data_file() -> None:
    # spec §3 check 14 / §1.3b: 7 kinds x 2 = 14; kinds 4-7 and the copy counts are placeholders
    raw = json.loads(
        (Path(riverbox.__file__).parent / "games/ravenous_river/data/action_cards.json").read_text()
    )
    assert sum(c["copies"]["value"] for c in raw["cards"]) == 14 == DECK_SIZE == len(DECK)
    assert [c["placeholder"] for c in raw["cards"]] == [False] * 3 + [True] * 4
    assert all(c["copies"]["placeholder"] is True for c in raw["cards"])
    assert [c.name for c in CARDS[:3]] == ["ride-across-the-river", "making-waves", "sinking-options"]
