"""River Rivals rules: setup, legal actions, apply, views, determinize and JSON.

The state follows the rulebook's turn: an optional Spring Boots move, the action (play a card
or draw), the effects it triggers (each choice a pending decision on ``stack``), the
"in addition to your action" equipment window (RV-21), then the end-of-turn fish check, column
by column. Ruling ids (RV-n) from the spec are cited where they decide something.

Layout (all small, so ``clone`` is a handful of list copies):

* ``board[side * 4 + col]``: a tuple of slots ``(code, shields, fish)`` in the order the cards
  were laid on that side (positions are ``card1..card3`` in the notation). Tuples are replaced,
  never mutated, so a clone copies one list.
* ``hands[s]`` (kept sorted), ``piles[s]`` (top = last), ``removed[s]`` (face up, in order).
* ``stack``: pending decisions, each a tuple ``(frame, col, pos, extra)``; the top one is what
  the active player decides now.
"""

from __future__ import annotations

from typing import Any

from riverbox.core import Game, Rng, State
from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.actions import RvAction
from riverbox.games.river_rivals.content import (
    ADDITION,
    CLAW,
    COLUMN_CAP,
    COLUMNS,
    COPY,
    EFFECT,
    EQUIPMENT,
    FISH,
    HAND_LIMIT,
    KIND_INDEX,
    KIND_OF,
    KINDS,
    LIGHTNING,
    MOVE,
    OFFER,
    OPENING,
    QUICK,
    SET_OF,
    SHIELD,
    SHIELDS,
    SPACES,
    STRENGTH,
    K,
    param,
    set_cards,
)
from riverbox.games.river_rivals.scoring import side_strength

# Phases of a turn.
DRAFT, MAIN, AFTER, CHECK, OVER = range(5)
PHASES = ("draft", "main", "after", "check", "over")

# Pending decision frames.
(
    F_QUICK,
    F_MOVE,
    F_SHIELD,
    F_POLISH,
    F_CLAW,
    F_LIGHT,
    F_COPY,
    F_CATCH,
    F_NET,
    F_BAIT,
    F_SPARE,
    F_RECALL,
    F_BINO,
    F_BEAR,
    F_UNDERTOW,
    F_ENCORE,
) = range(16)
FRAMES = (
    "quick-catch",
    "movement",
    "shield",
    "shield-polish",
    "claw",
    "lightning",
    "copy",
    "catch",
    "big-net",
    "bait-bucket",
    "spare-shields",
    "recall-horn",
    "binoculars",
    "polar-bear-surprise",
    "undertow",
    "encore",
)
COLUMN_FRAMES = frozenset({F_QUICK, F_MOVE, F_SHIELD, F_POLISH, F_CLAW, F_LIGHT, F_COPY, F_CATCH, F_NET})
"""Frames tied to one column (the column of the card whose effect it is, or the checked column)."""
SKIPPABLE = frozenset({F_QUICK, F_MOVE, F_SHIELD, F_POLISH, F_CLAW, F_LIGHT, F_COPY, F_NET, F_RECALL, F_BEAR})
"""Frames the player may decline with ``skip`` (RV-5: effects are optional)."""

Frame = tuple[int, int, int, int]
Slot = tuple[int, int, int]

_BEAR = KIND_INDEX.get(str(param("surprise", "animal", "polar-bear")), -1)
_BOOTS_STRENGTH = int(param("boots", "strength", 1))
_PEEK_CARDS = int(param("peek", "cards", 3))
_BASKET_LIMIT = int(param("basket", "hand_limit", HAND_LIMIT + 1))
_NET_MARGIN = int(param("net", "margin", 3))
_RECALL_CARDS = int(param("recall", "cards", 3))
_DOUBLE_CARDS = int(param("double", "cards", 2))
_SPARE_SHIELDS = int(param("spare", "shields", 2))
_MECH_OF = tuple(e.mechanic for e in EQUIPMENT)


_SEATS = ((0,), (1,))
_FRAME_OF = (-1, F_QUICK, F_MOVE, F_SHIELD, F_CLAW, F_LIGHT, F_COPY)
"""Decision frame per effect number (see ``content.EFFECT``)."""
_PLAYS_BY_MASK = [
    [tuple(A.A_PLAY[k][c] for c in range(COLUMNS) if (mask >> c) & 1) for k in range(K)]
    for mask in range(1 << COLUMNS)
]
"""Play actions per kind for each set of open columns (bit c: column c has room): no allocation."""
_MOVES_BY_MASK = [
    [
        [
            tuple(a for t, a in enumerate(A.A_MOVE[c][p]) if a is not None and (mask >> t) & 1)
            for mask in range(1 << COLUMNS)
        ]
        for p in range(COLUMN_CAP)
    ]
    for c in range(COLUMNS)
]
"""Movement actions of the card at (col, pos) for each set of columns with room."""
_SLUGS = tuple(KINDS[c % K].slug for c in range(2 * K))


