"""A model's fields read as a plain object's are: pydantic's `BaseModel.__getattr__` kept only where it is needed.

Why: pydantic's `BaseModel` defines `__getattr__`, the hook that finds a model's private attributes and extra
fields (`PrivateAttr`, `extra="allow"`). On Python 3.11 a class with a `__getattr__` anywhere in its bases reads
every attribute through the interpreter's slow path (`slot_tp_getattr_hook`: `__getattr__` and `__getattribute__`
looked up on the type, then the generic look-up), and the interpreter never specialises a read or a method call on
it. The engine reads its models' fields everywhere (the state, its fighters, events, decisions, footings, cards):
about 285 reads a Real-Time decision, 14% of its instructions went to attribute look-up. Without the hook the same
games take 18% fewer instructions (docs/performance.md, "Real-Time Frag's speed: a sixth round").

What: `BaseModel.__getattr__` is taken off `BaseModel` (`plain_reads`, run when the engine is imported:
`fragtui/engine/__init__.py`) and given back, as the class's own, to every model class that has a use for it: one
with private attributes or extra fields allowed, among those already made and every one made after
(`BaseModel.__pydantic_init_subclass__`, which pydantic calls for every new model class). No model of fragtui has
either (`tests/engine/test_model_reads.py`). For every other model nothing else changes: pydantic's hook answered
only those two, and for any other name raised the same `AttributeError` (`'Event' object has no attribute 'x'`)
that the plain look-up raises.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

__all__ = ["needs_hook", "plain_reads"]

_HOOK = "__getattr__"

_hook: Callable[[BaseModel, str], Any] | None = None
"""Pydantic's `BaseModel.__getattr__`, once taken off `BaseModel` (`plain_reads`)."""


def needs_hook(cls: type[BaseModel]) -> bool:
    """Whether `cls`'s instances may hold what only pydantic's `__getattr__` finds: private attributes or extra
    fields."""
    return bool(cls.__private_attributes__) or cls.model_config.get("extra") == "allow"


def _give_back(cls: type[BaseModel]) -> None:
    """`cls` and its subclasses read through pydantic's hook again if `cls` needs it (`needs_hook`)."""
    if _hook is not None and needs_hook(cls) and _HOOK not in cls.__dict__:
        type.__setattr__(cls, _HOOK, _hook)


def plain_reads() -> None:
    """Take pydantic's `__getattr__` off `BaseModel`, giving it back to every model class that needs it, made
    already or later. Once a process: a second call does nothing."""
    global _hook
    hook = BaseModel.__dict__.get(_HOOK)
    if hook is None:
        return  # (done already, or a pydantic without the hook)
    _hook = hook
    type.__delattr__(BaseModel, _HOOK)
    pending = list(BaseModel.__subclasses__())
    while pending:
        cls = pending.pop()
        _give_back(cls)
        pending.extend(cls.__subclasses__())
    made = BaseModel.__dict__["__pydantic_init_subclass__"].__func__

    def init_subclass(cls: type[BaseModel], /, **kwargs: Any) -> None:
        made(cls, **kwargs)
        _give_back(cls)

    type.__setattr__(BaseModel, "__pydantic_init_subclass__", classmethod(init_subclass))
