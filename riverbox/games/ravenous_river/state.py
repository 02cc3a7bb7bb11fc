"""The Ravenous River rules: setup, legal actions, apply, end of round, determinize.

The fields and the zone moves live in ``board.py``; what each action card does lives in the
effect registry (``effects.py``); views in ``view.py``. A round moves through the phases of
``board.Phase``. The rules tell what happens as events (``State.emit``): who looked at which
slot (the animal only to that seat), placements, votes (who voted; how, once revealed), and
every step of the end-of-round scoring; ``words.py`` turns them into sentences.
"""

from __future__ import annotations

from typing import Any, Final

from riverbox.core import Chance, Rng
from riverbox.core.events import Event
from riverbox.core.i18n import Message, message
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.board import (
    ALL_SLOTS,
    BOAT_STATUS,
    CARD,
    IN_PLAY,
    KEEP,
    OVER,
    PLACE,
    PUBLIC_SHOW,
    SUNK,
    TURN,
    VOTE,
    RiverBoard,
    shuffle,
)
from riverbox.games.ravenous_river.cards import CARD_NAMES, DECK, NUM_KINDS
from riverbox.games.ravenous_river.effects import effect_for
from riverbox.games.ravenous_river.explain import why_illegal
from riverbox.games.ravenous_river.scoring import ANIMALS, score_round
from riverbox.games.ravenous_river.view import build_view

# ``Final``: the compiled build reads these from C statics rather than the module dict.
EFFECTS: Final = [effect_for(name) for name in CARD_NAMES]
PLAYABLE: Final = [e.playable for e in EFFECTS]
_PLACE_CHOICES: Final = [
    [
        (A.PLACE_A[0], *(A.PLACE_A[b + 1] for b in (0, 1) if room >> b & 1), *A.RETURNS_BY_KINDS[km])
        for km in range(1 << NUM_KINDS)
    ]
    for room in range(4)
]
"""Choices after a look, by (mask of boats with room, mask of card kinds in hand) (RR-13, RR-17)."""
KINDS_IN: Final = [tuple(k for k in range(NUM_KINDS) if m >> k & 1) for m in range(1 << NUM_KINDS)]
_PASS: Final = [Chance(f"seat {s} cannot act: no cards and an empty row (RR-16)") for s in range(7)]


def _event(kind: str, to: int | None = None, but: int | None = None, **args: Any) -> Event:
    return Event(kind, tuple(args.items()), to, but)


# The events of the hot loop, built once: what ``emit`` would build, shared by every game
# (events are immutable), so telling what happened builds nothing (``emit_event``).
_SEATS, _CARDS = range(7), range(NUM_KINDS)
_LOOKED: Final = [[_event("looked", seat=s, slot=i) for i in range(7)] for s in _SEATS]
_PLACED: Final = [
    [[_event("placed", seat=s, animal=ANIMALS[x], dest=d) for d in range(3)] for x in range(7)]
    for s in _SEATS
]
_MOVED: Final = [
    [
        [
            [_event("moved", seat=s, card=CARD_NAMES[k], animal=ANIMALS[x], dest=d) for d in range(3)]
            for x in range(7)
        ]
        for k in _CARDS
    ]
    for s in _SEATS
]
_PAID = {
    kind: [[_event(kind, seat=s, card=CARD_NAMES[k]) for k in _CARDS] for s in _SEATS]
    for kind in ("returned", "discarded", "played")
}
_RETURNED: Final = _PAID["returned"]
_DISCARDED: Final = _PAID["discarded"]
_PLAYED: Final = _PAID["played"]
_PASSED: Final = [_event("passed", seat=s) for s in _SEATS]
_KEPT: Final = [_event("kept", but=s, seat=s) for s in _SEATS]
_KEPT_OWN: Final = [
    [[_event("kept_own", to=s, seat=s, totems=[ANIMALS[x], ANIMALS[y]]) for y in range(7)] for x in range(7)]
    for s in _SEATS
]
_VOTED: Final = [_event("voted", but=s, seat=s) for s in _SEATS]
_VOTED_OWN: Final = [[_event("voted_own", to=s, seat=s, end=bool(v)) for v in (0, 1)] for s in _SEATS]


