"""The OpenSpiel adapter: OpenSpiel's own conformance test, IS-MCTS, no leaks, incremental recall."""

from __future__ import annotations

import json
import pickle
import random
from hashlib import blake2b
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import riverbox  # noqa: E402
from riverbox.integrations import openspiel as ro  # noqa: E402
from riverbox.integrations._common import mover  # noqa: E402
from tests.integrations.conftest import (  # noqa: E402
    REAL_CONFIGS,
    TOY_CONFIGS,
    config_id,
    require_game,
    valid_options,
)

CONFIGS = [*TOY_CONFIGS, ("solo-toy", None, {}), *REAL_CONFIGS]


def _load(config: tuple[str, int | None, dict[str, Any]]) -> Any:
    name, players, options = config
    if name not in ("toy", "solo-toy"):
        require_game(name)
        options = valid_options(name, options)
    return ro.load_game(name, players, **options)


class _Flat(mcts.Evaluator):  # type: ignore[misc]
    """Values every state 0 and every legal action equally (no rollouts)."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def _random_states(game: Any, seed: int, limit: int = 400) -> list[Any]:
    """Every state of one random game (chance drawn at random too), up to ``limit``."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) < limit:
        if state.is_chance_node():
            state.apply_action(rng.randrange(ro.SEED_OUTCOMES))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def test_builtin_games_are_registered_by_name() -> None:
    for name in ("ravenous-river", "river-rivals", "river-wild", "river-trek"):
        try:
            riverbox.registry.game_class(name)
        except (ValueError, ImportError, AttributeError):
            continue
        assert ro.short_name(name) in pyspiel.registered_names()
    assert ro.short_name("river-trek") == "riverbox_river_trek"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_sim_test_with_and_without_serialization(config: Any) -> None:
    game = _load(config)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_ismcts_plays_a_complete_game(config: Any) -> None:
    game = _load(config)
    rs = np.random.RandomState(1)
    # Rollouts to the end would make a whole game cost minutes; a flat evaluator still drives
    # every part of IS-MCTS that touches the adapter (resampling, information-state keys,
    # legal actions, cloning and applying).
    bot = ismcts.ISMCTSBot(game=game, evaluator=_Flat(), uct_c=2.0, max_simulations=4, random_state=rs)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.randint(ro.SEED_OUTCOMES)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves > 0
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_game_type_and_info_match_the_riverbox_game(config: Any) -> None:
    game = _load(config)
    rb = game.riverbox_game
    gt = game.get_type()
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    # The seed is an unobserved chance outcome, so even River Trek is imperfect information.
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == rb.num_action_ids
    assert game.num_players() == rb.players
    assert game.max_chance_outcomes() == ro.SEED_OUTCOMES
    # The game string round-trips through pyspiel (what serialization relies on).
    again = pyspiel.load_game(str(game))
    assert again.riverbox_game.config() == rb.config()
    # Utility claims hold on random games.
    for seed in range(3):
        final = _random_states(game, seed, limit=100_000)[-1]
        assert final.is_terminal()
        returns = final.returns()
        if gt.utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert sum(returns) == pytest.approx(0.0)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert final.move_number() <= game.max_game_length() + 1


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_chance_outcome_is_the_riverbox_seed(config: Any) -> None:
    game = _load(config)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == ro.SEED_OUTCOMES
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(1234)
    assert state.riverbox_state.to_json() == game.riverbox_game.new_state(1234).to_json()


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_strings_and_tensors_leak_nothing(config: Any) -> None:
    """Whatever a seat cannot see can be re-dealt without changing any of its strings or tensors."""
    game = _load(config)
    n = game.num_players()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    states = [s for s in _random_states(game, 7)[1:] if not s.is_terminal()]  # the end shows all
    for state in states[:: max(1, len(states) // 12)]:
        for p in range(n):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
            assert other.current_player() == state.current_player()
            if state.current_player() == p:
                assert other.legal_actions() == state.legal_actions()


def test_votes_are_asked_one_seat_at_a_time_without_revealing_them() -> None:
    game = ro.load_game("toy", 3, turns=1)
    state = game.new_initial_state()
    state.apply_action(9)
    while state.riverbox_state.to_move != (0, 1, 2):
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 0
    high, low = state.child(2), state.child(3)  # seat 0 votes "high" or "low"
    assert high.current_player() == low.current_player() == 1
    for p in (1, 2):
        assert high.observation_string(p) == low.observation_string(p)
        assert high.information_state_string(p) == low.information_state_string(p)
        assert high.information_state_tensor(p) == low.information_state_tensor(p)
    assert high.information_state_string(0) != low.information_state_string(0)


def test_information_state_has_perfect_recall_and_observation_does_not() -> None:
    game = ro.load_game("toy", 2, turns=2)
    state = game.new_initial_state()
    state.apply_action(3)
    seen = set()
    while not state.is_terminal():
        if state.current_player() == 0:
            key = state.information_state_string(0)
            assert key not in seen  # seat 0 never returns to an information state it left
            seen.add(key)
        state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_serialization_and_pickle_round_trip(config: Any) -> None:
    game = _load(config)
    states = _random_states(game, 3)
    for state in [*states[:: max(1, len(states) // 6)], states[-1]]:
        for copy in (game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))):
            assert str(copy) == str(state)
            assert copy.history() == state.history()
            if state.riverbox_state is not None:
                assert copy.riverbox_state.to_json() == state.riverbox_state.to_json()
            for p in range(game.num_players()):
                assert copy.information_state_string(p) == state.information_state_string(p)


def test_players_parameter_and_options() -> None:
    game = ro.load_game("toy", 4, turns=2)
    assert game.num_players() == 4
    assert game.get_parameters()["turns"] == 2
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert ro.load_game("toy", 2).get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("riverbox_toy(players=3,turns=1)").num_players() == 3
    with pytest.raises(Exception, match="2 to 4 players"):
        ro.load_game("toy", 9)


@pytest.fixture(scope="module", autouse=True)
def _register_test_games() -> None:
    ro.register("toy")
    ro.register("solo-toy")


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_public_observer_uses_the_spectator_view(config: Any) -> None:
    from open_spiel.python.observation import make_observation

    game = _load(config)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    recall = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    for state in _random_states(game, 2)[1::9]:
        rb = state.riverbox_state
        texts = {public.string_from(state, p) for p in range(game.num_players())}
        assert len(texts) == 1
        if rb is not None:
            assert json.loads(texts.pop().split(" view ", 1)[1]) == rb.view(None)
        public.set_from(state, 0)
        tensor = list(public.tensor)
        public.set_from(state, game.num_players() - 1)
        assert list(public.tensor) == tensor
        assert len({recall.string_from(state, p) for p in range(game.num_players())}) == 1
    with pytest.raises(ValueError, match="every player's private information"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


def test_load_game_checks_the_player_count() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        ro.load_game("toy", 5)


# -- the incremental information-state digest ------------------------------------------------
# The adapter brings each seat's recall digest up to date from the events told since it was
# last asked, hands copies the chains so far and rebuilds from JSON after serialization. The
# reference replays the whole game from the seed for every query and hashes the first view,
# then every event the seat is told (from the full log, cut at each move) and its own actions.


def _told(event: dict[str, Any]) -> tuple[Any, ...]:
    """A log dict as a stored event (``emit``'s form) to make its record from."""
    args = {k: v for k, v in event.items() if k != "kind"}
    return (event["kind"], args, None, None)


def reference_recall(state: Any, seat: int | None) -> str:
    """``seat``'s digest rebuilt from the seed and the pyspiel history (seat None: public)."""
    game = state.get_game().riverbox_game
    seed, *actions = state.history()
    rb = game.new_state(seed)
    records = [ro.seat_record(game.players if seat is None else seat), ro.view_record(rb.view(seat))]
    told = len(rb.log(seat))  # the first view shows the deal
    for action_id in actions:
        who = mover(rb)
        log = rb.log(seat)
        records += [ro.event_record(_told(event)) for event in log[told:]]
        told = len(log)
        if who == seat:
            records.append(ro.action_record(action_id))
        rb.apply(game.action_from_id(action_id), who)
    records += [ro.event_record(_told(event)) for event in rb.log(seat)[told:]]
    return ro.stream_digest(records)


def old_reference_recall(state: Any, seat: int | None) -> str:
    """The former scheme (a BLAKE2b chain over the log dicts' JSON, one link per record), kept
    as an oracle of what a seat knows: two states give a seat equal strings exactly when they
    gave it equal strings under it."""

    def link(chain: bytes, *parts: bytes) -> bytes:
        return blake2b(b"\x00".join((chain, *parts)) + b"\x00", digest_size=16).digest()

    def text(value: Any) -> bytes:
        return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()

    game = state.get_game().riverbox_game
    seed, *actions = state.history()
    rb = game.new_state(seed)
    chain = link(b"", b"seat", str(game.players if seat is None else seat).encode())
    chain = link(chain, b"view", text(rb.view(seat)))
    told = len(rb.log(seat))
    for action_id in actions:
        who = mover(rb)
        log = rb.log(seat)
        for event in log[told:]:
            chain = link(chain, b"event", text(event))
        told = len(log)
        if who == seat:
            chain = link(chain, b"act", str(action_id).encode())
        rb.apply(game.action_from_id(action_id), who)
    for event in rb.log(seat)[told:]:
        chain = link(chain, b"event", text(event))
    return chain.hex()


def _check(state: Any, seats: list[int], public: Any) -> None:
    for seat in seats:
        assert state.information_state_string(seat) == f"seat {seat} recall {reference_recall(state, seat)}"
    assert public.string_from(state, 0) == f"public recall {reference_recall(state, None)}"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_incremental_recall_equals_a_from_scratch_build(config: Any) -> None:
    from open_spiel.python.observation import make_observation

    game = _load(config)
    n = game.num_players()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    rng = random.Random(config_id(config))
    checks = 0
    for _ in range(2):
        state = game.new_initial_state()
        state.apply_action(rng.randrange(ro.SEED_OUTCOMES))
        steps = 0
        while not state.is_terminal() and steps < 150:
            roll = rng.random()
            if roll < 0.1:  # a clone goes on from here (its seats start untracked)
                state = state.clone()
            elif roll < 0.15:  # so does a serialized copy
                state = game.deserialize_state(state.serialize())
            if rng.random() < 0.3:  # ask some seats now (tracking starts at various moves)
                _check(state, rng.sample(range(n), rng.randint(1, n)), public)
                checks += 1
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        _check(state, list(range(n)), public)
    assert checks > 0


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_python_strings_and_tensors_equal_pyspiels_own_path(config: Any) -> None:
    """Python callers get strings and tensors without pyspiel's C++ round trip: the same values
    (tensors before pyspiel's rounding to float32)."""
    game = _load(config)
    for state in _random_states(game, 11)[1::5]:
        for p in range(game.num_players()):
            for name in ("observation_tensor", "information_state_tensor"):
                fast = getattr(state, name)(p)
                assert all(type(x) is float for x in fast)
                rounded = np.asarray(fast, np.float32).tolist()  # pyspiel's C++ floats
                assert rounded == list(getattr(pyspiel.State, name)(state, p))
            for name in ("observation_string", "information_state_string"):
                assert getattr(state, name)(p) == getattr(pyspiel.State, name)(state, p)
        if not state.is_terminal():
            assert state.observation_tensor() == state.observation_tensor(state.current_player())
    with pytest.raises(pyspiel.SpielError):
        game.new_initial_state().observation_tensor()  # a chance node has no observer


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_log_tells_a_seat_every_change_of_its_view(config: Any) -> None:
    """What the recall digest rests on: after the first view, a seat's events and own actions
    fix its view. Two worlds a seat cannot tell apart (the true one and a determinized one),
    played on with the same actions, give it the same view as long as they tell it the same."""
    game = _load(config).riverbox_game
    rng = random.Random(config_id(config))
    compared = 0
    for _ in range(6):
        state = game.new_state(rng.randrange(2**31))
        while not state.is_over:
            if rng.random() < 0.15:
                # Players only: River Rivals' public view can change with no public event
                # (a spectator's log does not tell it all), so the public digest is looser.
                seat = rng.randrange(game.players)
                worlds = [state.clone(), state.determinize(seat, rng.randrange(2**31))]
                cursors = [w.event_count for w in worlds]
                for _ in range(20):
                    if any(w.is_over for w in worlds) or mover(worlds[0]) != mover(worlds[1]):
                        break
                    who = mover(worlds[0])
                    common = [a for a in worlds[0].legal_actions(who) if a in worlds[1].legal_actions(who)]
                    if not common:
                        break
                    action = rng.choice(common)
                    told = []
                    for i, w in enumerate(worlds):
                        w.apply(action, who)
                        told.append(w.events_since(cursors[i], seat))
                    if told[0] != told[1]:
                        break  # the seat can tell the worlds apart from here on
                    assert worlds[0].view(seat) == worlds[1].view(seat), (action, seat)
                    compared += 1
            who = mover(state)
            state.apply(rng.choice(state.legal_actions(who)), who)
    assert compared > 0


# -- the recall stream: when asked, what is known, how an event was stored -------------------


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_strings_do_not_depend_on_when_they_were_asked(config: Any, monkeypatch: Any) -> None:
    """Asking every seat at every move, or only at the end (after copies and a pickle on the
    way), gives the same strings: a block ends where the stream says, not where a query fell.
    Small blocks, so that even the toy games fold many."""
    monkeypatch.setattr(ro, "BLOCK", 40)
    game = _load(config)
    n = game.num_players()
    rng = random.Random(config_id(config))
    seed = rng.randrange(ro.SEED_OUTCOMES)
    eager, lazy = game.new_initial_state(), game.new_initial_state()
    eager.apply_action(seed)
    lazy.apply_action(seed)
    steps = 0
    while not eager.is_terminal() and steps < 300:
        for p in range(n):
            eager.information_state_string(p)
        action = rng.choice(eager.legal_actions())
        eager.apply_action(action)
        lazy.apply_action(action)
        if steps % 97 == 50:
            lazy = pickle.loads(pickle.dumps(lazy.clone()))
        steps += 1
    streams = eager._rb.chains
    assert any(chain != bytes(16) for chain in streams)  # some blocks were folded on the way
    for p in range(n):
        assert lazy.information_state_string(p) == eager.information_state_string(p)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_strings_are_equal_exactly_when_the_seat_knows_the_same(config: Any) -> None:
    """Across states of random games, a seat's strings are equal exactly where the former
    scheme's (a chain over the log's JSON) were: same knowledge, same string; different
    knowledge, different strings. (Resampled worlds: ``test_strings_and_tensors_leak_nothing``.)"""
    game = _load(config)
    n = game.num_players()
    states = []
    for seed in range(2):
        played = [s for s in _random_states(game, seed, limit=60)[1:]]
        states += played[:: max(1, len(played) // 6)]
    for p in range(n):
        new = [s.information_state_string(p) for s in states]
        old = [old_reference_recall(s, p) for s in states]
        for i in range(len(states)):
            for j in range(i):
                assert (new[i] == new[j]) == (old[i] == old[j]), (p, i, j)
        assert len(set(new)) > 1


def test_event_records_are_canonical() -> None:
    """The same event gives the same record however it was stored: ``emit``'s dict (in any
    keyword order), ``fields_event`` tuples, an ``Event``'s pairs, JSON read back; and
    events that differ in any field, value or kind give different records."""
    from riverbox.core.events import Event, event_from_json, stored_to_json

    names = ("seat", "card", "path")
    values = (2, "capsize", (1, "up", {"b": 1, "a": [True, None, 1.5]}))
    forms = [
        ("moved", dict(zip(names, values, strict=True)), None, None),
        ("moved", dict(reversed(list(zip(names, values, strict=True)))), None, None),
        ("moved", values, None, None, names),
        Event("moved", tuple(zip(names, values, strict=True))),
    ]
    forms += [event_from_json(json.loads(json.dumps(stored_to_json(f))), 4) for f in list(forms)]
    records = {ro.event_record(f) for f in forms}
    assert len(records) == 1
    (record,) = records
    assert record.startswith(b"E") and record.endswith(b"\x00") and record.count(b"\x00") == 1
    others = [
        ("moved", {"seat": 3, "card": "capsize", "path": values[2]}, None, None),
        ("moved", {"seat": 2, "card": "capsize"}, None, None),
        ("moved", {"seat": 2, "card": "capsize", "route": values[2]}, None, None),
        ("placed", dict(zip(names, values, strict=True)), None, None),
        (
            "moved",
            {"seat": 2, "card": "capsize", "path": [1, "up", {"b": 1, "a": [1, None, 1.5]}]},
            None,
            None,
        ),
        ("moved", {"seat": "2", "card": "capsize", "path": values[2]}, None, None),
    ]
    assert len({ro.event_record(o) for o in others} | records) == len(others) + 1
