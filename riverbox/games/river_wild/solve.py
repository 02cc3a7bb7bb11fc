"""River Wild with the deck order known: a beam-search solver, hindsight optimisation and an oracle.

River Wild is solo, so its only hidden information is the order of the face-down deck. Two bots
build on a solver for the perfect-information game (the deck order known):

* :class:`HindsightBot` (hindsight optimisation, Chong, Givan and Chang 2000): sample deck orders
  consistent with the view (``state.determinize``), solve the rest of the game for each candidate
  move in each sample, and play the move with the best mean. It sees only what the player sees.
* :class:`OracleBot` reads the real deck order (it cheats, on purpose) and plays the solver's best
  line. Its mean score over many seeds is the yardstick: every fair bot is shown as its gap to it.
  Beam search is not exhaustive, so the oracle's mean is a lower bound on perfect play with the
  deck known; any fair bot is expected to stay below it.

The solver is a beam search over placements: at each card it keeps the ``beam`` best layouts by
(score, fewest land slots left facing empty table), the greedy bot's own measure.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from riverbox.core import Action, Rng, State
from riverbox.games.river_wild.board import Board, pos_key
from riverbox.games.river_wild.bot import board_from_view, evaluate

if TYPE_CHECKING:
    from riverbox.games.river_wild import RiverWild

Move = tuple[int, int]
"""(face index, position key) of a placement."""


def _faces(hand: list[int]) -> list[int]:
    return [f for ci in hand for f in (2 * ci, 2 * ci + 1)]


def solve(board: Board, hand: list[int], deck: list[int], beam: int) -> tuple[int, Move | None]:
    """The best final score the beam finds with the deck order known, and the first move to it.

    ``deck[-1]`` is drawn next. Inputs are not changed. The game ends when the hand is empty or
    nothing in it fits (RW-12); a layout that cannot go on scores what it has.
    """
    layer: list[tuple[Board, list[int], Move | None]] = [(board, list(hand), None)]
    best_score, best_move = -1, None
    drawn = 0
    while layer:
        children: list[tuple[tuple[int, int], Board, list[int], Move | None]] = []
        draw = deck[-1 - drawn] if drawn < len(deck) else -1
        for b, h, first in layer:
            moves = b.legal(_faces(h)) if h else []
            if not moves:
                final = b.score()
                if final > best_score:
                    best_score, best_move = final, first
                continue
            for fi, key in moves:
                child = b.copy()
                child.place(fi, key)
                rest = list(h)
                rest.remove(fi // 2)
                if draw >= 0:
                    rest.append(draw)
                children.append(((child.score(), -child.open_land_slots()), child, rest, first or (fi, key)))
        children.sort(key=lambda c: c[0], reverse=True)
        layer = [(b, h, first) for _, b, h, first in children[:beam]]
        drawn += 1
    return best_score, best_move


def _move_of(game: RiverWild, action: Action) -> Move:
    card: Any = action
    return 2 * game.deck.index_of(card.card) + card.side, pos_key(card.row, card.col)


class HindsightBot:
    """Hindsight optimisation over sampled deck orders (see the module docstring).

    ``samples`` deck orders, the ``width`` best moves by the greedy measure as candidates, a
    ``beam`` per solve; ``think`` CPU seconds per decision stop the sampling early (at least one
    sample always runs). ``analyse`` gives each candidate's mean final score.
    """

    name = "hindsight"

    def __init__(
        self, seed: int = 0, samples: int = 12, width: int = 10, beam: int = 3, think: float = 1.0
    ) -> None:
        if samples < 1 or width < 1 or beam < 1 or think <= 0:
            raise ValueError("samples, width and beam must be at least 1 and think positive")
        self.rng = Rng(seed)
        self.samples = samples
        self.width = width
        self.beam = beam
        self.think = think

    def analyse(self, state: State, seat: int) -> list[tuple[Action, float, int]]:
        """(action, mean final score over the samples, samples) per candidate, best first."""
        game: RiverWild = state.game  # type: ignore[assignment]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return [(legal[0], 0.0, 0)]
        board = board_from_view(game, state.view(seat))
        moves = [_move_of(game, a) for a in legal]
        ranked = sorted(range(len(legal)), key=lambda i: evaluate(board, *moves[i]), reverse=True)
        cands = ranked[: self.width]
        totals = dict.fromkeys(cands, 0)
        deadline = time.process_time() + self.think
        done = 0
        while done < self.samples and (done == 0 or time.process_time() < deadline):
            world: Any = state.determinize(seat, self.rng.fork())
            for i in cands:
                fi, key = moves[i]
                b = board.copy()
                b.place(fi, key)
                hand = list(world.hand)
                hand.remove(fi // 2)
                deck = list(world.deck)
                if deck:
                    hand.append(deck.pop())
                totals[i] += solve(b, hand, deck, self.beam)[0]
            done += 1
        rows = [(legal[i], totals[i] / done, done) for i in cands]
        rows.sort(key=lambda r: -r[1])
        return rows

    def act(self, state: State, seat: int) -> Action:
        return self.analyse(state, seat)[0][0]


class OracleBot:
    """Knows the deck order (reads the real state: for measuring, never for play) and follows the
    beam solver's best line. Its mean score is the upper yardstick for the fair bots."""

    name = "oracle"

    def __init__(self, seed: int = 0, beam: int = 24) -> None:
        if beam < 1:
            raise ValueError(f"beam must be at least 1, not {beam}")
        self.beam = beam

    def act(self, state: State, seat: int) -> Action:
        game: RiverWild = state.game  # type: ignore[assignment]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        s: Any = state
        _, move = solve(s.board, s.hand, s.deck, self.beam)
        by_move = {_move_of(game, a): a for a in legal}
        return by_move.get(move, legal[0]) if move is not None else legal[0]
