"""Line of sight (F-ATK-02, F-ATK-06, F-MAP-03, F-MAP-06, D-MAP-01), checked on small maps.

Coordinates: square (x, y) is drawn at text line 2y+1, column 2x+1 of the map grid; x grows east,
y grows south; cell (x, y) covers [x, x+1]×[y, y+1], so the centre of a whole square is
(x + 1/2, y + 1/2).
"""

from __future__ import annotations

import random
import time
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fragtui.content.maps import parse_map
from fragtui.engine.board import (
    Board,
    Cell,
    Diagonal,
    Edge,
    EdgeFeature,
    Side,
    Square,
    Terrain,
    distance,
)
from fragtui.engine.sight import Sight

S = Square


def sight_of(text: str) -> Sight:
    return Sight(parse_map("name: test\n" + text.strip("\n") + "\n"))


def range_picture(sight: Sight, looker: Square, occupied: tuple[Square, ...] = ()) -> list[str]:
    """The seed's range diagram: each square in sight shows its range, others '.', the looker '·'."""
    board = sight.board
    seen = set(sight.visible_from(looker, occupied))
    rows = []
    for y in range(board.height):
        marks = []
        for x in range(board.width):
            square = S(x, y)
            if square == looker:
                marks.append("·")
            elif square in seen:
                marks.append(str(distance(looker, square)))
            else:
                marks.append(".")
        rows.append(" ".join(marks))
    return rows


# -- F-ATK-06: the seed's range diagram ----------------------------------------------------

OPEN_7x3 = """
+-+-+-+-+-+-+-+
|. . . . . 1 .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . 2|
+-+-+-+-+-+-+-+
"""

WALLED_7x3 = """
+-+-+-+-+-+-+-+
|. . . . . 1 .|
+ + + + + + + +
|. . . .|. . .|
+ + + + + + + +
|. . . .|. . 2|
+-+-+-+-+-+-+-+
"""


@pytest.mark.rule("F-ATK-06")
def test_range_diagram_of_the_seed_in_an_open_area__F_ATK_06() -> None:
    sight = sight_of(OPEN_7x3)
    assert range_picture(sight, S(5, 0)) == [
        "5 4 3 2 1 · 1",
        "6 5 4 3 2 1 2",
        "7 6 5 4 3 2 3",
    ]


@pytest.mark.rule("F-ATK-02")
@pytest.mark.rule("F-ATK-06")
def test_a_wall_puts_part_of_the_range_diagram_out_of_sight__F_ATK_02_F_ATK_06() -> None:
    # The wall runs along x = 4 from y = 1 to y = 3. The line to (2, 1) crosses x = 4 exactly at
    # y = 1, the wall's end point: blocked. The lines to (0, 1) and (1, 1) pass north of that end.
    sight = sight_of(WALLED_7x3)
    assert range_picture(sight, S(5, 0)) == [
        "5 4 3 2 1 · 1",
        "6 5 . . 2 1 2",
        ". . . . 3 2 3",
    ]


# -- F-ATK-02: walls, their end points, and lines beside them -------------------------------

STUB_WALL = """
+-+-+-+
|1 . .|
+ +-+ +
|. . .|
+ + + +
|. . 2|
+-+-+-+
"""
"""One free-standing wall, from corner (1, 1) to corner (2, 1)."""


@pytest.mark.rule("F-ATK-02")
def test_a_line_through_a_wall_end_point_is_blocked__F_ATK_02() -> None:
    sight = sight_of(STUB_WALL)
    # (0.5, 0.5) → (2.5, 2.5) passes exactly through (1, 1), the wall's west end.
    assert not sight.line_of_sight(S(0, 0), S(2, 2))
    # (0.5, 2.5) → (2.5, 0.5) passes exactly through (2, 1), the wall's east end.
    assert not sight.line_of_sight(S(0, 2), S(2, 0))
    # Straight across the wall.
    assert not sight.line_of_sight(S(1, 0), S(1, 2))
    assert not sight.line_of_sight(S(0, 0), S(2, 1))


