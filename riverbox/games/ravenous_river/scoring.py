"""Ravenous River scoring as small pure functions (RR-4, RR-5, RR-22 ... RR-26).

Animals are the strings ``lion bull horse hound fox cat mouse``; each eats the next one and the
mouse eats the lion (one 7-cycle). Scoring a round runs four steps in order:

1. :func:`score_bank` -- predation among the animals on the bank;
2. :func:`score_boats` -- predation inside each boat that crosses, each boat on its own;
3. :func:`score_home` -- the survivors of every boat meet at home, predation again;
4. :func:`score_survivors` -- 1 VP per uneaten bank animal and per animal left in the row,
   2 VP per uneaten animal at home.

:func:`predation` is the chain rule of RR-23 for one location. :func:`score_round` runs all four
steps and is what the game itself uses. Internally a set of animals is a 7-bit mask and each
location is one table lookup, because scoring runs once per round of every simulated game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

ANIMALS: tuple[str, ...] = ("lion", "bull", "horse", "hound", "fox", "cat", "mouse")
"""The seven animals in cycle order: each eats the next, the mouse eats the lion."""

INDEX: dict[str, int] = {a: i for i, a in enumerate(ANIMALS)}

ALL = (1 << 7) - 1

ScoreStep = tuple[str, str, str, int]
"""A scoring event ``(step, kind, animal, value)``; kinds: ``eats`` (value: index of the prey),
``chain`` (VP for the run of prey), ``survives`` (survivor VP), ``row`` (VP for staying in the row)."""


def prey(animal: str) -> str:
    """The animal that ``animal`` eats (RB: lion eats bull ... mouse eats lion)."""
    return ANIMALS[(_index(animal) + 1) % 7]


def predator(animal: str) -> str:
    """The animal that eats ``animal``."""
    return ANIMALS[(_index(animal) - 1) % 7]


def eats(hunter: str, victim: str) -> bool:
    """True when ``hunter`` eats ``victim`` (only its single prey)."""
    return prey(hunter) == victim


def _index(animal: str) -> int:
    try:
        return INDEX[animal]
    except (KeyError, TypeError):
        raise ValueError(f"unknown animal {animal!r}; animals are {', '.join(ANIMALS)}") from None


def _mask(animals: Iterable[str]) -> int:
    m = 0
    for a in animals:
        bit = 1 << _index(a)
        if m & bit:
            raise ValueError(f"{a} appears twice; each animal card exists once")
        m |= bit
    return m


def _chain_table(mask: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """(mask of survivors, ((animal, chain VP), ...)) for one location holding ``mask`` (RR-23)."""
    # animal i is eaten when its predator i-1 is present: rotate the mask by one.
    eaten = mask & (((mask << 1) | (mask >> 6)) & ALL)
    points = []
    for i in range(7):
        if mask >> i & 1 and not eaten >> i & 1:
            run = 0
            j = (i + 1) % 7
            while mask >> j & 1 and j != i:
                run += 1
                j = (j + 1) % 7
            if run:
                points.append((i, run))
    return mask & ~eaten, tuple(points)


_TABLE = tuple(_chain_table(m) for m in range(1 << 7))


def predation(animals: Iterable[str]) -> tuple[dict[str, int], list[str]]:
    """One location's chain of predation (RR-23, RR-5).

    Returns (VP per uneaten animal that ate something, survivors in cycle order). An animal is eaten
    when its predator is present; an uneaten animal scores 1 VP per animal in the unbroken run of
    prey below it. All eating is simultaneous, so seven animals together all die and nobody scores.

    >>> predation(["lion", "bull", "horse"])
    ({'lion': 2}, ['lion'])
    """
    survivors, points = _TABLE[_mask(animals)]
    return {ANIMALS[i]: vp for i, vp in points}, [a for i, a in enumerate(ANIMALS) if survivors >> i & 1]


def _step(mask: int, step: str, vp: list[int], events: list[ScoreStep] | None) -> int:
    survivors, points = _TABLE[mask]
    for i, run in points:
        vp[i] += run
        if events is not None:
            j = i
            for _ in range(run):
                events.append((step, "eats", ANIMALS[j], (j + 1) % 7))
                j = (j + 1) % 7
            events.append((step, "chain", ANIMALS[i], run))
    return survivors


def score_bank(bank: Iterable[str]) -> tuple[dict[str, int], list[str]]:
    """Step 1 (RR-22): predation on the bank; returns (VP, survivors)."""
    return predation(bank)


def score_boats(boats: Sequence[Iterable[str]]) -> tuple[dict[str, int], list[list[str]]]:
    """Step 2 (RR-22, RR-1): predation inside each crossing boat on its own; (VP, survivors per boat)."""
    total: dict[str, int] = {}
    survivors = []
    for boat in boats:
        points, alive = predation(boat)
        for a, v in points.items():
            total[a] = total.get(a, 0) + v
        survivors.append(alive)
    return total, survivors


def score_home(arrivals: Iterable[str]) -> tuple[dict[str, int], list[str]]:
    """Step 3 (RR-22): the survivors of every boat meet at home; predation among them."""
    return predation(arrivals)


def score_survivors(bank: Iterable[str], home: Iterable[str], row: Iterable[str] = ()) -> dict[str, int]:
    """Step 4 (RR-22, RR-4): 1 VP per uneaten bank animal and per row animal, 2 VP per home animal."""
    result = {a: 1 for a in bank}
    result.update({a: 2 for a in home})
    result.update({a: 1 for a in row})
    return result


def score_round(
    bank: Iterable[str],
    boats: Sequence[Iterable[str] | None] = (),
    row: Iterable[str] = (),
    events: list[ScoreStep] | None = None,
) -> dict[str, int]:
    """The VP each of the seven animals earns in one round (0 where it earns nothing).

    ``bank``: animals on the near bank; ``boats``: one list per boat in boat order, ``None`` for a
    sunk boat (it does not cross, but keeps its number: the events of boat 2 are ``boat2`` even
    when boat 1 sank); ``row``: animals still in the animal row, which
    take no part in predation and score 1 VP each (RR-4). VP earned at an earlier step are kept even
    if the animal is eaten later (RR-24). When ``events`` is a list, the steps append what happened.

    >>> score_round(["cat", "mouse", "bull"], [["hound", "fox"], ["lion", "horse"]])
    {'lion': 2, 'bull': 1, 'horse': 3, 'hound': 1, 'fox': 0, 'cat': 2, 'mouse': 0}
    """
    boat_masks: list[int | None] = []
    seen = _mask(bank)
    bank_mask = seen
    for boat in boats:
        if boat is None:
            boat_masks.append(None)
            continue
        m = _mask(boat)
        if bin(m).count("1") > 2:
            raise ValueError("a boat holds at most two animals")  # RR-17
        if seen & m:
            raise ValueError("an animal appears in two places; each animal card exists once")
        seen |= m
        boat_masks.append(m)
    row_mask = _mask(row)
    if seen & row_mask:
        raise ValueError("an animal appears in two places; each animal card exists once")
    return _score_masks(bank_mask, boat_masks, row_mask, events)


def _score_masks(
    bank: int, boats: Sequence[int | None], row: int, events: list[ScoreStep] | None
) -> dict[str, int]:
    vp = [0] * 7
    bank_alive = _step(bank, "bank", vp, events)
    home = 0
    for b, m in enumerate(boats):
        if m is not None:  # a sunk boat keeps its number but does not cross
            home |= _step(m, f"boat{b + 1}", vp, events)
    home_alive = _step(home, "home", vp, events)
    for i in range(7):
        bit = 1 << i
        if bank_alive & bit or row & bit:
            vp[i] += 1
            if events is not None:
                events.append(("survivors", "survives" if bank_alive & bit else "row", ANIMALS[i], 1))
        elif home_alive & bit:
            vp[i] += 2
            if events is not None:
                events.append(("survivors", "survives", ANIMALS[i], 2))
    return dict(zip(ANIMALS, vp, strict=True))
