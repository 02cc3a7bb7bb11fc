"""The Ravenous River rules the engine runs: setup, the legal actions by phase, each action by kind.

``LEGAL[phase](st, seat)`` lists the legal actions; ``APPLY[op](st, action, seat)`` resolves one
(``RavenousRiverState._legal`` and ``_apply`` only look these up). What each action card does comes
from its record in the effect registry (``effects.py``); the turn's flow after each step (the end of
a turn, a vote, the end of a round) follows them here. ``reference.py`` states the same rules in
rulebook shape, and the differential test holds these to it.

The rules tell what happens as events: who looked at which slot (the animal only to that seat),
placements, votes (who voted; how, once revealed), and every step of the end-of-round scoring;
``words.py`` turns them into sentences. The events of the hot loop come ready-made from ``tables``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river import tables as T
from riverbox.games.ravenous_river.actions import Action, Op
from riverbox.games.ravenous_river.content import CARD_NAMES, DECK
from riverbox.games.ravenous_river.effects import effect_for
from riverbox.games.ravenous_river.position import (
    ALL_SLOTS,
    BOAT_STATUS,
    CARD,
    IN_PLAY,
    KEEP,
    OVER,
    PLACE,
    SUNK,
    TURN,
    VOTE,
    Phase,
    RiverBoard,
    shuffle,
)
from riverbox.games.ravenous_river.scoring import ANIMALS, score_round

# ``Final``: the compiled build reads these from C statics rather than the module dict.
EFFECTS: Final = [effect_for(name) for name in CARD_NAMES]
PLAYABLE: Final = [e.playable for e in EFFECTS]
# The action tables the legal lists read at every turn, as module names (``A.X`` is a module lookup).
_LOOKS_BY_MASK: Final = A.LOOKS_BY_MASK
_MOVES_BY_KINDS: Final = A.MOVES_BY_KINDS
_DISCARDS_BY_KINDS: Final = A.DISCARDS_BY_KINDS
_PLAY_A: Final = A.PLAY_A
_KINDS_IN: Final = T.KINDS_IN
_PLACE_CHOICES: Final = T.PLACE_CHOICES


# ------------------------------------------------------------------------------ setup
def setup(st: RiverBoard) -> None:
    """RR-10: the first player, then the first round."""
    n = st.n = st.game.players
    st.target = st.game.options["target"]
    st.rnd = 0
    st.score = [0] * n
    st.last_vote = ()
    st.vote_round = 0
    # RR-10: "the hungriest player" starts; like the digital game, pick at random or let the
    # players choose (option first_player)
    first = st.game.options["first_player"]
    start = st.rng.randrange(n) if first < 0 else first
    st.chance(f"seat {start} goes first (RR-10)")
    st.emit_event(T.FIRST[start])
    setup_round(st, start)


def setup_round(st: RiverBoard, start: int) -> None:
    """Setup steps 3-5 (RR-6, RR-7, RR-9, RR-11): a fresh row of 7, hands, totems, both boats."""
    n = st.n
    rng = st.rng
    st.rnd += 1
    st.zv += 1
    row = [0, 1, 2, 3, 4, 5, 6]
    shuffle(rng, row)
    deck = list(DECK)
    shuffle(rng, deck)
    tot = [0, 1, 2, 3, 4, 5, 6]
    shuffle(rng, tot)
    per = 4 if n == 2 else 2
    st.hands = [sorted(deck[i * per : (i + 1) * per]) for i in range(n)]
    st.deck = deck[n * per :]
    st.cards_left = n * per
    if n == 2:
        st.drawn = [sorted(tot[0:3]), sorted(tot[3:6])]
        st.totems = [[], []]
    else:
        st.drawn = []
        st.totems = [[tot[i]] for i in range(n)]
    st.chance(
        f"deal round {st.rnd}: row {T.names(row)}; deck {T.card_names(deck)}; totems {T.names(tot)}",
        visible_to=(),
    )
    st.emit_event(T.new_round(st.rnd))
    for s in range(n):
        # pre-built: chance("seat s gets ...", visible_to=(s,)) and emit("dealt", to=s, ...)
        outcome, told = T.dealt(s, n == 2, st.drawn[s] if n == 2 else st.totems[s], st.hands[s])
        st.record_chance(outcome)
        st.emit_event(told)
    st.row = row
    st.rmask = ALL_SLOTS
    st.up = 0
    st.known = [0] * 7
    st.bank = []
    st.boats = [[], []]
    st.bstate = [IN_PLAY, IN_PLAY]
    st.discard = []
    st.votes = [-1] * n
    st.look = -1
    st.card = -1
    st.stage = 0
    st.peeks = []
    st.turn = start
    st.last_turn = start
    if n == 2:
        st.phase = KEEP
        st.to_move = (0, 1)
    else:
        st.phase = TURN
        st.to_move = (start,)


# ------------------------------------------------------------------------------ legal, by phase
def _hand_kinds(st: RiverBoard, seat: int) -> int:
    km = 0
    for k in st.hands[seat]:
        km |= 1 << k
    return km


def legal_keep(st: RiverBoard, seat: int) -> list[Action]:
    """RR-7 (two players): keep two of the three drawn totems, once."""
    if st.totems[seat]:
        return []
    d = st.drawn[seat]
    keep = A.KEEP_A
    return [keep[d[0]][d[1]], keep[d[0]][d[2]], keep[d[1]][d[2]]]  # type: ignore[list-item]


def legal_turn(st: RiverBoard, seat: int) -> list[Action]:
    """RR-12: look at a row card, or use an action card: move an animal (RR-14), play (RR-15), discard."""
    # a fresh list from the pre-built tables: the base class hands out a copy of it
    acts = list(_LOOKS_BY_MASK[st.rmask])
    if not st.hands[seat]:  # RR-16: only Place
        return acts
    km = _hand_kinds(st, seat)
    moves = _MOVES_BY_KINDS  # bound once: read for every animal on the bank and in the boats
    bank = st.bank
    bstate = st.bstate
    for b in (0, 1):
        if bstate[b] == IN_PLAY:
            boat = st.boats[b]
            if len(boat) < 2:
                for x in bank:
                    acts.extend(moves[x][b + 1][km])
            for x in boat:
                acts.extend(moves[x][0][km])
    for k in _KINDS_IN[km]:
        if PLAYABLE[k](st):
            acts.append(_PLAY_A[k])
    acts.extend(_DISCARDS_BY_KINDS[km])
    return acts


def legal_place(st: RiverBoard, seat: int) -> list[Action]:
    """RR-13/RR-17: after a look, place the animal (bank, a boat with room) or return it with a card."""
    room = 0
    for b in (0, 1):
        if st.bstate[b] == IN_PLAY and len(st.boats[b]) < 2:
            room |= 1 << b
    return list(_PLACE_CHOICES[room][_hand_kinds(st, seat)])


def legal_card(st: RiverBoard, seat: int) -> list[Action]:
    """A played card's pending decision: its record says which choices it offers."""
    return EFFECTS[st.card].targets(st, seat)


