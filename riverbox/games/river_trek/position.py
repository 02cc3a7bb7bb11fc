"""What a River Trek position holds: its phases, its declared fields and small questions about it.

The rules (``setup``, ``moves``, ``powers``, ``turns``, ``rules``) are functions of a
:class:`TrekData`; :class:`~riverbox.games.river_trek.state.TrekState` adds the ``State`` hooks that
dispatch to them. Keeping the data apart from the rules lets every rules module import it without
an import circle.

A turn runs POST (optional trading post) -> MOVE (mandatory caravan move; it pauses in DROP only
when the mover holds the Emerald Tree Boa or the Tree Frog) -> PLACE (new explorer) -> END (only
while an animal power could still be used) -> forced moves -> Civilization Event -> next turn.
Monkey and Capybara open their own small phases and return to the one they interrupted.
Colours are seat numbers; in a two-player game Stanley is colour 2.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final

from riverbox.core import State
from riverbox.core.events import fields_event
from riverbox.core.fields import GRID, LIST, TUPLE, VALUE, Field, declare
from riverbox.games.river_trek.content import CROSSING, DOCK, Path, path_for


class Phase(IntEnum):
    """Where a game is; the view names it ``name.lower()`` with dashes. Values are stored in saved
    states, so they never change."""

    SETUP_EXPLORER = 0
    SETUP_POST = 1
    POST = 2
    MOVE = 3
    DROP = 4
    PLACE = 5
    END = 6
    MONKEY = 7
    RESTACK = 8
    OVER = 9
    SETUP_TILE = 10


# The members as module names too: the rules read phases in their hot loop, where a module name is
# several times cheaper to look up than an enum class attribute (``Phase.POST``); ``Final`` lets the
# compiled build read them as constants rather than look them up in the module's dict. Plain ints,
# not the members: the interpreter compares exact ints fastest (an enum member takes its generic
# comparison), and the compiled build compares them natively; a state's phase is one of these.
IN_SETUP_EXPLORER: Final = int(Phase.SETUP_EXPLORER)
IN_SETUP_POST: Final = int(Phase.SETUP_POST)
IN_POST: Final = int(Phase.POST)
IN_MOVE: Final = int(Phase.MOVE)
IN_DROP: Final = int(Phase.DROP)
IN_PLACE: Final = int(Phase.PLACE)
IN_END: Final = int(Phase.END)
IN_MONKEY: Final = int(Phase.MONKEY)
IN_RESTACK: Final = int(Phase.RESTACK)
IN_OVER: Final = int(Phase.OVER)
IN_SETUP_TILE: Final = int(Phase.SETUP_TILE)

PHASE_NAMES: Final = tuple(p.name.lower().replace("_", "-") for p in Phase)
"""``PHASE_NAMES[phase]``: the phase as views and observations name it."""


class Mover(IntEnum):
    """Who moves the caravan in hand: the player on their turn, a forced move, or Stanley."""

    PLAYER = 0
    FORCED = 1
    STANLEY = 2


BY_PLAYER: Final = int(Mover.PLAYER)  # module names for the hot loop, as for the phases
BY_FORCE: Final = int(Mover.FORCED)
BY_STANLEY: Final = int(Mover.STANLEY)

COLOURS: Final = ("green", "orange", "purple", "blue")
EXPLORERS: Final = 12
POSTS: Final = 7
START_MONEY: Final = (0, 2, 4, 6)
FORCED_HEIGHT: Final = 7
"""RT-13: a caravan this tall must move at the end of a turn."""
BOA_TOOL: Final = 1
FROG_TOOL: Final = 2
"""Bits of ``mv_tools``: the mover held the Boa / the Tree Frog when the move began (RT-14)."""

# The fields of the events the rules tell at every step, as ``events.fields_event`` tuples (the
# values in a tuple, no keyword dict), each in the order the log gives them; named by their fields,
# since several kinds share them. Rare events (setup, animal powers) are told with ``emit``.
F_WHO: Final = ("who",)
F_WHO_SPACE: Final = ("who", "space")
F_WHO_AREA: Final = ("who", "area")
F_WHO_ANIMAL: Final = ("who", "animal")
F_WHO_COLOUR: Final = ("who", "colour")
F_MOVED: Final = ("who", "source", "target")
F_TURN: Final = ("number", "who")
F_MOVE: Final = ("who", "space", "size", "downstream")
F_WASH: Final = ("who", "space", "size", "target")
F_SPACE_SIZE: Final = ("space", "size")
F_DROP_DOCK: Final = ("who", "space", "bridge")
F_PAID: Final = ("paid", "who")
F_PAID_SPACE: Final = ("paid", "who", "space")
F_DROP: Final = ("paid", "who", "space", "size")
F_NUMBER: Final = ("paid", "who", "space", "value")


class TrekCaches(State):
    """The one owner of the position's running caches: its methods are their only writers.

    The caches answer the questions the rules ask at every step without a walk over the path or
    the areas: ``occ`` (where each colour's explorers are), ``tall`` (where a caravan may have
    grown ``FORCED_HEIGHT`` tall, RT-13), ``tokens_held`` (how many tokens each colour holds),
    ``post_held``/``post_full``/``post_over`` and ``usable_areas`` (the post limits as area
    bitmasks, RT-3/RT-4/RT-27) and ``landing`` (what a drop on each space does). Every rule that
    moves an explorer, a post or a token does it through a method here, so the caches can never
    drift from the stacks, posts and holders they summarise; the ``count_*`` methods rebuild them
    from scratch (after setup, a load or a position laid out by hand), and
    ``tests/games/river_trek/test_occupancy.py`` holds the running copies to the recount.

    A base class of ``TrekData`` rather than an object of its own: the caches stay plain fields
    of the state (copied by the core's generated clone like any other), and a method call on the
    state costs the rules no extra attribute hop.
    """

    __slots__ = (
        "area_cap",
        "area_top",
        "bridge",
        "colours",
        "holder",
        "landing",
        "n",
        "occ",
        "post_full",
        "post_held",
        "post_over",
        "posts",
        "stacks",
        "tall",
        "tokens_held",
        "usable_areas",
    )
    # -- what the caches summarise (written by the rules too) --
    stacks: list[list[int]]
    posts: list[list[int]]
    holder: list[int]
    bridge: int
    # -- fixed for the game (``TrekData.derive_fixed``) --
    n: int
    colours: int
    area_cap: tuple[int, ...]  # RT-3: the post limit of each area, 1 small, else 2
    area_top: tuple[int, ...]  # the furthest-upstream space of each area (RT-27: usable above the Bridge)
    # -- the caches: written only by the methods below --
    post_held: list[int]  # the areas holding a post of the seat
    post_full: list[int]  # RT-3: ... at the seat's post limit
    post_over: list[int]  # ... at the limit of the Tamandua's holder, one more
    usable_areas: int  # RT-4/RT-27: the areas not wholly below the Bridge
    occ: list[int]
    """``[colour]``: a bitmask of the spaces holding at least one explorer of that colour.
    Why: the move step (RT-8/RT-29) asks which caravans hold the mover's explorers at every turn;
    a bitmask answers without a look at every space of the path."""
    tall: int
    """The spaces whose caravan may be ``FORCED_HEIGHT`` tall (RT-13), as a bitmask: every method
    that makes a caravan that tall sets its space (a bit may outlive its caravan's height), and
    the turn's end clears them all (``clear_tall``) when none is that tall. While it is 0 the end
    of a turn looks at no caravan; otherwise only at these spaces, furthest downstream first."""
    tokens_held: list[int]
    """``[colour]``: how many animal tokens the seat holds. Why: the rules ask "does this seat hold
    any token?" at nearly every step (most seats hold none, so no power applies); reading one
    item is cheaper than ``seat in holder``, which compares every token's holder when the answer
    is no (a bitmask tested with ``>>`` and ``&`` cost more than the list walk, interpreted)."""
    landing: tuple[int, ...] | None
    """``[space]``: what an explorer dropped there does, as a code (``moves.landing_table``);
    ``None`` until first needed, and again when the Dock moves (the Civilization Event)."""

    # -- rebuilt from scratch ---------------------------------------------------------------
    def count_posts(self) -> None:
        """Set the areas' bitmasks from the posts and the Bridge (after setup, a load, a
        position laid out by hand and the Civilization Event); a post step reads them rather
        than every area's posts (``rules.post_actions``)."""
        bridge = self.bridge
        self.usable_areas = sum(1 << a for a, top in enumerate(self.area_top) if top >= bridge)
        held, full, over = [0] * self.n, [0] * self.n, [0] * self.n
        for a, row in enumerate(self.posts):
            cap = self.area_cap[a]
            bit = 1 << a
            for s, k in enumerate(row):
                if k > 0:
                    held[s] |= bit
                if k >= cap:
                    full[s] |= bit
                if k > cap:
                    over[s] |= bit
        self.post_held, self.post_full, self.post_over = held, full, over

    def count_stacks(self) -> None:
        """Set ``occ`` and ``tall`` from the stacks (after setup, a load and a position laid out
        by hand); the methods below keep them up to date as explorers move."""
        occ = [0] * self.colours
        tall = 0
        for i, stack in enumerate(self.stacks):
            for e in stack:
                occ[e] |= 1 << i
            if len(stack) >= FORCED_HEIGHT:
                tall |= 1 << i
        self.occ = occ
        self.tall = tall

    def count_holders(self) -> None:
        """Set ``tokens_held`` from ``holder`` (after setup, a load and a position laid out by hand)."""
        held = [0] * self.colours  # by colour: Stanley (RT-20) asks too, and holds none
        for seat in self.holder:
            if seat >= 0:
                held[seat] += 1
        self.tokens_held = held

    # -- explorers ----------------------------------------------------------------------------
    def put(self, space: int, colour: int) -> None:
        """An explorer of ``colour`` onto the top of the caravan on ``space``."""
        stack = self.stacks[space]
        stack.append(colour)
        self.occ[colour] |= 1 << space
        if len(stack) >= FORCED_HEIGHT:  # RT-13: the end of the turn looks for it
            self.tall |= 1 << space

    def lift(self, space: int) -> list[int]:
        """Take the whole caravan off ``space``; it is returned, bottom first."""
        stack = self.stacks[space]
        self.stacks[space] = []
        occ = self.occ
        keep = ~(1 << space)
        for e in stack:
            occ[e] &= keep
        return stack

    def pop_top(self, space: int) -> int:
        """Take the top explorer off the caravan on ``space``; its colour."""
        stack = self.stacks[space]
        e = stack.pop()
        if e not in stack:
            self.occ[e] &= ~(1 << space)
        return e

    def wash(self, source: int, target: int) -> int:
        """The whole caravan on ``source`` onto the top of the one on ``target`` (RT-9); how many
        explorers moved."""
        stacks = self.stacks
        here = stacks[source]
        there = stacks[target]
        there.extend(here)
        stacks[source] = []
        occ = self.occ
        keep, bit = ~(1 << source), 1 << target
        for c in here:
            occ[c] = (occ[c] & keep) | bit
        if len(there) >= FORCED_HEIGHT:  # RT-13
            self.tall |= bit
        return len(here)

    def swap(self, first: int, second: int) -> None:
        """The caravans on ``first`` and ``second`` change places (the Otter)."""
        stacks = self.stacks
        stacks[first], stacks[second] = stacks[second], stacks[first]
        both = (1 << first) | (1 << second)
        occ = self.occ
        for c, m in enumerate(occ):
            if m & both not in (0, both):  # on one of the two spaces only: it changes sides
                occ[c] = m ^ both
        if self.tall & both:  # a tall caravan changed places: both spaces are looked at (RT-13)
            self.tall |= both

    def clear_tall(self) -> None:
        """No caravan is ``FORCED_HEIGHT`` tall any more: the end of a turn looked at them all."""
        self.tall = 0

    # -- posts --------------------------------------------------------------------------------
    def add_post(self, area: int, seat: int) -> None:
        """One more post of ``seat`` in ``area`` (the count crosses at most one threshold)."""
        row = self.posts[area]
        row[seat] += 1
        k = row[seat]
        if k == 1:
            self.post_held[seat] |= 1 << area
        if k == self.area_cap[area]:
            self.post_full[seat] |= 1 << area
        elif k == self.area_cap[area] + 1:
            self.post_over[seat] |= 1 << area

    def remove_post(self, area: int, seat: int) -> None:
        """One post of ``seat`` fewer in ``area`` (as ``add_post``)."""
        row = self.posts[area]
        k = row[seat]
        row[seat] = k - 1
        if k == 1:
            self.post_held[seat] &= ~(1 << area)
        if k == self.area_cap[area]:
            self.post_full[seat] &= ~(1 << area)
        elif k == self.area_cap[area] + 1:
            self.post_over[seat] &= ~(1 << area)

    def return_posts(self, area: int) -> list[int]:
        """Every post in ``area`` comes off the board (RT-27); how many each seat had."""
        row = self.posts[area]
        self.posts[area] = [0] * len(row)
        self.count_posts()
        return row

    # -- tokens -------------------------------------------------------------------------------
    def give_token(self, slot: int, seat: int) -> None:
        """``seat`` takes the animal token of ``slot`` (RT-10)."""
        self.holder[slot] = seat
        self.tokens_held[seat] += 1

    def return_token(self, slot: int) -> None:
        """The token of ``slot`` goes back to its tile (spent or lost, RT-15/RT-16)."""
        seat = self.holder[slot]
        self.holder[slot] = -1
        if seat >= 0:
            self.tokens_held[seat] -= 1

    # -- the landing table ----------------------------------------------------------------------
    def keep_landing(self, table: tuple[int, ...]) -> None:
        """Keep the landing table ``moves.landing_table`` built."""
        self.landing = table

    def forget_landing(self) -> None:
        """The Dock moved or the Scout left (the Civilization Event): build the table again."""
        self.landing = None


class TrekData(TrekCaches):
    """The fields of a River Trek position and the questions the rules ask about them."""

    # The declared fields live in slots, so the plain-Python build keeps only the view caches in
    # the instance dict: CPython shares a dict's keys between instances (and reads them at full
    # speed) only up to 30 names, and this state has 63 fields. The caches keep their class
    # defaults (a slot cannot have one), so they stay in the dict (``__dict__`` says so to the
    # type checker; mypyc keeps every attribute in its struct); the core slots ``to_move``.
    __slots__ = (
        "__dict__",
        "animals",
        "any_move_check",
        "area_at",
        "area_bonus",
        "area_cap_plus",
        "basecamp",
        "cap_rest",
        "clearing",
        "cross_mask",
        "cur",
        "dock",
        "dog_used",
        "down",
        "final_pending",
        "hand",
        "hidden_money",
        "middle",
        "mk_moves",
        "mk_placed",
        "money",
        "mv_ctx",
        "mv_dir",
        "mv_from",
        "mv_pos",
        "mv_stack",
        "mv_tools",
        "names",
        "off",
        "path",
        "phase",
        "powers_by_timing",
        "prev_cross",
        "ret_phase",
        "rot",
        "rotation",
        "scout",
        "scout_holder",
        "scout_state",
        "setup_i",
        "setup_seq",
        "slot",
        "stanley",
        "tile_at",
        "tiles",
        "triggered",
        "turn_no",
    )
    FIELDS = declare(
        # drawn at setup, fixed for the game
        middle=Field(TUPLE, of=str),
        animals=Field(TUPLE, of=str),
        tiles=Field(TUPLE, of=int),
        # derived from the game and the three above (``derive_fixed``)
        path=Field(VALUE, stored=False),
        slot=Field(VALUE, stored=False),
        tile_at=Field(VALUE, stored=False),
        setup_seq=Field(VALUE, stored=False),
        rotation=Field(VALUE, stored=False),
        n=Field(VALUE, stored=False),
        stanley=Field(VALUE, stored=False),
        colours=Field(VALUE, stored=False),
        prev_cross=Field(VALUE, stored=False),
        cross_mask=Field(VALUE, stored=False),
        names=Field(VALUE, stored=False),
        hidden_money=Field(VALUE, stored=False),
        any_move_check=Field(VALUE, stored=False),
        area_cap=Field(VALUE, stored=False),
        area_cap_plus=Field(VALUE, stored=False),
        area_top=Field(VALUE, stored=False),
        area_at=Field(VALUE, stored=False),
        area_bonus=Field(VALUE, stored=False),
        powers_by_timing=Field(VALUE, stored=False),
        # derived from the posts and the Bridge (``count_posts``, ``note_posts``)
        post_held=Field(LIST, of=int, stored=False),
        post_full=Field(LIST, of=int, stored=False),
        post_over=Field(LIST, of=int, stored=False),
        usable_areas=Field(VALUE, stored=False),
        # derived from the stacks (``count_stacks``), kept up to date as explorers move
        occ=Field(LIST, of=int, stored=False),
        tall=Field(VALUE, stored=False),
        # derived from the tokens' holders (``count_holders``), kept up to date as tokens change hands
        tokens_held=Field(LIST, of=int, stored=False),
        # derived from the path, the Dock and the Scout (``moves.landing_table``), built when first needed
        landing=Field(VALUE, stored=False),
        # the position
        stacks=Field(GRID, of=int),
        clearing=Field(LIST, of=int),
        money=Field(LIST, of=int),
        posts=Field(GRID, of=int),
        hand=Field(LIST, of=int),
        off=Field(LIST, of=int),
        holder=Field(LIST, of=int),
        down=Field(LIST, of=bool),
        mv_stack=Field(LIST, of=int),
        cap_rest=Field(LIST, of=int),
        to_move=Field(TUPLE, of=int),
        phase=Field(VALUE, of=(int, Phase)),  # a Phase in play, an int once loaded: equal either way
        cur=Field(VALUE, of=int),
        rot=Field(VALUE, of=int),
        setup_i=Field(VALUE, of=int),
        dock=Field(VALUE, of=int),
        basecamp=Field(VALUE, of=int),
        bridge=Field(VALUE, of=int),
        scout=Field(VALUE, of=int),
        scout_state=Field(VALUE, of=int),
        scout_holder=Field(VALUE, of=int),
        mv_pos=Field(VALUE, of=int),
        mv_dir=Field(VALUE, of=int),
        mv_ctx=Field(VALUE, of=(int, Mover)),
        mv_from=Field(VALUE, of=int),
        mv_tools=Field(VALUE, of=int),
        ret_phase=Field(VALUE, of=(int, Phase)),
        mk_placed=Field(VALUE, of=int),
        mk_moves=Field(VALUE, of=int),
        dog_used=Field(VALUE, of=bool),
        triggered=Field(VALUE, of=bool),
        final_pending=Field(VALUE, of=int),
        turn_no=Field(VALUE, of=int),
        # view caches (see ``view.build_view``), never stored; a clone shares the parts built so
        # far (never mutated) but not ``_vkey``, so it builds its own public view
        _vpub=Field(VALUE, stored=False),
        _vhide=Field(VALUE, stored=False),
        _vfix=Field(VALUE, stored=False),
        _vstacks=Field(VALUE, stored=False),
        _vareas=Field(VALUE, stored=False),
        _vanimals=Field(VALUE, stored=False),
        _vsmall=Field(VALUE, stored=False),
    )
    # -- fixed for the game (shared between clones) --
    path: Path
    middle: tuple[str, ...]
    animals: tuple[str, ...]
    tiles: tuple[int, ...]
    slot: dict[str, int]
    tile_at: tuple[int, ...]
    """``[space]``: the token slot whose animal tile lies on that space, -1 for none (``tiles_by_space``).
    A tuple read by index, not a dict: every drop on a normal space asks it (RT-10)."""
    setup_seq: tuple[tuple[int, int], ...]
    rotation: tuple[int, ...]
    stanley: int  # Stanley's colour, or -1
    prev_cross: tuple[int, ...]
    cross_mask: int  # the Dock and the river crossings, as a space bitmask (the Otter's spaces)
    names: tuple[str, ...]  # of each colour, as players read them
    hidden_money: bool  # RT-28 option
    any_move_check: bool  # RT-15 option: a tile that empties after any move, not only a caravan move
    area_cap_plus: tuple[int, ...]  # ... one more for the Tamandua's holder
    area_at: tuple[int, ...]
    """``[space]``: the area a space is linked to, -1 for none (a space has at most one; the
    path's ``space_areas`` as one int to read: every drop on a normal space asks, RT-2)."""
    area_bonus: tuple[int, ...]  # RT-2: the flat income of each area, $2 for a "+2" area, else 0
    powers_by_timing: tuple[tuple[tuple[int, Any], ...], ...]
    """``[timing]``: (slot, ``Power``) of the animal powers in play, set by ``TrekState`` (``powers``
    imports this module, so the records cannot be named here)."""
    # -- the running caches (occ, tall, tokens_held, post_*, usable_areas, landing) and what
    # they summarise (stacks, posts, holder) are declared by ``TrekCaches``, their only writer --
    # -- the position --
    clearing: list[int]
    money: list[int]
    hand: list[int]
    off: list[int]
    down: list[bool]
    mv_stack: list[int]
    cap_rest: list[int]
    phase: int  # a Phase
    cur: int
    rot: int
    setup_i: int
    dock: int
    basecamp: int
    scout: int
    scout_state: int  # 0 on the board, 1 taken (event pending), 2 event done / not used
    scout_holder: int
    mv_pos: int
    mv_dir: int
    mv_ctx: int  # a Mover
    mv_from: int
    mv_tools: int  # BOA_TOOL | FROG_TOOL
    ret_phase: int
    mk_placed: int
    mk_moves: int
    dog_used: bool
    triggered: bool
    final_pending: int
    turn_no: int
    # -- view caches --
    _vkey: int = -1  # len(history) when _vpub was built
    _vpub: dict[str, Any] | None = None
    _vhide: bool = False
    _vfix: Any = None
    _vstacks: list[list[int]] | None = None
    _vareas: tuple[int, list[Any], list[dict[str, Any]]] | None = None
    _vanimals: tuple[Any, ...] | None = None
    _vsmall: tuple[Any, ...] = (None, None, None, None, None)

    # -- derived fields ---------------------------------------------------------------------
    def _after_load(self) -> None:
        """Rebuild the derived fields and check what their types alone cannot."""
        self.derive_fixed()
        path = self.path
        if len(self.stacks) != path.length:
            raise ValueError("river-trek: state JSON has the wrong number of path spaces")
        if len(self.posts) != len(path.areas) or len(self.holder) != len(self.animals):
            raise ValueError("river-trek: state JSON does not fit its boards and animals")
        if any(len(row) != self.n for row in self.posts):
            raise ValueError("river-trek: state JSON does not give every seat's posts in every area")
        self.count_posts()
        self.count_stacks()
        self.count_holders()
        if not 0 <= self.phase < len(Phase):
            raise ValueError(f"river-trek: state JSON phase {self.phase} is not a phase")

    def derive_fixed(self) -> None:
        """Set what follows from the game and its drawn boards and animals (never stored)."""
        n = self.game.players
        self.n = n
        self.stanley = 2 if n == 2 else -1
        self.colours = 3 if n == 2 else n
        self.names = tuple(COLOURS[c] if c != self.stanley else "Stanley" for c in range(self.colours))
        self.hidden_money = bool(self.game.options["hidden_money"])
        self.any_move_check = self.game.options["empty_tile_check"] == "any-move"
        self.path = path = path_for(self.middle)
        self.slot = {a: i for i, a in enumerate(self.animals)}
        self.tile_at = tiles_by_space(self.tiles, path.length)
        self.setup_seq = setup_sequence(n)
        self.rotation = (0, 2, 1, 2) if n == 2 else tuple(range(n))  # RT-20: Stanley every other turn
        prev = []
        last = -1
        for i, k in enumerate(path.kinds):
            prev.append(last)
            if k in (DOCK, CROSSING):
                last = i
        self.prev_cross = tuple(prev)
        self.cross_mask = sum(1 << i for i, k in enumerate(path.kinds) if k in (DOCK, CROSSING))
        self.area_cap = tuple(1 if ar.small else 2 for ar in path.areas)
        self.area_cap_plus = tuple(cap + 1 for cap in self.area_cap)
        self.area_top = tuple(max(ar.spaces) for ar in path.areas)
        self.area_at = tuple(linked[0] if linked else -1 for linked in path.space_areas)
        self.area_bonus = tuple(2 if ar.plus2 else 0 for ar in path.areas)
        self.powers_by_timing = ()
        self.forget_landing()

    # -- questions --------------------------------------------------------------------------
    def holds(self, seat: int, animal: str) -> bool:
        """Whether ``seat`` holds the token of ``animal`` now."""
        s = self.slot.get(animal)
        return s is not None and self.holder[s] == seat

    def name(self, colour: int) -> str:
        """A colour as players read it ("Stanley" for the automatic player)."""
        return "Stanley" if colour == self.stanley else COLOURS[colour]

    def area_usable(self, area: int) -> bool:
        """RT-4/RT-27: no posts on the Final board (it has no areas) or wholly below the Bridge."""
        return self.bridge < 0 or max(self.path.areas[area].spaces) >= self.bridge

    def new_explorer_spaces(self) -> range:
        """RT-6: the New Explorer spaces, Dock (or Bridge) to the Base-camp crossing inclusive."""
        return range(self.dock, self.basecamp + 1)

    def busy(self) -> int:
        """The spaces from the Dock/Bridge up that hold a caravan, as a bitmask."""
        mask = 0
        for m in self.occ:
            mask |= m
        dock = self.dock
        return mask >> dock << dock

    def posts_on_board(self, seat: int) -> int:
        return sum(p[seat] for p in self.posts)

    def tell(self, kind: str, names: tuple[str, ...], earner: int, values: tuple[Any, ...]) -> None:
        """An event that pays ``earner`` ``values[0]`` (its first field is ``paid``): with hidden
        money (RT-28) only the earner hears how much."""
        if values[0] and self.hidden_money:
            self.emit_event(fields_event(kind, names, values, to=earner))
            self.emit_event(fields_event(kind, names, (None, *values[1:]), but=earner))
        else:
            self.emit_event(fields_event(kind, names, values))


def tiles_by_space(tiles: tuple[int, ...], length: int) -> tuple[int, ...]:
    """``TrekData.tile_at`` for animal tiles on the spaces ``tiles`` of a path of ``length`` spaces."""
    at = [-1] * length
    for slot, space in enumerate(tiles):
        at[space] = slot
    return tuple(at)


def setup_sequence(players: int) -> tuple[tuple[int, int], ...]:
    """Who places which colour's starting explorer, in order (RB setup; RT-20 for Stanley)."""
    seq: list[tuple[int, int]] = []
    if players == 2:
        for r in range(5):
            for seat in (0, 1):
                seq.append((seat, seat))
                if r < 3:
                    seq.append((seat, 2))
    else:
        rounds = 4 if players == 4 else 5
        for _ in range(rounds):
            seq.extend((seat, seat) for seat in range(players))
    return tuple(seq)
