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
squares, both ways round (sight is symmetric); the fighters (`occupied`) are checked on every call,
against the polygons of those inside the box of cells the line crosses.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left, bisect_right
from collections.abc import Collection
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

from fragtui.engine.board import Board, Diagonal, EdgeFeature, Side, Square, Terrain

if TYPE_CHECKING:
    from fragtui.engine.sightlines import SightTable

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


def _on_box(ax: int, ay: int, bx: int, by: int, px: int, py: int) -> bool:
    """Whether p, known to be collinear with a-b, lies on the closed segment a-b."""
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def _segments_touch(p: _Point, q: _Point, s: _Segment) -> bool:
    """Whether the closed segments p-q and s share at least one point (end points count)."""
    px, py = p
    qx, qy = q
    ax, ay, bx, by = s
    # Cross products: d1 and d2 say on which side of line a-b the points p and q lie (0: on it),
    # d3 and d4 on which side of line p-q the points a and b lie.
    abx, aby = bx - ax, by - ay
    pqx, pqy = qx - px, qy - py
    d1 = abx * (py - ay) - aby * (px - ax)
    d2 = abx * (qy - ay) - aby * (qx - ax)
    d3 = pqx * (ay - py) - pqy * (ax - px)
    d4 = pqx * (by - py) - pqy * (bx - px)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True  # each segment has the other's ends strictly on both sides: they cross
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
    query tests only the segments near the line. The walk visits only the cells that hold something
    (`_blocking_columns`, `_blocking_rows`), crossing the rows or the columns, whichever are fewer.
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
        self._blocking_columns: tuple[tuple[int, ...], ...] = tuple(
            tuple(x for x in range(board.width) if cell_segments[y * board.width + x] or doors[y * board.width + x])
            for y in range(board.height)
        )
        """Per row, in order: the columns of the cells that hold something that may block (most hold nothing),
        so that a line's walk skips the open floor between them."""
        self._blocking_rows: tuple[tuple[int, ...], ...] = tuple(
            tuple(y for y in range(board.height) if x in self._blocking_columns[y]) for x in range(board.width)
        )
        """The same cells per column, in row order, for lines closer to vertical."""
        self._centres: dict[Square, _Point] = {}
        self._polygons: dict[Square, _Polygon] = {}
        self._walls_clear: dict[tuple[Square, Square], bool] = {}
        self._table: SightTable | bool | None = False
        """The board's shipped table of every line of sight between whole squares (`table`), None when it has none;
        False until first asked."""

    @property
    def table(self) -> SightTable | None:
        """The shipped table of this board's walls (`fragtui.engine.sightlines`, by `walls_fingerprint`), read the
        first time it is asked; None when none was made for it (a map without one, an edited map)."""
        table = self._table
        if table is False:
            from fragtui.engine.sightlines import read_table  # (a file read once a board: not at import)

            table = self._table = read_table(self)
        assert table is not True
        return table

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
        clear = self._walls_clear.get((a, b))
        if clear is None:
            # Two whole squares the board's shipped table has (`table`: worked out by `_walls_allow` for every pair,
            # and checked against it) are read off it; any other pair is walked.
            table = self.table
            seen = None if table is None else table.sees(a, b)
            clear = self._walls_allow(a, b) if seen is None else seen
            if len(self._walls_clear) >= _CACHE_LIMIT:
                self._walls_clear.clear()
            # Sight is symmetric (the tests hold it to that), so the answer serves the way back too:
            # the fighter just seen is often the next to look.
            self._walls_clear[(a, b)] = self._walls_clear[(b, a)] = clear
        if not clear:
            return False
        if occupied:
            p, q = self._centre(a), self._centre(b)
            x_lo, x_hi = (a.x, b.x) if a.x <= b.x else (b.x, a.x)
            y_lo, y_hi = (a.y, b.y) if a.y <= b.y else (b.y, a.y)
            for other in occupied:
                if other in (a, b):
                    continue
                polygon = self._polygon(other)  # (which also refuses a place nobody can stand on)
                if not (x_lo <= other.x <= x_hi and y_lo <= other.y <= y_hi):
                    continue  # the line runs between the centres, inside the box of cells from a to b
                if _crosses_open(p, q, polygon):
                    return False
        return True

    def walls_fingerprint(self) -> str:
        """A digest of everything the walls part of a line of sight depends on (`walls_clear`): the board's size and
        each cell's blocking segments and in-square door. Two boards with the same digest have the same walls
        answers for every pair of squares, so a table of them worked out once (Ruthless's `sightlines`) can be
        trusted for a board only if its digest is this board's."""
        described = repr((SCALE, self.width, self.height, self._segments, self._doors))
        return hashlib.sha256(described.encode()).hexdigest()[:32]

    def walls_clear(self, a: Square, b: Square) -> bool:
        """The walls part of `line_of_sight(a, b)` worked out afresh, neither read from nor written to the cache
        (for tables of every pair, which would only flood it)."""
        if a == b:
            self._centre(a)
            return True
        return self._walls_allow(a, b)

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
        """The part of line_of_sight that depends only on the board: walls, doors, solid rock.

        Tests the blocking segments and in-square doors of every cell whose closed square the closed
        segment p-q (centre to centre) meets. The walk crosses the rows if the segment is closer to
        horizontal, the columns otherwise (fewer strips to cross; transposing the board maps squares
        to squares, so the cells met are the same). In the description below, "strips" are the rows
        and x runs along them; for columns, x and y are swapped.

        Strip by strip: clip the segment to the closed strip, then take every cell whose closed span
        meets the clipped x-range. The range is a pair of fractions over the same positive denominator
        (x * dy), rounded outwards with integer floor division; `bisect` finds the cells in it that
        hold anything (strips without any are skipped at once).
        """
        p, q = self._centre(a), self._centre(b)
        width = self.width
        if abs(q[0] - p[0]) >= abs(q[1] - p[1]):  # rows: a cell is strip * width + x
            (x0, y0), (x1, y1) = (p, q) if p[1] <= q[1] else (q, p)
            blocking, strip_stride, cell_stride = self._blocking_columns, width, 1
        else:  # columns: a cell is x * width + strip
            (y0, x0), (y1, x1) = (p, q) if p[0] <= q[0] else (q, p)
            blocking, strip_stride, cell_stride = self._blocking_rows, 1, width
        dx, dy = x1 - x0, y1 - y0
        s = SCALE
        span = s * (dy or 1)  # a cell's width, over the range's denominator
        held = (a.y * width + a.x, b.y * width + b.x)  # the ends' own squares: their doors are held open
        segments = self._segments
        doors = self._doors
        for strip in range(max(0, _ceil_div(y0, s) - 1), min(len(blocking) - 1, y1 // s) + 1):
            cells = blocking[strip]
            if not cells:
                continue
            if dy == 0:
                num_a, num_b = x0, x1
            else:  # x * dy where the segment enters and leaves the strip
                y_lo = y0 if y0 > strip * s else strip * s
                y_hi = y1 if y1 < (strip + 1) * s else (strip + 1) * s
                num_a = x0 * dy + (y_lo - y0) * dx
                num_b = x0 * dy + (y_hi - y0) * dx
            lo, hi = (num_a, num_b) if num_a <= num_b else (num_b, num_a)
            # Cells from ceil(lo) - 1 to floor(hi), in cell widths; `bisect` keeps them on the board.
            for at in range(bisect_left(cells, _ceil_div(lo, span) - 1), bisect_right(cells, hi // span)):
                index = strip * strip_stride + cells[at] * cell_stride
                for segment in segments[index]:
                    if _segments_touch(p, q, segment):
                        return False
                if doors[index] and index not in held:
                    y, x = divmod(index, width)
                    if _crosses_open(p, q, _square_polygon(x * SCALE, y * SCALE)):
                        return False
        return True
