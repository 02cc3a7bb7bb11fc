"""riverbox games as OpenSpiel (pyspiel) games.

``import riverbox.integrations.openspiel`` registers one pyspiel game per riverbox game:
``riverbox_ravenous_river``, ``riverbox_river_rivals``, ``riverbox_river_wild`` and
``riverbox_river_trek``. ``players`` is a game parameter where the game allows a choice, and so
is every riverbox option::

    import pyspiel
    import riverbox.integrations.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game("riverbox_river_trek", {"players": 3, "variant": "full"})
    state = game.new_initial_state()          # a chance node: the seed

The model
---------
*Chance.* A riverbox game draws every random outcome from its state's own seeded generator
inside ``apply``. The faithful OpenSpiel model is therefore **one explicit chance node at the
root whose outcome is the seed**: ``SEED_OUTCOMES`` (2**16) equiprobable outcomes ``s``, after
which the state is ``game.new_state(seed=s)`` and everything is deterministic given the seed.
No player observes the seed itself (it fixes the deck order and every future draw), so the
chance mode is ``EXPLICIT_STOCHASTIC`` and every game is ``IMPERFECT_INFORMATION`` in
OpenSpiel's formal sense: histories that differ only in the unobserved seed share an
information set. That holds even for River Trek, which riverbox declares
``perfect_information`` because every random outcome is dealt face up at setup: there the
seeds a player cannot tell apart lead to the same public position, ``determinize`` is a copy,
and IS-MCTS amounts to MCTS. Outcome ``s`` reproduces riverbox seed ``s`` exactly, so a pyspiel
history maps to a riverbox record.

*Turns.* Actions are riverbox action ids (``num_distinct_actions == game.num_action_ids``).
The game is ``SEQUENTIAL``: when several seats must act at once (simultaneous votes), they are
asked one at a time in seat order; the next voter observes only its own view, which never
shows a vote that is not yet revealed. Automatic players (River Trek's Stanley) move inside
``apply`` and are not OpenSpiel players.

*Utility.* Returns are riverbox ``returns()``: +1 sole winner, -1 loss, 0 shared win (solo
River Wild: the score). Two-player games whose returns always sum to zero are ``ZERO_SUM``,
the rest ``GENERAL_SUM``; rewards are terminal.

*Observations.* Every string and tensor for player ``p`` is computed from ``state.view(p)``
(the riverbox contract guarantees it shows only what ``p`` may know):

* observation string: the view as canonical JSON; observation tensor: the game's own
  ``observation_tensor`` or the generic hashed encoding (``riverbox.integrations._common``);
* information-state string (perfect recall): ``p``'s *recall digest*, a 128-bit BLAKE2b hash
  of ``p``'s *recall stream*: its first view, then in order every event ``p`` is told
  (``state.log(p)``, each as a canonical record of its fields) and every action ``p`` takes
  (see ``event_record`` and ``BLOCK``). The log tells a seat everything that changes in its view
  (tests check it for every game: two worlds ``p`` cannot tell apart that give it the same
  events give it the same view), so two histories give the same string exactly when ``p`` saw
  and did the same things (up to hash collisions), whenever it is asked, which is what tabular
  algorithms need as a key. The observation string shows the current view itself. Streams are
  brought up to date only when asked, from the events told since: a move costs nothing for a
  seat nobody asks about, and each event is encoded once for every seat (see ``_Inner``);
* information-state tensor: the observation tensor followed by counts of ``p``'s own past
  actions (``num_action_ids`` slots, or 256 hashed slots when the action space is larger);
* public observations (``IIGObservationType(private_info=NONE)``) use ``view(None)``.

*Resampling.* ``resample_from_infostate(p, sampler)`` calls riverbox ``determinize(p)``, so
OpenSpiel's IS-MCTS (``open_spiel.python.algorithms.ismcts``) searches over states consistent
with what ``p`` knows.

*Serialization.* pyspiel's standard Python-game serialization pickles the state's Python side;
riverbox states pickle as ``to_json()`` and are rebuilt with ``state_from_json`` (exact,
generator included).

Other games registered with ``riverbox.registry.register`` can be exposed with
:func:`register`.
"""

from __future__ import annotations

import json
import warnings
from hashlib import blake2b
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any

import numpy as np
import pyspiel

