"""What a person at the terminal sees: the river drawing, the prompts and the play log."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

import riverbox
from riverbox.games.river_rivals.content import EQUIPMENT
from riverbox.games.river_rivals.render import prompt

from .helpers import act, make


def _text(renderable: object) -> str:
    console = Console(width=160, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def screen(state: riverbox.State, seat: int | None) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(state.game.render(state, seat))
    return out.getvalue()


def test_render_marks_card_numbers_column_status_and_the_prompt() -> None:
    game = riverbox.load("river-rivals")
    s = make(
        hands=(["brown-bear"], []),
        board={(0, 0): [("heron", 0, 1), ("heron", 1, 0)], (1, 0): ["otter", "otter", ("lynx", 0, 1)]},
    )
    act(s, "play brown-bear col1")
    out = _text(game.render(s, 0))
    assert "#3 Brown bear 3" in out and "#2 Heron 2 +1sh" in out
    assert "strength 8 ✓" in out  # 2 + 2 + 1 shield + 3 against 3: full side that would catch
    assert "strength 3 ✗" in out  # the opposing full side is weaker
    assert "strength 0 · 0/3" in out
    assert "Claw Attack in column 1: choose an opposing card" in out
    # the prompt is for the seat to move only
    assert prompt(s.view(1)) is not None and "choose an opposing card" not in _text(game.render(s, 1))


def test_play_log_names_the_animals_and_the_automatic_catches() -> None:
    for mode in ("basic", "advanced"):
        game = riverbox.load("river-rivals", mode=mode)
        for seed in range(3):
            s = game.new_state(seed)
            bots = [game.heuristic_bot(seed), game.heuristic_bot(seed + 7)]
            while not s.is_over:
                seat = s.to_move[0]
                s.apply(bots[seat].act(s, seat), seat)
            for seat in (0, 1, None):
                lines = game.narrate(s, seat, 0)
                assert not any(re.search(r"col\d card\d", line) for line in lines), lines
                w = s.winners()[0]
                assert lines[-1].startswith("Game over") and lines[-1].endswith(f"Seat {w} wins.")
                placed = sum(1 for line in lines if line.startswith(f"Seat {w} places a fish"))
                auto = sum(1 for line in lines if line.startswith(f"Seat {w} catches a fish"))
                assert placed + auto >= 8  # every fish the winner placed is told (some may have been lost)


def test_play_log_tells_the_victim_how_many_cards_peek_a_scope_took_but_not_which() -> None:
    # RV-23: the count is public (pile sizes), the cards only the taker sees.
    game = riverbox.load("river-rivals", mode="advanced")
    s = make(
        "advanced",
        hands=(["otter"], ["heron"]),
        piles=(["otter"], ["lynx", "beaver", "heron", "raccoon"]),
        equipment=(["peek-a-scope"], []),
    )
    start = len(s.history)
    act(s, "play otter col1", "fish col1 card1")
    theirs = game.narrate(s, 1, start)
    assert "Seat 0 takes 3 cards from the top of seat 1's draw pile (Peek-a-Scope)." in theirs
    assert not any("Raccoon" in line for line in theirs)
    assert (
        "You take Raccoon, Heron, Beaver from the top of seat 1's draw pile (Peek-a-Scope)."
        in game.narrate(s, 0, start)
    )


def test_header_names_the_pending_decision() -> None:
    """The header names the decision frame waiting for an answer (found in random play)."""
    game = riverbox.load("river-rivals", mode="advanced")
    wanted = {
        "copy": "Copy Animal",
        "claw": "Claw Attack",
        "movement": "Movement",
        "quick-catch": "Quick Catch",
    }
    found: dict[str, str] = {}
    for seed in range(40):
        s = game.new_state(seed)
        r = random.Random(seed)
        while not s.is_over and len(found) < len(wanted):
            pend = s.view(None)["pending"]
            if pend and pend["type"] in wanted and pend["type"] not in found:
                found[pend["type"]] = screen(s, s.to_move[0]).splitlines()[0]
            seat = s.to_move[0]
            s.apply(r.choice(s.legal_actions(seat)), seat)
    assert set(found) == set(wanted)
    for kind, header in found.items():
        assert f"({wanted[kind]} decision)" in header and "choose an action" not in header


def test_placeholder_equipment_is_marked_card_by_card() -> None:
    """Placeholder equipment (spec: not the published cards) is starred card by card on the screen."""
    game = riverbox.load("river-rivals", mode="advanced")
    for seed in range(20):
        s = game.new_state(seed)
        offer = [EQUIPMENT[e] for e in s.offer]
        if any(e.placeholder for e in offer) and not all(e.placeholder for e in offer):
            break
    text = screen(s, 0)
    for e in offer:
        assert (f"{e.name}*" in text) == e.placeholder, e.name
    assert "* placeholder equipment" in text
