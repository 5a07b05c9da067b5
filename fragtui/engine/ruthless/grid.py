"""Distance, movement and cover on the grid for Ruthless (1 inch = 1 square).

One function measures every distance, for range and for movement alike (ruling R-MOVE-01): a step to
any of the eight neighbouring squares, a diagonal step counting 1½ — so `distance(a, b)` is
`max(dx, dy) + min(dx, dy) / 2`, within ½ of the true distance everywhere, and a move over open ground
costs exactly the distance between its ends. Line of sight and walls are the engine's exact geometry
(`Board.geometry.line_of_sight`, F-ATK-02's ruling), models not blocking it (ruling R-SHOOT-01).

Movement (R-MOVE-01): a Move goes up to 6 squares on foot, 12 mounted, or only 3 / 8 if its path enters
rough ground (a `,` square, a door in a square or on an edge). A diagonal step needs both squares beside
it open and no wall across either way round (no cutting a wall's corner). Squares split by a diagonal
wall are not stood on in Ruthless. No model passes through or stops on another's square.
"""

from __future__ import annotations

from collections.abc import Collection

from fragtui.engine.board import Board, Direction, EdgeFeature, Square, Terrain

__all__ = [
    "COVER",
    "FOOT",
    "MOUNTED",
    "cover_of",
    "distance",
    "in_cover",
    "neighbours",
    "reachable",
    "standable",
]

FOOT = (6.0, 3.0)
"""A Move on foot: open ground, rough ground (R-MOVE-01)."""
MOUNTED = (12.0, 8.0)
"""A Move on horseback: open ground, rough ground (R-MOVE-01)."""

COVER = {Terrain.SOFT_COVER: 1, Terrain.HARD_COVER: 2}
"""What cover takes off a shot at a model behind it (R-SHOOT-01): soft −1, hard −2."""

_STEPS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


def distance(a: Square, b: Square) -> float:
    """Squares from `a` to `b`, a diagonal step counting 1½ (ruling R-MOVE-01): range and movement both."""
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    return max(dx, dy) + min(dx, dy) / 2


def standable(board: Board, x: int, y: int) -> bool:
    """Whether a model may stand on the square at (x, y): in the map, not rock, not split by a diagonal wall."""
    if not board.in_bounds(x, y):
        return False
    terrain = board.cell(x, y).terrain
    return terrain is not Terrain.SOLID and terrain is not Terrain.DIAGONAL_WALL


def _rough_square(board: Board, x: int, y: int) -> bool:
    terrain = board.cell(x, y).terrain
    return terrain is Terrain.ROUGH or terrain is Terrain.DOOR


def _crossing(board: Board, x: int, y: int, direction: Direction) -> tuple[bool, bool]:
    """Whether a step from (x, y) in `direction` may be taken, and whether it passes a doorway (rough)."""
    edge = board.edge(x, y, direction)
    if edge is None:
        return True, False
    if edge.feature is EdgeFeature.DOOR:
        return edge.one_way in (None, direction), True
    return False, False


_DIRECTION = {(0, -1): Direction.N, (1, 0): Direction.E, (0, 1): Direction.S, (-1, 0): Direction.W}


_Step = tuple[int, int, float, bool]
_TABLES: dict[int, tuple[Board, dict[tuple[int, int], tuple[_Step, ...]]]] = {}
"""Each board's steps, worked out once (by the board's id, the board kept alive beside them)."""


def _steps(board: Board) -> dict[tuple[int, int], tuple[_Step, ...]]:
    known = _TABLES.get(id(board))
    if known is None or known[0] is not board:
        table = {
            (x, y): _neighbours_of(board, x, y)
            for y in range(board.height)
            for x in range(board.width)
            if standable(board, x, y)
        }
        known = _TABLES[id(board)] = (board, table)
    return known[1]


def _neighbours(board: Board, x: int, y: int) -> tuple[_Step, ...]:
    return _steps(board).get((x, y), ())


def _neighbours_of(board: Board, x: int, y: int) -> tuple[_Step, ...]:
    found = []
    for dx, dy in _STEPS:
        nx, ny = x + dx, y + dy
        if not standable(board, nx, ny):
            continue
        if dx == 0 or dy == 0:
            ok, door = _crossing(board, x, y, _DIRECTION[(dx, dy)])
            if ok:
                found.append((nx, ny, 1.0, door or _rough_square(board, nx, ny)))
            continue
        # diagonal: both ways round must be open (no corner of a wall cut)
        ways = []
        for first, second, mid in (((dx, 0), (0, dy), (x + dx, y)), ((0, dy), (dx, 0), (x, y + dy))):
            if not standable(board, *mid):
                break
            ok1, door1 = _crossing(board, x, y, _DIRECTION[first])
            ok2, door2 = _crossing(board, mid[0], mid[1], _DIRECTION[second])
            if not (ok1 and ok2):
                break
            ways.append(door1 or door2)
        else:
            found.append((nx, ny, 1.5, any(ways) or _rough_square(board, nx, ny)))
    return tuple(found)


