"""The conformance testkit: one call that checks any game against the contract.

``check_game(game)`` plays many seeded random games and checks, along the way, everything
docs/design.md section 2 promises: legality, notation and ids, exact JSON and pickle round trips, replay,
clone independence, and that ``view`` and error messages leak nothing (compared across
``determinize``). Every game's tests call it; a failure names the seed and step.

It also feeds every game the bad input callers send by mistake (seats that are not seats,
values that are not the game's actions, seeds out of range, tampered JSON documents, junk
notation) and checks that each is refused with ``ValueError`` (``IllegalAction`` is one) and
leaves the state as it was.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from riverbox.core.errors import GameOver, IllegalAction
from riverbox.core.game import Action, Game, State
from riverbox.core.record import replay_actions


@dataclass
class TestkitReport:
    """What a testkit run saw: useful to assert that the checks had something to check."""

    games: int = 0
    steps: int = 0
    resampled: int = 0
    determinize_checks: int = 0
    illegal_checks: int = 0
    refusal_checks: int = 0
    """Bad seats, foreign actions, bad seeds, tampered JSON and junk notation refused cleanly."""
    max_length: int = 0
    winners: dict[int, int] = field(default_factory=dict)


class ConformanceError(AssertionError):
    """A contract violation, with the seed and step that show it."""


def _fail(where: str, message: str) -> None:
    raise ConformanceError(f"{where}: {message}")


def _json_ready(value: Any, where: str, what: str) -> None:
    try:
        text = json.dumps(value, sort_keys=True)
    except (TypeError, ValueError) as exc:
        _fail(where, f"{what} is not JSON: {exc}")
        return
    if json.loads(text) != value:
        _fail(where, f"{what} does not survive a JSON round trip (tuples or non-string keys?)")


def _illegal_candidates(
    game: Game, state: State, seat: int, legal: list[Action], rng: random.Random
) -> list[Action]:
    """A few actions from the id space that are not legal for ``seat`` now."""
    legal_set = set(legal)
    found: list[Action] = []
    n = game.num_action_ids
    for _ in range(8):
        a = game.action_from_id(rng.randrange(n))
        if a not in legal_set:
            found.append(a)
            if len(found) >= 2:
                break
    return found


def check_game(
    game: Game,
    games: int = 50,
    seed: int = 0,
    max_steps: int = 5000,
    deep_every: int = 1,
    on_state: Callable[[State], None] | None = None,
) -> TestkitReport:
    """Play ``games`` random games of ``game`` and check the whole contract; return a report.

    ``deep_every``: run the expensive checks (JSON, replay, determinize, illegal actions)
    at every n-th step. ``on_state`` is called on every state reached, for game-specific
    invariants.
    """
    replay = partial(_replay_own, game)

    report = TestkitReport()
    rng = random.Random(seed)
    n_ids = game.num_action_ids
    if n_ids <= 0:
        _fail(game.name, "num_action_ids must be positive")
    for bad_seed in BAD_SEEDS:
        _expect_refusal(partial(game.new_state, bad_seed), game.name, f"new_state({bad_seed!r})")
        report.refusal_checks += 1
    for _ in range(games):
        game_seed = rng.randrange(2**31)
        state = game.new_state(game_seed)
        twin = game.new_state(game_seed)
        refusal_step = random.Random(game_seed).randrange(12)  # once a game; its own generator
        if state.to_json() != twin.to_json():
            _fail(f"{game.name} seed {game_seed}", "new_state is not deterministic for a seed")
        step = 0
        while not state.is_over:
            where = f"{game.name} players={game.players} options={game.options} seed={game_seed} step={step}"
            if step >= max_steps:
                _fail(where, f"game did not end within {max_steps} steps")
            to_move = state.to_move
            if not isinstance(to_move, tuple) or not to_move:
                _fail(where, f"to_move must be a non-empty tuple while not over, got {to_move!r}")
            if on_state is not None:
                on_state(state)
            seat = rng.choice(to_move)
            legal = state.legal_actions(seat)
            if not legal:
                _fail(where, f"seat {seat} is to move but has no legal action")
            if len(set(legal)) != len(legal):
                _fail(where, "legal_actions lists an action twice")
            ids = [game.action_id(a) for a in legal]
            if len(set(ids)) != len(ids):
                _fail(where, "two legal actions share an action id")
            for a, i in zip(legal, ids, strict=True):
                if not 0 <= i < n_ids:
                    _fail(where, f"action id {i} of {a} is outside 0..{n_ids - 1}")
                if game.action_from_id(i) != a:
                    _fail(where, f"action_from_id(action_id({a})) != {a}")
                if game.parse_action(str(a), state) != a:
                    _fail(where, f"parse_action(str({a!r})) does not give the action back")
            if len(to_move) == 1 and state.legal_actions() != legal:
                _fail(where, "legal_actions() differs from legal_actions(to_move[0])")
            deep = step % deep_every == 0
            if deep:
                _deep_checks(game, state, seat, legal, rng, where, report, replay)
            if step == refusal_step:
                _refusal_checks(game, state, seat, legal, random.Random(game_seed), where, report)
            action = rng.choice(legal)
            before = state.to_json()
            frozen = json.dumps(before, sort_keys=True)
            handed_out = [state.view(s) for s in (*range(game.players), None)] if deep else []
            frozen_views = [json.dumps(v, sort_keys=True) for v in handed_out]
            branch = state.clone()
            state.apply(action, seat)
            if json.dumps(before, sort_keys=True) != frozen:
                _fail(where, "to_json() returned containers shared with the state (copy them)")
            for v, text in zip(handed_out, frozen_views, strict=True):
                if json.dumps(v, sort_keys=True) != text:
                    _fail(where, "a view handed out earlier changed when the game went on")
            if branch.to_json() != before:
                _fail(where, "apply on a state changed its clone")
            twin.apply(action, seat)
            step += 1
        where = f"{game.name} players={game.players} options={game.options} seed={game_seed} end"
        if state.to_json() != twin.to_json():
            _fail(where, "two runs of the same seed and actions ended in different states")
        _end_checks(game, state, where, replay)
        _refusal_checks(game, state, 0, [], random.Random(game_seed), where, report)
        if state.legal_actions() != []:
            _fail(where, "a finished game still lists legal actions")
        report.games += 1
        report.steps += step
        report.max_length = max(report.max_length, step)
        for w in state.winners():
            report.winners[w] = report.winners.get(w, 0) + 1
    if not game.info.perfect_information and report.determinize_checks and not report.resampled:
        _fail(game.name, "determinize never changed any hidden information in the whole run")
    return report


def _deep_checks(
    game: Game,
    state: State,
    seat: int,
    legal: list[Action],
    rng: random.Random,
    where: str,
    report: TestkitReport,
    replay: Callable[[Any], State],
) -> None:
    snapshot = state.to_json()
    _json_ready(snapshot, where, "to_json()")
    # JSON round trip is exact, and the rebuilt state plays on identically.
    rebuilt = game.state_from_json(json.loads(json.dumps(snapshot)))
    if rebuilt.to_json() != snapshot:
        _fail(where, "state_from_json(to_json()) is not the same state")
    rebuilt_logs = {s: rebuilt.log(s) for s in (*range(game.players), None)}
    # A pickle (process pools and multiprocessing send states so) is the same state too.
    try:
        pickled = pickle.loads(pickle.dumps(state))
    except Exception as exc:  # any failure to pickle is the finding
        _fail(where, f"the state does not pickle: {type(exc).__name__}: {exc}")
    if pickled.to_json() != snapshot:
        _fail(where, "pickle.loads(pickle.dumps(state)) is not the same state")
    if any(pickled.log(s) != rebuilt_logs[s] for s in rebuilt_logs):
        _fail(where, "a log does not survive a pickle")
    probe = rng.choice(legal)
    a_copy = state.clone()
    a_copy.apply(probe, seat)
    rebuilt.apply(probe, seat)
    if a_copy.to_json() != rebuilt.to_json():
        _fail(where, "a state rebuilt from JSON plays on differently")
    pickled.apply(probe, seat)
    if a_copy.to_json() != pickled.to_json():
        _fail(where, "a pickled state plays on differently")
    # Replay of the record rebuilds the same state.
    record = state.record()
    _json_ready(record, where, "record()")
    replayed = replay(json.loads(json.dumps(record)))
    if replayed.to_json() != snapshot:
        _fail(where, "replay(record()) does not rebuild the same state")
    # Illegal actions and seats out of turn raise IllegalAction and change nothing.
    for bad in _illegal_candidates(game, state, seat, legal, rng):
        try:
            state.apply(bad, seat)
        except IllegalAction as exc:
            if not str(exc):
                _fail(where, "IllegalAction without a reason")
        else:
            _fail(where, f"illegal action {bad} was accepted")
        if state.to_json() != snapshot:
            _fail(where, f"a refused action {bad} changed the state")
        report.illegal_checks += 1
    others = [s for s in range(game.players) if s not in state.to_move]
    if others:
        try:
            state.apply(legal[0], others[0])
        except IllegalAction:
            pass
        else:
            _fail(where, f"seat {others[0]} moved out of turn")
        if state.to_json() != snapshot:
            _fail(where, "an out-of-turn action changed the state")
        report.illegal_checks += 1
    # Views are JSON; determinize keeps every view the seat has, and resamples the rest.
    seats: list[int | None] = [*range(game.players), None]
    views = {s: state.view(s) for s in seats}
    logs = {s: state.log(s) for s in seats}
    for s, v in views.items():
        _json_ready(v, where, f"view({s})")
        _json_ready(logs[s], where, f"log({s})")
        if rebuilt_logs[s] != logs[s]:
            _fail(where, f"log({s}) does not survive to_json and state_from_json")
        if replayed.log(s) != logs[s]:
            _fail(where, f"log({s}) differs after replaying the record")
    for s in seats:
        det = state.determinize(s, random.Random(rng.randrange(2**31)))
        report.determinize_checks += 1
        if det.log(s) != logs[s]:
            _fail(where, f"determinize({s}) changed seat {s}'s log: an event depends on what it cannot see")
        if det.view(s) != views[s]:
            _fail(where, f"determinize({s}) changed what seat {s} sees")
        if det.view(None) != views[None]:
            _fail(where, f"determinize({s}) changed the public view")
        if det.to_move != state.to_move:
            _fail(where, f"determinize({s}) changed to_move")
        if s is not None and s in state.to_move:
            if det.legal_actions(s) != state.legal_actions(s):
                _fail(where, f"seat {s}'s legal actions depend on what it cannot see")
            for bad in _illegal_candidates(game, state, s, state.legal_actions(s), random.Random(7)):
                if _error_text(state, bad, s) != _error_text(det, bad, s):
                    _fail(where, f"the error for {bad} tells seat {s} something it cannot see")
        if det.to_json()["body"] != snapshot["body"]:
            report.resampled += 1
        # A determinized state must be playable to the end of the current move.
        if det.legal_actions(seat) and seat in det.to_move:
            det.apply(rng.choice(det.legal_actions(seat)), seat)
    if state.to_json() != snapshot:
        _fail(where, "view or determinize changed the state")


class _IntLike(int):
    """An ``int`` subclass: like numpy's integers, equal to a seat without being one."""


