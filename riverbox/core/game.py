"""The Game/State contract every riverbox game fulfils (docs/design.md section 2).

A game subclasses :class:`Game` and :class:`State`. The base classes own what is the same for
every game, so each game writes only its rules:

* ``State.apply`` checks turn order, game over and legality, then calls ``_apply``; an illegal
  action raises :class:`IllegalAction` and changes nothing.
* Input from outside is checked here, once for every game: a seat must be a plain ``int`` seat
  of the game (in ``apply``, ``legal_actions``, ``view`` and ``determinize``), an action must
  be of one of the game's ``action_types``, a seed an ``int`` in ``[0, 2**64)``, and
  ``state_from_json`` refuses any document that does not rebuild a consistent state.
* ``history`` records every (seat, action), with chance outcomes as :class:`Chance` entries
  under seat ``CHANCE``, so ``record()`` and ``riverbox.replay`` rebuild any game exactly.
* ``to_json`` stores the generic part (options, seed, generator, history) around the game's
  own ``_body_to_json``.

Subclasses implement: ``to_move`` (attribute or property), ``_legal(seat)``,
``_apply(action, seat)``, ``scores()``, ``winners()``, ``_view(seat)``, ``_copy_body(other)``,
``_determinize_body(seat, rng)``, ``_body_to_json()``, ``_body_from_json(body)`` and on the
game ``parse_action``, ``action_id``, ``action_from_id`` and ``num_action_ids``.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, cast, final

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar  # default= (PEP 696) is new in Python 3.13's typing

from riverbox.core.checks import (
    SEED_LIMIT,
    Unchecked,
    check_depth,
    check_seed,
    describe,
    is_seat,
    seat_error,
)
from riverbox.core.errors import GameOver, IllegalAction
from riverbox.core.events import (
    Event,
    EventText,
    Stored,
    as_event,
    describe_with,
    event_from_json,
    stored_as_dict,
    stored_seen_by,
    stored_to_json,
)
from riverbox.core.fields import Field, copier, dump_field, load_field
from riverbox.core.i18n import Message, check_lang, message
from riverbox.core.options import GameInfo
from riverbox.core.rng import GENERATORS, KEY_BITS, SPLITMIX, Rng, make_rng


def check_generator_seed(seed: Any, generator: Any) -> int:
    """``seed`` if it seeds ``generator`` (a name of ``GENERATORS``), else ``ValueError`` naming why.

    SplitMix64 takes 64 bits (see ``check_seed``); the keyed generator a 256-bit secret.
    """
    if not isinstance(generator, str) or generator not in GENERATORS:
        names = ", ".join(GENERATORS)
        raise ValueError(f"there is no random generator {describe(generator)}; generators: {names}")
    if generator == SPLITMIX:
        return check_seed(seed)
    if seed.__class__ is not int or not 0 <= seed < 1 << KEY_BITS:
        limit = f"2**{KEY_BITS} - 1"
        raise ValueError(
            f"seed {describe(seed)} is not valid; a {generator} seed is a whole number from 0 to {limit}"
        )
    return cast(int, seed)


CHANCE = -1
"""The seat of chance outcomes in ``history`` and records."""


def _compiled_probe() -> None:
    """Nothing: a compiled function has no ``__code__``, which tells the build (``_COMPILED``)."""


_COMPILED: Final = not hasattr(_compiled_probe, "__code__")
"""Whether this module is the compiled build's: ``apply`` finds the action by identity only there,
where a loop of ``is`` runs natively; interpreted, the loop cost more than ``in`` for the games whose
actions compare cheaply (measured), so ``in`` alone stays."""


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance outcome (a shuffle, a deal) in the history.

    ``text`` is a stable notation of the outcome. ``visible_to`` lists the seats that see it;
    ``None`` means everyone. A determinized state redacts the entries its seat may not see,
    so search never reads hidden cards from the history.
    """

    text: str
    visible_to: frozenset[int] | None = None

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[Any, tuple[str, frozenset[int] | None]]:
        # Pickled by its fields: the compiled class cannot be rebuilt field by field (it is frozen).
        return Chance, (self.text, self.visible_to)


_NOBODY: frozenset[int] = frozenset()
"""``visible_to`` of a chance outcome no seat sees (a shuffled deck), built once."""

Action = Hashable
"""Any hashable, immutable value whose ``str`` is its notation (each game defines its own)."""

_History = list[tuple[int, Action]]

Policy = Callable[["State", int], Action]
"""A move chooser ``policy(state, seat) -> action`` (see ``Game.playout_policy``)."""


def _redact(game: Game, entry: tuple[int, Action], seat: int | None) -> tuple[int, Action]:
    """A history entry as ``seat`` knows it: what it did not see becomes "hidden".

    Chance outcomes carry their own visibility; a player's secret action (a vote, a card
    taken in secret) is hidden by the game's ``action_visibility``.
    """
    s, a = entry
    vis = a.visible_to if isinstance(a, Chance) else (game.action_visibility(a, s) if s != seat else None)
    if vis is not None and (seat is None or seat not in vis):
        return s, Chance("hidden", vis)
    return entry


