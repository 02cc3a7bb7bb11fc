"""The animal powers: one record per animal, read by the rules, ``explain``, ``render`` and the bot.

Each :class:`Power` holds when its token can be used (``timing``), which uses are legal now
(``offers``), what a use does (``resolve``), why a use is refused (``not_now``, ``not_held``,
``refusal``) and how a menu names a use (``menu``), so the rules, the error messages, the menus and
the bot cannot drift apart. The passive animals (Harpy Eagle, Tamandua, Kingfisher, Sloth) change
a rule where it is applied and have no action; their records say so with ``kind = -1``.

SPEND tokens go back on their tile face down when used (RT-16); ``spend`` does that.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Final, NamedTuple, Protocol

from riverbox.core.events import fields_event
from riverbox.core.i18n import N_
from riverbox.games.river_trek.actions import (
    A_BOA,
    A_CAPYBARA,
    A_DOG,
    A_FROG,
    A_MONKEY,
    A_OTTER,
    JAGUAR_FROM,
    Kind,
    TrekAction,
)
from riverbox.games.river_trek.content import CROSSING, DOCK
from riverbox.games.river_trek.moves import (
    arrive,
    drop,
    may_boa,
    may_frog,
    run_move,
    start_move,
    tile_check_after_power,
)
from riverbox.games.river_trek.position import BY_PLAYER, F_MOVE, IN_MONKEY, IN_RESTACK, Phase, TrekData
from riverbox.games.river_trek.tables import MOVEBACK_AT, for_spaces, spaces_of


class Timing(IntEnum):
    """When a power is used."""

    ANYTIME = 0
    """Between the steps of your own turn (RT-14): the post, move, place and end steps."""
    AT_DROP = 1
    """At a drop of your own caravan move (RT-31, RT-21, RT-22)."""
    MOVE_STEP = 2
    """In the move step, instead of the usual move (RT-23)."""
    END_STEP = 3
    """At the end of your turn (RT-24, RT-25)."""
    PASSIVE = 4
    """Always on while held; no action."""


PHASES: Final = {
    Timing.ANYTIME: frozenset({Phase.POST, Phase.MOVE, Phase.PLACE, Phase.END}),
    Timing.AT_DROP: frozenset({Phase.DROP}),
    Timing.MOVE_STEP: frozenset({Phase.MOVE}),
    Timing.END_STEP: frozenset({Phase.END}),
    Timing.PASSIVE: frozenset(),
}
"""The phases in which a power of each timing may be used."""


class Words(Protocol):
    """How menus name things (``render.Words`` reads them from a view)."""

    def space(self, i: int) -> str: ...

    def _(self, text: str) -> str:
        """``text`` in the reader's language (the game's message catalog)."""
        ...

    def caravan(self, i: int) -> str: ...

    def colour(self, c: int) -> str: ...

    def in_hand(self) -> list[int]:
        """The colours still in hand in a caravan move, bottom first ([] outside a move)."""
        ...

    def next_drop(self) -> tuple[int, int]:
        """The space of the next drop and the move's direction."""
        ...


class Power(NamedTuple):
    """One animal's power (see the module docstring)."""

    animal: str
    kind: int
    """The action kind that uses it (a :class:`Kind`), -1 for a passive power."""
    timing: Timing
    moves_explorers: bool
    """Whether using it moves explorers (the bot weighs such uses by playing them out)."""
    offers: Callable[[TrekData, int], list[TrekAction]]
    """The legal uses for the seat that holds the token, in its timing's phases."""
    resolve: Callable[[TrekData, TrekAction, int], bool]
    """Apply a legal use; True when it finished a caravan move (the turn then goes on)."""
    not_now: str
    not_held: str
    refusal: Callable[[TrekData, TrekAction, int], str]
    """Why an offered kind of use is refused although the token is held and the time is right."""
    menu: Callable[[TrekAction, Words], str]

    def __reduce__(self) -> tuple[Callable[[str], Power], tuple[str]]:
        """Pickled by name, as the registry's own record: a state holds the records of its
        animals (``powers_by_timing``), and some of their functions are lambdas, which
        ``pickle`` cannot store (multiprocessing and process pools pickle states)."""
        return power_named, (self.animal,)


def power_named(animal: str) -> Power:
    """The registry's record of ``animal`` (how a pickled :class:`Power` comes back)."""
    return POWERS[animal]


def spend(st: TrekData, animal: str) -> None:
    """SPEND: the token goes back on its tile face down (RB; RT-16)."""
    s = st.slot[animal]
    st.return_token(s)
    st.down[s] = True


def _none(st: TrekData, seat: int) -> list[TrekAction]:
    return []


