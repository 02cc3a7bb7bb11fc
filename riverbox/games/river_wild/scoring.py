"""River Wild scoring as small pure functions (rulebook "Scoring"; rulings RW-5 to RW-10).

* :func:`find_lands` finds the land regions of a layout by union-find over land sections and
  tells which are Protected Lands (RW-5) and their size in cards (RW-6).
* :func:`goal_completions` and :func:`land_goal_points` count goal completions with printed
  animals and runestone wildcards (RW-8, RW-9, RW-10).
* :func:`total_score` adds 2 points per Protected Land and lets the largest land use the first
  numbers and all others the second, resolving a tie for largest in the player's favour (RW-7).
* :func:`rank_name` reads the rank table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from riverbox.games.river_wild.content import B0, LAND, MOUNTAIN, RIVER, S0, S1, T0, Face, Goal

RANKS: tuple[tuple[int, str], ...] = (
    (45, "Heavenly Haven"),
    (40, "Sublime Sanctuary"),
    (35, "Harmonious Habitat"),
    (30, "Decent Domicile"),
    (0, "Embarrassing Environment"),
)
POINTS_PER_LAND = 2


def rank_name(score: float) -> str:
    """The rank for a final score: 0-29, 30-34, 35-39, 40-44, 45+."""
    for threshold, name in RANKS:
        if score >= threshold:
            return name
    return RANKS[-1][1]


# -- goals ------------------------------------------------------------------------------------


def goal_completions(goal: Goal, animals: Sequence[int], wild: int = 0) -> int:
    """How many disjoint complete sets of ``goal`` the animals (per type) make, using up to
    ``wild`` wildcard animals of free types (RW-8: min over types of count // needed; RW-9:
    an ``any`` goal completes once per ``count`` animals).

    With wildcards, the most sets ``n`` whose missing animals, summed over the types, are at
    most ``wild``: the count grows from what the printed animals complete alone (no wildcard
    is short there), so a land of many animals costs no loop over every set it completes."""
    if goal.kind == "any":
        return (sum(animals) + wild) // goal.count
    need = goal.need
    n = -1
    for t in range(4):
        if need[t]:
            k = animals[t] // need[t]
            if n < 0 or k < n:
                n = k
    if not wild:
        return n
    while True:
        m = n + 1
        short = 0
        for t in range(4):
            lack = m * need[t] - animals[t]
            if lack > 0:
                short += lack
        if short > wild:
            return n
        n = m


@lru_cache(maxsize=65536)
def land_goal_points(
    animals: tuple[int, int, int, int],
    goals: tuple[Goal, ...],
    runestones: int,
    all_goals: bool = False,
) -> tuple[int, int]:
    """(points if this land is the largest, points otherwise) from its goals (RW-8..RW-10).

    Each runestone adds one wildcard animal of the player's choice to the land. By default
    (RW-10) a wildcard counts toward one goal only, chosen by the player; with ``all_goals``
    it counts for every goal like a printed animal. Both numbers are maximised separately,
    since the best choice can differ between the first and the second numbers.
    """
    if not goals:
        return 0, 0
    if not runestones:  # no wildcard to place: each goal's completions once, for both numbers
        first = second = 0
        for g in goals:
            c = goal_completions(g, animals)
            first += c * g.first
            second += c * g.second
        return first, second
    if all_goals:
        best1 = best2 = 0
        for extra in combinations_with_replacement(range(4), runestones):
            counts = list(animals)
            for t in extra:
                counts[t] += 1
            s1 = s2 = 0
            for g in goals:
                c = goal_completions(g, counts)
                s1 += c * g.first
                s2 += c * g.second
            best1, best2 = max(best1, s1), max(best2, s2)
        return best1, best2
    # Wildcards given to one goal help that goal only: a knapsack over goals, one per number.
    # Each goal's completions with 0..runestones wildcards serve both numbers.
    done = [[goal_completions(g, animals, w) for w in range(runestones + 1)] for g in goals]
    result = []
    for attr in ("first", "second"):
        best = [0] * (runestones + 1)  # best[j]: most points using j wildcards on the goals so far
        for g, sets in zip(goals, done, strict=True):
            mult = getattr(g, attr)
            value = [c * mult for c in sets]
            best = [max(best[j - w] + value[w] for w in range(j + 1)) for j in range(runestones + 1)]
        result.append(max(best))
    return result[0], result[1]


# -- lands ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Land:
    """A land region: its sections (placement index, section index), cards and contents."""

    sections: tuple[tuple[int, int], ...]
    cards: tuple[int, ...]  # placement indices of the cards with a section in the land
    size: int  # RW-6: number of cards contributing land (Source per option RW-11)
    animals: tuple[int, int, int, int]
    goals: tuple[Goal, ...]
    runestones: int  # RW-10: distinct runestone cards with a section in the land
    protected: bool  # RW-5: no land slot faces empty table
    open_slots: int


Placement = tuple[Face, int, int]
"""A face placed at (row, column); columns count half card widths."""


def facing(
    cells: dict[tuple[int, int], tuple[int, int]], row: int, col: int, slot: int
) -> tuple[int, int] | None:
    """The (placement index, slot) facing ``slot`` of the card at (row, col), or None for empty
    table. ``cells`` maps (row, half-column) to (placement index, which half of that card).

    Top halves face the bottom slot of the card covering the same half-column in the row above,
    bottom halves the top slot in the row below; a side faces the other side of a card touching
    it in the same row (RW-4: corners never touch)."""
    if slot < B0:
        hit = cells.get((row - 1, col + slot))
        return None if hit is None else (hit[0], B0 + hit[1])
    if slot < S0:
        hit = cells.get((row + 1, col + slot - B0))
        return None if hit is None else (hit[0], T0 + hit[1])
    if slot == S0:
        hit = cells.get((row, col - 1))
        return None if hit is None or hit[1] != 1 else (hit[0], S1)
    hit = cells.get((row, col + 2))
    return None if hit is None or hit[1] != 0 else (hit[0], S0)


def layout_cells(placements: Sequence[Placement]) -> dict[tuple[int, int], tuple[int, int]]:
    """(row, half-column) -> (placement index, half) for every card of a layout."""
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    for p, (_, r, c) in enumerate(placements):
        cells[(r, c)] = (p, 0)
        cells[(r, c + 1)] = (p, 1)
    return cells


def find_lands(placements: Sequence[Placement], source_counts_for_size: bool = True) -> list[Land]:
    """Every land region of a layout, by union-find over land sections (spec "Protected Lands").

    A land slot facing another card's land joins the two sections; facing a mountain seals
    it; facing empty table (a gap, the table's edge) leaves the region open. A region with no
    open slot is a Protected Land (RW-5). River facing land cannot happen in a legal layout
    (RW-1); ``ValueError`` if it does.
    """
    cells = layout_cells(placements)
    node: dict[tuple[int, int], int] = {}
    keys: list[tuple[int, int]] = []
    for p, (face, _, _) in enumerate(placements):
        for s in range(len(face.sections)):
            node[(p, s)] = len(keys)
            keys.append((p, s))
    parent = list(range(len(keys)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    open_count = [0] * len(keys)
    for p, (face, r, c) in enumerate(placements):
        for slot in range(6):
            if face.slots[slot] != LAND:
                continue
            me = node[(p, face.section_of[slot])]
            other = facing(cells, r, c, slot)
            if other is None:
                open_count[me] += 1
                continue
            q, qslot = other
            kind = placements[q][0].slots[qslot]
            if kind == LAND:
                a, b = find(me), find(node[(q, placements[q][0].section_of[qslot])])
                if a != b:
                    parent[a] = b
            elif kind == RIVER:
                raise ValueError(f"land of placement {p} touches river of placement {q}")  # RW-1
            else:
                assert kind == MOUNTAIN
    groups: dict[int, list[int]] = {}
    for i in range(len(keys)):
        groups.setdefault(find(i), []).append(i)
    lands = []
    for members in groups.values():
        secs = tuple(sorted(keys[i] for i in members))
        cards = tuple(sorted({p for p, _ in secs}))
        animals = [0, 0, 0, 0]
        goals = []
        for p, s in secs:
            sec = placements[p][0].sections[s]
            if sec.animal is not None:
                animals[sec.animal] += 1
            if sec.goal is not None:
                goals.append(sec.goal)
        size = sum(1 for p in cards if source_counts_for_size or not placements[p][0].source)
        runes = sum(1 for p in cards if placements[p][0].runestone)
        opened = sum(open_count[i] for i in members)
        lands.append(
            Land(
                secs,
                cards,
                size,
                (animals[0], animals[1], animals[2], animals[3]),
                tuple(goals),
                runes,
                opened == 0,
                opened,
            )
        )
    lands.sort(key=lambda land: land.sections)
    return lands


# -- totals -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredLand:
    """A Protected Land with both of its goal scores and what it actually scored."""

    land: Land
    first: int  # goal points if it is the largest land
    second: int  # goal points otherwise
    largest: bool
    points: int  # 2 for the land plus its goal points


@dataclass(frozen=True)
class Score:
    total: int
    base: int
    lands: tuple[ScoredLand, ...]


def choose_largest(sizes: Sequence[int], firsts: Sequence[int], seconds: Sequence[int]) -> int:
    """Index of the land that counts as the largest (-1 if none).

    The largest land is the one formed from the most cards; on a tie the rulebook says to
    treat one as the largest, and RW-7 picks the tied land that gives the highest total.
    """
    best = -1
    for i, size in enumerate(sizes):
        if (
            best < 0
            or size > sizes[best]
            or (size == sizes[best] and firsts[i] - seconds[i] > firsts[best] - seconds[best])
        ):
            best = i
    return best


def total_of(sizes: Sequence[int], firsts: Sequence[int], seconds: Sequence[int]) -> int:
    """The score of a layout whose Protected Lands have these sizes and goal points."""
    if not sizes:
        return 0
    big = choose_largest(sizes, firsts, seconds)
    return POINTS_PER_LAND * len(sizes) + sum(seconds) + firsts[big] - seconds[big]


def total_score(lands: Sequence[Land], all_goals: bool = False) -> Score:
    """The score of a layout from its land regions (only the Protected Lands count)."""
    protected = [land for land in lands if land.protected]
    pts = [land_goal_points(land.animals, land.goals, land.runestones, all_goals) for land in protected]
    sizes = [land.size for land in protected]
    firsts = [p[0] for p in pts]
    seconds = [p[1] for p in pts]
    big = choose_largest(sizes, firsts, seconds)
    scored = tuple(
        ScoredLand(
            land,
            f,
            s,
            i == big,
            POINTS_PER_LAND + (f if i == big else s),
        )
        for i, (land, f, s) in enumerate(zip(protected, firsts, seconds, strict=True))
    )
    return Score(total_of(sizes, firsts, seconds), POINTS_PER_LAND * len(protected), scored)


def score_layout(
    placements: Sequence[Placement], all_goals: bool = False, source_counts_for_size: bool = True
) -> Score:
    """The score of a layout, computed from scratch (the reference the game state agrees with)."""
    return total_score(find_lands(placements, source_counts_for_size), all_goals)
