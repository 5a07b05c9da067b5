"""Line of sight, computed exactly (F-ATK-02, F-MAP-03, F-MAP-06, D-MAP-01).

The seed says: draw a straight line from the centre of your square to the centre of the target's;
walls, doors, corners and other fighters on it block it, "a wall or corner on a diagonal line IS an
obstacle". On a grid, a line between centres very often runs exactly through a corner, so the
answer depends on exact geometry; a pixel walk (Bresenham) or floating point would give different
answers for mirrored lines and make sight asymmetric. This module therefore never uses floats.

Exact rational arithmetic over the common denominator 6: every point the module deals with is a
rational with a denominator dividing 6 — square corners are integers, the centre of a whole square
is (x + 1/2, y + 1/2) and the centre of a half square (its triangle's centroid) is x + 1/3 or
x + 2/3 on each axis. Multiplying every coordinate by 6 makes them all integers, so each test
below (orientation of three points, where a line crosses a row, clipping a segment against a
convex polygon) is done with integer products and comparisons of cross-multiplied fractions:
exact, and symmetric by construction.

What blocks a line (its closed segment, end points included):
- every WALL edge and every DOOR edge (edge doors are always closed for sight, F-MAP-03), every
  diagonal wall (F-MAP-06), and the four edges of every SOLID square. Touching any of these,
  even at a single end point, blocks. WINDOW edges do not block (D-MAP-01).
- the open interior of an in-square door (Terrain.DOOR) unless it is the looker's or the target's
  own square: a fighter standing in it holds it open and sees both sides (F-MAP-03); a fighter
  standing in it who is neither end of the line blocks the line as any fighter does.
- the open interior of a square (or, beside a diagonal wall, the triangle) occupied by a fighter
  other than the looker and the target. Touching only its boundary or a corner does not block.

The board never changes during a game, so the wall part of each answer is cached per pair of
squares; the fighters (`occupied`) are checked on every call, against their few polygons.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from fractions import Fraction
from typing import TypeAlias

from fragtui.engine.board import Board, Diagonal, EdgeFeature, Side, Square, Terrain

SCALE = 6
"""Coordinates are multiplied by this so every centre and corner is an integer (see above)."""

_CACHE_LIMIT = 1 << 20
"""Pairs of squares whose wall answer is kept; past this the cache starts again (memory bound)."""

_Point: TypeAlias = tuple[int, int]
_Segment: TypeAlias = tuple[int, int, int, int]
_HalfPlane: TypeAlias = tuple[int, int, int]
"""(nx, ny, c): the open half-plane nx*X + ny*Y < c, in scaled coordinates."""
_Polygon: TypeAlias = tuple[_HalfPlane, ...]
"""An open convex polygon: the intersection of its open half-planes."""

# Scaled offsets, within a cell, of the centroid of each half square's triangle.
_CENTROID: dict[Side, _Point] = {Side.NW: (2, 2), Side.NE: (4, 2), Side.SE: (4, 4), Side.SW: (2, 4)}


def _orient(ax: int, ay: int, bx: int, by: int, cx: int, cy: int) -> int:
    """Sign of the cross product (b - a) × (c - a): which side of line a-b the point c lies on, 0 on it."""
    cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return (cross > 0) - (cross < 0)


def _on_box(ax: int, ay: int, bx: int, by: int, px: int, py: int) -> bool:
    """Whether p, known to be collinear with a-b, lies on the closed segment a-b."""
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def _segments_touch(p: _Point, q: _Point, s: _Segment) -> bool:
    """Whether the closed segments p-q and s share at least one point (end points count)."""
    px, py = p
    qx, qy = q
    ax, ay, bx, by = s
    d1 = _orient(ax, ay, bx, by, px, py)
    d2 = _orient(ax, ay, bx, by, qx, qy)
    d3 = _orient(px, py, qx, qy, ax, ay)
    d4 = _orient(px, py, qx, qy, bx, by)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and _on_box(ax, ay, bx, by, px, py))
        or (d2 == 0 and _on_box(ax, ay, bx, by, qx, qy))
        or (d3 == 0 and _on_box(px, py, qx, qy, ax, ay))
        or (d4 == 0 and _on_box(px, py, qx, qy, bx, by))
    )


def _crosses_open(p: _Point, q: _Point, polygon: _Polygon) -> bool:
    """Whether the closed segment p-q meets the open convex polygon (Cyrus–Beck / Liang–Barsky).

    On the segment p + t(q - p), each half-plane nx*X + ny*Y < c reads a + t*b < 0. The
    parameters satisfying every strict inequality form an open interval (lo, hi); the segment
    meets the open polygon iff that interval meets [0, 1], i.e. lo < hi, lo < 1 and hi > 0.
    lo and hi are kept as fractions num/den with den > 0 and compared by cross-multiplying.
    """
    px, py = p
    dx, dy = q[0] - px, q[1] - py
    lo_n, lo_d = -1, 0  # -infinity
    hi_n, hi_d = 1, 0  # +infinity
    has_lo = has_hi = False
    for nx, ny, c in polygon:
        a = nx * px + ny * py - c
        b = nx * dx + ny * dy
        if b == 0:
            if a >= 0:
                return False
        elif b > 0:  # t < -a/b
            n, d = -a, b
            if not has_hi or n * hi_d < hi_n * d:
                hi_n, hi_d, has_hi = n, d, True
        else:  # t > a/(-b)
            n, d = a, -b
            if not has_lo or n * lo_d > lo_n * d:
                lo_n, lo_d, has_lo = n, d, True
    if has_lo and has_hi and lo_n * hi_d >= hi_n * lo_d:
        return False
    if has_lo and lo_n >= lo_d:  # lo >= 1
        return False
    return not (has_hi and hi_n <= 0)  # hi <= 0


def _square_polygon(x0: int, y0: int) -> _Polygon:
    """The open unit square whose scaled north-west corner is (x0, y0)."""
    return ((-1, 0, -x0), (1, 0, x0 + SCALE), (0, -1, -y0), (0, 1, y0 + SCALE))


def _triangle_polygon(x0: int, y0: int, side: Side) -> _Polygon:
    """The open triangle of one side of a diagonal wall, in the cell whose scaled NW corner is (x0, y0)."""
    x1, y1 = x0 + SCALE, y0 + SCALE
    if side is Side.NW:  # X > x0, Y > y0, X + Y < x0 + y1 (below the `/` wall)
        return ((-1, 0, -x0), (0, -1, -y0), (1, 1, x0 + y1))
    if side is Side.SE:  # X < x1, Y < y1, X + Y > x0 + y1
        return ((1, 0, x1), (0, 1, y1), (-1, -1, -(x0 + y1)))
    if side is Side.NE:  # Y > y0, X < x1, X - Y > x0 - y0 (right of the `\` wall)
        return ((0, -1, -y0), (1, 0, x1), (-1, 1, -(x0 - y0)))
    # SW: X > x0, Y < y1, X - Y < x0 - y0
    return ((-1, 0, -x0), (0, 1, y1), (1, -1, x0 - y0))


def _ceil_div(n: int, d: int) -> int:
    return -((-n) // d)


class Sight:
    """Exact line of sight over one board, built once (`Sight(board)`) and then only read.

    Every blocking segment is stored in the one cell whose closed square contains it. A query walks
    every cell whose closed square the line touches (corners included), so any point where the line
    meets a blocking segment lies in a visited cell holding that segment: the index is exact, and a
    query tests only the segments near the line.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.width = board.width
        self.height = board.height
        cell_segments: list[list[_Segment]] = [[] for _ in range(board.width * board.height)]
        seen: set[_Segment] = set()

        def add(cx: int, cy: int, segment: _Segment) -> None:
            ax, ay, bx, by = segment
            key = (ax, ay, bx, by) if (ax, ay) <= (bx, by) else (bx, by, ax, ay)
            if key not in seen:
                seen.add(key)
                cell_segments[cy * board.width + cx].append(key)

        s = SCALE
        for y in range(board.height + 1):
            for x in range(board.width):
                edge = board.h_edges[y][x]
                if edge is not None and edge.feature is not EdgeFeature.WINDOW:
                    add(x, min(y, board.height - 1), (x * s, y * s, (x + 1) * s, y * s))
        for y in range(board.height):
            for x in range(board.width + 1):
                edge = board.v_edges[y][x]
                if edge is not None and edge.feature is not EdgeFeature.WINDOW:
                    add(min(x, board.width - 1), y, (x * s, y * s, x * s, (y + 1) * s))
        doors: list[bool] = [False] * (board.width * board.height)
        for y, row in enumerate(board.cells):
            for x, cell in enumerate(row):
                x0, y0, x1, y1 = x * s, y * s, (x + 1) * s, (y + 1) * s
                if cell.terrain is Terrain.SOLID:
                    for segment in ((x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)):
                        add(x, y, segment)
                elif cell.diagonal is Diagonal.SLASH:
                    add(x, y, (x0, y1, x1, y0))
                elif cell.diagonal is Diagonal.BACKSLASH:
                    add(x, y, (x0, y0, x1, y1))
                if cell.terrain is Terrain.DOOR:
                    doors[y * board.width + x] = True
        self._segments: tuple[tuple[_Segment, ...], ...] = tuple(tuple(c) for c in cell_segments)
        """Per cell (index y * width + x): the blocking segments stored there, scaled."""
        self._doors: tuple[bool, ...] = tuple(doors)
        """Per cell: whether it is an in-square door, whose interior blocks unless held open."""
        self._centres: dict[Square, _Point] = {}
        self._polygons: dict[Square, _Polygon] = {}
        self._walls_clear: dict[tuple[Square, Square], bool] = {}

    # -- public ----------------------------------------------------------------------------

    def centre(self, square: Square) -> tuple[Fraction, Fraction]:
        """Where lines of sight start and end, in board units (cell (x, y) spans [x, x+1]×[y, y+1]).

        The centre of a whole square is its middle; the centre of a half square (beside a
        diagonal wall) is its triangle's centroid. Raises ValueError for a place no fighter can
        stand on.
        """
        cx, cy = self._centre(square)
        return Fraction(cx, SCALE), Fraction(cy, SCALE)

    def line_of_sight(self, a: Square, b: Square, occupied: Collection[Square] = ()) -> bool:
        """Whether a fighter on `a` can see `b` (F-ATK-02), with fighters standing on `occupied`.

        `occupied` may include `a` and `b` themselves; they never block their own line. The walls
        part of the answer is cached, so asking again about the same pair is a dictionary look-up
        plus one polygon clip per other fighter.
        """
        if a == b:
            self._centre(a)  # still reject a place nobody can stand on
            return True
        key = (a, b)
        clear = self._walls_clear.get(key)
        if clear is None:
            clear = self._walls_allow(a, b)
            if len(self._walls_clear) >= _CACHE_LIMIT:
                self._walls_clear.clear()
            self._walls_clear[key] = clear
        if not clear:
            return False
        if occupied:
            p, q = self._centre(a), self._centre(b)
            for other in occupied:
                if other != a and other != b and _crosses_open(p, q, self._polygon(other)):
                    return False
        return True

    def visible_from(self, a: Square, occupied: Collection[Square] = ()) -> list[Square]:
        """Every place a fighter could stand that a fighter on `a` sees, `a` itself left out.

        In board order (rows from the north, then columns from the west, then the half squares'
        sides as `Board.all_squares` gives them).
        """
        return [b for b in self.board.all_squares() if b != a and self.line_of_sight(a, b, occupied)]

    # -- internals ---------------------------------------------------------------------------

    def _centre(self, square: Square) -> _Point:
        """The scaled centre of a square, checked against the board once and then cached."""
        found = self._centres.get(square)
        if found is None:
            self._check(square)
            x0, y0 = square.x * SCALE, square.y * SCALE
            if square.side is None:
                found = (x0 + SCALE // 2, y0 + SCALE // 2)
            else:
                ox, oy = _CENTROID[square.side]
                found = (x0 + ox, y0 + oy)
            self._centres[square] = found
        return found

    def _polygon(self, square: Square) -> _Polygon:
        """The open area a fighter on `square` fills: his whole square, or his triangle."""
        found = self._polygons.get(square)
        if found is None:
            self._check(square)
            x0, y0 = square.x * SCALE, square.y * SCALE
            found = _square_polygon(x0, y0) if square.side is None else _triangle_polygon(x0, y0, square.side)
            self._polygons[square] = found
        return found

    def _check(self, square: Square) -> None:
        if not self.board.in_bounds(square.x, square.y):
            raise ValueError(f"square {square} is off the board")
        if square not in self.board.squares(square.x, square.y):
            cell = self.board.cell(square.x, square.y)
            if cell.terrain is Terrain.SOLID:
                raise ValueError(f"square {square} is solid: nobody stands there")
            if cell.diagonal is not None:
                sides = " or ".join(str(side) for side in cell.diagonal.sides)
                raise ValueError(f"square {square} is split by a diagonal wall: give its side, {sides}")
            raise ValueError(f"square {square} has no diagonal wall, so it has no sides")

    def _walls_allow(self, a: Square, b: Square) -> bool:
        """The part of line_of_sight that depends only on the board: walls, doors, solid rock."""
        p, q = self._centre(a), self._centre(b)
        width = self.width
        held = {a.y * width + a.x, b.y * width + b.x}
        segments = self._segments
        doors = self._doors
        for index in self._cells_touched(p, q):
            for segment in segments[index]:
                if _segments_touch(p, q, segment):
                    return False
            if doors[index] and index not in held:
                y, x = divmod(index, width)
                if _crosses_open(p, q, _square_polygon(x * SCALE, y * SCALE)):
                    return False
        return True

    def _cells_touched(self, p: _Point, q: _Point) -> Iterator[int]:
        """Every in-board cell (as index y * width + x) whose closed square the closed segment p-q meets.

        Row by row: clip the segment to the closed strip of the row, then take every column whose
        closed span meets the clipped x-range. The x-range is a pair of fractions over the same
        positive denominator, rounded outwards with integer floor division.
        """
        (x0, y0), (x1, y1) = (p, q) if p[1] <= q[1] else (q, p)
        dx, dy = x1 - x0, y1 - y0
        width, s = self.width, SCALE
        row_first = max(0, _ceil_div(y0, s) - 1)
        row_last = min(self.height - 1, y1 // s)
        for row in range(row_first, row_last + 1):
            y_lo, y_hi = max(y0, row * s), min(y1, (row + 1) * s)
            if dy == 0:
                num_a, num_b, den = x0, x1, 1
            else:
                num_a = x0 * dy + (y_lo - y0) * dx
                num_b = x0 * dy + (y_hi - y0) * dx
                den = dy
            lo, hi = min(num_a, num_b), max(num_a, num_b)
            first = max(0, _ceil_div(lo, s * den) - 1)
            last = min(width - 1, hi // (s * den))
            base = row * width
            for column in range(first, last + 1):
                yield base + column
