"""A heuristic Ravenous River bot that reasons only from ``state.view(seat)`` and legal actions.

It scores every legal action by the position it would leave *if the round ended right then*:
its own totem's VP minus the VP an average opponent can expect (each animal not ours belongs to
an opponent with a probability read from the view: at 2 players, our returned totem is nobody's).
Unknown row animals are averaged over what the bot has not seen. Cards are a resource, so using
one costs a little; Lookout is worth a little information. Votes end the round when we are ahead.
"""

from __future__ import annotations

from typing import Any

from riverbox.core import Rng, State
from riverbox.core.choose import choose_best
from riverbox.games.ravenous_river import actions as A
from riverbox.games.ravenous_river.content import CARD_NAMES
from riverbox.games.ravenous_river.scoring import ANIMALS, score_round

CARD_COST = 0.2
LOOKOUT_BONUS = 0.1

_INDEX = {a: i for i, a in enumerate(ANIMALS)}
_ROUND_VP: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
"""Each animal's round VP by board (bank, boats, sunk boats as bit masks; at most 4^7 x 4 boards).

The heuristic scores a dozen boards a move, and search playouts call it hundreds of times a
decision, mostly on the same few boards: scoring each board once is most of its speed."""


def _bits(animals: list[str]) -> int:
    mask = 0
    for a in animals:
        mask |= 1 << _INDEX[a]
    return mask


def round_vp(bank: list[str], boats: list[list[str]], status: list[str]) -> tuple[int, ...]:
    """The VP of the seven animals (in ``ANIMALS`` order) if the round were scored on this board;
    animals on neither bank nor boat are in the row."""
    sunk = (status[0] == "sunk") | (status[1] == "sunk") << 1
    key = (_bits(bank), _bits(boats[0]), _bits(boats[1]), sunk)
    found = _ROUND_VP.get(key)
    if found is None:
        placed = set(bank) | {a for b in boats for a in b}
        row = [a for a in ANIMALS if a not in placed]
        crossing = [boats[b] for b in (0, 1) if status[b] != "sunk"]
        found = _ROUND_VP[key] = tuple(score_round(bank, crossing, row).values())
    return found


