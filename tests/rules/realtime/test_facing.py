"""Real-Time Frag's facing (J-RT-05): four facings on the map, 1 point a quarter turn, moves named from it.

A fighter faces north, east, south or west (the map's up, right, down and left); turning costs one point per
facing change, two to turn around. The costs of moving depend on the way from the facing (forward, backward,
left, right), so `heading` and `way_of` must agree with the map: facing east, his left is north.
"""

from __future__ import annotations

import itertools

import pytest

from fragtui.engine.board import Direction
from fragtui.engine.realtime.facing import CLOCKWISE, Way, heading, turn_cost, way_of

N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W


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
