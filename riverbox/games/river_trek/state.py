"""River Trek's ``State``: the hooks the core calls, each a table lookup into the rules.

The position's fields and small queries are in ``position``; setup in ``setup``; legal actions
by phase and their resolution by kind in ``rules``; animal powers in ``powers``; the turn flow in
``turns``; caravan moves in ``moves``; views in ``view``; refusals in ``explain``.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.i18n import Message
from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.explain import explain
from riverbox.games.river_trek.position import TrekData
from riverbox.games.river_trek.powers import in_play
from riverbox.games.river_trek.rules import APPLY, LEGAL
from riverbox.games.river_trek.setup import setup
from riverbox.games.river_trek.view import build_view


class TrekState(TrekData):
    """A River Trek position (see ``position`` for its phases and fields)."""

    def _setup(self) -> None:
        setup(self)

    def derive_fixed(self) -> None:
        """Also the animal powers in play by timing, from their records in ``powers`` (which
        imports ``position``, so ``TrekData`` cannot)."""
        super().derive_fixed()
        self.powers_by_timing = in_play(self.slot)

    def _legal(self, seat: int) -> list[Any]:
        return LEGAL[self.phase](self, seat)

    def _apply(self, action: Any, seat: int) -> None:
        APPLY[action.kind](self, action, seat)  # the core checked it is one of the legal TrekActions

    def scores(self) -> list[float]:
        return [float(m) for m in self.money]

    def winners(self) -> list[int]:
        """RT-19: most money, then most explorers in the clearing, then the top of the furthest caravan."""
        if not self.is_over:
            return []
        return scoring.winners(self.money, self.clearing, self.stacks)

    def explain_illegal(self, action: Any, seat: int) -> Message:
        return explain(self, action, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know; shares parts with other views (read-only, see ``view``)."""
        return build_view(self, seat)