@mypyc_attr(allow_interpreted_subclasses=True)  # games and tests subclass it in plain Python too
class Game(ABC):
    """A configured game: name, player count and validated options. Cheap to create."""

    info: ClassVar[GameInfo]

    def __init__(self, players: Unchecked = None, **options: Any) -> None:
        self.players, self.options = self.info.validate(players, options)

    # -- identity -------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.info.name

    def config(self) -> dict[str, Any]:
        """Options as stored in records: the player count plus every option value."""
        return {"players": self.players, **self.options}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"riverbox.load({self.name!r}, players={self.players}{', ' if opts else ''}{opts})"

    # -- states ---------------------------------------------------------------------------
    state_class: ClassVar[type[State]]
    """The game's State subclass; ``new_state`` and ``_blank_state`` make its objects."""

    def new_state(self, seed: Unchecked = 0, generator: str = SPLITMIX) -> State:
        """A new game. The same options, seed, generator and actions always give the same game.

        The core sets up what every game has (seed, generator, history, events), then the
        state's ``_setup`` deals the game's own opening. ``generator`` names the random
        generator (see :data:`riverbox.core.rng.GENERATORS`): SplitMix64 by default, fast for
        simulations; tables people play on use the keyed one, whose seed is a 256-bit secret.
        """
        state = self.unset_state(seed, generator)
        state._setup()
        return state

    def state_from_json(self, data: Unchecked) -> State:
        """Rebuild a state written by ``State.to_json`` (exact, generator included).

        Everything read is checked before it is trusted, so a malformed or tampered document
        raises ``ValueError`` here rather than a crash later: the type of every field and
        history entry, the body (through ``_body_from_json``), and then the whole state. A
        state that is not determinized is fully given by its seed and history, so it must be
        exactly the state that replaying that history gives; a determinized one (a guess at
        hidden information, which cannot be replayed) must survive a round trip and answer
        ``legal_actions`` and ``view``.
        """
        if not isinstance(data, dict):
            raise ValueError("state JSON must be an object")
        check_depth(data, "state JSON")
        if data.get("game") != self.name:
            raise ValueError(f"state JSON is for game {describe(data.get('game'))}, not {self.name!r}")
        if data.get("options") != self.config():
            raise ValueError("state JSON was written with other options than this game's")
        missing = [k for k in ("seed", "rng", "history", "body") if k not in data]
        if missing:
            raise ValueError(f"state JSON is missing {', '.join(missing)}")
        generator = data.get("generator", SPLITMIX)
        try:
            seed = check_generator_seed(data["seed"], generator)
        except ValueError as exc:
            raise ValueError(f"state JSON: {exc}") from None
        rng, determinized = data["rng"], data.get("determinized", False)
        if rng.__class__ is not int or not 0 <= rng < SEED_LIMIT:
            raise ValueError(f"state JSON: rng {describe(rng)} is not a generator state (0 to 2**64 - 1)")
        if determinized.__class__ is not bool:
            raise ValueError(f"state JSON: determinized {describe(determinized)} is not true or false")
        state = self._blank_state()
        state.game = self
        state.seed = seed
        state.rng = make_rng(seed, generator)
        state.rng.state = rng
        state.determinized = determinized
        state.history = self._history_from_json(data["history"])
        state._shared_events = ()
        state._own_events = list(self._events_from_json(data.get("events")))
        state._lkey = state._seen_key = None
        try:
            body = _json_text(data["body"])
            state._body_from_json(data["body"])
            again = _json_text(state._body_to_json())
        except (KeyError, TypeError, IndexError, AttributeError, ValueError, OverflowError) as exc:
            raise ValueError(f"state JSON body is malformed: {type(exc).__name__} {str(exc)[:100]}") from None
        if again != body:
            raise ValueError("state JSON body holds values of the wrong type or shape")
        if determinized:
            _probe(state)
        else:
            replayed = self._replayed(state)
            if replayed.rng.state != rng or _json_text(replayed._body_to_json()) != body:
                raise ValueError("state JSON body does not match what its seed and history give")
            if "events" not in data:  # written before events were stored: they follow from the history
                state._shared_events, state._own_events = (), list(replayed._stored_events())
            elif state.events != replayed.events:
                raise ValueError("state JSON events do not match what its seed and history give")
        return state

    def _events_from_json(self, items: Any) -> list[Event]:
        """The stored events (``[]`` when absent), each checked."""
        if items is None:
            return []
        if not isinstance(items, list):
            raise ValueError("state JSON events must be a list")
        events = []
        for index, item in enumerate(items):
            try:
                events.append(event_from_json(item, self.players))
            except ValueError as exc:
                raise ValueError(f"state JSON event {index}: {exc}") from None
        return events

    def _history_from_json(self, entries: Any) -> list[tuple[int, Action]]:
        """History entries ``[seat, action id]`` or ``[seat, [text, seats that see it]]``, checked."""
        if not isinstance(entries, list):
            raise ValueError("state JSON history must be a list")
        history: list[tuple[int, Action]] = []
        for index, entry in enumerate(entries):
            if not isinstance(entry, list) or len(entry) != 2:
                raise ValueError(f"state JSON history entry {index} is not [seat, action]")
            seat, item = entry
            if seat.__class__ is not int or (seat != CHANCE and not 0 <= seat < self.players):
                raise ValueError(f"state JSON history entry {index}: {seat_error(seat, self.players)}")
            if item.__class__ is int and seat != CHANCE and 0 <= item < self.num_action_ids:
                history.append((seat, self.action_from_id(item)))
            elif isinstance(item, list) and len(item) == 2 and isinstance(item[0], str):
                vis = item[1]
                if vis is not None and not (
                    isinstance(vis, list) and all(is_seat(v, self.players) for v in vis)
                ):
                    raise ValueError(f"state JSON history entry {index}: {describe(vis)} is not seats")
                history.append((seat, Chance(item[0], None if vis is None else frozenset(vis))))
            else:
                raise ValueError(f"state JSON history entry {index}: {describe(item)} is not an action id")
        return history

    def _replayed(self, state: State) -> State:
        """The state that replaying ``state``'s seed and history gives (``ValueError`` if none)."""
        other = self.new_state(state.seed, state.generator)
        for index, (seat, action) in enumerate(state.history):
            if seat == CHANCE:
                if index >= len(other.history) or other.history[index] != (seat, action):
                    raise ValueError(f"state JSON history entry {index}: the seed gives another outcome")
                continue
            if index < len(other.history) or isinstance(action, Chance):
                raise ValueError(f"state JSON history entry {index} does not follow from the seed")
            try:
                other.apply(action, seat)
            except IllegalAction as exc:
                raise ValueError(f"state JSON history entry {index} cannot be replayed: {exc}") from None
        if len(other.history) != len(state.history):
            raise ValueError("state JSON history is missing chance outcomes")
        return other

    def _blank_state(self) -> State:
        """A state object with no fields set, for ``new_state``, ``state_from_json`` and ``clone``."""
        return self.state_class()

    def unset_state(self, seed: Unchecked = 0, generator: str = SPLITMIX) -> State:
        """A state with the core's fields set (seed, generator, empty history and events) and none of
        the game's: for a position laid out by hand (tests, puzzles) instead of dealt by ``_setup``."""
        state = self._blank_state()
        state._init_common(self, seed, generator)
        return state

    # -- actions --------------------------------------------------------------------------
    _num_ids: int = -1

    @property
    def num_action_ids(self) -> int:
        """How many action ids there are: ``len(all_actions())`` unless the game sets it.

        A property, not an attribute with a default: the compiled core reads an attribute from
        its own slot and would miss a value a plain-Python game class sets in its body.
        """
        return self._num_ids if self._num_ids >= 0 else len(self._table()[0])

    @num_action_ids.setter
    def num_action_ids(self, value: int) -> None:
        self._num_ids = value

    _action_table: tuple[Sequence[Action], dict[Action, int], dict[str, Action]] | None = None
    action_types: ClassVar[tuple[type, ...]] = ()
    """The classes of this game's actions; ``apply`` refuses anything else (a plain tuple that
    equals a named-tuple action, a string). Left empty, it is the class of ``action_from_id(0)``,
    found on first use; a game with several action classes names them all."""

    _found_types: tuple[type, ...] = ()

    def _action_types(self) -> tuple[type, ...]:
        # Found once per game object and kept on it (``_found_types``, which ``apply`` reads
        # first), not on the class: a compiled class cannot be changed after it is created.
        types = self._found_types
        if not types:
            types = self._found_types = self.action_types or (type(self.action_from_id(0)),)
        return types

    def actions_changed(self) -> None:
        """Forget the id table built from ``all_actions``: a game whose action list follows its
        configuration (River Wild's deck) calls this when it changes, and the table is built again."""
        self._action_table = None

    def all_actions(self) -> Sequence[Action]:
        """Every action of this configured game, in id order (``action_id`` is the index).

        Games whose action space is a finite table override this one method and get
        ``parse_action``, ``action_id``, ``action_from_id`` and ``num_action_ids`` from it.
        """
        raise NotImplementedError(f"{self.name} does not list its actions")

    def _table(self) -> tuple[Sequence[Action], dict[Action, int], dict[str, Action]]:
        table = self._action_table
        if table is None:
            actions = self.all_actions()
            table = (actions, {a: i for i, a in enumerate(actions)}, {str(a): a for a in actions})
            self._action_table = table
        return table

    def parse_action(self, text: Unchecked, state: State | None = None) -> Action:
        """The action written as ``text`` (its ``str``); ``ValueError`` if it is not notation."""
        if not isinstance(text, str):
            raise ValueError(f"{self.name}: {describe(text)} is not notation (a string)")
        found = self._table()[2].get(" ".join(text.split()))
        if found is None:
            raise ValueError(f"{self.name}: {text[:60]!r} is not a move; {self.notation_hint()}")
        return found

    def notation_hint(self) -> str:
        """One line on how moves are written, for parse errors (games override)."""
        return "see the rules (riverbox rules) for how moves are written"

    def action_id(self, action: Action) -> int:
        found = self._table()[1].get(action) if action.__class__ in self._action_types() else None
        if found is None:
            raise ValueError(f"{self.name}: {describe(action)} is not a {self.info.title} action")
        return found

    def action_from_id(self, action_id: Unchecked) -> Action:
        actions = self._table()[0]
        if action_id.__class__ is not int or not 0 <= action_id < len(actions):
            raise ValueError(f"{self.name}: action id {describe(action_id)} is outside 0..{len(actions) - 1}")
        return actions[action_id]

    # -- presentation hooks (interfaces use these; defaults are generic) --------------------
    # Each takes the reader's language (``riverbox.core.i18n``); a game translates its words in
    # its own message domain and falls back to English for a language it does not declare.
    def rules_text(self, lang: str = "en") -> str:
        """The rules in riverbox's own words (Markdown)."""
        return self.info.summary

    def render(self, state: State, seat: int | None, lang: str = "en") -> Any:
        """A rich renderable (or plain text) of what ``seat`` sees."""
        return json.dumps(state.view(seat), indent=1)

    def describe_action(self, action: Action, state: State, lang: str = "en") -> str:
        """A friendly description of an action for menus; defaults to its notation."""
        return str(action)

    def menu_group(self, action: Action, state: State, lang: str = "en") -> tuple[str, str] | None:
        """Where ``action`` sits in a player's menu: ``(entry, detail)`` or ``None``.

        Actions that differ only in a detail a player decides second (which card pays for a
        move) share an ``entry`` and are told apart by ``detail``, so a menu lists the move
        once and then asks for the detail. ``None`` (the default) gives the action an entry
        of its own, described by ``describe_action``.
        """
        return None

    event_texts: ClassVar[Mapping[str, EventText]] = {}
    """The words for each event kind the game's rules emit (see ``riverbox.core.events``)."""
    languages: ClassVar[tuple[str, ...]] = ("en",)
    """The languages the game's texts are translated into (its catalog is complete for each)."""
    domain: ClassVar[str] = "riverbox"
    """The message domain of the game's texts: its package name (``riverbox.core.i18n``)."""

    def lang_for(self, lang: Unchecked) -> str:
        """The language to write in for a reader of ``lang``: English if the game lacks it.

        ``ValueError`` for a language riverbox does not know at all.
        """
        return lang if check_lang(lang) in self.languages else "en"

    def describe_event(self, event: Unchecked, lang: str = "en") -> str:
        """One event of ``state.log(seat)`` as a sentence a player reads, in ``lang``."""
        return describe_with(self.event_texts, self.name, event, self.domain, self.lang_for(lang))

    def action_visibility(self, action: Action, seat: int) -> frozenset[int] | None:
        """Who sees ``action`` taken by ``seat``: ``None`` for everyone (the default).

        Games return a set of seats for secret choices (a vote before the reveal, a card
        taken unseen); ``determinize`` then hides them from everyone else's history.
        """
        return None

    def heuristic_bot(self, seed: int = 0) -> Any:
        """The game's own heuristic bot (an object with ``act(state, seat)``), if it has one."""
        raise ValueError(f"{self.name} has no heuristic bot")

    def extra_bots(self) -> dict[str, Any]:
        """More bots of the game's own, by name: factories taking a seed (e.g. a lookahead bot)."""
        return {}

    # -- search hooks (the generic search bots of riverbox.bots use these) ------------------
    def playout_policy(self, rng: Rng) -> Policy | None:
        """A fast move chooser for search playouts (``rollout=fast``), or ``None``.

        Search plays hundreds of simulated games per decision, and a heuristic bot that builds
        a view and scores every option each move is too slow for that. A game may supply a
        cheap version of its heuristic here: ``policy(state, seat)`` returns a legal action of
        the (determinized) state it is given, drawing any random choice from ``rng``. ``None``
        (the default) makes search play the game's heuristic bot, or random moves without one.
        """
        return None

    def leaf_measure(self, state: State) -> list[float]:
        """Each seat's standing in an unfinished game, in the game's own units, for search.

        A depth-limited search scores the position it stops at by each seat's lead in this
        measure over its best rival. The default is ``scores()``; a game whose score moves
        too slowly to tell positions apart adds credit for progress (River Trek's explorers).
        """
        return state.scores()

    def balance_features(self, state: State) -> dict[int, list[str]]:
        """What each seat had in a finished game (cards, equipment, animals, board) for balance reports.

        A game lists them in ``features(state)`` of a ``balance`` module in its package, kept
        apart from the rules; a game without one reports seat advantage only.
        """
        module = self._own_module("balance")
        if module is None:
            return {}
        result: dict[int, list[str]] = module.features(state)
        return result

    def printed_content(self, lang: str = "en") -> dict[str, Any]:
        """What is printed on the game's components (card texts, faces, powers), JSON-ready.

        A view names components by id; an interface that draws them asks once for what they
        say. A game gives it in ``content(lang)`` of a ``printed`` module in its package, in the
        reader's language; a game without one returns ``{}`` (its interfaces show ids).
        """
        module = self._own_module("printed")
        if module is None:
            return {}
        result: dict[str, Any] = module.content(self.lang_for(lang))
        return result

    def _own_module(self, name: str) -> Any:
        """The module ``name`` of this game's package, or ``None`` if the game has none.

        Presentation and analysis modules stay apart from the rules and are loaded on first
        use, so the engine never imports them (and no import circle can form).
        """
        import importlib
        import sys

        package = sys.modules[type(self).__module__].__package__ or ""
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
            return None

    def outcome_label(self, state: State) -> str | None:
        """A name for a finished game's result where the game has one (River Wild's rank)."""
        return None

    # -- learning hooks (OpenSpiel / PettingZoo / Gymnasium adapters use these) ------------
    observation_size: int = 0
    """Length of ``observation_tensor``; 0 means the game has no tensor encoding yet."""

    def observation_tensor(self, view: dict[str, Any]) -> list[float]:
        """A fixed-length numeric encoding of a view (computed from the view, so it leaks nothing)."""
        raise ValueError(f"{self.name} has no observation tensor")


