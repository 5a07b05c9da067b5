"""A `Square` handed to a pydantic model in Python is kept as it is (`Square.__get_pydantic_core_schema__`); from JSON
or from a list it is validated as before, with the same errors and the same JSON written."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from fragtui.engine.board import Side, Square
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.ruthless.actions import MoveTo


def test_a_square_given_to_a_model_is_the_same_object() -> None:
    square = Square(3, 4)
    assert MoveTo(fighter=1, to=square).to is square
    assert Event(kind=CommonEventKind.MOVED, text="moves", square=square).square is square


def test_a_square_from_a_list_or_json_is_validated_and_built() -> None:
    assert MoveTo(fighter=1, to=[3, 4]).to == Square(3, 4)  # type: ignore[arg-type]
    moved = MoveTo.model_validate_json('{"kind": "move_to", "fighter": 1, "to": [3, 4, "nw"]}')
    assert type(moved.to) is Square and moved.to == Square(3, 4, Side.NW)
    with pytest.raises(ValidationError, match="valid integer") as refused:
        MoveTo(fighter=1, to=[3, "x"])  # type: ignore[arg-type]
    assert refused.value.error_count() == 1  # (the named tuple's own error only, no second branch's)
    with pytest.raises(ValidationError, match="valid integer"):
        MoveTo.model_validate_json('{"kind": "move_to", "fighter": 1, "to": [3, "x"]}')


def test_a_square_is_written_as_before() -> None:
    squares = TypeAdapter(Square)
    assert squares.dump_json(Square(3, 4)) == b"[3,4,null]"
    written = MoveTo(fighter=1, to=Square(3, 4, Side.NW)).model_dump_json()
    assert written == '{"kind":"move_to","fighter":1,"to":[3,4,"nw"]}'
    assert squares.json_schema()["type"] == "array"
