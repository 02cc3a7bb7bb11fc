"""River Trek rules: setup, legal actions, apply, views and JSON.

The state is a small phase machine. A human turn runs POST (optional trading post) -> MOVE
(mandatory caravan move; a move pauses in DROP only when the mover holds the Emerald Tree Boa
or the Tree Frog) -> PLACE (new explorer) -> END (only when an animal power could still be used)
-> forced moves -> Civilization Event -> next turn. The SPEND powers usable "at any time during
your turn" (Jaguar, Monkey, Otter, Capybara) are extra actions in POST, MOVE, PLACE and END;
Monkey and Capybara open their own small phases. Stanley's turns and all forced moves happen
inside ``apply``; Stanley's turns are recorded as chance entries (``stanley place 4``).

Colours are seat numbers; in a two-player game Stanley is colour 2. Ruling ids (RT-n) refer to
the spec's rulings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riverbox.core import IllegalAction, State
from riverbox.games.river_trek import scoring
from riverbox.games.river_trek.actions import (
    A_BOA,
    A_CAPYBARA,
    A_DOG,
    A_DONE,
    A_DROP,
    A_DROPALL,
    A_END,
    A_FROG,
    A_JAGUAR,
    A_MONKEY,
    A_MOVE,
    A_MOVEBACK,
    A_MOVEPOST,
    A_OTTER,
    A_PLACE,
    A_POST,
    A_RESTACK,
    A_SKIP,
    A_TILE,
    BOA,
    CAPYBARA,
    DOG,
    DONE,
    DROP,
    DROPALL,
    END,
    FROG,
    JAGUAR,
    MONKEY,
    MOVE,
    MOVEBACK,
    MOVEPOST,
    OTTER,
    PLACE,
    POST,
    RESTACK,
    SKIP,
    TILE,
    TrekAction,
)
from riverbox.games.river_trek.board import (
    ANIMALS,
    CROSSING,
    DOCK,
    KIND_NAMES,
    NORMAL,
    NUMBER,
    STAR,
    Path,
    animal_data,
    path_for,
)

if TYPE_CHECKING:
    from riverbox.games.river_trek import RiverTrek

# Phases.
(
    SETUP_EXPLORER,
    SETUP_POST,
    P_POST,
    P_MOVE,
    P_DROP,
    P_PLACE,
    P_END,
    P_MONKEY,
    P_RESTACK,
    P_OVER,
    SETUP_TILE,
) = range(11)
PHASE_NAMES = (
    "setup-explorer",
    "setup-post",
    "post",
    "move",
    "drop",
    "place",
    "end",
    "monkey",
    "restack",
    "over",
    "setup-tile",
)
COLOURS = ("green", "orange", "purple", "blue")
EXPLORERS = 12
POSTS = 7
START_MONEY = (0, 2, 4, 6)
# Move contexts: the player's own move, a forced move, Stanley's move.
CTX_MAIN, CTX_FORCED, CTX_STANLEY = 0, 1, 2

_ANYTIME = ("jaguar", "monkey", "otter", "capybara")


_SHARED = (
    *("path", "middle", "animals", "tiles", "slot", "tile_at", "setup_seq", "rotation", "n", "stanley"),
    *("colours", "prev_cross", "phase", "cur", "rot", "setup_i", "dock", "basecamp", "bridge", "scout"),
    *("scout_state", "scout_holder", "mv_pos", "mv_dir", "mv_ctx", "mv_from", "mv_tools", "ret_phase"),
    *("mk_placed", "mk_moves", "dog_used", "triggered", "final_pending", "turn_no", "to_move"),
    *("_vpub", "_vhide", "_vfix", "_vstacks", "_vareas", "_vanimals", "_vsmall"),
)
"""What a clone shares with its original (immutable values and view caches), copied by name."""


class TrekState(State["RiverTrek"]):
    """A River Trek position (see the module docstring for the phases)."""

    # -- fixed for the game (shared between clones) --
    path: Path
    middle: tuple[str, ...]
    animals: tuple[str, ...]
    tiles: tuple[int, ...]
    slot: dict[str, int]
    tile_at: dict[int, int]
    setup_seq: tuple[tuple[int, int], ...]
    rotation: tuple[int, ...]
    n: int
    stanley: int  # Stanley's colour/actor id, or -1
    colours: int
    prev_cross: tuple[int, ...]
    # -- mutable --
    stacks: list[list[int]]
    clearing: list[int]
    money: list[int]
    posts: list[list[int]]
    hand: list[int]
    off: list[int]
    holder: list[int]
    down: list[bool]
    mv_stack: list[int]
    cap_rest: list[int]
    # -- scalars --
    phase: int
    cur: int
    rot: int
    setup_i: int
    dock: int
    basecamp: int
    bridge: int
    scout: int
    scout_state: int  # 0 on the board, 1 taken (event pending), 2 event done / not used
    scout_holder: int
    mv_pos: int
    mv_dir: int
    mv_ctx: int
    mv_from: int
    mv_tools: int  # bit 1: may use the Boa in this move, bit 2: the Tree Frog (held when it began; RT-14)
    ret_phase: int
    mk_placed: int
    mk_moves: int
    dog_used: bool
    triggered: bool
    final_pending: int
    turn_no: int
    _log: list[tuple[int, str]] | None = None
    # -- view caches (never serialised; see ``build_view``) --
    _vkey: int = -1  # len(history) when _vpub was built
    _vpub: dict[str, Any] | None = None
    _vhide: bool = False
    _vfix: _Fixed | None = None
    _vstacks: list[list[int]] | None = None
    _vareas: tuple[int, list[Any], list[dict[str, Any]]] | None = None
    _vanimals: tuple[Any, ...] | None = None
    _vsmall: tuple[Any, ...] = (None, None, None, None, None)

    # ------------------------------------------------------------------ setup
    def _setup_game(self, game: RiverTrek, seed: Any) -> None:  # Any: _init_common checks it (ValueError)
        self._init_common(game, seed)
        opts = game.options
        names = game.middle_names
        order = list(names)
        self.rng.shuffle(order)
        count = 3 if opts["variant"] == "full" else 2
        middle = tuple(order[:count])
        path = path_for(middle)
        self.chance("boards " + " ".join(path.sides[1:-1]))
        animals: tuple[str, ...] = ()
        tiles: tuple[int, ...] = ()
        if game.animals_on:
            pool = list(ANIMALS)
            self.rng.shuffle(pool)
            animals = tuple(pool[:4])
            if opts["animal_shift"] == "choose":  # RT-18 option: seat 0 (the host) chooses shifts
                self.chance("animals " + " ".join(animals))
            else:
                tiles = tuple(game.tile_positions(path))
                self.chance("animals " + " ".join(f"{a}@{t}" for a, t in zip(animals, tiles, strict=True)))
        self._fixed(middle, animals, tiles)
        n = self.n
        self.stacks = [[] for _ in range(path.length)]
        self.clearing = [0] * self.colours
        self.money = [START_MONEY[i] for i in range(n)]
        self.posts = [[0] * n for _ in path.areas]
        self.hand = [POSTS] * n
        self.off = [EXPLORERS] * self.colours
        self.holder = [-1] * len(animals)
        self.down = [False] * len(animals)
        self.mv_stack = []
        self.cap_rest = []
        self.phase = SETUP_EXPLORER
        self.cur = 0
        self.rot = 0
        self.setup_i = 0
        self.dock = 0
        self.basecamp = path.first_crossing()
        self.bridge = -1
        self.scout = path.scout_space() if opts["variant"] == "full" else -1
        self.scout_state = 0 if self.scout >= 0 else 2
        self.scout_holder = -1
        self.mv_pos = self.mv_dir = self.mv_from = -1
        self.mv_ctx = CTX_MAIN
        self.mv_tools = 0
        self.ret_phase = -1
        self.mk_placed = self.mk_moves = 0
        self.dog_used = False
        self.triggered = False
        self.final_pending = 0
        self.turn_no = 0
        self.to_move = (self.setup_seq[0][0],)
        if len(self.tiles) < len(self.animals):
            self._place_tiles()

    def tile_candidates(self) -> list[int]:
        """RT-18: where the next animal tile may go (one entry: no choice)."""
        path = self.path
        nominal = self.tiles[-1] + 2 if self.tiles else path.first_crossing() + 1

        def ok(p: int) -> bool:
            return 0 < p < path.final_start and path.kinds[p] not in (DOCK, CROSSING) and p not in self.tiles

        if ok(nominal):
            return [nominal]
        return [p for p in (nominal + 1, nominal - 1) if ok(p)]

    def _place_tiles(self) -> None:
        """Place tiles automatically until the host must choose a shift (animal_shift=choose)."""
        while len(self.tiles) < len(self.animals):
            options = self.tile_candidates()
            if len(options) > 1:
                self.phase = SETUP_TILE
                self.to_move = (0,)
                return
            if not options:
                raise ValueError("river-trek: no legal animal tile position")  # RT-18
            self._put_tile(options[0])
        self.phase = SETUP_EXPLORER
        self.to_move = (self.setup_seq[0][0],)

    def _put_tile(self, space: int) -> None:
        self.tiles = (*self.tiles, space)
        self.tile_at = {t: i for i, t in enumerate(self.tiles)}

    def _fixed(self, middle: tuple[str, ...], animals: tuple[str, ...], tiles: tuple[int, ...]) -> None:
        """Set the per-game constants (also used when restoring from JSON)."""
        game = self.game
        n = game.players
        self.n = n
        self.stanley = 2 if n == 2 else -1
        self.colours = 3 if n == 2 else n
        self.middle = middle
        self.path = path = path_for(middle)
        self.animals = animals
        self.tiles = tiles
        self.slot = {a: i for i, a in enumerate(animals)}
        self.tile_at = {t: i for i, t in enumerate(tiles)}
        self.setup_seq = game.setup_sequence()
        self.rotation = (0, 2, 1, 2) if n == 2 else tuple(range(n))
        prev = []
        last = -1
        for i, k in enumerate(path.kinds):
            prev.append(last)
            if k in (DOCK, CROSSING):
                last = i
        self.prev_cross = tuple(prev)

    # ------------------------------------------------------------------ small helpers
    def holds(self, seat: int, animal: str) -> bool:
        s = self.slot.get(animal)
        return s is not None and self.holder[s] == seat

    def _human_turn(self) -> bool:
        return self.cur != self.stanley

    def _log_event(self, text: str) -> None:
        if self._log is not None:
            self._log.append((len(self.history) - 1, text))

    def _name(self, colour: int) -> str:
        if colour == self.stanley:
            return "Stanley"
        return COLOURS[colour]

    def area_usable(self, area: int) -> bool:
        """RT-4/RT-27: no posts on the Final board (it has no areas) or wholly below the Bridge."""
        return self.bridge < 0 or max(self.path.areas[area].spaces) >= self.bridge

    def new_explorer_spaces(self) -> range:
        """RT-6: the New Explorer spaces, Dock (or Bridge) to the Base-camp crossing inclusive."""
        return range(self.dock, self.basecamp + 1)

    def posts_on_board(self, seat: int) -> int:
        return sum(p[seat] for p in self.posts)

    # ------------------------------------------------------------------ legal actions
    def _legal(self, seat: int) -> list[Any]:
        ph = self.phase
        if ph == P_POST:
            out = self._post_actions(seat)
            out.append(A_SKIP)
            if self.slot:
                self._power_actions(seat, out)
            return out
        if ph == P_MOVE:
            stacks = self.stacks
            out = [A_MOVE[i] for i in range(self.dock, len(stacks)) if seat in stacks[i]]
            if self.holds(seat, "peccary"):  # RT-23: downstream instead (never forced)
                out += [A_MOVEBACK[i] for i in range(self.dock + 1, len(stacks)) if seat in stacks[i]]
            if self.slot:
                self._power_actions(seat, out)
            return out
        if ph == P_PLACE:
            out = self._place_actions(seat, 2, self.holds(seat, "harpy"))
            if self.slot:
                self._power_actions(seat, out)
            return out
        if ph == P_DROP:
            # "drop all" answers "use the Boa / Tree Frog on this move?" with no, once for the move
            out = [A_DROPALL, A_DROP]
            if self._may_boa():
                out.append(A_BOA)
            if self._may_frog():
                out.append(A_FROG)
            return out
        if ph == P_END:
            out = [A_END]
            self._power_actions(seat, out)
            self._dog_actions(seat, out)
            return out
        if ph == SETUP_TILE:
            return [A_TILE[p] for p in self.tile_candidates()]
        if ph == SETUP_EXPLORER:
            return self._place_actions(seat, 3, False)
        if ph == SETUP_POST:
            return self._post_actions(seat)
        if ph == P_MONKEY:
            out = []
            if self.mk_moves == 0 and self.mk_placed < 2 and self.hand[seat] > 0:
                out += self._post_actions(seat)
            if self.mk_moves < self.posts_on_board(seat):
                out += self._movepost_actions(seat)
            out.append(A_DONE)
            return out
        if ph == P_RESTACK:
            return [A_RESTACK[c] for c in sorted(set(self.cap_rest))]
        return []

    def _place_actions(self, seat: int, limit: int, harpy: bool) -> list[Any]:
        """RT-6: a space is open if it holds fewer than ``limit`` explorers; the Dock/Bridge always."""
        stacks = self.stacks
        dock = self.dock
        return [
            A_PLACE[i] for i in self.new_explorer_spaces() if i == dock or harpy or len(stacks[i]) < limit
        ]

    def _post_actions(self, seat: int) -> list[Any]:
        if self.phase == P_POST and self.hand[seat] == 0:
            return self._movepost_actions(seat)
        if self.hand[seat] == 0:
            return []
        posts = self.posts
        extra = 1 if self.holds(seat, "tamandua") else 0
        areas = self.path.areas
        bridge = self.bridge
        out = []
        for a, ar in enumerate(areas):
            lim = (1 if ar.small else 2) + extra
            if posts[a][seat] < lim and (bridge < 0 or ar.spaces[-1] >= bridge):
                out.append(A_POST[a])
        return out

    def _movepost_actions(self, seat: int) -> list[Any]:
        posts = self.posts
        extra = 1 if self.holds(seat, "tamandua") else 0
        areas = self.path.areas
        bridge = self.bridge
        targets = [
            b
            for b, ar in enumerate(areas)
            if posts[b][seat] < (1 if ar.small else 2) + extra and (bridge < 0 or ar.spaces[-1] >= bridge)
        ]
        out = []
        for a in range(len(areas)):
            if posts[a][seat]:
                for b in targets:
                    if b != a:
                        out.append(A_MOVEPOST[(a, b)])
        return out

    def _power_actions(self, seat: int, out: list[Any]) -> None:
        """SPEND powers usable at any time on your turn between steps (RT-14)."""
        holder = self.holder
        slot = self.slot
        if not any(h == seat for h in holder):
            return
        stacks = self.stacks
        dock = self.dock
        if "jaguar" in slot and holder[slot["jaguar"]] == seat:  # RT-24
            busy = [i for i in range(dock, len(stacks)) if stacks[i]]
            for s in busy:
                if stacks[s][-1] == seat:
                    out.extend(A_JAGUAR[(s, t)] for t in busy if t != s)
        if "otter" in slot and holder[slot["otter"]] == seat:
            kinds = self.path.kinds
            cr = [i for i in range(dock, len(stacks)) if stacks[i] and kinds[i] in (DOCK, CROSSING)]
            for x, s in enumerate(cr):
                out.extend(A_OTTER[(s, t)] for t in cr[x + 1 :])
        if "capybara" in slot and holder[slot["capybara"]] == seat:
            out.extend(A_CAPYBARA[i] for i in range(dock, len(stacks)) if len(set(stacks[i])) >= 2)
        if (
            "monkey" in slot
            and holder[slot["monkey"]] == seat
            and (self.hand[seat] > 0 or self.posts_on_board(seat) > 0)
        ):
            out.append(A_MONKEY)

    def _dog_actions(self, seat: int, out: list[Any]) -> None:
        """Bush Dog (RT-24/RT-25): a lone explorer of yours steps one space, once per turn."""
        if self.dog_used or not self.holds(seat, "bushdog"):
            return
        stacks = self.stacks
        last = len(stacks) - 1
        for i in range(self.dock, len(stacks)):
            if len(stacks[i]) == 1 and stacks[i][0] == seat:
                if i < last:
                    out.append(A_DOG[(i, 1)])
                if i > self.dock:
                    out.append(A_DOG[(i, -1)])

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Any, seat: int) -> None:
        k = action.kind
        if k == PLACE:
            if self.phase == SETUP_EXPLORER:
                self._setup_place(action.a)
            else:
                self.stacks[action.a].append(seat)  # RT-6: placement never activates
                self.off[seat] -= 1
                if self._log is not None:
                    self._log_event(f"{self._name(seat)} places a new explorer on space {action.a}")
                self._enter_end()
        elif k == POST:
            self.posts[action.a][seat] += 1
            self.hand[seat] -= 1
            if self._log is not None:
                self._log_event(
                    f"{self._name(seat)} places a trading post in {self.path.areas[action.a].name}"
                )
            if self.phase == SETUP_POST:
                self._setup_post_done()
            elif self.phase == P_MONKEY:
                self.mk_placed += 1
            else:
                self._enter_move()
        elif k == MOVEPOST:
            self.posts[action.a][seat] -= 1
            self.posts[action.b][seat] += 1
            areas = self.path.areas
            if self._log is not None:
                self._log_event(
                    f"{self._name(seat)} moves a trading post from {areas[action.a].name} "
                    f"to {areas[action.b].name}"
                )
            if self.phase == P_MONKEY:
                self.mk_moves += 1
            else:
                self._enter_move()
        elif k == SKIP:
            if self._log is not None:
                self._log_event(f"{self._name(seat)} skips the trading-post step")
            self._enter_move()
        elif k in (MOVE, MOVEBACK):
            d = 1 if k == MOVE else -1
            if self._log is not None:
                n_ex = len(self.stacks[action.a])
                self._log_event(
                    f"{self._name(seat)} moves the caravan of {n_ex} on space {action.a}"
                    + (" downstream (Peccary)" if d < 0 else "")
                )
            self.mv_ctx = CTX_MAIN
            self._start_move(action.a, d)
        elif k == DROP:
            self._drop(self.mv_pos + self.mv_dir)
            self._run_move()
        elif k == DROPALL:
            if self._log is not None:
                self._log_event(f"{self._name(seat)} drops the rest of the caravan plainly")
            self.mv_tools = 0  # no more questions in this move: every drop is plain
            self._run_move()
        elif k == BOA:
            self._spend("boa", seat)
            p = self.mv_pos + self.mv_dir
            if self._log is not None:
                self._log_event(f"{self._name(seat)} spends the Emerald Tree Boa: two drops on space {p}")
            self._drop(p)  # RT-21: two drops, each activating
            self._drop(p)
            self._run_move()
        elif k == FROG:
            self._spend("frog", seat)
            p = self.mv_pos + self.mv_dir
            if self._log is not None:
                self._log_event(f"{self._name(seat)} spends the Tree Frog and jumps over space {p}")
            self.mv_pos = p  # RT-22: skipped, not activated
            self._run_move()
        elif k == END:
            if self._log is not None:
                self._log_event(f"{self._name(seat)} ends the turn")
            self._finish_turn()
        elif k == JAGUAR:
            self._spend("jaguar", seat)
            self.stacks[action.a].pop()
            self.stacks[action.b].append(seat)  # RT-24: nothing activates
            if self._log is not None:
                self._log_event(
                    f"{self._name(seat)} spends the Jaguar: from space {action.a} onto space {action.b}"
                )
            self._arrive(action.b)
            self._tile_check_after_power()
        elif k == OTTER:
            self._spend("otter", seat)
            st = self.stacks
            st[action.a], st[action.b] = st[action.b], st[action.a]
            if self._log is not None:
                self._log_event(
                    f"{self._name(seat)} spends the Otter: swaps caravans {action.a} and {action.b}"
                )
            self._arrive(action.a)
            self._arrive(action.b)
        elif k == CAPYBARA:
            self._spend("capybara", seat)
            if self._log is not None:
                self._log_event(
                    f"{self._name(seat)} spends the Capybara to restack the caravan on {action.a}"
                )
            self.cap_rest = sorted(self.stacks[action.a])
            self.stacks[action.a] = []
            self.mv_from = action.a
            self.ret_phase = self.phase
            self.phase = P_RESTACK
        elif k == RESTACK:
            self.stacks[self.mv_from].append(action.a)
            self.cap_rest.remove(action.a)
            if len(set(self.cap_rest)) <= 1:
                self.stacks[self.mv_from].extend(self.cap_rest)
                self.cap_rest = []
                self.phase = self.ret_phase
                self.mv_from = -1
        elif k == MONKEY:
            self._spend("monkey", seat)
            if self._log is not None:
                self._log_event(f"{self._name(seat)} spends the Monkey")
            self.ret_phase = self.phase
            self.phase = P_MONKEY
            self.mk_placed = self.mk_moves = 0
        elif k == DONE:
            self.phase = self.ret_phase
        elif k == TILE:
            self._put_tile(action.a)
            self._place_tiles()
        elif k == DOG:
            s, d = action.a, action.b
            self.stacks[s].pop()
            self.stacks[s + d].append(seat)  # RT-24: nothing activates
            self.dog_used = True
            if self._log is not None:
                self._log_event(f"{self._name(seat)}'s Bush Dog steps from space {s} to {s + d}")
            self._arrive(s + d)
            self._tile_check_after_power()
        else:  # pragma: no cover - _legal never offers anything else
            raise IllegalAction(f"river-trek: unknown action {action}")

    def _spend(self, animal: str, seat: int) -> None:
        """SPEND: the token goes back on its tile face down (RB; RT-16)."""
        s = self.slot[animal]
        self.holder[s] = -1
        self.down[s] = True

    # ------------------------------------------------------------------ setup steps
    def _setup_place(self, space: int) -> None:
        seat, colour = self.setup_seq[self.setup_i]
        self.stacks[space].append(colour)
        self.off[colour] -= 1
        if self._log is not None:
            self._log_event(
                f"{COLOURS[seat]} places {self._name(colour)}'s starting explorer on space {space}"
            )
        self.setup_i += 1
        if self.setup_i < len(self.setup_seq):
            self.to_move = (self.setup_seq[self.setup_i][0],)
        else:
            self.phase = SETUP_POST  # RT-5
            self.setup_i = 0
            self.to_move = (0,)

    def _setup_post_done(self) -> None:
        self.setup_i += 1
        if self.setup_i < self.n:
            self.to_move = (self.setup_i,)
        else:
            self.setup_i = len(self.setup_seq)
            self.rot = 0
            self._begin_turn(self.rotation[0])

    # ------------------------------------------------------------------ turn flow
    def _begin_turn(self, actor: int) -> None:
        self.cur = actor
        self.turn_no += 1
        self.dog_used = False
        if self._log is not None:
            self._log_event(f"--- turn {self.turn_no}: {self._name(actor)} ---")
        if actor == self.stanley:
            self._stanley_turn()
            return
        if self.slot and self.holds(actor, "sloth"):  # RT-25
            self.money[actor] += 2
            if self._log is not None:
                self._log_event(f"{self._name(actor)}'s Sloth pays $2")
        self.phase = P_POST
        self.to_move = (actor,)

    def _enter_move(self) -> None:
        seat = self.cur
        if any(seat in st for st in self.stacks):
            self.phase = P_MOVE
        else:  # RT-29: nothing to move
            if self._log is not None:
                self._log_event(f"{self._name(seat)} has no caravan to move")
            self._enter_place()

    def _enter_place(self) -> None:
        if self.off[self.cur] > 0:  # RT-7
            self.phase = P_PLACE
            self.to_move = (self.cur,)
        else:
            self._enter_end()

    def _enter_end(self) -> None:
        seat = self.cur
        if self.slot and any(h == seat for h in self.holder):
            out: list[Any] = []
            self._power_actions(seat, out)
            self._dog_actions(seat, out)
            if out:
                self.phase = P_END
                self.to_move = (seat,)
                return
        self._finish_turn()

    def _finish_turn(self) -> None:
        """RT-13: forced moves (furthest downstream first, repeated), then the event, then next turn."""
        stacks = self.stacks
        for i in range(self.dock, len(stacks)):
            if len(stacks[i]) >= 7:
                if self._log is not None:
                    self._log_event(f"forced move of the caravan of {len(stacks[i])} on space {i}")
                self.mv_ctx = CTX_FORCED
                self._start_move(i, 1)
                return
        if self.scout_state == 1:
            self._civilization_event()
        self.down = [False] * len(self.down)  # RT-16: end of turn, all face up
        self._next_turn()

    def _next_turn(self) -> None:
        if self.triggered:
            self.final_pending &= ~(1 << self.cur)
            if not self.final_pending:
                self.phase = P_OVER
                self.to_move = ()
                if self._log is not None:
                    self._log_event("the game is over")
                return
        rotation = self.rotation
        while True:
            self.rot = (self.rot + 1) % len(rotation)
            actor = rotation[self.rot]
            if not self.triggered or self.final_pending & (1 << actor):
                break
        self._begin_turn(actor)

    def _stanley_turn(self) -> None:
        """RT-20: place on the furthest-upstream legal space, else move his lowest caravan."""
        st = self.stanley
        stacks = self.stacks
        self.phase = P_MOVE
        if self.off[st] > 0:
            for i in range(self.basecamp, self.dock - 1, -1):
                if i == self.dock or len(stacks[i]) < 2:
                    stacks[i].append(st)
                    self.off[st] -= 1
                    self.chance(f"stanley place {i}")
                    if self._log is not None:
                        self._log_event(f"Stanley places a new explorer on space {i}")
                    break
            self._finish_turn()
            return
        for i in range(self.dock, len(stacks)):
            if st in stacks[i]:
                self.chance(f"stanley move {i}")
                if self._log is not None:
                    self._log_event(f"Stanley moves the caravan of {len(stacks[i])} on space {i}")
                self.mv_ctx = CTX_STANLEY
                self._start_move(i, 1)
                return
        self.chance("stanley pass")
        if self._log is not None:
            self._log_event("Stanley has nothing to move or place")
        self._finish_turn()

    # ------------------------------------------------------------------ caravan moves
    def _start_move(self, space: int, direction: int) -> None:
        self.mv_stack = self.stacks[space]
        self.stacks[space] = []
        self.mv_from = space
        self.mv_pos = space
        self.mv_dir = direction
        tools = 0
        if self.slot and self.mv_ctx != CTX_STANLEY:  # RT-13: Boa / Tree Frog only on your own turn
            seat = self.cur
            tools = (1 if self.holds(seat, "boa") else 0) | (2 if self.holds(seat, "frog") else 0)
        self.mv_tools = tools
        self._run_move()

    def _may_boa(self) -> bool:
        """RT-21: the Boa, held since the move began (RT-14), with two explorers still in hand."""
        return bool(self.mv_tools & 1) and self.holds(self.cur, "boa") and len(self.mv_stack) >= 2

    def _may_frog(self) -> bool:
        """RT-22: the Tree Frog, held since the move began (RT-14)."""
        return bool(self.mv_tools & 2) and self.holds(self.cur, "frog")

    def _run_move(self) -> None:
        """Drop explorers one by one (RT-8), pausing only for a Boa / Tree Frog choice."""
        last = len(self.stacks) - 1
        tools = self.mv_tools
        while self.mv_stack:
            p = self.mv_pos + self.mv_dir
            if p > last:  # RT-12: off the end, into the clearing, $1 each
                for e in self.mv_stack:
                    self.clearing[e] += 1
                    if e != self.stanley:
                        self.money[e] += 1
                    if self._log is not None:
                        self._log_event(
                            f"  {self._name(e)} explorer leaves the path into the clearing"
                            + ("" if e == self.stanley else " (+$1)")
                        )
                self.mv_stack = []
                self._trigger_end()
                break
            if p < self.dock:  # RT-23: downstream explorers stack on the Dock/Bridge
                p = self.dock
            elif tools and (self._may_frog() or self._may_boa()):
                self.phase = P_DROP
                self.to_move = (self.cur,)
                return
            self._drop(p)
        self._end_move()

    def _drop(self, p: int) -> None:
        """Drop the bottom explorer in hand on space ``p`` and activate the space (RT-8); an explorer
        dropped on the Scout's space takes the Scout even if it then washes away (RT-26)."""
        self._activate(p)
        if p == self.scout and self.scout_state == 0:
            self._take_scout()

    def _activate(self, p: int) -> None:
        e = self.mv_stack.pop(0)
        stacks = self.stacks
        st = stacks[p]
        st.append(e)
        self.mv_pos = p
        if p == self.dock:
            if self._log is not None:
                where = "Bridge" if self.bridge >= 0 else "Dock"
                if self._log is not None:
                    self._log_event(f"  {self._name(e)} drops on the {where} {p}")
            return
        kind = self.path.kinds[p]
        if kind == NORMAL:
            if e != self.stanley:
                total = 0
                for a in self.path.space_areas[p]:
                    k = self.posts[a][e]
                    if k:
                        total += scoring.post_income(len(st), k, self.path.areas[a].plus2)  # RT-2
                if total:
                    self.money[e] += total
                if self._log is not None:
                    self._log_event(
                        f"  {self._name(e)} drops on space {p} (caravan of {len(st)})"
                        + (f": +${total}" if total else "")
                    )
                if p in self.tile_at:  # RT-10
                    s = self.tile_at[p]
                    if self.holder[s] < 0 and not self.down[s]:
                        self.holder[s] = e
                        if self._log is not None:
                            title = animal_data()[self.animals[s]]["title"]
                            self._log_event(f"  {self._name(e)} takes the {title} token")
            elif self._log is not None:
                self._log_event(f"  Stanley drops on space {p} (caravan of {len(st)})")
        elif kind == CROSSING:
            kf = self.slot.get("kingfisher")
            if kf is not None and self.holder[kf] >= 0 and self.holder[kf] in st:  # Kingfisher
                if self._log is not None:
                    self._log_event(
                        f"  {self._name(e)} drops on crossing {p}; the Kingfisher holds the caravan"
                    )
                return
            q = self.prev_cross[p]  # RT-9: nearest crossing downstream; no chain
            stacks[q].extend(st)
            stacks[p] = []
            if self._log is not None:
                self._log_event(
                    f"  {self._name(e)} drops on crossing {p}: the caravan of {len(st)} washes down to {q}"
                )
            self._arrive(q)
        elif kind == NUMBER:
            if e != self.stanley:  # RT-11
                self.money[e] += self.path.values[p]
            if self._log is not None:
                self._log_event(
                    f"  {self._name(e)} drops on the {self.path.values[p]} space"
                    + ("" if e == self.stanley else f" (+${self.path.values[p]})")
                )
        elif kind == STAR:
            pay = 0
            if e != self.stanley:
                pay = scoring.star_income(stacks, e)  # RT-11
                self.money[e] += pay
            paid = "" if e == self.stanley else f" (+${pay})"
            if self._log is not None:
                self._log_event(f"  {self._name(e)} drops on the star{paid}")

    def _end_move(self) -> None:
        """RT-15/RT-16 at the end of a caravan move, then continue the turn."""
        if self.slot:
            if self.game.options["empty_tile_check"] == "any-move":
                self._tile_check()
            else:  # RT-15 option: only a tile this move emptied; the move lifted its start space
                self._tile_check((self.mv_from,))
            self.down = [False] * len(self.down)
        ctx = self.mv_ctx
        self.mv_from = self.mv_pos = self.mv_dir = -1
        self.mv_tools = 0
        if ctx == CTX_MAIN:
            self._enter_place()
        else:
            self._finish_turn()

    def _tile_check(self, spaces: tuple[int, ...] | None = None) -> None:
        """RT-15: the holder returns a token whose tile space is empty (face up).

        ``spaces``: check only tiles on these spaces, the ones a caravan move emptied. With
        ``empty_tile_check=caravan-move`` a token goes back only when a caravan move causes its
        tile to empty: a tile a Jaguar emptied earlier is not taken back by an unrelated move.
        A caravan move empties only the space it starts from (drops add explorers; a crossing it
        washes down holds no tile), so that space is all there is to check."""
        stacks = self.stacks
        for s, t in enumerate(self.tiles):
            if spaces is not None and t not in spaces:
                continue
            if self.holder[s] >= 0 and not stacks[t]:
                if self._log is not None:
                    title = animal_data()[self.animals[s]]["title"]
                    self._log_event(
                        f"  {self._name(self.holder[s])} loses the {title} token (its tile is empty)"
                    )
                self.holder[s] = -1
                self.down[s] = False

    def _tile_check_after_power(self) -> None:
        if self.game.options["empty_tile_check"] == "any-move":  # RT-15 option
            self._tile_check()

    def _arrive(self, space: int) -> None:
        """RT-26: any explorer arriving on the Scout's space takes the Scout for the actor."""
        if space == self.scout and self.scout_state == 0 and self.stacks[space]:
            self._take_scout()

    def _take_scout(self) -> None:
        self.scout_state = 1
        self.scout_holder = self.cur
        if self._log is not None:
            self._log_event(
                f"{self._name(self.cur)} takes the Scout: the Civilization Event follows this turn"
            )

    def _trigger_end(self) -> None:
        """RT-19: the mover finishes the turn; every other actor gets exactly one more turn."""
        if not self.triggered:
            self.triggered = True
            everyone = (1 << self.colours) - 1
            self.final_pending = everyone & ~(1 << self.cur)
            if self._log is not None:
                self._log_event("explorers reached the clearing: everyone else gets one more turn")

    def _civilization_event(self) -> None:
        """RT-27: Bridge on the first crossing, new Base camp, clear everything below the Bridge."""
        path = self.path
        bridge = path.first_crossing()
        self.bridge = bridge
        self.dock = bridge
        base = next(
            i for i in range(bridge + 3, path.length) if path.kinds[i] == CROSSING
        )  # at least two spaces strictly between
        self.basecamp = base
        for i in range(bridge):
            for e in self.stacks[i]:
                self.off[e] += 1
            self.stacks[i] = []
        for a, ar in enumerate(path.areas):
            if max(ar.spaces) < bridge:
                for s in range(self.n):
                    self.hand[s] += self.posts[a][s]
                    self.posts[a][s] = 0
        self.scout_state = 2
        if self._log is not None:
            self._log_event(
                f"Civilization Event: the Bridge is on space {bridge}, the Base camp moves to {base}, "
                "everything below the Bridge goes back to its owners"
            )
        if self.slot:
            self._tile_check_after_power()

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        return [float(m) for m in self.money]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        return scoring.winners(self.money, self.clearing, self.stacks)

    # ------------------------------------------------------------------ information
    def explain_illegal(self, action: Any, seat: int) -> str:
        from riverbox.games.river_trek.explain import explain

        return explain(self, action, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know; shares parts with other views (read-only, see ``build_view``)."""
        return build_view(self, seat)

    # ------------------------------------------------------------------ copying and JSON
    def _copy_body(self, other: State) -> None:
        assert isinstance(other, TrekState)
        for name in _SHARED:  # by name: a compiled state has no __dict__ to update
            setattr(other, name, getattr(self, name))
        other.stacks = [st[:] for st in self.stacks]
        other.clearing = self.clearing[:]
        other.money = self.money[:]
        other.posts = [p[:] for p in self.posts]
        other.hand = self.hand[:]
        other.off = self.off[:]
        other.holder = self.holder[:]
        other.down = self.down[:]
        other.mv_stack = self.mv_stack[:]
        other.cap_rest = self.cap_rest[:]
        other._lkey = None
        other._vkey = -1

    _SCALARS = (
        "phase",
        "cur",
        "rot",
        "setup_i",
        "dock",
        "basecamp",
        "bridge",
        "scout",
        "scout_state",
        "scout_holder",
        "mv_pos",
        "mv_dir",
        "mv_ctx",
        "mv_from",
        "mv_tools",
        "ret_phase",
        "mk_placed",
        "mk_moves",
        "dog_used",
        "triggered",
        "final_pending",
        "turn_no",
    )

    def _body_to_json(self) -> Any:
        body: dict[str, Any] = {k: getattr(self, k) for k in self._SCALARS}
        body.update(
            middle=list(self.middle),
            animals=list(self.animals),
            tiles=list(self.tiles),
            stacks=[list(st) for st in self.stacks],
            clearing=list(self.clearing),
            money=list(self.money),
            posts=[list(p) for p in self.posts],
            hand=list(self.hand),
            off=list(self.off),
            holder=list(self.holder),
            down=list(self.down),
            mv_stack=list(self.mv_stack),
            cap_rest=list(self.cap_rest),
            to_move=list(self.to_move),
        )
        return body

    def _body_from_json(self, body: Any) -> None:
        self._fixed(tuple(body["middle"]), tuple(body["animals"]), tuple(body["tiles"]))
        for k in self._SCALARS:
            setattr(self, k, body[k])
        self.stacks = [list(st) for st in body["stacks"]]
        self.clearing = list(body["clearing"])
        self.money = list(body["money"])
        self.posts = [list(p) for p in body["posts"]]
        self.hand = list(body["hand"])
        self.off = list(body["off"])
        self.holder = list(body["holder"])
        self.down = [bool(x) for x in body["down"]]
        self.mv_stack = list(body["mv_stack"])
        self.cap_rest = list(body["cap_rest"])
        self.to_move = tuple(body["to_move"])
        if len(self.stacks) != self.path.length:
            raise ValueError("river-trek: state JSON has the wrong number of path spaces")


def is_trek_action(action: Any) -> bool:
    return isinstance(action, TrekAction)


# ---------------------------------------------------------------------- views
# What a seat may know: ``TrekState.view``.
#
# Building every seat's view at every step is a hot path, so views are read-only snapshots (see
# ``State.view``) and ``build_view`` shares what it can:
#
# * the public part is built once per step (keyed by the history length, which every ``apply``
#   grows) and each seat's view is a shallow copy of it with ``seat`` (and, with hidden money,
#   ``money``) replaced;
# * the parts fixed for the game (spaces, boards, colours) are built once per path;
# * the stacks, the trading-post areas, the animals and other small lists are carried over from
#   the previous build while their contents are unchanged (compared by value, so no rule code has
#   to flag what it changed); a changed part is replaced by a new object, never edited in place.
#
# The public part is only rebuilt when the history grows, so a position edited by hand (tests)
# must be edited before its first view at that history length, or set ``_vkey = -1`` afterwards.
# Caches live on the state but are never serialised. Clones start with the public part invalidated;
# the carried-over parts they inherit are safe to share because nothing ever mutates them.

# ``_FINAL_TURNS[mask]``: the colours whose bit is set (read-only lists shared by views).
_FINAL_TURNS = [[a for a in range(4) if m >> a & 1] for m in range(16)]


class _Fixed:
    """The parts of a view fixed for a path and game (built once per state and path)."""

    __slots__ = ("board_start", "boards", "colours", "hidden", "path", "spaces", "variant")

    def __init__(self, st: TrekState) -> None:
        path = st.path
        self.path: Path = path
        opts = st.game.options
        self.variant = opts["variant"]
        self.hidden = bool(opts["hidden_money"])
        self.colours = [st._name(c) for c in range(st.colours)]
        self.boards = list(path.sides)
        self.board_start = list(path.board_start)
        self.spaces = [
            {"kind": KIND_NAMES[k], "value": path.values[i], "areas": list(path.space_areas[i])}
            for i, k in enumerate(path.kinds)
        ]


def build_view(st: TrekState, seat: int | None) -> dict[str, Any]:
    """``st.view(seat)``: a shallow copy of this step's public view with the seat's own parts."""
    key = len(st.history)
    pub = st._vpub
    if st._vkey != key or pub is None:
        pub = st._vpub = _public(st)
        st._vkey = key
    v = dict(pub)
    if seat is not None:
        v["seat"] = seat
        if st._vhide:  # hidden money (RT-28): a seat sees its own only, until the end
            v["money"] = [m if i == seat else None for i, m in enumerate(st.money)]
    return v


def _same_or_copy(old: list[Any] | None, cur: list[Any]) -> list[Any]:
    return old if old is not None and old == cur else cur[:]


def _public(st: TrekState) -> dict[str, Any]:
    """The spectator's view (``seat`` None), reusing unchanged parts of the previous build."""
    path = st.path
    fix = st._vfix
    if fix is None or fix.path is not path:
        fix = st._vfix = _Fixed(st)
        st._vstacks = st._vareas = st._vanimals = None
        st._vsmall = (None, None, None, None, None)
    # stacks: a changed space gets a new list; the outer list is new when any space changed
    stacks = st.stacks
    vs = st._vstacks
    if vs is None:
        vs = [s[:] for s in stacks]
    elif vs != stacks:
        vs = [o if o == s else s[:] for o, s in zip(vs, stacks, strict=True)]
    st._vstacks = vs
    # trading-post areas: the posts and usability (only the Bridge changes it) per area
    posts = st.posts
    bridge = st.bridge
    va = st._vareas
    if va is None or va[0] != bridge:
        areas = [
            {
                "id": ar.id,
                "name": ar.name,
                "small": ar.small,
                "plus2": ar.plus2,
                "spaces": list(ar.spaces),
                "posts": list(posts[ar.id]),
                "usable": st.area_usable(ar.id),
            }
            for ar in path.areas
        ]
        st._vareas = (bridge, [a["posts"] for a in areas], areas)
    elif va[1] != posts:
        areas = [a if a["posts"] == p else {**a, "posts": p[:]} for a, p in zip(va[2], posts, strict=True)]
        st._vareas = (bridge, [a["posts"] for a in areas], areas)
    else:
        areas = va[2]
    # animals: tiles (a tuple replaced when one is placed), holders and face-down flags
    tiles = st.tiles
    holder = st.holder
    down = st.down
    vn = st._vanimals
    if vn is None or vn[0] is not tiles or vn[1] != holder or vn[2] != down or vn[3] is not st.animals:
        animals = [
            {
                "name": a,
                "space": tiles[i] if i < len(tiles) else -1,
                "holder": holder[i],
                "face_down": down[i],
            }
            for i, a in enumerate(st.animals)
        ]
        st._vanimals = vn = (tiles, holder[:], down[:], st.animals, animals)
    # small per-colour / per-seat lists and the Scout
    clearing, off, hand, money, scout = st._vsmall
    clearing = _same_or_copy(clearing, st.clearing)
    off = _same_or_copy(off, st.off)
    hand = _same_or_copy(hand, st.hand)
    over = st.is_over
    hide = fix.hidden and not over
    st._vhide = hide
    if hide:
        pub_money: list[int | None] = [None] * len(st.money)
    else:
        money = _same_or_copy(money, st.money)
        pub_money = money
    sc = (st.scout, st.scout_state, st.scout_holder)
    if scout is None or scout[0] != sc:
        scout = (sc, {"space": sc[0], "state": sc[1], "holder": sc[2]})
    st._vsmall = (clearing, off, hand, money, scout)
    phase = st.phase
    view: dict[str, Any] = {
        "game": "river-trek",
        "placeholder_boards": True,
        "variant": fix.variant,
        "players": st.n,
        "seat": None,
        "colours": fix.colours,
        "stanley": st.stanley,
        "boards": fix.boards,
        "board_start": fix.board_start,
        "spaces": fix.spaces,
        "areas": areas,
        "stacks": vs,
        "clearing": clearing,
        "offboard": off,
        "hand_posts": hand,
        "money": pub_money,
        "money_hidden": fix.hidden,
        "animals": vn[4],
        "dock": st.dock,
        "basecamp": st.basecamp,
        "bridge": bridge,
        "scout": scout[1],
        "phase": PHASE_NAMES[phase],
        "turn": st.cur,
        "turn_number": st.turn_no,
        "to_move": list(st.to_move),
        "final_round": st.triggered,
        "final_turns": _FINAL_TURNS[st.final_pending & ((1 << st.colours) - 1)],
        "dog_used": st.dog_used,
    }
    if phase >= 4:  # the rare phases with extra parts
        _extras(st, view, phase)
    elif phase == SETUP_EXPLORER:
        view["setup_colour"] = st.setup_seq[st.setup_i][1]
    if over:
        view["winners"] = st.winners()
    return view


def _extras(st: TrekState, view: dict[str, Any], phase: int) -> None:
    if phase == P_DROP:
        view["move"] = {
            "from": st.mv_from,
            "position": st.mv_pos,
            "direction": st.mv_dir,
            "in_hand": list(st.mv_stack),
            "next": st.mv_pos + st.mv_dir,
            "forced": st.mv_ctx == CTX_FORCED,
        }
    elif phase == P_RESTACK:
        view["restack"] = {"space": st.mv_from, "left": list(st.cap_rest)}
    elif phase == P_MONKEY:
        view["monkey"] = {"placed": st.mk_placed, "moves": st.mk_moves}
