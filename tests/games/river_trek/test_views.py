"""Views are built fast (the public part once per step, unchanged parts carried over) but must equal,
key order and types included, the straightforward construction kept here as the reference."""

from __future__ import annotations

import json
from typing import Any

import pytest

import riverbox
from riverbox.core import Rng
from riverbox.games.river_trek.content import KIND_NAMES
from riverbox.games.river_trek.position import PHASE_NAMES, Mover, Phase
from riverbox.games.river_trek.state import TrekState


def reference_view(self: TrekState, seat: int | None) -> dict[str, Any]:
    """The view built from scratch (the code ``TrekState.view`` had before it was optimised)."""
    path = self.path
    hidden = self.game.options["hidden_money"]
    money: list[int | None] = [
        m if (not hidden or seat == i or self.is_over) else None for i, m in enumerate(self.money)
    ]
    view: dict[str, Any] = {
        "game": "river-trek",
        "placeholder_boards": True,
        "variant": self.game.options["variant"],
        "players": self.n,
        "seat": seat,
        "colours": [self.name(c) for c in range(self.colours)],
        "stanley": self.stanley,
        "boards": list(path.sides),
        "board_start": list(path.board_start),
        "spaces": [
            {"kind": KIND_NAMES[k], "value": path.values[i], "areas": list(path.space_areas[i])}
            for i, k in enumerate(path.kinds)
        ],
        "areas": [
            {
                "id": ar.id,
                "name": ar.name,
                "small": ar.small,
                "plus2": ar.plus2,
                "spaces": list(ar.spaces),
                "posts": list(self.posts[ar.id]),
                "usable": self.area_usable(ar.id),
            }
            for ar in path.areas
        ],
        "stacks": [list(st) for st in self.stacks],
        "clearing": list(self.clearing),
        "offboard": list(self.off),
        "hand_posts": list(self.hand),
        "money": money,
        "money_hidden": bool(hidden),
        "animals": [
            {
                "name": a,
                "space": self.tiles[i] if i < len(self.tiles) else -1,
                "holder": self.holder[i],
                "face_down": self.down[i],
            }
            for i, a in enumerate(self.animals)
        ],
        "dock": self.dock,
        "basecamp": self.basecamp,
        "bridge": self.bridge,
        "scout": {"space": self.scout, "state": self.scout_state, "holder": self.scout_holder},
        "phase": PHASE_NAMES[self.phase],
        "turn": self.cur,
        "turn_number": self.turn_no,
        "to_move": list(self.to_move),
        "final_round": self.triggered,
        "final_turns": [a for a in range(self.colours) if self.final_pending & (1 << a)],
        "dog_used": self.dog_used,
    }
    if self.phase == Phase.SETUP_EXPLORER:
        view["setup_colour"] = self.setup_seq[self.setup_i][1]
    if self.phase == Phase.DROP:
        view["move"] = {
            "from": self.mv_from,
            "position": self.mv_pos,
            "direction": self.mv_dir,
            "in_hand": list(self.mv_stack),
            "next": self.mv_pos + self.mv_dir,
            "forced": self.mv_ctx == Mover.FORCED,
        }
    if self.phase == Phase.RESTACK:
        view["restack"] = {"space": self.mv_from, "left": list(self.cap_rest)}
    if self.phase == Phase.MONKEY:
        view["monkey"] = {"placed": self.mk_placed, "moves": self.mk_moves}
    if self.is_over:
        view["winners"] = self.winners()
    return view


def _same(fast: dict[str, Any], ref: dict[str, Any], where: str) -> str:
    """Check equality (== tells lists from tuples; JSON checks key order and True from 1); return the JSON."""
    assert fast == ref, where
    text = json.dumps(fast)
    assert text == json.dumps(ref), where
    return text


def _check_all(s: TrekState, where: str) -> list[tuple[Any, str]]:
    """Check every seat's view and the public one; return them with JSON snapshots."""
    seats: list[int | None] = [*range(s.n), None]
    return [
        (v, _same(v, reference_view(s, seat), f"{where} seat {seat}"))
        for seat in seats
        for v in [s.view(seat)]
    ]


CONFIGS = [
    *({"players": n, "variant": v} for n in (2, 3, 4) for v in ("basic", "full", "simple")),
    {"players": 4, "variant": "full", "hidden_money": True},
    {"players": 2, "variant": "basic", "hidden_money": True},
    {"players": 3, "variant": "full", "animals": False},
    {"players": 4, "variant": "basic", "animal_shift": "choose", "empty_tile_check": "caravan-move"},
    {"players": 3, "variant": "full", "animal_shift": "back", "hidden_money": True},
]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_fast_views_equal_the_reference(options: dict[str, Any]) -> None:
    """Every seat's view and the public one, at every step (and sometimes only every few steps, in
    varying order) of random games; views handed out earlier never change afterwards."""
    g = riverbox.load("river-trek", **options)
    for game_no in range(2):
        seed = 1000 * options["players"] + 17 * game_no + len(options)
        s = g.new_state(seed)
        r = Rng(seed ^ 0xBEEF)
        kept: list[tuple[Any, str]] = []
        step = 0
        _check_all(s, f"{options} seed {seed} setup")
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(r.choice(legal))
            step += 1
            where = f"{options} seed {seed} step {step}"
            mode = r.randrange(6)
            if mode == 0:
                continue  # skip some steps: a cache must not go stale over several steps
            if mode == 1:
                seat = r.choice([*range(s.n), None])
                _same(s.view(seat), reference_view(s, seat), where)
                continue
            if mode == 2:  # repeated calls within a step
                _same(s.view(None), reference_view(s, None), where)
            kept.extend(_check_all(s, where))
            if len(kept) > 60:
                for v, snap in kept:
                    assert json.dumps(v) == snap, f"{where}: a view handed out earlier changed"
                kept = kept[-10:]
        kept.extend(_check_all(s, f"{options} seed {seed} over"))
        for v, snap in kept:
            assert json.dumps(v) == snap, f"{options} seed {seed}: a view handed out earlier changed"


@pytest.mark.parametrize("players", [2, 4])
def test_clones_and_restored_states_do_not_share_view_caches(players: int) -> None:
    """A clone (or a determinized copy, or a JSON round trip) taken after views were built plays on
    independently: its views and the original's both keep matching the reference."""
    g = riverbox.load("river-trek", players=players, variant="full")
    s = g.new_state(77 + players)
    r = Rng(5)
    step = 0
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
        step += 1
        if step % 7:
            continue
        _check_all(s, f"step {step}")
        others: list[Any] = [s.clone(), s.determinize(0, 3), g.state_from_json(s.to_json())]
        before = [(v, json.dumps(v)) for v in (s.view(x) for x in [*range(players), None])]
        rc = Rng(step)
        for o in others:
            for _ in range(4):
                if o.is_over:
                    break
                o.apply(rc.choice(o.legal_actions()))
                _check_all(o, f"copy at step {step}")
        for v, snap in before:
            assert json.dumps(v) == snap
        _check_all(s, f"original after copies at step {step}")
