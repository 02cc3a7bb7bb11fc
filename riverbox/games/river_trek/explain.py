"""Why an action is illegal, naming the rule (RT ids). River Trek has no hidden cards; the
messages never mention anyone's money (it may be hidden by the ``hidden_money`` option)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riverbox.games.river_trek.actions import (
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
from riverbox.games.river_trek.board import CROSSING, DOCK

if TYPE_CHECKING:
    from riverbox.games.river_trek.state import TrekState

_STEP_HELP = {
    "setup-explorer": "place a starting explorer on a New Explorer space (place S)",  # RT-6
    "setup-post": "place your starting trading post (post A)",  # RT-5
    "post": "place a trading post (post A), move one when your hand is empty (movepost A B), or skip",  # RT-4
    "move": "move a caravan holding one of your explorers (move S)",  # RT-8
    # RT-21, RT-22
    "drop": "say whether to use the Boa or Tree Frog in this move (drop all: no; drop, boa, frog: yes)",
    "place": "place a new explorer on a New Explorer space (place S)",  # RT-6, RT-7
    "end": "use an animal power or end your turn (end)",  # RT-14, RT-25
    "monkey": "place up to two extra posts, then move posts, or finish (done)",  # RT-3
    "restack": "choose the colour of the next explorer from the bottom (restack C)",  # RT-25
    "over": "nothing: the game is over",  # RT-19
    "setup-tile": "choose where the shifted animal tile goes (tile S)",  # RT-18
}


def explain(state: TrekState, action: Any, seat: int) -> str:
    """A reason naming the rule; generic when the action belongs to another step."""
    from riverbox.games.river_trek.state import PHASE_NAMES

    phase = PHASE_NAMES[state.phase]
    head = f"river-trek: {action} is not legal now"
    if not isinstance(action, TrekAction):
        return f"{head}: not a River Trek action (see the notation in the rules)"
    step = f"now you must {_STEP_HELP.get(phase, 'wait')}"
    k = action.kind
    n_sp = state.path.length
    in_path = 0 <= action.a < n_sp
    anytime = phase in ("post", "move", "place", "end")
    if k == PLACE and phase in ("setup-explorer", "place"):
        if not in_path:
            return f"{head}: the path has spaces 0..{n_sp - 1}"  # RT-6
        if not state.dock <= action.a <= state.basecamp:
            return (
                f"{head}: new explorers go only on the New Explorer spaces "
                f"{state.dock}..{state.basecamp} (Dock or Bridge to the Base camp)"  # RT-6
            )
        limit = 3 if phase == "setup-explorer" else 2
        return (
            f"{head}: space {action.a} already holds {len(state.stacks[action.a])} explorers; the height "
            f"limit is {limit} {'during setup' if limit == 3 else 'during the game'}; only the Dock/Bridge "
            "is always open (the Harpy Eagle lifts the limit)"  # RT-6
        )
    if k in (POST, MOVEPOST) and phase in ("setup-post", "post", "monkey"):
        areas = state.path.areas
        if not (0 <= action.a < len(areas)) or (k == MOVEPOST and not 0 <= action.b < len(areas)):
            return f"{head}: this path has trading-post areas 0..{len(areas) - 1} (none on the Final)"  # RT-4
        if k == POST and state.hand[seat] == 0:
            return f"{head}: you have no trading post left in hand; move one instead"  # RT-4
        if k == MOVEPOST and phase != "monkey" and state.hand[seat] > 0:
            return f"{head}: you may move a trading post only when none are left in your hand"  # RT-4
        if k == MOVEPOST and state.posts[action.a][seat] == 0:
            return f"{head}: you have no trading post in area {action.a}"  # RT-4
        if phase == "monkey" and k == POST and (state.mk_moves or state.mk_placed >= 2):
            return f"{head}: the Monkey places at most two extra posts, before any moves"  # RT-4
        target = action.a if k == POST else action.b
        if not state.area_usable(target):
            return f"{head}: area {target} lies below the Bridge and is unusable"  # RT-27
        return (
            f"{head}: you already have the most posts allowed in area {target}: 1 per player in a small "
            "area (Start board, +2 boxes), 2 elsewhere, one more with the Tamandua"  # RT-3
        )
    if k == SKIP and phase == "setup-post":
        return f"{head}: every player places one starting trading post"  # RT-5
    if k in (MOVE, MOVEBACK) and phase == "move":
        if k == MOVEBACK and not state.holds(seat, "peccary"):
            return f"{head}: only the Peccary's holder may move a caravan downstream"  # RT-23
        if not in_path or seat not in state.stacks[action.a]:
            return (
                # RT-29
                f"{head}: you must move a caravan holding at least one of your explorers"
            )
        return f"{head}: a caravan on the Dock/Bridge cannot move further downstream"  # RT-23
    if k in (BOA, FROG) and phase == "drop":
        # RT-21, RT-22
        return f"{head}: you do not hold the {'Emerald Tree Boa' if k == BOA else 'Tree Frog'}"
    if k in (BOA, FROG, DROP, DROPALL):
        return (
            # RT-13, RT-21, RT-22
            f"{head}: the Boa and the Tree Frog are used during your own caravan moves only, at a drop;"
            f" {step}"
        )
    if k in (JAGUAR, OTTER, CAPYBARA, MONKEY):
        name = {JAGUAR: "jaguar", OTTER: "otter", CAPYBARA: "capybara", MONKEY: "monkey"}[k]
        if not anytime:
            return f"{head}: animal powers are used between the steps of your turn, not in a move"  # RT-14
        if not state.holds(seat, name):
            return f"{head}: you do not hold the {name} token"  # RT-14
        if k == JAGUAR:
            return (
                f"{head}: the Jaguar moves your explorer from the top of a caravan onto another caravan, "
                "never onto an empty space or off the path"  # RT-24
            )
        if k == OTTER:
            kinds = state.path.kinds
            if not all(0 <= x < n_sp and kinds[x] in (DOCK, CROSSING) for x in (action.a, action.b)):
                return (
                    # RT-25
                    f"{head}: the Otter swaps caravans on river crossings (Dock/Bridge included) only"
                )
            return f"{head}: both crossings must hold a caravan to swap"  # RT-25
        if k == CAPYBARA:
            return f"{head}: the Capybara restacks a caravan of at least two colours"  # RT-25
        return f"{head}: the Monkey needs a trading post in hand or on the board"  # RT-3
    if k == RESTACK and phase == "restack":
        return f"{head}: no explorer of colour {action.a} is left to restack"  # RT-25
    if k == DOG:
        if phase != "end":
            return f"{head}: the Bush Dog moves at the end of your turn; {step}"  # RT-25
        if not state.holds(seat, "bushdog"):
            return f"{head}: you do not hold the Bush Dog"  # RT-25
        if state.dog_used:
            return f"{head}: one Bush Dog move per turn"  # RT-25
        return (
            f"{head}: the Bush Dog moves a lone explorer of yours one space, never off the path or "
            "below the Dock/Bridge"  # RT-24
        )
    if k == TILE:
        if phase != "setup-tile":
            return f"{head}: animal tiles are placed during setup only; {step}"  # RT-18
        return (
            # RT-18
            f"{head}: the tile shifts one space forward or back to a space without a crossing or tile"
        )
    if k == DONE and phase != "monkey":
        return f"{head}: 'done' finishes a Monkey; {step}"
    if k == END and phase != "end":
        return f"{head}: {step}"
    return f"{head}: {step}"
