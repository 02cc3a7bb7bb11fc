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
from typing import NamedTuple

from riverbox.games.river_trek.board import max_areas, max_path_length

MAX_SPACES = max_path_length()
MAX_AREAS = max_areas()
MAX_COLOURS = 4

# Kinds of actions (ints; the notation word is KIND_WORDS[kind]).
PLACE, POST, MOVEPOST, SKIP, MOVE, MOVEBACK, DROP, BOA, FROG = 0, 1, 2, 3, 4, 5, 6, 7, 8
JAGUAR, OTTER, CAPYBARA, RESTACK, MONKEY, DONE, DOG, END, TILE = 9, 10, 11, 12, 13, 14, 15, 16, 17
DROPALL = 18
KIND_WORDS = (
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
_WORD_KIND = {w: k for k, w in enumerate(KIND_WORDS)}


class TrekAction(NamedTuple):
    """One River Trek action: a kind and up to two integer arguments (``-1`` when unused).

    A named tuple, so equality and hashing run at C speed in the legality check.
    """

    kind: int
    a: int = -1
    b: int = -1

    def __str__(self) -> str:
        word = KIND_WORDS[self.kind]
        if self.kind == DOG:
            return f"dog {self.a} {'up' if self.b > 0 else 'down'}"
        if self.a < 0:
            return word
        if self.b < 0:
            return f"{word} {self.a}"
        return f"{word} {self.a} {self.b}"

    def __repr__(self) -> str:
        return f"TrekAction({self})"


def _build() -> list[TrekAction]:
    acts: list[TrekAction] = []
    acts += [TrekAction(PLACE, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(POST, a) for a in range(MAX_AREAS)]
    acts += [TrekAction(MOVEPOST, a, b) for a in range(MAX_AREAS) for b in range(MAX_AREAS) if a != b]
    acts += [TrekAction(SKIP)]
    acts += [TrekAction(MOVE, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(MOVEBACK, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(DROP), TrekAction(BOA), TrekAction(FROG)]
    acts += [TrekAction(JAGUAR, s, t) for s in range(MAX_SPACES) for t in range(MAX_SPACES) if s != t]
    acts += [TrekAction(OTTER, s, t) for s in range(MAX_SPACES) for t in range(MAX_SPACES) if s < t]
    acts += [TrekAction(CAPYBARA, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(RESTACK, c) for c in range(MAX_COLOURS)]
    acts += [TrekAction(MONKEY), TrekAction(DONE)]
    acts += [TrekAction(DOG, s, d) for s in range(MAX_SPACES) for d in (1, -1)]
    acts += [TrekAction(END)]
    acts += [TrekAction(TILE, s) for s in range(MAX_SPACES)]
    acts += [TrekAction(DROPALL)]  # added last: the ids of every older action stay the same
    return acts


ALL_ACTIONS: tuple[TrekAction, ...] = tuple(_build())
ACTION_ID: dict[TrekAction, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
NUM_ACTION_IDS = len(ALL_ACTIONS)
_BY_TEXT: dict[str, TrekAction] = {str(a): a for a in ALL_ACTIONS}

# Pre-built lookups used by the rules (no allocation in the hot loop).
A_PLACE = tuple(a for a in ALL_ACTIONS if a.kind == PLACE)
A_POST = tuple(a for a in ALL_ACTIONS if a.kind == POST)
A_MOVE = tuple(a for a in ALL_ACTIONS if a.kind == MOVE)
A_MOVEBACK = tuple(a for a in ALL_ACTIONS if a.kind == MOVEBACK)
A_CAPYBARA = tuple(a for a in ALL_ACTIONS if a.kind == CAPYBARA)
A_RESTACK = tuple(a for a in ALL_ACTIONS if a.kind == RESTACK)
A_MOVEPOST = {(a.a, a.b): a for a in ALL_ACTIONS if a.kind == MOVEPOST}
A_JAGUAR = {(a.a, a.b): a for a in ALL_ACTIONS if a.kind == JAGUAR}
A_OTTER = {(a.a, a.b): a for a in ALL_ACTIONS if a.kind == OTTER}
A_DOG = {(a.a, a.b): a for a in ALL_ACTIONS if a.kind == DOG}
A_TILE = tuple(a for a in ALL_ACTIONS if a.kind == TILE)
A_SKIP = TrekAction(SKIP)
A_DROP = TrekAction(DROP)
A_DROPALL = TrekAction(DROPALL)
A_BOA = TrekAction(BOA)
A_FROG = TrekAction(FROG)
A_MONKEY = TrekAction(MONKEY)
A_DONE = TrekAction(DONE)
A_END = TrekAction(END)
# Canonical objects (the equal ones above are rebound to the pre-built instances).
A_SKIP, A_DROP, A_DROPALL, A_BOA, A_FROG, A_MONKEY, A_DONE, A_END = (
    ALL_ACTIONS[ACTION_ID[x]] for x in (A_SKIP, A_DROP, A_DROPALL, A_BOA, A_FROG, A_MONKEY, A_DONE, A_END)
)

_USAGE = (
    "expected one of: place S | post A | movepost A B | skip | move S | moveback S | drop | drop all | "
    "boa | frog | jaguar S T | otter S T | capybara S | restack C | monkey | done | dog S up|down | end | "
    "tile S (S, T spaces; A, B trading-post areas; C a colour number)"
)


def parse(text: str) -> TrekAction:
    """The action written as ``text``; ``ValueError`` with the notation if it is not one."""
    if not isinstance(text, str):
        raise ValueError(f"river-trek: an action is text, not {type(text).__name__}")
    norm = " ".join(text.strip().lower().split())
    hit = _BY_TEXT.get(norm)
    if hit is not None:
        return hit
    words = norm.split()
    if not words:
        raise ValueError(f"river-trek: empty action; {_USAGE}")
    if words[0] not in _WORD_KIND:
        close = difflib.get_close_matches(words[0], KIND_WORDS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(f"river-trek: unknown action word {words[0]!r}{hint}; {_USAGE}")
    if words[0] == "otter" and len(words) == 3 and all(w.isdigit() for w in words[1:]):
        s, t = int(words[1]), int(words[2])
        if s > t and (t, s) in A_OTTER:
            return A_OTTER[(t, s)]
    if words[0] == "otter" and len(words) == 3 and words[1] == words[2]:
        raise ValueError("river-trek: the Otter swaps two different crossings")
    raise ValueError(f"river-trek: {text.strip()!r}: {_what_is_wrong(words)}")


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


def _what_is_wrong(words: list[str]) -> str:
    """The specific problem with a known action word and bad arguments."""
    word, args = words[0], words[1:]
    want = _ARGS.get(word, ())
    form = " ".join([word, *(w.upper() if w != "up|down" else w for w in want)])
    if len(args) != len(want):
        n = len(want)
        takes = "takes nothing more" if not n else f"takes {n} argument{'s' if n > 1 else ''}"
        return f"'{word}' {takes}: write it as {form}"
    for arg, kind in zip(args, want, strict=True):
        if kind == "up|down":
            if arg not in ("up", "down"):
                return f"the Bush Dog steps 'up' or 'down', not {arg!r}: write it as {form}"
            continue
        if not arg.isdigit():
            return f"{arg!r} is not a {kind} number: write it as {form}"
        if int(arg) >= _RANGES[kind]:
            top = _RANGES[kind] - 1
            where = "" if kind == "colour" else " on any path"
            return f"{kind} {arg} does not exist (at most {top}{where}): write it as {form}"
    if word in ("movepost", "jaguar") and args[0] == args[1]:
        return f"'{word}' needs two different {want[0]}s"
    return f"not a valid action; {_USAGE}"
