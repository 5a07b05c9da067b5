"""The lie of the land for the strongbox scenario (ruling R-SKED-01): each posse's home edge, and the square
the strongbox starts on, fair between the posses in play.

- *Home edge*: the side of the map nearest the numbered point the posse deploys around (its seat's: seat 0
  point 1, …); on a tie, the first of north, east, south, west. Its carrier carries the strongbox off across
  that side only, so the box must come back past the others rather than off the nearest edge.
- *The strongbox's square*: for each posse in play, the walk from its point to the box and the walk from the
  box to its home edge (`grid.walk_field`: rough ground counting double). The box starts where the greatest
  difference between the posses' walks home, plus a quarter of the greatest difference between their walks
  there (`REACH_WEIGHT`: the way there is ridden, the way home carried), is least — any within `FAIR` squares
  counting alike — nearest the map's flag square `F` (the map's own middle of the fight), then the top-most,
  left-most; never on an edge of the map or under a model.

Both are worked out once per board and set of posses (`home_edge`, `strongbox_square`), for the rules, the
computers and the screens alike.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from fragtui.engine.board import Board, Direction, Square, Terrain
from fragtui.engine.ruthless.grid import distance, standable, walk_field

__all__ = ["FAIR", "REACH_WEIGHT", "SIDE_WORDS", "edge_cells", "home_edge", "home_field", "on_side", "strongbox_square"]

FAIR = 1.0
"""Differences of walk within this many squares count as fair (a diagonal step is 1½: few squares are equal)."""
REACH_WEIGHT = 0.25
"""What a square of difference in the walk to the box counts beside one in the walk home: the way there is
ridden or run (12 a Move, 6 on foot), the way home carried (3 a Move, one Move a turn)."""
SIDE_WORDS = {Direction.N: "north", Direction.E: "east", Direction.S: "south", Direction.W: "west"}
"""A side of the map, in words."""
_SIDES = (Direction.N, Direction.E, Direction.S, Direction.W)


def _gap(board: Board, square: Square, side: Direction) -> int:
    """Squares between `square` and the `side` of the map."""
    return {
        Direction.N: square.y,
        Direction.E: board.width - 1 - square.x,
        Direction.S: board.height - 1 - square.y,
        Direction.W: square.x,
    }[side]


def home_edge(board: Board, seat: int) -> Direction:
    """The side of the map nearest `seat`'s deployment point (its numbered point, `seat + 1`); on a tie, the
    first of north, east, south, west."""
    point = board.respawn_points[seat + 1]
    return min(_SIDES, key=lambda side: (_gap(board, point, side), _SIDES.index(side)))


def on_side(board: Board, square: Square, side: Direction) -> bool:
    """Whether `square` lies on the `side` edge of the map."""
    return _gap(board, square, side) == 0


def edge_cells(board: Board, side: Direction) -> list[tuple[int, int]]:
    """The squares of the `side` edge a model may stand on."""
    if side in (Direction.N, Direction.S):
        y = 0 if side is Direction.N else board.height - 1
        cells = [(x, y) for x in range(board.width)]
    else:
        x = 0 if side is Direction.W else board.width - 1
        cells = [(x, y) for y in range(board.height)]
    return [(x, y) for x, y in cells if standable(board, x, y)]


_FIELDS: dict[int, tuple[Board, dict[object, dict[tuple[int, int], float]]]] = {}
"""Each board's walk fields, worked out once (by the board's id, the board kept beside them: a board's hash
reads every square)."""


def _field(board: Board, key: Direction | Square) -> dict[tuple[int, int], float]:
    known = _FIELDS.get(id(board))
    if known is None or known[0] is not board:
        if len(_FIELDS) > 16:
            _FIELDS.clear()
        known = _FIELDS[id(board)] = (board, {})
    fields = known[1]
    field = fields.get(key)
    if field is None:
        starts = edge_cells(board, key) if isinstance(key, Direction) else [key.cell]
        field = fields[key] = walk_field(board, starts)
    return field


def home_field(board: Board, side: Direction) -> dict[tuple[int, int], float]:
    """The walk from every square to the `side` edge (kept per board: read it, never change it)."""
    return _field(board, side)


def strongbox_square(board: Board, seats: int, taken: Collection[Square] = ()) -> Square | None:
    """Where the strongbox starts with `seats` posses in play (see the module's docstring); None when no square
    off the edge is reached from every posse's point and reaches every home edge."""
    points = [board.respawn_points[seat + 1] for seat in range(seats)]
    reaches = [_field(board, point) for point in points]
    hauls = [home_field(board, home_edge(board, seat)) for seat in range(seats)]
    flags = board.cells_of(Terrain.FLAG)
    middle = Square(*flags[0]) if flags else Square(board.width // 2, board.height // 2)
    best: tuple[float, float, int, int] | None = None
    for y in range(1, board.height - 1):
        for x in range(1, board.width - 1):
            square = Square(x, y)
            if not standable(board, x, y) or square in taken:
                continue
            walks = _walks(reaches, (x, y))
            homes = _walks(hauls, (x, y))
            if walks is None or homes is None:
                continue
            unfair = max(homes) - min(homes) + (max(walks) - min(walks)) * REACH_WEIGHT
            key = (max(unfair, FAIR), distance(square, middle), y, x)
            if best is None or key < best:
                best = key
    return None if best is None else Square(best[3], best[2])


def _walks(fields: Sequence[dict[tuple[int, int], float]], cell: tuple[int, int]) -> list[float] | None:
    found = [field.get(cell) for field in fields]
    return None if any(walk is None for walk in found) else [walk for walk in found if walk is not None]
