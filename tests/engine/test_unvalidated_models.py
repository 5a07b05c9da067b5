"""The models the rules make without pydantic's validation on their hot paths (`fragtui.engine.unvalidated`): a roll of
the dice's generator and the dice's state (`Dice.roll`, `Dice.state`), a Real-Time move under way (`_new_progress`).
Made again through validation from the very same values, each is equal, has the same fields in the same order and the
same fields set, hashes, prints, pickles and is written to JSON the same; values validation would change or refuse are
validated as before."""

from __future__ import annotations

import pickle

import pytest
from pydantic import BaseModel, ValidationError

from fragtui.engine.board import Direction, Side, Square
from fragtui.engine.dice import Dice, DiceState, Roll
from fragtui.engine.realtime.facing import Way
from fragtui.engine.realtime.movement import Motion, Progress, _new_progress


def _same(made: BaseModel, validated: BaseModel) -> None:
    assert type(made) is type(validated)
    assert made == validated and validated == made
    assert list(made.__dict__) == list(validated.__dict__), "the fields in their declared order"
    for name in type(validated).model_fields:
        assert type(getattr(made, name)) is type(getattr(validated, name)), name
    assert made.model_fields_set == validated.model_fields_set
    assert made.__pydantic_extra__ == validated.__pydantic_extra__
    assert made.__pydantic_private__ == validated.__pydantic_private__
    assert made.model_dump_json() == validated.model_dump_json()
    assert repr(made) == repr(validated)
    assert hash(made) == hash(validated)
    assert pickle.loads(pickle.dumps(made)) == validated
    assert made.model_copy(deep=True) == validated


@pytest.mark.parametrize("sides", [6, 10, 2])
def test_the_generators_rolls_and_state_are_what_validating_makes(sides: int) -> None:
    dice = Dice(1234)
    for n in (0, 1, 3, 7):
        roll = dice.roll(n, f"{n} dice", sides)
        _same(roll, Roll(dice=roll.dice, total=roll.total, reason=roll.reason, sides=roll.sides))
        state = dice.state
        validated = DiceState(
            seed=state.seed,
            stream=state.stream,
            pcg=state.pcg,
            rolled=state.rolled,
            script=state.script,
            script_sides=state.script_sides,
        )
        _same(state, validated)
        assert Dice.from_state(state).roll(2, "again", sides) == Dice.from_state(validated).roll(2, "again", sides)


def test_scripted_dice_are_validated_as_before() -> None:
    dice = Dice.scripted([3, 9], sides=10)
    assert dice.roll(1, "a d6").dice == (3,)
    with pytest.raises(ValueError, match="rolled as a d6"):
        dice.roll(1, "a d6")
    assert dice.state.script == (9,)


def test_a_move_under_way_is_what_validating_makes() -> None:
    cases = [
        (Motion.STEP, Way.LEFT, Direction.W, (Square(2, 4),), 2, 1, 3),
        (Motion.STEP, Way.BACKWARD, Direction.S, (Square(5, 5, Side.NW),), 2, 1, 10),
        (Motion.JUMP, Way.FORWARD, Direction.N, (Square(3, 3), Square(3, 2), Square(3, 1)), 6, 4, 1),
    ]
    for motion, way, heading, path, cost, paid, began in cases:
        made = _new_progress(motion, way, heading, path, cost, paid, began)
        validated = Progress(motion=motion, way=way, heading=heading, path=path, cost=cost, paid=paid, began=began)
        _same(made, validated)


def test_a_move_under_way_out_of_bounds_is_refused_as_before() -> None:
    path = (Square(2, 4),)
    with pytest.raises(ValidationError, match="paid in full"):
        _new_progress(Motion.STEP, Way.LEFT, Direction.W, path, 2, 2, 3)
    with pytest.raises(ValidationError):
        _new_progress(Motion.STEP, Way.LEFT, Direction.W, path, 2, 1, 11)
    with pytest.raises(ValidationError):
        _new_progress(Motion.STEP, Way.LEFT, Direction.W, (), 2, 1, 3)
    kept = _new_progress("step", "left", "w", [(2, 4)], 2, 1, 3)  # type: ignore[arg-type]  # (validated: converted)
    assert kept == _new_progress(Motion.STEP, Way.LEFT, Direction.W, path, 2, 1, 3)
    assert type(kept.motion) is Motion and type(kept.path) is tuple and type(kept.path[0]) is Square
