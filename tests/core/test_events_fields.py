"""Events as data and declared state fields, on the toy game (the games use the same core)."""

from __future__ import annotations

import copy

import pytest

import riverbox
from riverbox.core.fields import CUSTOM, GRID, LIST, VALUE, Field, copier, declare
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")


def _played(turns: int = 1) -> riverbox.State:
    game = riverbox.load("toy", players=3, turns=turns)
    state = game.new_state(5)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(state.legal_actions(seat)[0], seat)
    return state


def test_a_private_event_reaches_its_seat_only() -> None:
    state = riverbox.load("toy", players=3).new_state(5)
    for seat in range(3):
        dealt = [e for e in state.log(seat) if e["kind"] == "dealt"]
        assert dealt == [{"kind": "dealt", "card": state.cards[seat]}]  # type: ignore[attr-defined]
    assert [e for e in state.log(None) if e["kind"] == "dealt"] == []


def test_an_event_for_all_but_one_seat_skips_that_seat_only() -> None:
    state = riverbox.load("toy", players=3).new_state(5)
    state.emit("bet", but=1, seat=0)
    assert state.log(1)[-1]["kind"] == "dealt"
    assert state.log(0)[-1] == {"kind": "bet", "seat": 0}
    assert state.log(None)[-1] == {"kind": "bet", "seat": 0}


def test_public_events_read_as_sentences_in_order() -> None:
    state = _played()
    game = state.game
    words = [game.describe_event(e) for e in state.log(None)]
    assert words[:2] == ["Seat 0 bets.", "Seat 1 bets."]
    assert words[-1].startswith("Cards: ")


def test_determinize_keeps_only_what_the_seat_may_see() -> None:
    state = riverbox.load("toy", players=3).new_state(5)
    det = state.determinize(1, 9)
    assert det.log(1) == state.log(1)
    assert det.log(0) == [] and det.log(None) == []


def test_describe_event_refuses_unknown_kinds_and_languages() -> None:
    game = riverbox.load("toy", players=2)
    with pytest.raises(ValueError, match="no words for event kind 'nope'"):
        game.describe_event({"kind": "nope"})
    with pytest.raises(ValueError, match="language 'xx'"):
        game.describe_event({"kind": "bet", "seat": 0}, lang="xx")
    with pytest.raises(ValueError, match="lacks a field"):
        game.describe_event({"kind": "bet"})
    with pytest.raises(ValueError, match="not an event"):
        game.describe_event("bet")  # type: ignore[arg-type]


def test_events_survive_json_and_tampered_events_are_refused() -> None:
    state = _played()
    game = state.game
    doc = state.to_json()
    assert game.state_from_json(copy.deepcopy(doc)).log(2) == state.log(2)
    old = copy.deepcopy(doc)
    del old["events"]  # a document from before events were stored: rebuilt by replay
    assert game.state_from_json(old).log(0) == state.log(0)
    forged = copy.deepcopy(doc)
    forged["events"][0][1]["card"] = 7
    with pytest.raises(ValueError, match="events do not match"):
        game.state_from_json(forged)
    for bad, words in (
        ("x", "events must be a list"),
        ([["k", {}, 9, None]], "audience 9 .int. is not a seat"),
        ([["k", {}, 0, 1]], "not both"),
        ([["", {}, None, None]], "is not a name"),
        ([["k", {"kind": 1}, None, None]], "not named fields"),
    ):
        broken = copy.deepcopy(doc)
        broken["events"] = bad
        with pytest.raises(ValueError, match=words):
            game.state_from_json(broken)


def test_declared_fields_are_type_checked_on_load() -> None:
    state = _played()
    doc = state.to_json()
    for field, value, words in (
        ("turn", True, "holds True"),
        ("bets", [0, "1", 0], "field .bets. holds"),
        ("cards", 3, "is 3 .int., not a list"),
    ):
        broken = copy.deepcopy(doc)
        broken["body"][field] = value
        with pytest.raises(ValueError, match=words):
            state.game.state_from_json(broken)
    broken = copy.deepcopy(doc)
    broken["body"]["extra"] = 1
    del broken["body"]["turn"]
    with pytest.raises(ValueError, match="lacks turn; has unknown extra"):
        state.game.state_from_json(broken)


class _Box:
    a: int
    b: list[int]
    c: list[list[int]]
    d: dict[str, int]


