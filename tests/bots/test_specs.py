"""Bot specs: one syntax (name:key=value,...) parsed once, typed from the factory's signature."""

from __future__ import annotations

import enum
from typing import Any, Literal

import pytest

from riverbox.bots.base import bot_names, make_bot, resolve, with_think
from riverbox.bots.levels import LEVEL_NAMES, LEVELS, levels_for
from riverbox.bots.settings import BotSpec, convert_value, parse_spec, split_lineup
from riverbox.registry import game_class, games, load, register
from tests.bots import probe
from tests.core.toy import ToyGame

register("toy", "tests.core.toy:ToyGame")


class Rollout(enum.Enum):
    RANDOM = "random"
    HEURISTIC = "heuristic"


class TunedBot:
    """A bot whose keywords cover every kind of setting the converter handles."""

    name = "tuned"

    def __init__(
        self,
        seed: int = 0,
        depth: int = 2,
        think: float = 1.0,
        greedy: bool = False,
        style: Literal["calm", "bold"] = "calm",
        rollout: Rollout = Rollout.RANDOM,
        cap: int | None = None,
        label: str = "x",
    ) -> None:
        self.seed, self.depth, self.think, self.greedy = seed, depth, think, greedy
        self.style, self.rollout, self.cap, self.label = style, rollout, cap, label

    def act(self, state: Any, seat: int) -> Any:
        return state.legal_actions(seat)[0]


class TunedToy(ToyGame):
    def extra_bots(self) -> dict[str, Any]:
        return {"tuned": TunedBot}


def test_parse_spec_and_round_trip() -> None:
    spec = parse_spec(" ISMCTS:iterations=4000, rollout=heuristic ")
    assert spec == BotSpec("ismcts", (("iterations", "4000"), ("rollout", "heuristic")))
    assert str(spec) == "ismcts:iterations=4000,rollout=heuristic"
    assert parse_spec(str(spec)) == spec
    assert parse_spec("random") == BotSpec("random")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "must be a name"),
        ("ismcts:", "no settings"),
        ("ismcts:iterations", "key=value"),
        ("ismcts:a=1,a=2", "sets a twice"),
        ("9lives", "not a bot name"),
    ],
)
def test_malformed_specs_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_spec(text)


def test_lineup_syntax_keeps_plain_lists_and_takes_specs_with_commas() -> None:
    assert split_lineup("heuristic,random") == ["heuristic", "random"]
    assert split_lineup("ismcts:iterations=4000,rollout=heuristic,heuristic,random") == [
        "ismcts:iterations=4000,rollout=heuristic",
        "heuristic",
        "random",
    ]
    assert split_lineup("ismcts:c=1;random  montecarlo:playouts=2") == [
        "ismcts:c=1",
        "random",
        "montecarlo:playouts=2",
    ]
    with pytest.raises(ValueError, match="settings follow their bot"):
        split_lineup("random,iterations=3")
    with pytest.raises(ValueError, match="settings follow their bot"):
        split_lineup("iterations=3")


def test_settings_are_converted_to_the_factory_types(monkeypatch: pytest.MonkeyPatch) -> None:
    game = TunedToy(2)
    bot = make_bot(
        "tuned:depth=5,think=0.5,greedy=yes,style=BOLD,rollout=heuristic,cap=none,label=a b", game, 7
    )
    assert (bot.seed, bot.depth, bot.think, bot.greedy) == (7, 5, 0.5, True)
    assert (bot.style, bot.rollout, bot.cap, bot.label) == ("bold", Rollout.HEURISTIC, None, "a b")
    assert make_bot("tuned:cap=3", game).cap == 3
    probe.install(monkeypatch)
    search = make_bot("probe:iterations=40,c=1.5", game, 1)
    assert (search.game, search.seed, search.iterations, search.c) == (game, 1, 40, 1.5)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("tuned:depth=two", "depth='two' is not valid: expected a whole number"),
        ("tuned:think=fast", "expected a number"),
        ("tuned:think=nan", "expected a finite number"),
        ("tuned:greedy=maybe", "expected true or false"),
        ("tuned:style=wild", "expected one of calm | bold"),
        ("tuned:rollout=smart", "expected one of random | heuristic"),
        ("tuned:cap=lots", "expected a whole number"),
        ("tuned:speed=1", "has no setting 'speed'"),
    ],
)
def test_bad_settings_name_the_valid_ones(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        make_bot(spec, TunedToy(2))
    assert "its settings: depth=2 (whole number), think=1.0 (number)" in str(info.value)


def test_unknown_bot_lists_bots_and_levels() -> None:
    with pytest.raises(
        ValueError, match="unknown bot 'wizard' for river-rivals; valid bots: random, heuristic"
    ):
        make_bot("wizard", load("river-rivals"))
    assert set(LEVEL_NAMES) <= set(bot_names(load("river-rivals")))
    with pytest.raises(ValueError, match="has no setting 'x'; its settings: none"):
        make_bot("heuristic:x=1", load("river-rivals"))


def test_game_bots_take_settings_too() -> None:
    assert make_bot("lookahead:samples=3", load("river-wild")).samples == 3
    assert make_bot("heuristic:max_candidates=5", load("river-trek", 2)).max_candidates == 5


def test_every_game_has_every_level_and_each_builds() -> None:
    shipped = [i.name for i in games() if game_class(i.name).__module__.startswith("riverbox.games.")]
    assert len(shipped) == 4
    for name in shipped:
        game = load(name)
        assert set(levels_for(name)) == set(LEVEL_NAMES), name
        for level, spec in LEVELS[name].items():
            assert type(make_bot(level, game, 1)) is type(make_bot(spec, game, 1)), (name, level)


def test_a_level_takes_settings_over_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    probe.install(monkeypatch)
    monkeypatch.setitem(LEVELS, "toy", {"hard": "probe:iterations=50,c=2"})
    game = load("toy", 2)
    assert resolve("hard:c=3", game) == BotSpec("probe", (("iterations", "50"), ("c", "3")))
    bot = make_bot("hard:c=3", game)
    assert (bot.iterations, bot.c) == (50, 3.0)


def test_think_goes_to_bots_that_take_a_time_and_explicit_settings_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    probe.install(monkeypatch)
    game = TunedToy(2)
    assert with_think("tuned:depth=1", 0.25, game) == "tuned:depth=1,think=0.25"
    assert with_think("tuned:think=2", 0.25, game) == "tuned:think=2"
    assert with_think("random", 0.25, game) == "random"
    assert with_think("probe", 0.5, game) == "probe:seconds=0.5"
    assert with_think("probe", None, game) == "probe"
    assert make_bot(with_think("probe", 0.5, game), game).seconds == 0.5


def test_convert_value_prefers_none_for_optional() -> None:
    assert convert_value(int | None, "None") is None
    assert convert_value(float, "1e-3") == 0.001