BAD_SEEDS: tuple[Any, ...] = (True, False, 1.0, -1, 2**64, "1", None, _IntLike(3))
"""Seeds ``new_state`` must refuse: a seed is a plain ``int`` in ``[0, 2**64)``."""

JUNK_NOTATION = ("", " ", "²", "①", "9" * 5000, "\x1b[4~", "-1", "None", "{}", "\u0000", "é" * 50)
"""Text a player may type by mistake; ``parse_action`` must raise ``ValueError`` or give an action."""


def _bad_seats(players: int) -> list[Any]:
    seats: list[Any] = [True, False, 0.0, 1 + 0j, _IntLike(0), -1, -5, players, 2**33, "0", [0]]
    try:
        import numpy as np
    except ImportError:
        return seats
    return [*seats, np.int64(0), np.uint8(0)]


def _foreign_actions(game: Game, action: Action) -> list[Any]:
    """Values that look like ``action`` without being one of the game's actions."""
    found: list[Any] = [str(action), game.action_id(action), None, object(), b"x"]
    if isinstance(action, tuple):
        found.append(tuple(action))
    return found


def _expect_refusal(call: Callable[[], Any], where: str, what: str) -> None:
    """``call`` must raise ``ValueError`` with a reason; anything else is a contract violation."""
    try:
        call()
    except ValueError as exc:
        if not str(exc):
            _fail(where, f"{what} was refused without a reason")
        return
    except Exception as exc:
        _fail(where, f"{what} raised {type(exc).__name__} ({exc}) instead of ValueError")
    _fail(where, f"{what} was accepted")


