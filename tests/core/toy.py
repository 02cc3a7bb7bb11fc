"""A tiny game with hidden cards and a simultaneous step, to test the core without a real game.

Each seat is dealt one secret card (1-6). Seats take turns: ``bet`` or ``pass`` (3 turns
each); then everyone guesses at once whether the sum of cards is ``high`` (>= 3.5 per seat).
A correct guess scores 1, each bet doubles a seat's stake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riverbox.core import Game, GameInfo, OptionSpec, Rng, State


@dataclass(frozen=True, slots=True)
class Act:
    word: str

    def __str__(self) -> str:
        return self.word


WORDS = ("bet", "pass", "high", "low")


class ToyGame(Game):
    info = GameInfo(
        name="toy",
        title="Toy",
        min_players=2,
        max_players=4,
        summary="test game",
        options=(OptionSpec("turns", 3, "turns per seat", minimum=1, maximum=9),),
    )
    num_action_ids = len(WORDS)

    def new_state(self, seed: int = 0) -> ToyState:
        s = ToyState()
        s._init_common(self, seed)
        s.cards = [1 + s.rng.randrange(6) for _ in range(self.players)]
        for i, c in enumerate(s.cards):
            s.chance(f"deal {c} to {i}", visible_to=[i])
        s.bets = [0] * self.players
        s.guesses = {}
        s.turn = 0
        s.to_move = (0,)
        return s

    def action_visibility(self, action: Any, seat: int) -> frozenset[int] | None:
        """Guesses are secret until the end, like a vote."""
        return frozenset({seat}) if action.word in ("high", "low") else None

    def _blank_state(self) -> ToyState:
        return ToyState()

    def parse_action(self, text: str, state: State | None = None) -> Act:
        if text not in WORDS:
            raise ValueError(f"toy: {text!r} is not one of {', '.join(WORDS)}")
        return Act(text)

    def action_id(self, action: Any) -> int:
        return WORDS.index(action.word)

    def action_from_id(self, action_id: int) -> Act:
        return Act(WORDS[action_id])


class ToyState(State):
    cards: list[int]
    bets: list[int]
    guesses: dict[int, str]
    turn: int

    def _legal(self, seat: int) -> list[Any]:
        if self.turn < self.game.players * self.game.options["turns"]:
            return [Act("bet"), Act("pass")]
        return [Act("high"), Act("low")]

    def _apply(self, action: Any, seat: int) -> None:
        n = self.game.players
        if action.word in ("bet", "pass"):
            self.bets[seat] += action.word == "bet"
            self.turn += 1
            if self.turn < n * self.game.options["turns"]:
                self.to_move = (self.turn % n,)
            else:
                self.to_move = tuple(range(n))
        else:
            self.guesses[seat] = action.word
            self.to_move = tuple(s for s in self.to_move if s != seat)

    def scores(self) -> list[float]:
        high = "high" if sum(self.cards) >= 3.5 * self.game.players else "low"
        return [float((self.guesses.get(i) == high) * (1 + self.bets[i])) for i in range(self.game.players)]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "bets": list(self.bets),
            "turn": self.turn,
            "voted": sorted(self.guesses),
            "card": None if seat is None else self.cards[seat],
            "cards": list(self.cards) if self.is_over else None,
        }

    def _copy_body(self, other: State) -> None:
        assert isinstance(other, ToyState)
        other.cards = list(self.cards)
        other.bets = list(self.bets)
        other.guesses = dict(self.guesses)
        other.turn = self.turn
        other.to_move = self.to_move

    def _determinize_body(self, seat: int | None, rng: Rng) -> None:
        for i in range(self.game.players):
            if i != seat:
                self.cards[i] = 1 + rng.randrange(6)
        self.guesses = {s: g for s, g in self.guesses.items() if s == seat} | {
            s: rng.choice(["high", "low"]) for s in self.guesses if s != seat
        }

    def _body_to_json(self) -> Any:
        return {
            "cards": list(self.cards),
            "bets": list(self.bets),
            "guesses": {str(k): v for k, v in self.guesses.items()},
            "turn": self.turn,
            "to_move": list(self.to_move),
        }

    def _body_from_json(self, body: Any) -> None:
        self.cards = list(body["cards"])
        self.bets = list(body["bets"])
        self.guesses = {int(k): v for k, v in body["guesses"].items()}
        self.turn = body["turn"]
        self.to_move = tuple(body["to_move"])
