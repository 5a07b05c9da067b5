"""Movement over the board: steps, doors, windows, diagonal walls, teleporters, jumps, routes."""

from __future__ import annotations

from fragtui.engine.board import Direction, Side, Square, distance
from fragtui.engine.geometry import Move, MoveKind
from tests.conftest import board_from

N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W

OPEN = board_from(
    """
    +-+-+-+-+-+
    |1 . . . .|
    + + + + + +
    |. . . . .|
    + + + + + +
    |. . . . 2|
    +-+-+-+-+-+
    """
)


def _targets(board, square):  # type: ignore[no-untyped-def]
    return {d: to for d, to in board.geometry.steps(square)}


def test_moves_are_orthogonal_one_square_each__F_MOVE_02() -> None:
    steps = _targets(OPEN, Square(2, 1))
    assert steps == {N: Square(2, 0), E: Square(3, 1), S: Square(2, 2), W: Square(1, 1)}
    reach = OPEN.geometry.reachable(Square(2, 1), 1)
    assert Square(3, 0) not in reach  # a diagonal neighbour costs 2, never 1
    assert OPEN.geometry.reachable(Square(2, 1), 2)[Square(3, 0)].cost == 2


def test_reachable_squares_stay_within_the_movement_points__F_MOVE_01() -> None:
    reach = OPEN.geometry.reachable(Square(0, 0), 3)
    assert all(route.cost <= 3 for route in reach.values())
    assert {s for s in reach} == {s for s in OPEN.all_squares() if distance(Square(0, 0), s) <= 3}
    assert reach[Square(0, 0)].moves == ()


def test_walls_stop_movement__F_MAP_06() -> None:
    board = board_from(
        """
        +-+-+-+
        |1|. .|
        + +-+ +
        |. . 2|
        +-+-+-+
        """
    )
    assert _targets(board, Square(0, 0)) == {S: Square(0, 1)}
    assert _targets(board, Square(1, 0)) == {E: Square(2, 0)}
    assert board.geometry.reachable(Square(0, 0), 9)[Square(1, 0)].cost == 5


def test_a_diagonal_wall_makes_two_sides_of_one_square__F_MAP_06() -> None:
    board = board_from(
        """
        +-+-+-+
        |1 . .|
        + + + +
        |. / .|
        + + + +
        |. . 2|
        +-+-+-+
        """
    )
    # '/' runs from the south-west to the north-east corner: entering from the north or west
    # puts you on the north-west side, from the south or east on the south-east side.
    assert board.geometry.step(Square(1, 0), S) == Square(1, 1, Side.NW)
    assert board.geometry.step(Square(0, 1), E) == Square(1, 1, Side.NW)
    assert board.geometry.step(Square(2, 1), W) == Square(1, 1, Side.SE)
    assert _targets(board, Square(1, 1, Side.NW)) == {N: Square(1, 0), W: Square(0, 1)}
    assert _targets(board, Square(1, 1, Side.SE)) == {S: Square(1, 2), E: Square(2, 1)}
    # The two sides do not touch: going round costs 4.
    reach = board.geometry.reachable(Square(1, 1, Side.NW), 9)
    assert reach[Square(1, 1, Side.SE)].cost == 4


def test_one_way_doors_pass_only_with_the_arrow_and_two_way_doors_both_ways__F_MAP_02() -> None:
    board = board_from(
        """
        +-+-+-+
        |1>.d2|
        + +v+-+
        |. . .|
        +-+-+-+
        """
    )
    geo = board.geometry
    assert geo.step(Square(0, 0), E) == Square(1, 0)
    assert geo.step(Square(1, 0), W) is None
    assert geo.step(Square(1, 0), E) == Square(2, 0) and geo.step(Square(2, 0), W) == Square(1, 0)
    assert geo.step(Square(1, 0), S) == Square(1, 1) and geo.step(Square(1, 1), N) is None
    # Doors cost nothing extra.
    assert geo.reachable(Square(0, 0), 9)[Square(2, 0)].cost == 2


def test_in_square_one_way_doors_are_entered_and_left_with_the_arrow__F_MAP_02() -> None:
    board = board_from(
        """
        +-+-+-+
        |1 > 2|
        + + + +
        |. D .|
        +-+-+-+
        """
    )
    geo = board.geometry
    assert geo.step(Square(0, 0), E) == Square(1, 0)
    assert geo.step(Square(2, 0), W) is None
    assert geo.step(Square(1, 0), E) == Square(2, 0)
    assert geo.step(Square(1, 0), S) is None and geo.step(Square(1, 1), N) is None
    # A two-way in-square door may be walked through either way.
    assert geo.step(Square(0, 1), E) == Square(1, 1) and geo.step(Square(2, 1), W) == Square(1, 1)
    assert geo.step(Square(1, 1), E) == Square(2, 1) and geo.step(Square(1, 1), W) == Square(0, 1)


def test_windows_stop_movement__D_MAP_01() -> None:
    board = board_from(
        """
        +-+-+
        |.w1|
        +w+ +
        |. 2|
        +-+-+
        """
    )
    assert _targets(board, Square(0, 0)) == {}
    assert board.geometry.reachable(Square(1, 0), 9).keys() == {Square(1, 0), Square(1, 1), Square(0, 1)}


def test_teleporter_hops_to_any_other_teleporter_for_one_point__F_MAP_05() -> None:
    board = board_from(
        """
        +-+-+-+-+-+-+
        |1 T . . . T|
        + +-+-+-+-+ +
        |. . T . . 2|
        +-+-+-+-+-+-+
        """
    )
    geo = board.geometry
    assert set(geo.hops(Square(1, 0))) == {Square(5, 0), Square(2, 1)}
    assert geo.hops(Square(0, 0)) == ()
    route = geo.reachable(Square(0, 0), 9)[Square(5, 0)]
    assert route.cost == 2
    assert route.moves == (Move(MoveKind.STEP, Square(1, 0), E), Move(MoveKind.HOP, Square(5, 0)))
    # A teleporter also works as a normal square: its neighbours are one step away.
    assert geo.step(Square(1, 0), E) == Square(2, 0)


