"""River Rivals against the shared contract: the testkit in both modes and with every ruling option,
hidden information, notation and the id space, content invariants (checks 14-16) and the
presentation hooks."""

from __future__ import annotations

import io
import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riverbox
from riverbox.bots.base import RandomBot
from riverbox.core import CHANCE, Chance, State
from riverbox.core.testkit import check_game
from riverbox.games.river_rivals import RiverRivals
from riverbox.games.river_rivals.actions import ACTIONS, NUM_ACTIONS, parse
from riverbox.games.river_rivals.content import KINDS, SPACES, set_cards
from riverbox.games.river_rivals.state import RiverRivalsState

from .helpers import act, code, make


# -- the testkit -----------------------------------------------------------------------------------
def _invariants(state: State) -> None:
    """Conservation laws: 36 cards, 8 fish per colour, 8 shields; 3-card sides; the hand limit."""
    assert isinstance(state, RiverRivalsState)
    on_board = [sl for side in state.board for sl in side]
    cards = state.hands[0] + state.hands[1] + state.piles[0] + state.piles[1]
    cards += state.removed[0] + state.removed[1] + [sl[0] for sl in on_board]
    assert sorted(cards) == sorted(set_cards(0) + set_cards(1))
    for s in (0, 1):
        fish = sum(sl[2] for side in state.board[s * 4 : s * 4 + 4] for sl in side)
        assert fish + state.supply[s] == 8
        assert len(state.hands[s]) <= state.limit(s)
        assert all(len(side) <= 3 for side in state.board[s * 4 : s * 4 + 4])
    assert state.shields + sum(sl[1] for sl in on_board) == 8
    assert all(sl[2] <= SPACES[sl[0]] for sl in on_board)


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_testkit_passes(mode: str) -> None:
    report = check_game(riverbox.load("river-rivals", mode=mode), games=120, seed=3, on_state=_invariants)
    assert report.games == 120 and report.resampled > 0 and report.illegal_checks > 0
    assert set(report.winners) == {0, 1}


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "advanced", "poison": "shield", "copy_copy": True, "first": 1},
        {"stuck": "pass", "full_hand_draw": "empty", "chain_limit": 1, "first": 1},
    ],
)
def test_testkit_passes_with_ruling_options(options: dict[str, object]) -> None:
    # RV-7, RV-8, RV-18, RV-20, RV-25 options all keep the contract.
    report = check_game(riverbox.load("river-rivals", **options), games=20, seed=5, deep_every=2)
    assert report.games == 20


def test_options_and_defaults() -> None:
    # spec 1.5: RV-7, RV-8, RV-18, RV-20 and RV-25 are named options with the spec's defaults.
    info = RiverRivals.info
    assert info.min_players == info.max_players == 2 and not info.perfect_information
    assert info.defaults() == {
        "mode": "basic",
        "first": 0,
        "chain_limit": 0,
        "copy_copy": False,
        "full_hand_draw": "forbidden",
        "stuck": "lose",
        "poison": "pile",
    }
    with pytest.raises(ValueError, match=r"basic \| advanced"):
        riverbox.load("river-rivals", mode="expert")
    with pytest.raises(ValueError, match="2 players"):
        riverbox.load("river-rivals", players=3)


# -- hidden information ----------------------------------------------------------------------------
def test_views_hide_hands_and_piles_but_show_sizes() -> None:
    s = riverbox.load("river-rivals").new_state(9)
    v0, v1, pub = s.view(0), s.view(1), s.view(None)
    assert v0["hand"] is not None and len(v0["hand"]) == 4 and v1["hand"] is not None and len(v1["hand"]) == 5
    assert pub["hand"] is None and pub["pile"] is None
    assert v0["hand_sizes"] == v1["hand_sizes"] == pub["hand_sizes"] == [4, 5]
    assert "hands" not in json.dumps(v0) and v0["pile"] is not None and len(v0["pile"]) == 14
    # draws are chance outcomes seen only by the drawer
    draws = [a for seat, a in s.history if seat == CHANCE and "draws" in str(a)]
    assert [a.visible_to for a in draws] == [frozenset({0}), frozenset({1})]


