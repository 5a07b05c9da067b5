"""What a player learns by studying the map before the game: ways across it, hazards, power-ups.

The board never changes during a game, so this is worked out once per board and shared by every
bot (`sense_of`). Walking is searched here rather than with `FragWindow.routes` because a bot
needs two things the engine's routes do not give: a way that keeps out of acid altogether even
when a wet one is cheaper (the engine's cheapest route takes the acid when it saves a point), and
distances across the whole map, beyond this turn's movement, to head somewhere over several turns.

Every move here costs one point (steps, teleporter hops), so a breadth-first search finds the
cheapest ways; jumps cost two points a square and are never the cheapest way anywhere, so they
are left out. Other fighters are not obstacles here: a fighter may pass through them (F-MOVE-03),
and the bot checks each move against the legal actions before taking it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from fragtui.engine.actions import Action, Hop, Step
from fragtui.engine.board import HAZARDS, Board, Square, Terrain
from fragtui.engine.kept import kept_by_identity

__all__ = ["MapSense", "Walk", "sense_of"]

POWER_UPS = frozenset({Terrain.WEAPON_POWER_UP, Terrain.GADGET_POWER_UP, Terrain.POWER_UP})
"""Squares whose entry is checked for a card (F-PWR-01)."""
SPAWN_REACH = 10
"""Power-ups within this many points of a respawn point make it a good one to start from."""
WALKS_KEPT = 64
"""Walks a map sense keeps (`MapSense.walk`; all forgotten when full): a whole-map walk on the largest map (the
Desert, 781 squares) takes about 90 KB, so at most some 6 MB a board; the walks a decision and its rollouts ask for
start from a few squares (the fighters', the mode's)."""


@dataclass
class Walk:
    """The cheapest ways from one square: points, hazards entered on the way, and the moves."""

    start: Square
    """Where the walk begins."""
    cost: dict[Square, int] = field(default_factory=dict)
    """Points to each square reached."""
    hazards: dict[Square, int] = field(default_factory=dict)
    """Hazard squares entered on the way (the fewest among the cheapest ways)."""
    parent: dict[Square, tuple[Square, Action]] = field(default_factory=dict)
    """The square each one is entered from, and the move that enters it."""

    def moves_to(self, square: Square) -> list[Action]:
        """The moves from `start` to `square`, in order."""
        moves: list[Action] = []
        while square != self.start:
            square, move = self.parent[square][0], self.parent[square][1]
            moves.append(move)
        moves.reverse()
        return moves

    def squares_to(self, square: Square) -> list[Square]:
        """The squares entered on the way to `square`, in order, `square` last."""
        squares: list[Square] = []
        while square != self.start:
            squares.append(square)
            square = self.parent[square][0]
        squares.reverse()
        return squares


class MapSense:
    """One board's ways, hazards and power-ups, worked out once."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._walks: dict[tuple[Square, int | None, bool], Walk] = {}
        """The walks worked out so far, by (start, budget, dry): the board never changes, so neither do they."""
        geometry = board.geometry
        squares = board.all_squares()
        self.links: dict[Square, tuple[tuple[Square, Action], ...]] = {}
        """The one-point moves from each square: steps (F-MOVE-02) and teleporter hops (F-MAP-05)."""
        back: dict[Square, list[Square]] = {square: [] for square in squares}
        for square in squares:
            links: list[tuple[Square, Action]] = [(to, Step(direction=d)) for d, to in geometry.steps(square)]
            links.extend((to, Hop(to=to)) for to in geometry.hops(square))
            self.links[square] = tuple(links)
            for to, _ in links:
                back.setdefault(to, []).append(square)
        self._back = {square: tuple(froms) for square, froms in back.items()}
        self.hazards: frozenset[Square] = frozenset(s for s in squares if board.cells[s.y][s.x].terrain in HAZARDS)
        """Squares that hurt whoever enters them (acid, F-MAP-01)."""
        open_ground: set[Square] = set()
        for point in board.respawn_points.values():
            open_ground |= geometry.connected(point)
        self.stranded: frozenset[Square] = frozenset(s for s in squares if s not in open_ground)
        """Squares no walk from a respawn point reaches (a half square walled in beside a diagonal
        wall): only a teleport gets there, and nobody walks up to a fighter who is."""
        self.power_ups: frozenset[Square] = frozenset(s for s in squares if board.cells[s.y][s.x].terrain in POWER_UPS)
        """Power-up squares."""
        self.to_power_up: dict[Square, int] = self._distances_to(self.power_ups)
        """Points from each square to the nearest power-up, keeping out of acid (absent: none reachable)."""
        self.spawn_worth: dict[int, float] = {
            point: self._worth_of_spawn(square) for point, square in board.respawn_points.items()
        }
        """How good each respawn point is to start from: power-ups close by, reachable dry."""

    def walk(self, start: Square, budget: int | None = None, *, dry: bool = False) -> Walk:
        """The cheapest ways from `start` within `budget` points (None: anywhere on the map).

        `dry`: never enter a hazard square. Otherwise, among the cheapest ways to a square, the
        one entering the fewest hazards.

        Worked out once for each start, budget and `dry`, then shared (`WALKS_KEPT`): the bots ask for the same
        walks again and again (from the fighters' squares, every decision of a turn, in every rollout of a search),
        and a whole-map walk was a third of a heuristic decision. The walk returned is shared: read it, never
        change it.
        """
        key = (start, budget, dry)
        known = self._walks.get(key)
        if known is not None:
            return known
        if len(self._walks) >= WALKS_KEPT:
            self._walks.clear()
        walk = self._walks[key] = self._search(start, budget, dry)
        return walk

    def _search(self, start: Square, budget: int | None, dry: bool) -> Walk:
        """The breadth-first search behind `walk`."""
        walk = Walk(start)
        walk.cost[start] = 0
        walk.hazards[start] = 0
        frontier = [start]
        links, hazards = self.links, self.hazards
        cost, entered, parent = walk.cost, walk.hazards, walk.parent
        points = 0
        while frontier and (budget is None or points < budget):
            points += 1
            layer: dict[Square, int] = {}
            for square in frontier:
                before = entered[square]
                for to, move in links.get(square, ()):
                    if to in cost:
                        continue
                    wet = to in hazards
                    if wet and dry:
                        continue
                    total = before + wet
                    known = layer.get(to)
                    if known is None or total < known:
                        layer[to] = total
                        parent[to] = (square, move)
            for square, total in layer.items():
                cost[square] = points
                entered[square] = total
            frontier = list(layer)
        return walk

    def _distances_to(self, goals: Iterable[Square]) -> dict[Square, int]:
        """Points from every square to the nearest goal, walking dry (a search over the moves reversed)."""
        distance = {goal: 0 for goal in goals}
        todo = deque(distance)
        while todo:
            square = todo.popleft()
            for before in self._back.get(square, ()):
                if before not in distance and before not in self.hazards:
                    distance[before] = distance[square] + 1
                    todo.append(before)
        return distance

    def _worth_of_spawn(self, square: Square) -> float:
        walk = self.walk(square, SPAWN_REACH, dry=True)
        return sum((SPAWN_REACH - walk.cost[p]) / SPAWN_REACH for p in self.power_ups if p in walk.cost)


@kept_by_identity(32)
def sense_of(board: Board) -> MapSense:
    """The map sense of a board, worked out on first use and then shared (by the board's identity)."""
    return MapSense(board)
