"""River Rivals' equipment cards (Advanced Mode), one record per card mechanic.

A once-per-game card used "in addition to your action" (RV-21) has a record with when it
can do something (``usable``: the engine offers ``use`` only then, and the stuck ruling
counts it), what using it does (``use``: often it opens a decision frame, see ``frames``),
and the words for why it cannot be used now (``nothing``). A permanent card works by itself
where its rule applies; its record says where (``acts``), and its words come from the data
file. ``explain``, ``render`` and the bot read these records; the engine dispatches on them.
"""

from __future__ import annotations

from collections.abc import Callable

from riverbox.core.i18n import N_, translator
from riverbox.games.river_rivals.content import (
    ADDITION,
    COLUMN_CAP,
    COLUMNS,
    EQUIPMENT,
    KIND_OF,
    MECHANICS,
    Equipment,
)
from riverbox.games.river_rivals.position import (
    _BEAR,
    _DOUBLE_CARDS,
    _RECALL_CARDS,
    _SPARE_SHIELDS,
    Frame,
    Position,
)

Usable = Callable[[Position, int], bool]
Use = Callable[[Position, int], None]


class EquipmentRule:
    """One equipment mechanic: its card, and for a once-per-game card when and how it is used."""

    __slots__ = ("acts", "card", "index", "mechanic", "nothing", "usable", "use")

    def __init__(
        self,
        mechanic: str,
        *,
        usable: Usable | None = None,
        use: Use | None = None,
        nothing: str = "",
        acts: str = "",
    ) -> None:
        self.mechanic = mechanic
        self.usable = usable
        """When ``use`` could do something now (None: a permanent card, never used as an action)."""
        self.use = use
        self.nothing = nothing
        """Why ``use`` is refused when ``usable`` is false, in a player's words."""
        self.acts = acts
        """Where a permanent card's rule applies (for readers of the code and the rules page)."""
        index = next((i for i, e in enumerate(EQUIPMENT) if e.mechanic == mechanic), -1)
        self.index = index
        """Its index in ``content.EQUIPMENT`` (-1 if the data file has no such card)."""
        self.card: Equipment | None = EQUIPMENT[index] if index >= 0 else None

    def menu(self, lang: str = "en") -> str:
        """The menu text of ``use``: the card's name and its text, in ``lang``."""
        card = self.card
        if card is None:
            return self.mechanic
        _ = translator("river_rivals", lang)
        return _("Use {equipment}: {text}").format(equipment=_(card.name), text=_(card.text))


def _room(st: Position, s: int) -> bool:
    b = st.board
    return any(len(b[s * COLUMNS + c]) < COLUMN_CAP for c in range(COLUMNS))


def _surprise_usable(st: Position, s: int) -> bool:
    """A polar bear somewhere the player may know of, and a column with room (RV-21)."""
    if not _room(st, s):
        return False
    pile = st.piles[s]
    # a pile the player does not know (after Peek-a-Scope) might hold one: searching is allowed
    if pile and ((st.unknown >> s) & 1 or any(KIND_OF[c] == _BEAR for c in pile)):
        return True
    return any(KIND_OF[c] == _BEAR for c in st.hands[s]) or any(KIND_OF[c] == _BEAR for c in st.removed[s])


def _surprise(st: Position, s: int) -> None:
    st._reveal_pile(s)
    st.stack.append((Frame.BEAR, 0, 0, 0))


def _binoculars_usable(st: Position, s: int) -> bool:
    return len(st.piles[s]) > 0 and len(st.hands[s]) < st.limit(s)


def _binoculars(st: Position, s: int) -> None:
    st._reveal_pile(s)
    st.stack.append((Frame.BINOCULARS, 0, 0, 0))


def _recall_usable(st: Position, s: int) -> bool:
    return len(st.removed[s]) > 0


def _recall(st: Position, s: int) -> None:
    st.stack.append((Frame.RECALL, 0, 0, _RECALL_CARDS))


