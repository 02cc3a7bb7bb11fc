"""The heuristic's board table scores exactly as the rules do, so the faster bot plays the same."""

from __future__ import annotations

import random

from riverbox.games.ravenous_river.bot import round_vp
from riverbox.games.ravenous_river.scoring import ANIMALS, score_round


def test_the_table_of_round_vp_matches_scoring_on_random_boards() -> None:
    rng = random.Random(5)
    for _ in range(400):
        animals = list(ANIMALS)
        rng.shuffle(animals)
        bank: list[str] = []
        boats: list[list[str]] = [[], []]
        for a in animals[: rng.randrange(8)]:
            spot = rng.randrange(3)
            if spot and len(boats[spot - 1]) < 2:
                boats[spot - 1].append(a)
            else:
                bank.append(a)
        status = [rng.choice(["in play", "sailed", "sunk"]) for _ in range(2)]
        placed = set(bank) | {a for b in boats for a in b}
        row = [a for a in ANIMALS if a not in placed]
        crossing = [boats[b] for b in (0, 1) if status[b] != "sunk"]
        expected = tuple(score_round(bank, crossing, row).values())
        assert round_vp(bank, boats, status) == expected
        assert round_vp(bank, boats, status) == expected  # asked again: read from the table
