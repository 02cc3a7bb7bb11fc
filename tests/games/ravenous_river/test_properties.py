"""Property tests: score_round against a direct set-based reading of RR-22 ... RR-24 (hypothesis)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from riverbox.games.ravenous_river import ANIMALS, predator, prey, score_round

ZONES = ("bank", "boat1", "boat2", "row", "none")


def ref_location(present: set[str]) -> tuple[dict[str, int], set[str]]:
    """RR-23 as written: eaten if the predator is present; the uneaten score their run of prey."""
    eaten = {a for a in present if predator(a) in present}
    vp = {}
    for a in present - eaten:
        run, x = 0, prey(a)
        while x in present and x != a:
            run += 1
            x = prey(x)
        if run:
            vp[a] = run
    return vp, present - eaten


def ref_round(bank: list[str], boats: list[list[str]], row: list[str]) -> dict[str, int]:
    total = dict.fromkeys(ANIMALS, 0)

    def add(vp: dict[str, int]) -> None:
        for a, v in vp.items():
            total[a] += v

    vp, bank_alive = ref_location(set(bank))
    add(vp)
    home: set[str] = set()
    for boat in boats:
        vp, alive = ref_location(set(boat))
        add(vp)
        home |= alive
    vp, home_alive = ref_location(home)
    add(vp)
    add(dict.fromkeys(bank_alive, 1))
    add(dict.fromkeys(home_alive, 2))
    add(dict.fromkeys(row, 1))
    return total


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ZONES), min_size=7, max_size=7), st.booleans())
def test_rr_23_score_round_matches_the_reference(zones: list[str], sink_boat2: bool) -> None:
    # RR-22/RR-23/RR-24: the table-driven scoring equals the literal reading of the rulings
    where = dict(zip(ANIMALS, zones, strict=True))
    bank = [a for a in ANIMALS if where[a] == "bank"]
    b1 = [a for a in ANIMALS if where[a] == "boat1"]
    b2 = [a for a in ANIMALS if where[a] == "boat2"]
    row = [a for a in ANIMALS if where[a] == "row"]
    assume(len(b1) <= 2 and len(b2) <= 2)
    boats = [b1] if sink_boat2 and not b2 else [b1, b2]
    vp = score_round(bank, boats, row)
    assert vp == ref_round(bank, boats, row)
    # RR-4: every row animal scores exactly 1; animals in no zone score nothing
    assert all(vp[a] == 1 for a in row)
    assert all(vp[a] == 0 for a in ANIMALS if where[a] == "none")
    # an animal scores at most 6 (chain) + 6 (chain again at home) + 2
    assert all(0 <= v <= 14 for v in vp.values())


@settings(max_examples=100, deadline=None)
@given(st.permutations(list(ANIMALS)), st.integers(0, 7))
def test_rr_5_bank_only_scores(order: list[str], k: int) -> None:
    # RR-5: with all seven together nobody scores; with fewer, somebody always survives
    bank = order[:k]
    vp = score_round(bank, [])
    if k == 7:
        assert sum(vp.values()) == 0
    elif k:
        assert sum(vp.values()) >= 1