class _Model:
    """The zones as the bot sees them, plus the weights of every animal's VP."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.bank: list[str] = list(view["bank"])
        self.boats: list[list[str]] = [list(b) for b in view["boats"]]
        self.status: list[str] = list(view["boat_status"])
        self.row: list[str | None] = list(view["row"])
        mine = list(view["totems"] or [])
        n = view["players"]
        placed = set(self.bank) | {a for b in self.boats for a in b}
        known_row = {x for x in self.row if x not in (None, "?")}
        self.unknown = [a for a in ANIMALS if a not in placed and a not in known_row]
        weight = {}
        if n == 2:
            drawn = set(view["drawn"] or [])
            for a in ANIMALS:
                weight[a] = 1.0 if a in mine else (0.0 if a in drawn else -0.5)
        else:
            for a in ANIMALS:
                weight[a] = 1.0 if a in mine else -1.0 / 6.0
        self.weight = weight
        self._weights = [weight[a] for a in ANIMALS]
        self._now: float | None = None
        self._best: dict[tuple[str, bool], float] = {}

    def value(self, bank: list[str], boats: list[list[str]], status: list[str]) -> float:
        vp = round_vp(bank, boats, status)
        w = self._weights
        return sum(w[i] * vp[i] for i in range(7))

    def now(self) -> float:
        """The value of the board as it stands (kept: every look and card compares against it)."""
        if self._now is None:
            self._now = self.value(self.bank, self.boats, self.status)
        return self._now

    def placed(self, animal: str, dest: int) -> float:
        bank = [*self.bank]
        boats = [[*self.boats[0]], [*self.boats[1]]]
        if dest == 0:
            bank.append(animal)
        else:
            boats[dest - 1].append(animal)
        return self.value(bank, boats, self.status)

    def dests(self) -> list[int]:
        out = [0]
        for b in (0, 1):
            if self.status[b] == "in play" and len(self.boats[b]) < 2:
                out.append(b + 1)
        return out

    def best_place(self, animal: str, can_return: bool) -> float:
        """The best a look at ``animal`` can do; kept, since every face-down look averages the
        same unseen animals (search playouts call the bot hundreds of times a decision)."""
        key = (animal, can_return)
        found = self._best.get(key)
        if found is None:
            found = max(self.placed(animal, d) for d in self.dests())
            if can_return:
                found = max(found, self.now() - CARD_COST)
            self._best[key] = found
        return found

    def moved(self, animal: str, dest: int) -> float:
        bank = [a for a in self.bank if a != animal]
        boats = [[a for a in b if a != animal] for b in self.boats]
        if dest == 0:
            bank.append(animal)
        else:
            boats[dest - 1].append(animal)
        return self.value(bank, boats, self.status)


class HeuristicBot:
    """``act(state, seat)``: the legal action with the best one-step evaluation (ties broken at random)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        model = _Model(view)
        return choose_best(legal, lambda a: self.evaluate(a, view, model) + self.rng.random() * 1e-6)

    def evaluate(self, act: Any, view: dict[str, Any], m: _Model) -> float:
        op = act.op
        hand = view["hand"] or []
        if op == A.LOOK:
            x = m.row[act.slot]
            can_return = bool(hand)
            if x not in (None, "?"):
                return m.best_place(x, can_return)
            if not m.unknown:
                return m.now()
            return sum(m.best_place(u, can_return) for u in m.unknown) / len(m.unknown)
        if op == A.PLACE:
            x = m.row[view["pending"]["slot"]]
            return m.placed(x, act.dest) if x not in (None, "?") else m.now()
        if op == A.RETURN:
            return m.now() - CARD_COST
        if op == A.MOVE:
            return m.moved(ANIMALS[act.animal], act.dest) - CARD_COST
        if op == A.DISCARD:
            return m.now() - CARD_COST
        if op == A.PLAY:
            return self._play_value(CARD_NAMES[act.card], m) - CARD_COST
        if op == A.VOTE:
            ahead = m.now() > 0
            return 1.0 if (act.end == 1) == ahead else 0.0
        if op == A.KEEP:
            # prefer two totems that do not hunt each other (they rarely both survive together)
            return 0.0 if (act.other - act.animal) % 7 in (1, 6) else 1.0
        return self._target_value(act, m)

    def _play_value(self, name: str, m: _Model) -> float:
        # the best outcome among the card's targets, simulated on the model
        if name == "lookout":
            return m.now() + LOOKOUT_BONUS
        options = self._targets(name, m)
        if not options:
            return m.now()
        return max(self._target_value(t, m) for t in options)

    def _targets(self, name: str, m: _Model) -> list[Any]:
        inplay = [b for b in (0, 1) if m.status[b] == "in play"]
        if name == "ride-across-the-river":
            return [A.SAIL_A[b] for b in inplay if len(m.boats[b]) == 2]
        if name == "sinking-options":
            return [A.SINK_A[b] for b in inplay if not m.boats[b]]
        if name == "capsize":
            return [A.CAPSIZE_A[b] for b in inplay if m.boats[b]]
        if name == "wash-ashore":
            return [A.WASH_A[ANIMALS.index(x)] for x in m.bank]
        if name == "crosscurrent" and len(inplay) == 2:
            return [A.CROSS_A[ANIMALS.index(x)][ANIMALS.index(y)] for x in m.boats[0] for y in m.boats[1]]
        if name == "making-waves":
            faceup = [i for i, x in enumerate(m.row) if x not in (None, "?")]
            return [A.WAVES_A[ANIMALS.index(x)][i] for b in inplay for x in m.boats[b] for i in faceup]
        return []

    def _target_value(self, act: Any, m: _Model) -> float:
        op = act.op
        bank, boats, status = list(m.bank), [list(m.boats[0]), list(m.boats[1])], list(m.status)
        if op == A.SAIL:
            status[act.boat] = "sailed"
            # a sailed boat is safe from later changes: worth a little if it helps us
            v = m.value(bank, boats, status)
            return v + 0.1 * max(0.0, v - m.now() + 0.5)
        if op == A.SINK:
            status[act.boat] = "sunk"
        elif op == A.CAPSIZE:
            bank.extend(boats[act.boat])
            boats[act.boat] = []
        elif op == A.WASH:
            bank.remove(ANIMALS[act.animal])
        elif op == A.CROSS:
            x, y = ANIMALS[act.animal], ANIMALS[act.other]
            boats[0][boats[0].index(x)] = y
            boats[1][boats[1].index(y)] = x
        elif op == A.WAVES:
            x, y = ANIMALS[act.animal], m.row[act.slot]
            if y in (None, "?"):
                return m.now()
            b = 0 if x in boats[0] else 1
            boats[b][boats[b].index(x)] = y
        elif op == A.PEEK:
            return m.now() + (0.05 if act.slot2 >= 0 else 0.0)
        elif op in (A.REVEAL, A.SKIP):
            return m.now() + (0.01 if op == A.SKIP else 0.0)
        return m.value(bank, boats, status)
