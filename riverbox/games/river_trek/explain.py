"""Why an action is illegal, naming the rule. River Trek has no hidden cards; the messages never
mention anyone's money (it may be hidden by the ``hidden_money`` option).

``explain`` first asks whether the action belongs to the current step at all (``_STEP_HELP`` says
what the step wants); an animal power's refusals come from its record in ``powers``; the other
kinds have one small function each in ``_REASONS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riverbox.core.i18n import N_, Message, message
from riverbox.games.river_trek.actions import DOMAIN, Kind, TrekAction
from riverbox.games.river_trek.position import Phase, TrekData
from riverbox.games.river_trek.powers import BY_KIND, PHASES

_STEP_HELP = {
    Phase.SETUP_EXPLORER: N_("place a starting explorer on a New Explorer space (place S)"),  # RT-6
    Phase.SETUP_POST: N_("place your starting trading post (post A)"),  # RT-5
    # RT-4
    Phase.POST: N_("place a trading post (post A), move one when your hand is empty (movepost A B), or skip"),
    Phase.MOVE: N_("move a caravan holding one of your explorers (move S)"),  # RT-8
    # RT-21, RT-22
    Phase.DROP: N_(
        "say whether to use the Boa or Tree Frog in this move (drop all: no; drop, boa, frog: yes)"
    ),
    Phase.PLACE: N_("place a new explorer on a New Explorer space (place S)"),  # RT-6, RT-7
    Phase.END: N_("use an animal power or end your turn (end)"),  # RT-14, RT-25
    Phase.MONKEY: N_("place up to two extra posts, then move posts, or finish (done)"),  # RT-3
    Phase.RESTACK: N_("choose the colour of the next explorer from the bottom (restack C)"),  # RT-25
    Phase.OVER: N_("nothing: the game is over"),  # RT-19
    Phase.SETUP_TILE: N_("choose where the shifted animal tile goes (tile S)"),  # RT-18
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
    # RT-31, RT-21, RT-22
    Kind.DROP: N_("the Boa and the Tree Frog are used during your own caravan moves only, at a drop; {step}"),
    Kind.DROPALL: N_(
        "the Boa and the Tree Frog are used during your own caravan moves only, at a drop; {step}"
    ),
    Kind.DONE: N_("'done' finishes a Monkey; {step}"),
    Kind.TILE: N_("animal tiles are placed during setup only; {step}"),  # RT-18
}
"""What to say before the current step when an action belongs to another step."""


def _say(template: str, **fields: Any) -> Message:
    return message(DOMAIN, template, **fields)


def step_help(phase: int) -> str:
    """What the current step asks for, in words (English; ``_STEP_HELP`` holds the catalog ids)."""
    return _STEP_HELP[Phase(phase)]


def explain(st: TrekData, action: TrekAction, seat: int) -> Message:
    """A reason naming the rule; the current step when the action belongs to another one."""
    return _say(
        N_("river-trek: {action} is not legal now: {reason}"),
        action=str(action),
        reason=_reason(st, action, seat),
    )


def _reason(st: TrekData, action: TrekAction, seat: int) -> Message:
    step = _say(N_("now you must {help}"), help=_say(step_help(st.phase)))
    power = BY_KIND.get(action.kind)
    if power is not None:
        if st.phase not in PHASES[power.timing]:
            return _say(N_("{why}; {step}"), why=_say(power.not_now), step=step)
        if not st.holds(seat, power.animal):
            return _say(power.not_held)
        return _say(power.refusal(st, action, seat))
    reason = _REASONS.get(action.kind)
    if reason is None or st.phase not in _STEPS[action.kind]:
        return _say(_ELSEWHERE.get(action.kind, N_("{step}")), step=step)
    return reason(st, action, seat)


def _place(st: TrekData, action: TrekAction, seat: int) -> Message:
    """RT-6."""
    n_sp = st.path.length
    if not 0 <= action.at < n_sp:
        return _say(N_("the path has spaces 0..{last}"), last=n_sp - 1)
    if not st.dock <= action.at <= st.basecamp:
        return _say(
            N_(
                "new explorers go only on the New Explorer spaces {first}..{last} "
                "(Dock or Bridge to the Base camp)"
            ),
            first=st.dock,
            last=st.basecamp,
        )
    if st.phase == Phase.SETUP_EXPLORER:
        template = N_(
            "space {space} already holds {count} explorers; the height limit is 3 during setup; "
            "only the Dock/Bridge is always open (the Harpy Eagle lifts the limit)"
        )
    else:
        template = N_(
            "space {space} already holds {count} explorers; the height limit is 2 during the game; "
            "only the Dock/Bridge is always open (the Harpy Eagle lifts the limit)"
        )
    return _say(template, space=action.at, count=len(st.stacks[action.at]))


def _post(st: TrekData, action: TrekAction, seat: int) -> Message:
    """RT-3, RT-4, RT-27."""
    areas = st.path.areas
    moving = action.kind == Kind.MOVEPOST
    if not 0 <= action.at < len(areas) or (moving and not 0 <= action.to < len(areas)):
        return _say(N_("this path has trading-post areas 0..{last} (none on the Final)"), last=len(areas) - 1)
    if not moving and st.hand[seat] == 0:
        return _say(N_("you have no trading post left in hand; move one instead"))
    if moving and st.phase != Phase.MONKEY and st.hand[seat] > 0:
        return _say(N_("you may move a trading post only when none are left in your hand"))
    if moving and st.posts[action.at][seat] == 0:
        return _say(N_("you have no trading post in area {area}"), area=action.at)
    if st.phase == Phase.MONKEY and not moving and (st.mk_moves or st.mk_placed >= 2):
        return _say(N_("the Monkey places at most two extra posts, before any moves"))
    target = action.to if moving else action.at
    if not st.area_usable(target):
        return _say(N_("area {area} lies below the Bridge and is unusable"), area=target)
    return _say(
        N_(
            "you already have the most posts allowed in area {area}: 1 per player in a small "
            "area (Start board, +2 boxes), 2 elsewhere, one more with the Tamandua"
        ),
        area=target,
    )


def _move(st: TrekData, action: TrekAction, seat: int) -> Message:
    """RT-29."""
    return _say(N_("you must move a caravan holding at least one of your explorers"))


def _drop(st: TrekData, action: TrekAction, seat: int) -> Message:  # pragma: no cover - always legal in DROP
    return _say(N_("the drop step is answered with drop, drop all, boa or frog"))


def _skip(st: TrekData, action: TrekAction, seat: int) -> Message:
    """RT-5."""
    return _say(N_("every player places one starting trading post"))


def _restack(st: TrekData, action: TrekAction, seat: int) -> Message:
    """RT-25."""
    return _say(N_("no explorer of colour {colour} is left to restack"), colour=action.at)


def _tile(st: TrekData, action: TrekAction, seat: int) -> Message:
    """RT-18."""
    return _say(N_("the tile shifts one space forward or back to a space without a crossing or tile"))


_REASONS: dict[int, Callable[[TrekData, TrekAction, int], Message]] = {
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
