"""Ravenous River's rules in rulebook shape: what a reviewer reads and a rule change edits first.

One function per rule, plain loops over the animals, the row, the boats and the hand; no tables,
masks or prebuilt events. The engine (``rules.py``, ``effects.py``, ``scoring.py``) is the fast
form of the same rules, and ``tests/games/ravenous_river/test_reference.py`` plays many seeded
games with both, step by step, and fails on any difference in the legal actions, the events told,
the chance outcomes recorded, the position or the scores.

The functions read and write a ``RiverBoard`` (the declared fields of ``position.py``) and tell
what happens through the core's public ``emit`` and ``chance``. Shuffling draws from the state's
generator with ``position.shuffle``, as the engine does, so both deal the same cards.
"""

from __future__ import annotations

from riverbox.games.ravenous_river.actions import (
    CAPSIZE_A,
    CROSS_A,
    DISCARD_A,
    KEEP_A,
    LOOK_A,
    MOVE_A,
    PEEK1_A,
    PEEK2_A,
    PLACE_A,
    PLAY_A,
    RETURN_A,
    REVEAL_A,
    SAIL_A,
    SINK_A,
    SKIP_A,
    VOTE_CONTINUE,
    VOTE_END,
    WASH_A,
    WAVES_A,
    Action,
    Op,
)
from riverbox.games.ravenous_river.content import CARD_NAMES, DECK
from riverbox.games.ravenous_river.position import BOAT_STATUS, Boat, Phase, RiverBoard, shuffle
from riverbox.games.ravenous_river.scoring import ANIMALS

BANK = 0
"""A destination: 0 the bank, 1 and 2 the boats."""


# ----------------------------------------------------------------------------- the animals
def eats(hunter: int, victim: int) -> bool:
    """RR-5: each animal eats the next one in the cycle; the mouse eats the lion."""
    return victim == (hunter + 1) % 7


def predation(animals: list[int]) -> tuple[dict[int, int], list[int]]:
    """RR-23: at one place, an animal whose predator is there is eaten; an uneaten animal scores
    1 VP per animal in the unbroken run of prey below it. All eating is simultaneous."""
    here = set(animals)
    points: dict[int, int] = {}
    survivors = []
    for x in sorted(here):
        predator = (x - 1) % 7
        if predator in here:
            continue
        survivors.append(x)
        run = 0
        prey = (x + 1) % 7
        while prey in here and prey != x:
            run += 1
            prey = (prey + 1) % 7
        if run:
            points[x] = run
    return points, survivors


def round_points(bank: list[int], boats: list[list[int] | None], row: list[int]) -> list[int]:
    """RR-22: bank, then each crossing boat on its own, then home; RR-24: points earned at a step
    stay even if the animal is eaten later; RR-4: survivors on the bank and in the row score 1,
    at home 2."""
    vp = [0] * 7
    points, bank_alive = predation(bank)
    for x, v in points.items():
        vp[x] += v
    arrivals: list[int] = []
    for boat in boats:
        if boat is None:  # RR-3: a sunk boat does not cross
            continue
        points, alive = predation(boat)
        for x, v in points.items():
            vp[x] += v
        arrivals.extend(alive)
    points, home_alive = predation(arrivals)
    for x, v in points.items():
        vp[x] += v
    for x in range(7):
        if x in bank_alive or x in row:
            vp[x] += 1
        elif x in home_alive:
            vp[x] += 2
    return vp


# ----------------------------------------------------------------------------- where things are
def in_play(st: RiverBoard, boat: int) -> bool:
    """RR-28: a sailed or sunk boat is never a target."""
    return st.bstate[boat] == Boat.IN_PLAY


def has_room(st: RiverBoard, boat: int) -> bool:
    """RR-17: a boat holds two animals."""
    return in_play(st, boat) and len(st.boats[boat]) < 2


def row_slots(st: RiverBoard) -> list[int]:
    return [i for i in range(7) if st.row[i] >= 0]


def face_up(st: RiverBoard, slot: int) -> bool:
    return bool(st.up >> slot & 1)


def kinds_in_hand(st: RiverBoard, seat: int) -> list[int]:
    return sorted(set(st.hands[seat]))


