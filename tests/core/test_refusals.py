"""Bad input from outside is refused with ValueError/IllegalAction and changes nothing.

Seats that are not seats, values that are not the game's actions, seeds out of range,
tampered or deeply nested JSON: the core checks them once for every game.
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import riverbox
from riverbox.cli.common import read_record
from riverbox.core.checks import SEED_LIMIT, json_depth, loads
from riverbox.core.testkit import ConformanceError, check_game
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")

GAMES = [("ravenous-river", 4), ("river-rivals", 2), ("river-wild", 1), ("river-trek", 4), ("toy", 3)]
BAD_SEATS: list[Any] = [True, False, 0.0, np.int64(0), 1 + 0j, -5, 2**33, "0"]


def _started(name: str, players: int, steps: int = 3) -> riverbox.State:
    state = riverbox.load(name, players).new_state(7)
    for _ in range(steps):
        seat = state.to_move[0]
        state.apply(state.legal_actions(seat)[0], seat)
    return state


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_seat_that_is_not_a_seat_is_refused_everywhere(name: str, players: int, seat: Any) -> None:
    state = _started(name, players)
    before = state.to_json()
    action = state.legal_actions()[0] if len(state.to_move) == 1 else state.legal_actions(state.to_move[0])[0]
    with pytest.raises(riverbox.IllegalAction, match="is not a seat"):
        state.apply(action, seat)
    with pytest.raises(riverbox.IllegalAction, match="is not a seat"):
        state.legal_actions(seat)
    with pytest.raises(ValueError, match="is not a seat"):
        state.view(seat)
    with pytest.raises(ValueError, match="is not a seat"):
        state.determinize(seat, 1)
    assert state.to_json() == before


def test_a_huge_seat_allocates_nothing() -> None:
    state = _started("ravenous-river", 4)
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=r"seats 0 to 3"):
            state.view(2**33)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 100_000


def test_bad_seat_messages_name_the_value_and_its_type() -> None:
    state = _started("toy", 3)
    expected = r"True \(bool\) is not a seat; this game has seats 0 to 2"
    with pytest.raises(riverbox.IllegalAction, match=expected):
        state.apply(state.legal_actions()[0], True)


def test_river_trek_refuses_a_plain_tuple_and_strings() -> None:
    state = _started("river-trek", 3)
    before = state.to_json()
    action = state.legal_actions()[0]
    assert tuple(action) == action  # equal, yet not an action
    for foreign in (tuple(action), str(action), riverbox.load("river-trek", 3).action_id(action), None):
        with pytest.raises(riverbox.IllegalAction, match="is not a River Trek action"):
            state.apply(foreign)
    assert state.to_json() == before


def test_an_action_object_holding_no_action_is_named_not_explained() -> None:
    from riverbox.games.river_trek.actions import TrekAction
    from tests.core.toy import Act

    trek = _started("river-trek", 3)
    with pytest.raises(riverbox.IllegalAction, match="is not a River Trek action"):
        trek.apply(TrekAction(999, 5, 5))
    toy = _started("toy", 2)
    before = toy.to_json()
    with pytest.raises(riverbox.IllegalAction, match=r"Act\(word='fly'\).*is not a Toy action"):
        toy.apply(Act("fly"))
    assert toy.to_json() == before


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("seed", [True, np.uint64(3), np.int64(3), 3.0, -1, SEED_LIMIT, "3"], ids=repr)
def test_seeds_must_be_ints_in_range(name: str, players: int, seed: Any) -> None:
    with pytest.raises(ValueError, match="is not valid; a seed is a whole number from 0 to 2\\*\\*64 - 1"):
        riverbox.load(name, players).new_state(seed)


def test_the_seed_range_ends_at_the_generator_size() -> None:
    game = riverbox.load("toy", 2)
    assert game.new_state(SEED_LIMIT - 1).seed == SEED_LIMIT - 1
    state = game.new_state(0)
    with pytest.raises(ValueError, match="seed"):
        state.determinize(0, -1)
    with pytest.raises(ValueError, match="seed"):
        state.determinize(0, True)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_state_json_is_checked_before_it_is_trusted(name: str, players: int) -> None:
    game = riverbox.load(name, players)
    doc = _started(name, players, steps=4).to_json()
    assert game.state_from_json(json.loads(json.dumps(doc))).to_json() == doc
    tampered: list[dict[str, Any]] = [
        {**doc, "seed": True},
        {**doc, "seed": 1.0},
        {**doc, "rng": "1"},
        {**doc, "determinized": 1},
        {**doc, "history": [*doc["history"], [0, 10**9]]},
        {**doc, "history": [*doc["history"], [0.0, 0]]},
        {**doc, "history": doc["history"][:-1]},
        {**doc, "body": None},
        {**doc, "body": {}},
        {**doc, "body": "x"},
        {**doc, "seed": doc["seed"] + 1},  # the history no longer follows from the seed
    ]
    for broken in tampered:
        with pytest.raises(ValueError, match="state JSON"):
            game.state_from_json(broken)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_body_field_of_the_wrong_type_is_refused(name: str, players: int) -> None:
    """Each top-level body field, swapped for a value of another JSON type, fails at once."""
    game = riverbox.load(name, players)
    doc = _started(name, players, steps=4).to_json()
    assert isinstance(doc["body"], dict)
    for key, value in doc["body"].items():
        junks: tuple[Any, ...] = ("x", 1.5, None, [[]], {"a": 1}, True)
        for junk in junks:
            if json.dumps(junk) == json.dumps(value):
                continue
            with pytest.raises(ValueError, match="state JSON"):
                game.state_from_json({**doc, "body": {**doc["body"], key: junk}})


def test_true_for_one_is_a_wrong_type_in_a_body() -> None:
    game = riverbox.load("toy", 2)
    doc = game.new_state(1).to_json()
    body = {**doc["body"], "turn": True if doc["body"]["turn"] == 1 else float(doc["body"]["turn"])}
    with pytest.raises(ValueError, match="state JSON body"):
        game.state_from_json({**doc, "body": body})


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def test_deep_nesting_is_refused_without_recursion_error(tmp_path: Path) -> None:
    game = riverbox.load("toy", 2)
    state = game.new_state(1)
    record = state.record()
    deep = _nested(100_000)
    for key, value in (("actions", [deep]), ("options", {"turns": deep}), ("seed", deep)):
        broken = {**record, key: value}
        with pytest.raises(ValueError, match="deeper than 64 levels"):
            riverbox.replay(broken)
    with pytest.raises(ValueError, match="deeper than 64 levels"):
        game.state_from_json({**state.to_json(), "body": deep})
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(record)[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(ValueError, match=f"record {path} nests deeper than 64 levels"):
        read_record(path)


def test_a_shallow_deep_value_is_described_without_recursion() -> None:
    """Error messages describe bad values briefly, however deep they are."""
    with pytest.raises(ValueError) as info:
        riverbox.load("toy", 2, turns=_nested(500))
    assert len(str(info.value)) < 200


def test_json_depth_ignores_brackets_inside_strings() -> None:
    assert json_depth('{"a": ["[[[[", {"b": "]]]\\"[["}]}') == 3
    assert json_depth("17") == 0
    assert loads('[["x"]]', "doc") == [["x"]]
    with pytest.raises(ValueError, match="doc is not valid JSON"):
        loads("[1,", "doc")


def test_a_non_utf8_record_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"game": "caf\xe9"}')
    with pytest.raises(ValueError, match=f"record {path} is not UTF-8 text"):
        read_record(path)


def test_testkit_catches_a_game_that_takes_a_bool_for_a_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """The testkit's refusal checks fail on a core that compares seats with ``==`` again."""
    from riverbox.core.game import State

    def lenient(self: State, seat: int | None) -> int:
        return self.to_move[0] if seat is None else seat

    monkeypatch.setattr(State, "_seat", lenient)
    with pytest.raises(ConformanceError, match="seat="):
        check_game(riverbox.load("toy", players=2), games=2)


def test_testkit_catches_a_parser_that_crashes_on_junk(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.core.toy import ToyGame

    original = ToyGame.parse_action

    def fragile(self: ToyGame, text: str, state: Any = None) -> Any:
        if text == "{}":
            raise KeyError(text)  # a crash, not a refusal
        return original(self, text, state)

    monkeypatch.setattr(ToyGame, "parse_action", fragile)
    with pytest.raises(ConformanceError, match="raised KeyError instead of ValueError"):
        check_game(riverbox.load("toy", players=2), games=1)


def test_testkit_counts_its_refusal_checks() -> None:
    report = check_game(riverbox.load("toy", players=2), games=3)
    assert report.refusal_checks > 100
