"""An event is an immutable record: equal by value, hashable, picklable, JSON round trip."""

from __future__ import annotations

import pickle

import pytest

from riverbox.core.events import Event, event_from_json


def test_events_are_immutable_values() -> None:
    e = Event("looked", (("seat", 1), ("slot", 3)))
    assert e == Event("looked", (("seat", 1), ("slot", 3)), None, None)
    assert hash(e) == hash(Event("looked", (("seat", 1), ("slot", 3))))
    assert e != Event("looked", (("seat", 1), ("slot", 3)), 1)
    with pytest.raises(AttributeError):
        e.kind = "other"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(e)) == e
    assert event_from_json(e.to_json(), 4) == e
    assert e.as_dict() == {"kind": "looked", "seat": 1, "slot": 3}
