"""Every level names a bot the game has, with settings that bot accepts, and each level is a
measured step above the one below (issue 28): the data file's steps clear the line, and a small
seeded sample still shows the order."""

from __future__ import annotations

import itertools

import pytest

import riverbox
from riverbox.bots.base import bot_names, bot_settings, make_bot
from riverbox.bots.levels import DATA, LEVEL_NAMES, LEVELS, level_info
from riverbox.lab import tournament
from riverbox.lab.ladder import run_ladder


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_levels_name_real_bots_with_real_settings(name: str) -> None:
    game = riverbox.load(name)
    assert tuple(LEVELS[name]) == LEVEL_NAMES
    for spec in LEVELS[name].values():
        bot, _, rest = spec.partition(":")
        assert bot in bot_names(game)
        if rest:
            accepted = set(bot_settings(bot, game))
            keys = {part.split("=")[0] for part in rest.split(",")}
            assert keys <= accepted, f"{spec}: {keys - accepted} not accepted"


GAMES = ["ravenous-river", "river-rivals", "river-wild", "river-trek"]
STEPS = list(itertools.pairwise(LEVEL_NAMES))
LINE = 0.65
"""Each level finishes above the one below in at least this share of games (issue 28)."""
SOLO_LINE = 3.0
"""River Wild is solo: each level scores at least this many points more on the same deals."""
@pytest.mark.parametrize("name", GAMES)
def test_each_measured_step_is_of_the_current_levels_and_clears_the_line(name: str) -> None:
    """The data file's steps were measured with the specs the levels play now, each clears the line
    with its whole 95% interval (no step is let off), and the ratings are the steps chained from
    easy = 1000."""
    import json

    data = json.loads(DATA.read_text(encoding="utf-8"))[name]
    info = level_info(name)
    rating = 1000.0
    assert info["easy"].rating == 1000
    for lower, upper in STEPS:
        step = data["steps"][f"{lower}-{upper}"]
        assert (step["lower"], step["upper"]) == (info[lower].spec, info[upper].spec), (lower, upper)
        if data["players"] == 1:
            assert step["difference_ci95"][0] >= SOLO_LINE, (lower, upper, step)
        else:
            assert step["above_ci95"][0] >= LINE, (lower, upper, step)
        rating += step["elo"]
        assert info[upper].rating == round(rating)
    assert [info[n].rating for n in LEVEL_NAMES] == sorted(info[n].rating or 0 for n in LEVEL_NAMES)


def _upper_ahead(name: str, lower: str, upper: str, deals: int, seed: int) -> float:
    """Above 0.5 when ``upper`` did better than ``lower`` on ``deals`` seeded deals.

    Two players: the share of games ``upper`` finished above (both seatings). River Wild is
    solo and its steps are points: 1 if ``upper`` scored more over the deals together, 0.5 on a
    tie, else 0 (with two deals, "won both" would fail one run in four on a measured step of 8
    points: a search that thinks by CPU time plays a deal differently each run).
    """
    players = 1 if name == "river-wild" else 2  # the levels were measured in two-player games
    if players == 1:
        setups = [tournament.Setup(name, 1, {}, (lower,)), tournament.Setup(name, 1, {}, (upper,))]
        low, high = tournament.run_many(setups, deals, seed, 1)
        gain = sum(b["scores"][0] - a["scores"][0] for a, b in zip(low, high, strict=True))
        return 1.0 if gain > 0 else 0.5 if gain == 0 else 0.0
    result = run_ladder(name, players, {}, [upper, lower], deals, seed)
    ahead = result.pairwise[0][1]
    assert ahead is not None
    return ahead


LOW_STEPS = [(g, lo, up) for g in GAMES for lo, up in STEPS if up != "strong"]


@pytest.mark.parametrize(("name", "lower", "upper"), LOW_STEPS)
def test_each_low_level_beats_the_one_below_on_a_seeded_sample(name: str, lower: str, upper: str) -> None:
    """The order on a small seeded sample: rules-of-thumb levels are quick, so a dozen games each.
    A level that stopped being a step (a slip share moved, a heuristic broken) fails here."""
    deals = {"river-wild": 2, "river-trek": 3}.get(name, 6)
    assert _upper_ahead(name, lower, upper, deals, seed=5) > 0.5


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_strong_beats_hard_on_a_seeded_sample(name: str) -> None:
    """``strong`` searches for a few tenths of a second a move, so only two deals (four games where
    two play); its measured step is wide (over 85%), so it wins most of them."""
    # River Wild on the measured deals (seed 1, where strong scored more on 43 of 48): two deals of
    # seed 5 came out even or worse in one CI run of three, a search by CPU time being a new player
    # each run
    deals, seed = (3, 1) if name == "river-wild" else (2, 5)
    assert _upper_ahead(name, "hard", "strong", deals, seed=seed) > 0.5


@pytest.mark.parametrize("name", GAMES)
def test_casual_slips_between_random_and_the_heuristic_and_sees_only_its_seat(name: str) -> None:
    """``casual`` with no slips is the heuristic, with every move a slip the random bot's kind of
    play; whatever it plays, it decides the same on every world its seat cannot tell apart."""
    game = riverbox.load(name)
    state = game.new_state(3)
    mover = make_bot("random", game, 9)
    for step in range(60):
        if state.is_over:
            break
        seat = state.to_move[0]
        if step % 5 == 0:
            same = game.heuristic_bot(4).act(state, seat)
            assert make_bot("casual:slip=0", game, 4).act(state, seat) == same
            for k in range(3):
                world = state.determinize(seat, k)
                assert make_bot("casual:slip=0.5", game, k).act(world, seat) == make_bot(
                    "casual:slip=0.5", game, k
                ).act(state, seat)
        state.apply(mover.act(state, seat), seat)
    with pytest.raises(ValueError, match="slip must be between 0 and 1"):
        make_bot("casual:slip=2", game)
