"""River Rivals' position: its declared fields and the small rule steps every part uses.

``Position`` holds the state (declared once in ``FIELDS``: copy and JSON follow) and the
steps the rules are built from: placing, catching, clawing, shielding and moving cards,
drawing and shuffling, and where an animal effect can act (RV-7: an effect with no target
opens no decision). The turn flow (``state``), the pending decisions (``frames``) and the
equipment (``equipment``) call these; none of them is imported here, so there is no circle.

Layout (all small, so ``clone`` is a handful of list copies):

* ``board[side * 4 + col]``: a tuple of slots ``(code, shields, fish)`` in the order the cards
  were laid on that side (positions are ``card1..card3`` in the notation). Tuples are replaced,
  never mutated, so a clone copies one list.
* ``hands[s]`` (kept sorted), ``piles[s]`` (top = last), ``removed[s]`` (face up, in order).
* ``stack``: pending decisions, each a tuple ``(frame, col, pos, extra)``; the top one is what
  the active player decides now.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final

from riverbox.core import State
from riverbox.core.fields import CUSTOM, GRID, LIST, TUPLE, VALUE, Field, declare
from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.actions import RvAction
from riverbox.games.river_rivals.content import (
    CLAW,
    COLUMN_CAP,
    COLUMNS,
    COPY,
    EFFECT,
    EQUIPMENT,
    HAND_LIMIT,
    KIND_INDEX,
    KIND_OF,
    LIGHTNING,
    MOVE,
    QUICK,
    SHIELD,
    SPACES,
    K,
    param,
)
from riverbox.games.river_rivals.scoring import side_strength
from riverbox.games.river_rivals.tables import FISHED, MOVED, PLAYED, SHIELDED, SHUFFLED, SLUGS, drew


# -- the phases of a turn and the kinds of pending decision, by name ----------------------------
class Phase(IntEnum):
    """Where the active player is in the turn (RV-21: the equipment window is AFTER)."""

    DRAFT = 0
    MAIN = 1
    AFTER = 2
    CHECK = 3
    OVER = 4


PHASE_NAMES = ("draft", "main", "after", "check", "over")
"""The phase as views and observations name it (index: ``Phase``)."""

# The values as plain ints, for the state's field and the hot loop: on Python 3.11 reading
# ``Phase.MAIN`` costs several times a module-level name, and an IntEnum compares slower than an
# int. The field holds the plain int (as it does once read from JSON); ``Phase(state.phase)``
# names it.
# ``Final``: the compiled build reads them from C statics rather than the module dict.
DRAFT: Final = int(Phase.DRAFT)
MAIN: Final = int(Phase.MAIN)
AFTER: Final = int(Phase.AFTER)
CHECK: Final = int(Phase.CHECK)
OVER: Final = int(Phase.OVER)


class Frame(IntEnum):
    """A pending decision on the stack (``frames.RULES`` holds what each one allows and does)."""

    QUICK = 0
    MOVE = 1
    SHIELD = 2
    POLISH = 3
    CLAW = 4
    LIGHTNING = 5
    COPY = 6
    CATCH = 7
    NET = 8
    BAIT = 9
    SPARE = 10
    RECALL = 11
    BINOCULARS = 12
    BEAR = 13
    UNDERTOW = 14
    ENCORE = 15


# Plain ints for the frames the hot loop opens, for the reason given for the phases above (an
# entry on the stack compares equal either way; the equipment's rarer frames name ``Frame``).
F_QUICK: Final = int(Frame.QUICK)
F_MOVE: Final = int(Frame.MOVE)
F_SHIELD: Final = int(Frame.SHIELD)
F_POLISH: Final = int(Frame.POLISH)
F_CLAW: Final = int(Frame.CLAW)
F_LIGHTNING: Final = int(Frame.LIGHTNING)
F_COPY: Final = int(Frame.COPY)
F_CATCH: Final = int(Frame.CATCH)
F_NET: Final = int(Frame.NET)


FrameEntry = tuple[int, int, int, int]
"""A pending decision: ``(frame, col, pos, extra)``."""
Slot = tuple[int, int, int]

_BEAR = KIND_INDEX.get(str(param("surprise", "animal", "polar-bear")), -1)
_BOOTS_STRENGTH = int(param("boots", "strength", 1))
_PEEK_CARDS = int(param("peek", "cards", 3))
_BASKET_LIMIT: Final = int(param("basket", "hand_limit", HAND_LIMIT + 1))
_NET_MARGIN = int(param("net", "margin", 3))
_RECALL_CARDS = int(param("recall", "cards", 3))
_DOUBLE_CARDS = int(param("double", "cards", 2))
_SPARE_SHIELDS = int(param("spare", "shields", 2))
_MECH_OF = tuple(e.mechanic for e in EQUIPMENT)


_SEATS: Final = ((0,), (1,))
_FRAME_OF: Final = (-1, F_QUICK, F_MOVE, F_SHIELD, F_CLAW, F_LIGHTNING, F_COPY)
"""Decision frame per effect number (see ``content.EFFECT``)."""
_PLAYS_BY_MASK: Final = [
    [tuple(A.A_PLAY[k][c] for c in range(COLUMNS) if (mask >> c) & 1) for k in range(K)]
    for mask in range(1 << COLUMNS)
]
"""Play actions per kind for each set of open columns (bit c: column c has room): no allocation."""
_MOVES_BY_MASK: Final = [
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
if COLUMNS != 4 or COLUMN_CAP != 3:  # pragma: no cover - the tables below are written for the board
    raise ImportError("river_rivals: the turn's tables are written for 4 columns of 3 cards a side")
_LENGTHS = range(COLUMN_CAP + 1)


def _room(*lengths: int) -> int:
    return sum(1 << c for c, n in enumerate(lengths) if n < COLUMN_CAP)


_OPEN: Final = [
    [[[_room(a, b, c, d) for d in _LENGTHS] for c in _LENGTHS] for b in _LENGTHS] for a in _LENGTHS
]
"""``_OPEN[n0][n1][n2][n3]``: the columns (bit c) with room on a side whose columns hold n0..n3 cards."""


def _full(*lengths: int) -> int:
    return sum(1 << c for c, n in enumerate(lengths) if n == COLUMN_CAP)


_FULL: Final = [
    [[[_full(a, b, c, d) for d in _LENGTHS] for c in _LENGTHS] for b in _LENGTHS] for a in _LENGTHS
]
"""``_FULL[n0][n1][n2][n3]``: the full columns (bit c) of such a side."""
_LOWEST: Final = tuple((m & -m).bit_length() - 1 for m in range(1 << COLUMNS))
"""The lowest column in a set of columns (bit c), for walking a mask in column order."""
_KIND_BIT: Final = tuple(1 << KIND_OF[code] for code in range(2 * K))
"""The bit of each card code's kind, for the kinds-in-hand masks of the play actions."""
_PLAYS: Final[dict[int, tuple[RvAction, ...]]] = {}