def test_determinize_keeps_own_hand_and_reshuffles_the_rest() -> None:
    s = riverbox.load("river-rivals").new_state(4)
    seen = set()
    for i in range(20):
        d = s.determinize(0, random.Random(i))
        assert isinstance(d, RiverRivalsState)
        assert d.view(0) == s.view(0) and d.hands[0] == s.hands[0]
        assert sorted(d.hands[1] + d.piles[1]) == sorted(s.hands[1] + s.piles[1])
        assert sorted(d.piles[0]) == sorted(s.piles[0])  # own pile: composition known, order not
        seen.add(tuple(d.hands[1]))
        assert all(
            entry[1].text == "hidden"
            for entry in d.history
            if isinstance(entry[1], Chance) and entry[1].visible_to == frozenset({1})
        )
    assert len(seen) > 1


def test_determinize_after_peek_pools_the_victims_pile_with_the_peeked_cards() -> None:
    # RV-23 + hidden info: seat 1 no longer knows which of its cards seat 0 took.
    s = make(
        "advanced",
        hands=(["otter"], ["otter"]),
        piles=(["otter"], ["lynx", "beaver", "heron", "raccoon", "polar-bear"]),
        equipment=(["peek-a-scope"], []),
    )
    act(s, "play otter col1", "fish col1 card1")
    assert s.view(1)["pile"] is None
    deals = set()
    for i in range(30):
        d = s.determinize(1, random.Random(i))
        assert isinstance(d, RiverRivalsState)
        assert d.view(1) == s.view(1) and d.view(None) == s.view(None)
        foreign = sorted(c for c in d.hands[0] if c >= len(KINDS))
        assert len(foreign) == 3 and len(d.piles[1]) == 2
        assert sorted(foreign + d.piles[1]) == sorted(
            code(k, 1) for k in ["lynx", "beaver", "heron", "raccoon", "polar-bear"]
        )
        deals.add(tuple(foreign))
    assert len(deals) > 1
    # seat 0 saw the cards it took: its determinizations keep them.
    for i in range(5):
        d0 = s.determinize(0, random.Random(i))
        assert isinstance(d0, RiverRivalsState)
        assert d0.hands[0] == s.hands[0]


def test_error_messages_say_why_and_hide_the_opponents_cards() -> None:
    s = make(hands=(["otter"], ["polar-bear"]), board={(0, 0): ["heron"] * 3})
    for text, rule in [
        ("play otter col1", "3-card limit"),  # RV-1
        ("play heron col2", "no Heron in your hand"),
        ("skip", "no optional effect to decline"),  # RV-5
        ("pass", "neither a card nor any unused equipment"),  # RV-20
        ("claw col1 card1", "no claw decision is pending"),  # RV-5
        ("end", "take your action"),  # RV-21
        ("pick spring-boots", "draft"),
    ]:
        with pytest.raises(riverbox.IllegalAction, match=rule) as err:
            act(s, text)
        assert "polar" not in str(err.value)
    full = make(hands=(["otter"] * 7, []))
    with pytest.raises(riverbox.IllegalAction, match="the hand limit"):
        act(full, "draw")
    s2 = make(hands=(["brown-bear"], []), board={(1, 0): ["heron"]})
    act(s2, "play brown-bear col1")
    with pytest.raises(riverbox.IllegalAction, match=r"claw decision is pending in column 1"):
        act(s2, "draw")


# -- notation and ids ------------------------------------------------------------------------------
def test_notation_round_trips_over_the_whole_id_space() -> None:
    game = riverbox.load("river-rivals")
    assert game.num_action_ids == NUM_ACTIONS == len(ACTIONS)
    for i in range(NUM_ACTIONS):
        a = game.action_from_id(i)
        assert game.action_id(a) == i and game.parse_action(str(a)) is a
        assert pickle.loads(pickle.dumps(a)) is a
    assert game.parse_action("  Play   OTTER col2 ") is parse("play otter col2")


@pytest.mark.parametrize(
    "text, hint",
    [
        ("fly away", "actions start with one of"),
        ("play otter col9", "play <animal> col<1-4>"),
        ("play dragon col1", "otter"),
        ("use jetpack", "spring-boots"),
        ("", "not an action"),
        ("claw col1", "claw col1 card1"),
    ],
)
def test_parse_errors_are_helpful(text: str, hint: str) -> None:
    with pytest.raises(ValueError, match=hint):
        riverbox.load("river-rivals").parse_action(text)


def test_record_replays_and_json_round_trips() -> None:
    game = riverbox.load("river-rivals", mode="advanced")
    s = game.new_state(21)
    bot = RandomBot(1)
    for _ in range(40):
        if s.is_over:
            break
        s.apply(bot.act(s, s.to_move[0]), s.to_move[0])
    rec = json.loads(json.dumps(s.record()))
    assert riverbox.replay(rec).to_json() == s.to_json()
    assert game.state_from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()