@pytest.mark.rule("F-ATK-02")
def test_a_line_beside_a_wall_that_does_not_touch_it_is_clear__F_ATK_02() -> None:
    sight = sight_of(STUB_WALL)
    # Parallel to the wall, half a square south and north of it.
    assert sight.line_of_sight(S(0, 1), S(2, 1))
    assert sight.line_of_sight(S(0, 0), S(2, 0))
    # (0.5, 0.5) → (1.5, 2.5) crosses y = 1 at x = 0.75, a quarter square short of the wall's end.
    assert sight.line_of_sight(S(0, 0), S(1, 2))
    # Neighbours are always in sight across an open edge.
    assert sight.line_of_sight(S(1, 0), S(2, 0))


@pytest.mark.rule("F-ATK-02")
def test_a_square_sees_itself_and_sight_is_cached_without_changing_answers__F_ATK_02() -> None:
    sight = sight_of(OPEN_7x3)
    assert sight.line_of_sight(S(3, 1), S(3, 1))
    assert sight.line_of_sight(S(0, 1), S(6, 1))
    assert not sight.line_of_sight(S(0, 1), S(6, 1), occupied=[S(3, 1)])
    assert sight.line_of_sight(S(0, 1), S(6, 1))


# -- F-MAP-06: diagonal walls --------------------------------------------------------------

DIAGONAL = """
+-+-+-+
|1 . .|
+ + + +
|. / .|
+ + + +
|. . 2|
+-+-+-+
"""
"""A `/` wall in (1, 1), from corner (1, 2) to corner (2, 1): sides NW and SE."""


@pytest.mark.rule("F-ATK-02")
def test_the_centre_of_a_half_square_is_its_triangles_centroid__F_ATK_02() -> None:
    sight = sight_of(DIAGONAL)
    third = Fraction(1, 3)
    assert sight.centre(S(1, 1, Side.NW)) == (1 + third, 1 + third)
    assert sight.centre(S(1, 1, Side.SE)) == (1 + 2 * third, 1 + 2 * third)
    assert sight.centre(S(0, 0)) == (Fraction(1, 2), Fraction(1, 2))
    backslash = sight_of("""
+-+-+
|1 \\|
+ + +
|. 2|
+-+-+
""")
    assert backslash.centre(S(1, 0, Side.NE)) == (1 + 2 * third, third)
    assert backslash.centre(S(1, 0, Side.SW)) == (1 + third, 2 * third)


@pytest.mark.rule("F-MAP-06")
def test_a_diagonal_wall_blocks_sight_between_its_sides__F_MAP_06() -> None:
    sight = sight_of(DIAGONAL)
    nw, se = S(1, 1, Side.NW), S(1, 1, Side.SE)
    assert not sight.line_of_sight(nw, se)
    for beyond_se in (S(2, 1), S(1, 2), S(2, 2)):
        assert not sight.line_of_sight(nw, beyond_se)
    for beyond_nw in (S(0, 0), S(1, 0), S(0, 1)):
        assert not sight.line_of_sight(se, beyond_nw)
    # Across the cell, whole square to whole square.
    assert not sight.line_of_sight(S(0, 1), S(2, 1))
    assert not sight.line_of_sight(S(1, 0), S(1, 2))
    # (0.5, 1.5) → (1.5, 2.5) passes exactly through (1, 2), the diagonal's south-west end.
    assert not sight.line_of_sight(S(0, 1), S(1, 2))