def _no_action(st: TrekData, action: TrekAction, seat: int) -> bool:  # pragma: no cover - never offered
    raise ValueError(f"river-trek: {action} uses no animal power")


def _no_menu(action: TrekAction, words: Words) -> str:  # pragma: no cover - never offered
    return str(action)


# -- Jaguar (RT-24) ---------------------------------------------------------------------------
def _jaguar_offers(st: TrekData, seat: int) -> list[TrekAction]:
    stacks = st.stacks
    busy = spaces_of(st.busy())
    dock = st.dock
    out: list[TrekAction] = []
    for s in spaces_of(st.occ[seat] >> dock << dock):  # the caravans holding the seat's explorers
        if stacks[s][-1] == seat:
            row = JAGUAR_FROM[s]
            out += [row[t] for t in busy if t != s]  # type: ignore[misc]
    return out


def _jaguar(st: TrekData, action: TrekAction, seat: int) -> bool:
    spend(st, "jaguar")
    st.emit("jaguar", who=st.names[seat], source=action.at, target=action.to)
    st.pop_top(action.at)
    st.put(action.to, seat)  # RT-24: nothing activates
    arrive(st, action.to)
    tile_check_after_power(st)
    return False


# -- Otter (RT-25) ----------------------------------------------------------------------------
def _crossings(st: TrekData) -> list[int]:
    """The crossings (Dock/Bridge included) that hold a caravan."""
    return spaces_of(st.busy() & st.cross_mask)


def _otter_offers(st: TrekData, seat: int) -> list[TrekAction]:
    cr = _crossings(st)
    out: list[TrekAction] = []
    for x, s in enumerate(cr):
        out.extend(A_OTTER[(s, t)] for t in cr[x + 1 :])
    return out


def _otter(st: TrekData, action: TrekAction, seat: int) -> bool:
    spend(st, "otter")
    st.emit("otter", who=st.names[seat], first=action.at, second=action.to)
    st.swap(action.at, action.to)
    arrive(st, action.at)
    arrive(st, action.to)
    return False


def _otter_refusal(st: TrekData, action: TrekAction, seat: int) -> str:
    kinds = st.path.kinds
    if not all(0 <= x < len(kinds) and kinds[x] in (DOCK, CROSSING) for x in (action.at, action.to)):
        return N_("the Otter swaps caravans on river crossings (Dock/Bridge included) only")
    return N_("both crossings must hold a caravan to swap")


# -- Capybara (RT-25) -------------------------------------------------------------------------
def _capybara_offers(st: TrekData, seat: int) -> list[TrekAction]:
    seen = mixed = 0  # the spaces holding explorers of at least two colours (so two explorers)
    for m in st.occ:
        mixed |= seen & m
        seen |= m
    dock = st.dock
    return [A_CAPYBARA[i] for i in spaces_of(mixed >> dock << dock)]


def _capybara(st: TrekData, action: TrekAction, seat: int) -> bool:
    """Lift the caravan; the player then names its colours from the bottom (the RESTACK phase)."""
    spend(st, "capybara")
    st.emit("capybara", who=st.names[seat], space=action.at)
    st.cap_rest = sorted(st.lift(action.at))
    st.mv_from = action.at
    st.ret_phase = st.phase
    st.phase = IN_RESTACK
    return False


# -- Monkey (RT-3) ----------------------------------------------------------------------------
def _monkey_offers(st: TrekData, seat: int) -> list[TrekAction]:
    return [A_MONKEY] if st.hand[seat] > 0 or st.post_held[seat] else []  # a post in hand or on the board


def _monkey(st: TrekData, action: TrekAction, seat: int) -> bool:
    """Open the MONKEY phase: up to two extra posts, then moves of posts, then ``done``."""
    spend(st, "monkey")
    st.emit("monkey", who=st.names[seat])
    st.ret_phase = st.phase
    st.phase = IN_MONKEY
    st.mk_placed = st.mk_moves = 0
    return False


# -- Emerald Tree Boa (RT-21) and Tree Frog (RT-22) --------------------------------------------
def _boa(st: TrekData, action: TrekAction, seat: int) -> bool:
    spend(st, "boa")
    p = st.mv_pos + st.mv_dir
    st.emit("boa", who=st.names[seat], space=p)
    drop(st, p)  # RT-21: two drops, each activating
    drop(st, p)
    return run_move(st)


def _frog(st: TrekData, action: TrekAction, seat: int) -> bool:
    spend(st, "frog")
    p = st.mv_pos + st.mv_dir
    st.emit("frog", who=st.names[seat], space=p)
    st.mv_pos = p  # RT-22: skipped, not activated
    return run_move(st)


