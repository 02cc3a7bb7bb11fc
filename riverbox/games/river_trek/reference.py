"""River Trek's rules in rulebook shape: plain loops and names, one function per rule.

This is what a reviewer holding the rulebook reads, and what a rule change edits first. The fast
engine (``rules``, ``moves``, ``turns``, with their bitmask caches and prebuilt tables) must give
the same answers: ``tests/games/river_trek/test_reference.py`` plays many seeded games and, at
every step, holds the engine's legal actions, the events of its caravan moves, its money and its
final result to the functions here.

Everything here reads only the position itself (stacks, posts, holders, hand, money, the Dock,
the Bridge, the Scout), never the caches ``TrekCaches`` keeps, and changes nothing: a caravan
move is worked out on copies. Spaces are path indexes (0 = the Dock), areas area indexes, colours
seat numbers (Stanley's is 2 in a two-player game).

What it leaves to the engine's own records: the offers of the animal powers other than the
Peccary (each is already one small function in ``powers``, named for its animal) and the Boa /
Tree Frog drops of a move (a move of a holder of either is not worked out here).
"""

from __future__ import annotations

from typing import Any

from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.actions import (
    A_DONE,
    A_DROP,
    A_DROPALL,
    A_END,
    A_MOVE,
    A_MOVEBACK,
    A_PLACE,
    A_POST,
    A_RESTACK,
    A_SKIP,
    A_TILE,
    MOVEPOST_FROM,
    TrekAction,
)
from riverbox.games.river_trek.content import CROSSING, DOCK, NORMAL, NUMBER, STAR, animal_title
from riverbox.games.river_trek.position import FORCED_HEIGHT, Phase, TrekData
from riverbox.games.river_trek.powers import ANYTIME, AT_DROP, END_STEP, MOVE_STEP, POWERS, Timing
from riverbox.games.river_trek.setup import tile_candidates

Told = dict[str, Any]
"""An event as the log gives it: ``{"kind": ..., field: value, ...}``."""


# -- who holds what ---------------------------------------------------------------------------
def holds(st: TrekData, seat: int, animal: str) -> bool:
    """Whether ``seat`` holds the token of ``animal`` now."""
    return animal in st.animals and st.holder[st.animals.index(animal)] == seat


def is_stanley(st: TrekData, colour: int) -> bool:
    """RT-20: Stanley, the automatic player of a two-player game, never earns money."""
    return colour == st.stanley


# -- trading posts (RT-3, RT-4, RT-27) ---------------------------------------------------------
def post_limit(st: TrekData, seat: int, area: int) -> int:
    """RT-3: a seat may have one post in a small area and two in any other; the Tamandua's
    holder one more in every area."""
    limit = 1 if st.path.areas[area].small else 2
    if holds(st, seat, "tamandua"):
        limit += 1
    return limit


def area_usable(st: TrekData, area: int) -> bool:
    """RT-27: once the Bridge is built, an area wholly below it takes no posts."""
    return st.bridge < 0 or max(st.path.areas[area].spaces) >= st.bridge


def open_areas(st: TrekData, seat: int) -> list[int]:
    """A post may go to any area below your post limit (and not wholly below the Bridge)."""
    return [
        area
        for area in range(len(st.path.areas))
        if area_usable(st, area) and st.posts[area][seat] < post_limit(st, seat, area)
    ]


def post_moves(st: TrekData, seat: int) -> list[TrekAction]:
    """RT-4: one of your posts from an area holding one to another area open to you."""
    targets = open_areas(st, seat)
    out: list[TrekAction] = []
    for source in range(len(st.path.areas)):
        if st.posts[source][seat] > 0:
            for target in targets:
                if target != source:
                    move = MOVEPOST_FROM[source][target]
                    assert move is not None
                    out.append(move)
    return out


def post_step(st: TrekData, seat: int) -> list[TrekAction]:
    """RT-3/RT-4: a post from your hand into an open area; with an empty hand, in the post step of
    a turn, a post already on the board may move instead."""
    if st.hand[seat] == 0:
        return post_moves(st, seat) if st.phase == Phase.POST else []
    return [A_POST[area] for area in open_areas(st, seat)]


# -- explorers and caravans (RT-6, RT-8, RT-29, RT-30) ------------------------------------------
def place_spaces(st: TrekData, seat: int, limit: int) -> list[int]:
    """RT-6: a new explorer goes on the Dock (or Bridge) or on a New Explorer space holding fewer
    than ``limit`` explorers (three in setup, two in a turn); the Harpy Eagle's holder ignores the
    limit in a turn."""
    harpy = limit == 2 and holds(st, seat, "harpy")
    return [
        space
        for space in range(st.dock, st.basecamp + 1)
        if space == st.dock or harpy or len(st.stacks[space]) < limit
    ]


