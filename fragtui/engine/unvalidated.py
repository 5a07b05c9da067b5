"""A pydantic model made as validating it would make it, without running the validation.

Why: some models are made on the hottest paths (the events of every decision, Real-Time Frag's footings, the record
sheets and weapons of every view a bot reads), from values that are already what validating them would keep (the
rules' own numbers and names, squares, models never validated again). Validation then costs more than the rest of
the work. Each caller checks its values first (or makes them itself) and validates as ever otherwise; what is left is
written here once, as pydantic writes it: the values as the model's `__dict__` (every field, in declared order), the
fields named as given as its fields set, no extra and no private values.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

__all__ = ["as_validated"]

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
# The four slots of every model, each written by its own descriptor's setter: `object.__setattr__(model, name, value)`
# would look the descriptor up by its name first, four times a model.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def as_validated(cls: type[M], values: dict[str, Any], fields_set: set[str]) -> M:
    """`cls(**given)` as pydantic would make it, where `values` holds every field of `cls` in its declared order,
    each already valid, and `fields_set` names those given (the rest at their defaults). `values` becomes the
    model's own: never change it afterwards."""
    model = _new(cls)  # (`cls.__new__`, without looking it up through pydantic's metaclass)
    _set_dict(model, values)
    _set_fields_set(model, fields_set)
    _set_extra(model, None)
    _set_private(model, None)
    return model
