"""Moving in a Real-Time Frag segment: costs by facing (J-RT-06), part-way squares (J-RT-07), points lost
at the segment's end (J-RT-08), and a jump cut short when Speed falls under it (J-RT-06 with J-RT-09).

On the Pocket Arena (maps/pocket.map), x,y from 0 at the north-west, as the board's own tests read it:

    y0 |. . . .|. W . .>. . . .|   wall 3|4; under row 1: wall, door below 5,1, window below 6,1, wall
    y1 |. 1 . .|. . . .|. . 2 .|
    y3 |. . . . . . F . . . . .|   open floor from x0 to x11 (a flag at 6,3)
    y4 |T . . . . . . . . . . .|   teleporters 0,4 and 11,7
    y9 |. . . / . . . . . . . .|   a diagonal wall through 3,9

`spread(10)` is one point in every segment, `spread(20)` two: the segments' points a jump may draw on.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import TypeAdapter, ValidationError

from fragtui.content.library import board_named
from fragtui.engine.board import Direction, Square
from fragtui.engine.realtime.facing import Way, heading
from fragtui.engine.realtime.movement import (
    Face,
    Footing,
    Hop,
    Jump,
    Motion,
    Order,
    Progress,
    Step,
    carry_out,
    close_segment,
    jump_cost,
    jump_reach,
    legal_orders,
    open_segment,
    points_ahead,
)
from fragtui.engine.realtime.speed import respread, spread
from fragtui.errors import IllegalActionError

N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W
FORWARD, BACKWARD, LEFT, RIGHT = Way.FORWARD, Way.BACKWARD, Way.LEFT, Way.RIGHT
POCKET = board_named("pocket")
ONES = spread(10)
TWOS = spread(20)


def at(x: int, y: int, facing: Direction, points: int) -> Footing:
    return Footing(square=Square(x, y), facing=facing, points=points)


def orders(footing: Footing, *, speed: int = 4, segment: int = 1, points: tuple[int, ...] = TWOS) -> set[str]:
    return {str(order) for order in legal_orders(POCKET, footing, speed=speed, segment=segment, points=points)}


def do(footing: Footing, order: Order, *, speed: int = 4, segment: int = 1, points: tuple[int, ...] = TWOS) -> Footing:
    return carry_out(POCKET, footing, order, speed=speed, segment=segment, points=points)


# -- J-RT-06: costs ----------------------------------------------------------------------------------------


def test_forward_costs_one_a_square__J_RT_06() -> None:
    here = at(8, 4, N, 3)
    assert {"step forward", "step forward 2", "step forward 3"} <= orders(here)
    assert "step forward 4" not in orders(here)
    there = do(here, Step(way=FORWARD, squares=3))
    assert (there.square, there.points, there.facing, there.progress) == (Square(8, 1), 0, N, None)


def test_backward_and_sideways_cost_two_a_square__J_RT_06() -> None:
    here = at(8, 4, N, 4)
    assert (do(here, Step(way=RIGHT, squares=2)).square, do(here, Step(way=RIGHT, squares=2)).points) == (
        Square(10, 4),
        0,
    )
    back = do(here, Step(way=BACKWARD))
    assert (back.square, back.points, back.facing) == (Square(8, 5), 2, N)  # he still faces north
    left = do(here, Step(way=LEFT))
    assert (left.square, left.points) == (Square(7, 4), 2)


def test_a_forward_jump_reaches_speed_squares_at_two_a_square_the_seeds_example__J_RT_06() -> None:
    """ "If a character is to jump forward 4 spaces (requiring a minimum Speed score of 4) it will cost 8"."""
    assert jump_reach(4, FORWARD) == 4 and jump_cost(FORWARD, 4) == 8
    here = at(1, 3, E, 8)
    assert "jump forward 4" in orders(here, speed=4)
    there = do(here, Jump(way=FORWARD, squares=4), speed=4)
    assert (there.square, there.points, there.progress) == (Square(5, 3), 0, None)
    assert "jump forward 4" not in orders(here, speed=3)
    with pytest.raises(IllegalActionError, match="reaches 3 squares at Speed 3"):
        do(here, Jump(way=FORWARD, squares=4), speed=3)


def test_a_sideways_jump_reaches_half_speed_at_four_a_square_the_seeds_example__J_RT_06() -> None:
    """ "If a character is to jump to the right 3 spaces (requiring a minimum Speed score of 6) it will cost 12"."""
    assert jump_reach(6, RIGHT) == 3 and jump_reach(5, RIGHT) == 2 and jump_cost(RIGHT, 3) == 12
    here = at(2, 3, N, 12)
    there = do(here, Jump(way=RIGHT, squares=3), speed=6)
    assert (there.square, there.points, there.facing) == (Square(5, 3), 0, N)
    with pytest.raises(IllegalActionError, match="reaches 2 squares at Speed 5"):
        do(here, Jump(way=RIGHT, squares=3), speed=5)
    behind = do(at(8, 3, N, 8), Jump(way=BACKWARD, squares=2), speed=4)
    assert (behind.square, behind.points, behind.facing) == (Square(8, 5), 0, N)


def test_half_speed_is_rounded_down_so_speed_3_jumps_only_forward__J_RT_06() -> None:
    """Half of 3 is 1, and a jump is 2 squares at least (F-JUMP-01): no jump but forward."""
    jumps = {order for order in orders(at(6, 6, N, 20), speed=3) if order.startswith("jump")}
    assert jumps == {"jump forward 2", "jump forward 3"}


def test_moves_never_cross_walls_windows_or_for_a_jump_a_door__J_RT_06() -> None:
    """A wall stops a step (3,0 east); a window stops a step (6,2 north); a door lets a step through (5,2
    north) but not a jump (5,3 north 2); a jump may not pass over a diagonal wall (1,9 east 3)."""
    assert not {o for o in orders(at(3, 0, E, 4)) if o.startswith("step forward")}
    with pytest.raises(IllegalActionError, match="stops the walk after 0"):
        do(at(3, 0, E, 4), Step(way=FORWARD))
    assert "step forward" not in orders(at(6, 2, N, 4))
    assert do(at(5, 2, N, 4), Step(way=FORWARD)).square == Square(5, 1)
    assert "jump forward 2" not in orders(at(5, 3, N, 4))
    with pytest.raises(IllegalActionError, match="stops the jump"):
        do(at(5, 3, N, 4), Jump(way=FORWARD, squares=2))
    with pytest.raises(IllegalActionError, match="stops the jump"):
        do(at(2, 0, E, 4), Jump(way=FORWARD, squares=2))
    assert "jump forward 2" in orders(at(1, 9, E, 6), speed=3) and "jump forward 3" not in orders(
        at(1, 9, E, 6), speed=3
    )
    assert do(at(1, 9, E, 6), Jump(way=FORWARD, squares=2), speed=3).square == Square.parse("3,9/nw")


def test_a_walk_stops_at_the_first_square_nothing_may_enter_and_goes_in_a_straight_line__J_RT_06() -> None:
    """`blocked` (a square the game state closes) stops a walk; a step of n squares goes n squares one way."""
    here = at(8, 4, N, 3)
    offered = {str(o) for o in legal_orders(POCKET, here, speed=4, segment=1, points=TWOS, blocked={(8, 2)})}
    assert "step forward" in offered and "step forward 2" not in offered
    with pytest.raises(IllegalActionError):
        carry_out(POCKET, here, Step(way=FORWARD, squares=2), speed=4, segment=1, points=TWOS, blocked={(8, 2)})


def test_a_teleporter_hop_costs_one_point_and_keeps_the_facing__J_RT_06_ruling() -> None:
    here = at(0, 4, W, 1)
    assert "hop to 11,7" in orders(here)
    there = do(here, Hop(to=Square(11, 7)))
    assert (there.square, there.facing, there.points) == (Square(11, 7), W, 0)
    with pytest.raises(IllegalActionError, match="no teleporter hop"):
        do(at(1, 4, W, 1), Hop(to=Square(11, 7)))


# -- J-RT-06: jumps over segments --------------------------------------------------------------------------


def test_a_jump_spans_segments_paid_first_from_each_and_lands_when_paid__J_RT_06_ruling() -> None:
    """Two points a segment, a forward jump of 3 (6 points) begun in segment 1 lands in segment 3; the points
    of segment 3 beyond what it still owes are his to spend there."""
    here = at(1, 3, E, 2)
    assert "jump forward 3" in orders(here, speed=4)
    flying = do(here, Jump(way=FORWARD, squares=3), speed=4)
    assert flying.in_the_air and flying.square == Square(1, 3) and flying.points == 0
    assert flying.progress is not None and flying.progress.path == (Square(2, 3), Square(3, 3), Square(4, 3))
    assert orders(flying) == set()
    with pytest.raises(IllegalActionError, match="jump is under way"):
        do(flying, Face(facing=N))
    flying, lost = close_segment(flying, 1)
    assert lost == 0
    flying = open_segment(flying, 2)
    assert flying.in_the_air and flying.progress is not None and flying.progress.paid == 4
    flying, _ = close_segment(flying, 2)
    landed = open_segment(flying, 3)
    assert (landed.square, landed.points, landed.progress) == (Square(4, 3), 1, None)


def test_no_jump_lasts_more_than_three_segments__J_RT_06() -> None:
    """One point a segment: a jump of 2 (4 points) would take four segments. Two a segment: 6 points is the
    most, so a forward jump of 4 (8) is refused and one of 3 (6) allowed."""
    assert points_ahead(ONES, 1) == 2 and points_ahead(TWOS, 1) == 4
    assert not {o for o in orders(at(1, 3, E, 1), speed=4, points=ONES) if o.startswith("jump")}
    with pytest.raises(IllegalActionError, match="within 3 segments"):
        do(at(1, 3, E, 1), Jump(way=FORWARD, squares=2), speed=4, points=ONES)
    jumps = {o for o in orders(at(1, 3, E, 2), speed=4, points=TWOS) if o.startswith("jump")}
    assert jumps == {"jump forward 2", "jump forward 3"}


def test_a_jump_lands_within_the_turn__J_RT_06_ruling() -> None:
    """In segment 9 only segment 10 is left to pay a jump: 2 now and 2 then pay a jump of 2, not of 3."""
    assert points_ahead(TWOS, 9) == 2 and points_ahead(TWOS, 10) == 0
    jumps = {o for o in orders(at(1, 3, E, 2), speed=4, segment=9) if o.startswith("jump")}
    assert jumps == {"jump forward 2"}
    flying = do(at(1, 3, E, 2), Jump(way=FORWARD, squares=2), speed=4, segment=9)
    assert flying.progress is not None and flying.progress.last_segment == 10


def test_a_jump_falls_short_when_speed_falls_under_it__J_RT_06_ruling_J_RT_09() -> None:
    """A forward jump of 3 (6 points) begun in segment 1 at two a segment; wounded in segment 1, he rolls 5
    again: segments 2 and 3 give 1 and 0. Paid 3 of 6 by the end of its third segment, it covers one whole
    square (2 points a square): he lands there."""
    flying = do(at(1, 3, E, 2), Jump(way=FORWARD, squares=3), speed=4)
    points = respread(TWOS, 5, 1)
    assert points[1:3] == (1, 0)
    for segment in (2, 3):
        flying, _ = close_segment(flying, segment - 1)
        flying = open_segment(flying, points[segment - 1])
    assert flying.in_the_air and flying.progress is not None and flying.progress.paid == 3
    landed, _ = close_segment(flying, 3)
    assert (landed.square, landed.progress) == (Square(2, 3), None)


def test_a_jump_that_covers_no_whole_square_leaves_him_where_he_was__J_RT_06_ruling() -> None:
    """Three points a segment: a backward jump of 2 (8 points) begun with 3 is 3/8 done; his Speed falls to
    nothing, so it ends its third segment 3 points paid, less than a square's 4: he stays on his square."""
    flying = do(at(8, 3, N, 3), Jump(way=BACKWARD, squares=2), speed=4, points=spread(30))
    assert flying.progress is not None and flying.progress.done == Fraction(3, 8)
    flying, _ = close_segment(flying, 1)
    flying = open_segment(flying, 0)
    flying, _ = close_segment(flying, 2)
    flying = open_segment(flying, 0)
    landed, _ = close_segment(flying, 3)
    assert (landed.square, landed.progress) == (Square(8, 3), None)


