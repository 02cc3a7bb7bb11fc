"""River Wild's fast playout policy for search (``rollout=fast``): ``Game.playout_policy``.

This is the search policy moved unchanged from riverbox/bots (``rollouts._river_wild``), so the
generic bots need not import the game. It is the greedy bot's choice computed on the
(determinized) world's own layout, without rebuilding a view each move.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.game import Action, Policy, State
from riverbox.core.rng import Rng


def playout_policy(rng: Rng) -> Policy:
    """The greedy bot's choice, computed on the world's own layout (no view rebuilt)."""
    from riverbox.games.river_wild.bot import greedy_choice

    def policy(state: State, seat: int) -> Action:
        s: Any = state
        move = greedy_choice(s.board, s.hand)
        if move is None:  # cannot happen while the game goes on; kept for safety
            return rng.choice(state.legal_actions(seat))
        fi, key = move
        action: Action = s.game._by_face_key[fi << 16 | key]
        return action

    return policy
