"""Why a placement is refused, in the reader's language, from what the player can see.

The rules (``reference.violation``) name the rule a face breaks in English, in the hot loop
that builds the legal placements; this module turns those fixed sentences into messages a
reader of another language gets in their words, without touching that loop.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from riverbox.core.i18n import N_, Message, message
from riverbox.games.river_wild.actions import Place
from riverbox.games.river_wild.board import pos_key
from riverbox.games.river_wild.content import SIDES
from riverbox.games.river_wild.words import DOMAIN

if TYPE_CHECKING:
    from collections.abc import Sequence

    from riverbox.games.river_wild.board import Board
    from riverbox.games.river_wild.position import WildGame

_FIXED = (
    # reference.violation's fixed sentences (RW-2, RW-3), word for word
    N_("a card must be placed below an existing card, directly or offset by half a card"),
    N_(
        "the placement must extend the river; no river on the card's top edge"
        " meets river or mountain on the card above"
    ),
    N_("with strict_top_river, river on the card's top edge may not face empty table"),
)
_TOUCH = re.compile(
    r"^land and river may not touch; the card's (.+) \((land|river)\) would meet (land|river)"
    r" on the card (.+)$"
)
_TOUCH_WORDS = (
    N_("top-left"),
    N_("top-right"),
    N_("bottom-left"),
    N_("bottom-right"),
    N_("left side"),
    N_("right side"),
    N_("above"),
    N_("below"),
    N_("to its left"),
    N_("to its right"),
    N_("land"),
    N_("river"),
)


def _say(template: str, **fields: Any) -> Message:
    return message(DOMAIN, template, **fields)


def violation_message(reason: str) -> Message:
    """``reference.violation``'s English reason as a message (its words translated)."""
    m = _TOUCH.match(reason)
    if m is not None:  # RW-1
        where, mine, theirs, other = m.groups()
        return _say(
            N_(
                "land and river may not touch; the card's {where} ({mine}) would meet {theirs}"
                " on the card {other}"
            ),
            where=_say(where),
            mine=_say(mine),
            theirs=_say(theirs),
            other=_say(other),
        )
    return _say(reason)


def explain(game: WildGame, hand: Sequence[int], deck: Sequence[int], board: Board, action: Any) -> Message:
    """Name the rule an illegal placement breaks (from visible information only).

    Takes the state's parts rather than the state, so this module does not import ``state``
    (which calls it): no import circle.
    """
    if not isinstance(action, Place):
        return _say(N_("river-wild: {action} is not a River Wild action"), action=repr(action))
    try:
        ci = game.deck.index_of(action.card)
    except KeyError:
        return _say(N_("river-wild: there is no card c{card} in this deck"), card=action.card)
    label = game.label(ci)
    if ci not in hand:
        held = ", ".join(game.label(i) for i in hand)
        if deck and deck[-1] == ci:  # RW-13
            where = N_(
                "river-wild: {card} is the face-up top card of the deck, not in your hand; "
                "you may place a card from your hand ({hand})"
            )
        elif any(fi // 2 == ci for fi, _ in board.placed[1:]):
            where = N_(
                "river-wild: {card} is already on the table; you may place a card from your hand ({hand})"
            )
        else:
            where = N_("river-wild: {card} is not in your hand; you may place a card from your hand ({hand})")
        return _say(where, card=label, hand=held)
    r, c = action.row, action.col
    if r < 1:
        return _say(N_("river-wild: cards are placed below the Source Card, in row 1 or lower"))
    key = pos_key(r, c)
    if board.blocked(key):
        return _say(
            N_("river-wild: no overlap; a card at {row},{col} would overlap a card already in row {row}"),
            row=r,
            col=c,
        )
    reason = game.rules.violation(game.rules.faces[2 * ci + action.side], board.context(key))
    if reason:
        return _say(
            N_("river-wild: {card} {side} cannot go at {row},{col}: {reason}"),
            card=label,
            side=_say(SIDES[action.side]),
            row=r,
            col=c,
            reason=violation_message(reason),
        )
    return _say(N_("river-wild: {action} is not legal now"), action=str(action))


__all__ = ["explain", "violation_message"]