def neighbours(board: Board, square: Square) -> tuple[tuple[int, int, float, bool], ...]:
    """The squares one step from `square`: (x, y, cost, whether the step enters rough ground)."""
    return _neighbours(board, square.x, square.y)


class _Graph:
    """A board's squares as numbers (`y * width + x`) and its steps in half squares (2 straight, 3 diagonal),
    for `reachable`'s bucket queue: built once per board."""

    def __init__(self, board: Board) -> None:
        width = board.width
        self.squares: list[Square] = [Square(i % width, i // width) for i in range(width * board.height)]
        self.steps: list[tuple[tuple[int, int], ...]] = [() for _ in self.squares]
        """Each square's steps: the square stepped to and the cost in half squares."""
        self.open_steps: list[tuple[tuple[int, int], ...]] = [() for _ in self.squares]
        """The same, but never into rough ground (a Move over open ground only)."""
        for (x, y), steps in _steps(board).items():
            here = y * width + x
            self.steps[here] = tuple((ny * width + nx, 2 if cost == 1.0 else 3) for nx, ny, cost, _ in steps)
            self.open_steps[here] = tuple(
                (ny * width + nx, 2 if cost == 1.0 else 3) for nx, ny, cost, rough in steps if not rough
            )
        self.width = width
        self.answers: dict[tuple[int, float, float, frozenset[int]], dict[Square, float]] = {}
        """`reachable`'s answers, by start, allowance and the blocked squares within its reach."""


_GRAPHS: dict[int, tuple[Board, _Graph]] = {}
_ANSWERS = 4096
"""`reachable`'s answers kept per board (all forgotten when full)."""


def _graph(board: Board) -> _Graph:
    known = _GRAPHS.get(id(board))
    if known is None or known[0] is not board:
        known = _GRAPHS[id(board)] = (board, _Graph(board))
    return known[1]


def reachable(
    board: Board, start: Square, allowance: tuple[float, float], blocked: Collection[Square]
) -> dict[Square, float]:
    """Every square a Move from `start` may end on, with what it costs (R-MOVE-01): over open ground only
    within the open allowance, or through rough ground within the rough one; never through `blocked`.

    Costs are counted in half squares (a straight step 2, a diagonal 3), so a bucket queue finds them exactly."""
    graph = _graph(board)
    width = graph.width
    farthest = max(allowance)
    walls = frozenset(square.y * width + square.x for square in blocked if distance(start, square) <= farthest)
    origin = start.y * width + start.x
    key = (origin, allowance[0], allowance[1], walls)
    known = graph.answers.get(key)
    if known is not None:
        return dict(known)
    found: dict[int, int] = {}
    size = len(graph.squares)
    for limit, steps in ((int(allowance[0] * 2), graph.open_steps), (int(allowance[1] * 2), graph.steps)):
        best = [limit + 1] * size
        best[origin] = 0
        buckets: list[list[int]] = [[] for _ in range(limit + 1)]
        buckets[0].append(origin)
        touched = [origin]
        for cost in range(limit + 1):
            for here in buckets[cost]:
                if best[here] != cost:
                    continue
                for there, step in steps[here]:
                    total = cost + step
                    if total < best[there] and there not in walls:
                        if best[there] > limit:  # (first reached)
                            touched.append(there)
                        best[there] = total
                        buckets[total].append(there)
        for there in touched:
            cost = best[there]
            if cost < found.get(there, 1 << 30):
                found[there] = cost
    del found[origin]
    squares = graph.squares
    answer = {squares[i]: found[i] / 2 for i in sorted(found, key=lambda i: (i % width, i // width))}
    if len(graph.answers) >= _ANSWERS:
        graph.answers.clear()
    graph.answers[key] = answer
    return dict(answer)


def cover_of(board: Board, target: Square, firer: Square) -> int:
    """What cover gives `target` against a shot from `firer` (R-SHOOT-01, ruling): standing on a cover
    square, or beside one (the eight neighbours) that is nearer the firer than he is; hard cover (2) beats
    soft (1); 0 in the open."""
    best = COVER.get(board.cell(target.x, target.y).terrain, 0)
    if best == 2:
        return best
    reach = distance(target, firer)
    for dx, dy in _STEPS:
        x, y = target.x + dx, target.y + dy
        if not board.in_bounds(x, y):
            continue
        value = COVER.get(board.cell(x, y).terrain, 0)
        if value > best and distance(Square(x, y), firer) < reach:
            best = value
    return best


def in_cover(board: Board, square: Square) -> bool:
    """Whether a model on `square` is in cover, for Lily Livered models and courage (R-TOUGH-01, R-COUR-01):
    on a cover square or beside one (ruling)."""
    for dx, dy in ((0, 0), *_STEPS):
        x, y = square.x + dx, square.y + dy
        if board.in_bounds(x, y) and board.cell(x, y).terrain in COVER:
            return True
    return False
