"""The differential check every game's reference test uses: the engine against the reference.

``play_both`` deals the same seeded game twice: once with the engine (``game.new_state``), once
laid out by the reference (``game.unset_state`` and the reference's ``setup``). Then, step after
step, it asks both for every seat's legal actions, applies the same randomly chosen action to each
(the engine through the core's ``apply``; the reference's own ``apply`` after the core's history
entry, as the core writes it) and compares what matters: the legal sets, the events each seat and
a spectator were told, and the whole document (``to_json``: fields, history with every chance
outcome). The first difference is returned as a sentence, so a test can assert there is none, or,
with a rule broken on purpose, that there is one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from riverbox.core import Game, State


class Reference(Protocol):
    """What a game's ``reference`` module offers the check."""

    def setup(self, st: Any) -> None: ...
    def legal(self, st: Any, seat: int) -> list[Any]: ...
    def apply(self, st: Any, action: Any, seat: int) -> None: ...
    def winners(self, st: Any) -> list[int]: ...


def _told(st: State, start: int, seats: range) -> list[list[dict[str, Any]]]:
    return [st.events_since(start, seat) for seat in (*seats, None)]


def play_both(
    game: Game,
    ref: Reference,
    seed: int,
    max_steps: int = 2000,
    choose: Callable[[State, list[Any], random.Random], Any] | None = None,
) -> str:
    """Play one seeded game with both; ``""`` when they agree at every step, else the first difference."""
    fast = game.new_state(seed)
    slow = game.unset_state(seed)
    ref.setup(slow)
    seats = range(game.players)
    if fast.to_json() != slow.to_json():
        return f"seed {seed}: the set-up positions differ"
    pick = random.Random(seed)
    for step in range(max_steps):
        if fast.is_over:
            break
        for seat in seats:
            a = sorted(map(str, fast.legal_actions(seat)))
            b = sorted(map(str, ref.legal(slow, seat)))
            if a != b:
                return f"seed {seed} step {step}: seat {seat} may play {a} (engine), {b} (reference)"
        seat = pick.choice(fast.to_move)
        legal = fast.legal_actions(seat)
        action = choose(fast, legal, pick) if choose is not None else pick.choice(legal)
        start = fast.event_count
        fast.apply(action, seat)
        slow.history.append((seat, action))
        ref.apply(slow, action, seat)
        if _told(fast, start, seats) != _told(slow, start, seats):
            return f"seed {seed} step {step}: {action} tells different events"
        if fast.to_json() != slow.to_json():
            return f"seed {seed} step {step}: {action} leaves different positions"
    if fast.scores() != slow.scores() or fast.winners() != ref.winners(slow):
        return f"seed {seed}: the scores or winners differ"
    return ""
