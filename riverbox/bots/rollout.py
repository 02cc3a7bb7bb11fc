"""Rollout search: each candidate move followed by the heuristic playing every seat, best lead wins.

Why not UCT? In a long four-player game a tree search at a small budget spends its iterations
on the opponents' branches and its values on noise: River Trek's IS-MCTS at 0.1 s won about a
fifth of its games against three heuristics. Rollout search (Tesauro and Galperin's "on-line
policy improvement", flat Monte Carlo with a good playout policy) asks a narrower question: if I
play this now and then everyone plays like the heuristic, where do I finish? With a strong,
fast heuristic that is a large gain for a small budget, and it can only improve on the
heuristic where its playouts tell the moves apart: ties go to the heuristic's own choice.

* **Candidates.** All legal moves, the heuristic's own choice first; when there are more than
  ``width``, the heuristic's choice and a random ``width - 1`` of the rest.
* **Playouts.** From a determinized world (the seat's knowledge only), the candidate, then the
  game's heuristic for every seat with an ``epsilon`` share of random moves, to the end of the
  game or for ``depth`` moves (random play in a game without a heuristic).
* **Paired worlds** (``paired=1``, perfect-information Monte Carlo): each round of playouts
  samples one world and plays every candidate on a copy of it, so candidates are compared on the
  same hidden cards and the same future deals; the luck of the sample cancels out of their
  difference, which is what the choice depends on. Otherwise every playout samples its own world.
  In Ravenous River 2p, where a deal's luck outweighs most single moves, unpaired playouts lost
  to the heuristic (0.05 s: 11 of 40 games) and paired ones beat it (0.1 s: 25 of 34; 36 of 40
  with beliefs too). Set ``samples`` high and let ``think`` end the search.
* **Beliefs** (``beliefs=1``): a game's ``search_beliefs`` re-draws each sample's hidden parts
  by how well they explain what the rivals did (Ravenous River: rivals' totems by their
  placements), as the tree search does; otherwise samples are uniform.
* **Value.** ``tanh`` of the seat's lead over its best rival divided by the game's scale
  (:mod:`riverbox.bots.leaf`): final scores at the end, ``Game.leaf_measure`` at a cut. A
  finished game also adds its ``returns()`` (+1 win, -1 loss), so a won line beats a merely
  close one.
* **Budget.** ``samples`` playouts per candidate, in rounds over all candidates, while ``think``
  CPU seconds last; a later round cut short by the clock is dropped so that every candidate
  compared has the same number of playouts, and a first round cut short compares the candidates
  it reached (the heuristic's choice always gets its playout). No playout starts that would end
  past ``think`` if it took as long as the longest so far (:class:`riverbox.core.budget.Budget`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from riverbox.bots.leaf import SCALES
from riverbox.bots.uniform import RandomBot
from riverbox.core.budget import CPU_CLOCK, Budget, Clock
from riverbox.core.game import Action, Game, State
from riverbox.core.rng import Rng

Sampler = Callable[[State, Rng], None]
"""Re-draws a sampled world's hidden parts from a belief (``Game.search_beliefs``)."""

TIE_MARGIN = 1e-6
"""A candidate must beat the heuristic's own choice by more than this to replace it."""


def lead_value(state: State, seat: int, scale: float) -> float:
    """The seat's lead over its best rival on a [-2, 2] scale (see the module docstring)."""
    game = state.game
    if state.is_over:
        scores = [float(s) for s in state.scores()]
        bonus = state.returns()[seat]
    else:
        scores = game.leaf_measure(state)
        bonus = 0.0
    rival = max(v for i, v in enumerate(scores) if i != seat)
    return math.tanh((scores[seat] - rival) / scale) + bonus


def _heuristic(game: Game, seed: int) -> Any:
    """The game's heuristic bot; random play for a game without one (the search still works)."""
    try:
        return game.heuristic_bot(seed)
    except ValueError:
        return RandomBot(seed)