_FIRST = [_event("first", seat=s) for s in _SEATS]
_NEW_ROUND: dict[int, Event] = {}
"""``new_round`` events by round number, built once (a round starts every couple of dozen steps)."""
_NO_WINNER: dict[int, Event] = {}
"""``no_winner`` events by target, built once."""


def names(items: list[int]) -> str:
    return " ".join(map(ANIMALS.__getitem__, items))  # map, not a generator: once per round and seat


def card_names(items: list[int]) -> str:
    return " ".join(map(CARD_NAMES.__getitem__, items))


_DEALT: dict[tuple[int, ...], tuple[Chance, Event]] = {}


def _dealt(s: int, two: bool, got: list[int], hand: list[int]) -> tuple[Chance, Event]:
    """Seat ``s``'s private chance entry and ``dealt`` event for a round's deal, built once.

    Every round deals each seat its totem(s) and cards; there are few distinct deals per seat
    (a totem or three, and a sorted hand), so the text and the event are kept, as ``chance``
    and ``emit`` would build them, and shared.
    """
    key = (s, two, *got, -1, *hand)
    found = _DEALT.get(key)
    if found is None:
        found = _DEALT[key] = (
            Chance(
                f"seat {s} gets {'totems' if two else 'totem'} {names(got)}; cards {card_names(hand)}",
                frozenset((s,)),
            ),
            _event(
                "dealt",
                to=s,
                seat=s,
                totems=[ANIMALS[t] for t in got],
                cards=[CARD_NAMES[k] for k in hand],
                keep=two,
            ),
        )
    return found


_VOTE_RESULT: dict[tuple[int, ...], tuple[Chance, Event]] = {}


def _vote_result(votes: list[int]) -> tuple[Chance, Event]:
    """The public chance entry and ``vote_result`` event of a revealed vote (RR-19), built once
    per distinct vote (seats are few, so votes are too)."""
    key = tuple(votes)
    found = _VOTE_RESULT.get(key)
    if found is None:
        n = len(votes)
        ends = sum(1 for v in votes if v == 1)
        passed = 2 * ends > n
        outcome = "the round ends" if passed else "play continues"
        each = ", ".join(f"seat {s} {'end' if v == 1 else 'continue'}" for s, v in enumerate(votes))
        found = _VOTE_RESULT[key] = (
            Chance(f"vote: {each}; {ends} end, {n - ends} continue -> {outcome}"),
            _event("vote_result", ends=[v == 1 for v in votes], passed=passed),
        )
    return found


# The ops ``_apply`` tests, as module names (a module attribute costs a second lookup per test).
# Prefixed: the phases PLACE, VOTE and KEEP share their names.
_OP_LOOK: Final = A.LOOK
_OP_PLACE: Final = A.PLACE
_OP_RETURN: Final = A.RETURN
_OP_MOVE: Final = A.MOVE
_OP_DISCARD: Final = A.DISCARD
_OP_PLAY: Final = A.PLAY
_OP_VOTE: Final = A.VOTE
_OP_KEEP: Final = A.KEEP
# The action tables ``_legal`` reads at every turn, as module names (``A.X`` is a module lookup).
_LOOKS_BY_MASK: Final = A.LOOKS_BY_MASK
_MOVES_BY_KINDS: Final = A.MOVES_BY_KINDS
_DISCARDS_BY_KINDS: Final = A.DISCARDS_BY_KINDS
_PLAY_A: Final = A.PLAY_A
_MOVES_ZONES: Final = tuple(
    op <= A.MOVE or (op >= A.SAIL and op != A.VOTE and op != A.KEEP) for op in range(len(A.Op))
)
"""Per op: whether it may change the zones (bumps ``zv``, the views' cache key): all but vote and keep."""


