"""River Wild on screen: the picture fits the width it is given, card boundaries show, labels of
neighbouring cards stay apart, overlapping open positions are told apart, plain refusals, the
game-over line is told once, each Protected Land explained, the final rank, and goal labels that
shrink without changing meaning."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import riverbox
from riverbox.games.river_wild import RiverWildState
from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import key_pos
from riverbox.games.river_wild.render import FULL, SMALL, draw_cards, draw_layout, render_state

from .helpers import WORKED, card, custom_game, game, rigged


def played(seed: int, moves: int) -> RiverWildState:
    st = riverbox.load("river-wild").new_state(seed)
    assert isinstance(st, RiverWildState)
    r = random.Random(seed)
    for _ in range(moves):
        if st.is_over:
            break
        st.apply(r.choice(st.legal_actions(0)), 0)
    return st


def lines(text: object) -> list[str]:
    return str(text).rstrip("\n").split("\n")


@pytest.mark.parametrize("width", [60, 80, 100, 120, 149])
def test_hand_faces_wrap_as_whole_cards_within_the_width(width: int) -> None:
    st = played(1, 6)
    game = st.game
    faces = [game.rules.faces[2 * ci + side] for ci in st.hand for side in (0, 1)]
    captions = [f"c{i}" for i in range(len(faces))]
    strip = lines(draw_cards(faces, captions, width=width))
    assert len(faces) >= 6 and max(len(x) for x in strip) <= width
    card_rows = (len(strip) + 1) // (FULL.ch + 2)
    if len(faces) * (FULL.cw + 2) - 2 > width:  # too wide for one row: whole cards wrap
        assert card_rows > 1


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_screen_lines_fit_the_console_width_without_cutting_a_card(width: int) -> None:
    st = played(2, 10)
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(st.game.render(st, 0))
    text = out.getvalue()
    assert max(len(x) for x in text.splitlines()) <= width
    picture = lines(draw_layout(st, 0, width=width - 4))
    assert max(len(x) for x in picture) <= width - 4 or (width - 4) < 5 * SMALL.cw


def test_render_takes_a_width() -> None:
    st = played(3, 8)
    narrow, wide = (render_state(st, 0, width=w) for w in (80, 200))
    out_n, out_w = io.StringIO(), io.StringIO()
    Console(file=out_n, width=200, color_system=None).print(narrow)
    Console(file=out_w, width=200, color_system=None).print(wide)
    assert (
        max(len(x) for x in out_n.getvalue().splitlines())
        <= 80
        < max(len(x) for x in out_w.getvalue().splitlines())
    )


def test_card_boundaries_show_and_neighbouring_labels_stay_apart() -> None:
    st = played(4, 12)
    pic = lines(draw_layout(st, 0, marks=False))
    cols = [key_pos(k)[1] for _, k in st.board.placed]
    rows = [key_pos(k)[0] for _, k in st.board.placed]
    lo = min(cols)
    for r, c in zip(rows, cols, strict=True):
        x0, y0 = (c - lo) * FULL.step_x, r * FULL.step_y
        for y in range(y0, y0 + FULL.ch):  # the column right of a card is blank: its edge shows
            right = pic[y][x0 + FULL.cw : x0 + FULL.cw + 1] if y < len(pic) else ""
            assert right in ("", " "), (r, c, pic[y])
        below = pic[y0 + FULL.ch] if y0 + FULL.ch < len(pic) else ""
        assert below[x0 : x0 + FULL.cw].strip() == ""  # and the row below it


def test_overlapping_open_positions_have_distinct_outlines() -> None:
    for seed in range(40):
        st = played(seed, 4)
        spots = {(a.row, a.col) for a in st.legal_actions(0) if isinstance(a, Place)}
        pair = next(((r, c) for r, c in sorted(spots) if (r, c + 1) in spots), None)
        if pair:
            break
    else:
        raise AssertionError("no overlapping open positions in 40 seeds")
    r, c = pair
    pic = str(draw_layout(st, 0))
    marks = {}
    for col in (c, c + 1):
        label = f"{r},{col}"
        i = pic.index(label)
        marks[col] = pic[i - 1]
        assert pic[i - 1] not in " .~^"
    assert marks[c] != marks[c + 1]


def test_refusal_of_a_card_with_nothing_above_reads_plainly() -> None:
    st = played(5, 0)
    a = next(a for a in st.legal_actions(0) if isinstance(a, Place))
    far = Place(a.card, a.side, 12, 0)  # inside the action space, far below every card
    with pytest.raises(riverbox.IllegalAction) as err:
        st.apply(far, 0)
    message = str(err.value)
    assert "must be placed below an existing card" in message
    assert "rule below" not in message


def test_game_over_is_told_once_when_narrated_step_by_step() -> None:
    st = played(6, 40)
    assert st.is_over
    game = st.game
    shown, told = 0, []
    for i in range(1, len(st.history) + 1):  # as replay does: narrate what is new after each step
        told += game.narrate(st, 0, shown) if i == len(st.history) else []
        shown = i
    told += game.narrate(st, 0, shown)  # the final call of replay, with nothing new
    assert sum(line.startswith("Game over") for line in told) == 1


# -- what the picture explains ----------------------------------------------------------------------------
def _text(g, s) -> str:  # type: ignore[no-untyped-def]
    console = Console(width=200, record=True, color_system=None)
    console.print(g.render(s, 0))
    return console.export_text()


def test_render_explains_each_protected_land_and_where_cards_fit() -> None:
    """Each Protected Land with its size, goals, runestones and points (RW-6, RW-7, RW-10), the rank
    so far, and where each card in hand fits, in the short notation a player may type."""
    g = game()
    s = rigged(g, hand=[2, 4, 5], moves=WORKED, deck=[6, 7, 8])
    out = _text(g, s)
    # Worked example: land A (c1, c3) holds only card 1's runestone; land B (c9, c10) a Jackalope and
    # card 10's runestone. B is the largest by the RW-7 tie rule.
    assert "c1 c3 (size 2): 2 + 2 goal points = 4  [second numbers]" in out
    assert "holds 1 runestone ◆; goals: F 1/2, U 1/2" in out
    assert "c9 c10 (size 2): 2 + 0 goal points = 2  [largest land: first numbers]" in out
    assert "holds Jackalope, 1 runestone ◆; goals: D+D+D 3/6" in out
    assert "Score so far 6  (rank now: Embarrassing Environment; next: Decent Domicile at 30)" in out
    # Where each card fits, in the short notation a player may type.
    assert "fits: c2 front at 3,1   c2' back at 3,-1" in out
    for a in s.legal_actions():
        short = f"c{a.card}{chr(39) if a.side else ''} {a.row},{a.col}"
        assert g.parse_action(short) is a
    assert "Goals: F Frog, J Jackalope, U Unicorn, D Dragon" in out


def test_render_final_score_names_rank_next_rank_and_unplaced_cards() -> None:
    """At the end (RW-12): the final score, its rank and the next, and the cards left unplaced."""
    dry = [
        card(i, "LL", "LL", "LL", [{"slots": ["T0", "T1", "B0", "B1", "S0", "S1"], "animal": "Frog"}])
        for i in (2, 3, 4)
    ]
    cg = custom_game({"top": "MM", "bottom": "RR", "sides": "MM"}, [card(1, "RM", "MM", "MM"), *dry])
    s = rigged(cg, hand=[1, 2, 3], deck=[4])
    s.apply(cg.parse_action("c1 1,0"))
    assert s.is_over
    out = _text(cg, s)
    assert "Final score 0  — Embarrassing Environment  (next rank: Decent Domicile at 30)" in out
    assert "No card in hand fits anywhere; unplaced: c2 c3 c4." in out


def test_goal_labels_shrink_without_changing_meaning() -> None:
    """A goal's label on a card keeps its icons and numbers as it shrinks to fit."""
    from riverbox.games.river_wild.render import _label_forms

    g = game()
    f11 = g.rules.faces[2 * g.deck.index_of(11)]
    goal_section = next(k for k, sec in enumerate(f11.sections) if sec.goal is not None)
    assert _label_forms(f11, goal_section) == [["F+J+U+D 4/8"], ["FJUD 4/8"], ["FJUD4/8"], ["FJUD"]]
    f13 = g.rules.faces[2 * g.deck.index_of(13)]
    goal_section = next(k for k, sec in enumerate(f13.sections) if sec.goal is not None)
    assert _label_forms(f13, goal_section)[0] == ["any3 1/3"]