def caravans_of(st: TrekData, seat: int) -> list[int]:
    """RT-8/RT-29: the caravans from the Dock (or Bridge) up that hold an explorer of ``seat``."""
    return [space for space in range(st.dock, len(st.stacks)) if seat in st.stacks[space]]


def downstream_caravans(st: TrekData, seat: int) -> list[int]:
    """RT-23/RT-30: the Peccary moves a caravan downstream; it must move at least one explorer, so
    the Dock's (or Bridge's) caravan may not go, while the one just above it stacks onto it."""
    return [space for space in caravans_of(st, seat) if space > st.dock]


def power_uses(st: TrekData, seat: int, timing: Timing) -> list[TrekAction]:
    """The animal powers of ``timing`` that ``seat`` holds and may use now."""
    out: list[TrekAction] = []
    for animal in st.animals:
        power = POWERS[animal]
        if power.timing != timing or not holds(st, seat, animal):
            continue
        if animal == "peccary":
            out += [A_MOVEBACK[space] for space in downstream_caravans(st, seat)]
        else:
            out += power.offers(st, seat)
    return out


# -- legal actions, phase by phase ---------------------------------------------------------------
def legal_actions(st: TrekData, seat: int) -> list[TrekAction]:
    """What ``seat`` may do now, by the phase of the turn (order aside)."""
    phase = Phase(st.phase)
    if phase == Phase.SETUP_TILE:
        return [A_TILE[space] for space in tile_candidates(st)]
    if phase == Phase.SETUP_EXPLORER:
        return [A_PLACE[space] for space in place_spaces(st, seat, 3)]
    if phase == Phase.SETUP_POST:
        return post_step(st, seat)
    if phase == Phase.POST:
        return [*post_step(st, seat), A_SKIP, *power_uses(st, seat, ANYTIME)]
    if phase == Phase.MOVE:
        moves = [A_MOVE[space] for space in caravans_of(st, seat)]
        return [*moves, *power_uses(st, seat, MOVE_STEP), *power_uses(st, seat, ANYTIME)]
    if phase == Phase.DROP:
        return [A_DROPALL, A_DROP, *power_uses(st, seat, AT_DROP)]
    if phase == Phase.PLACE:
        return [*(A_PLACE[space] for space in place_spaces(st, seat, 2)), *power_uses(st, seat, ANYTIME)]
    if phase == Phase.END:
        return [A_END, *power_uses(st, seat, ANYTIME), *power_uses(st, seat, END_STEP)]
    if phase == Phase.MONKEY:
        return monkey_step(st, seat)
    if phase == Phase.RESTACK:
        return [A_RESTACK[colour] for colour in sorted(set(st.cap_rest))]
    return []


def monkey_step(st: TrekData, seat: int) -> list[TrekAction]:
    """RT-3, the Monkey: up to two extra posts from hand first, then moves of posts (as many as
    you have posts on the board), then ``done``."""
    out: list[TrekAction] = []
    if st.mk_moves == 0 and st.mk_placed < 2 and st.hand[seat] > 0:
        out += [A_POST[area] for area in open_areas(st, seat)]
    if st.mk_moves < sum(row[seat] for row in st.posts):
        out += post_moves(st, seat)
    out.append(A_DONE)
    return out


# -- a caravan move: drops and what each space does (RT-8 to RT-12, RT-15, RT-26) ----------------
def income(st: TrekData, space: int, colour: int, size: int) -> int:
    """RT-2: dropped on a normal space linked to an area, the explorer's owner earns the caravan's
    size times their posts there, and $2 more in a "+2" area; no post, no income; Stanley none."""
    linked = st.path.space_areas[space]
    if not linked or is_stanley(st, colour):
        return 0
    area = linked[0]
    return scoring.post_income(size, st.posts[area][colour], st.path.areas[area].plus2)


def crossing_below(st: TrekData, space: int) -> int:
    """RT-9: the nearest river crossing (or the Dock) downstream of ``space``."""
    below = space - 1
    while st.path.kinds[below] not in (DOCK, CROSSING):
        below -= 1
    return below


def tile_on(st: TrekData, space: int) -> int:
    """The token slot whose animal tile lies on ``space``, or -1."""
    return st.tiles.index(space) if space in st.tiles else -1


