"""River Trek actions: small immutable values, their text notation and the fixed id space.

Spaces are written as their path index (0 = the Dock), trading-post areas as their area index
(shown by ``view``/``render``), colours as seat numbers (Stanley's colour is 2 in a two-player
game). Every action object is built once at import; ``legal_actions`` returns these objects.

Notation::

    place S            put a new explorer on space S (setup and step 3; also Stanley's in setup)
    post A             put a trading post from your hand into area A
    movepost A B       move one of your posts from area A to area B
    skip               decline the optional trading-post step
    move S             move the caravan on space S upstream (step 2)
    moveback S         move it downstream instead (Peccary)
    drop | boa | frog  the next drop of a caravan move: plain, Emerald Tree Boa (two here), Tree Frog (jump)
    drop all           every remaining drop of this caravan move plain: no Boa or Tree Frog this move
    jaguar S T         Jaguar: your top explorer on S onto the caravan on T
    otter S T          Otter: swap the caravans on crossings S and T
    capybara S         Capybara: restack the caravan on S ...
    restack C          ... choosing colour C as the next explorer from the bottom
    monkey             Monkey: place up to two extra posts, then move posts ...
    done               ... and finish using the Monkey
    dog S up|down      Bush Dog: step your lone explorer on S one space
    end                end your turn (when there is still something you could do)
    tile S             setup with animal_shift=choose: seat 0 puts a shifted animal tile on S (RT-18)
"""

from __future__ import annotations

import difflib
from enum import IntEnum
from typing import Final, NamedTuple

from riverbox.core.errors import NotationError
from riverbox.core.i18n import Message, message
from riverbox.games.river_trek.content import max_areas, max_path_length

MAX_SPACES: Final = max_path_length()
MAX_AREAS: Final = max_areas()
MAX_COLOURS: Final = 4

DOMAIN = "river_trek"
"""River Trek's message catalog (``riverbox.core.i18n``), named here, at the bottom of the
package, so the rules' refusals and the narration both read it without importing each other."""


class Kind(IntEnum):
    """What an action does; the notation word is ``WORDS[kind]``. The values are fixed: they
    order the action ids that records and saved states use."""

    PLACE = 0
    POST = 1
    MOVEPOST = 2
    SKIP = 3
    MOVE = 4
    MOVEBACK = 5
    DROP = 6
    BOA = 7
    FROG = 8
    JAGUAR = 9
    OTTER = 10
    CAPYBARA = 11
    RESTACK = 12
    MONKEY = 13
    DONE = 14
    DOG = 15
    END = 16
    TILE = 17
    DROPALL = 18


WORDS: Final = (
    "place",
    "post",
    "movepost",
    "skip",
    "move",
    "moveback",
    "drop",
    "boa",
    "frog",
    "jaguar",
    "otter",
    "capybara",
    "restack",
    "monkey",
    "done",
    "dog",
    "end",
    "tile",
    "drop all",
)
_WORD_KIND = {w: Kind(k) for k, w in enumerate(WORDS)}


class TrekAction(NamedTuple):
    """One River Trek action: a kind and up to two numbers (``-1`` when unused).

    ``at`` is where the action acts: the space of ``place``, ``move``, ``moveback``, ``capybara``,
    ``tile`` and the first space of ``jaguar``, ``otter``, ``dog``; the area of ``post`` and the
    area a ``movepost`` takes from; the colour of ``restack`` (also named ``colour``).
    ``to`` is where it goes: the area of ``movepost``, the space of ``jaguar`` and ``otter``; for
    ``dog`` the step, +1 upstream or -1 downstream (also named ``step``).
    A named tuple, so equality and hashing run at C speed in the legality check.
    """

    kind: int
    at: int = -1
    to: int = -1

    @property
    def colour(self) -> int:
        """The colour a ``restack`` puts next."""
        return self.at

    @property
    def step(self) -> int:
        """The Bush Dog's step: +1 upstream, -1 downstream."""
        return self.to

    def __str__(self) -> str:
        word = WORDS[self.kind]
        if self.kind == Kind.DOG:
            return f"dog {self.at} {'up' if self.to > 0 else 'down'}"
        if self.at < 0:
            return word
        if self.to < 0:
            return f"{word} {self.at}"
        return f"{word} {self.at} {self.to}"

    def __repr__(self) -> str:
        return f"TrekAction({self})"