def _double_cards(st: Position, s: int) -> int:
    return max(0, min(_DOUBLE_CARDS, st.limit(s) - len(st.hands[s]), len(st.piles[s])))


def _double_usable(st: Position, s: int) -> bool:
    return _double_cards(st, s) > 0


def _double(st: Position, s: int) -> None:
    n = _double_cards(st, s)
    st.emit("bonus-draw", seat=s, equipment="double-cast", count=n)
    st._draw(s, n)


def _undertow_usable(st: Position, s: int) -> bool:
    return bool(st._undertow_moves(s))


def _undertow(st: Position, s: int) -> None:
    st.stack.append((Frame.UNDERTOW, 0, 0, 0))


def _spare_usable(st: Position, s: int) -> bool:
    return st.shields > 0 and any(st.board[s * COLUMNS + c] for c in range(COLUMNS))


def _spare(st: Position, s: int) -> None:
    st.stack.append((Frame.SPARE, 0, 0, min(_SPARE_SHIELDS, st.shields)))


def _encore_usable(st: Position, s: int) -> bool:
    return bool(st._encore_targets(s))


def _encore(st: Position, s: int) -> None:
    st.stack.append((Frame.ENCORE, 0, 0, 0))


def _bait_usable(st: Position, s: int) -> bool:
    return bool(st._bait_targets(s))


def _bait(st: Position, s: int) -> None:
    st.stack.append((Frame.BAIT, 0, 0, 0))


_ONCE = (
    EquipmentRule(
        "surprise",
        usable=_surprise_usable,
        use=_surprise,
        nothing=N_("no polar bear in your hand, pile or removed cards, or no column with room"),
    ),
    EquipmentRule(
        "binoculars",
        usable=_binoculars_usable,
        use=_binoculars,
        nothing=N_("your draw pile is empty or your hand is full"),
    ),
    EquipmentRule("recall", usable=_recall_usable, use=_recall, nothing=N_("you have no removed cards")),
    EquipmentRule(
        "double",
        usable=_double_usable,
        use=_double,
        nothing=N_("your draw pile is empty or your hand is full"),
    ),
    EquipmentRule(
        "undertow",
        usable=_undertow_usable,
        use=_undertow,
        nothing=N_("no opposing card can move to another column with room"),
    ),
    EquipmentRule(
        "spare",
        usable=_spare_usable,
        use=_spare,
        nothing=N_("no shield tokens left in the supply, or none of your cards in play"),
    ),
    EquipmentRule(
        "encore",
        usable=_encore_usable,
        use=_encore,
        nothing=N_("none of your cards in play has an effect that could act now"),
    ),
    EquipmentRule(
        "bait",
        usable=_bait_usable,
        use=_bait,
        nothing=N_("no column with 3 of your cards and a free fish space"),
    ),
)
_PERMANENT = (
    EquipmentRule("boots", acts="state: extra moves at the start of the turn (RV-6)"),
    EquipmentRule("peek", acts="position._after_catch: the first fish caught (RV-23)"),
    EquipmentRule("clapper", acts="state._main_legal: 'draw extra' (RV-22)"),
    EquipmentRule("poison", acts="position._after_catch: the opponent's catches (RV-25)"),
    EquipmentRule("basket", acts="position.limit: the hand limit (RV-18)"),
    EquipmentRule("polish", acts="frames: a second shield after Shield Strength"),
    EquipmentRule("paws", acts="position._quick_targets: any free space in the column"),
    EquipmentRule("whistle", acts="position._copy_targets: neighbouring columns"),
    EquipmentRule("helping", acts="position._claw: a card when one of yours is removed"),
    EquipmentRule("net", acts="position._net_frame: a second fish on a wide margin"),
)
RULES = {r.mechanic: r for r in (*_ONCE, *_PERMANENT)}
"""The record of each equipment mechanic."""
assert set(RULES) == set(MECHANICS) and {r.mechanic for r in _ONCE} == ADDITION
BY_INDEX = tuple(RULES[e.mechanic] for e in EQUIPMENT)
"""The record of each equipment card, indexed like ``content.EQUIPMENT``."""
