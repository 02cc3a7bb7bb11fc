"""The fast engine against the rules in rulebook shape (``reference``), over many seeded games.

At every step of random playouts (2, 3 and 4 players, every variant and option that changes a
rule): each seat to move gets the same legal actions from both; a plain caravan move tells the
events the reference works out, in order, and leaves the same stacks and money; a new turn never
begins with a caravan that must move (RT-13); a forced move names a caravan that tall; Stanley's
moves never stop for the Boa or the Tree Frog (RT-31); the game ends with the reference's
winners. A reference rule broken on purpose is caught.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import riverbox
from riverbox.core.events import as_event
from riverbox.core.rng import Rng
from riverbox.games.river_trek import reference
from riverbox.games.river_trek.actions import Kind, TrekAction
from riverbox.games.river_trek.position import FORCED_HEIGHT, Phase
from riverbox.games.river_trek.state import TrekState

SETTINGS: tuple[dict[str, Any], ...] = (
    {"players": 4},
    {"players": 3, "variant": "full"},
    {"players": 2},
    {"players": 2, "variant": "full", "empty_tile_check": "caravan-move"},
    {"players": 4, "variant": "full", "animal_shift": "back"},
    {"players": 3, "variant": "simple"},
)


def _told(state: TrekState, start: int) -> list[dict[str, Any]]:
    """Every event told since ``start``, as the log gives them."""
    return [as_event(e).as_dict() for e in state.stored_events(start, state.event_count)]


def _names(actions: list[TrekAction]) -> list[str]:
    return sorted(str(a) for a in actions)


def _step_differences(
    before: TrekState, action: TrekAction, seat: int, after: TrekState, told: list[Any]
) -> Iterator[str]:
    """What the engine did in one step that the reference disagrees with."""
    plain_move = action.kind in (Kind.MOVE, Kind.MOVEBACK) and not reference.may_use_drop_powers(
        before, False
    )
    if plain_move:
        expected, stacks = reference.caravan_move(before, action.at, 1 if action.kind == Kind.MOVE else -1)
        if told[1 : 1 + len(expected)] != expected:
            yield f"{action}: events {told[1 : 1 + len(expected)]} != reference {expected}"
        if after.phase == Phase.PLACE and after.cur == before.cur:  # the turn goes on: nothing else moved
            if after.stacks != stacks:
                yield f"{action}: stacks {after.stacks} != reference {stacks}"
            money = list(before.money)
            for event in expected:
                if event.get("paid"):
                    money[before.names.index(event["who"])] += event["paid"]
            if after.money != money:
                yield f"{action}: money {after.money} != reference {money}"
    # a turn after the first (setup may leave the Dock that tall) begins with no caravan that tall
    began = any(e["kind"] == "turn" for e in told) and after.phase == Phase.POST and before.turn_no > 0
    if began and reference.forced_caravan(after) >= 0:
        yield f"{action}: a turn began with a caravan on {reference.forced_caravan(after)} that must move"
    for event in told:
        if event["kind"] == "forced" and event["size"] < FORCED_HEIGHT:
            yield f"{action}: a forced move of a caravan of {event['size']}"
    if after.phase == Phase.DROP and after.cur == after.stanley:
        yield f"{action}: Stanley's move stopped for the Boa or the Tree Frog"
    if after.is_over:
        if after.winners() != reference.winners(after):
            yield f"winners {after.winners()} != reference {reference.winners(after)}"
        if after.scores() != [float(m) for m in after.money]:
            yield f"scores {after.scores()} are not the money {after.money}"


def differences(games: int, seed: int = 0, limit: int = 5) -> list[str]:
    """Play ``games`` seeded random games; the first ``limit`` disagreements with the reference."""
    rng = Rng(seed)
    found: list[str] = []
    for g in range(games):
        settings = dict(SETTINGS[g % len(SETTINGS)])
        game = riverbox.load("river-trek", **settings)
        state = game.new_state(rng.randrange(2**31))
        assert isinstance(state, TrekState)
        while not state.is_over and len(found) < limit:
            for seat in state.to_move:
                engine, ref = _names(state.legal_actions(seat)), _names(reference.legal_actions(state, seat))
                if engine != ref:
                    found.append(
                        f"game {g} {settings}, {Phase(state.phase).name}: {engine} != reference {ref}"
                    )
            seat = rng.choice(list(state.to_move))
            action = rng.choice(state.legal_actions(seat))
            before = state.clone()
            assert isinstance(before, TrekState)
            start = state.event_count
            state.apply(action, seat)
            found += [
                f"game {g} {settings}: {d}"
                for d in _step_differences(before, action, seat, state, _told(state, start))
            ]
        if len(found) >= limit:
            break
    return found[:limit]


def test_the_engine_agrees_with_the_reference_over_many_seeded_games() -> None:
    assert differences(60) == []


def test_a_bot_game_agrees_with_the_reference() -> None:
    """The bot plays differently from random moves (it posts and moves for money)."""
    game = riverbox.load("river-trek", players=3, variant="full")
    state = game.new_state(11)
    assert isinstance(state, TrekState)
    bots = [game.heuristic_bot(seed) for seed in range(3)]
    while not state.is_over:
        seat = state.to_move[0]
        assert _names(state.legal_actions(seat)) == _names(reference.legal_actions(state, seat))
        action = bots[seat].act(state, seat)
        before = state.clone()
        assert isinstance(before, TrekState)
        start = state.event_count
        state.apply(action, seat)
        assert list(_step_differences(before, action, seat, state, _told(state, start))) == []


@pytest.mark.parametrize("rule", ["post_limit", "income", "crossing_below"])
def test_a_reference_rule_broken_on_purpose_is_caught(rule: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each broken rule makes the differential check report a difference: a small area taking two
    posts (RT-3), a drop paying $1 too much (RT-2), a wash going one crossing too far (RT-9)."""
    if rule == "post_limit":
        limit = reference.post_limit
        monkeypatch.setattr(
            reference, "post_limit", lambda st, seat, area: limit(st, seat, area) + st.path.areas[area].small
        )
    elif rule == "income":
        right = reference.income
        monkeypatch.setattr(
            reference, "income", lambda st, space, colour, size: right(st, space, colour, size) + 1
        )
    else:
        right_below = reference.crossing_below
        monkeypatch.setattr(
            reference,
            "crossing_below",
            lambda st, space: right_below(st, right_below(st, space)) if right_below(st, space) else 0,
        )
    assert differences(30, limit=1) != []
