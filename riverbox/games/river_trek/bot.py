"""A heuristic River Trek bot: one-ply look-ahead on caravan moves, reach-based trading posts.

It decides from ``state.view(seat)`` and ``state.legal_actions(seat)``; to look one move ahead it
plays candidate actions on ``state.determinize(seat)`` (River Trek hides nothing, so that is a
copy) and reads the resulting views. The evaluation follows spec §3.4's greedy bot: own income,
minus half the average income of the others, plus 0.15 per space of progress of own explorers,
with caution about ending the game while behind.

Before its caravan move it also tries the SPEND powers that work "at any time" (Jaguar, Otter,
Capybara with a few restack orders): each is played on a copy followed by the best plain move, and
is used only when that beats the best plain move by ``SPEND_MARGIN``. The Boa, Tree Frog and
Peccary are weighed the same way at each drop / move choice; the Monkey is used for extra posts.
"""

from __future__ import annotations

from typing import Any

from riverbox.core import Rng, State
from riverbox.core.choose import choose_best
from riverbox.games.river_trek.actions import Kind, TrekAction
from riverbox.games.river_trek.powers import BY_TIMING, Timing

PROGRESS = 0.15
OTHERS = 0.5
SPEND_MARGIN = 2.5  # a SPEND power must beat the best plain move by this much (the token has value)
BEFORE_MOVE = frozenset(p.kind for p in BY_TIMING[Timing.ANYTIME] if p.moves_explorers)
"""The powers tried before the caravan move, from their records (Jaguar, Otter, Capybara)."""
AT_DROP = frozenset({Kind.DROP, *(p.kind for p in BY_TIMING[Timing.AT_DROP])})
AT_END = frozenset({Kind.END, *(p.kind for p in BY_TIMING[Timing.END_STEP])})


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Money now plus a little for progress; minus half the others' average known money."""
    money = view["money"]
    mine = money[seat] or 0
    others = [m for i, m in enumerate(money) if i != seat and m is not None]
    value = mine - (OTHERS * sum(others) / len(others) if others else 0.0)
    progress = 0
    for i, st in enumerate(view["stacks"]):
        progress += i * st.count(seat)
    progress += view["clearing"][seat] * len(view["stacks"])
    value += PROGRESS * progress
    if view["final_round"] and others and mine < max(others):
        value -= 5.0  # reluctant to end the game while behind
    return value


def _landing_values(view: dict[str, Any], seat: int) -> dict[int, float]:
    """For every space, how much it is worth to have a post there: explorers of ``seat`` that a move
    of their caravan would drop on it, weighted by the caravan they would top."""
    stacks = view["stacks"]
    out: dict[int, float] = {}
    last = len(stacks) - 1
    for i, st in enumerate(stacks):
        if seat not in st:
            continue
        for depth, c in enumerate(st):
            target = i + depth + 1
            if c != seat or target > last:
                continue
            out[target] = out.get(target, 0.0) + len(stacks[target]) + 1.0
        # a nearer-term bonus for the spaces a little ahead of our caravans
        for d in range(1, 7):
            if i + d <= last:
                out[i + d] = out.get(i + d, 0.0) + 0.3 / d
    return out


