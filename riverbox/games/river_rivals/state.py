"""River Rivals' turn: setup, the flow of a turn, legal actions, apply, results and hidden cards.

The state follows the rulebook's turn: an optional Spring Boots move, the action (play a card
or draw), the effects it triggers (each choice a pending decision on ``stack``, answered and
resolved by its record in ``frames``), the "in addition to your action" equipment window
(RV-21, records in ``equipment``), then the end-of-turn fish check, column by column. The
fields and the rule steps live in ``position``. Ruling ids (RV-n) from the spec are cited
where they decide something.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from riverbox.core import Rng
from riverbox.core.i18n import Message
from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.actions import RvAction
from riverbox.games.river_rivals.content import (
    COLUMN_CAP,
    COLUMNS,
    EQUIPMENT,
    FISH,
    HAND_LIMIT,
    OFFER,
    OPENING,
    SET_OF,
    SHIELDS,
    STRENGTH,
    set_cards,
)
from riverbox.games.river_rivals.equipment import BY_INDEX as EQUIP
from riverbox.games.river_rivals.explain import explain
from riverbox.games.river_rivals.frames import RULES as FRAMES
from riverbox.games.river_rivals.phases import AFTER, CHECK, DRAFT, F_CATCH, MAIN, OVER
from riverbox.games.river_rivals.position import (
    _BASKET_LIMIT,
    _BOOTS_STRENGTH,
    _FULL,
    _KIND_BIT,
    _LOWEST,
    _OPEN,
    _PLAYS,
    _SEATS,
    Position,
    _mechs,
    plays,
)
from riverbox.games.river_rivals.scoring import catch_spaces
from riverbox.games.river_rivals.told import CAUGHT, DEALT, DRAWS, SHUFFLED
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
            self._begin_turn(first)

    def _main_possible(self, s: int) -> bool:
        if self.hands[s]:
            b = self.board
            for c in range(COLUMNS):
                if len(b[s * COLUMNS + c]) < COLUMN_CAP:
                    return True
        return self._can_draw(s)

    def _equipment_actions(self, s: int) -> list[Any]:
        """The legal actions equipment gives ``s`` now: Boots moves before the action, and every
        once-per-game piece not yet used that could do something (RV-21)."""
        if not self.adv:
            return []
        out = self._boots_moves(s) if not self.started and "boots" in self.mechs[s] else []
        out.extend(self._uses(s))
        return out

    def _out_of_actions(self, s: int) -> bool:
        """The one stuck ruling, applied wherever it is decided (RV-19 empty hand and pile, RV-20
        cards but no play or draw, and the pass): a player is out of actions only when neither a
        card nor any unused equipment gives a legal action. So an unused Recall Horn, or a Bait
        Bucket that could place the winning fish, rescues the player in every case."""
        return not self._main_possible(s) and not self._equipment_actions(s)

    # -- turn flow ------------------------------------------------------------------------------
    def _begin_turn(self, s: int) -> None:
        self.active = s
        self.phase = MAIN
        self.acted = self.started = self.progress = False
        self.chain = 0
        self.turn_used = 0
        self.turn += 1
        self.to_move = _SEATS[s]
        # The seat's legal actions answer the stuck question too (``_out_of_actions`` is exactly
        # "they are only the pass") and are what the next ``legal_actions``/``apply`` asks for:
        # built once here and handed to the core's cache for this history length, the seat to move.
        legal = self._main_legal(s)
        if legal[0] is not _PASS:
            self.settle_legal(s, legal)
            return
        if not self.hands[s] and not self.piles[s]:
            self._finish([1 - s], "no-cards")  # RV-19: no hand and no draw pile: the opponent wins
        elif self.game.options["stuck"] == "lose":
            self._finish([1 - s], "stuck")  # RV-20 (default): cards but no possible action: unable to act
        else:
            self.settle_legal(s, legal)

    def _end_turn(self) -> None:
        # Turns with no card played or drawn and no fish caught (passes) are idle; two in a row mean
        # nothing can change any more, so the game ends on fish caught (extension of RV-20 "pass").
        if self.progress:  # the usual turn, first: it cannot end the game here
            self.idle = 0
            self._begin_turn(1 - self.active)
            return
        self.idle += 1
        if self.idle >= 2:
            caught = [FISH - self.supply[0], FISH - self.supply[1]]
            best = max(caught)
            self._finish([s for s in (0, 1) if caught[s] == best], "idle")
            return
        self._begin_turn(1 - self.active)

    def _advance(self) -> None:
        """Move the turn on until a decision is needed (or the game is over)."""
        if self.stack:
            self.to_move = _SEATS[self.active]
            return
        ph = self.phase
        if ph == OVER:
            self.to_move = ()
            return
        if ph == MAIN:
            if not self.acted:
                self.to_move = _SEATS[self.active]
                return
            ph = AFTER
        if ph == AFTER:
            if self.adv and self._uses(self.active):  # RV-21: the equipment window stays open
                self.phase = AFTER
                self.to_move = _SEATS[self.active]
                return
            self.check_col = 0
        self.phase = CHECK
        if self._run_check():
            if self.phase != OVER:
                self._end_turn()
        else:
            self.to_move = _SEATS[self.active]

    def _run_check(self) -> bool:
        """The end-of-turn fish check, column by column (RB; RV-1, RV-2, RV-16, RV-17).

        Whether a column catches is ``scoring.catch_spaces``, the one statement of that rule. False
        while a choice is pending (which card takes the fish, Big Net's second fish); the check
        resumes at ``check_col`` once it is made.
        """
        s = self.active
        b = self.board
        base = s * COLUMNS
        # The active side as it stands when the check starts (each column reads its own side from
        # here, as it always has), and its full columns from ``check_col`` on, from a table of the
        # four lengths: RV-1, only a side of three cards catches, and most turns have none.
        sides = b[base : base + COLUMNS]
        s0, s1, s2, s3 = sides
        c = self.check_col
        full = _FULL[len(s0)][len(s1)][len(s2)][len(s3)] >> c << c
        obase = (1 - s) * COLUMNS
        while full:
            c = _LOWEST[full]
            full &= full - 1
            own = sides[c]
            free = catch_spaces(own, b[obase + c])
            if free:
                if len(free) > 1:
                    self.check_col = c
                    self.stack.append((F_CATCH, c, 0, 0))  # RV-2: the player chooses the card
                    return False
                self.check_col = c + 1
                self.emit_event(CAUGHT[s][own[free[0]][0]][c])  # a prebuilt event (``told``)
                self._catch(s, c, free[0])
                if self.phase == OVER:
                    return True
                if self.adv and self._net_frame(s, c):
                    return False
        self.check_col = COLUMNS
        return True

    # -- legal actions --------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Any]:
        if self.stack:
            fr = self.stack[-1]
            rule = FRAMES[fr[0]]
            out = rule.legal(self, seat, fr)
            if rule.skippable:
                out.append(_SKIP)  # RV-5: effects are optional
            return out
        ph = self.phase
        if ph == MAIN:
            return self._main_legal(seat)
        if ph == AFTER:
            return [*self._uses(seat), A.A_END]
        if ph == DRAFT:
            return [A.A_PICK[e] for e in self.offer]
        return []

    def _main_legal(self, s: int) -> list[Any]:
        hand = self.hands[s]
        if hand:
            base = s * COLUMNS
            # the columns with room (RV-9: three cards a side), from a table of the four lengths
            s0, s1, s2, s3 = self.board[base : base + COLUMNS]
            mask = _OPEN[len(s0)][len(s1)][len(s2)][len(s3)]
            if mask:
                seen = 0
                for code in hand:
                    seen |= _KIND_BIT[code]
                found = _PLAYS.get(seen << COLUMNS | mask)  # ``plays``' own lookup first: most steps are here
                out: list[Any] = list(found if found is not None else plays(mask, seen))
            else:
                out = []
        else:
            out = []
        # ``_draw_n(s, 2)`` written out (RV-18: hand limit and short pile): this runs at most steps
        pile = len(self.piles[s])
        n = (_BASKET_LIMIT if "basket" in self.mechs[s] else HAND_LIMIT) - len(hand)
        if pile < n:
            n = pile
        if n > 0 or (pile > 0 and self.game.options["full_hand_draw"] == "empty"):
            out.append(_DRAW)
        if self.adv:
            # ``_draw_n(s, 3) > _draw_n(s, 2)``: room and pile for a third card (n is not capped at 2)
            if n > 2 and "clapper" in self.mechs[s]:
                out.append(A.A_DRAWX)  # RV-22: Card Clapper on action B only
            extra = self._equipment_actions(s)
            if not out and not extra:
                out.append(A.A_PASS)  # out of actions: no card and no unused equipment helps (RV-20)
            out.extend(extra)
        elif not out:
            out.append(_PASS)
        return out

    def _boots_moves(self, s: int) -> list[Any]:
        out: list[Any] = []
        b = self.board
        base = s * COLUMNS
        for c in range(COLUMNS):
            for p, sl in enumerate(b[base + c]):
                if STRENGTH[sl[0]] == _BOOTS_STRENGTH:
                    row = A.A_BOOTS[c][p]
                    out.extend(row[t] for t in range(COLUMNS) if t != c and len(b[base + t]) < COLUMN_CAP)
        return out

    def _uses(self, s: int) -> list[Any]:
        """Once-per-game "in addition to your action" equipment usable now (RV-21)."""
        out: list[Any] = []
        if not self.adv:
            return out
        for e in self.equipment[s]:
            usable = EQUIP[e].usable
            if usable is not None and not ((self.used | self.turn_used) >> e) & 1 and usable(self, s):
                out.append(A.A_USE[e])
        return out

    # -- apply -----------------------------------------------------------------------------------
    def _apply(self, action: Any, seat: int) -> None:
        a: RvAction = action
        if self.stack:
            fr = self.stack.pop()
            rule = FRAMES[fr[0]]
            if a is _SKIP:
                self.emit_event(rule.declined[seat])  # pre-built emit("declined", ...)
                if rule.on_skip is not None:
                    rule.on_skip(self, seat, fr)
            else:
                rule.resolve(self, seat, fr, a)
        else:
            t = a.type
            if t == _PLAY:  # ``_play_action`` written out: about half of all steps play a card
                self.acted = self.started = True
                self._play(seat, a.animal, a.col)
            else:
                _TURN_ACTIONS[t](self, seat, a)
                if t == _PICK:
                    return
        self._advance()

    def _play_action(self, seat: int, a: RvAction) -> None:
        """Action A: play a card from the hand (RB)."""
        self.acted = self.started = True
        self._play(seat, a.animal, a.col)

    def _draw_action(self, seat: int, a: RvAction) -> None:
        """Action B: draw 2 cards, or 3 with Card Clapper (RV-18: hand limit; RV-22)."""
        self.acted = self.started = True
        extra = a.type == A.DRAWX
        n = self._draw_n(seat, 3 if extra else 2)
        self.emit_event(DRAWS[seat][extra][n])  # pre-built emit("draws", seat=, count=, extra=)
        self._draw(seat, n)

    def _pass_action(self, seat: int, a: RvAction) -> None:
        """Out of actions under option stuck=pass (RV-20): the turn goes on to the fish check."""
        self.acted = self.started = True
        self.emit("passed", seat=seat)

    def _end_action(self, seat: int, a: RvAction) -> None:
        """Close the equipment window (RV-21); ``_advance`` runs the fish check."""
        self.emit("ended", seat=seat)
        self.phase = CHECK
        self.check_col = 0

    def _boots_action(self, seat: int, a: RvAction) -> None:
        """Spring Boots: move a strength-1 card before the action (RV-6: no effect fires)."""
        self.started = True
        self._moved(seat, seat, a, "boots")

    def _use_action(self, seat: int, a: RvAction) -> None:
        """Use a once-per-game card: it turns face down (Polar Bear Surprise only once it places
        the bear), and may not be tried again this turn (RV-21)."""
        e = a.equip
        rule = EQUIP[e]
        self.started = True
        self.emit("used", seat=seat, equipment=EQUIPMENT[e].slug)
        self.turn_used |= 1 << e
        if rule.mechanic != "surprise":
            self.used |= 1 << e
        assert rule.use is not None  # only once-per-game cards are offered
        rule.use(self, seat)

    def _pick_action(self, seat: int, a: RvAction) -> None:
        """Advanced Mode draft: the starter picks 1, the other 2, the starter gets the last (RB; check 18)."""
        e = a.equip
        self.offer.remove(e)
        self.equipment[seat].append(e)
        self.picks += 1
        self.emit("picked", seat=seat, equipment=EQUIPMENT[e].slug)
        first = self.game.options["first"]
        if self.picks == 1:
            self.to_move = _SEATS[1 - first]
            return
        if self.picks == 2:
            return
        self.equipment[first].append(self.offer.pop())
        self.emit("received", seat=first, equipment=EQUIPMENT[self.equipment[first][-1]].slug)
        self.mechs = _mechs(self.equipment)
        self.turn = 0
        self._begin_turn(first)
        self._advance()

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


# ``Final``: the compiled build reads these from C statics rather than the module dict.
_SETS: Final = (tuple(set_cards(0)), tuple(set_cards(1)))
"""Each set's card codes in data order, built once: every new game copies them into the piles."""
_PICK: Final = A.PICK
_PLAY: Final = A.PLAY
_SKIP: Final = A.A_SKIP
_DRAW: Final = A.A_DRAW
_PASS: Final = A.A_PASS


_TURN_ACTIONS: Final[dict[int, Callable[[RiverRivalsState, int, RvAction], None]]] = {
    A.PLAY: RiverRivalsState._play_action,
    A.DRAW: RiverRivalsState._draw_action,
    A.DRAWX: RiverRivalsState._draw_action,
    A.PASS: RiverRivalsState._pass_action,
    A.END: RiverRivalsState._end_action,
    A.BOOTS: RiverRivalsState._boots_action,
    A.USE: RiverRivalsState._use_action,
    A.PICK: RiverRivalsState._pick_action,
}
"""What each action outside a pending decision does (answers to a decision go to its frame)."""
