"""Presentation hooks: rules text, the rich picture, descriptions, narration; the heuristic bot;
and spec §3.4's expected game length with the project's own engine and bot."""

from __future__ import annotations

import io
import statistics

import pytest
from rich.console import Console

import riverbox
from riverbox.bots.base import RandomBot
from riverbox.core import Rng
from riverbox.games.river_trek.position import Phase
from riverbox.games.river_trek.render import _LEGEND

from .helpers import B, G, O, P, act, make


def _text(renderable: object) -> str:
    console = Console(width=140, record=True, color_system=None)
    with console.capture() as cap:
        console.print(renderable)
    return cap.get()


def test_rules_text_marks_placeholder_boards() -> None:
    text = riverbox.load("river-trek").rules_text()
    assert "Placeholder boards" in text and "one more turn" in text and "Stanley" in text


@pytest.mark.parametrize(("players", "variant"), [(2, "full"), (3, "basic"), (4, "simple")])
def test_render_draws_the_path(players: int, variant: str) -> None:
    g = riverbox.load("river-trek", players=players, variant=variant)
    s = g.new_state(7)
    r = Rng(7)
    for _ in range(60):
        s.apply(r.choice(s.legal_actions()))
        for a in s.legal_actions():
            assert g.describe_action(a, s)
    out = _text(g.render(s, 0))
    assert "PLACEHOLDER" in out and "START" in out and "FINAL" in out
    assert "trading-post area" in out and "money" in out
    if players == 2:
        assert "Stanley" in out


def test_narrate_example_2_shows_each_drop_with_income() -> None:
    """§3.1 as the play log shows it."""
    s = make(seat=G, stacks={8: [G, O, P], 9: [B, B], 11: [B, O, B, O]}, posts={(3, G): 1, (4, P): 2})
    start = len(s.history)
    act(s, "move 8")
    lines = s.game.narrate(s, None, start)
    assert lines == [
        "Green moves the caravan of 3 on space 8.",
        "Green drops on space 9, where the caravan is now 3 tall (+$3).",
        "Orange drops on crossing 10: the caravan of 1 washes down to space 7.",
        "Purple drops on space 11, where the caravan is now 5 tall (+$10).",
    ]
    assert s.log(None)[1] == {"kind": "drop", "who": "green", "space": 9, "size": 3, "paid": 3}


def test_narrate_replays_a_real_game_with_stanley() -> None:
    g = riverbox.load("river-trek", players=2)
    s = g.new_state(3)
    r = Rng(3)
    while s.turn_no < 12:
        s.apply(r.choice(s.legal_actions()))
    lines = g.narrate(s, 0, 0)
    assert any(line.startswith(("Stanley places", "Stanley moves")) for line in lines)
    assert any("drops on" in line for line in lines)
    assert lines[0].startswith("The path is laid out with boards")


def test_narrate_hides_others_income_with_hidden_money() -> None:
    s = make(
        seat=G,
        stacks={8: [G, O, P], 9: [B, B], 11: [B, O, B, O]},
        posts={(3, G): 1, (4, P): 2},
        hidden_money=True,
    )
    act(s, "move 8")
    text = "\n".join(s.game.narrate(s, G, 0))
    assert "+$3" in text and "+$10" not in text and "(paid)" in text


def test_heuristic_bot_is_legal_and_beats_random() -> None:
    g = riverbox.load("river-trek", players=4)
    wins = 0
    for i in range(8):
        bots = [RandomBot(i * 4 + k) for k in range(4)]
        bots[i % 4] = g.heuristic_bot(i)
        s = g.new_state(100 + i)
        while not s.is_over:
            seat = s.to_move[0]
            a = bots[seat].act(s, seat)
            assert a in s.legal_actions(seat)
            s.apply(a, seat)
        wins += (i % 4) in s.winners()
    assert wins >= 6


def test_3_4_expected_game_length_basic_4p() -> None:
    """§3.4: greedy bots in the 4-player basic game take a median of about 18.5 turns per player
    (10-90 %: 15-22.5). Our heuristic bot follows the same greedy recipe."""
    g = riverbox.load("river-trek", players=4, variant="simple")
    turns = []
    for i in range(6):
        bots = [g.heuristic_bot(i * 4 + k) for k in range(4)]
        s = g.new_state(i)
        while not s.is_over:
            seat = s.to_move[0]
            s.apply(bots[seat].act(s, seat), seat)
        turns.append(s.turn_no / 4)
    assert 14 <= statistics.median(turns) <= 24


def test_narrate_incremental_matches_fresh() -> None:
    g = riverbox.load("river-trek", players=3, variant="full")
    s = g.new_state(8)
    r = Rng(8)
    pieces: list[str] = []
    shown = 0
    for _ in range(150):
        s.apply(r.choice(s.legal_actions()))
        pieces += g.narrate(s, 1, shown)
        shown = len(s.history)
    fresh = riverbox.load("river-trek", players=3, variant="full").narrate(s, 1, 0)
    assert pieces == fresh
    other = g.new_state(9)  # a different game through the same Game object
    other.apply(other.legal_actions()[0])
    assert g.narrate(other, None, 0)[0].startswith("The path is laid out with boards")