# -- J-RT-07: fractional movement --------------------------------------------------------------------------


def test_one_point_sideways_is_half_way_and_he_is_still_on_his_square__J_RT_07() -> None:
    here = at(8, 4, N, 1)
    assert "step right" in orders(here) and "step right 2" not in orders(here)
    half = do(here, Step(way=RIGHT))
    assert half.square == Square(8, 4) and half.points == 0
    assert half.progress is not None
    assert (half.progress.motion, half.progress.to, half.progress.done, half.progress.owed) == (
        Motion.STEP,
        Square(9, 4),
        Fraction(1, 2),
        1,
    )
    assert str(half.progress) == "step right to 9,4, 1 of 2 points paid"


def test_a_step_part_way_is_finished_in_the_next_segment__J_RT_07() -> None:
    half = do(at(8, 4, N, 1), Step(way=RIGHT))
    half, lost = close_segment(half, 1)
    assert lost == 0 and half.progress is not None  # the part-way square is recorded across segments
    next_segment = open_segment(half, 1)
    assert "step right" in orders(next_segment)
    there = do(next_segment, Step(way=RIGHT), segment=2)
    assert (there.square, there.points, there.progress) == (Square(9, 4), 0, None)


def test_three_points_sideways_walk_one_square_and_half_the_next__J_RT_07() -> None:
    here = at(8, 4, N, 3)
    assert {"step right", "step right 2"} <= orders(here) and "step right 3" not in orders(here)
    there = do(here, Step(way=RIGHT, squares=2))
    assert there.square == Square(9, 4) and there.progress is not None and there.progress.to == Square(10, 4)
    with pytest.raises(IllegalActionError, match="do not reach the last square"):
        do(here, Step(way=RIGHT, squares=3))