def caravan_move(st: TrekData, space: int, direction: int) -> tuple[list[Told], list[list[int]]]:
    """The events of a plain caravan move (no Boa, no Tree Frog) of the caravan on ``space``,
    ``direction`` +1 upstream or -1 downstream (the Peccary), and the stacks after it.

    RT-8: the caravan is lifted and its explorers dropped one by one, bottom first, on the next
    spaces; each activates the space it lands on. RT-23: downstream, explorers below the Dock stack
    on it. RT-12: an explorer going past the last space goes to the clearing for $1 and ends the
    game's last round (RT-19). RT-15: a token whose tile the move emptied goes back to its tile."""
    stacks = [list(caravan) for caravan in st.stacks]
    holder = list(st.holder)
    hand = stacks[space]
    stacks[space] = []
    scout_on_board = st.scout >= 0 and st.scout_state == 0
    names = st.names
    told: list[Told] = []
    position = space
    while hand:
        target = position + direction
        if target >= len(stacks):
            for colour in hand:
                paid = 0 if is_stanley(st, colour) else 1
                told.append({"kind": "clearing", "paid": paid, "who": names[colour]})
            if not st.triggered:
                told.append({"kind": "final_round", "who": names[st.cur]})
            hand = []
            break
        target = max(target, st.dock)
        colour = hand.pop(0)
        stacks[target].append(colour)
        position = target
        landed_on = target
        kind = st.path.kinds[target]
        if target == st.dock:
            told.append(
                {"kind": "drop_dock", "who": names[colour], "space": target, "bridge": st.bridge >= 0}
            )
        elif kind == NORMAL:
            size = len(stacks[target])
            paid = income(st, target, colour, size)
            told.append({"kind": "drop", "paid": paid, "who": names[colour], "space": target, "size": size})
            slot = tile_on(st, target)
            if slot >= 0 and not is_stanley(st, colour) and holder[slot] < 0 and not st.down[slot]:
                holder[slot] = colour  # RT-10: the dropper takes the animal's token
                told.append(
                    {"kind": "token_taken", "who": names[colour], "animal": animal_title(st.animals[slot])}
                )
        elif kind == CROSSING:
            kingfisher = st.animals.index("kingfisher") if "kingfisher" in st.animals else -1
            if kingfisher >= 0 and holder[kingfisher] >= 0 and holder[kingfisher] in stacks[target]:
                told.append({"kind": "kingfisher", "who": names[colour], "space": target})
            else:  # RT-9: the whole caravan washes down to the crossing below
                below = crossing_below(st, target)
                washed = stacks[target]
                stacks[target] = []
                stacks[below] += washed
                told.append(
                    {
                        "kind": "wash",
                        "who": names[colour],
                        "space": target,
                        "size": len(washed),
                        "target": below,
                    }
                )
                landed_on = below
        elif kind == NUMBER:
            value = st.path.values[target]
            paid = 0 if is_stanley(st, colour) else value
            told.append(
                {"kind": "number", "paid": paid, "who": names[colour], "space": target, "value": value}
            )
        elif kind == STAR:  # RT-11: $1 per explorer in every caravan the dropper tops
            paid = 0
            if not is_stanley(st, colour):
                paid = sum(len(caravan) for caravan in stacks if caravan and caravan[-1] == colour)
            told.append({"kind": "star", "paid": paid, "who": names[colour], "space": target})
        # RT-26: the explorer dropped on the Scout's space takes it, even if washed away; so does
        # a caravan washed onto it
        if scout_on_board and (target == st.scout or (landed_on == st.scout and stacks[st.scout])):
            scout_on_board = False
            told.append({"kind": "scout", "who": names[st.cur]})
    for slot, tile in enumerate(st.tiles):  # RT-15
        checked = st.any_move_check or tile == space
        if checked and holder[slot] >= 0 and not stacks[tile]:
            told.append(
                {"kind": "token_lost", "who": names[holder[slot]], "animal": animal_title(st.animals[slot])}
            )
            holder[slot] = -1
    return told, stacks


# -- the end of a turn and of the game (RT-13, RT-19, RT-31) ------------------------------------
def forced_caravan(st: TrekData) -> int:
    """RT-13: the furthest-downstream caravan (from the Dock up) at least ``FORCED_HEIGHT`` tall,
    which must move at the end of the turn; -1 for none."""
    for space in range(st.dock, len(st.stacks)):
        if len(st.stacks[space]) >= FORCED_HEIGHT:
            return space
    return -1


def may_use_drop_powers(st: TrekData, mover_is_stanley: bool) -> bool:
    """RT-31: the Boa and the Tree Frog are used only in a move on a player's own turn (a forced
    move at its end included), never in Stanley's."""
    return not mover_is_stanley and (holds(st, st.cur, "boa") or holds(st, st.cur, "frog"))


def winners(st: TrekData) -> list[int]:
    """RT-19: most money wins; tied, most explorers in the clearing; still tied, the one who tops
    the caravan furthest upstream among the caravans the tied players top; else shared."""
    players = range(len(st.money))
    best = max((st.money[p], st.clearing[p]) for p in players)
    tied = [p for p in players if (st.money[p], st.clearing[p]) == best]
    if len(tied) > 1:
        for space in range(len(st.stacks) - 1, -1, -1):
            caravan = st.stacks[space]
            if caravan and caravan[-1] in tied:
                return [caravan[-1]]
    return tied