def test_generated_copy_shares_nothing_mutable() -> None:
    fields = declare(a=VALUE, b=LIST, c=GRID, d=Field(CUSTOM, copy=dict, dump=dict, load=dict))
    src, dst = _Box(), _Box()
    src.a, src.b, src.c, src.d = 1, [1, 2], [[3], [4]], {"x": 1}
    copier(_Box, fields)(src, dst)
    src.b.append(9)
    src.c[0].append(9)
    src.d["y"] = 2
    assert (dst.a, dst.b, dst.c, dst.d) == (1, [1, 2], [[3], [4]], {"x": 1})
    with pytest.raises(TypeError, match="CUSTOM field needs"):
        declare(e=CUSTOM)


def test_an_event_is_immutable_and_compares_by_its_fields() -> None:
    # Events are shared between a state and its clones, so they must never change in place.
    from riverbox.core.events import Event

    e = Event("played", (("seat", 0),), None, 1)
    assert e == Event("played", (("seat", 0),), None, 1) != Event("played", (("seat", 1),), None, 1)
    with pytest.raises(AttributeError):
        e.kind = "other"  # type: ignore[misc]
    assert e.seen_by(0) and not e.seen_by(1) and e.seen_by(None)


def test_an_event_is_an_immutable_named_tuple_that_pickles() -> None:
    """Events are named tuples (cheap to build in the rules' hot loop); they pickle and cannot be
    changed once emitted."""
    import pickle

    from riverbox.core.events import Event, event_from_json

    event = Event("drop", (("who", "green"), ("space", 3)), to=1)
    assert pickle.loads(pickle.dumps(event)) == event
    assert event_from_json(event.to_json(), 2) == event
    assert event.as_dict() == {"kind": "drop", "who": "green", "space": 3}
    with pytest.raises(AttributeError):
        event.kind = "other"  # type: ignore[misc]


def test_events_read_back_as_values_and_cannot_be_appended_to() -> None:
    # emit stores its keywords as they are; state.events gives Event values, log gives dicts.
    from riverbox.core.events import Event

    state = riverbox.load("toy", players=3).new_state(5)
    state.emit("bet", but=1, seat=0)
    state.emit_event(Event("bet", (("seat", 2),), 2))
    assert state.events[-2:] == (Event("bet", (("seat", 0),), None, 1), Event("bet", (("seat", 2),), 2))
    assert state.log(2)[-2:] == [{"kind": "bet", "seat": 0}, {"kind": "bet", "seat": 2}]
    assert state.log(1)[-1]["kind"] == "dealt" and state.log(None)[-1] == {"kind": "bet", "seat": 0}
    with pytest.raises(AttributeError):
        state.events.append(Event("lost", ()))  # type: ignore[attr-defined]
    doc = state.to_json()
    assert doc["events"][-2:] == [["bet", {"seat": 0}, None, 1], ["bet", {"seat": 2}, 2, None]]
    state.events = (Event("only", (("n", 1),)),)
    assert state.log(None) == [{"kind": "only", "n": 1}]


def test_a_fields_event_reads_as_the_same_keywords_given_to_emit() -> None:
    # fields_event keeps its values and the kind's field names as two tuples (a hot-loop form,
    # told with emit_event); the log, the JSON, the Event values and a determinized copy read
    # what emit would give.
    from riverbox.core.events import Event, fields_event

    told = riverbox.load("toy", players=3).new_state(5)
    keyed = riverbox.load("toy", players=3).new_state(5)
    names = ("seat", "chips")
    told.emit_event(fields_event("bet", names, (0, 3)))
    told.emit_event(fields_event("bet", names, (2, 1), to=2))
    told.emit_event(fields_event("bet", names, (1, 4), but=1))
    keyed.emit("bet", seat=0, chips=3)
    keyed.emit("bet", to=2, seat=2, chips=1)
    keyed.emit("bet", but=1, seat=1, chips=4)
    assert told.events == keyed.events
    assert told.events[-3] == Event("bet", (("seat", 0), ("chips", 3)))
    for seat in (None, 0, 1, 2):
        assert told.log(seat) == keyed.log(seat)
        assert [list(e) for e in told.log(seat)] == [list(e) for e in keyed.log(seat)]  # key order too
        assert told.determinize(seat, 1).log(seat) == keyed.log(seat)
    assert told.to_json()["events"] == keyed.to_json()["events"]
    assert told.clone().log(2) == keyed.log(2)


def test_the_state_has_one_event_api() -> None:
    # emit for keywords, emit_event for a built event or a stored tuple; no third variant.
    assert not hasattr(riverbox.State, "emit_fields")


