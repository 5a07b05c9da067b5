"""Pydantic's `BaseModel.__getattr__` is taken off `BaseModel` when the engine is imported and kept only by the model
classes that need it (`fragtui.engine.model_reads`): every model of fragtui reads its fields as a plain object does,
and a model with private attributes or extra fields still finds them."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

import fragtui.engine  # noqa: F401  (the engine imported: the hook taken off)
from fragtui.engine.events import CommonEventKind, Event, new_event
from fragtui.engine.model_reads import needs_hook, plain_reads


def _every_model() -> list[type[BaseModel]]:
    found: list[type[BaseModel]] = []
    pending = list(BaseModel.__subclasses__())
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return found


def _hooked(cls: type[BaseModel]) -> bool:
    """Whether `cls`'s instances read through a `__getattr__` (of the class or a base; not its metaclass's)."""
    return any("__getattr__" in vars(base) for base in cls.__mro__)


def test_the_engine_takes_the_hook_off_every_model() -> None:
    assert "__getattr__" not in BaseModel.__dict__
    assert not _hooked(Event)
    plain_reads()  # (a second time: nothing more)
    assert "__getattr__" not in BaseModel.__dict__


def test_no_model_of_fragtui_needs_the_hook() -> None:
    """Every module of the engine, the saves, the content and the bots imported (and whatever else of fragtui is
    loaded): none of their models has private attributes or extra fields, so each reads through the plain path."""
    for package in ("fragtui.engine", "fragtui.saves", "fragtui.content", "fragtui.bots"):
        path = importlib.import_module(package).__path__
        for module in pkgutil.walk_packages(path, prefix=f"{package}."):
            if not module.name.endswith("__main__"):
                importlib.import_module(module.name)
    ours = [cls for cls in _every_model() if cls.__module__.startswith("fragtui.")]
    assert len(ours) > 50
    assert [cls.__qualname__ for cls in ours if needs_hook(cls) or _hooked(cls)] == []


def test_a_missing_attribute_is_refused_as_before() -> None:
    event = new_event(CommonEventKind.MOVED, "P1 moves", {"player": 1})
    with pytest.raises(AttributeError, match="'Event' object has no attribute 'nowhere'"):
        _ = event.nowhere  # type: ignore[attr-defined]
    assert getattr(event, "nowhere", None) is None
    assert not hasattr(event, "nowhere")
    assert event.player == 1 and event.square is None


def test_private_attributes_and_extra_fields_are_still_found() -> None:
    class Private(BaseModel):
        seen: int = 0
        _kept: int = PrivateAttr(default=5)

    class MorePrivate(Private):
        more: int = 1

    class Extra(BaseModel):
        model_config = ConfigDict(extra="allow")

        seen: int = 0

    private = Private()
    assert private._kept == 5 and MorePrivate()._kept == 5
    private._kept = 6
    assert private._kept == 6
    assert Extra(seen=1, other=2).other == 2  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="no attribute 'nowhere'"):
        _ = Extra().nowhere  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        _ = Private().nowhere  # type: ignore[attr-defined]
    assert needs_hook(Private) and needs_hook(Extra) and not needs_hook(Event)
    assert _hooked(Private) and _hooked(MorePrivate) and _hooked(Extra)