def _refusal_checks(
    game: Game,
    state: State,
    seat: int,
    legal: list[Action],
    rng: random.Random,
    where: str,
    report: TestkitReport,
) -> None:
    """Bad seats, foreign actions, tampered JSON and junk notation: refused, state unchanged.

    ``legal`` is ``seat``'s legal actions ([] once the game is over).
    """
    snapshot = state.to_json()
    action = legal[0] if legal else game.action_from_id(0)
    for bad in _bad_seats(game.players):
        _expect_refusal(partial(state.apply, action, bad), where, f"apply(..., seat={bad!r})")
        _expect_refusal(partial(state.legal_actions, bad), where, f"legal_actions({bad!r})")
        _expect_refusal(partial(state.view, bad), where, f"view({bad!r})")
        _expect_refusal(partial(state.determinize, bad, 0), where, f"determinize({bad!r})")
        report.refusal_checks += 4
    for bad in _foreign_actions(game, action):
        try:
            state.apply(bad, seat)
        except IllegalAction as exc:
            if not str(exc):
                _fail(where, f"the refusal of {bad!r} gives no reason")
        except Exception as exc:
            _fail(where, f"apply({bad!r}) raised {type(exc).__name__} instead of IllegalAction")
        else:
            _fail(where, f"apply accepted {bad!r}, which is not an action of the game")
        report.refusal_checks += 1
    for text in JUNK_NOTATION:
        try:
            parsed = game.parse_action(text, state)
        except ValueError:
            continue
        except Exception as exc:
            _fail(where, f"parse_action({text[:20]!r}) raised {type(exc).__name__} instead of ValueError")
        if parsed not in legal:
            _expect_refusal(partial(state.apply, parsed, seat), where, f"apply of {text[:20]!r}")
        report.refusal_checks += 1
    for what, doc in _tampered(snapshot, rng):
        _expect_refusal(partial(game.state_from_json, doc), where, f"state_from_json with {what}")
        report.refusal_checks += 1
    det = state.determinize(seat, rng.randrange(2**31)).to_json()
    if game.state_from_json(json.loads(json.dumps(det))).to_json() != det:
        _fail(where, "a determinized state does not survive a JSON round trip")
    if state.to_json() != snapshot:
        _fail(where, "a refused call changed the state")