def _boa_menu(action: TrekAction, words: Words) -> str:
    hand = words.in_hand()
    if len(hand) >= 2:
        nxt = words.space(words.next_drop()[0])
        return words._("Emerald Tree Boa: drop {first} and {second} both on {space}").format(
            first=words.colour(hand[0]), second=words.colour(hand[1]), space=nxt
        )
    return words._("Emerald Tree Boa: drop two explorers on the next space")


def _frog_menu(action: TrekAction, words: Words) -> str:
    hand = words.in_hand()
    if hand:
        nxt, direction = words.next_drop()
        return words._("Tree Frog: jump over {space}; {colour} drops on {target}").format(
            space=words.space(nxt), colour=words.colour(hand[0]), target=words.space(nxt + direction)
        )
    return words._("Tree Frog: jump over the next space")


# -- Bush Dog (RT-24, RT-25) ------------------------------------------------------------------
def _dog_offers(st: TrekData, seat: int) -> list[TrekAction]:
    if st.dog_used:
        return []
    stacks = st.stacks
    last = len(stacks) - 1
    out: list[TrekAction] = []
    dock = st.dock
    for i in spaces_of(st.occ[seat] >> dock << dock):  # the spaces holding the seat's explorers
        if len(stacks[i]) == 1:
            if i < last:
                out.append(A_DOG[(i, 1)])
            if i > st.dock:
                out.append(A_DOG[(i, -1)])
    return out


def _dog(st: TrekData, action: TrekAction, seat: int) -> bool:
    s, target = action.at, action.at + action.step
    st.emit("dog", who=st.names[seat], source=s, target=target)
    st.pop_top(s)
    st.put(target, seat)  # RT-24: nothing activates
    st.dog_used = True
    arrive(st, target)
    tile_check_after_power(st)
    return False


def _dog_refusal(st: TrekData, action: TrekAction, seat: int) -> str:
    if st.dog_used:
        return N_("one Bush Dog move per turn")
    return N_(
        "the Bush Dog moves a lone explorer of yours one space, never off the path or below the Dock/Bridge"
    )


# -- Peccary (RT-23) --------------------------------------------------------------------------
def _peccary_offers(st: TrekData, seat: int) -> list[TrekAction]:
    # RT-30: a downstream move must move at least one explorer, so only caravans above the Dock/Bridge
    # are offered (the Dock's would move nothing); the space just above it is offered, its explorers
    # stack onto the Dock/Bridge (RT-23).
    above = st.dock + 1  # the spaces holding the seat's explorers, above the Dock/Bridge
    return for_spaces(MOVEBACK_AT, st.occ[seat] >> above << above)


def _peccary(st: TrekData, action: TrekAction, seat: int) -> bool:
    st.emit_event(fields_event("move", F_MOVE, (st.names[seat], action.at, len(st.stacks[action.at]), True)))
    return start_move(st, action.at, -1, BY_PLAYER)


def _peccary_refusal(st: TrekData, action: TrekAction, seat: int) -> str:
    if not 0 <= action.at < len(st.stacks) or seat not in st.stacks[action.at]:
        return N_("you must move a caravan holding at least one of your explorers")  # RT-29
    return N_("a caravan on the Dock/Bridge cannot move further downstream")  # RT-30


def _passive(animal: str) -> Power:
    return Power(animal, -1, Timing.PASSIVE, False, _none, _no_action, "", "", lambda st, a, s: "", _no_menu)


_ANYTIME_NOT_NOW = N_("animal powers are used between the steps of your turn, not in a move")
_DROP_NOT_NOW = N_("the Boa and the Tree Frog are used during your own caravan moves only, at a drop")

