"""Guided IS-MCTS and PIMC: legal, reproducible, within budget, blind to hidden state, and strong."""

from __future__ import annotations

import time
from typing import Any

import pytest

import riverbox
from riverbox.bots.hint import explain
from riverbox.bots.ismcts import HIDDEN, SearchBot, Searcher, Settings, ismcts, pimc
from riverbox.bots.leaf import leaf_values
from riverbox.core.game import State
from riverbox.lab import tournament
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")

GAMES = [("ravenous-river", 4), ("ravenous-river", 2), ("river-rivals", 2), ("river-trek", 4)]


def _advance(state: State, moves: int) -> State:
    """Play ``moves`` heuristic moves so tests start from a middle-game position."""
    bot = state.game.heuristic_bot(3)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(bot.act(state, seat), seat)
    return state


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_search_plays_legal_moves_and_repeats_itself_for_a_seed(name: str, players: int) -> None:
    game = riverbox.load(name, players)
    state = _advance(game.new_state(5), 6)
    seat = state.to_move[0]
    picks = [ismcts(game, 11, iterations=40, think=60.0, depth=8).act(state, seat) for _ in range(2)]
    assert picks[0] in state.legal_actions(seat)
    assert picks[0] == picks[1]


@pytest.mark.parametrize("factory", [ismcts, pimc])
def test_same_view_same_decision_in_ravenous_river(factory: Any) -> None:
    """Hidden totems, hands and row cards re-dealt for the real state must not change the choice."""
    game = riverbox.load("ravenous-river", 3)
    for seed in range(3):
        state = _advance(game.new_state(seed), 4)
        seat = state.to_move[0]
        other = state.determinize(seat, seed + 99)  # what seat knows is kept, the rest re-dealt
        assert other.view(seat) == state.view(seat)
        a = factory(game, 7, iterations=20, think=60.0, rollout="fast").act(state, seat)
        b = factory(game, 7, iterations=20, think=60.0, rollout="fast").act(other, seat)
        assert a == b


def test_think_bounds_the_cpu_time_of_a_decision() -> None:
    game = riverbox.load("ravenous-river", 4)
    state = _advance(game.new_state(2), 3)
    bot = ismcts(game, 1, iterations=10**9, think=0.05)
    start = time.process_time()
    bot.act(state, state.to_move[0])
    assert time.process_time() - start < 0.5  # the budget plus at most one iteration's overrun


def test_iterations_bound_the_search_and_analyse_reports_them() -> None:
    game = riverbox.load("river-rivals")
    state = _advance(game.new_state(4), 2)
    seat = state.to_move[0]
    rows = ismcts(game, 3, iterations=50, think=60.0).analyse(state, seat)
    assert sum(visits for _, _, visits in rows) == 50
    assert [r[2] for r in rows] == sorted((r[2] for r in rows), reverse=True)
    legal = state.legal_actions(seat)
    assert all(a in legal and -1.0 <= v <= 1.0 for a, v, _ in rows)


def test_other_seats_secret_votes_are_not_branched_on() -> None:
    """In the toy game everyone guesses at once, in secret: the searcher's tree must hold one
    'hidden' edge for the other seat's guess, not one edge per guess as if it were seen."""
    game = riverbox.load("toy", players=2, turns=1)
    state = game.new_state(1)
    state.apply(game.parse_action("bet"), 0)
    state.apply(game.parse_action("pass"), 1)
    assert state.to_move == (0, 1)
    searcher = Searcher(game, Settings(iterations=200, think=60.0, bias=0.0), 5)
    root: Any = None

    def keep_root(node: Any, world: State, seat: int) -> None:
        nonlocal root
        root = node
        Searcher._iterate(searcher, node, world, seat)

    searcher._iterate = keep_root  # type: ignore[method-assign]
    searcher.run(state, 0, 200)
    for edge in root.edges.values():
        for node in edge.kids.values():
            assert set(node.edges) <= {HIDDEN}


def test_what_the_searcher_sees_after_its_move_keys_the_next_node() -> None:
    """A look at a face-down animal leads to one node per animal seen, so the next choice
    (where to put it) can depend on what was seen."""
    game = riverbox.load("ravenous-river", 4, first_player=0)
    state = game.new_state(8)
    searcher = Searcher(game, Settings(think=60.0, rollout="fast"), 2)
    captured: list[Any] = []
    original = searcher._iterate

    def spy(node: Any, world: State, seat: int) -> None:
        if not captured:
            captured.append(node)
        original(node, world, seat)

    searcher._iterate = spy  # type: ignore[method-assign]
    searcher.run(state, 0, 300)
    looks = [e for a, e in captured[0].edges.items() if str(a).startswith("look") and e.visits > 20]
    assert looks and all(len(e.kids) > 1 for e in looks)