class RavenousRiverState(RiverBoard):
    """One position of Ravenous River (fields and representation: ``board.RiverBoard``)."""

    # -- setup ------------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.n = self.game.players
        self.target = self.game.options["target"]
        self.rnd = 0
        self.score = [0] * n
        self.last_vote = ()
        self.vote_round = 0
        # RR-10: "the hungriest player" starts; like the digital game, pick at random or let the
        # players choose (option first_player)
        first = self.game.options["first_player"]
        start = self.rng.randrange(n) if first < 0 else first
        self.chance(f"seat {start} goes first (RR-10)")
        self.emit_event(_FIRST[start])
        self._setup_round(start)

    def _setup_round(self, start: int) -> None:
        """Setup steps 3-5 (RR-6, RR-7, RR-9, RR-11): a fresh row of 7, hands, totems, both boats."""
        n = self.n
        rng = self.rng
        self.rnd += 1
        self.zv += 1
        row = [0, 1, 2, 3, 4, 5, 6]
        shuffle(rng, row)
        deck = list(DECK)
        shuffle(rng, deck)
        tot = [0, 1, 2, 3, 4, 5, 6]
        shuffle(rng, tot)
        per = 4 if n == 2 else 2
        self.hands = [sorted(deck[i * per : (i + 1) * per]) for i in range(n)]
        self.deck = deck[n * per :]
        self.cards_left = n * per
        if n == 2:
            self.drawn = [sorted(tot[0:3]), sorted(tot[3:6])]
            self.totems = [[], []]
        else:
            self.drawn = []
            self.totems = [[tot[i]] for i in range(n)]
        self.chance(
            f"deal round {self.rnd}: row {names(row)}; deck {card_names(deck)}; totems {names(tot)}",
            visible_to=(),
        )
        told = _NEW_ROUND.get(self.rnd)
        if told is None:
            told = _NEW_ROUND[self.rnd] = _event("new_round", round=self.rnd)
        self.emit_event(told)
        for s in range(n):
            # pre-built: chance("seat s gets ...", visible_to=(s,)) and emit("dealt", to=s, ...)
            outcome, told = _dealt(s, n == 2, self.drawn[s] if n == 2 else self.totems[s], self.hands[s])
            self.record_chance(outcome)
            self.emit_event(told)
        self.row = row
        self.rmask = ALL_SLOTS
        self.up = 0
        self.known = [0] * 7
        self.bank = []
        self.boats = [[], []]
        self.bstate = [IN_PLAY, IN_PLAY]
        self.discard = []
        self.votes = [-1] * n
        self.look = -1
        self.card = -1
        self.stage = 0
        self.peeks = []
        self.turn = start
        self.last_turn = start
        if n == 2:
            self.phase = KEEP
            self.to_move = (0, 1)
        else:
            self.phase = TURN
            self.to_move = (start,)

    # -- legal actions -----------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Any]:
        ph = self.phase
        if ph == TURN:
            # a fresh list from the pre-built tables: the base class hands out a copy of it
            acts = list(_LOOKS_BY_MASK[self.rmask])
            hand = self.hands[seat]
            if not hand:  # RR-16: only Place
                return acts
            km = 0
            for k in hand:
                km |= 1 << k
            moves = _MOVES_BY_KINDS  # bound once: read for every animal on the bank and in the boats
            bank = self.bank
            bstate = self.bstate
            for b in (0, 1):
                if bstate[b] == IN_PLAY:
                    boat = self.boats[b]
                    if len(boat) < 2:
                        for x in bank:
                            acts.extend(moves[x][b + 1][km])
                    for x in boat:
                        acts.extend(moves[x][0][km])
            for k in KINDS_IN[km]:
                if PLAYABLE[k](self):
                    acts.append(_PLAY_A[k])
            acts.extend(_DISCARDS_BY_KINDS[km])
            return acts
        if ph == PLACE:
            room = 0
            for b in (0, 1):
                if self.bstate[b] == IN_PLAY and len(self.boats[b]) < 2:
                    room |= 1 << b
            km = 0
            for k in self.hands[seat]:
                km |= 1 << k
            return list(_PLACE_CHOICES[room][km])
        if ph == CARD:
            return EFFECTS[self.card].targets(self, seat)
        if ph == VOTE:
            return A.VOTES if self.votes[seat] < 0 else []
        if ph == KEEP:
            if self.totems[seat]:
                return []
            d = self.drawn[seat]
            return [A.KEEP_A[d[0]][d[1]], A.KEEP_A[d[0]][d[2]], A.KEEP_A[d[1]][d[2]]]
        return []

    # -- apply -------------------------------------------------------------------------------
    def _apply(self, action: Any, seat: int) -> None:
        op = action.op
        if _MOVES_ZONES[op]:
            self.zv += 1
        if op == _OP_LOOK:
            slot = action.slot
            self.look = slot
            self.emit_event(_LOOKED[seat][slot])
            if not self.up >> slot & 1:
                self.see(seat, slot)
            self.phase = PLACE
        elif op == _OP_PLACE:
            slot = self.look
            x = self.row[slot]
            self.record_chance(PUBLIC_SHOW[slot][x])  # now face up for all
            self.emit_event(_PLACED[seat][x][action.dest])
            self.row[slot] = -1
            bit = 1 << slot
            self.rmask &= ~bit
            self.up &= ~bit
            self.known[slot] = 0
            self.look = -1
            if action.dest == 0:
                self.bank.append(x)
            else:
                self.boats[action.dest - 1].append(x)
            self._end_turn(seat)
        elif op == _OP_RETURN:
            self._spend(seat, action.card)
            self.emit_event(_RETURNED[seat][action.card])
            slot = self.look
            if self.up >> slot & 1:  # a face-up card goes back face down: every player saw it
                self.up &= ~(1 << slot)
                self.known[slot] = (1 << self.n) - 1
            self.look = -1
            self._end_turn(seat)
        elif op == _OP_MOVE:
            self._spend(seat, action.card)
            x = action.animal
            self.emit_event(_MOVED[seat][action.card][x][action.dest])
            if x in self.bank:
                self.bank.remove(x)
            else:
                self.boats[0 if x in self.boats[0] else 1].remove(x)
            if action.dest == 0:
                self.bank.append(x)
            else:
                self.boats[action.dest - 1].append(x)
            self._end_turn(seat)
        elif op == _OP_DISCARD:
            self._spend(seat, action.card)
            self.emit_event(_DISCARDED[seat][action.card])
            self._end_turn(seat)
        elif op == _OP_PLAY:
            self._spend(seat, action.card)
            self.emit_event(_PLAYED[seat][action.card])
            self.card = action.card
            self.stage = 0
            self.peeks = []
            self.phase = CARD
        elif op == _OP_VOTE:
            self._vote(action.end, seat)
        elif op == _OP_KEEP:
            self.totems[seat] = [action.animal, action.other]
            self.emit_event(_KEPT[seat])
            self.emit_event(_KEPT_OWN[seat][action.animal][action.other])
            self.to_move = tuple(s for s in self.to_move if s != seat)
            if not self.to_move:
                self.phase = TURN
                self.to_move = (self.turn,)
        elif EFFECTS[self.card].resolve(self, seat, action):
            self.card = -1
            self.peeks = []
            self._end_turn(seat)

    def _spend(self, seat: int, kind: int) -> None:
        self.hands[seat].remove(kind)
        self.discard.append(kind)
        self.cards_left -= 1

    def _end_turn(self, seat: int) -> None:
        """RR-21, RR-18: end of a turn: the round may end, a vote may start, else the next seat."""
        self.last_turn = seat
        if not self.cards_left:
            self._end_round("hands")
        elif self.n > 2 and not self.hands[seat] and self.boats_full():
            self._start_vote(seat)
        else:
            self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        n = self.n
        s = seat + 1 if seat + 1 < n else 0
        while not self.hands[s] and not self.rmask:
            # RR-16: no card and nothing to place: the turn passes, but the vote check still runs.
            self.record_chance(_PASS[s])
            self.emit_event(_PASSED[s])
            self.last_turn = s
            if n > 2 and self.boats_full():
                self._start_vote(s)
                return
            s = s + 1 if s + 1 < n else 0
        self.phase = TURN
        self.turn = s
        self.to_move = (s,)

    def _start_vote(self, seat: int) -> None:
        self.phase = VOTE
        self.turn = seat
        self.votes = [-1] * self.n
        self.to_move = tuple(range(self.n))

    def _vote(self, choice: int, seat: int) -> None:
        """RR-19: secret simultaneous vote; a strict majority of all players for 'end' ends the round."""
        self.votes[seat] = choice
        self.emit_event(_VOTED[seat])
        self.emit_event(_VOTED_OWN[seat][choice])
        self.to_move = tuple(s for s in self.to_move if s != seat)
        if self.to_move:
            return
        passed = 2 * self.votes.count(1) > self.n
        self.last_vote = (*self.votes, int(passed))
        self.vote_round = self.rnd
        # pre-built: chance("vote: ...") and emit("vote_result", ends=[...], passed=...)
        outcome, told = _vote_result(self.votes)
        self.record_chance(outcome)
        self.emit_event(told)
        if passed:
            self._end_round("vote")
        else:
            self._next_turn(self.turn)

    def _end_round(self, how: str) -> None:
        """RR-21 reveal, RR-22 scoring, RR-25 payout, RR-29 win check, then a new round (RR-10)."""
        n = self.n
        self.chance("reveal " + "; ".join(f"seat {s} {names(self.totems[s])}" for s in range(n)))
        bank = [ANIMALS[x] for x in self.bank]
        crossing = [None if self.bstate[b] == SUNK else [ANIMALS[x] for x in self.boats[b]] for b in (0, 1)]
        row = [ANIMALS[x] for x in self.row if x >= 0]
        vp = score_round(bank, crossing, row)
        gains = [sum(vp[ANIMALS[t]] for t in self.totems[s]) for s in range(n)]
        score = self.score
        for s in range(n):
            score[s] += gains[s]
        self._report(how, bank, row, gains)
        best = max(score)
        if best >= self.target and score.count(best) == 1:
            self.emit("won", seat=score.index(best), vp=best, target=self.target)
            self.phase = OVER
            self.to_move = ()
            self.look = self.card = -1
            return
        told = _NO_WINNER.get(self.target)
        if told is None:
            told = _NO_WINNER[self.target] = _event("no_winner", target=self.target)
        self.emit_event(told)
        self._setup_round(self.last_turn)

    def _report(self, how: str, bank: list[str], row: list[str], gains: list[int]) -> None:
        """The end-of-round report as one public event: the totems are revealed now (RR-21).

        It carries where every animal stood, the totems and the points; the sentences of each
        scoring step (bank, each boat, home, survivors) are worked out from it when it is told,
        so ending a round, which random playouts do every couple of dozen steps, stays cheap.
        """
        self.emit(
            "round_scored",
            round=self.rnd,
            how=how,
            totems=[[ANIMALS[t] for t in ts] for ts in self.totems],
            bank=bank,
            boats=[[ANIMALS[x] for x in b] for b in self.boats],
            status=[BOAT_STATUS[b] for b in self.bstate],
            row=row,
            gains=gains,
            scores=list(self.score),
        )

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
