"""Real-Time Frag's facing (J-RT-05): four facings on the map, 1 point a quarter turn, moves named from it.

A fighter faces north, east, south or west (the map's up, right, down and left); turning costs one point per
facing change, two to turn around. The costs of moving depend on the way from the facing (forward, backward,
left, right), so `heading` and `way_of` must agree with the map: facing east, his left is north.
"""

from __future__ import annotations

import itertools

import pytest

from fragtui.content.library import board_named
from fragtui.engine.board import Direction, Square
from fragtui.engine.realtime.facing import CLOCKWISE, Way, heading, turn_cost, way_of
from fragtui.engine.realtime.movement import Face, Footing, Step, carry_out, legal_orders
from fragtui.engine.realtime.speed import spread
from fragtui.errors import IllegalActionError

N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W
POCKET = board_named("pocket")
TEN = spread(10)
"""One point in every segment."""


@pytest.mark.parametrize(
    ("start", "end", "cost"),
    [(N, N, 0), (N, E, 1), (N, W, 1), (N, S, 2), (E, S, 1), (E, N, 1), (E, W, 2), (S, W, 1), (W, N, 1), (W, E, 2)],
)
def test_turning_costs_one_a_quarter_turn_and_two_to_turn_around__J_RT_05(
    start: Direction, end: Direction, cost: int
) -> None:
    assert turn_cost(start, end) == cost


def test_turning_costs_the_same_either_way_round__J_RT_05() -> None:
    for start, end in itertools.product(Direction, repeat=2):
        assert turn_cost(start, end) == turn_cost(end, start) <= 2


def test_the_ways_from_a_facing_are_the_maps_directions_clockwise__J_RT_05() -> None:
    """Facing north (up): right is east. Facing east: left is north, backward west. Facing south: right is west."""
    assert CLOCKWISE == (N, E, S, W)
    assert [heading(N, way) for way in (Way.FORWARD, Way.RIGHT, Way.BACKWARD, Way.LEFT)] == [N, E, S, W]
    assert heading(E, Way.LEFT) is N and heading(E, Way.BACKWARD) is W and heading(E, Way.RIGHT) is S
    assert heading(S, Way.RIGHT) is W and heading(W, Way.RIGHT) is N
    for facing, way in itertools.product(Direction, Way):
        assert way_of(facing, heading(facing, way)) is way


def test_a_turn_is_an_order_that_spends_its_points__J_RT_05() -> None:
    """Facing north with 2 points: a quarter turn east leaves 1, turning around to the south leaves none."""
    here = Footing(square=Square(8, 4), facing=N, points=2)
    east = carry_out(POCKET, here, Face(facing=E), speed=2, segment=1, points=TEN)
    assert (east.facing, east.points, east.square) == (E, 1, Square(8, 4))
    about = carry_out(POCKET, here, Face(facing=S), speed=2, segment=1, points=TEN)
    assert (about.facing, about.points) == (S, 0)


def test_with_one_point_he_may_turn_a_quarter_but_not_about__J_RT_05() -> None:
    here = Footing(square=Square(8, 4), facing=N, points=1)
    turns = {
        str(order) for order in legal_orders(POCKET, here, speed=2, segment=1, points=TEN) if isinstance(order, Face)
    }
    assert turns == {"face e", "face w"}
    with pytest.raises(IllegalActionError, match="costs 2 points, 1 left"):
        carry_out(POCKET, here, Face(facing=S), speed=2, segment=1, points=TEN)
    with pytest.raises(IllegalActionError, match="already faces"):
        carry_out(POCKET, here, Face(facing=N), speed=2, segment=1, points=TEN)


def test_after_a_turn_forward_is_the_new_facing__J_RT_05() -> None:
    """Turned east, one step forward (1 point) goes east on the map: forward is where he faces."""
    here = Footing(square=Square(8, 4), facing=N, points=2)
    turned = carry_out(POCKET, here, Face(facing=E), speed=2, segment=1, points=TEN)
    walked = carry_out(POCKET, turned, Step(way=Way.FORWARD), speed=2, segment=1, points=TEN)
    assert (walked.square, walked.points, walked.facing) == (Square(9, 4), 0, E)