@pytest.mark.rule("F-MAP-06")
def test_each_side_of_a_diagonal_wall_sees_its_own_side__F_MAP_06() -> None:
    sight = sight_of(DIAGONAL)
    nw, se = S(1, 1, Side.NW), S(1, 1, Side.SE)
    for own_side in (S(0, 0), S(1, 0), S(0, 1)):
        assert sight.line_of_sight(nw, own_side)
    for own_side in (S(2, 1), S(1, 2), S(2, 2)):
        assert sight.line_of_sight(se, own_side)
    # Along the wall's own line, beyond its ends: (4/3, 4/3) → (2.5, 0.5) meets x + y = 3 only at
    # its far end, off the wall, and passes (2, 6/7), south of nothing, north of the wall's end.
    assert sight.line_of_sight(nw, S(2, 0))
    assert sight.line_of_sight(nw, S(0, 2))


# -- F-ATK-02: other fighters --------------------------------------------------------------

OPEN_3x3 = """
+-+-+-+
|1 . .|
+ + + +
|. . .|
+ + + +
|. . 2|
+-+-+-+
"""


@pytest.mark.rule("F-ATK-02")
def test_a_fighter_in_between_blocks_sight__F_ATK_02() -> None:
    sight = sight_of(OPEN_3x3)
    assert sight.line_of_sight(S(0, 0), S(2, 0))
    assert not sight.line_of_sight(S(0, 0), S(2, 0), occupied={S(1, 0)})
    assert not sight.line_of_sight(S(0, 0), S(2, 2), occupied={S(1, 1)})
    # A fighter beside the line does not block it.
    assert sight.line_of_sight(S(0, 0), S(2, 0), occupied={S(1, 1)})
    # The looker and the target may be listed among the occupied squares.
    assert sight.line_of_sight(S(0, 0), S(2, 0), occupied={S(0, 0), S(2, 0)})


@pytest.mark.rule("F-ATK-02")
def test_a_fighter_touched_only_at_his_squares_corner_does_not_block__F_ATK_02() -> None:
    sight = sight_of(OPEN_3x3)
    # (1.5, 0.5) → (0.5, 1.5) passes exactly through (1, 1), a corner of (0, 0) and of (1, 1).
    assert sight.line_of_sight(S(1, 0), S(0, 1), occupied={S(0, 0), S(1, 1)})
    assert sight.line_of_sight(S(0, 1), S(1, 0), occupied=[S(0, 0), S(1, 1)])


@pytest.mark.rule("F-ATK-02")
def test_a_fighter_in_a_half_square_fills_only_his_triangle__F_ATK_02() -> None:
    sight = sight_of(DIAGONAL)
    # (1.5, 2.5) → (2.5, 0.5) cuts the south-east corner of (1, 1), through the SE triangle only.
    assert sight.line_of_sight(S(1, 2), S(2, 0))
    assert not sight.line_of_sight(S(1, 2), S(2, 0), occupied={S(1, 1, Side.SE)})
    assert sight.line_of_sight(S(1, 2), S(2, 0), occupied={S(1, 1, Side.NW)})


# -- F-MAP-03: doors -----------------------------------------------------------------------

EDGE_DOORS = """
+-+-+-+
|1d.>2|
+ +-+ +
|. . .|
+-+-+-+
"""


@pytest.mark.rule("F-MAP-03")
def test_a_door_on_an_edge_blocks_sight__F_MAP_03() -> None:
    sight = sight_of(EDGE_DOORS)
    assert not sight.line_of_sight(S(0, 0), S(1, 0))  # two-way door
    assert not sight.line_of_sight(S(1, 0), S(2, 0))  # one-way door, looking with the arrow
    assert not sight.line_of_sight(S(2, 0), S(1, 0))  # and against it
    assert not sight.line_of_sight(S(0, 0), S(2, 0))
    assert sight.line_of_sight(S(0, 1), S(2, 1))


IN_SQUARE_DOOR = """
+-+-+-+
|1 . .|
+ + + +
|. D .|
+ + + +
|. . 2|
+-+-+-+
"""


