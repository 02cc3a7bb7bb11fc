"""River Trek: tokens go back only when a caravan move empties their tile (caravan-move option),
one question per move for the Boa / Tree Frog, and a legend that fits 80 columns."""

from __future__ import annotations

import io
import random

from rich.console import Console

import riverbox
from riverbox.games.river_trek.render import _LEGEND
from riverbox.games.river_trek.state import P_DROP, TrekState


def _jaguar_empties_a_held_tile(game: riverbox.Game) -> tuple[TrekState, str, int]:
    """A position where a Jaguar can lift the lone explorer off another animal's held tile, with
    the trading-post step still to come (so 'skip' and an unrelated caravan move follow)."""
    for seed in range(60):
        st = game.new_state(seed)
        assert isinstance(st, TrekState)
        r = random.Random(seed)
        while not st.is_over:
            seat = st.to_move[0]
            legal = [str(a) for a in st.legal_actions(seat)]
            tiles = {space: s for s, space in enumerate(st.tiles)}
            for text in legal:
                if not text.startswith("jaguar ") or "skip" not in legal:
                    continue
                src = int(text.split()[1])
                s = tiles.get(src, -1)
                if s >= 0 and len(st.stacks[src]) == 1 and st.holder[s] >= 0 and st.animals[s] != "jaguar":
                    return st, text, s
            st.apply(r.choice(st.legal_actions(seat)), seat)
    raise AssertionError("no such position in 60 seeds")


def test_rt_15_caravan_move_returns_only_tokens_whose_tile_the_move_emptied() -> None:
    game = riverbox.load("river-trek", players=3, empty_tile_check="caravan-move")
    st, jaguar, s = _jaguar_empties_a_held_tile(game)
    holder = st.holder[s]
    st.apply(game.parse_action(jaguar, st))
    st.apply(game.parse_action("skip", st))
    assert not st.stacks[st.tiles[s]] and st.holder[s] == holder  # the Jaguar emptied it: kept
    move = next(a for a in st.legal_actions() if str(a).startswith("move ") and a.a != st.tiles[s])
    st.apply(move)
    while st.phase == P_DROP:
        st.apply(game.parse_action("drop all", st))
    assert st.holder[s] == holder  # an unrelated caravan move does not take it back


def test_rt_15_caravan_move_still_returns_a_token_when_the_move_empties_its_tile() -> None:
    game = riverbox.load("river-trek", players=3, empty_tile_check="caravan-move")
    for seed in range(60):
        st = game.new_state(seed)
        assert isinstance(st, TrekState)
        r = random.Random(seed)
        while not st.is_over:
            seat = st.to_move[0]
            for a in st.legal_actions(seat):
                text = str(a)
                if text.startswith("move ") and a.a in st.tiles:
                    s = st.tiles.index(a.a)
                    if st.holder[s] >= 0:
                        st.apply(a, seat)
                        while st.phase == P_DROP:
                            st.apply(game.parse_action("drop all", st), seat)
                        assert st.holder[s] == -1 or st.stacks[a.a]
                        return
            st.apply(r.choice(st.legal_actions(seat)), seat)
    raise AssertionError("no move off a held tile in 60 seeds")


def _boa_or_frog_prompt() -> TrekState:
    game = riverbox.load("river-trek", players=2)
    for seed in range(80):
        st = game.new_state(seed)
        assert isinstance(st, TrekState)
        r = random.Random(seed)
        while not st.is_over:
            if st.phase == P_DROP and len(st.mv_stack) >= 3:
                return st
            seat = st.to_move[0]
            st.apply(r.choice(st.legal_actions(seat)), seat)
    raise AssertionError("no Boa / Tree Frog prompt with three explorers to drop in 80 seeds")


def test_rt_21_rt_22_drop_all_answers_the_boa_frog_question_once_per_move() -> None:
    st = _boa_or_frog_prompt()
    game = st.game
    assert "drop all" in [str(a) for a in st.legal_actions()]
    one_by_one = st.clone()
    prompts = 0
    while one_by_one.phase == P_DROP:
        one_by_one.apply(game.parse_action("drop", one_by_one))
        prompts += 1
    st.apply(game.parse_action("drop all", st))
    assert prompts >= 2 and st.phase != P_DROP  # one answer instead of one prompt per drop
    assert st.stacks == one_by_one.stacks and st.money == one_by_one.money
    assert st.holder == one_by_one.holder


def test_old_drop_notation_still_replays() -> None:
    st = _boa_or_frog_prompt()
    st.apply(st.game.parse_action("drop", st))
    again = riverbox.replay(st.record())
    assert again.record() == st.record()


def test_legend_lines_fit_80_columns_so_no_word_wraps_alone() -> None:
    assert all(len(line) <= 78 for line in _LEGEND.splitlines())
    game = riverbox.load("river-trek", players=3)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(game.render(game.new_state(1), 0))
    assert not any(line.strip() in {"2", "others 2"} for line in out.getvalue().splitlines())
