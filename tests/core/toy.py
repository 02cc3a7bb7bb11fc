"""A tiny game with hidden cards and a simultaneous step, to test the core without a real game.

Each seat is dealt one secret card (1-6). Seats take turns: ``bet`` or ``pass`` (3 turns
each); then everyone guesses at once whether the sum of cards is ``high`` (>= 3.5 per seat).
A correct guess scores 1, each bet doubles a seat's stake.

It is written as docs/writing-a-game.md says a game is, in one file: each section below is the
module of a game folder it would be (``actions``, ``position``, ``tables``, ``rules``,
``reference``, ``words``, ``state``, ``game``), in the order they import each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar, Final

from riverbox.core import Game, GameInfo, OptionSpec, Rng, State
from riverbox.core.events import Event, EventText
from riverbox.core.fields import LIST, TUPLE, VALUE, Field, declare


# -- actions.py: the action type, its notation, the fixed id space -----------------------------
class Kind(IntEnum):
    """The kinds of action; ``APPLY`` is read by kind."""

    BET = 0
    PASS = 1
    HIGH = 2
    LOW = 3


@dataclass(frozen=True, slots=True)
class Act:
    word: str

    def __str__(self) -> str:
        return self.word

    @property
    def kind(self) -> Kind:
        return Kind(WORDS.index(self.word))


WORDS = ("bet", "pass", "high", "low")


# -- position.py: the phases and small questions about a position -----------------------------
class Phase(IntEnum):
    """Betting in turn, then guessing all at once; ``LEGAL`` is read by phase."""

    BETTING = 0
    GUESSING = 1


def phase(st: ToyState) -> Phase:
    """The phase follows from the turns taken (the toy keeps no phase field)."""
    return Phase.BETTING if st.turn < st.game.players * st.game.options["turns"] else Phase.GUESSING


# -- tables.py: events built once for the hot loop ----------------------------------------------
GUESSED: Final = [Event("guessed", (("seat", s),)) for s in range(4)]
"""``GUESSED[seat]``: what ``emit("guessed", seat=seat)`` would store, told with ``emit_event``."""


# -- rules.py: the fast rules, one function per step, behind the dispatch tables ----------------
def legal_betting(st: ToyState, seat: int) -> list[Any]:
    return [Act("bet"), Act("pass")]


def legal_guessing(st: ToyState, seat: int) -> list[Any]:
    return [Act("high"), Act("low")]


LEGAL: Final[tuple[Callable[[ToyState, int], list[Any]], ...]] = (legal_betting, legal_guessing)
"""``LEGAL[phase]``: the legal actions of each phase."""


def bet_or_pass(st: ToyState, action: Act, seat: int) -> None:
    n = st.game.players
    st.bets[seat] += action.word == "bet"
    st.emit(action.word, seat=seat)
    st.turn += 1
    st.to_move = (st.turn % n,) if phase(st) == Phase.BETTING else tuple(range(n))


def guess(st: ToyState, action: Act, seat: int) -> None:
    st.guesses[seat] = action.word
    st.emit_event(GUESSED[seat])
    st.to_move = tuple(s for s in st.to_move if s != seat)
    if not st.to_move:
        st.emit("reveal", cards=list(st.cards), sum=sum(st.cards))


APPLY: Final[tuple[Callable[[ToyState, Act, int], None], ...]] = (bet_or_pass, bet_or_pass, guess, guess)
"""``APPLY[kind]``: what each kind of action does."""


# -- reference.py: the same rules in rulebook shape, for the differential test ------------------
def reference_setup(st: ToyState) -> None:
    """Each seat is dealt one secret card from 1 to 6; the first seat bets first."""
    n = st.game.players
    st.cards = [1 + st.rng.randrange(6) for _ in range(n)]
    for i, c in enumerate(st.cards):
        st.chance(f"deal {c} to {i}", visible_to=[i])
        st.emit("dealt", to=i, card=c)
    st.bets = [0] * n
    st.guesses = [None] * n
    st.turn = 0
    st.to_move = (0,)


def reference_winners(st: ToyState) -> list[int]:
    """The seats with the most points once every guess is in: a right guess scores one, doubled
    by each bet."""
    if st.to_move:
        return []
    high = "high" if sum(st.cards) >= 3.5 * st.game.players else "low"
    points = [(1 + st.bets[i]) if st.guesses[i] == high else 0 for i in range(st.game.players)]
    return [i for i, v in enumerate(points) if v == max(points)]


def reference_legal(st: ToyState, seat: int) -> list[Any]:
    """Every seat to move may bet or pass while turns remain, then guess high or low."""
    if seat not in st.to_move:
        return []
    if st.turn < st.game.players * st.game.options["turns"]:
        return [Act("bet"), Act("pass")]
    return [Act("high"), Act("low")]


def reference_apply(st: ToyState, action: Act, seat: int) -> None:
    """A bet raises the seat's stake; after the last turn every seat guesses in secret; the cards
    are shown when the last guess is in."""
    n = st.game.players
    if action.word in ("bet", "pass"):
        if action.word == "bet":
            st.bets[seat] += 1
        st.emit(action.word, seat=seat)
        st.turn += 1
        if st.turn < n * st.game.options["turns"]:
            st.to_move = (st.turn % n,)
        else:
            st.to_move = tuple(range(n))
    else:
        st.guesses[seat] = action.word
        st.emit("guessed", seat=seat)
        st.to_move = tuple(s for s in st.to_move if s != seat)
        if not st.to_move:
            st.emit("reveal", cards=list(st.cards), sum=sum(st.cards))


# -- state.py: the hooks the core calls, each a lookup ------------------------------------------
class ToyState(State):
    FIELDS = declare(
        cards=Field(LIST, of=int),
        bets=Field(LIST, of=int),
        guesses=Field(LIST, of=(str, type(None))),
        turn=Field(VALUE, of=int),
        to_move=Field(TUPLE, of=int),
    )
    cards: list[int]
    bets: list[int]
    guesses: list[str | None]
    turn: int

    def _setup(self) -> None:
        n = self.game.players
        self.cards = [1 + self.rng.randrange(6) for _ in range(n)]
        for i, c in enumerate(self.cards):
            self.chance(f"deal {c} to {i}", visible_to=[i])
            self.emit("dealt", to=i, card=c)
        self.bets = [0] * n
        self.guesses = [None] * n
        self.turn = 0
        self.to_move = (0,)

    def _legal(self, seat: int) -> list[Any]:
        return LEGAL[phase(self)](self, seat)

    def _apply(self, action: Any, seat: int) -> None:
        APPLY[action.kind](self, action, seat)

    def scores(self) -> list[float]:
        high = "high" if sum(self.cards) >= 3.5 * self.game.players else "low"
        return [float((self.guesses[i] == high) * (1 + self.bets[i])) for i in range(self.game.players)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "bets": list(self.bets),
            "turn": self.turn,
            "voted": [i for i, g in enumerate(self.guesses) if g is not None],
            "card": None if seat is None else self.cards[seat],
            "cards": list(self.cards) if self.is_over else None,
        }

    def _determinize_body(self, seat: int | None, rng: Rng) -> None:
        for i in range(self.game.players):
            if i != seat:
                self.cards[i] = 1 + rng.randrange(6)
                if self.guesses[i] is not None:
                    self.guesses[i] = rng.choice(["high", "low"])


# -- game.py: the Game class -------------------------------------------------------------------
class ToyGame(Game):
    info = GameInfo(
        name="toy",
        title="Toy",
        min_players=2,
        max_players=4,
        summary="test game",
        options=(OptionSpec("turns", 3, "turns per seat", minimum=1, maximum=9),),
    )
    action_types = (Act,)
    num_action_ids = len(WORDS)
    event_texts: ClassVar[dict[str, EventText]] = {  # words.py: the words for each event kind
        "dealt": "You are dealt a {card}.",
        "bet": "Seat {seat} bets.",
        "pass": "Seat {seat} passes.",
        "guessed": "Seat {seat} has guessed.",
        "reveal": lambda e, lang: "Cards: " + ", ".join(map(str, e["cards"])) + f"; the sum is {e['sum']}.",
    }

    state_class = ToyState

    def all_actions(self) -> list[Act]:
        return [Act(w) for w in WORDS]

    def action_visibility(self, action: Any, seat: int) -> frozenset[int] | None:
        """Guesses are secret until the end, like a vote."""
        return frozenset({seat}) if action.word in ("high", "low") else None
