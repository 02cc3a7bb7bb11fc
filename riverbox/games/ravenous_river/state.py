"""The Ravenous River state: the hooks the core calls, each a lookup or a short delegation.

The fields and the zone moves live in ``position.py``; the rules (setup, the legal actions by
phase, each action by kind, the turn's flow) in ``rules.py``, with what each action card does in
the effect registry (``effects.py``); views in ``view.py``, the reasons a move is refused in
``explain.py``.
"""

from __future__ import annotations

from typing import Any, Final

from riverbox.core import Rng
from riverbox.core.i18n import Message, message
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.explain import why_illegal
from riverbox.games.ravenous_river.position import OVER, VOTE, RiverBoard
from riverbox.games.ravenous_river.rules import APPLY, LEGAL, setup
from riverbox.games.ravenous_river.tables import MOVES_ZONES
from riverbox.games.ravenous_river.view import build_view

_LEGAL: Final = LEGAL
_APPLY: Final = APPLY
_MOVES_ZONES: Final = MOVES_ZONES


class RavenousRiverState(RiverBoard):
    """One position of Ravenous River (fields and representation: ``position.RiverBoard``)."""

    def _setup(self) -> None:
        setup(self)

    def _legal(self, seat: int) -> list[Any]:
        return _LEGAL[self.phase](self, seat)

    def _apply(self, action: Any, seat: int) -> None:
        op = action.op  # the core checked it is one of the legal actions
        if _MOVES_ZONES[op]:
            self.zv += 1
        _APPLY[op](self, action, seat)

    # -- results -----------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(v) for v in self.score]

    def winners(self) -> list[int]:
        """RR-29: the one seat with at least the target and strictly the most VP."""
        if self.phase != OVER:
            return []
        best = max(self.score)
        return [self.score.index(best)]

    # -- information -------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (see view.py)."""
        return build_view(self, seat)

    def explain_illegal(self, action: Any, seat: int) -> str | Message:
        if not isinstance(action, A.Action):
            return (
                f"ravenous-river: {action!r} is not a Ravenous River action; turn notation such as"
                " 'look row1' into one with game.parse_action(text)"
            )
        why = why_illegal(self, action, seat)
        return message(
            "ravenous_river", "ravenous-river: {action} is not legal now: {why}", action=str(action), why=why
        )

    # -- determinizing -----------------------------------------------------------------------
    def _determinize_body(self, seat: int | None, rng: Rng) -> None:
        """Re-deal all that ``seat`` cannot see, consistently with ``view(seat)``.

        Unknown face-down row cards, other seats' hands with the undealt cards, other seats'
        totems (with the undrawn ones), and other seats' votes not yet revealed. Other seats' secret
        actions in the history (votes, kept totems) are already hidden by the core, through
        ``RavenousRiver.action_visibility``.
        """
        n = self.n
        me = 0 if seat is None else 1 << seat
        # row cards the seat does not know
        slots = [i for i in range(7) if self.row[i] >= 0 and not self.up >> i & 1 and not self.known[i] & me]
        # sorted before shuffling so the sample depends on what the seat knows, not on the hidden order
        vals = sorted(self.row[i] for i in slots)
        rng.shuffle(vals)
        for i, v in zip(slots, vals, strict=True):
            self.row[i] = v
        # hands and the undealt deck
        others = [s for s in range(n) if s != seat]
        pool = [*self.deck]
        for s in others:
            pool.extend(self.hands[s])
        pool.sort()
        rng.shuffle(pool)
        at = 0
        for s in others:
            size = len(self.hands[s])
            self.hands[s] = sorted(pool[at : at + size])
            at += size
        self.deck = pool[at:]
        # totems (revealed at the end of the game)
        if self.phase != OVER:
            if n == 2:
                self._redeal_two(seat, rng)
            else:
                mine = set(self.totems[seat]) if seat is not None else set()
                free = [t for t in range(7) if t not in mine]
                rng.shuffle(free)
                for k, s in enumerate(others):
                    self.totems[s] = [free[k]]
        if self.phase == VOTE:
            for s in others:
                if self.votes[s] >= 0:
                    self.votes[s] = rng.randrange(2)

    def _redeal_two(self, seat: int | None, rng: Rng) -> None:
        if seat is None:
            free = list(range(7))
            rng.shuffle(free)
            redo = [0, 1]
            groups = [sorted(free[0:3]), sorted(free[3:6])]
        else:
            free = [t for t in range(7) if t not in self.drawn[seat]]
            rng.shuffle(free)
            redo = [1 - seat]
            groups = [sorted(free[0:3])]
        for s, g in zip(redo, groups, strict=True):
            self.drawn[s] = g
            if self.totems[s]:
                drop = rng.randrange(3)
                self.totems[s] = [t for i, t in enumerate(g) if i != drop]


__all__ = ["RavenousRiverState"]