def test_a_clone_and_its_source_tell_their_own_events_afterwards() -> None:
    # A clone shares the events told so far; what either tells next is its own.
    state = riverbox.load("toy", players=3).new_state(5)
    state.emit("bet", seat=0)
    first = state.clone()
    second = state.clone()
    state.emit("bet", seat=1)
    first.emit("bet", seat=2)
    assert [e.get("seat") for e in state.log(None)] == [0, 1]
    assert [e.get("seat") for e in first.log(None)] == [0, 2]
    assert [e.get("seat") for e in second.log(None)] == [0]
    assert [e.get("seat") for e in state.clone().log(None)] == [0, 1]


def test_determinizing_again_gives_the_same_knowledge_and_follows_new_moves() -> None:
    # determinize keeps its redacted history and events for the last seat asked; a move or a
    # new event must show in the next world, and worlds must not share their history lists.
    state = riverbox.load("toy", players=3).new_state(5)
    a, b = state.determinize(0, 1), state.determinize(0, 2)
    assert a.history == b.history and a.history is not b.history and a.log(0) == state.log(0)
    a.emit("bet", seat=0)
    assert state.determinize(0, 3).log(0) == state.log(0) != a.log(0)
    assert state.determinize(1, 3).log(1) == state.log(1) != state.log(0)
    seat = state.to_move[0]
    state.apply(state.legal_actions(seat)[0], seat)
    after = state.determinize(0, 4)
    assert len(after.history) == len(state.history) and after.log(0) == state.log(0)
    state.emit("bet", seat=2)
    assert state.determinize(0, 4).log(0) == state.log(0)


def test_events_since_a_cursor_read_only_what_is_new_for_the_seat() -> None:
    # event_count is a cursor over every audience's events; events_since(cursor, seat) is the
    # part of log(seat) told since, in order, and survives a clone (which shares the events).
    game = riverbox.load("toy", players=3, turns=2)
    state = game.new_state(5)
    for seat in (0, 1, 2, None):
        assert state.events_since(0, seat) == state.log(seat)
    cursors = {seat: (0, []) for seat in (0, 1, 2, None)}
    while not state.is_over:
        mover = state.to_move[0]
        state.apply(state.legal_actions(mover)[0], mover)
        if mover == 1:
            state = state.clone()  # new events go to the clone's own list
        for seat, (cursor, seen) in list(cursors.items()):
            cursors[seat] = (state.event_count, seen + state.events_since(cursor, seat))
    assert state.event_count == len(state.events)
    for seat, (cursor, seen) in cursors.items():
        assert seen == state.log(seat) and cursor == state.event_count
        assert state.events_since(cursor, seat) == []
    state = state.clone()  # the events so far shared, then one of its own: ranges cross both
    state.emit("bet", seat=0)
    events = state.events
    for start in range(len(events) + 1):
        for stop in range(start, len(events) + 1):
            part = [e.as_dict() for e in events[start:stop] if e.seen_by(0)]
            assert state.events_since(start, 0, stop) == part
    for start, stop in ((-1, None), (0, len(events) + 1), (2, 1)):
        with pytest.raises(ValueError, match="is not a range of event numbers"):
            state.events_since(start, 0, stop)
    with pytest.raises(ValueError):
        state.events_since(0, 3)


def test_stored_events_are_every_audience_s_events_in_a_range_across_clone_and_own_list() -> None:
    # stored_events(start, stop) is the raw form behind events_since: every audience's events,
    # whether shared with the clone's parent or the clone's own, in order; filtered by
    # stored_seen_by it is exactly what events_since tells a seat.
    from riverbox.core.events import as_event, stored_seen_by

    state = riverbox.load("toy", players=3, turns=2).new_state(5)
    state.apply(state.legal_actions(state.to_move[0])[0], state.to_move[0])
    state = state.clone()
    state.emit("bet", seat=0)
    state.emit("bet", seat=1)
    events = state.events
    assert len(events) >= 4  # some shared, two of its own
    for start in range(len(events) + 1):
        for stop in range(start, len(events) + 1):
            stored = state.stored_events(start, stop)
            assert [as_event(e) for e in stored] == list(events[start:stop])
            for seat in (0, 1, 2, None):
                told = [as_event(e).as_dict() for e in stored if stored_seen_by(e, seat)]
                assert told == state.events_since(start, seat, stop)