@pytest.mark.rule("F-MAP-03")
def test_an_in_square_door_blocks_sight_unless_held_open__F_MAP_03() -> None:
    sight = sight_of(IN_SQUARE_DOOR)
    door = S(1, 1)
    # Closed: nobody stands in it.
    assert not sight.line_of_sight(S(0, 1), S(2, 1))
    assert not sight.line_of_sight(S(1, 0), S(1, 2))
    assert not sight.line_of_sight(S(0, 0), S(2, 2))
    # The fighter holding it open sees both sides, and is seen from both.
    for other in (S(0, 1), S(2, 1), S(1, 0), S(1, 2), S(0, 0), S(2, 2)):
        assert sight.line_of_sight(door, other)
        assert sight.line_of_sight(other, door)
    # A third fighter holding it open blocks the line himself.
    assert not sight.line_of_sight(S(0, 1), S(2, 1), occupied={door})
    # Only its interior counts: (1.5, 0.5) → (0.5, 1.5) touches the door square at a corner only.
    assert sight.line_of_sight(S(1, 0), S(0, 1))


@pytest.mark.rule("F-MAP-03")
def test_a_one_way_in_square_door_blocks_sight_too__F_MAP_03() -> None:
    sight = sight_of("""
+-+-+-+
|1 > 2|
+ +-+ +
|. . .|
+-+-+-+
""")
    assert not sight.line_of_sight(S(0, 0), S(2, 0))
    assert not sight.line_of_sight(S(2, 0), S(0, 0))
    assert sight.line_of_sight(S(1, 0), S(0, 0))
    assert sight.line_of_sight(S(1, 0), S(2, 0))


# -- D-MAP-01: windows ---------------------------------------------------------------------

WINDOWS = """
+-+-+-+
|1w. 2|
+ +w+ +
|. . .|
+-+-+-+
"""


@pytest.mark.rule("D-MAP-01")
def test_windows_do_not_block_sight__D_MAP_01() -> None:
    sight = sight_of(WINDOWS)
    assert sight.line_of_sight(S(0, 0), S(1, 0))  # through the window on the west of (1, 0)
    assert sight.line_of_sight(S(1, 0), S(1, 1))  # through the window on the south of (1, 0)
    assert sight.line_of_sight(S(0, 0), S(2, 0))
    # (0.5, 0.5) → (1.5, 1.5) passes (1, 1), where only windows end: clear.
    assert sight.line_of_sight(S(0, 0), S(1, 1))
    walled = sight_of(WINDOWS.replace("w", "|", 1).replace("+w+", "+-+"))
    assert not walled.line_of_sight(S(0, 0), S(1, 0))
    assert not walled.line_of_sight(S(1, 0), S(1, 1))
    assert not walled.line_of_sight(S(0, 0), S(1, 1))


# -- F-MAP-06: solid squares ---------------------------------------------------------------

SOLID_CENTRE = """
+-+-+-+
|1 . .|
+ + + +
|. # .|
+ + + +
|. . 2|
+-+-+-+
"""


@pytest.mark.rule("F-MAP-06")
def test_solid_squares_block_sight__F_MAP_06() -> None:
    sight = sight_of(SOLID_CENTRE)
    assert not sight.line_of_sight(S(0, 1), S(2, 1))
    assert not sight.line_of_sight(S(1, 0), S(1, 2))
    assert not sight.line_of_sight(S(0, 0), S(2, 2))
    # Touching its corner counts as a corner on the line (unlike a fighter's square).
    assert not sight.line_of_sight(S(1, 0), S(0, 1))
    # Lines that pass beside it are clear.
    assert sight.line_of_sight(S(0, 0), S(2, 0))
    assert sight.line_of_sight(S(0, 0), S(0, 2))
    assert S(1, 1) not in sight.visible_from(S(0, 0))