def _build() -> list[TrekAction]:
    acts: list[TrekAction] = []
    acts += [TrekAction(Kind.PLACE, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(Kind.POST, a) for a in range(MAX_AREAS)]
    acts += [TrekAction(Kind.MOVEPOST, a, b) for a in range(MAX_AREAS) for b in range(MAX_AREAS) if a != b]
    acts += [TrekAction(Kind.SKIP)]
    acts += [TrekAction(Kind.MOVE, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(Kind.MOVEBACK, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(Kind.DROP), TrekAction(Kind.BOA), TrekAction(Kind.FROG)]
    acts += [TrekAction(Kind.JAGUAR, s, t) for s in range(MAX_SPACES) for t in range(MAX_SPACES) if s != t]
    acts += [TrekAction(Kind.OTTER, s, t) for s in range(MAX_SPACES) for t in range(MAX_SPACES) if s < t]
    acts += [TrekAction(Kind.CAPYBARA, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(Kind.RESTACK, c) for c in range(MAX_COLOURS)]
    acts += [TrekAction(Kind.MONKEY), TrekAction(Kind.DONE)]
    acts += [TrekAction(Kind.DOG, s, d) for s in range(MAX_SPACES) for d in (1, -1)]
    acts += [TrekAction(Kind.END)]
    acts += [TrekAction(Kind.TILE, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(Kind.DROPALL)]  # added last: the ids of every older action stay the same
    # each kind as a plain int, not the ``Kind`` member: the rules look kinds up and compare them
    # at every step, which the interpreter does fastest for exact ints (equal and hashed alike)
    return [TrekAction(int(a.kind), a.at, a.to) for a in acts]


ALL_ACTIONS: Final[tuple[TrekAction, ...]] = tuple(_build())
NUM_ACTION_IDS: Final = len(ALL_ACTIONS)
_BY_TEXT: dict[str, TrekAction] = {str(a): a for a in ALL_ACTIONS}

# Pre-built lookups used by the rules (no allocation in the hot loop).
A_PLACE: Final = tuple(a for a in ALL_ACTIONS if a.kind == Kind.PLACE)
A_POST: Final = tuple(a for a in ALL_ACTIONS if a.kind == Kind.POST)
A_MOVE: Final = tuple(a for a in ALL_ACTIONS if a.kind == Kind.MOVE)
A_MOVEBACK: Final = tuple(a for a in ALL_ACTIONS if a.kind == Kind.MOVEBACK)
A_CAPYBARA: Final = tuple(a for a in ALL_ACTIONS if a.kind == Kind.CAPYBARA)
A_RESTACK: Final = tuple(a for a in ALL_ACTIONS if a.kind == Kind.RESTACK)
A_MOVEPOST: Final = {(a.at, a.to): a for a in ALL_ACTIONS if a.kind == Kind.MOVEPOST}
MOVEPOST_FROM: Final = tuple(
    tuple(A_MOVEPOST.get((a, b)) for b in range(MAX_AREAS)) for a in range(MAX_AREAS)
)
"""``MOVEPOST_FROM[a][b]``: ``movepost a b`` (``None`` when a == b), read without building a key."""

A_JAGUAR: Final = {(a.at, a.to): a for a in ALL_ACTIONS if a.kind == Kind.JAGUAR}
JAGUAR_FROM: Final = tuple(tuple(A_JAGUAR.get((s, t)) for t in range(MAX_SPACES)) for s in range(MAX_SPACES))
A_OTTER: Final = {(a.at, a.to): a for a in ALL_ACTIONS if a.kind == Kind.OTTER}
A_DOG: Final = {(a.at, a.to): a for a in ALL_ACTIONS if a.kind == Kind.DOG}
A_TILE: Final = tuple(a for a in ALL_ACTIONS if a.kind == Kind.TILE)


def _canonical(kind: Kind) -> TrekAction:
    """The pre-built instance of an action without numbers (the legality check finds it by equality,
    but one shared object is what the rules hand out)."""
    return _BY_TEXT[str(TrekAction(kind))]


A_SKIP: Final = _canonical(Kind.SKIP)
A_DROP: Final = _canonical(Kind.DROP)
A_DROPALL: Final = _canonical(Kind.DROPALL)
A_BOA: Final = _canonical(Kind.BOA)
A_FROG: Final = _canonical(Kind.FROG)
A_MONKEY: Final = _canonical(Kind.MONKEY)
A_DONE: Final = _canonical(Kind.DONE)
A_END: Final = _canonical(Kind.END)

_USAGE = message(
    DOMAIN,
    "expected one of: place S | post A | movepost A B | skip | move S | moveback S | drop | drop all | "
    "boa | frog | jaguar S T | otter S T | capybara S | restack C | monkey | done | dog S up|down | end | "
    "tile S (S, T spaces; A, B trading-post areas; C a colour number)",
)


def parse(text: str) -> TrekAction:
    """The action written as ``text``; :class:`NotationError` with the notation if it is not one."""
    if not isinstance(text, str):
        raise NotationError(
            message(DOMAIN, "river-trek: an action is text, not {kind}", kind=type(text).__name__)
        )
    norm = " ".join(text.strip().lower().split())
    hit = _BY_TEXT.get(norm)
    if hit is not None:
        return hit
    words = norm.split()
    if not words:
        raise NotationError(message(DOMAIN, "river-trek: empty action; {usage}", usage=_USAGE))
    if words[0] not in _WORD_KIND:
        close = difflib.get_close_matches(words[0], WORDS, n=1)
        hint = message(DOMAIN, " (did you mean {word}?)", word=repr(close[0])) if close else ""
        raise NotationError(
            message(
                DOMAIN,
                "river-trek: unknown action word {word}{hint}; {usage}",
                word=repr(words[0]),
                hint=hint,
                usage=_USAGE,
            )
        )
    if words[0] == "otter" and len(words) == 3 and all(w.isdigit() for w in words[1:]):
        s, t = int(words[1]), int(words[2])
        if s > t and (t, s) in A_OTTER:
            return A_OTTER[(t, s)]
    if words[0] == "otter" and len(words) == 3 and words[1] == words[2]:
        raise NotationError(message(DOMAIN, "river-trek: the Otter swaps two different crossings"))
    raise NotationError(
        message(
            DOMAIN, "river-trek: {text}: {problem}", text=repr(text.strip()), problem=_what_is_wrong(words)
        )
    )


_ARGS = {
    "place": ("space",),
    "post": ("area",),
    "movepost": ("area", "area"),
    "move": ("space",),
    "moveback": ("space",),
    "jaguar": ("space", "space"),
    "otter": ("space", "space"),
    "capybara": ("space",),
    "restack": ("colour",),
    "dog": ("space", "up|down"),
    "tile": ("space",),
}
_RANGES = {"space": MAX_SPACES, "area": MAX_AREAS, "colour": MAX_COLOURS}


def _what_is_wrong(words: list[str]) -> Message:
    """The specific problem with a known action word and bad arguments."""
    word, args = words[0], words[1:]
    want = _ARGS.get(word, ())
    form = " ".join([word, *(w.upper() if w != "up|down" else w for w in want)])
    if len(args) != len(want):
        n = len(want)
        if not n:
            return message(DOMAIN, "'{word}' takes nothing more: write it as {form}", word=word, form=form)
        if n == 1:
            return message(DOMAIN, "'{word}' takes 1 argument: write it as {form}", word=word, form=form)
        return message(DOMAIN, "'{word}' takes {n} arguments: write it as {form}", word=word, n=n, form=form)
    for arg, kind in zip(args, want, strict=True):
        if kind == "up|down":
            if arg not in ("up", "down"):
                return message(
                    DOMAIN,
                    "the Bush Dog steps 'up' or 'down', not {arg}: write it as {form}",
                    arg=repr(arg),
                    form=form,
                )
            continue
        if not arg.isdigit():
            return message(
                DOMAIN,
                "{arg} is not a {kind} number: write it as {form}",
                arg=repr(arg),
                kind=_KIND_NAMES[kind],
                form=form,
            )
        if int(arg) >= _RANGES[kind]:
            top = _RANGES[kind] - 1
            name = _KIND_NAMES[kind]
            if kind == "colour":
                return message(
                    DOMAIN,
                    "{kind} {arg} does not exist (at most {top}): write it as {form}",
                    kind=name,
                    arg=arg,
                    top=top,
                    form=form,
                )
            return message(
                DOMAIN,
                "{kind} {arg} does not exist (at most {top} on any path): write it as {form}",
                kind=name,
                arg=arg,
                top=top,
                form=form,
            )
    if word in ("movepost", "jaguar") and args[0] == args[1]:
        return message(DOMAIN, "'{word}' needs two different {kinds}", word=word, kinds=_KINDS_NAMES[want[0]])
    return message(DOMAIN, "not a valid action; {usage}", usage=_USAGE)


_KIND_NAMES = {
    "space": message(DOMAIN, "space"),
    "area": message(DOMAIN, "area"),
    "colour": message(DOMAIN, "colour"),
}
"""The argument kinds as a reader names them (``space 3`` reads as written in English)."""
_KINDS_NAMES = {"space": message(DOMAIN, "spaces"), "area": message(DOMAIN, "areas")}