from riverbox.core.events import Stored
from riverbox.core.game import Game, State
from riverbox.core.rng import Rng
from riverbox.integrations._common import (
    action_ids,
    actions_by_id,
    legal_ids,
    mover,
    observation_size,
    observe_values,
)
from riverbox.registry import game_class, load

SEED_OUTCOMES = 2**16
"""Number of equiprobable seeds at the root chance node (outcome ``s`` is riverbox seed ``s``)."""

OWN_ACTION_SLOTS = 256
"""Most slots for the own-action counts of the information-state tensor (hashed beyond it)."""

GAMES = ("ravenous-river", "river-rivals", "river-wild", "river-trek")

# Bounds OpenSpiel wants up front: the longest game in player moves, with a wide margin over
# the longest random game measured (Ravenous River 7 players: 308; River Rivals advanced: 83;
# River Wild: always 16; River Trek 4 players full: 1237, and riverbox's testkit caps every
# game at 5000), and the utility range of solo games (River Wild scores are never negative).
_MAX_LENGTH: dict[str, int] = {
    "ravenous-river": 2000,
    "river-rivals": 1000,
    "river-wild": 64,
    "river-trek": 5000,
}
_DEFAULT_MAX_LENGTH = 5000
_SOLO_UTILITY: dict[str, tuple[float, float]] = {"river-wild": (0.0, 1000.0)}
_DEFAULT_SOLO_UTILITY = (-1000.0, 1000.0)
# Two-player games whose returns need not sum to zero (say, if an automatic player could win).
# None of the four: River Trek's Stanley never wins (RT-19 ranks the seats only), so every
# two-player game is ZERO_SUM; tests check the claim on random games.
_NOT_ZERO_SUM_TWO_PLAYER: set[str] = set()

_CREATORS: dict[str, type[RiverboxGame]] = {}

_SEED_OUTCOMES_LIST = [(s, 1.0 / SEED_OUTCOMES) for s in range(SEED_OUTCOMES)]


def short_name(name: str) -> str:
    """The pyspiel name of a riverbox game: ``river-trek`` -> ``riverbox_river_trek``."""
    return "riverbox_" + name.replace("-", "_")


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
_C_ENCODE = (
    None
    if c_make_encoder is None
    else c_make_encoder(None, _ENCODER.default, encode_basestring_ascii, None, ":", ",", True, False, True)
)


def _canonical(view: Any) -> str:
    """The view as canonical JSON (sorted keys, no spaces, ASCII): the text a recall stream holds.

    ``json``'s C encoder, made once: ``JSONEncoder.encode`` makes a new one at every call,
    which costs more than encoding a small event.
    """
    if _C_ENCODE is None:
        return _ENCODER.encode(view)
    return "".join(_C_ENCODE(view, 0))


# -- recall streams ------------------------------------------------------------------------------
# A seat's information-state string is a hash of its *recall stream*: the bytes of a sequence of
# records, each a tag letter, a text and a zero byte (the texts are ASCII JSON or numbers, which
# never hold a zero byte, so the stream reads back as one sequence of records):
#
#   S<index>   the seat (index ``players``: the public stream), always first;
#   R<hex>     after resampling: the digest of the seat the world was resampled for;
#   V<json>    the seat's first view, as canonical JSON;
#   E<json>    an event the seat is told (``event_record``);
#   A<id>      an action id the seat took.
#
# The stream depends only on what the seat saw and did, never on when anyone asked. It is hashed
# in blocks: a record is appended to the pending bytes, and once they reach ``BLOCK`` bytes (checked
# after every record, so where a block ends depends on the stream alone) they are folded into a
# 16-byte chain, ``chain = blake2b(chain + pending)``; the digest is ``blake2b(chain + pending)``.
# So a move costs one bytes concatenation per told event and a query hashes at most one block,
# and a copy or a pickle carries a 16-byte chain and under a block of pending bytes.

BLOCK = 512
"""Pending bytes of a recall stream at which they are folded into its chain."""

_CHAIN0 = bytes(16)
"""The chain before the first block (a fixed length, so chain and pending bytes read back apart)."""