@pytest.mark.rule("F-ATK-02")
def test_places_nobody_can_stand_on_are_refused__F_ATK_02() -> None:
    sight = sight_of(SOLID_CENTRE)
    with pytest.raises(ValueError, match="solid"):
        sight.line_of_sight(S(0, 0), S(1, 1))
    with pytest.raises(ValueError, match="off the board"):
        sight.centre(S(3, 0))
    with pytest.raises(ValueError, match="no diagonal wall"):
        sight.centre(S(0, 0, Side.NW))
    diagonal = sight_of(DIAGONAL)
    with pytest.raises(ValueError, match="give its side"):
        diagonal.line_of_sight(S(0, 0), S(1, 1))
    with pytest.raises(ValueError, match="give its side"):
        diagonal.line_of_sight(S(0, 0), S(2, 0), occupied={S(1, 1, Side.NE)})


# -- Properties over random boards ---------------------------------------------------------

_FEATURE_CELLS = (
    Cell(terrain=Terrain.SOLID),
    Cell(terrain=Terrain.DOOR),
    Cell(terrain=Terrain.DIAGONAL_WALL, diagonal=Diagonal.SLASH),
    Cell(terrain=Terrain.DIAGONAL_WALL, diagonal=Diagonal.BACKSLASH),
)
_FEATURE_EDGES = (
    Edge(feature=EdgeFeature.WALL),
    Edge(feature=EdgeFeature.DOOR),
    Edge(feature=EdgeFeature.WINDOW),
)
_BORDER = Edge(feature=EdgeFeature.WALL)


def random_board(rng: random.Random, width: int, height: int, busy: float = 0.4) -> Board:
    """A board of random squares and edges inside a walled border, built without the parser.

    `busy` is the chance that a square holds something other than floor, and that an inner edge
    holds a wall, door or window. Square (0, 0) is always floor, so there is a place to stand.
    """

    def cell(x: int, y: int) -> Cell:
        return rng.choice(_FEATURE_CELLS) if (x, y) != (0, 0) and rng.random() < busy else Cell()

    def edge(border: bool) -> Edge | None:
        if border:
            return _BORDER
        return rng.choice(_FEATURE_EDGES) if rng.random() < busy else None

    cells = tuple(tuple(cell(x, y) for x in range(width)) for y in range(height))
    h_edges = tuple(tuple(edge(y in (0, height)) for _ in range(width)) for y in range(height + 1))
    v_edges = tuple(tuple(edge(x in (0, width)) for x in range(width + 1)) for _ in range(height))
    return Board(name="random", width=width, height=height, cells=cells, h_edges=h_edges, v_edges=v_edges)


@st.composite
def boards_and_squares(draw: st.DrawFn) -> tuple[Board, Square, Square, list[Square]]:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    busy = draw(st.sampled_from([0.0, 0.1, 0.3, 0.6]))
    board = random_board(rng, draw(st.integers(1, 6)), draw(st.integers(1, 6)), busy)
    places = board.all_squares()
    a = draw(st.sampled_from(places))
    b = draw(st.sampled_from(places))
    occupied = draw(st.lists(st.sampled_from(places), max_size=4))
    return board, a, b, occupied


@pytest.mark.rule("F-ATK-02")
@settings(max_examples=400, deadline=None)
@given(boards_and_squares())
def test_sight_is_symmetric__F_ATK_02(case: tuple[Board, Square, Square, list[Square]]) -> None:
    board, a, b, occupied = case
    # A fresh Sight for each direction, so the answer for (b, a) is computed, not cached.
    assert Sight(board).line_of_sight(a, b) == Sight(board).line_of_sight(b, a)
    assert Sight(board).line_of_sight(a, b, occupied) == Sight(board).line_of_sight(b, a, occupied)