def _slug(code: int) -> str:
    return KINDS[KIND_OF[code]].slug


class RiverRivalsState(State):
    """One position of River Rivals (two seats; option ``first`` names the starting seat, default 0)."""

    hands: list[list[int]]
    piles: list[list[int]]
    removed: list[list[int]]
    board: list[tuple[Slot, ...]]
    supply: list[int]
    shields: int
    active: int
    phase: int
    acted: bool
    started: bool
    progress: bool
    idle: int
    chain: int
    stack: list[Frame]
    check_col: int
    winners_: list[int]
    turn: int
    # Advanced Mode
    adv: bool
    equipment: list[list[int]]
    mechs: tuple[frozenset[str], frozenset[str]]
    used: int
    turn_used: int
    offer: list[int]
    picks: int
    unknown: int
    """Bit s set: seat s does not know the composition of its own draw pile (after Peek-a-Scope)."""
    # view caches (never copied, never serialised): see ``view``
    _vsides: list[Any] | None = None
    _vboard: tuple[list[Any], list[Any]] | None = None

    # -- setup ------------------------------------------------------------------------------
    def _setup_game(self, game: Game, seed: Any) -> None:  # Any: _init_common checks it (ValueError)
        self._init_common(game, seed)
        opts = game.options
        self.adv = opts["mode"] == "advanced"
        self.hands = [[], []]
        self.piles = [set_cards(0), set_cards(1)]
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
            self.chance(f"seat {s} shuffles their draw pile")
        first = game.options["first"]
        for s in (0, 1):
            self._draw(s, OPENING[0 if s == first else 1])  # the starting player draws 4, the other 5
        if self.adv:
            deck = list(range(len(EQUIPMENT)))
            self.rng.shuffle(deck)
            self.offer = sorted(deck[:OFFER])
            self.chance("equipment offer: " + ", ".join(EQUIPMENT[e].slug for e in self.offer))
            self.phase = DRAFT
            self.to_move = _SEATS[first]
        else:
            self._begin_turn(first)

    # -- small queries ------------------------------------------------------------------------
    def limit(self, s: int) -> int:
        """Hand limit: 7, or the Hand Basket's limit (RV-18)."""
        return _BASKET_LIMIT if "basket" in self.mechs[s] else HAND_LIMIT

    def has(self, s: int, mech: str) -> bool:
        """Whether seat ``s`` owns the equipment with this mechanic (face up)."""
        return mech in self.mechs[s]

    def _unused(self, s: int, mech: str) -> bool:
        if mech not in self.mechs[s]:
            return False
        i = _MECH_OF.index(mech)
        return not (self.used >> i) & 1 and not (self.turn_used >> i) & 1

    def _draw_n(self, s: int, want: int) -> int:
        """Cards an action-B draw of ``want`` cards gives (RV-18: hand limit and short pile)."""
        limit = _BASKET_LIMIT if "basket" in self.mechs[s] else HAND_LIMIT
        return max(0, min(want, limit - len(self.hands[s]), len(self.piles[s])))

    def _can_draw(self, s: int) -> bool:
        if self._draw_n(s, 2) > 0:
            return True
        # RV-18 option: with a full hand the draw action may still be taken (it draws nothing).
        return self.game.options["full_hand_draw"] == "empty" and len(self.piles[s]) > 0

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

    def strength(self, side: int, col: int) -> int:
        return side_strength(self.board[side * COLUMNS + col])

    # -- turn flow ------------------------------------------------------------------------------
    def _begin_turn(self, s: int) -> None:
        self.active = s
        self.phase = MAIN
        self.acted = self.started = self.progress = False
        self.chain = 0
        self.turn_used = 0
        self.turn += 1
        self.to_move = (s,)
        if not self._out_of_actions(s):
            return
        if not self.hands[s] and not self.piles[s]:
            self._finish([1 - s])  # RV-19: no hand and no draw pile: the opponent wins
        elif self.game.options["stuck"] == "lose":
            self._finish([1 - s])  # RV-20 (default): cards but no possible action counts as unable to act

    def _finish(self, winners: list[int]) -> None:
        self.phase = OVER
        self.winners_ = winners
        self.stack.clear()
        self.to_move = ()

    def _end_turn(self) -> None:
        # Turns with no card played or drawn and no fish caught (passes) are idle; two in a row mean
        # nothing can change any more, so the game ends on fish caught (extension of RV-20 "pass").
        self.idle = 0 if self.progress else self.idle + 1
        if self.idle >= 2:
            caught = [FISH - self.supply[0], FISH - self.supply[1]]
            best = max(caught)
            self._finish([s for s in (0, 1) if caught[s] == best])
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
            if self.adv and self._uses(self.active):
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
        """The end-of-turn fish check (RB; RV-1, RV-2, RV-16, RV-17). False while a choice is pending."""
        s = self.active
        b = self.board
        base = s * COLUMNS
        obase = (1 - s) * COLUMNS
        c = self.check_col
        while c < COLUMNS:
            own = b[base + c]
            if len(own) == COLUMN_CAP:
                total = 0
                free = -1
                nfree = 0
                for p, (code, sh, fish) in enumerate(own):
                    total += STRENGTH[code] + sh
                    if fish < SPACES[code]:
                        free = p
                        nfree += 1
                if nfree:
                    opp = 0
                    for code, sh, _ in b[obase + c]:
                        opp += STRENGTH[code] + sh
                    if total >= opp:  # RV-17: ties catch; RV-1: an empty side totals 0
                        if nfree > 1:
                            self.check_col = c
                            self.stack.append((F_CATCH, c, 0, 0))  # RV-2: the player chooses the card
                            return False
                        self.check_col = c + 1
                        self._catch(s, c, free)
                        if self.phase == OVER:
                            return True
                        if self.adv and self._net_frame(s, c):
                            return False
            c += 1
        self.check_col = c
        return True

    def _net_frame(self, s: int, c: int) -> bool:
        """Big Net: after catching in column ``c``, offer a second fish if the margin is large enough."""
        if not self.adv or "net" not in self.mechs[s]:
            return False
        own = self.board[s * COLUMNS + c]
        margin = side_strength(own) - side_strength(self.board[(1 - s) * COLUMNS + c])
        if margin >= _NET_MARGIN and any(sl[2] < SPACES[sl[0]] for sl in own):
            self.stack.append((F_NET, c, 0, 0))
            return True
        return False

    # -- legal actions --------------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Any]:
        if self.stack:
            return self._frame_legal(self.stack[-1], seat)
        ph = self.phase
        if ph == MAIN:
            return self._main_legal(seat)
        if ph == AFTER:
            return [*self._uses(seat), A.A_END]
        if ph == DRAFT:
            return [A.A_PICK[e] for e in self.offer]
        return []

    def _main_legal(self, s: int) -> list[Any]:
        out: list[Any] = []
        hand = self.hands[s]
        base = s * COLUMNS
        b = self.board
        if hand:
            mask = 0
            for c in range(COLUMNS):
                if len(b[base + c]) < COLUMN_CAP:
                    mask |= 1 << c
            if mask:
                seen = 0
                for code in hand:
                    seen |= 1 << KIND_OF[code]
                table = _PLAYS_BY_MASK[mask]
                for k in range(K):
                    if (seen >> k) & 1:
                        out.extend(table[k])
        n = self._draw_n(s, 2)
        if n > 0 or (len(self.piles[s]) > 0 and self.game.options["full_hand_draw"] == "empty"):
            out.append(A.A_DRAW)
        if self.adv:
            if "clapper" in self.mechs[s] and self._draw_n(s, 3) > n:
                out.append(A.A_DRAWX)  # RV-22: Card Clapper on action B only
            extra = self._equipment_actions(s)
            if not out and not extra:
                out.append(A.A_PASS)  # out of actions: no card and no unused equipment helps (RV-20)
            out.extend(extra)
        elif not out:
            out.append(A.A_PASS)
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
            mech = _MECH_OF[e]
            if (
                mech in ADDITION
                and not (self.used >> e) & 1
                and not (self.turn_used >> e) & 1
                and self._usable(s, mech)
            ):
                out.append(A.A_USE[e])
        return out

    def _usable(self, s: int, mech: str) -> bool:
        b = self.board
        base = s * COLUMNS
        opp = (1 - s) * COLUMNS
        room = [c for c in range(COLUMNS) if len(b[base + c]) < COLUMN_CAP]
        if mech == "surprise":
            if not room:
                return False
            bear_pile = len(self.piles[s]) > 0 and (
                (self.unknown >> s) & 1 or any(KIND_OF[c] == _BEAR for c in self.piles[s])
            )
            return (
                bool(bear_pile)
                or any(KIND_OF[c] == _BEAR for c in self.hands[s])
                or any(KIND_OF[c] == _BEAR for c in self.removed[s])
            )
        if mech == "binoculars":
            return len(self.piles[s]) > 0 and len(self.hands[s]) < self.limit(s)
        if mech == "recall":
            return len(self.removed[s]) > 0
        if mech == "double":
            return min(_DOUBLE_CARDS, self.limit(s) - len(self.hands[s]), len(self.piles[s])) > 0
        if mech == "undertow":
            return (
                any(b[opp + c] for c in range(COLUMNS))
                and sum(1 for c in range(COLUMNS) if len(b[opp + c]) < COLUMN_CAP) > 0
                and bool(self._undertow_moves(s))
            )
        if mech == "spare":
            return self.shields > 0 and any(b[base + c] for c in range(COLUMNS))
        if mech == "encore":
            return bool(self._encore_targets(s))
        if mech == "bait":
            return bool(self._bait_targets(s))
        return False

    def _undertow_moves(self, s: int) -> list[Any]:
        b = self.board
        opp = (1 - s) * COLUMNS
        out: list[Any] = []
        for c in range(COLUMNS):
            for p in range(len(b[opp + c])):
                row = A.A_UNDERTOW[c][p]
                out.extend(row[t] for t in range(COLUMNS) if t != c and len(b[opp + t]) < COLUMN_CAP)
        return out

    def _bait_targets(self, s: int) -> list[Any]:
        b = self.board
        out: list[Any] = []
        for c in range(COLUMNS):
            own = b[s * COLUMNS + c]
            if len(own) == COLUMN_CAP:
                out.extend(A.A_FISH[c][p] for p, sl in enumerate(own) if sl[2] < SPACES[sl[0]])
        return out

    def _encore_targets(self, s: int) -> list[tuple[int, int]]:
        """Encore: your cards in play whose effect could do something now."""
        b = self.board
        return [
            (c, p) for c, p in self._own_cards(s) if self._possible(EFFECT[b[s * COLUMNS + c][p][0]], s, c, p)
        ]

    def _own_cards(self, s: int) -> list[tuple[int, int]]:
        b = self.board
        return [(c, p) for c in range(COLUMNS) for p in range(len(b[s * COLUMNS + c]))]

    def _frame_legal(self, fr: Frame, s: int) -> list[Any]:
        kind, col, pos, extra = fr
        b = self.board
        base = s * COLUMNS
        out: list[Any]
        if kind == F_QUICK:
            out = self._quick_targets(s, col, pos)
        elif kind in (F_CATCH, F_NET):
            own = b[base + col]
            out = [A.A_FISH[col][p] for p, sl in enumerate(own) if sl[2] < SPACES[sl[0]]]
        elif kind == F_MOVE:
            out = self._move_targets(s, col, pos)
        elif kind in (F_SHIELD, F_SPARE):
            out = [A.A_SHIELD[c][p] for c, p in self._own_cards(s)]
        elif kind == F_POLISH:
            out = [A.A_SHIELD[col][pos]]
        elif kind == F_CLAW:
            out = [A.A_CLAW[col][p] for p in range(len(b[(1 - s) * COLUMNS + col]))]
        elif kind == F_LIGHT:
            seen = 0
            for code in self.hands[s]:
                seen |= 1 << KIND_OF[code]
            out = [A.A_PLAY[k][col] for k in range(K) if (seen >> k) & 1]
        elif kind == F_COPY:
            out = [A.A_COPY[c][p] for c, p in self._copy_targets(s, col, pos, extra)]
        elif kind == F_BAIT:
            out = self._bait_targets(s)
        elif kind == F_RECALL:
            kinds = sorted({KIND_OF[c] for c in self.removed[s]})
            out = [A.A_RECALL[k] for k in kinds]
        elif kind == F_BINO:
            kinds = sorted({KIND_OF[c] for c in self.piles[s]})
            out = [A.A_TAKE[k] for k in kinds]
        elif kind == F_BEAR:
            out = []
            room = [c for c in range(COLUMNS) if len(b[base + c]) < COLUMN_CAP]
            for i, src in enumerate((self.hands[s], self.piles[s], self.removed[s])):
                if any(KIND_OF[c] == _BEAR for c in src):
                    out.extend(A.A_BEAR[i][c] for c in room)
        elif kind == F_UNDERTOW:
            out = self._undertow_moves(s)
        elif kind == F_ENCORE:
            out = [A.A_ENCORE[c][p] for c, p in self._encore_targets(s)]
        else:  # pragma: no cover - every frame is listed above
            out = []
        if kind in SKIPPABLE:
            out.append(A.A_SKIP)
        return out

    def _quick_targets(self, s: int, col: int, pos: int) -> list[Any]:
        own = self.board[s * COLUMNS + col]
        if self.adv and "paws" in self.mechs[s]:  # Wide Paws: any free space in that column
            return [A.A_FISH[col][p] for p, sl in enumerate(own) if sl[2] < SPACES[sl[0]]]
        sl = own[pos]
        return [A.A_FISH[col][pos]] if sl[2] < SPACES[sl[0]] else []

    def _move_targets(self, s: int, col: int, pos: int) -> list[Any]:
        """Movement (RV-10): another of your cards to another column with fewer than 3 of yours."""
        b = self.board
        base = s * COLUMNS
        mask = 0
        for c in range(COLUMNS):
            if len(b[base + c]) < COLUMN_CAP:
                mask |= 1 << c
        out: list[Any] = []
        if not mask:
            return out
        for c in range(COLUMNS):
            n = len(b[base + c])
            if n:
                table = _MOVES_BY_MASK[c]
                for p in range(n):
                    if c != col or p != pos:  # "1 other animal card": never the card whose effect this is
                        out.extend(table[p][mask])
        return out

    def _copy_targets(self, s: int, col: int, pos: int, excl: int) -> list[tuple[int, int]]:
        """Copy Animal (RV-8): another of your cards with an effect in this column (not a Copy Animal)."""
        b = self.board
        cols = [col]
        if self.adv and "whistle" in self.mechs[s]:  # Echo Whistle: neighbouring columns too
            cols = [c for c in (col - 1, col, col + 1) if 0 <= c < COLUMNS]
        allow_copy = self.game.options["copy_copy"]
        out = []
        for c in cols:
            for p, sl in enumerate(b[s * COLUMNS + c]):
                if c == col and p == pos:
                    continue
                eff = EFFECT[sl[0]]
                bit = 1 << (c * COLUMN_CAP + p)
                if not eff or (eff == COPY and not allow_copy) or excl & bit:
                    continue
                # only effects that can do something from the copying card (RV-7, RV-8)
                if self._possible(eff, s, col, pos, excl | bit):
                    out.append((c, p))
        return out

    # -- effects ---------------------------------------------------------------------------------
    def _possible(self, eff: int, s: int, col: int, pos: int, excl: int = 0) -> bool:
        """Whether effect ``eff`` acting from the card at (col, pos) has any target (RV-7)."""
        b = self.board
        if eff == QUICK:
            return bool(self._quick_targets(s, col, pos))
        if eff == MOVE:
            return bool(self._move_targets(s, col, pos))
        if eff == SHIELD:
            return self.shields > 0  # RV-4: an empty supply means the effect does nothing
        if eff == CLAW:
            return bool(b[(1 - s) * COLUMNS + col])
        if eff == LIGHTNING:
            limit = self.game.options["chain_limit"]
            # RV-9: a full column plays nothing more; RV-7: an empty hand ends the chain
            return (
                bool(self.hands[s])
                and len(b[s * COLUMNS + col]) < COLUMN_CAP
                and (not limit or self.chain < limit)
            )
        if eff == COPY:
            return bool(self._copy_targets(s, col, pos, excl | 1 << (col * COLUMN_CAP + pos)))
        return False

    def _effect(self, eff: int, s: int, col: int, pos: int, excl: int = 0) -> None:
        """Open the decision for effect ``eff`` of the card at (col, pos); RV-7: no target, no frame."""
        if eff and self._possible(eff, s, col, pos, excl):
            if eff == COPY:
                excl |= 1 << (col * COLUMN_CAP + pos)
            self.stack.append((_FRAME_OF[eff], col, pos, excl))

    def _place(self, s: int, code: int, col: int) -> int:
        idx = s * COLUMNS + col
        side = self.board[idx]
        self.board[idx] = (*side, (code, 0, 0))
        return len(side)

    def _take_from(self, cards: list[int], kind: int, s: int) -> int:
        """Remove one card of ``kind`` from ``cards`` (one of seat s's own set first) and return its code."""
        own = s * K + kind
        if own in cards:
            cards.remove(own)
            return own
        other = (1 - s) * K + kind
        cards.remove(other)
        return other

    def _play(self, s: int, kind: int, col: int) -> None:
        code = self._take_from(self.hands[s], kind, s)
        pos = self._place(s, code, col)
        self.progress = True
        self._effect(EFFECT[code], s, col, pos)

    def _catch(self, s: int, col: int, pos: int) -> None:
        """Place one fish from seat s's supply on its card (col, pos); RV-15: the last fish wins at once."""
        idx = s * COLUMNS + col
        side = self.board[idx]
        code, sh, fish = side[pos]
        self.board[idx] = (*side[:pos], (code, sh, fish + 1), *side[pos + 1 :])
        self.supply[s] -= 1
        self.progress = True
        if self.supply[s] == 0:
            self._finish([s])
            return
        if self.adv:
            self._after_catch(s)

    def _after_catch(self, s: int) -> None:
        o = 1 - s
        if self._unused(s, "peek"):  # RV-23: the first fish caught while owning Peek-a-Scope
            self.used |= 1 << _MECH_OF.index("peek")
            n = max(0, min(_PEEK_CARDS, self.limit(s) - len(self.hands[s]), len(self.piles[o])))
            taken = [self.piles[o].pop() for _ in range(n)]
            self.hands[s].extend(taken)
            self.hands[s].sort()
            if taken:
                self.unknown |= 1 << o
            self.chance(
                f"seat {s} peeks and takes {', '.join(_slug(c) for c in taken) or 'nothing'}", visible_to=[s]
            )
        if "poison" in self.mechs[o]:  # RV-25
            if self.game.options["poison"] == "pile":
                if self.piles[s]:
                    code = self.piles[s].pop()
                    self.removed[s].append(code)
                    self.chance(f"poison removes {_slug(code)} from the top of seat {s}'s draw pile")
            else:
                for c in range(COLUMNS):
                    side = self.board[s * COLUMNS + c]
                    hit = next((p for p, sl in enumerate(side) if sl[1] > 0), -1)
                    if hit >= 0:
                        code, sh, fish = side[hit]
                        self.board[s * COLUMNS + c] = (*side[:hit], (code, sh - 1, fish), *side[hit + 1 :])
                        self.shields += 1
                        break

    def _add_shield(self, s: int, col: int, pos: int) -> None:
        idx = s * COLUMNS + col
        side = self.board[idx]
        code, sh, fish = side[pos]
        self.board[idx] = (*side[:pos], (code, sh + 1, fish), *side[pos + 1 :])
        self.shields -= 1

    def _move_card(self, side_no: int, col: int, pos: int, to: int) -> None:
        """Move a card with its fish and shields (RV-10, RV-6: its effect does not fire)."""
        b = self.board
        src = b[side_no * COLUMNS + col]
        b[side_no * COLUMNS + col] = src[:pos] + src[pos + 1 :]
        b[side_no * COLUMNS + to] = (*b[side_no * COLUMNS + to], src[pos])

    def _claw(self, s: int, col: int, pos: int) -> None:
        """Claw Attack (RV-3, RV-11, RV-12, RV-13): a shield absorbs it, else the card is removed."""
        o = 1 - s
        idx = o * COLUMNS + col
        side = self.board[idx]
        code, sh, fish = side[pos]
        if sh > 0:
            self.board[idx] = (*side[:pos], (code, sh - 1, fish), *side[pos + 1 :])
            self.shields += 1
            return
        self.board[idx] = side[:pos] + side[pos + 1 :]
        self.removed[o].append(code)
        self.supply[o] += fish
        if self.adv and "helping" in self.mechs[o] and self.piles[o] and len(self.hands[o]) < self.limit(o):
            self._draw(o, 1)  # Second Helping

    def _draw(self, s: int, n: int) -> None:
        pile = self.piles[s]
        if n <= 0:
            return
        got = pile[-n:]
        del pile[-n:]
        self.progress = True
        hand = self.hands[s]
        hand.extend(got)
        hand.sort()
        self.chance(f"seat {s} draws {', '.join([_SLUGS[c] for c in reversed(got)])}", visible_to=_SEATS[s])

    def _shuffle_pile(self, s: int) -> None:
        self.rng.shuffle(self.piles[s])
        self.chance(f"seat {s} shuffles their draw pile")

    def _reveal_pile(self, s: int) -> None:
        """Seat s looks through its own pile (Binoculars, Polar Bear Surprise) and so knows it again."""
        if (self.unknown >> s) & 1:
            self.unknown &= ~(1 << s)
            kinds = sorted(_slug(c) for c in self.piles[s])
            self.chance(
                f"seat {s} looks through their draw pile: {', '.join(kinds) or 'empty'}", visible_to=[s]
            )

    # -- apply -----------------------------------------------------------------------------------
    def _apply(self, action: Any, seat: int) -> None:
        a: RvAction = action
        t = a.type
        if self.stack:
            self._resolve(self.stack.pop(), a, seat)
        elif t == A.PLAY:
            self.acted = self.started = True
            self._play(seat, a.a, a.b)
        elif t == A.DRAW or t == A.DRAWX:
            self.acted = self.started = True
            self._draw(seat, self._draw_n(seat, 3 if t == A.DRAWX else 2))
        elif t == A.PASS:
            self.acted = self.started = True
        elif t == A.END:
            self.phase = CHECK
            self.check_col = 0
        elif t == A.BOOTS:
            self.started = True
            self._move_card(seat, a.a, a.b, a.c)
        elif t == A.USE:
            self.started = True
            self._use(seat, a.a)
        elif t == A.PICK:
            self._pick(seat, a.a)
            return
        self._advance()

    def _pick(self, seat: int, e: int) -> None:
        """Advanced Mode draft: the starter picks 1, the other 2, the starter gets the last (RB; check 18)."""
        self.offer.remove(e)
        self.equipment[seat].append(e)
        self.picks += 1
        first = self.game.options["first"]
        if self.picks == 1:
            self.to_move = _SEATS[1 - first]
            return
        if self.picks == 2:
            return
        self.equipment[first].append(self.offer.pop())
        self.mechs = (
            frozenset(_MECH_OF[i] for i in self.equipment[0]),
            frozenset(_MECH_OF[i] for i in self.equipment[1]),
        )
        self.turn = 0
        self._begin_turn(first)
        self._advance()

    def _use(self, s: int, e: int) -> None:
        mech = _MECH_OF[e]
        bit = 1 << e
        self.turn_used |= bit
        if mech != "surprise":
            self.used |= bit  # 1x cards turn face down once used
        if mech == "surprise":
            self._reveal_pile(s)
            self.stack.append((F_BEAR, 0, 0, 0))
        elif mech == "binoculars":
            self._reveal_pile(s)
            self.stack.append((F_BINO, 0, 0, 0))
        elif mech == "recall":
            self.stack.append((F_RECALL, 0, 0, _RECALL_CARDS))
        elif mech == "double":
            n = max(0, min(_DOUBLE_CARDS, self.limit(s) - len(self.hands[s]), len(self.piles[s])))
            self._draw(s, n)
        elif mech == "undertow":
            self.stack.append((F_UNDERTOW, 0, 0, 0))
        elif mech == "spare":
            self.stack.append((F_SPARE, 0, 0, min(_SPARE_SHIELDS, self.shields)))
        elif mech == "encore":
            self.stack.append((F_ENCORE, 0, 0, 0))
        elif mech == "bait":
            self.stack.append((F_BAIT, 0, 0, 0))

    def _resolve(self, fr: Frame, a: RvAction, s: int) -> None:
        kind, col, pos, extra = fr
        if a is A.A_SKIP:
            if kind == F_RECALL and extra < _RECALL_CARDS:
                self._shuffle_pile(s)
            return
        if kind in (F_QUICK, F_NET, F_BAIT):
            self._catch(s, a.a, a.b)
        elif kind == F_CATCH:
            self.check_col = col + 1
            self._catch(s, a.a, a.b)
            if self.phase != OVER:
                self._net_frame(s, col)
        elif kind == F_MOVE:
            self._move_card(s, a.a, a.b, a.c)
        elif kind == F_SHIELD:
            self._add_shield(s, a.a, a.b)
            if self.adv and "polish" in self.mechs[s] and self.shields > 0:
                self.stack.append((F_POLISH, a.a, a.b, 0))
        elif kind == F_POLISH:
            self._add_shield(s, a.a, a.b)
        elif kind == F_SPARE:
            self._add_shield(s, a.a, a.b)
            if extra > 1 and self.shields > 0:
                self.stack.append((F_SPARE, 0, 0, extra - 1))
        elif kind == F_CLAW:
            self._claw(s, a.a, a.b)
        elif kind == F_LIGHT:
            self.chain += 1
            self._play(s, a.a, col)
        elif kind == F_COPY:
            target = self.board[s * COLUMNS + a.a][a.b][0]
            excl = extra | 1 << (a.a * COLUMN_CAP + a.b)
            # RV-8: the copied effect acts from the copying card (its column, its fish space).
            self._effect(EFFECT[target], s, col, pos, excl)
        elif kind == F_ENCORE:
            code = self.board[s * COLUMNS + a.a][a.b][0]
            self._effect(EFFECT[code], s, a.a, a.b)
        elif kind == F_RECALL:
            code = self._take_from(self.removed[s], a.a, s)
            self.piles[s].append(code)
            if extra > 1 and self.removed[s]:
                self.stack.append((F_RECALL, 0, 0, extra - 1))
            else:
                self._shuffle_pile(s)
        elif kind == F_BINO:
            code = self._take_from(self.piles[s], a.a, s)
            self.hands[s].append(code)
            self.hands[s].sort()
            self._shuffle_pile(s)
        elif kind == F_BEAR:
            self.used |= 1 << _MECH_OF.index("surprise")
            src = (self.hands[s], self.piles[s], self.removed[s])[a.a]
            code = self._take_from(src, _BEAR, s)
            self._place(s, code, a.b)  # RV-6: the bear is put into play, no effect fires
            self.progress = True
            if a.a == 1:
                self._shuffle_pile(s)
        elif kind == F_UNDERTOW:
            self._move_card(1 - s, a.a, a.b, a.c)

    # -- results -----------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Fish placed per seat (the game's own measure of progress)."""
        return [float(FISH - self.supply[0]), float(FISH - self.supply[1])]

    def winners(self) -> list[int]:
        return list(self.winners_) if self.phase == OVER else []

    # -- information ------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator).

        The board part of a column side is built when the side changes and shared by later views
        of this state (every seat's) while it stays the same: treat a view as read-only.
        """
        b = self.board
        cache = self._vsides
        if cache is None:
            cache = self._vsides = [None] * (2 * COLUMNS)
        changed = False
        for i in range(2 * COLUMNS):
            side = b[i]
            hit = cache[i]
            if hit is None or hit[0] is not side:
                cards = []
                total = 0
                for code, sh, fish in side:
                    st = STRENGTH[code]
                    cards.append(
                        {
                            "animal": _SLUGS[code],
                            "strength": st,
                            "shields": sh,
                            "fish": fish,
                            "spaces": SPACES[code],
                            "set": SET_OF[code],
                        }
                    )
                    total += st + sh
                cache[i] = (side, cards, total)
                changed = True
        vb = self._vboard
        if changed or vb is None:
            vb = self._vboard = (
                [[cache[i][1] for i in range(COLUMNS)], [cache[i][1] for i in range(COLUMNS, 2 * COLUMNS)]],
                [[cache[i][2] for i in range(COLUMNS)], [cache[i][2] for i in range(COLUMNS, 2 * COLUMNS)]],
            )
        board, strength = vb
        pending: dict[str, Any] | None = None
        if self.stack:
            fr = self.stack[-1]
            pending = {"type": FRAMES[fr[0]], "column": fr[1] + 1 if fr[0] in COLUMN_FRAMES else None}
            if fr[0] in (F_QUICK, F_MOVE, F_COPY, F_POLISH):
                pending["card"] = fr[2] + 1
        mine = seat is not None and seat in (0, 1)
        adv = self.adv
        unknown = self.unknown
        pile_known = [not unknown & 1, not unknown & 2]
        hands = self.hands
        removed = self.removed
        used = self.used
        return {
            "game": "river-rivals",
            "mode": "advanced" if self.adv else "basic",
            "seat": seat,
            "turn": self.turn,
            "active": self.active,
            "phase": PHASES[self.phase],
            "to_move": list(self.to_move),
            "hand": sorted([_SLUGS[c] for c in hands[seat]]) if mine and seat is not None else None,
            "hand_sizes": [len(hands[0]), len(hands[1])],
            "hand_foreign": [len([c for c in hands[0] if c >= K]), len([c for c in hands[1] if c < K])]
            if adv
            else [0, 0],  # only Peek-a-Scope (Advanced Mode) moves cards between the sets
            "hand_limits": [self.limit(0), self.limit(1)] if adv else [HAND_LIMIT, HAND_LIMIT],
            "pile_sizes": [len(self.piles[0]), len(self.piles[1])],
            "pile_foreign": [
                len([c for c in self.piles[0] if c >= K]),
                len([c for c in self.piles[1] if c < K]),
            ]
            if adv
            else [0, 0],
            "pile": sorted([_SLUGS[c] for c in self.piles[seat]])
            if mine and seat is not None and pile_known[seat]
            else None,
            "pile_known": pile_known,
            "removed": [[_SLUGS[c] for c in removed[0]], [_SLUGS[c] for c in removed[1]]],
            "removed_sets": [[SET_OF[c] for c in removed[0]], [SET_OF[c] for c in removed[1]]],
            "board": board,
            "strength": strength,
            "fish_supply": list(self.supply),
            "fish_caught": [FISH - self.supply[0], FISH - self.supply[1]],
            "shield_supply": self.shields,
            "equipment": [
                [{"id": EQUIPMENT[e].slug, "used": bool((used >> e) & 1)} for e in self.equipment[0]],
                [{"id": EQUIPMENT[e].slug, "used": bool((used >> e) & 1)} for e in self.equipment[1]],
            ]
            if adv
            else [[], []],
            "offer": [EQUIPMENT[e].slug for e in self.offer] if adv else [],
            "acted": self.acted,
            "pending": pending,
            "over": self.phase == OVER,
            "winners": list(self.winners_),
        }

    def _copy_body(self, other: State) -> None:
        assert isinstance(other, RiverRivalsState)
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.piles = [self.piles[0][:], self.piles[1][:]]
        other.removed = [self.removed[0][:], self.removed[1][:]]
        other.board = self.board[:]
        other.supply = self.supply[:]
        other.stack = self.stack[:]
        other.winners_ = self.winners_[:]
        other.offer = self.offer[:]
        other.equipment = [self.equipment[0][:], self.equipment[1][:]]
        other.mechs = self.mechs
        other.to_move = self.to_move
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))

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

    def _body_to_json(self) -> Any:
        body: dict[str, Any] = {
            "hands": [list(h) for h in self.hands],
            "piles": [list(p) for p in self.piles],
            "removed": [list(r) for r in self.removed],
            "board": [[list(sl) for sl in side] for side in self.board],
            "supply": list(self.supply),
            "stack": [list(fr) for fr in self.stack],
            "winners": list(self.winners_),
            "offer": list(self.offer),
            "equipment": [list(e) for e in self.equipment],
            "to_move": list(self.to_move),
        }
        for name in _SCALARS:
            body[name] = getattr(self, name)
        return body

    def _body_from_json(self, body: Any) -> None:
        self.hands = [list(h) for h in body["hands"]]
        self.piles = [list(p) for p in body["piles"]]
        self.removed = [list(r) for r in body["removed"]]
        self.board = [tuple((int(a), int(b), int(c)) for a, b, c in side) for side in body["board"]]
        self.supply = list(body["supply"])
        self.stack = [(int(a), int(b), int(c), int(d)) for a, b, c, d in body["stack"]]
        self.winners_ = list(body["winners"])
        self.offer = list(body["offer"])
        self.equipment = [list(e) for e in body["equipment"]]
        self.mechs = (
            frozenset(_MECH_OF[i] for i in self.equipment[0]),
            frozenset(_MECH_OF[i] for i in self.equipment[1]),
        )
        self.to_move = tuple(body["to_move"])
        for name in _SCALARS:
            setattr(self, name, body[name])

    # -- errors ------------------------------------------------------------------------------------
    def explain_illegal(self, action: Any, seat: int) -> str:
        from riverbox.games.river_rivals.explain import explain

        return explain(self, action, seat)


_SCALARS = (
    "shields",
    "active",
    "phase",
    "acted",
    "started",
    "progress",
    "idle",
    "chain",
    "check_col",
    "turn",
    "adv",
    "used",
    "turn_used",
    "picks",
    "unknown",
)
