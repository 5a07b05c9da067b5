"""Event kinds are open, as decision kinds are (issue 32): each system registers its own, the kernel its common ones,
and an event's `kind` validates against them all, from Python and from JSON, written as the value it always was."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fragtui.engine.deadlands.events import DeadlandsEventKind
from fragtui.engine.events import CommonEventKind, Event, EventKind, event_kind, register_event_kinds
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.ruthless.events import RuthlessEventKind

SYSTEMS_KINDS = (CommonEventKind, FragEventKind, DeadlandsEventKind, RuthlessEventKind)


def test_each_kind_is_found_by_its_value() -> None:
    for kinds in SYSTEMS_KINDS:
        for kind in kinds:
            assert event_kind(kind.value) is kind and event_kind(kind) is kind


def test_an_event_of_a_systems_kind_round_trips_its_json() -> None:
    event = Event(kind=DeadlandsEventKind.SHOOTOUT, text="Ann fires first", player=0, other=1, amount=9)
    written = event.model_dump_json()
    assert written.startswith('{"kind":"Shootout","text":"Ann fires first"')
    read = Event.model_validate_json(written)
    assert read == event and read.kind is DeadlandsEventKind.SHOOTOUT
    assert Event.model_validate({"kind": "Killed", "text": "Bob is killed"}).kind is RuthlessEventKind.KILLED


def test_an_unknown_kind_is_refused_by_name() -> None:
    with pytest.raises(ValidationError, match=r"unknown event kind 'Teleported twice'"):
        Event.model_validate_json('{"kind":"Teleported twice","text":"?"}')


def test_a_kind_nobody_registered_is_refused() -> None:
    class Stray(EventKind):
        STRAY = "Stray"

    with pytest.raises(ValidationError, match="unknown event kind 'Stray'"):
        Event(kind=Stray.STRAY, text="?")


def test_two_systems_may_not_share_a_value() -> None:
    class Twice(EventKind):
        FRAGGED = "Fragged"

    with pytest.raises(ValueError, match="two event kinds are 'Fragged'"):
        register_event_kinds(Twice)
    assert event_kind("Fragged") is FragEventKind.FRAGGED
