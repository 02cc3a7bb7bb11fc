"""The rule options (spec check 11): each named with its default, played both ways, and a bad value
refused by name. What each option changes: RW-3 in test_placement.py, RW-10 in test_runestones.py,
RW-11 in test_lands.py."""

from __future__ import annotations

import pytest

import riverbox

from .helpers import game


@pytest.mark.parametrize(
    "option", ["strict_top_river", "runestone_counts_for_all_goals", "source_counts_for_size"]
)
def test_check_11_every_option_is_named_with_its_default(option: str) -> None:
    """Spec check 11: the RW-3, RW-10 and RW-11 options and their defaults; games end either way."""
    info = next(i for i in riverbox.games() if i.name == "river-wild")
    defaults = info.defaults()
    assert defaults == {
        "strict_top_river": False,
        "runestone_counts_for_all_goals": False,
        "source_counts_for_size": True,
    }
    for value in (True, False):
        g = game(**{option: value})
        assert g.options[option] is value
        s = g.new_state(2)
        while not s.is_over:
            s.apply(s.legal_actions()[0])
        assert s.scores()[0] >= 0


@pytest.mark.parametrize(
    "options",
    [{"strict_top_river": 1}, {"runestone_counts_for_all_goals": "maybe"}, {"source_counts_for_size": None}],
)
def test_bad_option_values_are_refused(options: dict[str, object]) -> None:
    """An option value other than true or false is refused, naming what is expected."""
    with pytest.raises(ValueError, match=r"expected true \| false"):
        riverbox.load("river-wild", **options)
