"""A tiny one-player game with hidden draws, to test the single-agent adapters without River Wild.

Each round a die is rolled in secret for the next round; the player sees the current die and
either ``take``s it (score += die) or ``pass``es (score += 1). Six rounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riverbox.core import Game, GameInfo, OptionSpec, State
from riverbox.core.rng import SPLITMIX


@dataclass(frozen=True, slots=True)
class Move:
    word: str

    def __str__(self) -> str:
        return self.word


WORDS = ("take", "pass", "unused")


class SoloGame(Game):
    info = GameInfo(
        name="solo-toy",
        title="Solo toy",
        min_players=1,
        max_players=1,
        summary="test game",
        options=(OptionSpec("rounds", 6, "rounds", minimum=1, maximum=20),),
    )
    num_action_ids = len(WORDS)

    def new_state(self, seed: Any = 0, generator: str = SPLITMIX) -> SoloState:
        s = SoloState()
        s._init_common(self, seed, generator)
        s.round = 0
        s.score = 0
        s.die = 1 + s.rng.randrange(6)
        s.chance(f"roll {s.die}")
        s.emit("rolled", die=s.die)  # the player is told what it sees (the adapters' recall rests on it)
        s.to_move = (0,)
        return s

    def _blank_state(self) -> SoloState:
        return SoloState()

    def parse_action(self, text: str, state: State | None = None) -> Move:
        if text not in WORDS:
            raise ValueError(f"solo: {text!r} is not a move")
        return Move(text)

    def action_id(self, action: Any) -> int:
        return WORDS.index(action.word)

    def action_from_id(self, action_id: int) -> Move:
        return Move(WORDS[action_id])


class SoloState(State):
    round: int
    score: int
    die: int

    def _legal(self, seat: int) -> list[Any]:
        return [Move("take"), Move("pass")]

    def _apply(self, action: Any, seat: int) -> None:
        self.score += self.die if action.word == "take" else 1
        self.round += 1
        if self.round >= self.game.options["rounds"]:
            self.to_move = ()
            return
        self.die = 1 + self.rng.randrange(6)
        self.chance(f"roll {self.die}")
        self.emit("rolled", die=self.die)

    def scores(self) -> list[float]:
        return [float(self.score)]

    def returns(self) -> list[float]:
        return [float(self.score)] if self.is_over else [0.0]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"round": self.round, "score": self.score, "die": None if self.is_over else self.die}

    def _copy_body(self, other: State) -> None:
        assert isinstance(other, SoloState)
        other.round, other.score, other.die, other.to_move = self.round, self.score, self.die, self.to_move

    def _body_to_json(self) -> Any:
        return {"round": self.round, "score": self.score, "die": self.die, "to_move": list(self.to_move)}

    def _body_from_json(self, body: Any) -> None:
        self.round, self.score, self.die = body["round"], body["score"], body["die"]
        self.to_move = tuple(body["to_move"])
