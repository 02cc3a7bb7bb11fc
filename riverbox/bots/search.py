"""Search bots that work for every game through the contract alone.

They sample the hidden information with ``determinize(seat)``, so they never see what the
seat cannot see, and simulate with ``clone``/``apply``: the engine's hot paths.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from riverbox.core.game import Action, Game, State
from riverbox.core.rng import Rng


def _rollout(state: State, rng: Rng, max_steps: int = 2000) -> list[float]:
    """Play uniformly random moves to the end (or ``max_steps``) and return the returns."""
    steps = 0
    while not state.is_over and steps < max_steps:
        seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        steps += 1
    return state.returns()


class MonteCarloBot:
    """Flat Monte Carlo over determinizations: each legal action gets ``playouts`` random games.

    ``seconds`` caps the CPU time of one decision (long games such as River Trek would
    otherwise take minutes per move); at least one round of playouts always runs.
    """

    name = "montecarlo"

    def __init__(self, game: Game, seed: int = 0, playouts: int = 24, seconds: float = 2.0) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.playouts = playouts
        self.seconds = seconds

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        per_action = max(1, self.playouts)
        deadline = time.process_time() + self.seconds
        for done in range(per_action):
            if done and time.process_time() > deadline:
                break
            world = state.determinize(seat, self.rng.fork())
            for i, action in enumerate(legal):
                sim = world.clone()
                sim.apply(action, seat)
                totals[i] += _rollout(sim, self.rng)[seat]
        best = max(range(len(legal)), key=lambda i: totals[i])
        return legal[best]


class _Node:
    __slots__ = ("avail", "children", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0


class ISMCTSBot:
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).

    Each iteration samples a world with ``determinize(seat)``, descends the shared tree by
    UCB over the actions legal in that world (availability-counted), expands one node,
    finishes with a random rollout and backs up the returns of the acting seats.
    ``iterations`` and ``seconds`` (CPU time per decision) both bound the search.
    """

    name = "ismcts"

    def __init__(
        self, game: Game, seed: int = 0, iterations: int = 400, c: float = 0.7, seconds: float = 2.0
    ) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.iterations = iterations
        self.c = c
        self.seconds = seconds

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        deadline = time.process_time() + self.seconds
        for done in range(self.iterations):
            if done and time.process_time() > deadline:
                break
            world = state.determinize(seat, self.rng.fork())
            self._iterate(root, world, seat)
        best = max(root.children.items(), key=lambda kv: kv[1].visits)
        return best[0] if best[0] in legal else legal[0]

    def _iterate(self, root: _Node, world: State, seat: int) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        mover = seat
        while not world.is_over:
            mover = seat if seat in world.to_move else world.to_move[0]
            legal = world.legal_actions(mover)
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = self.rng.choice(untried)
                child = _Node()
                child.avail = 1
                node.children[action] = child
                world.apply(action, mover)
                path.append((child, mover))
                break
            action = max(
                legal,
                key=lambda a: (
                    node.children[a].value / node.children[a].visits
                    + self.c * math.sqrt(math.log(max(1, node.children[a].avail)) / node.children[a].visits)
                    if node.children[a].visits
                    else math.inf
                ),
            )
            node = node.children[action]
            world.apply(action, mover)
            path.append((node, mover))
        result = _rollout(world, self.rng)
        root.visits += 1
        for child, who in path:
            child.visits += 1
            child.value += result[who]


SEARCH_BOTS: dict[str, Callable[[Game, int], Any]] = {
    "montecarlo": MonteCarloBot,
    "ismcts": ISMCTSBot,
}