class TrekBot:
    """The heuristic bot (``act(state, seat)``)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, max_candidates: int = 24) -> None:
        self.rng = Rng(seed)
        self.max_candidates = max_candidates
        self._restack_plan: list[int] = []

    # -- helpers ---------------------------------------------------------------------------
    def _simulate(self, state: State, seat: int, action: Any) -> float:
        sim = state.determinize(seat, self.rng.next64())
        sim.apply(action, seat)
        # finish pending drop choices of the same move plainly, so moves compare fairly
        guard = 0
        while seat in sim.to_move and guard < 40:
            legal = sim.legal_actions(seat)
            plain = next((a for a in legal if isinstance(a, TrekAction) and a.kind == Kind.DROP), None)
            if plain is None:
                break
            sim.apply(plain, seat)
            guard += 1
        return evaluate(sim.view(seat), seat)

    def _best_by_simulation(self, state: State, seat: int, actions: list[Any]) -> Any:
        if len(actions) > self.max_candidates:
            actions = list(actions)
            self.rng.shuffle(actions)
            actions = actions[: self.max_candidates]
        return choose_best(actions, lambda a: self._simulate(state, seat, a), tolerance=1e-9)

    def _best_post(self, view: dict[str, Any], seat: int, actions: list[Any]) -> tuple[Any, float]:
        values = _landing_values(view, seat)
        areas = view["areas"]
        best, best_v = None, 0.0
        for a in actions:
            if a.kind == Kind.POST:
                target, source = a.at, -1
            elif a.kind == Kind.MOVEPOST:
                target, source = a.to, a.at
            else:
                continue
            gain = sum(values.get(i, 0.0) for i in areas[target]["spaces"])
            gain *= 1.0 + 0.5 * areas[target]["posts"][seat]  # doubling helps
            if areas[target]["plus2"]:
                gain += 1.0
            if source >= 0:
                gain -= (
                    sum(values.get(i, 0.0) for i in areas[source]["spaces"])
                    * (1.0 + 0.5 * (areas[source]["posts"][seat] - 1))
                    + 1.0
                )
            if gain > best_v:
                best, best_v = a, gain
        return best, best_v

    # -- SPEND powers before the caravan move (Jaguar, Otter, Capybara) ----------------------
    def _best_move_value(self, state: State, seat: int, limit: int = 12) -> float:
        """The value of the best caravan move from ``state`` (one ply, plain drops)."""
        moves: list[Any] = [
            a for a in state.legal_actions(seat) if getattr(a, "kind", -1) in (Kind.MOVE, Kind.MOVEBACK)
        ]
        if not moves:
            return evaluate(state.view(seat), seat)
        if len(moves) > limit:
            self.rng.shuffle(moves)
            moves = moves[:limit]
        return max(self._simulate(state, seat, a) for a in moves)

    def _restack_orders(self, stack: list[int], seat: int) -> list[list[int]]:
        """A few bottom-to-top orders for a Capybara restack: own explorers high, low, spread."""
        own = [c for c in stack if c == seat]
        rest = [c for c in stack if c != seat]
        orders = [rest + own, own + rest]
        seen = {tuple(o) for o in orders}
        for _ in range(8):
            o = list(stack)
            self.rng.shuffle(o)
            if tuple(o) not in seen:
                seen.add(tuple(o))
                orders.append(o)
        return [o for o in orders if o != stack]

    def _after_power(self, state: State, seat: int, action: Any, order: list[int] | None) -> float:
        sim = state.determinize(seat, self.rng.next64())
        sim.apply(action, seat)
        for c in order or []:
            if sim.view(seat)["phase"] != "restack":
                break
            legal: list[Any] = sim.legal_actions(seat)
            sim.apply(next(a for a in legal if a.kind == Kind.RESTACK and a.at == c), seat)
        return self._best_move_value(sim, seat)

    def _plan_power(self, state: State, seat: int, legal: list[Any]) -> Any:
        """A Jaguar, Otter or Capybara play worth more than keeping the token, or None."""
        powers = [a for a in legal if a.kind in BEFORE_MOVE]
        if not powers:
            return None
        view = state.view(seat)
        stacks = view["stacks"]
        candidates: list[tuple[Any, list[int] | None]] = []
        jags = [a for a in powers if a.kind == Kind.JAGUAR]
        jags.sort(key=lambda a: -(len(stacks[a.to]) + 0.3 * (a.to - a.at)))
        candidates += [(a, None) for a in jags[:8]]
        otters = [a for a in powers if a.kind == Kind.OTTER]
        self.rng.shuffle(otters)
        candidates += [(a, None) for a in otters[:10]]
        for a in powers:
            if a.kind == Kind.CAPYBARA and seat in stacks[a.at]:
                candidates += [(a, o) for o in self._restack_orders(list(stacks[a.at]), seat)]
        if not candidates:
            return None
        base = self._best_move_value(state, seat)
        best, best_v = None, base + SPEND_MARGIN
        for a, order in candidates:
            v = self._after_power(state, seat, a, order)
            if v > best_v:
                best, best_v = (a, order), v
        if best is None:
            return None
        self._restack_plan = list(best[1] or [])
        return best[0]

    # -- the decision ----------------------------------------------------------------------
    def act(self, state: State, seat: int) -> Any:
        legal: list[Any] = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        phase = view["phase"]
        if phase != "restack":
            self._restack_plan = []  # a plan lives only from the Capybara to its restack
        if phase in ("setup-explorer", "place"):
            places = [a for a in legal if a.kind == Kind.PLACE]
            if phase == "setup-explorer" and view["setup_colour"] != seat:
                return places[0]  # Stanley's explorer: the Dock, out of the way
            stacks = view["stacks"]
            # join caravans we would top, further up is better
            return max(places, key=lambda a: (a.at + 0.8 * len(stacks[a.at]), a.at))
        if phase == "post" and view["hand_posts"][seat] >= 2:
            monkey = next((a for a in legal if a.kind == Kind.MONKEY), None)
            if monkey is not None:
                return monkey
        if phase in ("setup-post", "post", "monkey"):
            best, gain = self._best_post(view, seat, legal)
            if phase == "setup-post":
                if best is None:
                    return max((a for a in legal if a.kind == Kind.POST), key=lambda a: a.at)
                return best
            if best is not None and (gain > 0.5 or (best.kind == Kind.POST and phase == "post")):
                return best
            for word in (Kind.SKIP, Kind.DONE):
                hit = next((a for a in legal if a.kind == word), None)
                if hit is not None:
                    return hit
            return legal[0]
        if phase == "move":
            power = self._plan_power(state, seat, legal)
            if power is not None:
                return power
            moves = [a for a in legal if a.kind in (Kind.MOVE, Kind.MOVEBACK)]
            return self._best_by_simulation(state, seat, moves)
        if phase == "drop":
            return self._best_by_simulation(state, seat, [a for a in legal if a.kind in AT_DROP])
        if phase == "restack":
            while self._restack_plan:
                c = self._restack_plan.pop(0)
                planned = next((a for a in legal if a.kind == Kind.RESTACK and a.at == c), None)
                if planned is not None:
                    return planned
            others = [a for a in legal if a.kind == Kind.RESTACK and a.at != seat]
            return others[0] if others else legal[0]
        if phase == "end":
            options = [a for a in legal if a.kind in AT_END]
            return self._best_by_simulation(state, seat, options)
        return legal[0]
