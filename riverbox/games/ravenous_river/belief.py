"""What a seat may believe about the other seats' totems, for search (``Game.search_beliefs``).

``determinize`` re-deals the hidden totems uniformly: every rival is equally likely to be any
animal. But a rival's placements say a lot: a player who puts the fox on the bank beside the cat
rarely holds the cat. So search reweights its samples by how well each guess explains what the
rivals did this round, read from the seat's own log (public events only: nothing hidden).

The model of a rival is the heuristic bot's own evaluation (``bot._Model``): for a guessed totem,
the value of each place the animal could have gone, turned into a choice probability with a
softmax (``SHARPNESS``), mixed with a uniform ``NOISE`` share so that no guess is ever ruled out
(rivals are not all heuristics, and the board is rebuilt from events only). With two players the
guess is the rival's three drawn totems and the two kept; with more, one totem per rival, all
different and none of the seat's own.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable
from typing import Any

from riverbox.core.game import State
from riverbox.core.rng import Rng
from riverbox.games.ravenous_river.bot import CARD_COST, _Model
from riverbox.games.ravenous_river.scoring import ANIMALS

SHARPNESS = 10.0
"""How surely a rival picks the place it values most (per VP of difference)."""

NOISE = 0.05
"""The share of a rival's choices explained as noise, so that no guess gets zero weight."""

MAX_PLAYERS = 5
"""Beyond this many players the joint table of guesses grows past thousands of rows per decision,
so larger games keep ``determinize``'s uniform totems."""

Guess = tuple[tuple[int, ...], tuple[int, ...]]
"""One rival's hidden totems: (totems kept, totems drawn); drawn is empty beyond two players."""


class _Board:
    """The public board of the current round, rebuilt from the log's events in order."""

    def __init__(self) -> None:
        self.bank: list[str] = []
        self.boats: list[list[str]] = [[], []]
        self.status = ["in play", "in play"]

    def take(self, animal: str) -> None:
        if animal in self.bank:
            self.bank.remove(animal)
        for boat in self.boats:
            if animal in boat:
                boat.remove(animal)

    def put(self, animal: str, dest: int) -> None:
        (self.bank if dest == 0 else self.boats[dest - 1]).append(animal)

    def follow(self, e: dict[str, Any]) -> None:
        """Apply one public event (kinds the board does not show are ignored)."""
        kind = e["kind"]
        if kind == "placed":
            self.put(e["animal"], e["dest"])
        elif kind == "moved":
            self.take(e["animal"])
            self.put(e["animal"], e["dest"])
        elif kind == "sailed":
            self.status[e["boat"]] = "sailed"
        elif kind == "sank":
            self.status[e["boat"]] = "sunk"
        elif kind == "capsized":
            self.bank.extend(self.boats[e["boat"]])
            self.boats[e["boat"]] = []
        elif kind == "swapped_boats":
            a, b = self.boats
            a[a.index(e["animal"])] = e["other"]
            b[b.index(e["other"])] = e["animal"]
        elif kind == "washed":
            self.take(e["animal"])
        elif kind == "swapped_row":
            for boat in self.boats:
                if e["animal"] in boat:
                    boat[boat.index(e["animal"])] = e["other"]

    def model(self, n: int, guess: Guess) -> _Model:
        """The heuristic's model of this board for a rival holding ``guess``."""
        kept, drawn = guess
        view = {
            "bank": self.bank,
            "boats": self.boats,
            "boat_status": self.status,
            "row": [],
            "totems": [ANIMALS[t] for t in kept],
            "players": n,
            "drawn": [ANIMALS[t] for t in drawn],
        }
        return _Model(view)


