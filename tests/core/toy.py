"""A tiny game with hidden cards and a simultaneous step, to test the core without a real game.

Each seat is dealt one secret card (1-6). Seats take turns: ``bet`` or ``pass`` (3 turns
each); then everyone guesses at once whether the sum of cards is ``high`` (>= 3.5 per seat).
A correct guess scores 1, each bet doubles a seat's stake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from riverbox.core import Game, GameInfo, OptionSpec, Rng, State
from riverbox.core.events import EventText
from riverbox.core.fields import LIST, TUPLE, VALUE, Field, declare


@dataclass(frozen=True, slots=True)
class Act:
    word: str

    def __str__(self) -> str:
        return self.word


WORDS = ("bet", "pass", "high", "low")


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
        if self.turn < self.game.players * self.game.options["turns"]:
            return [Act("bet"), Act("pass")]
        return [Act("high"), Act("low")]

    def _apply(self, action: Any, seat: int) -> None:
        n = self.game.players
        if action.word in ("bet", "pass"):
            self.bets[seat] += action.word == "bet"
            self.emit(action.word, seat=seat)
            self.turn += 1
            if self.turn < n * self.game.options["turns"]:
                self.to_move = (self.turn % n,)
            else:
                self.to_move = tuple(range(n))
        else:
            self.guesses[seat] = action.word
            self.emit("guessed", seat=seat)
            self.to_move = tuple(s for s in self.to_move if s != seat)
            if not self.to_move:
                self.emit("reveal", cards=list(self.cards), sum=sum(self.cards))

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
    event_texts: ClassVar[dict[str, EventText]] = {
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