_JUNK_VALUES: tuple[Any, ...] = ("x", -1, 1.5, True, None, [], {}, [[0]], 10**20)
_BAD_FIELDS: tuple[tuple[str, Any], ...] = (
    ("seed", True),
    ("seed", -1),
    ("seed", "5"),
    ("rng", 2**64),
    ("determinized", "no"),
)
_BAD_ENTRIES: tuple[list[Any], ...] = (
    [[True, 0]],
    [[99, 0]],
    [[0, -1]],
    [[0, "1"]],
    [[-1, ["x", [99]]]],
    [[0]],
)


def _tampered(doc: dict[str, Any], rng: random.Random) -> Iterator[tuple[str, dict[str, Any]]]:
    """Copies of a state document, each with one field broken (a refused document every time)."""
    for key in ("seed", "rng", "history", "body"):
        broken = dict(doc)
        del broken[key]
        yield f"no {key}", broken
    for key, junk in _BAD_FIELDS:
        yield f"{key}={junk!r}", {**doc, key: junk}
    history = doc["history"]
    for junk in _BAD_ENTRIES:
        yield f"history entry {junk!r}", {**doc, "history": history + junk}
    if history:
        yield "a history entry missing", {**doc, "history": history[:-1]}
        yield "a history entry repeated", {**doc, "history": [*history, history[-1]]}
    leaves = list(_leaves(doc["body"], ()))
    for _ in range(min(4, len(leaves))):
        path, value = rng.choice(leaves)
        junk = rng.choice([j for j in _JUNK_VALUES if j != value or type(j) is not type(value)])
        body = copy.deepcopy(doc["body"])
        _set(body, path, junk)
        yield f"body{list(path)}={junk!r}", {**doc, "body": body}
    yield "an empty body", {**doc, "body": {}}