def _oracle(board: Board, a: Square, b: Square, occupied: list[Square]) -> bool:
    """Line of sight the slow, obvious way: Fractions, every segment, no index, no cache."""
    if a == b:
        return True

    def centre(s: Square) -> tuple[Fraction, Fraction]:
        offsets = {
            None: (Fraction(1, 2), Fraction(1, 2)),
            Side.NW: (Fraction(1, 3), Fraction(1, 3)),
            Side.NE: (Fraction(2, 3), Fraction(1, 3)),
            Side.SE: (Fraction(2, 3), Fraction(2, 3)),
            Side.SW: (Fraction(1, 3), Fraction(2, 3)),
        }[s.side]
        return s.x + offsets[0], s.y + offsets[1]

    p, q = centre(a), centre(b)
    walls: list[tuple[int, int, int, int]] = []
    for y, row in enumerate(board.h_edges):
        for x, edge in enumerate(row):
            if edge is not None and edge.feature is not EdgeFeature.WINDOW:
                walls.append((x, y, x + 1, y))
    for y, row in enumerate(board.v_edges):
        for x, edge in enumerate(row):
            if edge is not None and edge.feature is not EdgeFeature.WINDOW:
                walls.append((x, y, x, y + 1))
    for y, cells in enumerate(board.cells):
        for x, cell in enumerate(cells):
            if cell.terrain is Terrain.SOLID:
                walls += [
                    (x, y, x + 1, y),
                    (x, y + 1, x + 1, y + 1),
                    (x, y, x, y + 1),
                    (x + 1, y, x + 1, y + 1),
                ]
            elif cell.diagonal is Diagonal.SLASH:
                walls.append((x, y + 1, x + 1, y))
            elif cell.diagonal is Diagonal.BACKSLASH:
                walls.append((x, y, x + 1, y + 1))

    def cross(o: tuple[Fraction, Fraction], u: tuple[Fraction, Fraction], v: tuple[Fraction, Fraction]) -> Fraction:
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])

    def touches(wall: tuple[int, int, int, int]) -> bool:
        # Solve p + t(q - p) = w0 + u(w1 - w0) for t, u in [0, 1]; collinear: overlap of projections.
        w0 = (Fraction(wall[0]), Fraction(wall[1]))
        w1 = (Fraction(wall[2]), Fraction(wall[3]))
        r = (q[0] - p[0], q[1] - p[1])
        s = (w1[0] - w0[0], w1[1] - w0[1])
        denom = r[0] * s[1] - r[1] * s[0]
        diff = (w0[0] - p[0], w0[1] - p[1])
        if denom != 0:
            t = (diff[0] * s[1] - diff[1] * s[0]) / denom
            u = (diff[0] * r[1] - diff[1] * r[0]) / denom
            return 0 <= t <= 1 and 0 <= u <= 1
        if cross(p, q, w0) != 0:
            return False
        rr = r[0] * r[0] + r[1] * r[1]
        t0 = (diff[0] * r[0] + diff[1] * r[1]) / rr
        t1 = ((w1[0] - p[0]) * r[0] + (w1[1] - p[1]) * r[1]) / rr
        return max(min(t0, t1), Fraction(0)) <= min(max(t0, t1), Fraction(1))

    def inside(s: Square, point: tuple[Fraction, Fraction]) -> bool:
        """Whether the point is strictly inside the square (or its triangle)."""
        fx, fy = point[0] - s.x, point[1] - s.y
        if not (0 < fx < 1 and 0 < fy < 1):
            return False
        return {
            None: True,
            Side.NW: fx + fy < 1,
            Side.SE: fx + fy > 1,
            Side.NE: fx > fy,
            Side.SW: fx < fy,
        }[s.side]

    def enters(s: Square) -> bool:
        # Clip the segment to the closed cell; it meets the open area iff, for some piece between
        # the crossings of the area's closed boundary, its midpoint is inside. Cutting at every
        # crossing of the cell's lines and the diagonals is enough for squares and triangles.
        cuts = {Fraction(0), Fraction(1)}
        r = (q[0] - p[0], q[1] - p[1])
        for k in (s.x, s.x + 1):
            if r[0] != 0:
                cuts.add((k - p[0]) / r[0])
        for k in (s.y, s.y + 1):
            if r[1] != 0:
                cuts.add((k - p[1]) / r[1])
        if r[0] + r[1] != 0:
            cuts.add((s.x + s.y + 1 - p[0] - p[1]) / (r[0] + r[1]))
        if r[0] - r[1] != 0:
            cuts.add((s.x - s.y - p[0] + p[1]) / (r[0] - r[1]))
        ts = sorted(t for t in cuts if 0 <= t <= 1)
        for t0, t1 in pairwise(ts):
            mid = (t0 + t1) / 2
            if inside(s, (p[0] + mid * r[0], p[1] + mid * r[1])):
                return True
        return False

    if any(touches(wall) for wall in walls):
        return False
    for y, cells in enumerate(board.cells):
        for x, cell in enumerate(cells):
            if cell.terrain is Terrain.DOOR and (x, y) not in (a.cell, b.cell) and enters(S(x, y)):
                return False
    return not any(s not in (a, b) and enters(s) for s in occupied)