def test_a_step_part_way_carried_on_walks_on_with_the_points_paid__J_RT_07() -> None:
    """Half way to 9,4 and 3 points in the next segment: 1 finishes it, 2 more reach 10,4."""
    half, _ = close_segment(do(at(8, 4, N, 1), Step(way=RIGHT)), 1)
    more = open_segment(half, 3)
    assert "step right 2" in orders(more, segment=2)
    there = do(more, Step(way=RIGHT, squares=2), segment=2)
    assert (there.square, there.points, there.progress) == (Square(10, 4), 0, None)


def test_another_order_drops_the_step_part_way_and_its_points__J_RT_07_ruling() -> None:
    half, _ = close_segment(do(at(8, 4, N, 1), Step(way=RIGHT)), 1)
    turned = do(open_segment(half, 2), Face(facing=E), segment=2)
    assert (turned.square, turned.facing, turned.points, turned.progress) == (Square(8, 4), E, 1, None)
    other = do(open_segment(half, 2), Step(way=LEFT), segment=2)
    assert (other.square, other.points, other.progress) == (Square(7, 4), 0, None)


def test_a_step_part_way_does_not_outlast_the_turn__J_RT_07_ruling() -> None:
    half = do(at(8, 4, N, 1), Step(way=RIGHT), segment=10, points=ONES)
    after, lost = close_segment(half, 10)
    assert (after.square, after.progress, lost) == (Square(8, 4), None, 0)