# ----------------------------------------------------------------------------- the cards' targets
def card_choices(st: RiverBoard, kind: int, stage: int) -> list[Action]:
    """The choices of a card's decision at ``stage`` (RR-15: a card is playable when its first
    decision has one)."""
    name = CARD_NAMES[kind]
    if name == "ride-across-the-river":  # RR-1: a full boat sails home
        return [SAIL_A[b] for b in (0, 1) if in_play(st, b) and len(st.boats[b]) == 2]
    if name == "making-waves":  # RR-2: swap a boat animal with a face-up row animal
        out: list[Action] = []
        for b in (0, 1):
            if in_play(st, b):
                for x in st.boats[b]:
                    out.extend(WAVES_A[x][i] for i in row_slots(st) if face_up(st, i))
        return out
    if name == "sinking-options":  # RR-3: an empty boat sinks
        return [SINK_A[b] for b in (0, 1) if in_play(st, b) and not st.boats[b]]
    if name == "lookout":  # look at one or two face-down row animals, then maybe turn one up
        if stage == 0:
            down = [i for i in row_slots(st) if not face_up(st, i)]
            out = [PEEK1_A[i] for i in down]
            out.extend(PEEK2_A[i][j] for i in down for j in down if i < j)  # type: ignore[misc]
            return out
        return [*(REVEAL_A[i] for i in st.peeks), SKIP_A]
    if name == "capsize":  # a boat empties onto the bank
        return [CAPSIZE_A[b] for b in (0, 1) if in_play(st, b) and st.boats[b]]
    if name == "crosscurrent":  # one animal of each boat swaps places
        if not (in_play(st, 0) and in_play(st, 1)):
            return []
        return [CROSS_A[x][y] for x in st.boats[0] for y in st.boats[1]]  # type: ignore[misc]
    if name == "wash-ashore":  # a bank animal goes back to the row, face up
        return [WASH_A[x] for x in st.bank]
    return []