@pytest.mark.parametrize("model", [0, 1])
def test_a_modelled_rival_moves_by_the_playout_policy_not_by_ucb(model: int) -> None:
    """``model=1``: the rival's visible moves in the tree are the playout policy's, each keying
    its own child (so the searcher's next choice depends on it); only its own seat selects."""
    game = riverbox.load("ravenous-river", 2, first_player=0)
    state = _advance(game.new_state(4), 3)
    seat = state.to_move[0]
    searcher = Searcher(game, Settings(think=60.0, rollout="fast", model=model), 6)
    movers: list[int] = []
    select = searcher._select

    def spy_select(node: Any, legal: list[Any], world: State, mover: int, me: int) -> Any:
        movers.append(mover)
        return select(node, legal, world, mover, me)

    searcher._select = spy_select  # type: ignore[method-assign]
    searcher.run(state, seat, 300)
    assert movers and any(m != seat for m in movers) == (not model)


def test_settings_name_the_leaf_and_model() -> None:
    game = riverbox.load("ravenous-river", 2)
    with pytest.raises(ValueError, match="leaf must be one of lead, win"):
        ismcts(game, leaf="score")
    with pytest.raises(ValueError, match="model must be 0"):
        ismcts(game, model=2)


def test_leaf_values_are_true_returns_at_the_end_and_leads_before() -> None:
    game = riverbox.load("river-rivals")
    state = game.new_state(3)
    assert leaf_values(state) == [0.0, 0.0]  # nobody leads at the start
    _advance(state, 10_000)
    assert leaf_values(state) == state.returns()


def test_settings_are_checked() -> None:
    game = riverbox.load("river-rivals")
    with pytest.raises(ValueError, match="rollout must be one of heuristic, fast, random"):
        ismcts(game, rollout="smart")
    with pytest.raises(ValueError, match="think must be a positive"):
        ismcts(game, think=0)
    with pytest.raises(ValueError, match="worlds must be at least 1"):
        pimc(game, worlds=0)


@pytest.mark.parametrize("name", ["ravenous-river", "river-rivals", "river-wild", "river-trek"])
def test_root_parallel_search_adds_up_its_workers(name: str) -> None:
    """Workers are processes: the state goes to them by pickle (River Trek's once could not)."""
    game = riverbox.load(name)
    state = _advance(game.new_state(6), 2)
    seat = state.to_move[0]
    bot = SearchBot(game, 4, Settings(iterations=40, think=60.0, workers=2))
    try:
        rows = bot.analyse(state, seat)
    finally:
        bot.close()
    assert sum(v for _, _, v in rows) == 40
    assert rows[0][0] in state.legal_actions(seat)


def test_search_beats_random_in_river_rivals() -> None:
    setup = tournament.Setup("river-rivals", 2, {}, ("ismcts:iterations=30,think=5", "random"))
    results = tournament.run(setup, 8, seed=2)
    wins = sum(1 for r in results if r["winners"] == [0])
    assert wins >= 7


def test_explain_reads_the_top_moves_in_plain_words() -> None:
    game = riverbox.load("river-rivals")
    state = _advance(game.new_state(4), 2)
    seat = state.to_move[0]
    rows = ismcts(game, 3, iterations=30, think=60.0).analyse(state, seat)
    lines = explain(rows, lambda a: game.describe_action(a, state), top=2)
    assert len(lines) == min(2, len(rows))
    assert lines[0].startswith(game.describe_action(rows[0][0], state))
    assert "outlook" in lines[0]
    assert "RV-" not in " ".join(lines)


@pytest.mark.parametrize(("name", "players"), [*GAMES, ("river-wild", 1)])
def test_a_sample_depends_only_on_what_the_seat_knows(name: str, players: int) -> None:
    """Two real states that look the same to a seat give that seat the same sampled world for the
    same generator, so a seeded search cannot be steered by the hidden order of cards."""
    game = riverbox.load(name, players)
    state = game.new_state(2)
    if players > 1:
        _advance(state, 5)
    seat = state.to_move[0]
    twin = state.determinize(seat, 77)
    assert twin.view(seat) == state.view(seat)
    assert state.determinize(seat, 5).to_json()["body"] == twin.determinize(seat, 5).to_json()["body"]
