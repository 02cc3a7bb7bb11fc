"""Ravenous River's fast playout policy for search (``rollout=fast``): ``Game.playout_policy``.

This is the search policy moved unchanged from riverbox/bots (``rollouts._ravenous``), so the
generic bots need not import the game. A playout runs inside a determinized world (a sample of
the hidden cards drawn for the searching seat), so reading that world's fields reads the sample,
not the real game. The heuristic bot rebuilds a view and scores every option, about a millisecond
a move: too slow for hundreds of playouts per decision. This keeps its main idea in a few table
lookups.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.game import Action, Policy, State
from riverbox.core.rng import Rng

RETURN_COST = 0.2
"""What a card is worth when spent to put an animal back (the heuristic's card cost)."""


def playout_policy(rng: Rng) -> Policy:
    """Place each looked-at animal where the mover's totems gain most.

    The mover weighs every animal's VP as in the heuristic bot: +1 for its own totems, and for
    every other animal -1 shared among the rivals. In its turn it mostly places animals (looks),
    sometimes plays or moves; votes end the round when it is ahead in this round.
    """
    # Imported here, as before the move: the closures below read them as fast local cells.
    from riverbox.games.ravenous_river import actions as A
    from riverbox.games.ravenous_river.position import KEEP, PLACE, SUNK, TURN, VOTE
    from riverbox.games.ravenous_river.scoring import _score_masks  # mask form: no name lookups

    def weights(s: Any, seat: int) -> list[float]:
        other = -1.0 / (s.n - 1)
        w = [other] * 7
        for t in s.totems[seat]:
            w[t] = 1.0
        return w

    def value(s: Any, w: list[float], extra: int = -1, dest: int = 0) -> float:
        bank = 0
        for x in s.bank:
            bank |= 1 << x
        boats = [0, 0]
        for b in (0, 1):
            for x in s.boats[b]:
                boats[b] |= 1 << x
        row = 0
        for x in s.row:
            if x >= 0 and x != extra:
                row |= 1 << x
        if extra >= 0:
            if dest == 0:
                bank |= 1 << extra
            else:
                boats[dest - 1] |= 1 << extra
        crossing = [boats[b] for b in (0, 1) if s.bstate[b] != SUNK]
        vp = _score_masks(bank, crossing, row, None)
        return sum(wi * v for wi, v in zip(w, vp.values(), strict=True))

    def policy(state: State, seat: int) -> Action:
        s: Any = state
        legal: list[Any] = state.legal_actions(seat)
        phase = s.phase
        if phase == PLACE:
            x = s.row[s.look]
            w = weights(s, seat)
            best, top = legal[0], -1e9
            for a in legal:
                v = value(s, w, x, a.dest) if a.op == A.PLACE else value(s, w) - RETURN_COST
                if v > top:
                    best, top = a, v
            return best
        if phase == TURN:
            looks = [a for a in legal if a.op == A.LOOK]
            if looks and (len(looks) == len(legal) or rng.random() < 0.8):
                return rng.choice(looks)
            return rng.choice(legal)
        if phase == VOTE:
            ahead = value(s, weights(s, seat)) > 0
            return next((a for a in legal if (a.end == 1) == ahead), legal[0])
        if phase == KEEP:
            # two totems that do not hunt each other (as the heuristic prefers)
            calm = [a for a in legal if (a.other - a.animal) % 7 not in (1, 6)]
            return rng.choice(calm or legal)
        return rng.choice(legal)

    return policy
