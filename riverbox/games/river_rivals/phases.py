"""River Rivals' named numbers: the phases of a turn and the kinds of pending decision.

Kept apart from the rules so every module (rules, words, bots, observation) can name them
without importing the engine.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    """Where the active player is in the turn (RV-21: the equipment window is AFTER)."""

    DRAFT = 0
    MAIN = 1
    AFTER = 2
    CHECK = 3
    OVER = 4


PHASE_NAMES = ("draft", "main", "after", "check", "over")
"""The phase as views and observations name it (index: ``Phase``)."""

# The values as plain ints, for the state's field and the hot loop: on Python 3.11 reading
# ``Phase.MAIN`` costs several times a module-level name, and an IntEnum compares slower than an
# int. The field holds the plain int (as it does once read from JSON); ``Phase(state.phase)``
# names it.
# ``Final``: the compiled build reads them from C statics rather than the module dict.
DRAFT: Final = int(Phase.DRAFT)
MAIN: Final = int(Phase.MAIN)
AFTER: Final = int(Phase.AFTER)
CHECK: Final = int(Phase.CHECK)
OVER: Final = int(Phase.OVER)


class Frame(IntEnum):
    """A pending decision on the stack (``frames.RULES`` holds what each one allows and does)."""

    QUICK = 0
    MOVE = 1
    SHIELD = 2
    POLISH = 3
    CLAW = 4
    LIGHTNING = 5
    COPY = 6
    CATCH = 7
    NET = 8
    BAIT = 9
    SPARE = 10
    RECALL = 11
    BINOCULARS = 12
    BEAR = 13
    UNDERTOW = 14
    ENCORE = 15


# Plain ints for the frames the hot loop opens, for the reason given for the phases above (an
# entry on the stack compares equal either way; the equipment's rarer frames name ``Frame``).
F_QUICK: Final = int(Frame.QUICK)
F_MOVE: Final = int(Frame.MOVE)
F_SHIELD: Final = int(Frame.SHIELD)
F_POLISH: Final = int(Frame.POLISH)
F_CLAW: Final = int(Frame.CLAW)
F_LIGHTNING: Final = int(Frame.LIGHTNING)
F_COPY: Final = int(Frame.COPY)
F_CATCH: Final = int(Frame.CATCH)
F_NET: Final = int(Frame.NET)