def test_a_move_paid_in_full_is_not_under_way__J_RT_07() -> None:
    with pytest.raises(ValidationError, match="paid in full"):
        Progress(motion=Motion.STEP, way=RIGHT, heading=E, path=(Square(1, 1),), cost=2, paid=2, began=1)


# -- J-RT-08: points unused are lost -----------------------------------------------------------------------


def test_points_unused_in_a_segment_are_lost_when_it_ends__J_RT_08() -> None:
    """Two points, one step forward: the one left is lost; the next segment opens with its own points only."""
    walked = do(at(8, 4, N, 2), Step(way=FORWARD))
    assert walked.points == 1
    closed, lost = close_segment(walked, 1)
    assert (closed.points, lost, closed.square) == (0, 1, Square(8, 3))
    assert open_segment(closed, 2).points == 2


def test_closing_a_segment_is_checked__J_RT_08() -> None:
    with pytest.raises(ValueError, match="numbered 1 to 10"):
        close_segment(at(8, 4, N, 2), 11)
    with pytest.raises(ValueError, match="no fewer than 0"):
        open_segment(at(8, 4, N, 2), -1)


# -- orders as values --------------------------------------------------------------------------------------


def test_orders_read_back_from_json_and_their_repr_pastes_back__J_RT_06() -> None:
    adapter: TypeAdapter[Order] = TypeAdapter(Order)
    for order in (Face(facing=S), Step(way=RIGHT, squares=2), Jump(way=FORWARD, squares=3), Hop(to=Square(11, 7))):
        assert adapter.validate_json(adapter.dump_json(order)) == order
        assert eval(repr(order)) == order  # (the names are this module's imports)
    assert str(Step(way=LEFT)) == "step left" and str(Jump(way=BACKWARD, squares=2)) == "jump backward 2"
    with pytest.raises(ValidationError):
        Jump(way=FORWARD, squares=1)  # a one-square jump is no jump (F-JUMP-01)