def event_record(event: Stored) -> bytes:
    """A stored event's record: ``E``, ``[kind, [[name, value], ...]]`` as canonical JSON with
    the fields sorted by name, then a zero byte.

    Canonical: the same fields give the same bytes however the event was stored (``emit``'s
    dict, ``events.fields_event`` tuples, an :class:`Event`'s pairs, an event read from JSON), as the
    log's dict is the same; different dicts give different bytes. Cheaper than the log dict's
    JSON: the pairs are made by C calls (``zip``, ``items``, ``sorted``), with no dict and no
    Python loop, and JSON-encoded in one call.
    """
    if len(event) == 5:  # events.fields_event: (kind, values, to, but, names)
        pairs: Any = zip(event[4], event[1], strict=True)
    else:
        args = event[1]
        pairs = args.items() if args.__class__ is dict else args  # a dict, or (name, value) pairs
    return b"E" + _canonical((event[0], sorted(pairs))).encode() + b"\x00"


def seat_record(index: int) -> bytes:
    """The record a stream starts with (``index``: a seat, or ``players`` for the public stream)."""
    return b"S%d\x00" % index


def view_record(view: Any) -> bytes:
    """The record of a seat's first view."""
    return b"V" + _canonical(view).encode() + b"\x00"


def action_record(action_id: int) -> bytes:
    """The record of an action the seat took."""
    return b"A%d\x00" % action_id


def resampled_record(digest: str) -> bytes:
    """The record a stream starts again with in a resampled world (``digest``: the resampling seat's)."""
    return b"R" + digest.encode() + b"\x00"


def stream_digest(records: list[bytes]) -> str:
    """The digest (hex) of the recall stream made of ``records``, from scratch: what the adapter
    keeps up to date record by record (tests compare the two)."""
    chain, pending = _CHAIN0, b""
    for record in records:
        pending += record
        if len(pending) >= BLOCK:
            chain = blake2b(chain + pending, digest_size=16).digest()
            pending = b""
    return blake2b(chain + pending, digest_size=16).hexdigest()


# --------------------------------------------------------------------------------------------
# The Python side of a pyspiel state
# --------------------------------------------------------------------------------------------