def _json_text(value: Any) -> str:
    """Canonical JSON text: unlike ``==`` it tells ``true`` from ``1`` and ``1.0`` from ``1``."""
    return json.dumps(value, sort_keys=True)


def _probe(state: State) -> None:
    """Ask a rebuilt state what every caller will ask; a malformed body fails here, not later."""
    try:
        to_move = state.to_move
        if not isinstance(to_move, tuple) or not all(is_seat(s, state.game.players) for s in to_move):
            raise ValueError(f"to_move {describe(to_move)} is not a tuple of seats")
        for s in to_move:
            legal = state.legal_actions(s)
            if legal:
                state.clone().apply(legal[0], s)
        for v in (*range(state.game.players), None):
            state.view(v)
        if state.is_over:
            state.scores()
    except (KeyError, TypeError, IndexError, AttributeError, ValueError, OverflowError) as exc:
        raise ValueError(f"state JSON body is malformed: {type(exc).__name__} {str(exc)[:100]}") from None


GameT = TypeVar("GameT", bound=Game, default=Game, covariant=True)
"""The game class a state belongs to: ``class MyState(State["MyGame"])`` types ``self.game``;
a plain ``State`` is ``State[Game]``, so code for any game reads ``state.game`` as a ``Game``."""


@mypyc_attr(allow_interpreted_subclasses=True)  # games and tests subclass it in plain Python too
class State(ABC, Generic[GameT]):
    """One position of a game. Mutable: ``apply`` changes it in place (``clone`` first to branch).

    A game names its Game class as the type argument rather than re-declaring ``game`` with a
    narrower type: a compiled (mypyc) subclass cannot change an attribute's type.
    """

    # The core's own fields live in slots. A plain-Python state keeps its attributes in a
    # dict that CPython shares between instances (and reads at full speed) only up to 30 names;
    # a game's fields plus these went past that, and every attribute read and method call of
    # the game's rules fell back to a slower lookup. Slots keep the core's fields out of the
    # dict (the compiled build stores every declared field in its own struct slot anyway).
    __slots__ = (
        "_lkey",
        "_lval",
        "_own_events",
        "_seen_key",
        "_shared_events",
        "determinized",
        "game",
        "history",
        "rng",
        "seed",
        "to_move",
    )
    game: GameT
    seed: int
    rng: Rng
    history: list[tuple[int, Action]]
    determinized: bool
    to_move: tuple[int, ...]
    # The events, in two parts so that ``clone`` copies nothing: a tuple shared with clones
    # (never changed) and this state's own list since; ``emit`` appends to the list.
    _shared_events: tuple[Stored, ...]
    _own_events: list[Stored]
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    """The game's own state fields (``riverbox.core.fields.declare``): copy and JSON follow."""
    # Legal actions are computed once per (history length, seat): ``legal_actions`` followed by
    # ``apply`` is the hot loop of every bot, and ``apply`` must check legality. ``_lkey`` names
    # a seat only while it is to move at that history length (``apply`` trusts it as its seat
    # check), so code that sets ``_lval`` itself does so for a seat to move (River Wild's settle).
    # Every way a state is made (``_init_common``, ``_copy``, ``state_from_json``) sets ``_lkey``
    # and ``_seen_key`` to ``None``; ``_lval`` is read only once ``_lkey`` names a position.
    _lkey: tuple[int, int] | None
    _lval: list[Action]
    # ``_seen_by``'s last answer: ((history length, event count, seat), the history list it read,
    # the redacted history, the events seen); the list's identity guards against a new history.
    _seen_key: tuple[tuple[int, int, int | None], _History, _History, tuple[Stored, ...]] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A plain-Python subclass written the old way (overriding ``view``) still gets the check.

        Its ``view`` becomes its ``_view``, behind the base ``view``. Games written today (and
        every compiled one) define ``_view``; a compiled class cannot be changed like this.
        """
        super().__init_subclass__(**kwargs)
        view = vars(cls).get("view")
        if view is not None:
            cls._view = view  # type: ignore[method-assign]
            delattr(cls, "view")

    @property
    def generator(self) -> str:
        """The name of the random generator this state draws from (``splitmix64``, ``blake2b-ctr``)."""
        return self.rng.NAME

    def _init_common(self, game: Game, seed: Unchecked, generator: str = SPLITMIX) -> None:
        self.game = cast(GameT, game)
        self.seed = check_generator_seed(seed, generator)
        self.rng = make_rng(self.seed, generator)
        self.history = []
        self._shared_events = ()
        self._own_events = []
        self.determinized = False
        self._lkey = self._seen_key = None

    def _setup(self) -> None:
        """Deal the opening position (called once by ``Game.new_state``, after the core set-up)."""
        raise NotImplementedError(f"{type(self).__name__} has no _setup")

    # -- events ---------------------------------------------------------------------------
    def emit(self, kind: str, to: int | None = None, but: int | None = None, **args: Any) -> None:
        """Tell what just happened: ``to`` one seat only, ``but`` everyone except one, else all.

        Arguments must be JSON-ready and must hold nothing the audience may not know.
        The keyword dict is kept as it is (each call gets its own), so emitting builds one tuple;
        ``log`` makes the dicts it hands out.
        """
        self._own_events.append((kind, args, to, but))

    def emit_event(self, event: Event | Stored) -> None:
        """Tell an event built beforehand: an :class:`Event`, or a stored tuple from a game's table
        of the events its hot loop repeats (``(kind, values, to, but, names)``, as
        ``events.fields_event`` builds it). Nothing is built on the way: the tuple is kept as it is."""
        self._own_events.append(event)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, for every audience, in order, as :class:`Event` values.

        A tuple, made on each read: rules tell events through ``emit``/``emit_event``, and code
        that still appends to ``state.events`` fails loudly rather than losing the event.
        """
        return tuple([as_event(e) for e in self._stored_events()])

    @events.setter
    def events(self, events: Sequence[Event]) -> None:
        self._shared_events = ()
        self._own_events = list(events)
        self._seen_key = None

    def _stored_events(self) -> tuple[Stored, ...]:
        own = self._own_events
        return self._shared_events + tuple(own) if own else self._shared_events

    def log(self, seat: Unchecked) -> list[dict[str, Any]]:
        """The events ``seat`` may see, in order (``None``: the public ones), as dicts."""
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.game.players):
            raise ValueError(f"{self.game.name}: {seat_error(seat, self.game.players)}")
        return [stored_as_dict(e) for e in self._stored_events() if stored_seen_by(e, seat)]

    @property
    def event_count(self) -> int:
        """How many events the state holds, for every audience: a cursor for ``events_since``.

        It counts events other seats were told too, so it is a position to pass back, never
        something to show a seat. Moves only add events, so a cursor stays valid as the game
        goes on (and in a clone); assigning ``events`` starts a new list.
        """
        return len(self._shared_events) + len(self._own_events)

    def events_since(self, start: int, seat: Unchecked, stop: int | None = None) -> list[dict[str, Any]]:
        """The events ``seat`` may see among event numbers ``start`` to ``stop`` (default: the
        last), as ``log`` gives them.

        ``events_since(0, seat) == log(seat)``; a reader that keeps ``event_count`` after each
        read gets only what is new, without copying the whole log each time, and one that
        noted ``event_count`` at a move can tell the events before it from those after (the
        adapters keep each seat's information state up to date this way).
        """
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.game.players):
            raise ValueError(f"{self.game.name}: {seat_error(seat, self.game.players)}")
        count = self.event_count
        end = count if stop is None else stop
        if start.__class__ is not int or end.__class__ is not int or not 0 <= start <= end <= count:
            raise ValueError(
                f"events_since: {describe(start)} to {describe(stop)} is not a range of event numbers"
                f" within 0..{count}"
            )
        return [stored_as_dict(e) for e in self.stored_events(start, end) if stored_seen_by(e, seat)]

    def stored_events(self, start: int, stop: int) -> Sequence[Stored]:
        """The events numbered ``start`` to ``stop`` (``0 <= start <= stop <= event_count``,
        not checked: callers pass cursors they kept) in their stored form, for every audience.

        For readers that filter by audience themselves and want no dicts: the OpenSpiel
        adapter encodes each event once and shares the bytes among the seats that see it. A
        stored event is a tuple ``(kind, args, to, but, ...)``; ``stored_seen_by`` says whether
        a seat may see it. Never hand the result to a seat unfiltered.
        """
        shared = self._shared_events
        first = len(shared)
        if start >= first:
            return self._own_events[start - first : stop - first]
        return shared[start:stop] + tuple(self._own_events[: max(0, stop - first)])

    # -- turn -----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return not self.to_move

    def _seat(self, seat: Unchecked) -> int:
        to_move = self.to_move
        if seat is None:
            if len(to_move) != 1:
                if not to_move:
                    raise GameOver(
                        message(
                            "riverbox", "{game}: the game is over; no seat is to move", game=self.game.name
                        )
                    )
                raise IllegalAction(
                    message(
                        "riverbox",
                        "{game}: seats {seats} act at the same time; name the seat",
                        game=self.game.name,
                        seats=list(to_move),
                    )
                )
            return to_move[0]
        if seat.__class__ is not int or not 0 <= seat < self.game.players:  # is_seat, inlined: hot path
            raise IllegalAction(f"{self.game.name}: {seat_error(seat, self.game.players)}")
        return seat

    def legal_actions(self, seat: Unchecked = None) -> list[Action]:
        """The actions ``seat`` may take now ([] for a seat that is not to move or when over).

        A fresh list each call (callers may change it); the first lines are the hot path of
        every playout: a plain-int seat that is to move is a valid seat, no more checks needed.
        """
        to_move = self.to_move
        if seat.__class__ is int and seat in to_move:
            s: int = seat
        elif seat is None and len(to_move) == 1:
            s = to_move[0]
        else:
            if seat is None and not to_move:
                return []
            s = self._seat(seat)
            if s not in to_move:
                return []
        key = (len(self.history), s)  # _legal_cached, inlined: hot path
        if self._lkey != key:
            self._lval = self._legal(s)
            self._lkey = key
        return self._lval[:]

    def _legal_cached(self, seat: int) -> list[Action]:
        key = (len(self.history), seat)
        if self._lkey != key:
            self._lval = self._legal(seat)
            self._lkey = key
        return self._lval

    def apply(self, action: Action, seat: Unchecked = None) -> None:
        """Take ``action`` for ``seat``; raise ``IllegalAction`` (state unchanged) if not allowed.

        The hot path first: a seat to move (a plain int, or ``None`` with one seat to move) and
        a legal action of the game's own class. Anything else takes ``_checked_apply``, which
        makes every check in order, so errors and their messages do not depend on the path.
        """
        history = self.history
        if seat.__class__ is int and self._lkey == (len(history), seat):
            # ``legal_actions`` just answered for this seat in this very position (the playout
            # loop), so it is a seat to move and its legal actions are at hand: no second check.
            s: int = seat
        else:
            to_move = self.to_move
            if seat.__class__ is int and seat in to_move:
                s = seat
            elif seat is None and len(to_move) == 1:
                s = to_move[0]
            else:
                self._checked_apply(action, seat)
                return
            key = (len(history), s)  # _legal_cached, inlined: hot path
            if self._lkey != key:
                self._lval = self._legal(s)
                self._lkey = key
        game = self.game
        if action.__class__ in (game._found_types or game._action_types()):
            if _COMPILED:
                # identity first: a playout applies one of the very objects ``legal_actions``
                # handed out, and a native ``is`` costs a fraction of ``==`` on every action
                # before it (a tuple compared field by field); any other equal action: ``in``
                for legal in self._lval:
                    if legal is action:
                        break
                else:
                    if action not in self._lval:
                        self._checked_apply(action, seat)
                        return
            elif action not in self._lval:
                self._checked_apply(action, seat)
                return
            history.append((s, action))
            self._apply(action, s)
        else:
            self._checked_apply(action, seat)

    def _checked_apply(self, action: Action, seat: Unchecked) -> None:
        """``apply`` with every check in order: the action's class, game over, the seat, legality."""
        if action.__class__ not in self.game._action_types():
            raise IllegalAction(
                f"{self.game.name}: {describe(action)} is not a {self.game.info.title} action"
                " (game.parse_action turns notation into one)"
            )
        if not self.to_move:
            raise GameOver(
                message(
                    "riverbox", "{game}: the game is over; no more actions can be played", game=self.game.name
                )
            )
        s = self._seat(seat)
        if s not in self.to_move:
            if len(self.to_move) == 1:
                raise IllegalAction(
                    message(
                        "riverbox",
                        "{game}: it is not seat {seat}'s turn; seat {mover} is to move",
                        game=self.game.name,
                        seat=s,
                        mover=self.to_move[0],
                    )
                )
            raise IllegalAction(
                message(
                    "riverbox",
                    "{game}: seat {seat} has nothing to do now; waiting for seats {seats}",
                    game=self.game.name,
                    seat=s,
                    seats=list(self.to_move),
                )
            )
        if action not in self._legal_cached(s):
            raise IllegalAction(self._why_illegal(action, s))
        self.history.append((s, action))
        self._apply(action, s)

    def _why_illegal(self, action: Action, seat: int) -> str | Message:
        """The game's reason, once the action is known to be one of the game's own values.

        An object of the right class can still hold values no action has (a named tuple
        built by hand); games explain only real actions, so such an object is named here.
        """
        game = self.game
        try:
            own = game.action_from_id(game.action_id(action)) == action
        except (KeyError, TypeError, IndexError, AttributeError, ValueError, OverflowError):
            own = False
        if not own:
            return f"{game.name}: {describe(action)} is not a {game.info.title} action"
        return self.explain_illegal(action, seat)

    def explain_illegal(self, action: Action, seat: int) -> str | Message:
        """Why ``action`` is not legal for ``seat`` now, naming the rule (games override).

        A :class:`~riverbox.core.i18n.Message` lets each reader see the reason in their language.
        """
        return message(
            "riverbox", "{game}: {action} is not a legal action now", game=self.game.name, action=str(action)
        )

    def chance(self, text: str, visible_to: Sequence[int] | None = None) -> None:
        """Record a chance outcome in the history (called by games inside ``_apply``/setup)."""
        seen = None if visible_to is None else frozenset(visible_to) if visible_to else _NOBODY
        self.history.append((CHANCE, Chance(text, seen)))

    def record_chance(self, outcome: Chance) -> None:
        """Record a chance outcome built beforehand (a game's table of the draws it repeats).

        ``chance(text, visible_to)`` builds the same entry; this form keeps a hot loop from
        building one ``Chance`` per draw.
        """
        self.history.append((CHANCE, outcome))

    def settle_legal(self, seat: int, legal: list[Action]) -> None:
        """Tell the core ``seat``'s legal actions in the position as it stands now.

        For a game that learns them while applying the last action (River Wild's settle): the
        next ``legal_actions``/``apply`` for ``seat`` use them instead of asking ``_legal``.
        ``seat`` must be to move now, and ``legal`` must be exactly what ``_legal(seat)`` gives.
        """
        self._lval = legal
        self._lkey = (len(self.history), seat)

    # -- results --------------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[float]: ...

    def winners(self) -> list[int]:
        """Seats with the top score at the end; games with tiebreakers override."""
        if not self.is_over:
            return []
        sc = self.scores()
        best = max(sc)
        return [i for i, v in enumerate(sc) if v == best]

    def returns(self) -> list[float]:
        """+1 for a sole winner, 0 for a shared win, -1 for a loss; zeros before the end."""
        n = self.game.players
        if not self.is_over:
            return [0.0] * n
        win = self.winners()
        if not win:
            return [0.0] * n
        top = 1.0 if len(win) == 1 else 0.0
        return [top if i in win else -1.0 for i in range(n)]

    # -- information ----------------------------------------------------------------------
    @final
    def view(self, seat: Unchecked) -> dict[str, Any]:
        """All that ``seat`` may know, JSON-ready; ``None`` is the public (spectator) view.

        Views are read-only: games may share unchanged parts between calls (building every
        seat's view at every step is a hot path), so a caller that wants to change one must
        copy it first (``copy.deepcopy`` or a JSON round trip). A seat that is not one raises
        ``ValueError`` here, once for every game, before the game's ``_view`` runs (a huge int
        would otherwise allocate, a bool would pass as seat 0 or 1).
        """
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.game.players):
            raise ValueError(f"{self.game.name}: {seat_error(seat, self.game.players)}")
        return self._view(seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game's view for a valid seat or ``None`` (games override; ``view`` checks the seat)."""
        raise NotImplementedError(f"{type(self).__name__} has no _view")

    def clone(self) -> State:
        """An independent copy (cheap: games copy only their mutable containers)."""
        return self._copy(list(self.history), self._share_events())

    def _copy(self, history: list[tuple[int, Action]], events: tuple[Stored, ...]) -> State:
        """A copy of this state with the given history and events (``clone``, ``determinize``)."""
        other = self.game._blank_state()
        other.game = self.game
        other.seed = self.seed
        other.rng = self.rng.copy()
        other.history = history
        other._shared_events = events
        other._own_events = []
        other.determinized = self.determinized
        other._lkey = other._seen_key = None
        self._copy_body(other)
        return other

    def _share_events(self) -> tuple[Stored, ...]:
        """All events as one tuple a clone may share (this state's own list starts afresh)."""
        if self._own_events:
            self._shared_events += tuple(self._own_events)
            self._own_events = []
        return self._shared_events

    def determinize(self, seat: Unchecked, rng: Unchecked = None) -> State:
        """A copy in which everything ``seat`` (an int seat or ``None``) cannot see is re-dealt at random.

        ``rng`` is an :class:`Rng`, a ``random.Random``, an int seed, or ``None`` for a fresh one.

        The copy's generator is re-seeded too (future draws are hidden information), and
        chance entries of the history that ``seat`` did not see are redacted. Its seed is that
        new generator's, never the real one: a table's seed is a secret (issue 26), and what a
        bot or a hint searches must not rebuild the real deal. The copy draws from SplitMix64
        whatever the original's generator (searching is fast; its draws are guesses).
        """
        if seat is not None and not is_seat(seat, self.game.players):
            raise ValueError(f"{self.game.name}: {seat_error(seat, self.game.players)}")
        if rng is None:
            r = Rng(random.getrandbits(64))
        elif isinstance(rng, Rng):
            r = rng
        elif isinstance(rng, random.Random):
            r = Rng(rng.getrandbits(64))
        else:
            r = Rng(check_seed(rng))
        history, events = self._seen_by(seat)
        other = self._copy(history[:], events)
        other.seed = fresh = r.next64()
        other.rng = Rng(fresh)
        other.determinized = True
        other._determinize_body(seat, r)
        return other

    def _seen_by(self, seat: int | None) -> tuple[_History, tuple[Stored, ...]]:
        """The history and the events as ``seat`` knows them (for ``determinize``; do not change).

        Kept for the last seat asked until the state moves on: a search determinizes the same
        state for the same seat at every iteration.
        """
        key = (len(self.history), len(self._shared_events) + len(self._own_events), seat)
        found = self._seen_key
        if found is not None and found[0] == key and found[1] is self.history:
            return found[2], found[3]
        game = self.game
        history = [_redact(game, entry, seat) for entry in self.history]
        events = tuple([e for e in self._stored_events() if stored_seen_by(e, seat)])
        self._seen_key = (key, self.history, history, events)
        return history, events

    # -- records and JSON -------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """``{game, options, seed, rng, actions}``: complete, JSON, replayable with ``riverbox.replay``.

        ``rng`` names the generator; a record without it (written before there were two) was
        dealt by SplitMix64.
        """
        if self.determinized:
            raise ValueError("a determinized state is a guess at hidden information and has no record")
        return {
            "game": self.game.name,
            "options": self.game.config(),
            "seed": self.seed,
            "rng": self.generator,
            "actions": [[s, str(a)] for s, a in self.history],
        }

    def to_json(self) -> dict[str, Any]:
        hist: list[list[Any]] = []
        for s, a in self.history:
            if isinstance(a, Chance):
                vis = a.visible_to
                hist.append([s, [a.text, None if vis is None else sorted(vis)]])
            else:
                hist.append([s, self.game.action_id(a)])
        out: dict[str, Any] = {
            "game": self.game.name,
            "options": self.game.config(),
            "seed": self.seed,
            "rng": self.rng.state,
            "determinized": self.determinized,
            "history": hist,
            "events": [stored_to_json(e) for e in self._stored_events()],
            "body": self._body_to_json(),
        }
        if self.generator != SPLITMIX:  # documents written before there were two stay as they were
            out["generator"] = self.generator
        return out

    # -- hooks for subclasses -------------------------------------------------------------
    @abstractmethod
    def _legal(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def _apply(self, action: Action, seat: int) -> None: ...

    def _copy_body(self, other: State) -> None:
        """Copy the game's own fields into ``other`` (generated from ``FIELDS``)."""
        copier(type(self), self._fields())(self, other)

    def _fields(self) -> tuple[Field, ...]:
        if not self.FIELDS:
            raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")
        return self.FIELDS

    def _determinize_body(self, seat: int | None, rng: Rng) -> None:
        """Re-deal what ``seat`` cannot see; the default is for games with no hidden information."""

    def _body_to_json(self) -> Any:
        """The game's own fields as JSON (from ``FIELDS``; derived fields are left out)."""
        return {f.name: dump_field(f, getattr(self, f.name)) for f in self._fields() if f.stored}

    def _body_from_json(self, body: Any) -> None:
        """Read the fields ``_body_to_json`` wrote, each type-checked, then ``_after_load``."""
        fields = self._fields()
        if not isinstance(body, dict):
            raise ValueError("state JSON body must be an object")
        names = {f.name for f in fields if f.stored}
        missing = sorted(names - body.keys())
        extra = sorted(map(str, body.keys() - names))
        problems = [f"lacks {', '.join(missing)}"] if missing else []
        problems += [f"has unknown {', '.join(extra)}"] if extra else []
        if problems:
            raise ValueError("state JSON body " + "; ".join(problems))
        for f in fields:
            if f.stored:
                value = body[f.name]
                setattr(self, f.name, f.load_in(self, value) if f.load_in else load_field(f, value))
        self._after_load()

    def _after_load(self) -> None:
        """Rebuild derived fields (``stored=False``) and check what types alone cannot."""

    def __str__(self) -> str:
        return json.dumps(self.view(None), sort_keys=True)
