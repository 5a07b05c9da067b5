"""Movement over a board: steps, teleporter hops, jumps, and the cheapest routes.

Built once per board (`board.geometry`) and then only read. The graph is static: it knows walls,
doors and their directions, windows, diagonal walls and teleporters, but not who stands where;
callers pass what the game state adds (squares nobody may pass, such as an occupied gallows).

Rules: F-MOVE-02 (orthogonal steps), F-MAP-02 (doors and their arrows), F-MAP-05 (teleporters),
F-MAP-06 (walls, diagonal walls), D-MAP-01 (windows stop movement), F-JUMP-01..04 (jumps).
Line of sight lives in `fragtui.engine.sight`; `Geometry.line_of_sight` hands it on.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from fragtui.engine.board import (
    HAZARDS,
    Board,
    Direction,
    EdgeFeature,
    Square,
    Terrain,
    register_geometry,
    side_entered,
)

if TYPE_CHECKING:
    from fragtui.engine.sight import Sight

JUMP_COST_PER_SQUARE = 2
"""A jump costs double: 2 movement points per square (F-JUMP-04)."""
MIN_JUMP = 2
"""A 'jump' of one square is no jump at all (F-JUMP-01)."""
SCATTER_ORDER = ((0, -1), (1, 1), (-1, 0), (1, -1), (0, 1), (-1, -1), (1, 0), (-1, 1))
"""Offsets A to H of the scatter diagram (H-SCATTER-01): A north, B south-east, C west, D north-east,
E south, F north-west, G east, H south-west."""


class MoveKind(StrEnum):
    STEP = "step"
    HOP = "hop"
    """From a teleporter square to another one, for one point (F-MAP-05)."""
    JUMP = "jump"


class Move(NamedTuple):
    """One move along a route: where it goes and what it costs."""

    kind: MoveKind
    to: Square
    direction: Direction | None = None
    distance: int = 1
    thrown: int = 0
    """Squares of a jump a jump pad throws him for nothing, beyond his own longest jump (H-JUMP-01)."""

    @property
    def cost(self) -> int:
        return JUMP_COST_PER_SQUARE * (self.distance - self.thrown) if self.kind is MoveKind.JUMP else 1

    def __str__(self) -> str:
        if self.kind is MoveKind.STEP:
            return f"step {self.direction}"
        if self.kind is MoveKind.JUMP:
            return f"jump {self.direction} {self.distance}"
        return f"hop {self.to}"


class Route(NamedTuple):
    """The cheapest way found to a square: points spent, hazards entered, and the moves."""

    cost: int
    hazards: int
    moves: tuple[Move, ...]


class Geometry:
    """The movement graph of one board, and the way to its line of sight."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._steps: dict[Square, tuple[tuple[Direction, Square], ...]] = {
            square: tuple(self._compute_steps(square)) for square in board.all_squares()
        }
        self._teleporters = board.teleporters
        self._moves: dict[tuple[Square, int], list[Move]] = {}
        self._longest: dict[Square, int] = {}
        """Per square: the longest jump `_moves` holds the moves for."""
        self._leaps: dict[tuple[Square, Direction], Square | None] = {}
        """One square of a jump (`_step_target` jumping) from a square in a direction, as they are asked for."""
        self._hazard: dict[Square, int] = {
            square: int(board.cells[square.y][square.x].terrain in HAZARDS) for square in self._steps
        }

    # -- steps ---------------------------------------------------------------------------

    def _compute_steps(self, square: Square) -> Iterator[tuple[Direction, Square]]:
        for direction in Direction:
            target = self._step_target(square, direction, jumping=False)
            if target is not None:
                yield direction, target

    def _step_target(self, square: Square, direction: Direction, *, jumping: bool) -> Square | None:
        """Where one orthogonal step from `square` leads, or None if something stops it.

        Walking, a door may be passed (in its arrow's direction if one-way). Jumping, every door
        is closed and so is a wall (F-JUMP-03).
        """
        board = self.board
        x, y, side = square
        if side is not None and direction not in side.exits:
            return None
        here = board.cells[y][x]
        if here.terrain is Terrain.DOOR and here.door is not None and here.door is not direction:
            return None
        edge = board.edge(x, y, direction)
        if edge is not None:
            if edge.feature is not EdgeFeature.DOOR or jumping:
                return None
            if edge.one_way is not None and edge.one_way is not direction:
                return None
        nx, ny = x + direction.dx, y + direction.dy
        if not board.in_bounds(nx, ny):
            return None
        there = board.cells[ny][nx]
        if there.terrain is Terrain.SOLID:
            return None
        if there.terrain is Terrain.DOOR and there.door is not None and there.door is not direction:
            return None
        if there.diagonal is not None:
            return Square(nx, ny, side_entered(there.diagonal, direction.opposite))
        return Square(nx, ny)

    def steps(self, square: Square) -> tuple[tuple[Direction, Square], ...]:
        """Every legal orthogonal step from `square`, with where it leads (F-MOVE-02, F-MAP-02)."""
        return self._steps.get(square, ())

    def step(self, square: Square, direction: Direction) -> Square | None:
        for d, target in self._steps.get(square, ()):
            if d is direction:
                return target
        return None

    def hops(self, square: Square) -> tuple[Square, ...]:
        """Teleporter squares reachable for one point from a teleporter square (F-MAP-05)."""
        if square.side is None and self.board.cells[square.y][square.x].terrain is Terrain.TELEPORTER:
            return tuple(t for t in self._teleporters if t != square)
        return ()

    # -- jumps ---------------------------------------------------------------------------

    def jump(
        self,
        square: Square,
        direction: Direction,
        distance: int,
        blocked: Collection[tuple[int, int]] = (),
    ) -> Square | None:
        """The landing square of a straight jump, or None if it is not possible (F-JUMP-01..03).

        The squares passed over must be open floor of any kind (their hazards and power-ups are
        avoided, F-JUMP-02); a wall, a door, a window, a diagonal wall, solid rock, an in-square
        door or a square in `blocked` stops the jump.
        """
        if distance < MIN_JUMP:
            return None
        current = square
        for n in range(distance):
            target = self._step_target(current, direction, jumping=True)
            if target is None or (target.x, target.y) in blocked:
                return None
            last = n == distance - 1
            if not last:
                cell = self.board.cells[target.y][target.x]
                if cell.diagonal is not None or cell.terrain is Terrain.DOOR:
                    return None
            current = target
        return current

    def jumps(self, square: Square, max_distance: int, blocked: Collection[tuple[int, int]] = ()) -> list[Move]:
        """Every legal jump from `square` of at most `max_distance` squares (the fighter's Speed).

        By direction, then by distance: the jumps `jump` allows, found in one walk per direction
        (a jump of n squares passes over the first n - 1 squares of the jump of n + 1).
        """
        found = []
        for direction in Direction:
            current = square
            for distance in range(1, max_distance + 1):
                target = self._leap(current, direction)
                if target is None or (target.x, target.y) in blocked:
                    break
                if distance >= MIN_JUMP:
                    found.append(Move(MoveKind.JUMP, target, direction, distance))
                cell = self.board.cells[target.y][target.x]
                if cell.diagonal is not None or cell.terrain is Terrain.DOOR:
                    break  # he may land here, not pass over it
                current = target
        return found

    def _leap(self, square: Square, direction: Direction) -> Square | None:
        """Where one square of a jump leads: `_step_target(..., jumping=True)`, worked out once per board."""
        key = (square, direction)
        if key not in self._leaps:
            self._leaps[key] = self._step_target(square, direction, jumping=True)
        return self._leaps[key]

    def leap(self, square: Square, direction: Direction) -> Square | None:
        """Where one square of a jump from `square` leads, or None if something stops it there (F-JUMP-03): the
        step `jumps` takes, for a line of jumps worked out elsewhere (Real-Time Frag's orders)."""
        return self._leap(square, direction)

    def lands_only(self, square: Square) -> bool:
        """Whether a jump may land on `square` but not pass over it (F-JUMP-02/03): the half of a diagonal
        wall's square, or an in-square door (what ends a line of `jumps` there)."""
        cell = self.board.cells[square.y][square.x]
        return cell.diagonal is not None or cell.terrain is Terrain.DOOR

    # -- routes --------------------------------------------------------------------------

    def moves(self, square: Square, max_jump: int = 0, blocked: Collection[tuple[int, int]] = ()) -> list[Move]:
        """Every single move from `square`: steps, teleporter hops and (with Speed) jumps.

        Without `blocked`, the answer is cached per square and longest jump (the graph never changes).
        Once some longest jump has been worked out for a square, the moves with a shorter one are
        those same moves without the longer jumps.
        """
        if blocked:
            return self._compute_moves(square, max_jump, blocked)
        key = (square, max_jump)
        cached = self._moves.get(key)
        if cached is None:
            longest = self._longest.get(square, -1)
            if longest > max_jump:
                longer = self._moves[(square, longest)]
                cached = [m for m in longer if m.kind is not MoveKind.JUMP or m.distance <= max_jump]
            else:
                cached = self._compute_moves(square, max_jump, ())
                self._longest[square] = max_jump
            self._moves[key] = cached
        return cached

    def _compute_moves(self, square: Square, max_jump: int, blocked: Collection[tuple[int, int]]) -> list[Move]:
        found = [Move(MoveKind.STEP, to, d) for d, to in self.steps(square) if (to.x, to.y) not in blocked]
        found.extend(Move(MoveKind.HOP, to) for to in self.hops(square) if (to.x, to.y) not in blocked)
        if max_jump >= MIN_JUMP:
            found.extend(self.jumps(square, max_jump, blocked))
        return found

    def is_hazard(self, square: Square) -> bool:
        return self.board.cells[square.y][square.x].terrain in HAZARDS

    def reachable(
        self,
        start: Square,
        budget: int,
        max_jump: int = 0,
        blocked: Collection[tuple[int, int]] = (),
    ) -> dict[Square, Route]:
        """Every square reachable with `budget` points, with its cheapest route.

        Cheapest means fewest points, then fewest hazards entered (acid, tentacles), so the
        route the interface proposes never walks through acid when a dry one costs the same.
        `start` itself is included with an empty route. Dijkstra over (points, hazards) keeps
        one parent move per square; the routes are spelled out once at the end.
        """
        best: dict[Square, tuple[int, int]] = {start: (0, 0)}
        parent: dict[Square, tuple[Square, Move]] = {}
        queue: list[tuple[int, int, int, Square]] = [(0, 0, 0, start)]
        counter = 0
        hazard = self._hazard
        while queue:
            cost, hazards, _, square = heapq.heappop(queue)
            if best[square] < (cost, hazards):
                continue
            for move in self.moves(square, max_jump, blocked):
                new_cost = cost + move.cost
                if new_cost > budget:
                    continue
                found = (new_cost, hazards + hazard[move.to])
                known = best.get(move.to)
                if known is not None and known <= found:
                    continue
                best[move.to] = found
                parent[move.to] = (square, move)
                counter += 1
                heapq.heappush(queue, (new_cost, found[1], counter, move.to))
        routes: dict[Square, Route] = {start: Route(0, 0, ())}

        def route(square: Square) -> Route:
            known = routes.get(square)
            if known is None:
                before, move = parent[square]
                cost, hazards = best[square]
                known = routes[square] = Route(cost, hazards, (*route(before).moves, move))
            return known

        for square in best:
            route(square)
        return routes

    def reaches_besides(
        self,
        start: Square,
        budget: int,
        max_jump: int,
        avoid: Collection[Square],
        blocked: Collection[tuple[int, int]] = (),
    ) -> bool:
        """Whether some square not in `avoid` is among `reachable(start, budget, max_jump, blocked)` (`start` included).

        The same squares as `reachable`, without the routes: the search stops at the first one found.
        """
        if start not in avoid:
            return True
        best: dict[Square, int] = {start: 0}
        queue: list[tuple[int, int, Square]] = [(0, 0, start)]
        counter = 0
        while queue:
            cost, _, square = heapq.heappop(queue)
            if best[square] < cost:
                continue
            for move in self.moves(square, max_jump, blocked):
                new_cost = cost + move.cost
                if new_cost > budget or best.get(move.to, budget + 1) <= new_cost:
                    continue
                if move.to not in avoid:
                    return True
                best[move.to] = new_cost
                counter += 1
                heapq.heappush(queue, (new_cost, counter, move.to))
        return False

    def connected(self, start: Square) -> set[Square]:
        """Every square that can be walked to from `start` (steps and teleporters, no budget)."""
        return self._search(start, lambda s: [m.to for m in self.moves(s)])

    def connected_to(self, goal: Square) -> set[Square]:
        """Every square from which `goal` can be walked to (one-way doors make this differ)."""
        return self._search(goal, lambda s: self._predecessors[s])

    @cached_property
    def walled_in(self) -> frozenset[Square]:
        """Squares no walk ever leads out of: from them no move reaches the respawn points.

        Half squares beside diagonal walls that are walled in on every side (14 on Foundry, e.g.
        `9,19/sw`; 28 on Reactor) are the shipped maps' only ones. A fighter put there could never
        move again nor be seen, so a teleport card never lands there (ruling F-MAP-06); nothing
        else reaches them (respawn points, teleporters, bumps and walks stay in the region the map
        check keeps two-way, F-SETUP-03). Worked out once per board, on the first question: the
        squares that cannot walk to the first respawn point, whose region holds every respawn point
        (on a board without any respawn point, the squares with no move at all).
        """
        points = self.board.respawn_points
        if not points:
            return frozenset(square for square in self._steps if not self.moves(square))
        way_out = self.connected_to(next(iter(points.values())))
        return frozenset(square for square in self._steps if square not in way_out)

    @cached_property
    def teleport_targets(self) -> tuple[Square, ...]:
        """Every square a teleport card may put a fighter on: all but the `walled_in` ones (F-MAP-06)."""
        walled_in = self.walled_in
        return tuple(square for square in self.board.all_squares() if square not in walled_in)

    @cached_property
    def _predecessors(self) -> dict[Square, list[Square]]:
        preds: dict[Square, list[Square]] = {s: [] for s in self._steps}
        for square in self._steps:
            for move in self.moves(square):
                preds[move.to].append(square)
        return preds

    @staticmethod
    def _search(start: Square, neighbours: Callable[[Square], Iterable[Square]]) -> set[Square]:
        seen = {start}
        todo = deque([start])
        while todo:
            for nxt in neighbours(todo.popleft()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    # -- respawn clustering ----------------------------------------------------------------

    def scatter_squares(self, spawn: Square) -> list[Square]:
        """The squares around a respawn point in the scatter order A–H of H-SCATTER-01.

        The scatter diagram is a 3×3 block: top row F A D, middle row C (spawn) G, bottom row
        H E B. Squares off the map or of solid rock are left out. Beside a diagonal wall the
        scatter square is the half facing the respawn point; where the wall runs through the
        very corner facing it, that square is left out.
        """
        found = []
        for dx, dy in SCATTER_ORDER:
            x, y = spawn.x + dx, spawn.y + dy
            if not self.board.in_bounds(x, y):
                continue
            cell = self.board.cells[y][x]
            if cell.terrain is Terrain.SOLID:
                continue
            if cell.diagonal is None:
                found.append(Square(x, y))
                continue
            toward = {d for d in Direction if (d.dx, d.dy) in ((-dx, 0), (0, -dy)) and (d.dx or d.dy)}
            sides = [side for side in cell.diagonal.sides if toward <= set(side.exits)]
            if len(sides) == 1:
                found.append(Square(x, y, sides[0]))
        return found

    # -- sight ---------------------------------------------------------------------------

    @cached_property
    def sight(self) -> Sight:
        from fragtui.engine.sight import Sight

        return Sight(self.board)

    def line_of_sight(self, a: Square, b: Square, occupied: Collection[Square] = ()) -> bool:
        """Whether a fighter on `a` can see `b` (F-ATK-02); see `fragtui.engine.sight`."""
        return self.sight.line_of_sight(a, b, occupied)


register_geometry(Geometry)  # `Board.geometry` builds one of these
