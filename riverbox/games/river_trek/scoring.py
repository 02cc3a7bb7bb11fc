"""River Trek money and results as small pure functions (RT-2, RT-11, RT-19)."""

from __future__ import annotations

from collections.abc import Sequence


def post_income(caravan_size: int, posts: int, plus2: bool) -> int:
    """RT-2: income for the top player on a normal space.

    ``caravan_size`` counts the explorer just dropped; ``posts`` is how many posts the top
    player has in the linked area (1, 2, or 3 with the Tamandua). A "+2" area adds a flat $2
    that is not multiplied. No post, no income.
    """
    if posts <= 0:
        return 0
    return caravan_size * posts + (2 if plus2 else 0)


def star_income(stacks: Sequence[Sequence[int]], colour: int) -> int:
    """RT-11: the star pays $1 per explorer in every caravan ``colour`` tops (posts ignored)."""
    return sum(len(st) for st in stacks if st and st[-1] == colour)


def ranking_key(
    seat: int, money: Sequence[int], clearing: Sequence[int], stacks: Sequence[Sequence[int]]
) -> tuple[int, int]:
    """The first two tie-break levels of RT-19: money, then explorers in the clearing."""
    return (money[seat], clearing[seat])


def winners(money: Sequence[int], clearing: Sequence[int], stacks: Sequence[Sequence[int]]) -> list[int]:
    """RT-19: most money; then most explorers in the clearing; then the tied player who tops the
    caravan furthest upstream (caravans topped by anyone else are skipped); still tied: shared."""
    seats = range(len(money))
    best = max(ranking_key(s, money, clearing, stacks) for s in seats)
    tied = [s for s in seats if ranking_key(s, money, clearing, stacks) == best]
    if len(tied) == 1:
        return tied
    for st in reversed(stacks):
        if st and st[-1] in tied:
            return [st[-1]]
    return tied
