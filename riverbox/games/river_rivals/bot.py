"""The River Rivals heuristic bot: scores each legal action from the seat's view only.

What it weighs:

* **strength in columns**: a card is worth more where it makes (or keeps) a full column at least as
  strong as the opposing side, since that column catches a fish every turn; it avoids filling a
  column it would lose and prefers columns the opponent has not loaded;
* **when to draw**: with a small hand or when no play is useful;
* **when to attack shields**: Claw Attack goes for unshielded cards carrying fish or strength first;
  a shield is attacked only if it is the only target, or it protects a column the opponent wins;
* fish go on the sturdiest card (shielded, strong); shields go where fish sit or a column is close.

No search and no hidden state: it reads ``state.view(seat)`` and ``state.legal_actions(seat)``.
"""

from __future__ import annotations

from typing import Any

from riverbox.core import Rng, State
from riverbox.core.choose import choose_best
from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.content import COLUMN_CAP, EFFECTS, EQUIPMENT, KINDS
from riverbox.games.river_rivals.frames import RULES as FRAMES
from riverbox.games.river_rivals.position import Frame

_QUICK, _MOVE, _SHIELD, _CLAW, _LIGHT, _COPY = EFFECTS
"""The animal effects, as the data file names them."""
_LIGHTNING = FRAMES[Frame.LIGHTNING].slug
_SKIP_VALUE = {
    Frame.LIGHTNING: 0.0,
    Frame.MOVE: 0.2,
    Frame.COPY: 0.0,
    Frame.RECALL: 0.5,
}
"""How much declining each decision is worth (others: -1, taking the effect is better)."""
_SKIP_BY_SLUG = {FRAMES[f].slug: v for f, v in _SKIP_VALUE.items()}
_PICK_ORDER = (
    "card-clapper",
    "polar-bear-surprise",
    "spring-boots",
    "peek-a-scope",
    "poison",
    "big-net",
    "bait-bucket",
    "spare-shields",
    "encore",
    "wide-paws",
    "double-cast",
    "hand-basket",
    "binoculars",
    "shield-polish",
    "second-helping",
    "undertow",
    "echo-whistle",
    "recall-horn",
)


def _strength(side: list[dict[str, Any]]) -> int:
    return sum(c["strength"] + c["shields"] for c in side)