@pytest.mark.rule("F-ATK-02")
@settings(max_examples=400, deadline=None)
@given(boards_and_squares())
def test_sight_agrees_with_a_plain_fraction_oracle__F_ATK_02(
    case: tuple[Board, Square, Square, list[Square]],
) -> None:
    board, a, b, occupied = case
    assert Sight(board).line_of_sight(a, b, occupied) == _oracle(board, a, b, occupied)


@pytest.mark.rule("F-ATK-02")
def test_every_pair_on_a_random_board_agrees_with_the_oracle__F_ATK_02() -> None:
    rng = random.Random(20240601)
    for busy in (0.05, 0.15):
        board = random_board(rng, 6, 5, busy)
        sight = Sight(board)
        places = board.all_squares()
        for a in places:
            occupied = rng.sample(places, min(3, len(places)))
            for b in places:
                assert sight.line_of_sight(a, b, occupied) == _oracle(board, a, b, occupied), (a, b, occupied)


def test_timing_of_10000_sight_lines_on_a_32x32_board() -> None:
    """Prints how long 10,000 uncached and 10,000 cached calls take (run with -s); asserts nothing on time.

    An empty board is the worst case (no line stops early); busier boards stop most lines soon.
    """
    for busy in (0.0, 0.05, 0.2):
        rng = random.Random(7)
        board = random_board(rng, 32, 32, busy)
        places = board.all_squares()
        pairs = [(rng.choice(places), rng.choice(places)) for _ in range(10_000)]
        occupied = rng.sample(places, 6)
        sight = Sight(board)
        start = time.perf_counter()
        cold = [sight.line_of_sight(a, b, occupied) for a, b in pairs]
        middle = time.perf_counter()
        warm = [sight.line_of_sight(a, b, occupied) for a, b in pairs]
        end = time.perf_counter()
        assert cold == warm
        print(
            f"\n10,000 line_of_sight calls on 32×32, busy {busy} ({sum(cold)} clear): "
            f"{middle - start:.3f}s uncached, {end - middle:.3f}s cached"
        )


@pytest.mark.rule("F-ATK-02")
def test_a_board_with_a_shipped_table_answers_as_the_walk__F_ATK_02() -> None:
    """A map whose walls have a shipped table (`fragtui.engine.sightlines`) reads two whole squares' walls answer
    off it: for every pair from a spread of squares `line_of_sight` says what the walk says (`walls_clear`), and with
    fighters about what the plain fraction oracle says; a board without a table walks every pair."""
    from fragtui.content.maps import load_named_map

    board = load_named_map("desert")
    sight = Sight(board)
    assert sight.table is not None
    rng = random.Random(33)
    places = board.all_squares()
    for a in places[::37]:
        for b in places[::5]:
            assert sight.line_of_sight(a, b) is sight.walls_clear(a, b), (a, b)
    for a in places[::97]:
        occupied = rng.sample(places, 4)
        for b in places[::31]:
            assert sight.line_of_sight(a, b, occupied) == _oracle(board, a, b, occupied), (a, b, occupied)
    assert Sight(random_board(random.Random(1), 6, 5, 0.1)).table is None
