"""Events as data: what happened in a game, who may know it, and the words for it.

Rules call ``state.emit(kind, **args)`` as they resolve an action; each event records a kind,
JSON-ready arguments and its audience:

* everyone (the default): a public fact, in every seat's log and the spectators' log;
* ``to=seat``: a private fact for that seat alone (the card it drew, what it peeked at);
* ``but=seat``: everyone except that seat, spectators included (rare: a fact the seat
  itself must not learn).

``state.log(seat)`` returns the events a seat may see, in order, as dicts with ``"kind"``
first; ``state.log(None)`` the public ones. ``game.describe_event(event, lang)`` turns one
into a sentence, from the game's ``event_texts`` registry. The terminal log, ``replay``,
round reports and the server read only these, so hidden information has one gate.

Why a separate stream next to ``history``: the history is what replays the game (actions
and chance outcomes in notation); events are what players are told, in plain words and with
the audience decided by the rule that produced them, where the rule knows who saw what.
An event never carries what its audience may not know: the rule that emits it chooses.

How a state stores them (a hot path: one to three events per step of every playout): ``emit``
keeps the plain tuple ``(kind, args, to, but)`` with its keyword dict as ``args`` and builds
nothing else; ``emit_event`` keeps what it is given as it is: a ``fields_event`` tuple
``(kind, values, to, but, names)``, the values in a tuple and the field names a constant of the
game (no dict at all until ``log`` is read: a keyword call and its dict cost about three times as
much as the tuple), or an :class:`Event` (a named tuple of the four fields, ``args`` as pairs).
All three are a :data:`Stored` event, read by the functions below, which give the same dicts,
JSON and :class:`Event` for the same fields whichever way they were told; an :class:`Event` is
made only for the rare caller that asks (``state.events``, equality checks). A stored event is
never changed in place: clones share them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from riverbox.core.checks import describe, is_seat
from riverbox.core.i18n import gettext

EventText = str | Callable[[dict[str, Any], str], str]
"""How an event kind reads: a ``str.format`` template over the event's fields (translated in
the game's message domain before it is filled), or a function of the event dict and the
reader's language for sentences that need more than filling in fields."""


class Event(NamedTuple):
    """One thing that happened, for one audience. Immutable once emitted.

    A named tuple rather than a frozen dataclass: rules emit one or two events per action in
    the playout hot loop, and a frozen dataclass costs about three times as much to build.
    """

    kind: str
    args: tuple[tuple[str, Any], ...]
    to: int | None = None
    but: int | None = None

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may be told this event."""
        return stored_seen_by(self, seat)

    def as_dict(self) -> dict[str, Any]:
        """The event as the log gives it: ``{"kind": ..., **args}`` (a fresh dict)."""
        return stored_as_dict(self)

    def to_json(self) -> list[Any]:
        return stored_to_json(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Pickled by its fields: the compiled class cannot be rebuilt field by field (it is frozen).
        return Event, (self.kind, self.args, self.to, self.but)


Stored = tuple[Any, ...]
"""An event as a state keeps it: ``(kind, args, to, but)``, ``args`` a dict or ``(name, value)``
pairs, or ``(kind, values, to, but, names)``, the fields as two tuples in the same order."""


def fields_event(
    kind: str, names: tuple[str, ...], values: tuple[Any, ...], to: int | None = None, but: int | None = None
) -> Stored:
    """The stored tuple ``State.emit_event`` keeps for ``emit(kind, to, but, **dict(zip(names, values)))``.

    For a game's hot loop: ``names`` is a constant of the game (the kind's fields, in the order the
    log gives them) and ``values`` a tuple in the same order, so telling builds one tuple and no
    keyword dict; the log, JSON and ``events`` read exactly what ``emit`` with those keywords gives.
    A game may also keep such tuples ready-made in a table and hand them to ``emit_event`` as they are.
    """
    return (kind, values, to, but, names)


def _stored_args(event: Stored) -> Any:
    """The stored ``event``'s fields in a form ``dict`` and ``dict.update`` read, in order."""
    if len(event) == 5:
        return zip(event[4], event[1], strict=True)
    return event[1]


def stored_seen_by(event: Stored, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) may be told the stored ``event`` (as ``Event.seen_by``)."""
    to = event[2]
    if to is not None:
        return seat == to
    but = event[3]
    return but is None or seat != but


def stored_as_dict(event: Stored) -> dict[str, Any]:
    """The stored ``event`` as the log gives it: ``{"kind": ..., **args}`` (a fresh dict)."""
    out: dict[str, Any] = {"kind": event[0]}
    out.update(_stored_args(event))  # a dict, or (name, value) pairs: ``update`` takes both
    return out


def stored_to_json(event: Stored) -> list[Any]:
    """The stored ``event`` as JSON ``[kind, args, to, but]`` (``args`` a fresh dict)."""
    return [event[0], dict(_stored_args(event)), event[2], event[3]]


def as_event(event: Stored) -> Event:
    """The stored ``event`` as an :class:`Event` (itself when it is one)."""
    if isinstance(event, Event):
        return event
    args = _stored_args(event)
    return Event(event[0], tuple(args.items()) if isinstance(args, dict) else tuple(args), event[2], event[3])


def event_from_json(item: Any, players: int) -> Event:
    """An :class:`Event` from its JSON ``[kind, args, to, but]`` (``ValueError`` if malformed)."""
    if not (isinstance(item, list) and len(item) == 4):
        raise ValueError(f"{describe(item)} is not an event [kind, args, to, but]")
    kind, args, to, but = item
    if not isinstance(kind, str) or not kind:
        raise ValueError(f"event kind {describe(kind)} is not a name")
    if not isinstance(args, dict) or not all(isinstance(k, str) and k != "kind" for k in args):
        raise ValueError(f"event arguments {describe(args)} are not named fields")
    for who in (to, but):
        if who is not None and not is_seat(who, players):
            raise ValueError(f"event audience {describe(who)} is not a seat")
    if to is not None and but is not None:
        raise ValueError("an event is for one seat or for all but one, not both")
    return Event(kind, tuple(args.items()), to, but)


def describe_with(
    texts: Mapping[str, EventText],
    game_name: str,
    event: Mapping[str, Any],
    domain: str = "riverbox",
    lang: str = "en",
) -> str:
    """Fill in the registry entry for ``event``'s kind in ``lang`` (``ValueError`` for an unknown kind)."""
    if not isinstance(event, Mapping) or not isinstance(event.get("kind"), str):
        raise ValueError(f"{game_name}: {describe(event)} is not an event (a dict with a 'kind')")
    kind = event["kind"]
    text = texts.get(kind)
    if text is None:
        raise ValueError(f"{game_name}: no words for event kind {kind!r}")
    fields = dict(event)
    if callable(text):
        return text(fields, lang)
    try:
        return gettext(domain, lang, text).format(**fields)
    except (KeyError, IndexError, ValueError) as exc:
        raise ValueError(f"{game_name}: event {kind!r} lacks a field its sentence needs ({exc})") from None


__all__ = [
    "Event",
    "EventText",
    "Stored",
    "as_event",
    "describe_with",
    "event_from_json",
    "stored_as_dict",
    "stored_seen_by",
    "stored_to_json",
]