# -- content invariants ----------------------------------------------------------------------------
def test_check_14_the_strength_one_kinds_are_otter_raccoon_and_lynx() -> None:
    # check 14
    assert sorted(k.slug for k in KINDS if k.strength == 1) == ["lynx", "otter", "raccoon"]


def test_check_15_set_of_18_with_one_polar_bear() -> None:
    # check 15: 18 cards, exactly one strength-4 polar bear; placeholder sums 32 strength, 24 spaces.
    cards = [KINDS[c % len(KINDS)] for c in set_cards(0)]
    assert len(cards) == 18
    assert [k.slug for k in cards if k.strength == 4] == ["polar-bear"]
    assert sum(k.strength for k in cards) == 32 and sum(k.fish_spaces for k in cards) == 24
    assert all(k.placeholder for k in KINDS)


def test_check_16_quick_catch_and_raccoon_have_fish_spaces() -> None:
    # check 16
    for k in KINDS:
        if k.effect == "quick-catch" or k.slug == "raccoon":
            assert k.fish_spaces >= 1


# -- presentation hooks ----------------------------------------------------------------------------
def test_rules_text_marks_placeholders_in_own_words() -> None:
    text = riverbox.load("river-rivals").rules_text()
    assert "placeholder" in text.lower() and text.count("PLACEHOLDER") >= 7 + 13
    assert "out of actions" in text and "Wide Paws" in text


def test_render_describe_narrate_and_observation() -> None:
    from rich.console import Console

    game = riverbox.load("river-rivals", mode="advanced")
    s = game.new_state(2)
    bot = RandomBot(3)
    for _ in range(30):
        if s.is_over:
            break
        for a in s.legal_actions():
            assert game.describe_action(a, s)
        s.apply(bot.act(s, s.to_move[0]), s.to_move[0])
    console = Console(width=120, record=True, color_system=None)
    console.print(game.render(s, 0))
    out = console.export_text()
    assert "column 4" in out and "your hand" in out and "placeholder" in out
    console.print(game.render(s, None))
    lines0 = game.narrate(s, 0, 0)
    assert lines0 == [game.describe_event(e) for e in s.log(0)]  # the log is the events, in words
    assert all(e["seat"] == 0 for e in s.log(0) if e["kind"] == "drew")  # never the opponent's cards
    assert any(e["kind"] == "drew" for e in s.log(1)) and not any(e["kind"] == "drew" for e in s.log(None))
    for seat in (0, 1, None):
        vec = game.observation_tensor(s.view(seat))
        assert len(vec) == game.observation_size and all(isinstance(x, float) for x in vec)


def test_describe_uses_the_pending_prompt() -> None:
    game = riverbox.load("river-rivals")
    s = make(hands=(["brown-bear"], []), board={(1, 0): [("heron", 1, 0)]})
    act(s, "play brown-bear col1")
    texts = [game.describe_action(a, s) for a in s.legal_actions()]
    assert texts == [
        "Claw the opposing Heron in column 1 (its shield absorbs the attack)",
        "Skip the Claw Attack",
    ]


def test_heuristic_bot_reads_only_the_view() -> None:
    # The bot's choice is the same in every determinization of the seat's knowledge.
    game = riverbox.load("river-rivals")
    s = game.new_state(8)
    rnd = RandomBot(5)
    for step in range(30):
        if s.is_over:
            break
        seat = s.to_move[0]
        a = game.heuristic_bot(step).act(s, seat)
        for i in range(3):
            assert game.heuristic_bot(step).act(s.determinize(seat, random.Random(i)), seat) is a
        s.apply(rnd.act(s, seat), seat)


def test_heuristic_bot_beats_random() -> None:
    game = riverbox.load("river-rivals")
    wins = 0
    for i in range(20):
        bots = (
            {0: game.heuristic_bot(i), 1: RandomBot(i)}
            if i % 2
            else {1: game.heuristic_bot(i), 0: RandomBot(i)}
        )
        hseat = 0 if i % 2 else 1
        s = game.new_state(i)
        while not s.is_over:
            seat = s.to_move[0]
            s.apply(bots[seat].act(s, seat), seat)
        wins += s.winners() == [hseat]
    assert wins >= 17


