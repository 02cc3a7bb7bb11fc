"""The River Rivals state: the deal, the rules' hooks, results and hidden cards.

The state holds the hooks the core calls: ``_setup`` deals, ``_legal`` and ``_apply`` hand over
to ``rules`` (the turn: the legal actions by phase, each action by kind, the fish check), and the
views, determinizing and refusals follow. The fields and the small rule steps live in
``position``.
"""

from __future__ import annotations

from typing import Any, Final

from riverbox.core import Rng
from riverbox.core.i18n import Message
from riverbox.games.river_rivals.content import (
    COLUMNS,
    EQUIPMENT,
    FISH,
    OFFER,
    OPENING,
    SET_OF,
    SHIELDS,
    set_cards,
)
from riverbox.games.river_rivals.explain import explain
from riverbox.games.river_rivals.position import (
    _SEATS,
    DRAFT,
    MAIN,
    OVER,
    Position,
)
from riverbox.games.river_rivals.rules import apply, begin_turn, legal
from riverbox.games.river_rivals.tables import DEALT, SHUFFLED
from riverbox.games.river_rivals.view import build_view


class RiverRivalsState(Position):
    """One position of River Rivals (two seats; option ``first`` names the starting seat, default 0)."""

    def _setup(self) -> None:
        game = self.game
        opts = game.options
        self.adv = opts["mode"] == "advanced"
        self.hands = [[], []]
        self.piles = [list(_SETS[0]), list(_SETS[1])]
        self.removed = [[], []]
        self.board = [()] * (2 * COLUMNS)
        self.supply = [FISH, FISH]
        self.shields = SHIELDS
        self.active = 0
        self.phase = MAIN
        self.acted = self.started = self.progress = False
        self.idle = self.chain = 0
        self.stack = []
        self.check_col = 0
        self.winners_ = []
        self.turn = 0
        self.equipment = [[], []]
        self.mechs = (frozenset(), frozenset())
        self.used = self.turn_used = 0
        self.offer = []
        self.picks = 0
        self.unknown = 0
        for s in (0, 1):
            self.rng.shuffle(self.piles[s])
            self.record_chance(SHUFFLED[s])  # pre-built chance("seat {s} shuffles ...")
        first = game.options["first"]
        for s in (0, 1):
            n = OPENING[0 if s == first else 1]  # the starting player draws 4, the other 5
            self.emit_event(DEALT[s][n])  # pre-built emit("dealt", seat=s, count=n)
            self._draw(s, n)
        if self.adv:
            deck = list(range(len(EQUIPMENT)))
            self.rng.shuffle(deck)
            self.offer = sorted(deck[:OFFER])
            self.chance("equipment offer: " + ", ".join(EQUIPMENT[e].slug for e in self.offer))
            self.emit("offer", equipment=[EQUIPMENT[e].slug for e in self.offer])
            self.phase = DRAFT
            self.to_move = _SEATS[first]
        else:
            begin_turn(self, first)

    # -- legal actions and apply: the rules' dispatch tables (``rules.LEGAL``, ``rules.APPLY``) --
    def _legal(self, seat: int) -> list[Any]:
        return legal(self, seat)

    def _apply(self, action: Any, seat: int) -> None:
        apply(self, action, seat)  # the core checked it is one of the legal RvActions

    # -- results -----------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Fish placed per seat (the game's own measure of progress)."""
        return [float(FISH - self.supply[0]), float(FISH - self.supply[1])]

    def winners(self) -> list[int]:
        return list(self.winners_) if self.phase == OVER else []

    # -- information ------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator); see ``view.build_view``."""
        return build_view(self, seat)

    def _determinize_body(self, seat: int | None, rng: Rng) -> None:
        """Re-deal the cards ``seat`` cannot see: draw piles and the other hands.

        A card's set (its back) is public and so is every move between places, so each hidden place
        keeps its count of cards of each set; only which cards of a set sit where is re-dealt. Seat s
        knows the composition of its own pile unless the opponent's Peek-a-Scope took unseen cards
        from it (``unknown``); a known pile is only reshuffled.
        """
        places: list[list[int]] = []
        for x in (0, 1):
            if seat == x and not (self.unknown >> x) & 1:
                self.piles[x].sort()  # the sample must not depend on the hidden order
                rng.shuffle(self.piles[x])  # composition known, order not
            else:
                places.append(self.piles[x])
        hidden = [h for h in (0, 1) if h != seat]
        places.extend(self.hands[h] for h in hidden)
        for x in (0, 1):
            pool: list[int] = []
            counts: list[int] = []
            for place in places:
                part = [c for c in place if SET_OF[c] == x]
                counts.append(len(part))
                pool.extend(part)
            if len(pool) < 2:
                continue
            pool.sort()
            rng.shuffle(pool)
            i = 0
            for place, n in zip(places, counts, strict=True):
                if n:
                    place[:] = [c for c in place if SET_OF[c] != x] + pool[i : i + n]
                    i += n
        for x in (0, 1):
            if any(place is self.piles[x] for place in places):
                rng.shuffle(self.piles[x])
        for h in hidden:
            self.hands[h].sort()

    # -- errors ------------------------------------------------------------------------------------
    def explain_illegal(self, action: Any, seat: int) -> Message:
        return explain(self, action, seat)


# ``Final``: the compiled build reads it from a C static rather than the module dict.
_SETS: Final = (tuple(set_cards(0)), tuple(set_cards(1)))
"""Each set's card codes in data order, built once: every new game copies them into the piles."""