def test_the_orders_offered_are_exactly_those_carried_out_everywhere_on_the_map__J_RT_06_J_RT_07() -> None:
    """On every square of the Pocket Arena, in every facing, with 1 or 5 points, fresh or half way through a
    sidestep to the right: `legal_orders` offers an order if and only if `carry_out` accepts it (the generator
    and the checked entry point agree), and every order spends at least a point."""
    candidates: list[Order] = [Face(facing=d) for d in Direction]
    candidates += [Step(way=way, squares=n) for way in Way for n in range(1, 6)]
    candidates += [Jump(way=way, squares=n) for way in Way for n in range(2, 6)]
    candidates += [Hop(to=square) for square in POCKET.teleporters]
    checked = 0
    for square in POCKET.all_squares():
        for facing in Direction:
            right = heading(facing, RIGHT)
            beside = POCKET.geometry.step(square, right)
            for points in (1, 5):
                footings = [Footing(square=square, facing=facing, points=points)]
                if beside is not None:
                    half = Progress(
                        motion=Motion.STEP, way=RIGHT, heading=right, path=(beside,), cost=2, paid=1, began=1
                    )
                    footings.append(footings[0].model_copy(update={"progress": half}))
                for footing in footings:
                    offered = set(legal_orders(POCKET, footing, speed=4, segment=2, points=TWOS))
                    for order in candidates:
                        try:
                            after = carry_out(POCKET, footing, order, speed=4, segment=2, points=TWOS)
                        except IllegalActionError:
                            assert order not in offered, (footing, order)
                            continue
                        assert order in offered, (footing, order)
                        assert after.points < footing.points
                        checked += 1
    assert checked > 5_000