POWERS: Final[dict[str, Power]] = {
    p.animal: p
    for p in (
        Power(
            "jaguar",
            Kind.JAGUAR,
            Timing.ANYTIME,
            True,
            _jaguar_offers,
            _jaguar,
            _ANYTIME_NOT_NOW,
            N_("you do not hold the jaguar token"),
            lambda st, a, s: N_(
                "the Jaguar moves your explorer from the top of a caravan onto another caravan, "
                "never onto an empty space or off the path"
            ),
            lambda a, w: w._(
                "Jaguar: move your explorer from the top of {space} onto {target} {caravan}"
            ).format(space=w.space(a.at), target=w.space(a.to), caravan=w.caravan(a.to)),
        ),
        Power(
            "otter",
            Kind.OTTER,
            Timing.ANYTIME,
            True,
            _otter_offers,
            _otter,
            _ANYTIME_NOT_NOW,
            N_("you do not hold the otter token"),
            _otter_refusal,
            lambda a, w: w._("Otter: swap the caravans on {space} {caravan} and {target} {other}").format(
                space=w.space(a.at), caravan=w.caravan(a.at), target=w.space(a.to), other=w.caravan(a.to)
            ),
        ),
        Power(
            "capybara",
            Kind.CAPYBARA,
            Timing.ANYTIME,
            True,
            _capybara_offers,
            _capybara,
            _ANYTIME_NOT_NOW,
            N_("you do not hold the capybara token"),
            lambda st, a, s: N_("the Capybara restacks a caravan of at least two colours"),
            lambda a, w: w._("Capybara: restack the caravan on {space} {caravan}").format(
                space=w.space(a.at), caravan=w.caravan(a.at)
            ),
        ),
        Power(
            "monkey",
            Kind.MONKEY,
            Timing.ANYTIME,
            False,
            _monkey_offers,
            _monkey,
            _ANYTIME_NOT_NOW,
            N_("you do not hold the monkey token"),
            lambda st, a, s: N_("the Monkey needs a trading post in hand or on the board"),
            lambda a, w: w._("Monkey: place up to two extra trading posts, then move posts"),
        ),
        Power(
            "boa",
            Kind.BOA,
            Timing.AT_DROP,
            True,
            lambda st, seat: [A_BOA] if may_boa(st) else [],
            _boa,
            _DROP_NOT_NOW,
            N_("you do not hold the Emerald Tree Boa"),
            lambda st, a, s: N_("the Boa needs two explorers in hand and must be held since the move began"),
            _boa_menu,
        ),
        Power(
            "frog",
            Kind.FROG,
            Timing.AT_DROP,
            True,
            lambda st, seat: [A_FROG] if may_frog(st) else [],
            _frog,
            _DROP_NOT_NOW,
            N_("you do not hold the Tree Frog"),
            lambda st, a, s: N_("the Tree Frog must be held since the move began"),
            _frog_menu,
        ),
        Power(
            "bushdog",
            Kind.DOG,
            Timing.END_STEP,
            True,
            _dog_offers,
            _dog,
            N_("the Bush Dog moves at the end of your turn"),
            N_("you do not hold the Bush Dog"),
            _dog_refusal,
            lambda a, w: (
                w._("Bush Dog: step your explorer on {space} up to {target}")
                if a.step > 0
                else w._("Bush Dog: step your explorer on {space} down to {target}")
            ).format(space=w.space(a.at), target=w.space(a.at + a.step)),
        ),
        Power(
            "peccary",
            Kind.MOVEBACK,
            Timing.MOVE_STEP,
            True,
            _peccary_offers,
            _peccary,
            N_("a caravan moves downstream only in the move step"),
            N_("only the Peccary's holder may move a caravan downstream"),
            _peccary_refusal,
            lambda a, w: w._("Peccary: move the caravan on {space} {caravan} DOWNSTREAM").format(
                space=w.space(a.at), caravan=w.caravan(a.at)
            ),
        ),
        _passive("harpy"),  # RT-6: new explorers ignore the height limit (``turns.place_actions``)
        _passive("tamandua"),  # RT-3: one more post per area (``rules._open_areas``)
        _passive("kingfisher"),  # RT-9: no wash-down (``moves._land_crossing``)
        _passive("sloth"),  # RT-25: $2 at the start of each turn (``turns.begin_turn``)
    )
}

BY_KIND: Final[dict[int, Power]] = {int(p.kind): p for p in POWERS.values() if p.kind >= 0}
"""The power each animal action kind uses."""

BY_TIMING: Final[dict[Timing, tuple[Power, ...]]] = {
    t: tuple(p for p in POWERS.values() if p.timing == t) for t in Timing
}


ANYTIME: Final = Timing.ANYTIME
AT_DROP: Final = Timing.AT_DROP
MOVE_STEP: Final = Timing.MOVE_STEP
END_STEP: Final = Timing.END_STEP
"""The timings the rules ask ``uses`` about."""


def in_play(slot: dict[str, int]) -> tuple[tuple[tuple[int, Power], ...], ...]:
    """``[timing]``: the token slot and record of each power of that timing in play, in the
    registry's order (a game's ``TrekData.powers_by_timing``, fixed once the animals are drawn)."""
    return tuple(tuple((slot[p.animal], p) for p in BY_TIMING[t] if p.animal in slot) for t in Timing)


def uses(st: TrekData, seat: int, timing: Timing, out: list[TrekAction]) -> None:
    """Add the uses of the powers of ``timing`` that ``seat`` holds and may use now.

    Asked at every step of a turn, so it walks only the game's own animals of that timing
    (``powers_by_timing``), not the whole registry."""
    if not st.tokens_held[seat]:  # the common case: no token at all
        return
    holder = st.holder
    for s, power in st.powers_by_timing[timing]:
        if holder[s] == seat:
            out += power.offers(st, seat)