def plays(mask: int, seen: int) -> tuple[RvAction, ...]:
    """Play actions for a set of open columns (bit c) and kinds in hand (bit k), built once.

    Kind by kind, then column by column: the order the legal actions have always been listed in.
    """
    key = seen << COLUMNS | mask
    found = _PLAYS.get(key)
    if found is None:
        table = _PLAYS_BY_MASK[mask]
        found = _PLAYS[key] = tuple(a for k in range(K) if (seen >> k) & 1 for a in table[k])
    return found


_SLUGS: Final = SLUGS
_LAID: Final = tuple(((code, 0, 0),) for code in range(2 * K))
"""A card code's slot as it is laid (no shield, no fish), as a one-slot side to add to a side."""


def _mechs(equipment: list[list[int]]) -> tuple[frozenset[str], frozenset[str]]:
    """The mechanics each seat owns (derived from ``equipment``, for quick membership tests)."""
    return (frozenset(_MECH_OF[i] for i in equipment[0]), frozenset(_MECH_OF[i] for i in equipment[1]))


def _board_to_json(board: list[tuple[Slot, ...]]) -> list[list[list[int]]]:
    return [[list(sl) for sl in side] for side in board]


def _ints(value: Any, n: int, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n or any(x.__class__ is not int for x in value):
        raise ValueError(f"state field {what!r} holds {value!r}, not {n} whole numbers")
    return tuple(value)


def _board_from_json(value: Any) -> list[tuple[Slot, ...]]:
    if not isinstance(value, list) or len(value) != 2 * COLUMNS:
        raise ValueError(f"state field 'board' is not a list of {2 * COLUMNS} column sides")
    out: list[tuple[Slot, ...]] = []
    for side in value:
        if not isinstance(side, list) or len(side) > COLUMN_CAP:
            raise ValueError(f"state field 'board' has a side that is not 0 to {COLUMN_CAP} cards")
        out.append(tuple((sl[0], sl[1], sl[2]) for sl in (_ints(x, 3, "board") for x in side)))
    return out


def _stack_to_json(stack: list[FrameEntry]) -> list[list[int]]:
    return [[int(x) for x in fr] for fr in stack]  # a Frame as its number


def _stack_from_json(value: Any) -> list[FrameEntry]:
    if not isinstance(value, list):
        raise ValueError("state field 'stack' is not a list")
    return [(fr[0], fr[1], fr[2], fr[3]) for fr in (_ints(x, 4, "stack") for x in value)]


class Position(State):
    """The fields of a River Rivals position and the rule steps on them (see the module text)."""

    FIELDS = declare(
        hands=Field(GRID, of=int),
        piles=Field(GRID, of=int),
        removed=Field(GRID, of=int),
        board=Field(CUSTOM, copy=list.copy, dump=_board_to_json, load=_board_from_json),
        supply=Field(LIST, of=int),
        shields=Field(VALUE, of=int),
        active=Field(VALUE, of=int),
        phase=Field(VALUE, of=int),  # a ``Phase`` value, held as a plain int (see ``Phase`` above)
        acted=Field(VALUE, of=bool),
        started=Field(VALUE, of=bool),
        progress=Field(VALUE, of=bool),
        idle=Field(VALUE, of=int),
        chain=Field(VALUE, of=int),
        stack=Field(CUSTOM, copy=list.copy, dump=_stack_to_json, load=_stack_from_json),
        check_col=Field(VALUE, of=int),
        winners_=Field(LIST, of=int),
        turn=Field(VALUE, of=int),
        adv=Field(VALUE, of=bool),
        equipment=Field(GRID, of=int),
        mechs=Field(VALUE, stored=False),
        used=Field(VALUE, of=int),
        turn_used=Field(VALUE, of=int),
        offer=Field(LIST, of=int),
        picks=Field(VALUE, of=int),
        unknown=Field(VALUE, of=int),
        to_move=Field(TUPLE, of=int),
    )
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
    stack: list[FrameEntry]
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
    _vkey: int = -1
    _vpub: dict[str, Any] = {}  # noqa: RUF012 - replaced per instance before use

    def limit(self, s: int) -> int:
        """Hand limit: 7, or the Hand Basket's limit (RV-18)."""
        return _BASKET_LIMIT if "basket" in self.mechs[s] else HAND_LIMIT

    def _unused(self, s: int, mech: str) -> bool:
        if mech not in self.mechs[s]:
            return False
        i = _MECH_OF.index(mech)
        return not (self.used >> i) & 1 and not (self.turn_used >> i) & 1

    def _draw_n(self, s: int, want: int) -> int:
        """Cards an action-B draw of ``want`` cards gives (RV-18: hand limit and short pile).

        ``max(0, min(want, room, pile))`` written out: builtin calls cost more, at every step.
        """
        n = (_BASKET_LIMIT if "basket" in self.mechs[s] else HAND_LIMIT) - len(self.hands[s])
        pile = len(self.piles[s])
        if pile < n:
            n = pile
        if want < n:
            n = want
        return n if n > 0 else 0

    def _can_draw(self, s: int) -> bool:
        if self._draw_n(s, 2) > 0:
            return True
        # RV-18 option: with a full hand the draw action may still be taken (it draws nothing).
        return self.game.options["full_hand_draw"] == "empty" and len(self.piles[s]) > 0

    def _own_cards(self, s: int) -> list[tuple[int, int]]:
        b = self.board
        return [(c, p) for c in range(COLUMNS) for p in range(len(b[s * COLUMNS + c]))]

    def _finish(self, winners: list[int], reason: str) -> None:
        self.phase = OVER
        self.winners_ = winners
        self.emit("won", winners=list(winners), reason=reason)
        self.stack.clear()
        self.to_move = ()

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

    def _can_move(self, s: int, col: int, pos: int) -> bool:
        """Whether Movement from the card at (col, pos) has a target: another of your cards and a
        column other than its own with room (RV-10)."""
        b = self.board
        base = s * COLUMNS
        room = 0
        for c in range(COLUMNS):
            if len(b[base + c]) < COLUMN_CAP:
                room |= 1 << c
        if not room:
            return False
        for c in range(COLUMNS):
            n = len(b[base + c])
            if room & ~(1 << c) and (n > 1 or (n == 1 and c != col)):
                return True  # a card in column c other than (col, pos), and room elsewhere
        return False

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

    def _possible(self, eff: int, s: int, col: int, pos: int, excl: int = 0) -> bool:
        """Whether effect ``eff`` acting from the card at (col, pos) has any target (RV-7)."""
        b = self.board
        if eff == QUICK:
            return bool(self._quick_targets(s, col, pos))
        if eff == MOVE:  # as ``bool(_move_targets(...))``, without building the moves
            return self._can_move(s, col, pos)
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
        # ``_take_from`` and ``_place`` written out: this runs at almost every step of a playout
        hand = self.hands[s]
        code = s * K + kind  # one of the seat's own set first
        if code in hand:
            hand.remove(code)
        else:
            code = (1 - s) * K + kind
            hand.remove(code)
        idx = s * COLUMNS + col
        side = self.board[idx]
        self.board[idx] = side + _LAID[code]  # the card's slot, no shield and no fish yet
        self.emit_event(PLAYED[s][code][col][self.chain > 0])  # a prebuilt event (``tables``)
        self.progress = True
        eff = EFFECT[code]
        if eff:  # ``_effect`` written out (a plain card has none); RV-7: no target, no frame
            pos = len(side)
            if self._possible(eff, s, col, pos):
                # a Copy Animal never copies itself (RV-8): its own place is excluded from the start
                self.stack.append(
                    (_FRAME_OF[eff], col, pos, 1 << (col * COLUMN_CAP + pos) if eff == COPY else 0)
                )

    def _catch(self, s: int, col: int, pos: int) -> None:
        """Place one fish from seat s's supply on its card (col, pos); RV-15: the last fish wins at once."""
        idx = s * COLUMNS + col
        side = self.board[idx]
        code, sh, fish = side[pos]
        self.board[idx] = (*side[:pos], (code, sh, fish + 1), *side[pos + 1 :])
        self.supply[s] -= 1
        self.progress = True
        if self.supply[s] == 0:
            self._finish([s], "fish")
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
            self.emit("peeked", to=s, seat=s, owner=o, cards=[_SLUGS[c] for c in taken])
            self.emit("peeked-count", but=s, seat=s, owner=o, count=len(taken))
            self.chance(
                f"seat {s} peeks and takes {', '.join(_SLUGS[c] for c in taken) or 'nothing'}", visible_to=[s]
            )
        if "poison" in self.mechs[o]:  # RV-25
            if self.game.options["poison"] == "pile":
                if self.piles[s]:
                    code = self.piles[s].pop()
                    self.removed[s].append(code)
                    self.chance(f"poison removes {_SLUGS[code]} from the top of seat {s}'s draw pile")
                    self.emit("poisoned", seat=s, animal=_SLUGS[code])
            else:
                for c in range(COLUMNS):
                    side = self.board[s * COLUMNS + c]
                    hit = next((p for p, sl in enumerate(side) if sl[1] > 0), -1)
                    if hit >= 0:
                        code, sh, fish = side[hit]
                        self.board[s * COLUMNS + c] = (*side[:hit], (code, sh - 1, fish), *side[hit + 1 :])
                        self.shields += 1
                        self.emit("poisoned-shield", seat=s, animal=_SLUGS[code], column=c + 1)
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
        self.emit("clawed", seat=s, owner=o, animal=_SLUGS[code], column=col + 1, shield=sh > 0, fish=fish)
        if sh > 0:
            self.board[idx] = (*side[:pos], (code, sh - 1, fish), *side[pos + 1 :])
            self.shields += 1
            return
        self.board[idx] = side[:pos] + side[pos + 1 :]
        self.removed[o].append(code)
        self.supply[o] += fish
        if self.adv and "helping" in self.mechs[o] and self.piles[o] and len(self.hands[o]) < self.limit(o):
            self.emit("bonus-draw", seat=o, equipment="second-helping", count=1)
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
        # what ``chance(...)`` and ``emit("drew", to=s, ...)`` would build, kept per draw (``tables``)
        outcome, told = drew(s, got)
        self.record_chance(outcome)
        self.emit_event(told)

    def _shuffle_pile(self, s: int) -> None:
        self.rng.shuffle(self.piles[s])
        self.record_chance(SHUFFLED[s])  # chance("seat {s} shuffles their draw pile")

    def _reveal_pile(self, s: int) -> None:
        """Seat s looks through its own pile (Binoculars, Polar Bear Surprise) and so knows it again."""
        if (self.unknown >> s) & 1:
            self.unknown &= ~(1 << s)
            kinds = sorted(_SLUGS[c] for c in self.piles[s])
            self.chance(
                f"seat {s} looks through their draw pile: {', '.join(kinds) or 'empty'}", visible_to=[s]
            )
            self.emit("pile-seen", to=s, seat=s, cards=kinds)

    # The three events below are pre-built (``tables``): what ``emit`` would build, one append.
    def _fish_event(self, s: int, a: RvAction, why: str) -> None:
        """Tell ``emit("fish", seat, animal, column, why)``: a fish placed for decision ``why``."""
        col = a.col
        self.emit_event(FISHED[why][s][self.board[s * COLUMNS + col][a.pos][0]][col])

    def _shield_event(self, s: int, a: RvAction, why: str) -> None:
        """Tell ``emit("shielded", seat, animal, column, why)``."""
        col = a.col
        self.emit_event(SHIELDED[why][s][self.board[s * COLUMNS + col][a.pos][0]][col])

    def _moved(self, s: int, owner: int, a: RvAction, how: str) -> None:
        """Move a card (Movement, Spring Boots, Undertow) and tell it (``emit("moved", ...)``)."""
        col = a.col
        self.emit_event(MOVED[how][s][owner][self.board[owner * COLUMNS + col][a.pos][0]][col][a.to])
        self._move_card(owner, col, a.pos, a.to)

    def _after_load(self) -> None:
        """``mechs`` follows from ``equipment``; refuse codes outside the card tables."""
        # Checked before any lookup: the compiled build turns a huge index into OverflowError.
        if any(not 0 <= i < len(_MECH_OF) for side in self.equipment for i in side):
            raise ValueError("state JSON: an equipment code is outside the equipment table")
        self.mechs = _mechs(self.equipment)
        n = 2 * K
        for place in (*self.hands, *self.piles, *self.removed):
            if any(not 0 <= c < n for c in place):
                raise ValueError("state JSON: a card code is outside the card tables")
