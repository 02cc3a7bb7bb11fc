"""Action notation, the fixed id space and parse errors."""

from __future__ import annotations

import pytest

import riverbox
from riverbox.games.river_trek.actions import ALL_ACTIONS, parse


def test_ids_and_notation_round_trip() -> None:
    g = riverbox.load("river-trek")
    assert g.num_action_ids == len(ALL_ACTIONS)
    for i, a in enumerate(ALL_ACTIONS):
        assert g.action_id(a) == i and g.action_from_id(i) is a
        assert g.parse_action(str(a)) is a


def test_parse_is_forgiving_about_case_and_spaces() -> None:
    assert str(parse("  MOVE   12 ")) == "move 12"
    assert str(parse("otter 15 5")) == "otter 5 15"
    assert str(parse("dog 3 down")) == "dog 3 down"


@pytest.mark.parametrize("text", ["", "fly 3", "move", "move x", "place 999", "dog 3 left", "otter 5 5"])
def test_parse_errors_are_helpful(text: str) -> None:
    with pytest.raises(ValueError, match="river-trek"):
        parse(text)


def test_action_from_id_out_of_range() -> None:
    g = riverbox.load("river-trek")
    with pytest.raises(ValueError):
        g.action_from_id(g.num_action_ids)
    with pytest.raises(ValueError):
        g.action_id("move 3")


def test_legal_actions_are_prebuilt_objects() -> None:
    g = riverbox.load("river-trek")
    s = g.new_state(1)
    for a in s.legal_actions():
        assert a is ALL_ACTIONS[g.action_id(a)]


def test_every_refusal_says_why_in_plain_words() -> None:
    """explain_illegal gives a reason for any refused action in any phase, without ruling ids (RT-n)."""
    import re

    from riverbox.core import IllegalAction, Rng

    for players, variant in ((2, "full"), (4, "basic")):
        g = riverbox.load("river-trek", players=players, variant=variant)
        s = g.new_state(players)
        r = Rng(players)
        while not s.is_over:
            legal = set(s.legal_actions())
            for _ in range(3):
                bad = g.action_from_id(r.randrange(g.num_action_ids))
                if bad in legal:
                    continue
                with pytest.raises(IllegalAction) as err:
                    s.clone().apply(bad)
                message = str(err.value)
                assert " is not legal now: " in message and not re.search(r"\b(?:RR|RV|RW|RT)-\d+", message)
            s.apply(r.choice(sorted(legal, key=str)))