class RolloutBot:
    """One-ply rollout search over the game's heuristic (see the module docstring)."""

    name = "rollout"

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        think: float = 1.0,
        depth: int = -1,
        width: int = 16,
        samples: int = 1,
        epsilon: float = 0.0,
        paired: int = 0,
        beliefs: int = 0,
    ) -> None:
        if think <= 0:
            raise ValueError(f"think must be a positive number of CPU seconds, not {think}")
        if depth < -1:
            raise ValueError(f"depth must be -1 (play to the end), 0 or more, not {depth}")
        if width < 1 or samples < 1:
            raise ValueError("width and samples must be at least 1")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be between 0 and 1, not {epsilon}")
        for name, flag in (("paired", paired), ("beliefs", beliefs)):
            if flag not in (0, 1):
                raise ValueError(f"{name} must be 0 or 1, not {flag}")
        self.game = game
        self.rng = Rng(seed)
        self.think = think
        self.clock: Clock = CPU_CLOCK
        self.depth = depth
        self.width = width
        self.samples = samples
        self.epsilon = epsilon
        self.paired = paired
        self.beliefs = beliefs
        self.guide = _heuristic(game, seed)
        self.player = _heuristic(game, seed + 1)
        self.scale = SCALES.get(game.name, 4.0)

    def candidates(self, state: State, seat: int, legal: list[Action]) -> list[Action]:
        """The heuristic's choice first, then the rest (a random ``width - 1`` of them if many)."""
        first = self.guide.act(state, seat)
        rest = [a for a in legal if a != first]
        if len(rest) >= self.width:
            self.rng.shuffle(rest)
            rest = rest[: self.width - 1]
        return [first, *rest]

    def playout(self, world: State) -> None:
        """Play ``world`` on with the heuristic for every seat (``depth`` moves or to the end)."""
        steps = 0
        rng, player, epsilon = self.rng, self.player, self.epsilon
        while not world.is_over and steps != self.depth:
            to_move = world.to_move
            mover = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
            if epsilon and rng.random() < epsilon:
                action = rng.choice(world.legal_actions(mover))
            else:
                action = player.act(world, mover)
            world.apply(action, mover)
            steps += 1

    def believe(self, state: State, seat: int) -> Sampler | None:
        """The game's belief sampler for this decision (``beliefs=1`` and a game that has one)."""
        hook = getattr(self.game, "search_beliefs", None) if self.beliefs else None
        if hook is None:
            return None
        found: Sampler | None = hook(state, seat)
        return found

    def sample(self, state: State, seat: int, believe: Sampler | None) -> State:
        """One world consistent with what ``seat`` knows, its hidden parts re-drawn by the belief."""
        world = state.determinize(seat, self.rng.next64())
        if believe is not None:
            believe(world, self.rng)
        return world

    def analyse(self, state: State, seat: int) -> list[tuple[Action, float, int]]:
        """(action, mean value, playouts) per candidate, best first (the heuristic's wins ties).

        Values are ranked as :func:`lead_value` gives them and reported clipped to the returns
        scale [-1, 1], so a hint reads them as an outlook.
        """
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return [(legal[0], 0.0, 0)]
        budget = Budget(self.think, self.clock)
        believe = self.believe(state, seat)
        moves = self.candidates(state, seat, legal)
        totals = [0.0] * len(moves)
        rounds = 0
        while rounds < self.samples:
            trial: list[float] = []
            shared = self.sample(state, seat, believe) if self.paired else None
            for i, action in enumerate(moves):
                if not budget.more() and (i or rounds):
                    break
                world = shared.clone() if shared is not None else self.sample(state, seat, believe)
                world.apply(action, seat)
                self.playout(world)
                trial.append(lead_value(world, seat, self.scale))
            if len(trial) < len(moves):
                if rounds:  # a later round cut short: dropped
                    break
                moves, totals = moves[: len(trial)], totals[: len(trial)]
            totals = [t + v for t, v in zip(totals, trial, strict=True)]
            rounds += 1
        means = [t / rounds for t in totals]
        order = sorted(range(len(moves)), key=lambda i: (-means[i], i))
        best = order[0]
        if means[best] <= means[0] + TIE_MARGIN:
            order.remove(0)
            order.insert(0, 0)
        return [(moves[i], max(-1.0, min(1.0, means[i])), rounds) for i in order]

    def act(self, state: State, seat: int) -> Any:
        return self.analyse(state, seat)[0][0]