# ----------------------------------------------------------------------------- legal actions
def legal(st: RiverBoard, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now, phase by phase."""
    if seat not in st.to_move:
        return []
    if st.phase == Phase.KEEP:  # RR-7: keep two of the three drawn totems
        if st.totems[seat]:
            return []
        d = st.drawn[seat]
        return [KEEP_A[a][b] for i, a in enumerate(d) for b in d[i + 1 :]]  # type: ignore[misc]
    if st.phase == Phase.TURN:
        return turn_actions(st, seat)
    if st.phase == Phase.PLACE:  # RR-13, RR-17
        out = [PLACE_A[BANK]] + [PLACE_A[b + 1] for b in (0, 1) if has_room(st, b)]
        out.extend(RETURN_A[k] for k in kinds_in_hand(st, seat))
        return out
    if st.phase == Phase.CARD:
        return card_choices(st, st.card, st.stage)
    if st.phase == Phase.VOTE:  # RR-19
        return [VOTE_END, VOTE_CONTINUE] if st.votes[seat] < 0 else []
    return []


def turn_actions(st: RiverBoard, seat: int) -> list[Action]:
    """RR-12: look at a row card; or, with a card in hand, move an animal (RR-14), play a card that
    has a target (RR-15) or discard one; RR-16: with no card only a look."""
    out = [LOOK_A[i] for i in row_slots(st)]
    kinds = kinds_in_hand(st, seat)
    for b in (0, 1):
        if not in_play(st, b):
            continue
        if len(st.boats[b]) < 2:
            for x in st.bank:
                out.extend(MOVE_A[x][b + 1][k] for k in kinds)
        for x in st.boats[b]:
            out.extend(MOVE_A[x][BANK][k] for k in kinds)
    out.extend(PLAY_A[k] for k in kinds if card_choices(st, k, 0))
    out.extend(DISCARD_A[k] for k in kinds)
    return out


# ----------------------------------------------------------------------------- setup
def setup(st: RiverBoard) -> None:
    """RR-10: the first player (at random unless the option names one), then the first round."""
    n = st.n = st.game.players
    st.target = st.game.options["target"]
    st.rnd = 0
    st.score = [0] * n
    st.last_vote = ()
    st.vote_round = 0
    first = st.game.options["first_player"]
    start = st.rng.randrange(n) if first < 0 else first
    st.chance(f"seat {start} goes first (RR-10)")
    st.emit("first", seat=start)
    new_round(st, start)


def animals(xs: list[int]) -> str:
    return " ".join(ANIMALS[x] for x in xs)


def new_round(st: RiverBoard, start: int) -> None:
    """RR-6, RR-7, RR-9, RR-11: seven animals face down in a row, two cards each (four with two
    players), one totem each (two players: draw three, keep two), both boats empty and in play."""
    n = st.n
    st.rnd += 1
    row = list(range(7))
    shuffle(st.rng, row)
    deck = list(DECK)
    shuffle(st.rng, deck)
    totems = list(range(7))
    shuffle(st.rng, totems)
    per = 4 if n == 2 else 2
    st.hands = [sorted(deck[i * per : (i + 1) * per]) for i in range(n)]
    st.deck = deck[n * per :]
    st.cards_left = n * per
    if n == 2:
        st.drawn = [sorted(totems[0:3]), sorted(totems[3:6])]
        st.totems = [[], []]
    else:
        st.drawn = []
        st.totems = [[totems[i]] for i in range(n)]
    cards = " ".join(CARD_NAMES[k] for k in deck)
    st.chance(
        f"deal round {st.rnd}: row {animals(row)}; deck {cards}; totems {animals(totems)}", visible_to=()
    )
    st.emit("new_round", round=st.rnd)
    for s in range(n):
        got = st.drawn[s] if n == 2 else st.totems[s]
        hand = " ".join(CARD_NAMES[k] for k in st.hands[s])
        st.chance(
            f"seat {s} gets {'totems' if n == 2 else 'totem'} {animals(got)}; cards {hand}", visible_to=(s,)
        )
        st.emit(
            "dealt",
            to=s,
            seat=s,
            totems=[ANIMALS[t] for t in got],
            cards=[CARD_NAMES[k] for k in st.hands[s]],
            keep=n == 2,
        )
    st.row = row
    st.rmask = (1 << 7) - 1
    st.up = 0
    st.known = [0] * 7
    st.bank = []
    st.boats = [[], []]
    st.bstate = [Boat.IN_PLAY, Boat.IN_PLAY]
    st.discard = []
    st.votes = [-1] * n
    st.look = st.card = -1
    st.stage = 0
    st.peeks = []
    st.turn = st.last_turn = start
    if n == 2:
        st.phase = Phase.KEEP
        st.to_move = (0, 1)
    else:
        st.phase = Phase.TURN
        st.to_move = (start,)


# ----------------------------------------------------------------------------- one action
def apply(st: RiverBoard, action: Action, seat: int) -> None:
    """Resolve one legal action of ``seat``."""
    op = action.op
    if op == Op.KEEP:
        keep_totems(st, action, seat)
    elif op == Op.LOOK:
        look(st, action.slot, seat)
    elif op == Op.PLACE:
        place(st, action.dest, seat)
    elif op == Op.RETURN:
        return_to_row(st, action.card, seat)
    elif op == Op.MOVE:
        move(st, action, seat)
    elif op == Op.DISCARD:
        pay(st, seat, action.card)
        st.emit("discarded", seat=seat, card=CARD_NAMES[action.card])
        end_turn(st, seat)
    elif op == Op.PLAY:
        pay(st, seat, action.card)
        st.emit("played", seat=seat, card=CARD_NAMES[action.card])
        st.card, st.stage, st.peeks = action.card, 0, []
        st.phase = Phase.CARD
    elif op == Op.VOTE:
        vote(st, action.end, seat)
    elif resolve_card(st, action, seat):
        st.card = -1
        st.peeks = []
        end_turn(st, seat)


def keep_totems(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-7: a seat keeps two totems in secret; the first turn starts once both have."""
    st.totems[seat] = [action.animal, action.other]
    st.emit("kept", but=seat, seat=seat)
    st.emit("kept_own", to=seat, seat=seat, totems=[ANIMALS[action.animal], ANIMALS[action.other]])
    st.to_move = tuple(s for s in st.to_move if s != seat)
    if not st.to_move:
        st.phase = Phase.TURN
        st.to_move = (st.turn,)


def see(st: RiverBoard, seat: int, slot: int) -> None:
    """A seat learns the face-down animal in a slot; no one else does."""
    st.known[slot] |= 1 << seat
    x = st.row[slot]
    st.chance(f"row{slot + 1} is {ANIMALS[x]}", visible_to=(seat,))
    st.emit("saw", to=seat, slot=slot, animal=ANIMALS[x])


def look(st: RiverBoard, slot: int, seat: int) -> None:
    """RR-13: look at a row card, then place it or pay to put it back."""
    st.look = slot
    st.emit("looked", seat=seat, slot=slot)
    if not face_up(st, slot):
        see(st, seat, slot)
    st.phase = Phase.PLACE


def place(st: RiverBoard, dest: int, seat: int) -> None:
    """RR-13: the looked-at animal goes face up onto the bank or into a boat with room."""
    slot = st.look
    x = st.row[slot]
    st.chance(f"row{slot + 1} is {ANIMALS[x]}")
    st.emit("placed", seat=seat, animal=ANIMALS[x], dest=dest)
    st.row[slot] = -1
    st.rmask &= ~(1 << slot)
    st.up &= ~(1 << slot)
    st.known[slot] = 0
    st.look = -1
    put(st, x, dest)
    end_turn(st, seat)


def put(st: RiverBoard, x: int, dest: int) -> None:
    if dest == BANK:
        st.bank.append(x)
    else:
        st.boats[dest - 1].append(x)


def return_to_row(st: RiverBoard, kind: int, seat: int) -> None:
    """RR-17: pay a card to leave the animal in the row face down (every seat saw a face-up one)."""
    pay(st, seat, kind)
    st.emit("returned", seat=seat, card=CARD_NAMES[kind])
    slot = st.look
    if face_up(st, slot):
        st.up &= ~(1 << slot)
        st.known[slot] = (1 << st.n) - 1
    st.look = -1
    end_turn(st, seat)


def move(st: RiverBoard, action: Action, seat: int) -> None:
    """RR-14: pay a card to move a placed animal between the bank and a boat with room."""
    pay(st, seat, action.card)
    x = action.animal
    st.emit("moved", seat=seat, card=CARD_NAMES[action.card], animal=ANIMALS[x], dest=action.dest)
    if x in st.bank:
        st.bank.remove(x)
    else:
        for boat in st.boats:
            if x in boat:
                boat.remove(x)
                break
    put(st, x, action.dest)
    end_turn(st, seat)


def pay(st: RiverBoard, seat: int, kind: int) -> None:
    """Every use of a card discards it."""
    st.hands[seat].remove(kind)
    st.discard.append(kind)
    st.cards_left -= 1


def resolve_card(st: RiverBoard, action: Action, seat: int) -> bool:
    """One choice of the played card; True when the card is done."""
    op = action.op
    if op == Op.SAIL:  # RR-1
        st.bstate[action.boat] = Boat.SAILED
        st.emit("sailed", seat=seat, boat=action.boat)
    elif op == Op.WAVES:  # RR-2: both animals stay face up
        x, slot = action.animal, action.slot
        other = st.row[slot]
        for boat in st.boats:
            if x in boat:
                boat[boat.index(x)] = other
                break
        st.emit("swapped_row", seat=seat, animal=ANIMALS[x], slot=slot, other=ANIMALS[other])
        st.row[slot] = x
    elif op == Op.SINK:  # RR-3
        st.bstate[action.boat] = Boat.SUNK
        st.emit("sank", seat=seat, boat=action.boat)
    elif op == Op.PEEK:
        st.peeks = [action.slot] if action.slot2 < 0 else [action.slot, action.slot2]
        st.emit("peeked", seat=seat, slots=list(st.peeks))
        for slot in st.peeks:
            see(st, seat, slot)
        st.stage = 1
        return False
    elif op == Op.REVEAL:
        slot = action.slot
        st.emit("turned_up", seat=seat, slot=slot)
        st.up |= 1 << slot
        st.known[slot] = 0
        st.chance(f"row{slot + 1} is {ANIMALS[st.row[slot]]}")
        st.emit("shown", slot=slot, animal=ANIMALS[st.row[slot]])
    elif op == Op.SKIP:
        st.emit("skipped", seat=seat)
    elif op == Op.CAPSIZE:
        st.bank.extend(st.boats[action.boat])
        st.boats[action.boat].clear()
        st.emit("capsized", seat=seat, boat=action.boat)
    elif op == Op.CROSS:
        b0, b1 = st.boats
        i, j = b0.index(action.animal), b1.index(action.other)
        b0[i], b1[j] = action.other, action.animal
        st.emit("swapped_boats", seat=seat, animal=ANIMALS[action.animal], other=ANIMALS[action.other])
    elif op == Op.WASH:  # back into the first empty slot, face up
        st.bank.remove(action.animal)
        slot = st.row.index(-1)
        st.row[slot] = action.animal
        st.rmask |= 1 << slot
        st.up |= 1 << slot
        st.known[slot] = 0
        st.emit("washed", seat=seat, animal=ANIMALS[action.animal])
    return True


# ----------------------------------------------------------------------------- the turn's end
def boats_full(st: RiverBoard) -> bool:
    """RR-18: every boat still in play is full."""
    return all(not in_play(st, b) or len(st.boats[b]) == 2 for b in (0, 1))


def end_turn(st: RiverBoard, seat: int) -> None:
    """RR-21: the round ends when no card is left in any hand; RR-18: with the boats full, a seat
    (of three or more) that just ran out of cards calls a vote; else the next seat moves."""
    st.last_turn = seat
    if sum(len(h) for h in st.hands) == 0:
        end_round(st, "hands")
    elif st.n > 2 and not st.hands[seat] and boats_full(st):
        start_vote(st, seat)
    else:
        next_turn(st, seat)


def next_turn(st: RiverBoard, seat: int) -> None:
    """The next seat moves; RR-16: a seat with no card and an empty row passes (the vote check
    still runs)."""
    s = (seat + 1) % st.n
    while not st.hands[s] and not row_slots(st):
        st.chance(f"seat {s} cannot act: no cards and an empty row (RR-16)")
        st.emit("passed", seat=s)
        st.last_turn = s
        if st.n > 2 and boats_full(st):
            start_vote(st, s)
            return
        s = (s + 1) % st.n
    st.phase = Phase.TURN
    st.turn = s
    st.to_move = (s,)


def start_vote(st: RiverBoard, seat: int) -> None:
    st.phase = Phase.VOTE
    st.turn = seat
    st.votes = [-1] * st.n
    st.to_move = tuple(range(st.n))


def vote(st: RiverBoard, end: int, seat: int) -> None:
    """RR-19: every seat votes in secret; a strict majority of all seats for "end" ends the round."""
    st.votes[seat] = end
    st.emit("voted", but=seat, seat=seat)
    st.emit("voted_own", to=seat, seat=seat, end=bool(end))
    st.to_move = tuple(s for s in st.to_move if s != seat)
    if st.to_move:
        return
    ends = st.votes.count(1)
    passed = 2 * ends > st.n
    st.last_vote = (*st.votes, int(passed))
    st.vote_round = st.rnd
    each = ", ".join(f"seat {s} {'end' if v == 1 else 'continue'}" for s, v in enumerate(st.votes))
    outcome = "the round ends" if passed else "play continues"
    st.chance(f"vote: {each}; {ends} end, {st.n - ends} continue -> {outcome}")
    st.emit("vote_result", ends=[v == 1 for v in st.votes], passed=passed)
    if passed:
        end_round(st, "vote")
    else:
        next_turn(st, st.turn)


def end_round(st: RiverBoard, how: str) -> None:
    """RR-21 the totems are revealed, RR-22 the round is scored, RR-25 each seat gains its totems'
    points, RR-29 a seat at the target with strictly the most points wins, else a new round
    begun by the seat that took the last turn (RR-10)."""
    n = st.n
    st.chance("reveal " + "; ".join(f"seat {s} {animals(st.totems[s])}" for s in range(n)))
    crossing = [None if st.bstate[b] == Boat.SUNK else list(st.boats[b]) for b in (0, 1)]
    row = [x for x in st.row if x >= 0]
    vp = round_points(st.bank, crossing, row)
    gains = [sum(vp[t] for t in st.totems[s]) for s in range(n)]
    for s in range(n):
        st.score[s] += gains[s]
    st.emit(
        "round_scored",
        round=st.rnd,
        how=how,
        totems=[[ANIMALS[t] for t in ts] for ts in st.totems],
        bank=[ANIMALS[x] for x in st.bank],
        boats=[[ANIMALS[x] for x in b] for b in st.boats],
        status=[BOAT_STATUS[b] for b in st.bstate],
        row=[ANIMALS[x] for x in row],
        gains=gains,
        scores=list(st.score),
    )
    best = max(st.score)
    if best >= st.target and st.score.count(best) == 1:
        st.emit("won", seat=st.score.index(best), vp=best, target=st.target)
        st.phase = Phase.OVER
        st.to_move = ()
        st.look = st.card = -1
        return
    st.emit("no_winner", target=st.target)
    new_round(st, st.last_turn)


def winners(st: RiverBoard) -> list[int]:
    """RR-29: the one seat at the target with strictly the most points, once the game is over."""
    if st.phase != Phase.OVER:
        return []
    return [st.score.index(max(st.score))]
