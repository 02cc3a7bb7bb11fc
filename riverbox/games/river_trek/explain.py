"""Why an action is illegal, naming the rule. River Trek has no hidden cards; the messages never
mention anyone's money (it may be hidden by the ``hidden_money`` option).

``explain`` first asks whether the action belongs to the current step at all (``_STEP_HELP`` says
what the step wants); an animal power's refusals come from its record in ``powers``; the other
kinds have one small function each in ``_REASONS``.
"""

from __future__ import annotations

from collections.abc import Callable

from riverbox.games.river_trek.actions import Kind, TrekAction
from riverbox.games.river_trek.position import Phase, TrekData
from riverbox.games.river_trek.powers import BY_KIND, PHASES

_STEP_HELP = {
    Phase.SETUP_EXPLORER: "place a starting explorer on a New Explorer space (place S)",  # RT-6
    Phase.SETUP_POST: "place your starting trading post (post A)",  # RT-5
    # RT-4
    Phase.POST: "place a trading post (post A), move one when your hand is empty (movepost A B), or skip",
    Phase.MOVE: "move a caravan holding one of your explorers (move S)",  # RT-8
    # RT-21, RT-22
    Phase.DROP: "say whether to use the Boa or Tree Frog in this move (drop all: no; drop, boa, frog: yes)",
    Phase.PLACE: "place a new explorer on a New Explorer space (place S)",  # RT-6, RT-7
    Phase.END: "use an animal power or end your turn (end)",  # RT-14, RT-25
    Phase.MONKEY: "place up to two extra posts, then move posts, or finish (done)",  # RT-3
    Phase.RESTACK: "choose the colour of the next explorer from the bottom (restack C)",  # RT-25
    Phase.OVER: "nothing: the game is over",  # RT-19
    Phase.SETUP_TILE: "choose where the shifted animal tile goes (tile S)",  # RT-18
}

_STEPS: dict[int, frozenset[int]] = {
    Kind.PLACE: frozenset({Phase.SETUP_EXPLORER, Phase.PLACE}),
    Kind.POST: frozenset({Phase.SETUP_POST, Phase.POST, Phase.MONKEY}),
    Kind.MOVEPOST: frozenset({Phase.SETUP_POST, Phase.POST, Phase.MONKEY}),
    Kind.SKIP: frozenset({Phase.SETUP_POST}),
    Kind.MOVE: frozenset({Phase.MOVE}),
    Kind.DROP: frozenset({Phase.DROP}),
    Kind.DROPALL: frozenset({Phase.DROP}),
    Kind.RESTACK: frozenset({Phase.RESTACK}),
    Kind.TILE: frozenset({Phase.SETUP_TILE}),
}
"""The steps in which each (non-power) kind may be legal; elsewhere the reason is the step."""

_ELSEWHERE: dict[int, str] = {
    # RT-13, RT-21, RT-22
    Kind.DROP: "the Boa and the Tree Frog are used during your own caravan moves only, at a drop; ",
    Kind.DROPALL: "the Boa and the Tree Frog are used during your own caravan moves only, at a drop; ",
    Kind.DONE: "'done' finishes a Monkey; ",
    Kind.TILE: "animal tiles are placed during setup only; ",  # RT-18
}
"""What to say before the current step when an action belongs to another step."""


def step_help(phase: int) -> str:
    """What the current step asks for, in words."""
    return _STEP_HELP[Phase(phase)]


def explain(st: TrekData, action: TrekAction, seat: int) -> str:
    """A reason naming the rule; the current step when the action belongs to another one."""
    head = f"river-trek: {action} is not legal now"
    step = f"now you must {step_help(st.phase)}"
    power = BY_KIND.get(action.kind)
    if power is not None:
        if st.phase not in PHASES[power.timing]:
            return f"{head}: {power.not_now}; {step}"
        if not st.holds(seat, power.animal):
            return f"{head}: {power.not_held}"
        return f"{head}: {power.refusal(st, action, seat)}"
    reason = _REASONS.get(action.kind)
    if reason is None or st.phase not in _STEPS[action.kind]:
        return f"{head}: {_ELSEWHERE.get(action.kind, '')}{step}"
    return f"{head}: {reason(st, action, seat)}"


def _place(st: TrekData, action: TrekAction, seat: int) -> str:
    """RT-6."""
    n_sp = st.path.length
    if not 0 <= action.at < n_sp:
        return f"the path has spaces 0..{n_sp - 1}"
    if not st.dock <= action.at <= st.basecamp:
        return (
            f"new explorers go only on the New Explorer spaces {st.dock}..{st.basecamp} "
            "(Dock or Bridge to the Base camp)"
        )
    setup = st.phase == Phase.SETUP_EXPLORER
    return (
        f"space {action.at} already holds {len(st.stacks[action.at])} explorers; the height limit is "
        f"{'3 during setup' if setup else '2 during the game'}; only the Dock/Bridge is always open "
        "(the Harpy Eagle lifts the limit)"
    )


def _post(st: TrekData, action: TrekAction, seat: int) -> str:
    """RT-3, RT-4, RT-27."""
    areas = st.path.areas
    moving = action.kind == Kind.MOVEPOST
    if not 0 <= action.at < len(areas) or (moving and not 0 <= action.to < len(areas)):
        return f"this path has trading-post areas 0..{len(areas) - 1} (none on the Final)"
    if not moving and st.hand[seat] == 0:
        return "you have no trading post left in hand; move one instead"
    if moving and st.phase != Phase.MONKEY and st.hand[seat] > 0:
        return "you may move a trading post only when none are left in your hand"
    if moving and st.posts[action.at][seat] == 0:
        return f"you have no trading post in area {action.at}"
    if st.phase == Phase.MONKEY and not moving and (st.mk_moves or st.mk_placed >= 2):
        return "the Monkey places at most two extra posts, before any moves"
    target = action.to if moving else action.at
    if not st.area_usable(target):
        return f"area {target} lies below the Bridge and is unusable"
    return (
        f"you already have the most posts allowed in area {target}: 1 per player in a small "
        "area (Start board, +2 boxes), 2 elsewhere, one more with the Tamandua"
    )


def _move(st: TrekData, action: TrekAction, seat: int) -> str:
    """RT-29."""
    return "you must move a caravan holding at least one of your explorers"


def _drop(st: TrekData, action: TrekAction, seat: int) -> str:  # pragma: no cover - always legal in DROP
    return "the drop step is answered with drop, drop all, boa or frog"


def _skip(st: TrekData, action: TrekAction, seat: int) -> str:
    """RT-5."""
    return "every player places one starting trading post"


def _restack(st: TrekData, action: TrekAction, seat: int) -> str:
    """RT-25."""
    return f"no explorer of colour {action.at} is left to restack"


def _tile(st: TrekData, action: TrekAction, seat: int) -> str:
    """RT-18."""
    return "the tile shifts one space forward or back to a space without a crossing or tile"


_REASONS: dict[int, Callable[[TrekData, TrekAction, int], str]] = {
    Kind.PLACE: _place,
    Kind.POST: _post,
    Kind.MOVEPOST: _post,
    Kind.SKIP: _skip,
    Kind.MOVE: _move,
    Kind.DROP: _drop,
    Kind.DROPALL: _drop,
    Kind.RESTACK: _restack,
    Kind.TILE: _tile,
}
