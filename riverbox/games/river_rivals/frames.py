"""River Rivals' pending decisions, one record each: what answers it, what the answer does, its words.

An animal effect (RV-5: optional), the choice of card for a caught fish (RV-2) or an
equipment card's choice opens a decision frame on the position's stack. Everything about
a frame lives in its :class:`FrameRule`: the legal answers, how an answer resolves, whether
it may be skipped, the reason an illegal move is refused (``explain``), and the words the
header, the prompt and the menu use (``render``). The bot and the observation name frames by
``Frame``. Adding a frame means adding one record here.

Words may name an equipment card with ``{eq}``: callers fill in the name they show (the
menu marks placeholder cards, error messages do not).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from riverbox.core.i18n import N_
from riverbox.games.river_rivals import actions as A
from riverbox.games.river_rivals.actions import RvAction
from riverbox.games.river_rivals.content import COLUMN_CAP, COLUMNS, EFFECT, KIND_OF, SET_OF, SPACES
from riverbox.games.river_rivals.position import (
    _BEAR,
    _KIND_BIT,
    _MECH_OF,
    _RECALL_CARDS,
    _SLUGS,
    F_POLISH,
    OVER,
    Frame,
    FrameEntry,
    Position,
    plays,
)
from riverbox.games.river_rivals.tables import declined

Legal = Callable[[Position, int, FrameEntry], list[Any]]
Resolve = Callable[[Position, int, FrameEntry, RvAction], None]


class FrameRule:
    """Everything about one kind of pending decision (see the module text)."""

    __slots__ = (
        "column",
        "declined",
        "frame",
        "label",
        "legal",
        "mechanic",
        "needs",
        "on_skip",
        "prompt",
        "resolve",
        "shows_card",
        "skip_menu",
        "skippable",
        "skipped",
        "slug",
        "title",
    )

    def __init__(
        self,
        frame: Frame,
        slug: str,
        legal: Legal,
        resolve: Resolve,
        *,
        needs: str,
        prompt: str,
        title: str = "",
        mechanic: str = "",
        skippable: bool = False,
        column: bool = False,
        shows_card: bool = False,
        skip_menu: str = "Skip",
        skipped: str = "the choice",
        label: str = "",
        on_skip: Callable[[Position, int, FrameEntry], None] | None = None,
    ) -> None:
        self.frame = frame
        self.slug = slug
        """The frame's name in views (``pending.type``) and events."""
        self.legal = legal
        """The answers (without ``skip``, which ``skippable`` adds)."""
        self.resolve = resolve
        self.needs = needs
        """What the decision asks for: the reason any other move is refused."""
        self.prompt = prompt
        """What the player is asked; ``{here}`` the card, ``{col}`` the column, ``{eq}`` the card's name."""
        self.title = title
        """The header's name for it; empty: the equipment card's name."""
        self.mechanic = mechanic
        """The equipment mechanic that opens it ('' for animal effects and the fish check)."""
        self.skippable = skippable
        self.column = column
        """Tied to one column (the effect's card's, or the checked one)."""
        self.shows_card = shows_card
        """The view names the card whose effect it is (``pending.card``)."""
        self.skip_menu = skip_menu
        self.skipped = skipped
        """The log's words for declining it."""
        self.label = label
        """The menu's prefix for an answer (a fish or shield placed for this decision)."""
        self.on_skip = on_skip
        self.declined = declined(slug)
        """Each seat's ``declined`` event for a ``skip``, built once (``tables``)."""