def legal_vote(st: RiverBoard, seat: int) -> list[Action]:
    """RR-18/RR-19: every seat votes once, in secret."""
    return A.VOTES if st.votes[seat] < 0 else []


def legal_over(st: RiverBoard, seat: int) -> list[Action]:
    return []


_LEGAL: Final[dict[Phase, Callable[[RiverBoard, int], list[Action]]]] = {
    Phase.KEEP: legal_keep,
    Phase.TURN: legal_turn,
    Phase.PLACE: legal_place,
    Phase.CARD: legal_card,
    Phase.VOTE: legal_vote,
    Phase.OVER: legal_over,
}
LEGAL: Final = tuple(_LEGAL[phase] for phase in Phase)
"""``LEGAL[phase]``: the legal actions' function of each phase, read by index (a tuple indexed by an
int costs less to read than a dict, in either build)."""


# ------------------------------------------------------------------------------ resolving, by kind
def look(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-13: look at a row card (privately, unless it is face up), then place or return it."""
    slot = action.slot
    st.look = slot
    st.emit_event(T.LOOKED[seat][slot])
    if not st.up >> slot & 1:
        st.see(seat, slot)
    st.phase = PLACE


def place(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-13: the looked-at animal goes face up to the bank or into a boat with room."""
    slot = st.look
    x = st.row[slot]
    st.record_chance(T.PUBLIC_SHOW[slot][x])  # now face up for all
    st.emit_event(T.PLACED[seat][x][action.dest])
    st.row[slot] = -1
    bit = 1 << slot
    st.rmask &= ~bit
    st.up &= ~bit
    st.known[slot] = 0
    st.look = -1
    if action.dest == 0:
        st.bank.append(x)
    else:
        st.boats[action.dest - 1].append(x)
    end_turn(st, seat)


def return_card(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-17: pay a card to put the looked-at animal back in the row face down."""
    spend(st, seat, action.card)
    st.emit_event(T.RETURNED[seat][action.card])
    slot = st.look
    if st.up >> slot & 1:  # a face-up card goes back face down: every player saw it
        st.up &= ~(1 << slot)
        st.known[slot] = (1 << st.n) - 1
    st.look = -1
    end_turn(st, seat)


def move(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-14: pay a card to move a placed animal to the bank or into another boat with room."""
    spend(st, seat, action.card)
    x = action.animal
    st.emit_event(T.MOVED[seat][action.card][x][action.dest])
    if x in st.bank:
        st.bank.remove(x)
    else:
        st.boats[0 if x in st.boats[0] else 1].remove(x)
    if action.dest == 0:
        st.bank.append(x)
    else:
        st.boats[action.dest - 1].append(x)
    end_turn(st, seat)


def discard(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-15: a card may be discarded without effect."""
    spend(st, seat, action.card)
    st.emit_event(T.DISCARDED[seat][action.card])
    end_turn(st, seat)


def play(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-15: play a card that has a target; its pending decision follows (phase ``card``)."""
    spend(st, seat, action.card)
    st.emit_event(T.PLAYED[seat][action.card])
    st.card = action.card
    st.stage = 0
    st.peeks = []
    st.phase = CARD


def choose(st: RiverBoard, action: Action, seat: int) -> None:
    """A choice of the played card's decision: its record resolves it, and says when it is done."""
    if EFFECTS[st.card].resolve(st, seat, action):
        st.card = -1
        st.peeks = []
        end_turn(st, seat)


def vote(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-19: secret simultaneous vote; a strict majority of all players for 'end' ends the round."""
    choice = action.end
    st.votes[seat] = choice
    st.emit_event(T.VOTED[seat])
    st.emit_event(T.VOTED_OWN[seat][choice])
    st.to_move = tuple(s for s in st.to_move if s != seat)
    if st.to_move:
        return
    passed = 2 * st.votes.count(1) > st.n
    st.last_vote = (*st.votes, int(passed))
    st.vote_round = st.rnd
    # pre-built: chance("vote: ...") and emit("vote_result", ends=[...], passed=...)
    outcome, told = T.vote_result(st.votes)
    st.record_chance(outcome)
    st.emit_event(told)
    if passed:
        end_round(st, "vote")
    else:
        next_turn(st, st.turn)


def keep(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-7 (two players): keep two totems in secret; play starts when both have."""
    st.totems[seat] = [action.animal, action.other]
    st.emit_event(T.KEPT[seat])
    st.emit_event(T.KEPT_OWN[seat][action.animal][action.other])
    st.to_move = tuple(s for s in st.to_move if s != seat)
    if not st.to_move:
        st.phase = TURN
        st.to_move = (st.turn,)


_APPLY: Final[dict[Op, Callable[[RiverBoard, Action, int], None]]] = {
    Op.LOOK: look,
    Op.PLACE: place,
    Op.RETURN: return_card,
    Op.MOVE: move,
    Op.DISCARD: discard,
    Op.PLAY: play,
    **{op: choose for op in Op if Op.SAIL <= op <= Op.SKIP},  # the cards' choices: their records resolve them
    Op.VOTE: vote,
    Op.KEEP: keep,
}
APPLY: Final = tuple(_APPLY[op] for op in Op)
"""``APPLY[op]``: what each kind of action does, read by index, as ``LEGAL``."""


# ------------------------------------------------------------------------------ the turn's flow
def spend(st: RiverBoard, seat: int, kind: int) -> None:
    """A card leaves the hand for the discard pile (every use of a card, RR-14, RR-15, RR-17)."""
    st.hands[seat].remove(kind)
    st.discard.append(kind)
    st.cards_left -= 1


def end_turn(st: RiverBoard, seat: int) -> None:
    """RR-21, RR-18: end of a turn: the round may end, a vote may start, else the next seat."""
    st.last_turn = seat
    if not st.cards_left:
        end_round(st, "hands")
    elif st.n > 2 and not st.hands[seat] and st.boats_full():
        start_vote(st, seat)
    else:
        next_turn(st, seat)


def next_turn(st: RiverBoard, seat: int) -> None:
    """The next seat in order moves; RR-16: one with no card and nothing to place passes."""
    n = st.n
    s = seat + 1 if seat + 1 < n else 0
    while not st.hands[s] and not st.rmask:
        # RR-16: no card and nothing to place: the turn passes, but the vote check still runs.
        st.record_chance(T.PASS[s])
        st.emit_event(T.PASSED[s])
        st.last_turn = s
        if n > 2 and st.boats_full():
            start_vote(st, s)
            return
        s = s + 1 if s + 1 < n else 0
    st.phase = TURN
    st.turn = s
    st.to_move = (s,)


def start_vote(st: RiverBoard, seat: int) -> None:
    """RR-18: with the boats full, a seat that ran out of cards calls a vote of every seat."""
    st.phase = VOTE
    st.turn = seat
    st.votes = [-1] * st.n
    st.to_move = tuple(range(st.n))


def end_round(st: RiverBoard, how: str) -> None:
    """RR-21 reveal, RR-22 scoring, RR-25 payout, RR-29 win check, then a new round (RR-10)."""
    n = st.n
    st.chance("reveal " + "; ".join(f"seat {s} {T.names(st.totems[s])}" for s in range(n)))
    bank = [ANIMALS[x] for x in st.bank]
    crossing = [None if st.bstate[b] == SUNK else [ANIMALS[x] for x in st.boats[b]] for b in (0, 1)]
    row = [ANIMALS[x] for x in st.row if x >= 0]
    vp = score_round(bank, crossing, row)
    gains = [sum(vp[ANIMALS[t]] for t in st.totems[s]) for s in range(n)]
    score = st.score
    for s in range(n):
        score[s] += gains[s]
    report(st, how, bank, row, gains)
    best = max(score)
    if best >= st.target and score.count(best) == 1:
        st.emit("won", seat=score.index(best), vp=best, target=st.target)
        st.phase = OVER
        st.to_move = ()
        st.look = st.card = -1
        return
    st.emit_event(T.no_winner(st.target))
    setup_round(st, st.last_turn)


def report(st: RiverBoard, how: str, bank: list[str], row: list[str], gains: list[int]) -> None:
    """The end-of-round report as one public event: the totems are revealed now (RR-21).

    It carries where every animal stood, the totems and the points; the sentences of each
    scoring step (bank, each boat, home, survivors) are worked out from it when it is told,
    so ending a round, which random playouts do every couple of dozen steps, stays cheap.
    """
    st.emit(
        "round_scored",
        round=st.rnd,
        how=how,
        totems=[[ANIMALS[t] for t in ts] for ts in st.totems],
        bank=bank,
        boats=[[ANIMALS[x] for x in b] for b in st.boats],
        status=[BOAT_STATUS[b] for b in st.bstate],
        row=row,
        gains=gains,
        scores=list(st.score),
    )
