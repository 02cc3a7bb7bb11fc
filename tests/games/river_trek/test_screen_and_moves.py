"""River Trek: tokens go back only when a caravan move empties their tile (caravan-move option),
one question per move for the Boa / Tree Frog, and a legend that fits 80 columns."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import TypeVar

from rich.console import Console

import riverbox
from riverbox.games.river_trek.actions import Kind, TrekAction
from riverbox.games.river_trek.position import Phase
from riverbox.games.river_trek.render import _LEGEND
from riverbox.games.river_trek.state import TrekState

T = TypeVar("T")


def _search(
    game: riverbox.Game, seeds: int, pick: Callable[[TrekState, int], T | None]
) -> tuple[TrekState, T]:
    """The first state of random play (seeds 0..``seeds``-1) where ``pick(state, seat)`` finds something."""
    for seed in range(seeds):
        st = game.new_state(seed)
        assert isinstance(st, TrekState)
        r = random.Random(seed)
        while not st.is_over:
            seat = st.to_move[0]
            found = pick(st, seat)
            if found is not None:
                return st, found
            st.apply(r.choice(st.legal_actions(seat)), seat)
    raise AssertionError(f"nothing found in {seeds} seeds")


def _jaguar_off_a_held_tile(st: TrekState, seat: int) -> tuple[str, int] | None:
    """A Jaguar move lifting the lone explorer off another animal's held tile, with the
    trading-post step still to come (so 'skip' and an unrelated caravan move follow)."""
    legal = [str(a) for a in st.legal_actions(seat)]
    tiles = {space: s for s, space in enumerate(st.tiles)}
    for text in legal:
        if text.startswith("jaguar ") and "skip" in legal:
            src = int(text.split()[1])
            s = tiles.get(src, -1)
            if s >= 0 and len(st.stacks[src]) == 1 and st.holder[s] >= 0 and st.animals[s] != "jaguar":
                return text, s
    return None


def test_rt_15_caravan_move_returns_only_tokens_whose_tile_the_move_emptied() -> None:
    game = riverbox.load("river-trek", players=3, empty_tile_check="caravan-move")
    st, (jaguar, s) = _search(game, 60, _jaguar_off_a_held_tile)
    holder = st.holder[s]
    st.apply(game.parse_action(jaguar, st))
    st.apply(game.parse_action("skip", st))
    assert not st.stacks[st.tiles[s]] and st.holder[s] == holder  # the Jaguar emptied it: kept
    move = next(a for a in st.legal_actions() if str(a).startswith("move ") and a.at != st.tiles[s])
    st.apply(move)
    while st.phase == Phase.DROP:
        st.apply(game.parse_action("drop all", st))
    assert st.holder[s] == holder  # an unrelated caravan move does not take it back


def _move_off_a_held_tile(st: TrekState, seat: int) -> TrekAction | None:
    return next(
        (
            a
            for a in st.legal_actions(seat)
            if a.kind == Kind.MOVE and a.at in st.tiles and st.holder[st.tiles.index(a.at)] >= 0
        ),
        None,
    )


def test_rt_15_caravan_move_still_returns_a_token_when_the_move_empties_its_tile() -> None:
    game = riverbox.load("river-trek", players=3, empty_tile_check="caravan-move")
    st, move = _search(game, 60, _move_off_a_held_tile)
    s = st.tiles.index(move.at)
    st.apply(move)
    while st.phase == Phase.DROP:
        st.apply(game.parse_action("drop all", st))
    assert st.holder[s] == -1


def _boa_or_frog_prompt() -> TrekState:
    game = riverbox.load("river-trek", players=2)
    st, _ = _search(
        game, 80, lambda st, seat: True if st.phase == Phase.DROP and len(st.mv_stack) >= 3 else None
    )
    return st


def test_rt_21_rt_22_drop_all_answers_the_boa_frog_question_once_per_move() -> None:
    st = _boa_or_frog_prompt()
    game = st.game
    assert "drop all" in [str(a) for a in st.legal_actions()]
    one_by_one = st.clone()
    prompts = 0
    while one_by_one.phase == Phase.DROP:
        one_by_one.apply(game.parse_action("drop", one_by_one))
        prompts += 1
    st.apply(game.parse_action("drop all", st))
    assert prompts >= 2 and st.phase != Phase.DROP  # one answer instead of one prompt per drop
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