# -- legal answers -------------------------------------------------------------------------------
def _free_fish(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    col = fr[1]
    own = st.board[s * COLUMNS + col]
    row = A.A_FISH[col]
    return [row[p] for p, sl in enumerate(own) if sl[2] < SPACES[sl[0]]]


def _quick(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return st._quick_targets(s, fr[1], fr[2])


def _move(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return st._move_targets(s, fr[1], fr[2])


def _any_own_card(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    # every card of a side is one prefix of its row (``_own_cards``' order: column, then position)
    out: list[Any] = []
    for row, side in zip(A.A_SHIELD, st.board[s * COLUMNS : (s + 1) * COLUMNS], strict=True):
        out.extend(row[: len(side)])
    return out


def _same_card(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return [A.A_SHIELD[fr[1]][fr[2]]]


def _claw(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    col = fr[1]
    return A.A_CLAW[col][: len(st.board[(1 - s) * COLUMNS + col])]


def _lightning(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    # one play per kind in hand, in kind order, in the effect's column only (RV-9)
    seen = 0
    for code in st.hands[s]:
        seen |= _KIND_BIT[code]
    return list(plays(1 << fr[1], seen))


def _copy(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return [A.A_COPY[c][p] for c, p in st._copy_targets(s, fr[1], fr[2], fr[3])]


def _bait(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return st._bait_targets(s)


def _recall(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return [A.A_RECALL[k] for k in sorted({KIND_OF[c] for c in st.removed[s]})]


def _binoculars(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return [A.A_TAKE[k] for k in sorted({KIND_OF[c] for c in st.piles[s]})]


def _bear(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    b = st.board
    room = [c for c in range(COLUMNS) if len(b[s * COLUMNS + c]) < COLUMN_CAP]
    out: list[Any] = []
    for i, src in enumerate((st.hands[s], st.piles[s], st.removed[s])):
        if any(KIND_OF[c] == _BEAR for c in src):
            out.extend(A.A_BEAR[i][c] for c in room)
    return out


def _undertow(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return st._undertow_moves(s)


def _encore(st: Position, s: int, fr: FrameEntry) -> list[Any]:
    return [A.A_ENCORE[c][p] for c, p in st._encore_targets(s)]


# -- resolutions ------------------------------------------------------------------------------------
def _do_fish(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st._fish_event(s, a, RULES[fr[0]].slug)
    st._catch(s, a.col, a.pos)


def _do_check_fish(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    """RV-2: the player chose the card for the fish check's catch; the check then goes on."""
    st._fish_event(s, a, RULES[fr[0]].slug)
    st.check_col = fr[1] + 1
    st._catch(s, a.col, a.pos)
    if st.adv and st.phase != OVER:  # ``_net_frame``'s own first test, asked before the call
        st._net_frame(s, fr[1])


def _do_move(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st._moved(s, s, a, "movement")


def _do_shield(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st._shield_event(s, a, "shield")
    st._add_shield(s, a.col, a.pos)
    if st.adv and "polish" in st.mechs[s] and st.shields > 0:  # Shield Polish: a second one
        st.stack.append((F_POLISH, a.col, a.pos, 0))


def _do_polish(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st._shield_event(s, a, "shield-polish")
    st._add_shield(s, a.col, a.pos)


def _do_spare(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st._shield_event(s, a, "spare-shields")
    st._add_shield(s, a.col, a.pos)
    if fr[3] > 1 and st.shields > 0:
        st.stack.append((Frame.SPARE, 0, 0, fr[3] - 1))


def _do_claw(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st._claw(s, a.col, a.pos)


def _do_lightning(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st.chain += 1
    st._play(s, a.animal, fr[1])


def _do_copy(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    _, col, pos, extra = fr
    target = st.board[s * COLUMNS + a.col][a.pos][0]
    st.emit("copied", seat=s, animal=_SLUGS[target], column=a.col + 1)
    # RV-8: the copied effect acts from the copying card (its column, its fish space).
    st._effect(EFFECT[target], s, col, pos, extra | 1 << (a.col * COLUMN_CAP + a.pos))


def _do_encore(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    code = st.board[s * COLUMNS + a.col][a.pos][0]
    st.emit("encored", seat=s, animal=_SLUGS[code], column=a.col + 1)
    st._effect(EFFECT[code], s, a.col, a.pos)


def _do_recall(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    code = st._take_from(st.removed[s], a.animal, s)
    st.emit("recalled", seat=s, animal=_SLUGS[code])
    st.piles[s].append(code)
    if fr[3] > 1 and st.removed[s]:
        st.stack.append((Frame.RECALL, 0, 0, fr[3] - 1))
    else:
        st._shuffle_pile(s)


def _stop_recall(st: Position, s: int, fr: FrameEntry) -> None:
    if fr[3] < _RECALL_CARDS:  # some cards went back: the pile is shuffled
        st._shuffle_pile(s)


def _do_binoculars(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    code = st._take_from(st.piles[s], a.animal, s)
    st.emit("took", to=s, seat=s, animal=_SLUGS[code])
    st.emit("took-card", but=s, seat=s)
    st.hands[s].append(code)
    st.hands[s].sort()
    st._shuffle_pile(s)


def _do_bear(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st.used |= 1 << _MECH_OF.index("surprise")
    src = (st.hands[s], st.piles[s], st.removed[s])[a.source]
    code = st._take_from(src, _BEAR, s)
    # ``set``: with a foreign bear in hand (Peek-a-Scope) the board shows whose bear it was.
    st.emit("bear", seat=s, source=A.SOURCES[a.source], column=a.col + 1, set=SET_OF[code])
    st._place(s, code, a.col)  # RV-6: the bear is put into play, no effect fires
    st.progress = True
    if a.source == 1:
        st._shuffle_pile(s)


def _do_undertow(st: Position, s: int, fr: FrameEntry, a: RvAction) -> None:
    st._moved(s, 1 - s, a, "undertow")


# -- the records ---------------------------------------------------------------------------------
_RULES = (
    FrameRule(
        Frame.QUICK,
        "quick-catch",
        _quick,
        _do_fish,
        title=N_("Quick Catch"),
        skippable=True,
        column=True,
        shows_card=True,
        needs=N_("place the Quick Catch fish on the card it names, or skip"),  # RV-5, RV-14
        prompt=N_("Quick Catch: put a fish from your supply on {here}, or skip."),
        skip_menu=N_("Skip the Quick Catch"),
        skipped="the Quick Catch",
        label=N_("Quick Catch: "),
    ),
    FrameRule(
        Frame.MOVE,
        "movement",
        _move,
        _do_move,
        title=N_("Movement"),
        skippable=True,
        column=True,
        shows_card=True,
        needs=N_("move another of your cards to a column with fewer than 3 of yours, or skip"),  # RV-10
        prompt=N_(
            "Movement from {here}: move another of your cards to a column with room "
            "(its fish and shields go along, its effect does not fire), or skip."
        ),
        skip_menu=N_("Skip the Movement"),
        skipped="the Movement",
    ),
    FrameRule(
        Frame.SHIELD,
        "shield",
        _any_own_card,
        _do_shield,
        title=N_("Shield Strength"),
        skippable=True,
        column=True,
        needs=N_("put a shield token on one of your cards, or skip"),  # RV-3, RV-4
        prompt=N_("Shield Strength: put a shield token from the supply on any of your cards, or skip."),
        skip_menu=N_("Skip Shield Strength"),
        skipped="Shield Strength",
        label=N_("Shield Strength: "),
    ),
    FrameRule(
        Frame.POLISH,
        "shield-polish",
        _same_card,
        _do_polish,
        mechanic="polish",
        skippable=True,
        column=True,
        shows_card=True,
        needs=N_("put a second shield on the same card, or skip ({eq})"),
        prompt=N_("{eq}: put a second shield on the same card, or skip."),
        skip_menu=N_("No second shield"),
        skipped="the second shield",
        label=N_("{eq}: second "),
    ),
    FrameRule(
        Frame.CLAW,
        "claw",
        _claw,
        _do_claw,
        title=N_("Claw Attack"),
        skippable=True,
        column=True,
        needs=N_("attack an opposing card in this column, or skip"),  # RV-11
        prompt=N_(
            "Claw Attack in column {col}: choose an opposing card there (a shield absorbs the attack"
            " and the card stays), or skip."
        ),
        skip_menu=N_("Skip the Claw Attack"),
        skipped="the Claw Attack",
    ),
    FrameRule(
        Frame.LIGHTNING,
        "lightning",
        _lightning,
        _do_lightning,
        title=N_("Lightning Animal"),
        skippable=True,
        column=True,
        needs=N_("play one more card from your hand into this same column, or skip"),  # RV-7, RV-9
        prompt=N_("Lightning Animal: you may play one more card from your hand into column {col}."),
        skip_menu=N_("Play no further card"),
        skipped="to play a further card",
        label=N_("Lightning: also "),
    ),
    FrameRule(
        Frame.COPY,
        "copy",
        _copy,
        _do_copy,
        title=N_("Copy Animal"),
        skippable=True,
        column=True,
        shows_card=True,
        needs=N_(
            "copy the effect of another of your cards in this column (not a Copy Animal), or skip"
        ),  # RV-8
        prompt=N_(
            "Copy Animal, {here}: choose another of your cards there whose effect "
            "to use, acting from the copying card, or skip."
        ),
        skip_menu=N_("Copy nothing"),
        skipped="to copy",
    ),
    FrameRule(
        Frame.CATCH,
        "catch",
        _free_fish,
        _do_check_fish,
        title=N_("Fish catch"),
        column=True,
        needs=N_("place the caught fish on one of your cards in this column with a free fish space"),  # RV-2
        prompt=N_("Fish check, column {col}: you catch a fish. Choose the card of yours it goes on."),
        label=N_("Catch: "),
    ),
    FrameRule(
        Frame.NET,
        "big-net",
        _free_fish,
        _do_fish,
        mechanic="net",
        skippable=True,
        column=True,
        needs=N_("place a second fish in this column, or skip ({eq})"),
        prompt=N_("{eq}: you beat column {col} by 3 or more; place a second fish there, or skip."),
        skip_menu=N_("No second fish"),
        skipped="the second fish",
        label=N_("{eq}: second fish, "),
    ),
    FrameRule(
        Frame.BAIT,
        "bait-bucket",
        _bait,
        _do_fish,
        mechanic="bait",
        needs=N_("place a fish on a free space in a column where you have 3 cards ({eq})"),
        prompt=N_("{eq}: place a fish on a free space in a column where you have 3 cards."),
        label=N_("{eq}: "),
    ),
    FrameRule(
        Frame.SPARE,
        "spare-shields",
        _any_own_card,
        _do_spare,
        mechanic="spare",
        needs=N_("put a shield token on one of your cards ({eq})"),
        prompt=N_("{eq}: put a shield token on one of your cards."),
        label=N_("{eq}: "),
    ),
    FrameRule(
        Frame.RECALL,
        "recall-horn",
        _recall,
        _do_recall,
        mechanic="recall",
        skippable=True,
        needs=N_("choose a removed card to shuffle back into your pile, or skip to stop ({eq})"),
        prompt=N_("{eq}: choose a removed card to shuffle into your pile, or skip to stop."),
        skip_menu=N_("Stop recalling"),
        skipped="to recall more cards",
        on_skip=_stop_recall,
    ),
    FrameRule(
        Frame.BINOCULARS,
        "binoculars",
        _binoculars,
        _do_binoculars,
        mechanic="binoculars",
        needs=N_("choose the card to take from your draw pile ({eq})"),  # RV-21
        prompt=N_("{eq}: choose the card to take from your pile (then it is shuffled)."),
    ),
    FrameRule(
        Frame.BEAR,
        "polar-bear-surprise",
        _bear,
        _do_bear,
        mechanic="surprise",
        skippable=True,
        needs=N_("choose the bear's source and column, or skip ({eq})"),  # RV-21
        prompt=N_(
            "{eq}: choose where the polar bear comes from and its column, or skip (the card stays face up)."
        ),
        skip_menu=N_("Play no polar bear now"),
        skipped="to place the polar bear",
    ),
    FrameRule(
        Frame.UNDERTOW,
        "undertow",
        _undertow,
        _do_undertow,
        mechanic="undertow",
        needs=N_("move an opposing card to another column on its side ({eq})"),
        prompt=N_("{eq}: move an opposing card to another column on its side."),
    ),
    FrameRule(
        Frame.ENCORE,
        "encore",
        _encore,
        _do_encore,
        mechanic="encore",
        needs=N_("choose one of your cards whose effect can act, to resolve it again ({eq})"),
        prompt=N_("{eq}: choose one of your cards whose effect resolves once more."),
    ),
)
assert [r.frame for r in _RULES] == list(Frame), "one record per frame, in Frame order"
RULES: Final[tuple[FrameRule, ...]] = _RULES  # ``Final``: compiled code reads a C static
"""The record of each frame, indexed by ``Frame``."""
BY_SLUG = {r.slug: r for r in RULES}