def test_grates_are_cosmetic__F_MAP_04() -> None:
    plain = board_from("+-+-+-+\n|1 . 2|\n+-+-+-+")
    grated = board_from("+-+-+-+\n|1 : 2|\n+-+-+-+")
    for board in (plain, grated):
        assert board.geometry.reachable(Square(0, 0), 9)[Square(2, 0)].cost == 2
        assert board.geometry.line_of_sight(Square(0, 0), Square(2, 0))


ACID = board_from(
    """
    +-+-+-+-+-+-+
    |1 . ~ . . .|
    + + + + + + +
    |. . . . . .|
    + + +-+ + + +
    |2 . . . . .|
    +-+-+-+-+-+-+
    """
)


def test_a_jump_is_a_straight_line_of_up_to_speed_squares__F_JUMP_01() -> None:
    geo = ACID.geometry
    assert {(m.direction, m.distance) for m in geo.jumps(Square(1, 0), 3)} == {(E, 2), (E, 3), (S, 2)}
    assert geo.jumps(Square(1, 0), 1) == []  # Speed 1: no jump at all
    assert geo.jump(Square(1, 0), E, 1) is None
    assert geo.jump(Square(1, 0), E, 3) == Square(4, 0)


def test_a_jump_avoids_the_hazards_it_passes_over__F_JUMP_02() -> None:
    geo = ACID.geometry
    # Walking from (1,0) to (3,0) is two steps through acid, or four round it; jumping is 4 points.
    walked = geo.reachable(Square(1, 0), 4)[Square(3, 0)]
    assert walked.cost == 2 and walked.hazards == 1
    jumped = geo.reachable(Square(1, 0), 4, max_jump=2)[Square(3, 0)]
    assert jumped.cost == 2 and jumped.hazards == 1  # still cheapest by points
    dry = geo.reachable(Square(1, 0), 6, max_jump=2)
    assert dry[Square(3, 0)] == walked  # cheapest first
    assert geo.jump(Square(1, 0), E, 2) == Square(3, 0)
    moves = {(m.direction, m.distance): m for m in geo.jumps(Square(1, 0), 2)}
    assert not geo.is_hazard(moves[(E, 2)].to)


def test_the_cheapest_route_avoids_acid_when_a_dry_one_costs_the_same__F_JUMP_02() -> None:
    board = board_from(
        """
        +-+-+-+
        |1 ~ .|
        + + + +
        |. . 2|
        +-+-+-+
        """
    )
    route = board.geometry.reachable(Square(0, 0), 9)[Square(2, 1)]
    assert route.cost == 3 and route.hazards == 0


def test_no_jump_over_walls_doors_or_windows__F_JUMP_03() -> None:
    board = board_from(
        """
        +-+-+-+-+-+-+-+
        |1 .|. .d. . .|
        + + + + + + + +
        |. .w. . D . .|
        + + + + + + + +
        |. . . . . . 2|
        +-+-+-+-+-+-+-+
        """
    )
    geo = board.geometry
    assert geo.jump(Square(0, 0), E, 3) is None  # wall between (1,0) and (2,0)
    assert geo.jump(Square(2, 0), E, 3) is None  # edge door between (3,0) and (4,0)
    assert geo.jump(Square(0, 1), E, 3) is None  # window
    assert geo.jump(Square(3, 1), E, 2) is None  # over a closed in-square door
    assert geo.jump(Square(0, 2), E, 4) == Square(4, 2)
    # Walking, the wall is gone round and the doors are passed.
    assert geo.step(Square(3, 0), E) == Square(4, 0)


def test_a_jump_costs_two_points_a_square__F_JUMP_04() -> None:
    geo = OPEN.geometry
    reach = geo.reachable(Square(0, 0), 6, max_jump=3)
    jump = Move(MoveKind.JUMP, Square(3, 0), E, 3)
    assert jump.cost == 6
    assert geo.reachable(Square(0, 0), 5, max_jump=3)[Square(3, 0)].moves != (jump,)
    assert reach[Square(3, 0)].cost == 3  # walking is cheaper on open floor


def test_scatter_squares_follow_the_diagram_order__H_SCATTER_01() -> None:
    # Top row F A D, middle row C (spawn) G, bottom row H E B.
    spawn = Square(2, 1)
    assert OPEN.geometry.scatter_squares(spawn) == [
        Square(2, 0),
        Square(3, 2),
        Square(1, 1),
        Square(3, 0),
        Square(2, 2),
        Square(1, 0),
        Square(3, 1),
        Square(1, 2),
    ]
    # Off the map and solid squares are left out; a diagonal square offers the half facing the spawn.
    board = board_from(
        """
        +-+-+-+
        |1 # .|
        + + + +
        |\\ . 2|
        +-+-+-+
        """
    )
    ne = Square(0, 1, Side.NE)
    assert board.geometry.scatter_squares(Square(0, 0)) == [Square(1, 1), ne]
    assert board.geometry.scatter_squares(Square(1, 1)) == [ne, Square(2, 0), Square(0, 0), Square(2, 1)]
    # Where the diagonal wall runs through the corner facing the spawn, that square is left out.
    corner = board_from(
        """
        +-+-+-+
        |\\ . .|
        + + + +
        |. 1 2|
        +-+-+-+
        """
    )
    assert corner.geometry.scatter_squares(Square(1, 1)) == [Square(1, 0), Square(0, 1), Square(2, 0), Square(2, 1)]
