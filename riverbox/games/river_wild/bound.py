"""River Wild's perfect-information bound: a score no play of a deal can beat.

River Wild is solo and its only hidden thing is the order of the face-down deck. With that
order known the game is a deterministic one-player search, and its best score (the
*perfect-information value* of the deal) is at least what any play reaches on the deal, fair or
cheating: every game played on the deal is one line of that search. :func:`pi_bound` searches
it exactly where it can and otherwise returns a proven upper bound:

* **Branch and bound, memoised.** A depth-first search over placements with the deck order
  known (``deck[-1]`` is drawn next), children tried best greedy value first, starting from the
  best line the beam solver finds (:func:`riverbox.games.river_wild.solve.solve`, ``beam=1``).
  A position is identified by the set of placements on the table: with the deck order fixed,
  that set also fixes the hand and the cards still to come, so a position reached by another
  order of the same placements is looked up, not searched again. A position whose
  :func:`optimistic` value is no more than the best line found is cut.
* **An admissible relaxation** (:func:`optimistic`) of the best score reachable from a
  position. Where the node budget runs out, a position is not searched and its optimistic
  value stands in for it, so the search's answer stays an upper bound, only a looser one.

The result says which it is: ``exact`` when the best line found reaches the upper bound.
The old ``oracle`` (:class:`riverbox.games.river_wild.solve.OracleBot`) is one line of this
search, so it can never score above the bound; tests/games/river_wild/test_bound.py checks that
no bot does, and that on a small endgame the exact answer equals an exhaustive search.

How tight: the relaxation ignores where cards can go, so it is loose while many cards are still
to come; the search is exact once about five cards are left and gets slower by roughly the
branching factor (about 10 to 20 placements) per card earlier. Docs: docs/lab.md, "River Wild's
bound".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from riverbox.games.river_wild.board import Board, unpack, unpack_animals
from riverbox.games.river_wild.scoring import POINTS_PER_LAND, goal_completions
from riverbox.games.river_wild.solve import Move, solve

NODES = 20_000
"""The default node budget of :func:`pi_bound` (positions expanded), a few seconds a deal."""


def optimistic(board: Board, unplaced: Sequence[int]) -> int:
    """An upper bound on the final score of any play from ``board`` with ``unplaced`` cards
    (card indices, hand and deck) still to place. Why it is one:

    1. The final score is the sum over Protected Lands of 2 plus their goal points, where the
       largest land scores each goal's first number and every other land its second (RW-7).
       Counting every land with the larger of the two (the second, on the placeholder deck)
       can only add points. The lands sealed already are final; they count so too.
    2. Every land still to be sealed is made of *live* land: regions on the table with a land
       slot still open, and the sections of the cards not yet placed. Each such land holds at
       least one live unit (an open region or a section of an unplaced card) and no unit is in
       two lands, so there are at most as many new lands as units: 2 points each.
    3. A live goal ends in one land whose animals are some of the live animals (open regions'
       and unplaced cards'), and whose runestone animals come from live runestone cards, at
       most one per card in a land (RW-10). ``goal_completions`` grows with the animals and
       the wildcards, so a goal completes at most as often as with every live animal and one
       wildcard per live runestone card, whatever the other goals get (each goal counted with
       all of them is more than any split can give, even with runestones for every goal).

    Nothing in 1-3 reads the geometry, so the bound is loose early in a game and tight near
    its end."""
    rules = board.rules
    faces = rules.faces
    total = 0
    for _, first, second, _, _ in board.lands:
        total += POINTS_PER_LAND + max(first, second)
    counts = [0, 0, 0, 0]
    goals: list[int] = []
    units = 0
    live_cards = 0  # placements in open regions, as a bitmask
    parent, opn, reg = board.parent, board.opn, board.reg
    for node in range(len(parent)):
        if parent[node] == node and opn[node] > 0:
            cards, animals, numbers = reg[node]
            units += 1
            for t, n in enumerate(unpack_animals(animals)):
                counts[t] += n
            goals += numbers
            live_cards |= cards
    wild = board.runes(live_cards).bit_count()
    every = rules.goals
    goal_list = [every[x] for x in goals]
    for ci in unplaced:
        face = faces[2 * ci]
        wild += face.runestone
        for sec in face.sections:
            units += 1
            if sec.animal is not None:
                counts[sec.animal] += 1
            if sec.goal is not None:
                goal_list.append(sec.goal)
    total += POINTS_PER_LAND * units
    for goal in goal_list:
        total += max(goal.first, goal.second) * goal_completions(goal, counts, wild)
    return total


@dataclass
class Bound:
    """What :func:`pi_bound` found for one position with the deck known.

    ``upper``: no play from the position scores more (proven). ``lower``: the score of ``line``,
    a legal play found (so the perfect-information value lies in ``lower..upper``). ``exact``:
    the two meet. ``nodes``: positions expanded."""

    upper: int
    lower: int
    line: list[Move] = field(default_factory=list)
    exact: bool = False
    nodes: int = 0


class _Search:
    """One branch-and-bound search (see the module docstring); ``run`` gives the upper bound."""

    def __init__(self, nodes: int) -> None:
        self.budget = nodes
        self.nodes = 0
        self.best = -1
        self.best_line: list[Move] = []
        self.memo: dict[frozenset[tuple[int, int]], int] = {}

    def run(self, board: Board, hand: list[int], deck: list[int], path: list[Move]) -> int:
        """An upper bound on the best final score from this position (exact where searched to
        the end); raises the incumbent ``best`` whenever a finished line beats it."""
        moves = board.legal(hand) if hand else []
        if not moves:  # the game is over here (RW-12)
            score = board.score()
            if score > self.best:
                self.best, self.best_line = score, list(path)
            return score
        bound = optimistic(board, hand + deck)
        if bound <= self.best:
            return bound
        key = frozenset(board.placed)
        known = self.memo.get(key)
        if known is not None:
            return known
        if self.nodes >= self.budget:
            return bound  # out of budget: the relaxation stands in
        self.nodes += 1
        children: list[tuple[int, int, Board, list[int], list[int], Move]] = []
        for fi, key_ in map(unpack, moves):
            child = board.copy()
            child.place(fi, key_)
            h = list(hand)
            h.remove(fi // 2)
            d = list(deck)
            if d:
                h.append(d.pop())
            children.append((child.score(), -child.open_land_slots(), child, h, d, (fi, key_)))
        children.sort(key=lambda c: (c[0], c[1]), reverse=True)
        upper = -1
        for _, _, child, h, d, move in children:
            path.append(move)
            upper = max(upper, self.run(child, h, d, path))
            path.pop()
        self.memo[key] = upper
        return upper


def pi_bound(board: Board, hand: Sequence[int], deck: Sequence[int], nodes: int = NODES) -> Bound:
    """The perfect-information bound of a position (``deck[-1]`` drawn next): see the module
    docstring. ``nodes`` caps the positions expanded (deterministic, so a seeded report repeats
    on any machine); inputs are not changed."""
    if nodes < 0:
        raise ValueError(f"nodes must be at least 0, not {nodes}")
    search = _Search(nodes)
    start = solve(board, list(hand), list(deck), 1)
    search.best, search.best_line = start.score, list(start.line)
    upper = max(search.run(board.copy(), list(hand), list(deck), []), search.best)
    return Bound(upper, search.best, search.best_line, upper == search.best, search.nodes)


def exhaustive(board: Board, hand: Sequence[int], deck: Sequence[int]) -> int:
    """The best final score by trying every line, no cut and no memo (for tests on endgames)."""
    moves = board.legal(list(hand)) if hand else []
    if not moves:
        return board.score()
    best = -1
    for fi, key in map(unpack, moves):
        child = board.copy()
        child.place(fi, key)
        h = list(hand)
        h.remove(fi // 2)
        d = list(deck)
        if d:
            h.append(d.pop())
        best = max(best, exhaustive(child, h, d))
    return best
