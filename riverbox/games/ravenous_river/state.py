"""The Ravenous River state: setup, legal actions, apply, views, determinize and JSON.

Representation (chosen for speed, see the module of the actions): animals, card kinds and seats
are small ints; the row is 7 slots (``-1`` when empty) with bitmasks for occupied and face-up
slots and, per slot, a bitmask of the seats that know the face-down card there. Hands are sorted
lists of card kinds. A round moves through phases: ``keep`` (2 players only), ``turn``, ``place``
(after a look), ``card`` (a played card's pending decision), ``vote``, and ``over`` at the end.
"""

from __future__ import annotations

from math import factorial
from typing import TYPE_CHECKING, Any

from riverbox.core import CHANCE, Chance, Rng, State
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.actions import DESTS, Action
from riverbox.games.ravenous_river.cards import CARD_NAMES, CARDS, DECK, NUM_KINDS
from riverbox.games.ravenous_river.effects import IN_PLAY, SUNK, effect_for
from riverbox.games.ravenous_river.scoring import ANIMALS, score_round
from riverbox.games.ravenous_river.view import build_view

if TYPE_CHECKING:
    from riverbox.games.ravenous_river.game import RavenousRiver  # noqa: F401 - in State["RavenousRiver"]

KEEP, TURN, PLACE, CARD, VOTE, OVER = 0, 1, 2, 3, 4, 5
PHASES = ("keep", "turn", "place", "card", "vote", "over")
BOAT_STATUS = ("in play", "sailed", "sunk")
ALL_SLOTS = (1 << 7) - 1

EFFECTS = [effect_for(name) for name in CARD_NAMES]
PLAYABLE = [e.playable for e in EFFECTS]
_PLACE_CHOICES = [
    [
        (A.PLACE_A[0], *(A.PLACE_A[b + 1] for b in (0, 1) if room >> b & 1), *A.RETURNS_BY_KINDS[km])
        for km in range(1 << NUM_KINDS)
    ]
    for room in range(4)
]
"""Choices after a look, by (mask of boats with room, mask of card kinds in hand) (RR-13, RR-17)."""
KINDS_IN = [tuple(k for k in range(NUM_KINDS) if m >> k & 1) for m in range(1 << NUM_KINDS)]
_ANIMAL_NAMES = ANIMALS
_CARD_NAMES = CARD_NAMES

# Pre-built chance outcomes for the hot loop (a look or peek is private, a placed card public).
_PRIVATE_LOOK = [
    [[Chance(f"row{i + 1} is {ANIMALS[x]}", frozenset((s,))) for x in range(7)] for i in range(7)]
    for s in range(7)
]
_PUBLIC_SHOW = [[Chance(f"row{i + 1} is {ANIMALS[x]}") for x in range(7)] for i in range(7)]
_PASS = [Chance(f"seat {s} cannot act: no cards and an empty row (RR-16)") for s in range(7)]
_FACT = {k: factorial(k) for k in range(1, 15)}
_SPAN = 1 << 64


