"""The words for Ravenous River: one sentence per event kind, and card titles and texts.

``EVENT_TEXTS`` is the game's ``event_texts`` registry: the rules emit events as data
(``state.py``, ``effects.py``) and these functions say them in plain words. A private event
(what a seat saw, its own vote or totems) is addressed to that seat in the first person; the
public counterpart names the seat and nothing hidden. Sentences carry no ruling ids.
"""

from __future__ import annotations

from typing import Any

from riverbox.core.events import EventText
from riverbox.core.i18n import N_, gettext, translator
from riverbox.core.text import player_text
from riverbox.games.ravenous_river.content import CARD_INDEX, CARDS
from riverbox.games.ravenous_river.scoring import ANIMALS as _ANIMALS
from riverbox.games.ravenous_river.scoring import ScoreStep, score_round

DOMAIN = "ravenous_river"
"""The game's message domain (``riverbox/locale/<lang>/LC_MESSAGES/ravenous_river.po``)."""

ANIMAL_WORDS = (N_("lion"), N_("bull"), N_("horse"), N_("hound"), N_("fox"), N_("cat"), N_("mouse"))
"""The seven animals as sentences name them (the same ids as ``scoring.ANIMALS``), marked for translation."""
ANIMAL_MARKS = {
    "lion": N_("Li"),
    "bull": N_("Bu"),
    "horse": N_("Ho"),
    "hound": N_("Hd"),
    "fox": N_("Fx"),
    "cat": N_("Ca"),
    "mouse": N_("Ms"),
}
"""Each animal's mark on a token: distinct in every language (horse and hound both start "Ho")."""
_PLACEHOLDER = {k.name for k in CARDS if k.placeholder}
_TITLE = {k.name: k.title for k in CARDS}
"""Card titles for menus and logs; ``*`` marks a PLACEHOLDER card (not the published list)."""
_PLAIN = [player_text(k.text) for k in CARDS]
"""Card texts for players, without the ruling ids the data file cites."""
WHERE = (N_("the bank"), N_("boat 1"), N_("boat 2"))
"""Place and Move destinations in words, by destination number."""


def animal_word(name: str, lang: str = "en") -> str:
    """An animal's name in ``lang`` (the English name is the id)."""
    return gettext(DOMAIN, lang, name)


def animal_mark(name: str, lang: str = "en") -> str:
    """An animal's short mark in ``lang``, as its token shows it."""
    return gettext(DOMAIN, lang, ANIMAL_MARKS[name])


def where_word(dest: int, lang: str = "en") -> str:
    """A Place or Move destination in ``lang``."""
    return gettext(DOMAIN, lang, WHERE[dest])


def card_title(name: str, lang: str = "en") -> str:
    """A card's title as players read it (``*`` marks placeholder content)."""
    title = _TITLE.get(name)
    if title is None:
        return name
    return gettext(DOMAIN, lang, title) + ("*" if name in _PLACEHOLDER else "")


def card_text(name: str, lang: str = "en") -> str:
    """A card's text as a player reads it (the data file's ruling ids left out)."""
    return gettext(DOMAIN, lang, _PLAIN[CARD_INDEX[name]])


def _animals(names: list[str], lang: str, sep: str = ", ") -> str:
    return gettext(DOMAIN, lang, sep).join(animal_word(a, lang) for a in names)


