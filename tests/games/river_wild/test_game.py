"""River Wild against the shared contract: testkit, notation, ids, JSON, views, hooks and bots."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest
from rich.console import Console

import riverbox
from riverbox.core.testkit import check_game
from riverbox.games.river_wild import Place, RiverWild
from riverbox.games.river_wild.bot import GreedyBot, LookaheadBot, play
from riverbox.games.river_wild.scoring import rank_name

from .helpers import game, reloaded, rigged


def test_testkit_default_options() -> None:
    report = check_game(riverbox.load("river-wild"), games=600, seed=1)
    assert report.games == 600 and report.resampled > 0 and report.illegal_checks > 0
    assert report.max_length == 16 and report.winners == {0: 600}


@pytest.mark.parametrize(
    "options",
    [
        {"strict_top_river": True},
        {"runestone_counts_for_all_goals": True},
        {"source_counts_for_size": False},
    ],
)
def test_testkit_other_options(options: dict[str, bool]) -> None:
    report = check_game(riverbox.load("river-wild", **options), games=25, seed=2)
    assert report.games == 25


def test_game_info() -> None:
    g = riverbox.load("river-wild")
    assert isinstance(g, RiverWild)
    info = g.info
    assert (info.name, info.min_players, info.max_players, info.perfect_information) == (
        "river-wild",
        1,
        1,
        False,
    )
    with pytest.raises(ValueError, match="played by 1 players, not 2"):
        riverbox.load("river-wild", players=2)
    with pytest.raises(ValueError, match="valid options"):
        riverbox.load("river-wild", colour="red")


def test_every_action_id_round_trips_through_notation() -> None:
    g = game()
    assert g.num_action_ids == 16 * 2 * 288
    seen = set()
    for i in range(g.num_action_ids):
        a = g.action_from_id(i)
        assert g.action_id(a) == i
        assert g.parse_action(str(a)) is a
        seen.add(str(a))
    assert len(seen) == g.num_action_ids
    assert str(g.action_from_id(0)) == "place c1 front at 1,-1"


def test_actions_are_interned_immutable_values() -> None:
    a = Place(7, 1, 3, -1)
    assert a is Place(7, 1, 3, -1) and a == Place(7, 1, 3, -1) and a != Place(7, 0, 3, -1)
    assert str(a) == "place c7 back at 3,-1"
    assert pickle.loads(pickle.dumps(a)) is a
    with pytest.raises(AttributeError):
        a.row = 2  # type: ignore[misc]
    assert len({a, Place(7, 1, 3, -1)}) == 1


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("put c7 back at 3,1", "place c<card> <front|back> at <row>,<col>"),
        ("place c7 sideways at 3,1", "place c<card>"),
        ("place c99 back at 3,1", "no card c99"),
        ("place c7 back at 0,0", "off the table"),
        ("place c7 back at 2,5", "off the table"),
        ("place c7 back at 17,0", "off the table"),
    ],
)
def test_parse_action_explains_bad_notation(text: str, match: str) -> None:
    with pytest.raises(ValueError, match=re.escape(match)):
        game().parse_action(text)


def test_parse_action_is_lenient_about_spacing_and_case() -> None:
    g = game()
    assert g.parse_action("  Place C7 BACK at 3, -1 ") is Place(7, 1, 3, -1)


def test_illegal_placements_name_the_rule() -> None:
    g = game()
    s = rigged(g, hand=[1, 3, 9], moves=[(5, "back", 1, -1)], deck=[2, 4, 6])
    assert "not in your hand" in str(s.explain_illegal(g.parse_action("place c2 front at 2,-1"), 0))
    assert "face-up top card" in str(s.explain_illegal(g.parse_action("place c6 front at 2,-1"), 0))
    assert "already on the table" in str(s.explain_illegal(g.parse_action("place c5 front at 2,-1"), 0))
    assert "no overlap" in str(s.explain_illegal(g.parse_action("place c1 front at 1,0"), 0))
    assert "below an existing card" in str(s.explain_illegal(g.parse_action("place c1 front at 3,0"), 0))
    with pytest.raises(riverbox.IllegalAction, match="land and river may not touch"):
        s.apply(g.parse_action("place c1 back at 1,1"))


def test_running_score_and_final_returns() -> None:
    g = game()
    s = g.new_state(8)
    seen = []
    while not s.is_over:
        assert s.returns() == [0.0] and s.winners() == []
        s.apply(GreedyBot(1).act(s, 0))
        seen.append(s.scores()[0])
    assert seen == sorted(seen)  # Protected Lands never open again, so the running score only grows
    assert s.returns() == s.scores() and s.winners() == [0]
    assert s.view(0)["rank"] == rank_name(s.scores()[0])


def test_json_record_and_replay_mid_game() -> None:
    g = game()
    s = g.new_state(21)
    for _ in range(7):
        s.apply(s.legal_actions()[1])
    data = json.loads(json.dumps(s.to_json()))
    back = g.state_from_json(data)
    assert back.to_json() == s.to_json() and back.view(0) == s.view(0)
    assert back.legal_actions() == s.legal_actions()
    assert riverbox.replay(json.loads(json.dumps(s.record()))).to_json() == s.to_json()
    rec = s.record()
    assert rec["actions"][0][0] == riverbox.CHANCE and rec["actions"][0][1].startswith("shuffle")


def test_determinize_reshuffles_only_the_face_down_deck() -> None:
    g = game()
    s = g.new_state(13)
    s.apply(s.legal_actions()[0])
    orders = set()
    for k in range(30):
        d = s.determinize(0, k)
        assert d.hand == s.hand and d.deck[-1] == s.deck[-1] and d.board.placed == s.board.placed
        assert sorted(d.deck) == sorted(s.deck)
        orders.add(tuple(d.deck))
    assert len(orders) > 10
    # The view never shows the face-down order: two deals differing only there look the same.
    other = reloaded(s, deck=[*reversed(s.deck[:-1]), s.deck[-1]])
    assert other.deck != s.deck
    assert other.view(0) == s.view(0) and other.view(None) == s.view(None)
    assert g.observation_tensor(other.view(0)) == g.observation_tensor(s.view(0))


def test_clone_is_independent() -> None:
    g = game()
    s = g.new_state(3)
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert len(s.board.placed) == 1 and len(c.board.placed) == 2 and s.view(0) != c.view(0)


def test_a_pickled_state_is_small_and_shares_the_rules_tables() -> None:
    """A state sent to a worker process carries its layout, not the rules' placement tables:
    those are rebuilt once per process from the deck and options, and shared."""
    g = game()
    s = g.new_state(3)
    s.apply(s.legal_actions()[0])
    data = pickle.dumps(s)
    back = pickle.loads(data)
    assert back.to_json() == s.to_json()
    assert back.board.rules is s.board.rules
    assert len(data) < 20_000  # the rules' tables alone pickle to about 90 kB
    other = pickle.loads(pickle.dumps(RiverWild(strict_top_river=True).new_state(3)))
    assert other.board.rules is not s.board.rules and other.board.rules.strict


def test_observation_tensor() -> None:
    g = game()
    s = g.new_state(5)
    while not s.is_over:
        obs = g.observation_tensor(s.view(0))
        assert len(obs) == g.observation_size and all(-2.0 <= x <= 2.0 for x in obs)
        s.apply(s.legal_actions()[-1])
    assert g.observation_tensor(s.view(0))[-1] == 1.0


def test_presentation_hooks() -> None:
    g = game()
    text = g.rules_text()
    assert "placeholder" in text.lower() and "Protected Land" in text
    rulebook = Path(__file__).parents[3].parent / "shared" / "rules" / "river-wild.txt"
    if rulebook.exists():  # the rules are in riverbox's own words
        for line in rulebook.read_text(encoding="utf-8").splitlines():
            if len(line) > 60:
                assert line not in text
    s = g.new_state(6)
    console = Console(width=200, record=True, color_system=None)
    console.print(g.render(s, 0))
    out = console.export_text()
    assert "Src" in out and "PLACEHOLDER" in out and "Hand:" in out and "Top of the deck" in out
    for a in s.legal_actions():
        assert f"{a.row},{a.col}" in out  # legal positions are marked
    assert "c" in g.describe_action(s.legal_actions()[0], s)
    start = len(s.history)
    s.apply(s.legal_actions()[0])
    lines = g.narrate(s, 0, start)
    assert lines[0].startswith("You place c") and "You draw" in lines[1]
    assert "shuffle" not in " ".join(g.narrate(s, 0, 0)) and "hidden" not in " ".join(g.narrate(s, 0, 0))
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    console = Console(width=200, record=True, color_system=None)
    console.print(g.render(s, 0))
    out = console.export_text()
    assert "Final score" in out and rank_name(s.scores()[0]) in out
    assert g.narrate(s, 0, len(s.history) - 1)[-1].startswith("Game over")


def test_greedy_bot_beats_random_play() -> None:
    g = game()
    bot = g.heuristic_bot(3)
    greedy = [play(g, bot, seed).scores()[0] for seed in range(30)]
    rand = []
    for seed in range(30):
        s = g.new_state(seed)
        while not s.is_over:
            s.apply(s.legal_actions()[(seed * 31 + len(s.history)) % len(s.legal_actions())])
        rand.append(s.scores()[0])
    assert sum(greedy) > 2 * sum(rand)


def test_lookahead_bot_beats_greedy() -> None:
    g = game()
    seeds = range(6)
    greedy = [play(g, GreedyBot(seed), seed).scores()[0] for seed in seeds]
    look = [play(g, LookaheadBot(seed, samples=3, width=6), seed).scores()[0] for seed in seeds]
    assert sum(look) > sum(greedy)


def test_lookahead_bot_reads_only_what_the_player_knows() -> None:
    # Two states that differ only in the face-down deck order get the same move from the same bot.
    g = game()
    s = g.new_state(17)
    s.apply(s.legal_actions()[0])
    other = reloaded(s, deck=[*reversed(s.deck[:-1]), s.deck[-1]])
    assert other.deck != s.deck
    assert LookaheadBot(5, samples=2, width=4).act(s, 0) is LookaheadBot(5, samples=2, width=4).act(other, 0)
    assert GreedyBot(5).act(s, 0) is GreedyBot(5).act(other, 0)


def test_golden_game_replays_to_the_same_score() -> None:
    golden = json.loads((Path(__file__).parent / "golden_greedy_seed56.json").read_text(encoding="utf-8"))
    state = riverbox.replay(golden["record"])
    assert state.is_over
    assert state.scores() == [golden["score"]] and state.view(0)["rank"] == golden["rank"]
    assert state.view(0)["lands"] == golden["lands"]


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda c: c["sections"].pop(), "belongs to no section"),
        (lambda c: c["sections"][0]["slots"].append(c["sections"][1]["slots"][0]), "two sections"),
        (lambda c: c["sections"][0].update(animal="Griffin"), "unknown animal"),
        (lambda c: c.update(top=["R", "X"]), "L, R or M"),
        (lambda c: c["sections"][1]["goal"].update(kind="most"), "goal kind"),
        (lambda c: c["sections"][0]["slots"].append("B1"), "not land"),
    ],
)
def test_deck_loader_rejects_bad_cards(change: object, match: str) -> None:
    from riverbox.games.river_wild.content import DATA, parse_deck

    data = json.loads((DATA / "placeholder_deck.json").read_text(encoding="utf-8"))
    assert parse_deck(data).size == 16
    change(data["cards"][0])  # type: ignore[operator]
    with pytest.raises(ValueError, match=match):
        parse_deck(data)