class HeuristicBot:
    """Greedy one-step scorer over legal actions (ties broken by its own seeded generator)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        v = state.view(seat)
        return choose_best(legal, lambda a: self.score(a, v, seat), self.rng, tolerance=1e-9)

    # -- scoring -----------------------------------------------------------------------------------
    def score(self, action: Any, v: dict[str, Any], me: int) -> float:
        a: A.RvAction = action
        op = 1 - me
        mine = v["board"][me]
        theirs = v["board"][op]
        pend = v["pending"]["type"] if v["pending"] else None
        t = a.type
        if t == A.PLAY:
            return self._play_value(a.animal, a.col, v, me) + (0.5 if pend == _LIGHTNING else 0.0)
        if t in (A.DRAW, A.DRAWX):
            hand = v["hand_sizes"][me]
            return 4.0 - 1.2 * hand + (0.5 if t == A.DRAWX else 0.0)
        if t == A.FISH:
            card = mine[a.col][a.pos]
            return 10.0 + 2 * card["shields"] + card["strength"] - card["fish"] * 0.1
        if t == A.CLAW:
            card = theirs[a.col][a.pos]
            col_theirs = _strength(theirs[a.col])
            col_mine = _strength(mine[a.col])
            value = 3.0 * card["fish"] + card["strength"] + (2.0 if len(theirs[a.col]) == COLUMN_CAP else 0.0)
            if col_theirs >= col_mine:
                value += 1.5
            if card["shields"]:
                value = 1.0 + 0.5 * card["fish"] + (1.0 if col_theirs > col_mine else 0.0)
            return value
        if t == A.SHIELD:
            card = mine[a.col][a.pos]
            col = mine[a.col]
            gap = _strength(theirs[a.col]) - _strength(col)
            value = (
                2.0 * card["fish"]
                + (2.0 if len(col) == COLUMN_CAP else 0.5)
                + (2.0 if 0 <= gap <= 1 else 0.0)
            )
            return value - 0.8 * card["shields"]
        if t in (A.MOVE, A.BOOTS):
            return self._move_value(a, v, me) - (0.5 if t == A.BOOTS else 0.0)
        if t == A.COPY:
            slug = mine[a.col][a.pos]["animal"]
            eff = next(k.effect for k in KINDS if k.slug == slug)
            return {
                _QUICK: 6.0,
                _CLAW: 4.0 if theirs[a.col] else 0.0,
                _SHIELD: 3.0,
                _LIGHT: 2.0,
                _MOVE: 1.0,
            }.get(eff or "", 0.0)
        if t == A.SKIP:
            return _SKIP_BY_SLUG.get(pend or "", -1.0)
        if t == A.PICK:
            slug = EQUIPMENT[a.equip].slug
            return float(len(_PICK_ORDER) - _PICK_ORDER.index(slug)) if slug in _PICK_ORDER else 0.0
        if t == A.USE:
            return 5.0 if v["phase"] == "after" else 0.5
        if t == A.END:
            return 1.0
        if t == A.BEAR:
            return self._play_value(
                next(i for i, k in enumerate(KINDS) if k.strength == max(x.strength for x in KINDS)),
                a.col,
                v,
                me,
            )
        if t == A.TAKE:
            return float(KINDS[a.animal].strength)
        if t == A.RECALL:
            return float(KINDS[a.animal].strength)
        if t == A.ENCORE:
            slug = mine[a.col][a.pos]["animal"]
            eff = next(k.effect for k in KINDS if k.slug == slug)
            return {_QUICK: 6.0, _CLAW: 4.0 if theirs[a.col] else 0.0, _SHIELD: 3.0}.get(eff or "", 1.0)
        if t == A.UNDERTOW:
            # pull a card out of a column the opponent wins against a full column of ours
            return float(_strength(theirs[a.col]) - _strength(mine[a.col])) - 0.5 * len(theirs[a.to])
        return 0.0

    def _play_value(self, kind: int, col: int, v: dict[str, Any], me: int) -> float:
        k = KINDS[kind]
        op = 1 - me
        mine = v["board"][me][col]
        theirs = v["board"][op][col]
        n = len(mine) + 1
        total = _strength(mine) + k.strength
        opp = _strength(theirs)
        value = 0.0
        if n == COLUMN_CAP:
            spaces = sum(c["spaces"] - c["fish"] for c in mine) + k.fish_spaces
            if total >= opp and spaces:
                value += 9.0
            else:
                value -= 4.0
        else:
            # building: keep ahead of what the opponent has shown there
            value += 1.5 if total >= opp else 0.5 - 0.3 * (opp - total)
            value += 0.6 * len(mine)  # finish columns already started
        if k.effect == _QUICK:
            value += 7.0
        elif k.effect == _CLAW:
            if theirs:
                value += 3.0 + max(3.0 * c["fish"] + c["strength"] - 2 * c["shields"] for c in theirs) * 0.5
            else:
                value -= 1.0
        elif k.effect == _SHIELD:
            value += 2.0 if v["shield_supply"] else 0.0
        elif k.effect == _LIGHT:
            value += 2.0 if n < COLUMN_CAP and v["hand_sizes"][me] > 1 else 0.0
        elif k.effect == _COPY:
            value += (
                2.5
                if any(
                    next(x.effect for x in KINDS if x.slug == c["animal"]) in (_QUICK, _CLAW) for c in mine
                )
                else 0.0
            )
        elif k.effect == _MOVE:
            value += 0.5
        # a strong card is wasted where the opponent already has nothing to beat
        value += 0.2 * k.strength if opp else -0.1 * k.strength
        return value

    def _move_value(self, a: A.RvAction, v: dict[str, Any], me: int) -> float:
        op = 1 - me
        mine = v["board"][me]
        theirs = v["board"][op]
        card = mine[a.col][a.pos]
        before = self._column_state(mine[a.col], theirs[a.col]) + self._column_state(mine[a.to], theirs[a.to])
        src = [c for i, c in enumerate(mine[a.col]) if i != a.pos]
        dst = [*mine[a.to], card]
        after = self._column_state(src, theirs[a.col]) + self._column_state(dst, theirs[a.to])
        return after - before - 0.5

    @staticmethod
    def _column_state(mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> float:
        if len(mine) == COLUMN_CAP:
            free = any(c["fish"] < c["spaces"] for c in mine)
            return 4.0 if _strength(mine) >= _strength(theirs) and free else -1.0
        return 0.3 * len(mine) if _strength(mine) >= _strength(theirs) else 0.0


__all__ = ["HeuristicBot"]