def _owned(animal: str, owner: int | None, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    if owner is not None:
        return _("{animal} (seat {seat})").format(animal=animal_word(animal, lang), seat=owner)
    return _("{animal} (nobody's)").format(animal=animal_word(animal, lang))


def _dealt(e: dict[str, Any], lang: str = "en") -> str:
    _ = translator(DOMAIN, lang)
    titles = _(", ").join(card_title(c, lang) for c in e["cards"])
    if e["keep"]:  # 2 players: three drawn, two to keep
        return _("You (seat {seat}) draw the totems {totems} (keep two); cards: {cards}.").format(
            seat=e["seat"], totems=_animals(e["totems"], lang), cards=titles
        )
    return _("You (seat {seat}) get the {totems} as your totem; cards: {cards}.").format(
        seat=e["seat"], totems=_animals(e["totems"], lang, " "), cards=titles
    )


def _peeked(e: dict[str, Any], lang: str = "en") -> str:
    _ = translator(DOMAIN, lang)
    slots = e["slots"]
    if len(slots) == 2:
        return _("seat {seat} looks secretly at row slots {first} and {second}.").format(
            seat=e["seat"], first=slots[0] + 1, second=slots[1] + 1
        )
    return _("seat {seat} looks secretly at row slot {slot}.").format(seat=e["seat"], slot=slots[0] + 1)


def _vote_word(end: bool, lang: str) -> str:
    return gettext(DOMAIN, lang, "END") if end else gettext(DOMAIN, lang, "CONTINUE")


def _vote_result(e: dict[str, Any], lang: str = "en") -> str:
    """Every seat's choice, the tally and what happens; a tie goes on (RR-19)."""
    _ = translator(DOMAIN, lang)
    ends = e["ends"]
    each = _(", ").join(
        _("seat {seat} {vote}").format(seat=s, vote=_vote_word(end, lang)) for s, end in enumerate(ends)
    )
    yes = sum(ends)
    no = len(ends) - yes
    outcome = _("the round ends") if e["passed"] else _("play continues")
    tie = _(" (a tie: play goes on)") if yes == no else ""
    return _("Votes revealed: {each}. {yes} end, {no} continue: {outcome}{tie}.").format(
        each=each, yes=yes, no=no, outcome=outcome, tie=tie
    )


def _positions(e: dict[str, Any], lang: str = "en") -> str:
    _ = translator(DOMAIN, lang)

    def group(xs: list[str]) -> str:
        return _animals(xs, lang, " ") if xs else _("nothing")

    parts = [_("bank {animals}").format(animals=group(e["bank"]))]
    for b, status in enumerate(e["status"]):
        state = {"sailed": _(" (sailed early)"), "sunk": _(" (sunk)")}.get(status, "")
        parts.append(
            _("boat {boat}{state} {animals}").format(boat=b + 1, state=state, animals=group(e["boats"][b]))
        )
    if e["row"]:
        parts.append(_("still in the row {animals}").format(animals=group(e["row"])))
    return _("At the end: {parts}.").format(parts=_("; ").join(parts))


_WHY_ENDED = {"hands": N_("every hand is empty"), "vote": N_("the vote to end passed")}
_STEP = {"bank": N_("On the bank"), "boat1": N_("In boat 1"), "boat2": N_("In boat 2"), "home": N_("At home")}


def _round_scored(e: dict[str, Any], lang: str = "en") -> str:
    """The end-of-round report, one sentence a line: why it ended, the totems, where the animals
    stood, who ate whom at each step with the points, the survivors, and what each seat scored."""
    _ = translator(DOMAIN, lang)
    sep = _(", ")
    owner = {a: s for s, ts in enumerate(e["totems"]) for a in ts}

    def who(animal: str) -> str:
        return _owned(animal, owner.get(animal), lang)

    crossing = [None if e["status"][b] == "sunk" else e["boats"][b] for b in (0, 1)]
    steps: list[ScoreStep] = []
    score_round(e["bank"], crossing, e["row"], steps)
    totems = sep.join(
        _("seat {seat} {totems}").format(seat=s, totems=_animals(ts, lang, " + "))
        for s, ts in enumerate(e["totems"])
    )
    lines = [
        _("Round {round} ends: {why}.").format(round=e["round"], why=_(_WHY_ENDED[e["how"]])),
        _("Totems: {totems}.").format(totems=totems),
        _positions(e, lang),
    ]
    for step, title in _STEP.items():
        eaten = [
            _("{eater} eats {eaten}").format(eater=animal_word(a, lang), eaten=animal_word(_ANIMALS[v], lang))
            for (s, k, a, v) in steps
            if s == step and k == "eats"
        ]
        if eaten:
            points = [f"{who(a)} +{v}" for (s, k, a, v) in steps if s == step and k == "chain"]
            lines.append(
                _("{where}: {eaten}; {points}.").format(
                    where=_(title), eaten=sep.join(eaten), points=sep.join(points)
                )
            )
    for value, place in (
        (1, _("Survivors on the bank, +1 each: {animals}.")),
        (2, _("Survivors at home, +2 each: {animals}.")),
    ):
        alive = [who(a) for (s, k, a, v) in steps if k == "survives" and v == value]
        if alive:
            lines.append(place.format(animals=sep.join(alive)))
    stayed = [f"{who(a)} +1" for (s, k, a, v) in steps if k == "row"]
    if stayed:
        lines.append(
            _("Still in the row (out of the food chain): {animals}.").format(animals=sep.join(stayed))
        )
    each = (
        _("seat {seat} +{gain} (total {total})").format(seat=s, gain=g, total=t)
        for s, (g, t) in enumerate(zip(e["gains"], e["scores"], strict=True))
    )
    lines.append(_("Scored: {each}.").format(each=sep.join(each)))
    return "\n".join(lines)


def _say(template: str, **words: Any) -> EventText:
    """An event sentence from a template whose fields are filled from the event; ``words`` turns
    fields into words of the reader's language (``slot`` numbers count from 1 for players)."""

    def text(e: dict[str, Any], lang: str) -> str:
        fields = dict(e)
        for key, word in words.items():
            fields[key] = word(e, lang)
        return gettext(DOMAIN, lang, template).format(**fields)

    return text


def _animal(key: str) -> Any:
    return lambda e, lang: animal_word(e[key], lang)


def _card(e: dict[str, Any], lang: str) -> str:
    return card_title(e["card"], lang)


def _dest(e: dict[str, Any], lang: str) -> str:
    return where_word(e["dest"], lang)


def _slot(e: dict[str, Any], lang: str) -> int:
    return int(e["slot"]) + 1


def _boat(e: dict[str, Any], lang: str) -> int:
    return int(e["boat"]) + 1


def _kept_own(e: dict[str, Any], lang: str) -> str:
    return gettext(DOMAIN, lang, "You (seat {seat}) keep the {first} and the {second} as totems.").format(
        seat=e["seat"], first=animal_word(e["totems"][0], lang), second=animal_word(e["totems"][1], lang)
    )


def _voted_own(e: dict[str, Any], lang: str) -> str:
    return gettext(DOMAIN, lang, "You (seat {seat}) vote {vote}.").format(
        seat=e["seat"], vote=_vote_word(e["end"], lang)
    )


EVENT_TEXTS: dict[str, EventText] = {
    "first": N_("Seat {seat} goes first."),
    "new_round": N_("A new round: a fresh face-down row of all seven animals; cards and totems are dealt."),
    "dealt": _dealt,
    "kept": N_("seat {seat} keeps two of the three totems drawn (secret until the end-of-round reveal)."),
    "kept_own": _kept_own,
    "looked": _say(N_("seat {seat} takes row slot {slot} and looks at it."), slot=_slot),
    "saw": _say(N_("You see: row{slot} is {animal}."), slot=_slot, animal=_animal("animal")),
    "shown": _say(N_("Revealed: row{slot} is {animal}."), slot=_slot, animal=_animal("animal")),
    "placed": _say(
        N_("seat {seat} puts the {animal} face up on {dest}."), animal=_animal("animal"), dest=_dest
    ),
    "returned": _say(N_("seat {seat} discards {card} and returns it face down."), card=_card),
    "moved": _say(
        N_("seat {seat} discards {card} to move the {animal} to {dest}."),
        card=_card,
        animal=_animal("animal"),
        dest=_dest,
    ),
    "discarded": _say(N_("seat {seat} discards {card} without effect."), card=_card),
    "played": _say(N_("seat {seat} plays {card}."), card=_card),
    "sailed": _say(N_("seat {seat} sends boat {boat} home early; it is frozen until scoring."), boat=_boat),
    "sank": _say(N_("seat {seat} sinks the empty boat {boat}."), boat=_boat),
    "capsized": _say(N_("seat {seat} tips every animal of boat {boat} onto the bank."), boat=_boat),
    "swapped_row": _say(
        N_("seat {seat} swaps the {animal} with the face-up animal in row slot {slot}."),
        animal=_animal("animal"),
        slot=_slot,
    ),
    "swapped_boats": _say(
        N_("seat {seat} swaps the {animal} (boat 1) with the {other} (boat 2)."),
        animal=_animal("animal"),
        other=_animal("other"),
    ),
    "washed": _say(
        N_("seat {seat} washes the {animal} from the bank back into the row, face up."),
        animal=_animal("animal"),
    ),
    "peeked": _peeked,
    "turned_up": _say(N_("seat {seat} turns row slot {slot} face up."), slot=_slot),
    "skipped": N_("seat {seat} turns nothing face up."),
    "passed": N_("Seat {seat} cannot act: no cards and an empty row."),
    "voted": N_("seat {seat} has voted in secret."),
    "voted_own": _voted_own,
    "vote_result": _vote_result,
    "round_scored": _round_scored,
    "won": N_("Seat {seat} wins with {vp} VP: {target}+ and strictly the most."),
    "no_winner": N_("Nobody has {target}+ VP and strictly the most: a new round starts."),
}
"""Event kind -> its sentence (a ``str.format`` template or a function of the event)."""
