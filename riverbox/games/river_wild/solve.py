"""River Wild with the deck order known: a beam-search solver, hindsight optimisation and an oracle.

River Wild is solo, so its only hidden information is the order of the face-down deck. Two bots
build on a solver for the perfect-information game (the deck order known):

* :class:`HindsightBot` (hindsight optimisation, Chong, Givan and Chang 2000): sample deck orders
  consistent with the view (``state.determinize``), solve the rest of the game for each candidate
  move in each sample, and play the move with the best mean. It sees only what the player sees.
* :class:`OracleBot` reads the real deck order (it cheats, on purpose) and plays the solver's best
  line. Beam search is not exhaustive, so the oracle is no bound: a fair bot can outscore it on
  a deal (issue 28 measured ``strong`` within a point of it). The bound no play can beat is
  :mod:`riverbox.games.river_wild.bound` (``riverbox bound`` in the lab), of which the oracle's
  line is one line.

The solver is a beam search over placements: at each card it keeps the ``beam`` best layouts by
(score, fewest land slots left facing empty table), the greedy bot's own measure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from riverbox.core import Action, Rng, State
from riverbox.core.budget import CPU_CLOCK, Budget, Clock
from riverbox.games.river_wild.board import Board, pos_key, unpack
from riverbox.games.river_wild.bot import board_from_view, greedy_choice

if TYPE_CHECKING:
    from riverbox.games.river_wild.position import WildGame

Move = tuple[int, int]
"""(face index, position key) of a placement."""


def _play(board: Board, hand: list[int], deck: list[int], move: Move) -> None:
    """Place ``move`` and draw the top card, in place (``deck[-1]`` is the top)."""
    fi, key = move
    board.place(fi, key)
    hand.remove(fi // 2)
    if deck:
        hand.append(deck.pop())


def greedy_line(board: Board, hand: list[int], deck: list[int]) -> tuple[int, list[Move]]:
    """Play the greedy bot's choices to the end with a known deck; (final score, moves).
    The inputs are consumed."""
    line: list[Move] = []
    while hand:
        move = greedy_choice(board, hand)
        if move is None:
            break
        _play(board, hand, deck, move)
        line.append(move)
    return board.score(), line


@dataclass
class Solution:
    """What :func:`solve` found: the best final score, the line reaching it, and per first move
    the best final score found after it (hindsight optimisation averages these over samples)."""

    score: int
    line: list[Move]
    firsts: dict[Move, int]


def solve(board: Board, hand: list[int], deck: list[int], beam: int) -> Solution:
    """The best game found with the deck order known (``deck[-1]`` drawn next).

    A beam search ranked by playouts: every child of the kept layouts is finished greedily, the
    ``beam`` best children by that finish go on to the next card, and the best finished line seen
    anywhere is the answer. ``beam=0`` only finishes each first move greedily; ``beam=1`` is the
    pilot method. The answer is never worse than the greedy line. Inputs are not changed.
    """
    best_score, best_line = greedy_line(board.copy(), list(hand), list(deck))
    firsts: dict[Move, int] = {}
    layer: list[tuple[Board, list[int], list[int], list[Move]]] = [(board, list(hand), list(deck), [])]
    while layer:
        children: list[tuple[int, Board, list[int], list[int], list[Move]]] = []
        for b, h, d, line in layer:
            for move in map(unpack, b.legal(h)) if h else []:
                child, ch, cd = b.copy(), list(h), list(d)
                _play(child, ch, cd, move)
                score, rest = greedy_line(child.copy(), list(ch), list(cd))
                path = [*line, move]
                first = path[0]
                if score > firsts.get(first, -1):
                    firsts[first] = score
                if score > best_score:
                    best_score, best_line = score, path + rest
                children.append((score, child, ch, cd, path))
        children.sort(key=lambda c: c[0], reverse=True)
        layer = [(b, h, d, line) for _, b, h, d, line in children[:beam]]
    return Solution(best_score, best_line, firsts)


def _move_of(game: WildGame, action: Action) -> Move:
    card: Any = action
    return 2 * game.deck.index_of(card.card) + card.side, pos_key(card.row, card.col)


class HindsightBot:
    """Hindsight optimisation over sampled deck orders (see the module docstring).

    ``width=0``: per sampled deck order, one :func:`solve` with ``beam`` from the position values
    every legal move by the best line found after it (``beam=0``: a greedy finish after each
    move). That comparison is uneven: only the first moves the beam keeps are searched past a
    greedy finish, and a greedy finish is a poor judge (about 19 points with the deck known from
    the start, against about 35 for ``beam=1``), so a move mostly wins by being searched.

    ``width=k``: every legal move is screened by greedy finishes on the first ``screen`` sampled
    decks, and only the ``k`` best are searched: each candidate's position is solved on its own
    (``beam``) on the same sampled decks, one deck after another while time remains, so every
    candidate gets the same search on the same futures and their means compare like with like.

    ``samples`` bounds the deck orders and ``think`` the CPU seconds per decision (at least one
    sample always runs; with ``width``, one screening deck: a later deck the time runs out in is
    dropped, a first deck compares the candidates it reached, and with none the screen decides).
    No step starts that would end past ``think`` if it took as long as the longest so far
    (:class:`riverbox.core.budget.Budget`). ``analyse`` gives each move's mean.
    """

    name = "hindsight"

    def __init__(
        self,
        seed: int = 0,
        samples: int = 32,
        beam: int = 0,
        think: float = 1.0,
        width: int = 0,
        screen: int = 4,
    ) -> None:
        if samples < 1 or beam < 0 or think <= 0 or width < 0 or screen < 1:
            raise ValueError(
                "samples and screen must be at least 1, beam and width at least 0 and think positive"
            )
        self.rng = Rng(seed)
        self.samples = samples
        self.beam = beam
        self.think = think
        self.width = width
        self.screen = screen
        self.clock: Clock = CPU_CLOCK

    def analyse(self, state: State, seat: int) -> list[tuple[Action, float, int]]:
        """(action, mean final score over the sampled decks, samples) per legal action, best
        first; with ``width``, the moves left out after the screen follow the candidates, with
        their mean greedy finish and 0 samples."""
        game: WildGame = state.game  # type: ignore[assignment]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return [(legal[0], 0.0, 0)]
        board = board_from_view(game, state.view(seat))
        moves = [_move_of(game, a) for a in legal]
        if self.width:
            return self._candidates(state, seat, board, legal, moves)
        totals = [0] * len(legal)
        budget = Budget(self.think, self.clock)
        done = 0
        while done < self.samples and (budget.more() or done == 0):
            world: Any = state.determinize(seat, self.rng.fork())
            firsts = solve(board, world.hand, world.deck, self.beam).firsts
            for i, move in enumerate(moves):
                totals[i] += firsts[move]
            done += 1
        rows = [(legal[i], totals[i] / done, done) for i in range(len(legal))]
        rows.sort(key=lambda r: -r[1])
        return rows

    def _candidates(
        self, state: State, seat: int, board: Board, legal: list[Action], moves: list[Move]
    ) -> list[tuple[Action, float, int]]:
        """``analyse`` with ``width``: screen every move, then solve the best few on shared decks."""
        budget = Budget(self.think, self.clock)
        worlds: list[tuple[list[int], list[int]]] = []

        def world(i: int) -> tuple[list[int], list[int]]:
            while len(worlds) <= i:
                w: Any = state.determinize(seat, self.rng.fork())
                worlds.append((list(w.hand), list(w.deck)))
            return worlds[i]

        rank = [0] * len(moves)
        screened = 0
        while screened < self.screen and (budget.more() or not screened):
            hand, deck = world(screened)
            firsts = solve(board, hand, deck, 0).firsts
            for j, move in enumerate(moves):
                rank[j] += firsts[move]
            screened += 1
        order = sorted(range(len(moves)), key=lambda j: -rank[j])[: self.width]
        totals = {j: 0 for j in order}
        done = 0
        while done < self.samples:
            hand, deck = world(done)
            scores: list[int] = []
            for j in order:
                if not budget.more():
                    break
                child, h, d = board.copy(), list(hand), list(deck)
                _play(child, h, d, moves[j])
                scores.append(solve(child, h, d, self.beam).score if h else child.score())
            if len(scores) < len(order):
                if done:  # out of time mid-deck: dropped, so every mean uses the same decks
                    break
                # out of time on the first deck: compare the candidates it reached (the best
                # screened); none reached, and the screen decides
                order = order[: len(scores)]
                totals = {j: 0 for j in order}
                if not order:
                    break
            for j, score in zip(order, scores, strict=True):
                totals[j] += score
            done += 1
        rows = [(legal[j], totals[j] / done, done) for j in order]
        rows += [(legal[j], rank[j] / screened, 0) for j in range(len(moves)) if j not in totals]
        rows.sort(key=lambda r: (0, -r[1]) if r[2] else (1, -r[1]))  # searched first, then by the screen
        return rows

    def act(self, state: State, seat: int) -> Action:
        return self.analyse(state, seat)[0][0]


class OracleBot:
    """Knows the deck order (reads the real state: for measuring, never for play) and follows the
    best line :func:`solve` finds. With the deck known the game is deterministic, so the line is
    planned once and replanned only if the position is not the one planned for.

    ``width=k`` searches again at every move, the way :class:`HindsightBot` does with ``width``
    but on the real deck: the ``k`` moves with the best greedy finish are each solved on their
    own with ``beam``, and the best line found replaces the plan only if it scores more, so the
    planned score never drops. Slower, and closer to perfect play with the deck known (whose
    value :func:`riverbox.games.river_wild.bound.pi_bound` bounds from above)."""

    name = "oracle"

    def __init__(self, seed: int = 0, beam: int = 4, width: int = 0) -> None:
        if beam < 1 or width < 0:
            raise ValueError(f"beam must be at least 1 and width at least 0, not {beam} and {width}")
        self.beam = beam
        self.width = width
        self._plan: list[Move] = []
        self._score = -1
        self._at: tuple[int, int] | None = None

    def act(self, state: State, seat: int) -> Action:
        game: WildGame = state.game  # type: ignore[assignment]
        s: Any = state
        here = (state.seed, len(state.history))
        if self._at != here or not self._plan:
            self._plan, self._score = [], -1
        if self.width:
            self._improve(s.board, s.hand, s.deck)
        elif not self._plan:
            self._plan = solve(s.board, s.hand, s.deck, self.beam).line
        by_move = {_move_of(game, a): a for a in state.legal_actions(seat)}
        move = self._plan.pop(0) if self._plan else None
        action = by_move.get(move) if move is not None else None
        if action is None:  # off the plan: replan from here
            self._plan = solve(s.board, s.hand, s.deck, self.beam).line
            action = by_move[self._plan.pop(0)]
        self._at = (state.seed, len(state.history) + 2)  # our move and the draw
        return action

    def _improve(self, board: Board, hand: list[int], deck: list[int]) -> None:
        """Solve the ``width`` most promising moves' positions; keep the best line if it beats the plan."""
        firsts = solve(board, hand, deck, 0).firsts
        for move in sorted(firsts, key=lambda m: -firsts[m])[: self.width]:
            child, h, d = board.copy(), list(hand), list(deck)
            _play(child, h, d, move)
            found = solve(child, h, d, self.beam) if h else Solution(child.score(), [], {})
            if found.score > self._score:
                self._plan, self._score = [move, *found.line], found.score