class _Inner:
    """Everything the pyspiel state keeps: the riverbox state and each seat's recall stream.

    pyspiel clones a Python state by deep-copying its attributes and serializes it by pickling
    them, so this one attribute implements both with riverbox's own ``clone`` and JSON.

    Seat ``q``'s recall stream (index ``players``: the public one) holds its first view, then in
    order every event ``q`` is told and every action ``q`` takes; ``chains[q]`` and ``pending[q]``
    are its hash so far (see ``BLOCK``). It is brought up to date only when asked (``sync``), from
    the state's events and the event numbers at which ``q`` acted (``acts[q]``), so a move costs
    nothing for seats nobody asks about: ``cursor[q]`` is the first event not yet in the stream,
    -1 before the first view, which comes from ``start``, the state as dealt (never modified,
    shared between copies), and is followed by the events told after it.

    Each event is encoded once, whichever seats are told it: ``records`` holds the record of
    event number ``rec_base + i`` at ``i`` with its audience, for the events before
    ``rec_count``. Copies share the list (events are never changed, and a copy's events up to
    the copy are the same) and the first to add to it past the other's end copies its part.
    """

    __slots__ = (
        "acts",
        "chains",
        "cursor",
        "game",
        "os_game",
        "own",
        "pending",
        "rec_base",
        "rec_count",
        "records",
        "start",
        "state",
    )

    def __init__(self, game: Game, os_game: RiverboxGame | None = None) -> None:
        self.game = game
        self.os_game = os_game
        """The pyspiel game (its plumbing: legal ids, observers), kept here because asking the
        state for it (``get_game``) goes through C++; ``None`` after unpickling until asked."""
        self.state: State | None = None
        self.start: State | None = None
        self._fresh_streams()
        self.own: dict[int, tuple[int, list[float]]] = {}

    def _fresh_streams(self) -> None:
        """Every seat's stream at its first record, nothing encoded yet."""
        k = self.game.players + 1
        self.chains: list[bytes] = [_CHAIN0] * k
        self.pending: list[bytes] = [seat_record(q) for q in range(k)]
        self.cursor: list[int] = [-1] * k
        self.acts: list[list[tuple[int, int]]] = [[] for _ in range(k)]
        self._fresh_records(0 if self.state is None else self.state.event_count)

    def _fresh_records(self, base: int) -> None:
        self.records: list[tuple[int | None, int | None, bytes]] = []
        self.rec_base = self.rec_count = base

    # -- pyspiel hooks ----------------------------------------------------------------------
    def copy(self) -> _Inner:
        other = _Inner.__new__(_Inner)
        other.game = self.game
        other.os_game = self.os_game
        other.state = None if self.state is None else self.state.clone()
        other.start = self.start
        other.chains = list(self.chains)
        other.pending = list(self.pending)
        other.cursor = list(self.cursor)
        other.acts = [list(a) for a in self.acts]
        other.records = self.records
        other.rec_base = self.rec_base
        other.rec_count = self.rec_count
        other.own = {q: (cursor, counts.copy()) for q, (cursor, counts) in self.own.items()}
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        for q in range(len(self.chains)):
            self.sync(q)
        return {
            "game": self.game.name,
            "config": self.game.config(),
            "state": None if self.state is None else self.state.to_json(),
            "chains": [c.hex() for c in self.chains],
            "pending": [p.hex() for p in self.pending],
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        config = dict(data["config"])
        players = config.pop("players")
        self.game = load(data["game"], players, **config)
        self.os_game = None
        self.state = None if data["state"] is None else self.game.state_from_json(data["state"])
        self.start = None
        self._fresh_streams()
        self.chains = [bytes.fromhex(c) for c in data["chains"]]
        self.pending = [bytes.fromhex(p) for p in data["pending"]]
        count = -1 if self.state is None else self.state.event_count  # every stream was synced
        self.cursor = [count] * len(self.chains)
        self.own = {}

    # -- play -------------------------------------------------------------------------------
    def deal(self, seed: int) -> None:
        self.state = self.game.new_state(seed)
        self.start = self.state.clone()
        self._fresh_streams()
        self.own = {}

    def apply(self, seat: int, action_id: int, action: Any) -> None:
        """Apply ``action`` (the action with id ``action_id``) for ``seat``."""
        state = self.state
        assert state is not None
        self.acts[seat].append((state.event_count, action_id))  # the events before it, then it
        state.apply(action, seat)

    # -- recall -----------------------------------------------------------------------------
    def _encode(self, state: State, count: int) -> list[tuple[int | None, int | None, bytes]]:
        """``records``, holding at least the events before ``count``."""
        records = self.records
        have = self.rec_count
        if have < count:
            base = self.rec_base
            if len(records) != have - base:  # a copy sharing the list went on past this one's part
                records = self.records = records[: have - base]
            records += [(e[2], e[3], event_record(e)) for e in state.stored_events(have, count)]
            self.rec_count = count
        return records

    def sync(self, q: int) -> None:
        """Bring seat ``q``'s recall stream up to the current state."""
        state = self.state
        if state is None:
            return
        seat = q if q < self.game.players else None
        chain = self.chains[q]
        pending = self.pending[q]
        cursor = self.cursor[q]
        if cursor < 0:
            start = self.start
            assert start is not None
            pending += view_record(start.view(seat))
            if len(pending) >= BLOCK:
                chain = blake2b(chain + pending, digest_size=16).digest()
                pending = b""
            cursor = start.event_count
        count = state.event_count
        records = self._encode(state, count)
        base = self.rec_base
        acts = self.acts[q]
        acts.append((count, -1))  # the events after the last action, and no action
        for at, action_id in acts:
            # The record an action adds (or none) comes after the events before it.
            for to, but, record in records[cursor - base : at - base]:
                if (seat == to) if to is not None else (but is None or seat != but):  # stored_seen_by
                    pending += record
                    if len(pending) >= BLOCK:
                        chain = blake2b(chain + pending, digest_size=16).digest()
                        pending = b""
            if action_id >= 0:
                pending += action_record(action_id)
                if len(pending) >= BLOCK:
                    chain = blake2b(chain + pending, digest_size=16).digest()
                    pending = b""
            cursor = at
        self.acts[q] = []
        self.chains[q] = chain
        self.pending[q] = pending
        self.cursor[q] = count

    def recall(self, seat: int | None) -> str:
        q = self.game.players if seat is None else seat
        self.sync(q)
        return blake2b(self.chains[q] + self.pending[q], digest_size=16).hexdigest()

    def own_actions(self, seat: int, slots: int) -> list[float]:
        """How often ``seat`` took each action id (modulo ``slots``), counted incrementally.

        A list, not an array: the information-state tensor a Python caller gets is a list, and
        adding a list to it copies pointers where an array would make every float anew."""
        assert self.state is not None
        history = self.state.history
        entry = self.own.get(seat)
        cursor, counts = entry if entry is not None else (0, [0.0] * slots)
        action_id = self.game.action_id if self.os_game is None else self.os_game.action_ids
        for who, action in history[cursor:]:
            if who == seat:
                counts[action_id(action) % slots] += 1.0
        self.own[seat] = (len(history), counts)
        return counts

    def resampled(self, seat: int, rng: Rng) -> _Inner:
        """A copy whose riverbox state is ``determinize(seat)``; other seats' streams start
        again from ``seat``'s digest, so nothing of the true state survives in them. The public
        stream is kept when it was ever asked for (its events are public)."""
        public = self.game.players
        digest = self.recall(seat)
        asked_public = self.cursor[public] >= 0
        if asked_public:
            self.sync(public)
        other = self.copy()
        if self.state is None:
            return other
        det = self.state.determinize(seat, rng)
        other.state = det
        other.start = det.clone()
        other.own = {}
        k = self.game.players + 1
        other.cursor = [det.event_count] * k  # the determinized state holds only seat's events
        other.acts = [[] for _ in range(k)]
        other._fresh_records(det.event_count)
        for q in range(k):
            if q != seat and (q != public or not asked_public):
                # Another seat's stream starts again from its view of this world (its hand in
                # it), so its information state tells its legal actions, as IS-MCTS needs.
                other.chains[q] = _CHAIN0
                other.pending[q] = seat_record(q) + resampled_record(digest)
                other.cursor[q] = -1
        return other


# --------------------------------------------------------------------------------------------
# pyspiel game, state and observer
# --------------------------------------------------------------------------------------------


def _game_type(name: str, players: int | None) -> pyspiel.GameType:
    info = game_class(name).info
    params: dict[str, Any] = {}
    if info.min_players != info.max_players:
        params["players"] = info.default_players if info.default_players is not None else info.min_players
    for spec in info.options:
        params[spec.name] = spec.default
    n = players if players is not None else params.get("players", info.min_players)
    if n == 2 and name not in _NOT_ZERO_SUM_TWO_PLAYER:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"riverbox {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class RiverboxGame(pyspiel.Game):
    """A riverbox game seen by OpenSpiel. ``params``: ``players`` and the game's options."""

    riverbox_name: str = ""
    """The riverbox game name (set on the per-game subclass that :func:`register` creates)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.riverbox_name
        options = dict(params or {})
        players = options.pop("players", None)
        rb = load(name, players, **options)
        game_type = _game_type(name, rb.players)
        if rb.players == 1:
            lo, hi = _SOLO_UTILITY.get(name, _DEFAULT_SOLO_UTILITY)
        else:
            lo, hi = -1.0, 1.0
        zero_sum = game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        game_info = pyspiel.GameInfo(
            num_distinct_actions=rb.num_action_ids,
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=rb.players,
            min_utility=lo,
            max_utility=hi,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=_MAX_LENGTH.get(name, _DEFAULT_MAX_LENGTH),
        )
        full = dict(game_type.parameter_specification)
        full.update({k: v for k, v in (params or {}).items() if k in full})
        super().__init__(game_type, game_info, full)
        self.riverbox_game = rb
        self.action_ids = action_ids(rb)
        self.legal_ids = legal_ids(rb)
        self.action_of = actions_by_id(rb)
        self.num_distinct_ids = rb.num_action_ids
        # The observers pyspiel uses for a state's own strings and tensors (its default and
        # information-state observation types), made once: see ``RiverboxState.observation_tensor``.
        self.default_observer = _Observer(rb, pyspiel.IIGObservationType(perfect_recall=False), None)
        self.info_observer = _Observer(rb, pyspiel.IIGObservationType(perfect_recall=True), None)

    def new_initial_state(self, *args: Any) -> RiverboxState:
        """The root: a chance node whose outcome is the seed."""
        return RiverboxState(self)

    def max_chance_nodes_in_history(self) -> int:
        return 1

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.riverbox_game, iig_obs_type, params)


class RiverboxState(pyspiel.State):
    """A pyspiel state around a riverbox state (``riverbox_state``; ``None`` before the seed)."""

    def __init__(self, game: RiverboxGame) -> None:
        super().__init__(game)
        # pyspiel makes a new initial state for every tensor it hands out (to learn its shape),
        # so this is cheap.
        self._rb = _Inner(game.riverbox_game, game)

    @property
    def riverbox_state(self) -> State | None:
        """The riverbox state (read it; apply actions through pyspiel to keep them in step)."""
        return self._rb.state

    # -- turn -------------------------------------------------------------------------------
    def current_player(self) -> int:
        s = self._rb.state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return mover(s)

    def _game(self) -> RiverboxGame:
        """The pyspiel game, without the trip through C++ that ``get_game`` takes."""
        inner = self._rb
        game = inner.os_game
        if game is None:
            game = inner.os_game = self.get_game()
        return game

    def _legal_actions(self, player: int) -> list[int]:
        s = self._rb.state
        if s is None or s.is_over:
            return []
        return sorted(self._game().legal_ids(s, player))

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``legal_actions``, answered in Python for the player to move: through C++
        it asks this state four times whose turn it is and copies the list twice. Chance
        nodes, other players and terminal states take pyspiel's own path."""
        s = self._rb.state
        if s is not None and s.to_move:
            seat = mover(s)
            if player is None or player == seat:
                return sorted(self._game().legal_ids(s, seat))
        return list(pyspiel.State.legal_actions(self, *([] if player is None else [player])))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _SEED_OUTCOMES_LIST

    def _apply_action(self, action: int) -> None:
        s = self._rb.state
        if s is None:
            if not 0 <= action < SEED_OUTCOMES:
                raise ValueError(f"chance outcome {action} is not a seed in 0..{SEED_OUTCOMES - 1}")
            self._rb.deal(int(action))
            return
        game = self._game()
        action = int(action)
        if not 0 <= action < game.num_distinct_ids:
            raise ValueError(f"action {action} is not an action id of {self._rb.game.name}")
        self._rb.apply(mover(s), action, game.action_of(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return str(self._rb.game.action_from_id(int(action)))

    # -- results ----------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        s = self._rb.state
        return s is not None and s.is_over

    def returns(self) -> list[float]:
        s = self._rb.state
        if s is None or not s.is_over:
            return [0.0] * self._rb.game.players
        return [float(r) for r in s.returns()]

    # -- search -----------------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RiverboxState:
        """A state consistent with ``player_id``'s information state (riverbox ``determinize``)."""
        seed = int(probability_sampler() * 2.0**53)
        other: RiverboxState = self.clone()
        other._rb = self._rb.resampled(int(player_id), Rng(seed))
        return other

    def __str__(self) -> str:
        s = self._rb.state
        if s is None:
            return f"{self._rb.game.name}: the seed is not drawn yet"
        return str(s)

    # -- observations, called from Python -----------------------------------------------------
    # pyspiel answers these through C++, which for a Python game builds a new initial state to
    # learn the tensor's shape and copies through two layers each time (about five engine steps
    # per call). Python callers get the same values straight from the game's observers (tensors
    # as the encoder's floats, which pyspiel's path rounds to float32); C++ algorithms still
    # take pyspiel's path, which asks the same observers (tests compare both).
    def _player(self, player: int | None) -> int | None:
        """``player`` (default: the player to move) if it is a player, else None (pyspiel decides)."""
        if player is None:
            player = self.current_player()
        return player if player.__class__ is int and 0 <= player < self._rb.game.players else None

    def observation_tensor(self, player: int | None = None) -> list[float]:
        p = self._player(player)
        if p is None:
            return list(pyspiel.State.observation_tensor(self, *([] if player is None else [player])))
        return self._game().default_observer.values(self, p)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        p = self._player(player)
        if p is None:
            return list(pyspiel.State.information_state_tensor(self, *([] if player is None else [player])))
        return self._game().info_observer.values(self, p)

    def observation_string(self, player: int | None = None) -> str:
        p = self._player(player)
        if p is None:
            return str(pyspiel.State.observation_string(self, *([] if player is None else [player])))
        return self._game().default_observer.string_from(self, p)

    def information_state_string(self, player: int | None = None) -> str:
        p = self._player(player)
        if p is None:
            return str(pyspiel.State.information_state_string(self, *([] if player is None else [player])))
        if self._rb.state is None:
            return self._game().info_observer.string_from(self, p)
        return f"seat {p} recall {self._rb.recall(p)}"  # what the info observer's string_from says


class _Observer:
    """OpenSpiel's Python observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, game: Game, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"riverbox observers take no parameters; got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("riverbox does not expose every player's private information")
        if not iig_obs_type.public_info:
            raise ValueError("riverbox views do not separate private from public information")
        self.game = game
        self.public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.recall = bool(iig_obs_type.perfect_recall)
        self.size = observation_size(game)
        self.slots = min(game.num_action_ids, OWN_ACTION_SLOTS)
        own = self.recall and not self.public
        self.tensor = np.zeros(self.size + (self.slots if own else 0), np.float32)
        self.dict = {"observation": self.tensor[: self.size]}
        if own:
            self.dict["own_actions"] = self.tensor[self.size :]
        self._last: tuple[Any, ...] | None = None

    def _seat(self, player: int) -> int | None:
        return None if self.public else int(player)

    def set_from(self, state: RiverboxState, player: int) -> None:
        inner = state._rb
        s = inner.state
        seat = self._seat(player)
        # pyspiel asks twice per tensor it hands out; the second time the tensor already holds it.
        key = (inner, s, -1 if s is None else len(s.history), seat)
        last = self._last
        if last is not None and last[0] is inner and last[1] is s and last[2:] == key[2:]:
            return
        self._last = None
        if s is None:
            self.tensor.fill(0.0)
            return
        self.tensor[: self.size] = observe_values(self.game, s, seat)
        if seat is not None and "own_actions" in self.dict:
            self.dict["own_actions"][:] = inner.own_actions(seat, self.slots)
        self._last = key

    def values(self, state: RiverboxState, player: int) -> list[float]:
        """What ``set_from`` writes, as a fresh list straight from the game's encoder: the path
        of Python callers, who get a list anyway (the tensor would round each value to float32
        and then be copied out again)."""
        inner = state._rb
        s = inner.state
        if s is None:
            return [0.0] * len(self.tensor)
        seat = self._seat(player)
        out = observe_values(self.game, s, seat)
        if seat is not None and "own_actions" in self.dict:
            out = out + inner.own_actions(seat, self.slots)
        return out

    def string_from(self, state: RiverboxState, player: int) -> str:
        seat = self._seat(player)
        who = "public" if seat is None else f"seat {seat}"
        s = state._rb.state
        if s is None:
            return f"{who}: before the deal"
        if self.recall:
            return f"{who} recall {state._rb.recall(seat)}"
        return f"{who} view {_canonical(s.view(seat))}"


# --------------------------------------------------------------------------------------------
# Registration
# --------------------------------------------------------------------------------------------


def register(name: str) -> str:
    """Register riverbox game ``name`` with pyspiel (idempotent); return its pyspiel name."""
    sname = short_name(name)
    if sname in pyspiel.registered_names():
        return sname
    game_type = _game_type(name, None)
    # pyspiel keeps the creator until after the interpreter has shut down: it must be a class
    # (like OpenSpiel's own Python games), as freeing a function there aborts the process.
    creator = type(f"RiverboxGame_{sname}", (RiverboxGame,), {"riverbox_name": name})
    pyspiel.register_game(game_type, creator)
    _CREATORS[sname] = creator
    return sname


def load_game(name: str, players: int | None = None, **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a riverbox game by its riverbox name, registering it if needed."""
    info = game_class(name).info
    players, _ = info.validate(players, {})  # a bad player count fails here, naming the range
    params: dict[str, Any] = dict(options)
    if info.min_players != info.max_players:
        params["players"] = players
    return pyspiel.load_game(register(name), params)


def registered() -> list[str]:
    """The pyspiel names of the riverbox games registered so far."""
    return [n for n in pyspiel.registered_names() if n.startswith("riverbox_")]


def _register_builtin() -> None:
    for name in GAMES:
        try:
            register(name)
        except ValueError:  # the game is not installed in this riverbox
            continue
        except (ImportError, AttributeError) as exc:  # a game module that does not load
            warnings.warn(f"riverbox: {name} is not registered with OpenSpiel: {exc!r}", stacklevel=2)


_register_builtin()

__all__ = [
    "SEED_OUTCOMES",
    "RiverboxGame",
    "RiverboxState",
    "load_game",
    "register",
    "registered",
    "short_name",
]
