"""Boards and setup facts: spec §1.5-1.6, §3.2, §3.3 and §3.5 item 10."""

from __future__ import annotations

from itertools import permutations

import riverbox
from riverbox.games.river_trek.content import (
    CROSSING,
    DOCK,
    NUMBER,
    STAR,
    board_data,
    middle_names,
    path_for,
    river_out,
)
from riverbox.games.river_trek.setup import tile_positions

NAMES = middle_names()
PAIRS = list(permutations(NAMES, 2))
TRIPLES = list(permutations(NAMES, 3))


def test_data_is_flagged_placeholder() -> None:
    data = board_data()
    assert data["source"] == "placeholder"
    sides = [data["start"], data["final"], *data["middle"]]
    assert all(side["source"] == "placeholder" for side in sides)
    assert len(data["middle"]) == 18 and len(NAMES) == 9


def test_placeholder_totals_match_spec() -> None:
    """§1.6: 200 spaces, 35 crossings, 6 "+2" boxes over the 18 sides."""
    middle = board_data()["middle"]
    toks = [s["tokens"].split() for s in middle]
    assert sum(len(t) for t in toks) == 200
    assert sum(t.count("X") for t in toks) == 35
    assert sum(t.count("P") for t in toks) == 6
    assert all(10 <= len(t) <= 12 for t in toks)


def test_river_side_rule_consistent() -> None:
    """§1.5: river_out flips once per crossing; side A enters left, B right."""
    for side in board_data()["middle"]:
        assert side["river_out"] == river_out(side)
        assert side["river_in"] == ("L" if side["side"] == "A" else "R")


def test_3_5_10_board_assembly_and_path_lengths() -> None:
    """§3.5(10): exactly one side fits every draw; basic 33-37 spaces, full 44-49."""
    basic = {path_for(p).length for p in PAIRS}
    full = {path_for(t).length for t in TRIPLES}
    assert min(basic) == 33 and max(basic) == 37
    assert min(full) == 44 and max(full) == 49


def test_3_2_m5b_never_drawn() -> None:
    assert all("M5B" not in path_for(t).sides for t in TRIPLES)


def test_3_2_new_explorer_spaces_and_animal_tiles() -> None:
    """§3.2: New Explorer spaces 0-5; tiles within {6, 8-9, 10-11, 12-14} (RT-18)."""
    g = riverbox.load("river-trek")
    allowed = [{6}, {8, 9}, {10, 11}, {12, 13, 14}]
    for p in PAIRS:
        path = path_for(p)
        assert path.first_crossing() == 5
        tiles = tile_positions(path, g.options)
        assert all(t in ok for t, ok in zip(tiles, allowed, strict=True))


def test_3_2_civilization_event_figures() -> None:
    """§3.2: Bridge on 5, Start space 7 skipped, Base camp at 8-12, new range 4-8 spaces long."""
    for t in TRIPLES:
        path = path_for(t)
        bridge = path.first_crossing()
        assert bridge == 5 and path.kinds[7] == CROSSING  # 7 has one space between: skipped
        base = next(i for i in range(bridge + 3, path.length) if path.kinds[i] == CROSSING)
        assert 8 <= base <= 12 and path.board_of[base] == 1
        assert 4 <= base - bridge + 1 <= 8


def test_3_2_scout_on_first_space_of_third_middle_board() -> None:
    crossing_sides = set()
    for t in TRIPLES:
        path = path_for(t)
        sc = path.scout_space()
        assert path.board_of[sc] == 3
        if path.kinds[sc] == CROSSING:
            crossing_sides.add(path.sides[3])
    assert crossing_sides == {"M2A", "M6B", "M8A"}


def test_3_3_consistency_checklist() -> None:
    for p in PAIRS:
        path = path_for(p)
        assert path.kinds[0] == DOCK and path.kinds.count(DOCK) == 1
        start_areas = [a for a in path.areas if a.spaces[0] < path.board_start[1]]
        assert all(a.small and not a.plus2 for a in start_areas)
        for a in path.areas:
            if a.spaces[0] >= path.board_start[1]:
                assert a.small == a.plus2  # +2 boxes small, other middle areas large
        final = path.kinds[path.final_start :]
        assert final == (NUMBER, NUMBER, NUMBER, NUMBER, STAR)
        assert [path.values[i] for i in range(path.final_start, path.final_start + 4)] == [4, 5, 7, 9]
    for side in board_data()["middle"]:
        assert "X" in side["tokens"].split()  # washing happens on every board
