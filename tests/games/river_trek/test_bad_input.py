"""Bad input: notation errors name the problem; illegal actions name the rule and change nothing."""

from __future__ import annotations

import pytest

import riverbox
from riverbox.core import GameOver, IllegalAction

from .helpers import B, G, O, make


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("move 3 4", "'move' takes 1 argument: write it as move SPACE"),
        ("post", "'post' takes 1 argument: write it as post AREA"),
        ("place -1", "'-1' is not a space number"),
        ("move 1.5", "'1.5' is not a space number"),
        ("move 99", "space 99 does not exist"),
        ("restack 7", "colour 7 does not exist (at most 3)"),
        ("dog 3 sideways", "the Bush Dog steps 'up' or 'down'"),
        ("end now", "'end' takes nothing more"),
        ("movepost 2 2", "'movepost' needs two different areas"),
        ("jaguar 4 4", "'jaguar' needs two different spaces"),
        ("otter 5 5", "the Otter swaps two different crossings"),
        ("mvoe 3", "did you mean 'move'?"),
        ("", "empty action"),
    ],
)
def test_parse_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(ValueError) as err:
        riverbox.load("river-trek").parse_action(text)
    assert message in str(err.value)


def _refused(s: object, text: str, seat: int | None = None) -> str:
    """Apply ``text``, expect a refusal, check the state did not change, return the message."""
    assert hasattr(s, "to_json") and hasattr(s, "apply") and hasattr(s, "game")
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(s.game.parse_action(text), seat)
    assert s.to_json() == before
    return str(err.value)


def test_out_of_turn_is_refused_naming_who_is_to_move() -> None:
    s = make(seat=G, stacks={8: [G, O]})
    assert "not seat 1's turn; seat 0 is to move" in _refused(s, "move 8", O)


@pytest.mark.parametrize(
    ("phase", "text", "rule"),
    [
        ("place", "place 6", "New Explorer spaces 0..5"),  # RT-6 range
        ("place", "place 2", "height limit is 2"),  # RT-6: space 2 holds two
        ("post", "post 0", "1 per player in a small area"),  # RT-3: small Start area
        ("post", "movepost 0 3", "only when none are left in your hand"),  # RT-4
        ("move", "move 12", "one of your explorers"),  # RB step 2: orange's caravan
        ("move", "moveback 8", "Peccary"),  # RT-23
        ("move", "jaguar 8 12", "do not hold the jaguar"),  # RT-14
        ("move", "boa", "during your own caravan moves only, at a drop"),  # RT-21
        ("move", "place 1", "move a caravan"),  # wrong step: says what to do now
        ("move", "dog 8 up", "Bush Dog moves at the end of your turn"),
    ],
)
def test_illegal_actions_name_the_rule_and_change_nothing(phase: str, text: str, rule: str) -> None:
    s = make(seat=G, phase=phase, stacks={2: [O, B], 8: [G, O], 12: [O]}, posts={(0, G): 1})
    assert rule in _refused(s, text)


def test_setup_post_cannot_be_skipped() -> None:
    s = riverbox.load("river-trek", players=3).new_state(1)
    while s.view(None)["phase"] == "setup-explorer":
        s.apply(s.legal_actions()[0])
    assert "every player places one starting trading post" in _refused(s, "skip")  # RT-5


def test_actions_after_the_end_raise_game_over() -> None:
    s = make(seat=G, money=[1, 2, 3, 4], phase="over")
    with pytest.raises(GameOver):
        s.apply(s.game.parse_action("skip"))
    assert s.legal_actions() == []