@pytest.mark.parametrize(
    "equipment",
    [
        (["peek-a-scope", "poison"], ["binoculars", "polar-bear-surprise"]),
        (["binoculars", "card-clapper"], ["peek-a-scope", "second-helping"]),
        (["recall-horn", "undertow"], ["encore", "spare-shields"]),
        (["bait-bucket", "big-net"], ["hand-basket", "shield-polish"]),
        (["spring-boots", "wide-paws"], ["echo-whistle", "double-cast"]),
    ],
)
def test_equipment_games_keep_hidden_information(equipment: tuple[list[str], list[str]]) -> None:
    # The draft is random in the testkit; here every card meets every hidden-information check:
    # determinize keeps each seat's view, the public view, its legal actions and its error texts.
    rng = random.Random(str(equipment))
    kinds = [k.slug for k in KINDS for _ in range(k.count)]
    for game_no in range(12):
        piles = (rng.sample(kinds, len(kinds)), rng.sample(kinds, len(kinds)))
        s = make(
            "advanced",
            hands=(piles[0][:4], piles[1][:5]),
            piles=(piles[0][4:], piles[1][4 + 1 :]),
            equipment=equipment,
            seed=game_no,
        )
        for _ in range(400):
            if s.is_over:
                break
            _invariants(s)
            seat = s.to_move[0]
            legal = s.legal_actions(seat)
            views = {x: s.view(x) for x in (0, 1, None)}
            for x in (0, 1, None):
                d = s.determinize(x, random.Random(rng.randrange(2**31)))
                assert d.view(x) == views[x] and d.view(None) == views[None]
                if x == seat:
                    assert d.legal_actions(seat) == legal
                    for bad in rng.sample(ACTIONS, 4):
                        if bad not in legal:
                            assert _error(s, bad, seat) == _error(d, bad, seat)
                    d.apply(rng.choice(legal), seat)
            s.apply(rng.choice(legal), seat)


def _error(state: State, action: object, seat: int) -> str:
    try:
        state.clone().apply(action, seat)
    except riverbox.IllegalAction as exc:
        return str(exc)
    return "(accepted)"


def test_determinize_keeps_card_backs_per_place_after_a_peeked_card_is_recalled() -> None:
    # RV-23 + Recall Horn: a peeked card (the opponent's back) can end up in the peeker's pile.
    s = make(
        "advanced",
        hands=(["otter", ("lynx", 1)], ["brown-bear"]),  # the lynx taken earlier by Peek-a-Scope
        piles=(["heron"] * 3, ["raccoon", "beaver", "heron", "otter"]),
        equipment=(["recall-horn"], []),
        removed=([("polar-bear", 1)], []),  # a peeked polar bear, since clawed
        unknown=2,  # seat 1 does not know which cards seat 0 took
    )
    act(s, "use recall-horn", "recall polar-bear")
    assert code("polar-bear", 1) in s.piles[0] and s.removed[0] == []
    for seat in (0, 1, None):
        for i in range(10):
            d = s.determinize(seat, random.Random(i))
            assert isinstance(d, RiverRivalsState)
            assert d.view(seat) == s.view(seat) and d.view(None) == s.view(None)
            # each place keeps its number of cards of each back (which one is re-dealt: the view
            # shows backs per place, not the history of recalled cards)
            assert len([c for c in d.piles[0] if c >= len(KINDS)]) == 1
            assert len([c for c in d.hands[0] if c >= len(KINDS)]) == 1


@given(st.text(max_size=40))
@settings(max_examples=200, deadline=None)
def test_parse_action_never_fails_with_anything_but_value_error(text: str) -> None:
    game = riverbox.load("river-rivals")
    try:
        action = game.parse_action(text)
    except ValueError as exc:
        assert str(exc).startswith("river-rivals:")
    else:
        assert game.parse_action(str(action)) is action


@given(st.integers(min_value=0, max_value=2**31 - 1), st.integers(min_value=0, max_value=200))
@settings(max_examples=40, deadline=None)
def test_clone_and_json_are_independent_at_any_point(seed: int, steps: int) -> None:
    game = riverbox.load("river-rivals", mode="advanced" if seed % 2 else "basic")
    s = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    copy = s.clone()
    snapshot = s.to_json()
    if not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert s.to_json() == snapshot
    assert game.state_from_json(json.loads(json.dumps(snapshot))).to_json() == snapshot