def test_move_menu_previews_drops_and_income() -> None:
    """A caravan move in the menu shows where each explorer lands and who is paid (§3.1 numbers)."""
    s = make(seat=G, stacks={8: [G, O, P], 9: [B, B], 11: [B, O, B, O]}, posts={(3, G): 1, (4, P): 2})
    text = s.game.describe_action(s.game.parse_action("move 8"), s)
    assert "[P O G, top first]" in text
    assert "drops G→9, O→10≈, P→11" in text
    assert "you +$3, purple +$10" in text
    assert s.money == [0, 0, 0, 0] and s.phase == Phase.MOVE  # the preview played on a copy
    hidden = make(seat=G, stacks={8: [G, O, P], 11: [B] * 4}, posts={(3, G): 1, (4, P): 2}, hidden_money=True)
    text = hidden.game.describe_action(hidden.game.parse_action("move 8"), hidden)
    assert "purple" not in text.split("|")[1]  # RT-28: others' income is not announced


def test_move_menu_preview_names_tokens_and_the_end() -> None:
    s = make(seat=G, animals=("sloth",), stacks={5: [G], 34: [G]})
    assert "green takes the Sloth" in s.game.describe_action(s.game.parse_action("move 5"), s)
    assert "G→off the end" in s.game.describe_action(s.game.parse_action("move 34"), s)
    assert "starts the final round" in s.game.describe_action(s.game.parse_action("move 34"), s)


def test_drop_choices_name_the_explorer_and_space() -> None:
    s = make(seat=G, animals=("boa", "frog"), holders={"boa": G, "frog": G}, stacks={6: [O], 8: [G, O, G]})
    act(s, "move 8")
    d = {str(a): s.game.describe_action(a, s) for a in s.legal_actions()}
    assert d["drop"] == "drop green on space 9, keeping the power for a later drop of this move"
    assert d["boa"] == "Emerald Tree Boa: drop green and orange both on space 9"
    assert d["frog"] == "Tree Frog: jump over space 9; green drops on crossing 10"


def test_picture_lists_animals_and_the_step_in_words() -> None:
    s = make(seat=G, phase="place", animals=("sloth", "jaguar"), holders={"jaguar": O}, stacks={6: [O]})
    out = _text(s.game.render(s, G))
    assert "Animals" in out and "Sloth" in out and "HOLD" in out and "SPEND" in out
    assert "take $2" in out  # the power's summary
    assert "Step 3 of 4: place a new explorer on spaces 0..5" in out


def test_narration_marks_each_turn() -> None:
    g = riverbox.load("river-trek", players=3)
    s = g.new_state(4)
    r = Rng(4)
    while s.turn_no < 4:
        s.apply(r.choice(s.legal_actions()))
    lines = g.narrate(s, 0, 0)
    assert "Turn 1: green to play." in lines and "Turn 2: orange to play." in lines


def test_heuristic_bot_spends_jaguar_otter_and_capybara() -> None:
    """The bot weighs the Jaguar, Otter and Capybara against its best plain move and uses them."""
    g = riverbox.load("river-trek", players=4)
    used: set[str] = set()
    for i in range(6):
        s = g.new_state(40 + i)
        bots = [g.heuristic_bot(i * 4 + k) for k in range(4)]
        while not s.is_over:
            seat = s.to_move[0]
            a = bots[seat].act(s, seat)
            word = str(a).split()[0]
            if word in ("jaguar", "otter", "capybara"):
                used.add(word)
            s.apply(a, seat)
    assert used == {"jaguar", "otter", "capybara"}


def test_heuristic_bot_follows_its_capybara_plan() -> None:
    s = make(
        seat=G, phase="move", animals=("capybara",), holders={"capybara": G}, stacks={6: [O], 8: [G, O, O]}
    )
    bot = s.game.heuristic_bot(1)
    bot._restack_plan = [O, G]
    act(s, "capybara 8")
    assert str(bot.act(s, G)) == "restack 1"


def test_game_over_line_explains_a_tiebreak() -> None:
    """RT-19 tie-breaks are named on the final screen."""
    s = make(seat=G, money=[10, 10, 3, 3], stacks={30: [G], 31: [O]}, phase="over")
    out = _text(s.game.render(s, None))
    assert "Winner: orange (tied on $10 and in the clearing; on top of the caravan furthest upstream)" in out
    s = make(seat=G, money=[10, 10, 3, 3], stacks={30: [G], 31: [O]}, phase="over", clearing=[1, 0, 0, 0])
    out = _text(s.game.render(s, None))
    assert "Winner: green (tied on $10; most explorers in the clearing)" in out


def test_restack_screen_shows_progress() -> None:
    s = make(
        seat=G, phase="post", animals=("capybara",), holders={"capybara": G}, stacks={6: [G], 11: [G, O, B]}
    )
    act(s, "capybara 11")
    act(s, "restack 3")
    out = _text(s.game.render(s, G))
    assert "restacking space 11: bottom up so far: blue; still to place: green orange" in out
    assert (
        s.game.describe_action(s.game.parse_action("restack 1"), s)
        == "put an orange explorer next (from the bottom)"
    )


def test_post_menu_names_the_area_and_posts_already_there() -> None:
    s = make(seat=G, phase="post", stacks={8: [G]}, posts={(3, G): 1, (3, P): 2})
    text = s.game.describe_action(s.game.parse_action("post 3"), s)
    assert text == "put a trading post in #3 M1A-a (large; pays spaces 8, 9; posts there: GPP)"
    assert "posts there" not in s.game.describe_action(s.game.parse_action("post 0"), s)


def test_legend_lines_fit_80_columns_so_no_word_wraps_alone() -> None:
    """The legend under the picture fits an 80-column terminal, so no word wraps onto a line alone."""
    assert all(len(line) <= 78 for line in _LEGEND.splitlines())
    game = riverbox.load("river-trek", players=3)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(game.render(game.new_state(1), 0))
    assert not any(line.strip() in {"2", "others 2"} for line in out.getvalue().splitlines())