def shuffle(rng: Rng, seq: list[int]) -> None:
    """Uniform Fisher-Yates shuffle drawing one 64-bit number (mixed-radix digits of it).

    ``len(seq)! <= 14! < 2**64``; rejection keeps every permutation exactly equally likely.
    """
    n = len(seq)
    if n < 2:
        return
    p = _FACT[n]
    limit = _SPAN - _SPAN % p
    x = rng.next64()
    while x >= limit:
        x = rng.next64()
    for i in range(n - 1, 0, -1):
        x, j = divmod(x, i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def names(items: list[int]) -> str:
    return " ".join(map(_ANIMAL_NAMES.__getitem__, items))


def card_names(items: list[int]) -> str:
    return " ".join(map(_CARD_NAMES.__getitem__, items))


class RavenousRiverState(State["RavenousRiver"]):
    """One position of Ravenous River (see the module docstring for the representation)."""

    n: int
    target: int
    rnd: int
    phase: int
    turn: int
    last_turn: int
    row: list[int]
    rmask: int
    up: int
    known: list[int]
    """Per row slot, the seats that know the face-down card there (0 for empty or face-up slots)."""
    bank: list[int]
    boats: list[list[int]]
    bstate: list[int]
    hands: list[list[int]]
    cards_left: int
    deck: list[int]
    discard: list[int]
    totems: list[list[int]]
    drawn: list[list[int]]
    score: list[int]
    votes: list[int]
    look: int
    card: int
    stage: int
    peeks: list[int]
    vote_hist: int
    round_hist: int
    round_log: list[list[Any]]
    last_vote: list[int] | None
    vote_round: int
    """The round in which ``last_vote`` was revealed, so a screen can say it is an earlier vote."""
    # view caches (never copied, never serialised): see view.build_view
    _vkey: int = -1
    _vpub: dict[str, Any] = {}  # noqa: RUF012 - replaced per instance before use
    _vknown: int = 0
    _vparts: tuple[Any, ...] | None = None
    _vcards: tuple[Any, ...] | None = None
    _vzones: tuple[Any, ...] | None = None
    _vseat: dict[int, tuple[Any, ...]] = {}  # noqa: RUF012 - replaced per instance before use
    zv: int = 0
    """Zones version: bumped whenever the row, the bank, the boats or row knowledge change, so views
    rebuild those parts only then (per object; never copied or serialised)."""

    # -- setup ------------------------------------------------------------------------------
    def _setup_game(self) -> None:
        n = self.n = self.game.players
        self.target = self.game.options["target"]
        self.rnd = 0
        self.score = [0] * n
        self.round_log = []
        self.last_vote = None
        self.vote_round = 0
        # RR-10: "the hungriest player" starts; like the digital game, pick at random or let the
        # players choose (option first_player)
        first = self.game.options["first_player"]
        start = self.rng.randrange(n) if first < 0 else first
        self.chance(f"seat {start} goes first (RR-10)")
        self._setup_round(start)

    def _setup_round(self, start: int) -> None:
        """Setup steps 3-5 (RR-6, RR-7, RR-9, RR-11): a fresh row of 7, hands, totems, both boats."""
        n = self.n
        rng = self.rng
        self.rnd += 1
        self.zv += 1
        self.round_hist = len(self.history)
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
        for s in range(n):
            got = self.drawn[s] if n == 2 else self.totems[s]
            self.chance(
                f"seat {s} gets {'totems' if n == 2 else 'totem'} {names(got)};"
                f" cards {card_names(self.hands[s])}",
                visible_to=(s,),
            )
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
        self.vote_hist = -1
        self.turn = start
        self.last_turn = start
        if n == 2:
            self.phase = KEEP
            self.to_move = (0, 1)
        else:
            self.phase = TURN
            self.to_move = (start,)

    # -- small helpers used by effects -------------------------------------------------------
    def see(self, seat: int, slot: int) -> None:
        """``seat`` privately learns the face-down card in ``slot`` (RR-13 look, Lookout peek)."""
        self.known[slot] |= 1 << seat
        self.history.append((CHANCE, _PRIVATE_LOOK[seat][slot][self.row[slot]]))

    def turn_face_up(self, slot: int) -> None:
        self.up |= 1 << slot
        self.known[slot] = 0  # ``known`` is about face-down cards only
        self.history.append((CHANCE, _PUBLIC_SHOW[slot][self.row[slot]]))

    def put_in_row(self, animal: int) -> None:
        """Put a known animal face up into the first empty row slot (Wash Ashore)."""
        slot = 0
        while self.row[slot] >= 0:
            slot += 1
        self.row[slot] = animal
        bit = 1 << slot
        self.rmask |= bit
        self.up |= bit
        self.known[slot] = 0

    def boats_full(self) -> bool:
        """RR-18/RR-3: every boat still in play is full (true when none is in play)."""
        b0, b1 = self.boats
        bs = self.bstate
        return (bs[0] != IN_PLAY or len(b0) == 2) and (bs[1] != IN_PLAY or len(b1) == 2)

    def where(self, animal: int) -> int:
        """-1 row/unknown, 0 bank, 1 boat1, 2 boat2 (only for placed, face-up animals)."""
        if animal in self.bank:
            return 0
        if animal in self.boats[0]:
            return 1
        if animal in self.boats[1]:
            return 2
        return -1

    # -- legal actions -----------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Any]:
        ph = self.phase
        if ph == TURN:
            hand = self.hands[seat]
            if not hand:  # RR-16: only Place (shared tuple: the base class copies before handing out)
                return list(A.LOOKS_BY_MASK[self.rmask])  # a list, as declared (compiled code checks)
            acts = list(A.LOOKS_BY_MASK[self.rmask])
            if hand:
                km = 0
                for k in hand:
                    km |= 1 << k
                bank = self.bank
                bstate = self.bstate
                for b in (0, 1):
                    if bstate[b] == IN_PLAY:
                        boat = self.boats[b]
                        if len(boat) < 2:
                            for x in bank:
                                acts.extend(A.MOVES_BY_KINDS[x][b + 1][km])
                        for x in boat:
                            acts.extend(A.MOVES_BY_KINDS[x][0][km])
                for k in KINDS_IN[km]:
                    if PLAYABLE[k](self):
                        acts.append(A.PLAY_A[k])
                acts.extend(A.DISCARDS_BY_KINDS[km])
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
        if op <= A.MOVE or (op >= A.SAIL and op != A.VOTE and op != A.KEEP):
            self.zv += 1
        if op == A.LOOK:
            slot = action.a
            self.look = slot
            if not self.up >> slot & 1:
                self.see(seat, slot)
            self.phase = PLACE
        elif op == A.PLACE:
            slot = self.look
            x = self.row[slot]
            self.history.append((CHANCE, _PUBLIC_SHOW[slot][x]))  # now face up for all
            self.row[slot] = -1
            bit = 1 << slot
            self.rmask &= ~bit
            self.up &= ~bit
            self.known[slot] = 0
            self.look = -1
            if action.a == 0:
                self.bank.append(x)
            else:
                self.boats[action.a - 1].append(x)
            self._end_turn(seat)
        elif op == A.RETURN:
            self._spend(seat, action.a)
            slot = self.look
            if self.up >> slot & 1:  # a face-up card goes back face down: every player saw it
                self.up &= ~(1 << slot)
                self.known[slot] = (1 << self.n) - 1
            self.look = -1
            self._end_turn(seat)
        elif op == A.MOVE:
            self._spend(seat, action.c)
            x = action.a
            if x in self.bank:
                self.bank.remove(x)
            else:
                self.boats[0 if x in self.boats[0] else 1].remove(x)
            if action.b == 0:
                self.bank.append(x)
            else:
                self.boats[action.b - 1].append(x)
            self._end_turn(seat)
        elif op == A.DISCARD:
            self._spend(seat, action.a)
            self._end_turn(seat)
        elif op == A.PLAY:
            self._spend(seat, action.a)
            self.card = action.a
            self.stage = 0
            self.peeks = []
            self.phase = CARD
        elif op == A.VOTE:
            self._vote(action.a, seat)
        elif op == A.KEEP:
            self.totems[seat] = [action.a, action.b]
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
            self.history.append((CHANCE, _PASS[s]))
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
        self.vote_hist = len(self.history)
        self.to_move = tuple(range(self.n))

    def _vote(self, choice: int, seat: int) -> None:
        """RR-19: secret simultaneous vote; a strict majority of all players for 'end' ends the round."""
        self.votes[seat] = choice
        self.to_move = tuple(s for s in self.to_move if s != seat)
        if self.to_move:
            return
        ends = sum(1 for v in self.votes if v == 1)
        passed = 2 * ends > self.n
        self.last_vote = [*self.votes, int(passed)]
        self.vote_round = self.rnd
        outcome = "the round ends" if passed else "play continues"
        each = ", ".join(f"seat {s} {'end' if v == 1 else 'continue'}" for s, v in enumerate(self.votes))
        self.chance(f"vote: {each}; {ends} end, {self.n - ends} continue -> {outcome}")
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
        self.round_log.append(
            [
                self.rnd,
                how,
                list(self.bank),
                [list(b) for b in self.boats],
                list(self.bstate),
                [x for x in self.row if x >= 0],
                [list(t) for t in self.totems],
                gains,
                list(score),
            ]
        )
        best = max(score)
        if best >= self.target and score.count(best) == 1:
            self.phase = OVER
            self.to_move = ()
            self.look = self.card = -1
            return
        self._setup_round(self.last_turn)

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
        return build_view(self, seat)  # what ``seat`` may know (see view.py)

    def explain_illegal(self, action: Any, seat: int) -> str:
        if not isinstance(action, Action):
            return (
                f"ravenous-river: {action!r} is not a Ravenous River action; turn notation such as"
                " 'look row1' into one with game.parse_action(text)"
            )
        from riverbox.games.ravenous_river.explain import why_illegal

        return f"ravenous-river: {action} is not legal now: {why_illegal(self, action, seat)}"

    # -- copying, determinizing, JSON --------------------------------------------------------
    def _copy_body(self, other: State) -> None:
        o: Any = other
        o.n = self.n
        o.target = self.target
        o.rnd = self.rnd
        o.phase = self.phase
        o.turn = self.turn
        o.last_turn = self.last_turn
        o.row = self.row[:]
        o.rmask = self.rmask
        o.up = self.up
        o.known = self.known[:]
        o.bank = self.bank[:]
        o.boats = [self.boats[0][:], self.boats[1][:]]
        o.bstate = self.bstate[:]
        o.hands = [h[:] for h in self.hands]
        o.cards_left = self.cards_left
        o.deck = self.deck[:]
        o.discard = self.discard[:]
        o.totems = [t[:] for t in self.totems]
        o.drawn = [d[:] for d in self.drawn]
        o.score = self.score[:]
        o.votes = self.votes[:]
        o.look = self.look
        o.card = self.card
        o.stage = self.stage
        o.peeks = self.peeks[:]
        o.vote_hist = self.vote_hist
        o.round_hist = self.round_hist
        o.round_log = self.round_log[:]  # entries are never changed once written
        o.last_vote = self.last_vote
        o.vote_round = self.vote_round
        o.to_move = self.to_move

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

    def _body_to_json(self) -> Any:
        return {
            "rnd": self.rnd,
            "phase": self.phase,
            "turn": self.turn,
            "last_turn": self.last_turn,
            "row": list(self.row),
            "up": self.up,
            "known": list(self.known),
            "bank": list(self.bank),
            "boats": [list(b) for b in self.boats],
            "bstate": list(self.bstate),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "totems": [list(t) for t in self.totems],
            "drawn": [list(d) for d in self.drawn],
            "score": list(self.score),
            "votes": list(self.votes),
            "look": self.look,
            "card": self.card,
            "stage": self.stage,
            "peeks": list(self.peeks),
            "vote_hist": self.vote_hist,
            "round_hist": self.round_hist,
            "log": [[*e[:2], *[_deep(x) for x in e[2:]]] for e in self.round_log],
            "last_vote": None if self.last_vote is None else list(self.last_vote),
            "vote_round": self.vote_round,
            "to_move": list(self.to_move),
        }

    def _body_from_json(self, body: Any) -> None:
        self.n = self.game.players
        self.target = self.game.options["target"]
        self.rnd = int(body["rnd"])
        self.phase = int(body["phase"])
        self.turn = int(body["turn"])
        self.last_turn = int(body["last_turn"])
        self.row = [int(x) for x in body["row"]]
        self.rmask = sum(1 << i for i, x in enumerate(self.row) if x >= 0)
        self.up = int(body["up"])
        self.known = [int(x) for x in body["known"]]
        self.bank = list(body["bank"])
        self.boats = [list(b) for b in body["boats"]]
        self.bstate = list(body["bstate"])
        self.hands = [list(h) for h in body["hands"]]
        self.cards_left = sum(len(h) for h in self.hands)
        self.deck = list(body["deck"])
        self.discard = list(body["discard"])
        self.totems = [list(t) for t in body["totems"]]
        self.drawn = [list(d) for d in body["drawn"]]
        self.score = list(body["score"])
        self.votes = list(body["votes"])
        self.look = int(body["look"])
        self.card = int(body["card"])
        self.stage = int(body["stage"])
        self.peeks = list(body["peeks"])
        self.vote_hist = int(body["vote_hist"])
        self.round_hist = int(body["round_hist"])
        self.round_log = [[*e[:2], *[_deep(x) for x in e[2:]]] for e in body["log"]]
        self.last_vote = None if body["last_vote"] is None else list(body["last_vote"])
        # records written before the vote's round was kept: the current round is the best guess
        self.vote_round = int(body.get("vote_round", self.rnd))
        self.to_move = tuple(body["to_move"])


def _deep(x: Any) -> Any:
    if isinstance(x, list):
        return [_deep(y) for y in x]
    return x


__all__ = ["BOAT_STATUS", "CARDS", "DESTS", "PHASES", "RavenousRiverState"]