def _choice_log(board: _Board, n: int, guess: Guess, animal: str, dest: int, could_return: bool) -> float:
    """log P(the rival put ``animal`` at ``dest`` | it holds ``guess``) under the heuristic model."""
    m = board.model(n, guess)
    options = {d: m.placed(animal, d) for d in m.dests()}
    if dest not in options:  # the rebuilt board disagrees with the move: no evidence
        return 0.0
    values = list(options.values())
    if could_return:
        values.append(m.now() - CARD_COST)
    top = max(values)
    weights = [math.exp(SHARPNESS * (v - top)) for v in values]
    p = math.exp(SHARPNESS * (options[dest] - top)) / sum(weights)
    return math.log(NOISE / len(values) + (1 - NOISE) * p)


def _guesses(n: int, seat: int, mine: list[int]) -> list[Guess]:
    """Every hidden holding one rival may have, given the seat's own (kept or drawn) totems."""
    free = [t for t in range(7) if t not in mine]
    if n == 2:
        return [
            (kept, drawn)
            for drawn in itertools.combinations(free, 3)
            for kept in itertools.combinations(drawn, 2)
        ]
    return [((t,), ()) for t in free]


def evidence(state: State, seat: int) -> dict[int, dict[Guess, float]]:
    """Log-likelihood of each rival's every guess from its placements this round, as ``seat`` saw them."""
    s: Any = state
    n = s.n
    mine = list(s.drawn[seat]) if n == 2 else list(s.totems[seat])
    guesses = _guesses(n, seat, mine)
    sizes = state.view(seat)["hand_sizes"]
    rivals = [r for r in range(n) if r != seat]
    logs: dict[int, dict[Guess, float]] = {r: dict.fromkeys(guesses, 0.0) for r in rivals}
    board = _Board()
    for e in state.log(seat):
        kind = e["kind"]
        if kind == "new_round":
            board = _Board()
            logs = {r: dict.fromkeys(guesses, 0.0) for r in rivals}
            continue
        if kind == "placed" and e["seat"] != seat:
            r = e["seat"]
            for g in guesses:
                logs[r][g] += _choice_log(board, n, g, e["animal"], e["dest"], sizes[r] > 0)
        board.follow(e)
    return logs


def _joint(n: int, logs: dict[int, dict[Guess, float]]) -> tuple[list[dict[int, Guess]], list[float]]:
    """Every consistent assignment of guesses to rivals, with cumulative weights for sampling."""
    rivals = sorted(logs)
    options = [list(logs[r].items()) for r in rivals]
    combos: list[dict[int, Guess]] = []
    scores: list[float] = []
    for pick in itertools.product(*options):
        used = [t for g, _ in pick for t in (g[1] or g[0])]
        if len(set(used)) < len(used):
            continue
        combos.append({r: g for r, (g, _) in zip(rivals, pick, strict=True)})
        scores.append(sum(lp for _, lp in pick))
    top = max(scores)
    total = 0.0
    cumulative = []
    for lp in scores:
        total += math.exp(lp - top)
        cumulative.append(total)
    return combos, cumulative


def search_beliefs(state: State, seat: int) -> Callable[[State, Rng], None] | None:
    """A sampler that re-draws the rivals' totems of a determinized world from the seat's belief.

    ``None`` when there is nothing to weigh: the game is over, two-player totems are still being
    chosen, no rival has placed an animal this round, or the table is too big (``MAX_PLAYERS``).
    """
    s: Any = state
    n = s.n
    if s.is_over or (n == 2 and not all(s.totems)) or n > MAX_PLAYERS:
        return None
    logs = evidence(state, seat)
    if all(v == 0.0 for table in logs.values() for v in table.values()):
        return None
    combos, cumulative = _joint(n, logs)
    total = cumulative[-1]

    def sample(world: State, rng: Rng) -> None:
        w: Any = world
        pick = combos[min(bisect.bisect_right(cumulative, rng.random() * total), len(combos) - 1)]
        for r, (kept, drawn) in pick.items():
            w.totems[r] = list(kept)
            if n == 2:
                w.drawn[r] = list(drawn)

    return sample