def _leaves(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) in a JSON value, containers included (replacing one breaks its shape)."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def _error_text(state: State, action: Action, seat: int) -> str:
    try:
        state.clone().apply(action, seat)
    except IllegalAction as exc:
        return str(exc)
    return "(accepted)"


def _check_log_words(game: Game, state: State, seat: int | None, where: str) -> None:
    """Every event a seat is told has a kind and reads as a sentence; a game is never silent."""
    log = state.log(seat)
    if not log:
        _fail(where, f"log({seat}) is empty at the end of a game: the rules emit no events")
    for event in log:
        if not isinstance(event.get("kind"), str):
            _fail(where, f"event {event!r} in log({seat}) has no kind")
        try:
            text = game.describe_event(event)
        except ValueError as exc:
            _fail(where, f"describe_event({event!r}) failed: {exc}")
            return
        if not isinstance(text, str) or not text.strip():
            _fail(where, f"describe_event({event!r}) gave no sentence")


def _replay_own(game: Game, record: Any) -> State:
    """A record of ``game`` replayed with ``game`` itself (the core does not know the registry)."""
    if record.get("game") != game.name or record.get("options") != game.config():
        _fail(game.name, "record() names another game or other options than the game's own")
    return replay_actions(game, record["seed"], record["actions"])


def _end_checks(game: Game, state: State, where: str, replay: Callable[[Any], State]) -> None:
    n = game.players
    scores, winners, returns = state.scores(), state.winners(), state.returns()
    if len(scores) != n or len(returns) != n:
        _fail(where, "scores() and returns() need one entry per seat")
    if not winners and n > 1:
        _fail(where, "a finished game has no winner")
    if any(not 0 <= w < n for w in winners):
        _fail(where, f"winners {winners} are not seats")
    snapshot = state.to_json()
    if replay(json.loads(json.dumps(state.record()))).to_json() != snapshot:
        _fail(where, "replay(record()) of the finished game differs")
    if game.state_from_json(json.loads(json.dumps(snapshot))).to_json() != snapshot:
        _fail(where, "JSON round trip of the finished game differs")
    for s in [*range(n), None]:
        _json_ready(state.view(s), where, f"final view({s})")
        _check_log_words(game, state, s, where)
    try:
        state.apply(game.action_from_id(0), state.to_move[0] if state.to_move else 0)
    except GameOver:
        pass
    else:
        _fail(where, "apply after the end did not raise GameOver")