def test_describe_and_narrate_over_whole_games_leak_nothing() -> None:
    from rich.console import Console

    for mode in ("basic", "advanced"):
        game = riverbox.load("river-rivals", mode=mode)
        for seed in range(4):
            s = game.new_state(seed)
            bot = RandomBot(seed)
            while not s.is_over:
                for a in s.legal_actions():
                    assert game.describe_action(a, s)
                s.apply(bot.act(s, s.to_move[0]), s.to_move[0])
            Console(width=100, file=io.StringIO()).print(game.render(s, seed % 2))
            for seat in (0, 1, None):
                lines = game.narrate(s, seat, 0)
                private = [
                    a.text
                    for x, a in s.history
                    if x == CHANCE and isinstance(a, Chance) and a.visible_to and seat not in a.visible_to
                ]
                assert not set(private) & set(lines)
                taken = [
                    str(a) for x, a in s.history if x not in (CHANCE, seat) and str(a).startswith("take ")
                ]
                assert not any(
                    t.split()[1] in line for t in taken for line in lines if "takes a card" in line
                )


def test_binoculars_take_is_hidden_from_the_opponent_in_determinized_history() -> None:
    """The card Binoculars takes is secret: determinize(opponent) must not show it."""
    import riverbox
    from riverbox.games.river_rivals import actions as A

    game = riverbox.load("river-rivals")
    take = A.A_TAKE[0]
    assert game.action_visibility(take, 1) == frozenset({1})
    assert game.action_visibility(A.A_TAKE[1], 0) == frozenset({0})
    state = make(
        "advanced",
        active=1,
        hands=([], ["otter"]),
        piles=(["otter"], ["heron", "polar-bear", "lynx"]),
        equipment=([], ["binoculars"]),
    )
    act(state, "use binoculars", "take polar-bear")
    at = next(i for i, (_, a) in enumerate(state.history) if str(a) == "take polar-bear")
    assert state.history[at][0] == 1
    assert str(state.determinize(0, 3).history[at][1]) == "hidden"
    assert str(state.determinize(1, 3).history[at][1]) == "take polar-bear"


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
    act(t, "play otter col1")  # the move replaces the side: its cached part is built again
    assert [c["animal"] for c in t.view(0)["board"][0][0]] == ["heron", "otter"]
    assert t.view(0) == t.clone().view(0) and t.view(1) == t.clone().view(1)


def test_no_import_circle_inside_the_game_folder() -> None:
    # Every import counts, also those inside functions: a circle makes modules half-initialised.
    import ast
    from pathlib import Path

    import riverbox.games.river_rivals as pkg

    folder = Path(pkg.__file__).parent
    prefix = "riverbox.games.river_rivals"
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        name = prefix if path.stem == "__init__" else f"{prefix}.{path.stem}"
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(prefix):
                deps.add(node.module)
                if node.module == prefix:
                    deps.update(
                        f"{prefix}.{a.name}" for a in node.names if (folder / f"{a.name}.py").exists()
                    )
        graph[name] = deps - {name, prefix}  # a submodule always imports its package first

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for dep in graph.get(start, set()):
            if dep == goal or (dep not in seen and (seen.add(dep) or reaches(dep, goal, seen))):
                return True
        return False

    assert [m for m in graph if reaches(m, m, set())] == []


def test_every_decision_and_equipment_card_has_its_record() -> None:
    from riverbox.games.river_rivals import equipment, frames
    from riverbox.games.river_rivals.content import ADDITION
    from riverbox.games.river_rivals.position import Frame

    assert [r.frame for r in frames.RULES] == list(Frame)
    for rule in frames.RULES:
        assert rule.needs and rule.prompt.format(here="a card", col=1, eq="Gear")
        assert not rule.mechanic or rule.mechanic in equipment.RULES
    for mech, card_rule in equipment.RULES.items():
        once = mech in ADDITION
        assert (
            (card_rule.usable is not None) == once == (card_rule.use is not None) == bool(card_rule.nothing)
        )
        assert card_rule.card is not None and card_rule.menu().startswith(f"Use {card_rule.card.name}")


def test_a_state_keeps_few_enough_attributes_for_a_shared_key_dict() -> None:
    """CPython shares an instance dict's keys between instances, and reads attributes from it at
    full speed, only up to 30 names; past that the rules' every attribute read got slower (the
    pure build). The core keeps its own fields in slots; a game's fields and view caches must stay
    within the limit, in a new game, after views and in a clone (advanced mode: every field set)."""
    from riverbox.buildinfo import is_compiled

    if is_compiled():
        pytest.skip("a compiled state keeps its fields in C slots, not a dict")
    game = riverbox.load("river-rivals", mode="advanced")
    state = game.new_state(5)
    rng = random.Random(5)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        for s in (0, 1, None):
            state.view(s)
    assert len(vars(state)) <= 30 and len(vars(state.clone())) <= 30
