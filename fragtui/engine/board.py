"""The board: squares, walls, doors, windows and the features printed on a map.

The engine reads no files: `fragtui.content.maps` parses a map file into a `Board` and the
engine takes it from there. A `Board` is immutable; what changes during a game (who stands
where, which counters lie where) lives in the game state, never here.

Coordinates: `x` counts columns from the west (left) edge, `y` counts rows from the north (top)
edge, both from 0. A square split by a diagonal wall holds two places a fighter can stand on,
told apart by their `Side`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler
from pydantic_core import core_schema

from fragtui.engine.systems import DEFAULT_RULESET
from fragtui.errors import shown

if TYPE_CHECKING:
    from fragtui.engine.geometry import Geometry

_GEOMETRY: list[Callable[[Board], Geometry]] = []
"""What builds a board's `geometry` (`register_geometry`)."""


def register_geometry(build: Callable[[Board], Geometry]) -> None:
    """Say what builds a board's `geometry`: `fragtui.engine.geometry.Geometry`, which registers itself when
    imported (the engine's package imports it first of all), so that this module need not import the module
    that imports it (`tests/test_kernel_imports.py`)."""
    _GEOMETRY[:] = [build]


class Direction(StrEnum):
    """One of the four orthogonal directions a fighter may move in (F-MOVE-02)."""

    N = "n"
    E = "e"
    S = "s"
    W = "w"

    @property
    def dx(self) -> int:
        return _DELTA[self][0]

    @property
    def dy(self) -> int:
        return _DELTA[self][1]

    @property
    def opposite(self) -> Direction:
        return _OPPOSITE[self]


_DELTA = {Direction.N: (0, -1), Direction.E: (1, 0), Direction.S: (0, 1), Direction.W: (-1, 0)}
_OPPOSITE = {
    Direction.N: Direction.S,
    Direction.S: Direction.N,
    Direction.E: Direction.W,
    Direction.W: Direction.E,
}


class Diagonal(StrEnum):
    """A wall running corner to corner through a square (F-MAP-06)."""

    SLASH = "/"
    """From the south-west corner to the north-east corner: the sides are NW and SE."""
    BACKSLASH = "\\"
    """From the north-west corner to the south-east corner: the sides are NE and SW."""

    @property
    def sides(self) -> tuple[Side, Side]:
        return (Side.NW, Side.SE) if self is Diagonal.SLASH else (Side.NE, Side.SW)


class Side(StrEnum):
    """Which half of a square split by a diagonal wall a fighter stands in."""

    NW = "nw"
    NE = "ne"
    SE = "se"
    SW = "sw"

    @property
    def exits(self) -> tuple[Direction, Direction]:
        """The two directions whose square edges bound this half."""
        return _SIDE_EXITS[self]


_SIDE_EXITS = {
    Side.NW: (Direction.N, Direction.W),
    Side.NE: (Direction.N, Direction.E),
    Side.SE: (Direction.S, Direction.E),
    Side.SW: (Direction.S, Direction.W),
}


def side_entered(diagonal: Diagonal, through: Direction) -> Side:
    """The half of a diagonal square that a fighter is in after crossing its `through` edge."""
    for side in diagonal.sides:
        if through in side.exits:
            return side
    raise AssertionError("every edge bounds one half of a diagonal square")  # pragma: no cover


class Square(NamedTuple):
    """A place a fighter can stand: a whole square, or one side of a diagonal wall."""

    x: int
    y: int
    side: Side | None = None

    def __str__(self) -> str:
        return f"{self.x},{self.y}" + (f"/{self.side}" if self.side else "")

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        """Pydantic's own schema for the named tuple, but a `Square` handed to a model in Python is kept as it is.

        Pydantic validates a named tuple by taking it apart and building it again (checking each field), and the
        rules hand models squares at every move (an event's, an action's, a decision's): that took a third of
        making an event. A square from JSON or from a list is validated as before, with the same errors; the JSON
        written is the same."""
        plain = handler(source)

        def kept(value: object, validate: core_schema.ValidatorFunctionWrapHandler) -> object:
            return value if type(value) is cls else validate(value)

        return core_schema.json_or_python_schema(
            json_schema=plain, python_schema=core_schema.no_info_wrap_validator_function(kept, plain)
        )

    @classmethod
    def parse(cls, text: str) -> Square:
        """Read the notation `x,y` or `x,y/side` (e.g. `3,7` or `4,4/nw`)."""
        where, _, side = text.strip().partition("/")
        xs, _, ys = where.partition(",")
        try:
            return cls(int(xs), int(ys), Side(side) if side else None)
        except ValueError:
            raise ValueError(f"not a square: {shown(text)} (expected x,y or x,y/side)") from None

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)


def distance(a: Square, b: Square) -> int:
    """Range counted orthogonally: the target's square counted, your own not (F-ATK-06)."""
    return abs(a.x - b.x) + abs(a.y - b.y)


class Terrain(StrEnum):
    """What is printed on a square."""

    FLOOR = "floor"
    SOLID = "solid"
    """Rock or the outside of the map: nobody enters it and nothing sees through it."""
    ACID = "acid"
    GRATE = "grate"
    TELEPORTER = "teleporter"
    WEAPON_POWER_UP = "weapon power-up"
    GADGET_POWER_UP = "gadget power-up"
    POWER_UP = "power-up"
    """A generic power-up, rolled on the table of H-PWR-01."""
    RESPAWN_POINT = "respawn point"
    JUMP_PAD = "jump pad"
    """A jump from it, entered this turn, goes a die farther (H-JUMP-01)."""
    TENTACLE = "tentacle"
    MOUTH = "mouth"
    GALLOWS = "gallows"
    DOOR = "door"
    """A door standing inside a square; a fighter in it holds it open (F-MAP-03)."""
    HILL = "hill"
    FLAG = "flag"
    ROUGH = "rough ground"
    SOFT_COVER = "soft cover"
    HARD_COVER = "hard cover"
    DIAGONAL_WALL = "diagonal wall"


HAZARDS = frozenset({Terrain.ACID, Terrain.TENTACLE})
"""Terrain that hurts whoever enters it; a jump passes over it unharmed (F-JUMP-02)."""


class Cell(BaseModel):
    """One square of the map and what is printed on it."""

    model_config = ConfigDict(frozen=True)

    terrain: Terrain = Terrain.FLOOR
    """What is printed on the square."""
    respawn: int | None = None
    """The respawn point's number, for `Terrain.RESPAWN_POINT` only."""
    door: Direction | None = None
    """For an in-square `Terrain.DOOR`: the only direction it may be passed in, or None if two-way."""
    diagonal: Diagonal | None = None
    """For `Terrain.DIAGONAL_WALL`: which way the wall runs."""
    beast: int | None = None
    """For tentacles and mouths: the index of the beast (in `Board.beasts`) they belong to."""

    @property
    def enterable(self) -> bool:
        return self.terrain is not Terrain.SOLID


class EdgeFeature(StrEnum):
    """What stands on the edge between two squares."""

    WALL = "wall"
    DOOR = "door"
    WINDOW = "window"
    """Stops movement and jumps but not line of sight (D-MAP-01)."""


class Edge(BaseModel):
    """A wall, door or window on the edge between two squares."""

    model_config = ConfigDict(frozen=True)

    feature: EdgeFeature
    """Wall, door or window."""
    one_way: Direction | None = None
    """For a door: the only direction it may be passed in, or None for a two-way door."""


class Rect(BaseModel):
    """A rectangle of squares, corners included (used for zones such as Main Street)."""

    model_config = ConfigDict(frozen=True)

    x1: int
    """West column."""
    y1: int
    """North row."""
    x2: int
    """East column (inclusive)."""
    y2: int
    """South row (inclusive)."""

    def __contains__(self, square: object) -> bool:
        """Whether a `Square` (or an `(x, y)` pair) lies in the rectangle."""
        if not isinstance(square, tuple) or len(square) < 2:
            return False
        x, y = int(square[0]), int(square[1])
        return self.x1 <= x <= self.x2 and self.y1 <= y <= self.y2


class Beast(BaseModel):
    """A tentacle beast of the Deadlands desert (D-MAP-02)."""

    model_config = ConfigDict(frozen=True)

    mouth: tuple[int, int]
    """The beast's centre square, where a grabbed fighter is put."""
    tentacles: tuple[tuple[int, int], ...]
    """The squares whose passage forces the Accuracy check."""


class Board(BaseModel):
    """A whole map: its squares, the edges between them, and what it is for."""

    model_config = ConfigDict(frozen=True)

    name: str
    """The map's title, shown to players."""
    description: str = ""
    """A sentence or two about the map."""
    players_min: int = 2
    """The fewest players the map is recommended for."""
    players_max: int = 6
    """The most players the map is recommended for."""
    ruleset: str = DEFAULT_RULESET
    """The rule system the map was drawn for: one of `config.RULE_SYSTEMS`."""
    width: int = Field(ge=1)
    """Number of columns."""
    height: int = Field(ge=1)
    """Number of rows."""
    cells: tuple[tuple[Cell, ...], ...]
    """`cells[y][x]`: the squares, row by row from the north."""
    h_edges: tuple[tuple[Edge | None, ...], ...]
    """`h_edges[y][x]`: the edge on the north side of square (x, y); row `height` is the south border."""
    v_edges: tuple[tuple[Edge | None, ...], ...]
    """`v_edges[y][x]`: the edge on the west side of square (x, y); column `width` is the east border."""
    main_street: tuple[Rect, ...] = ()
    """The squares of Main Street (D-SHOOT-03)."""
    beasts: tuple[Beast, ...] = ()
    """The tentacle beasts on the map."""

    def cell(self, x: int, y: int) -> Cell:
        return self.cells[y][x]

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def edge(self, x: int, y: int, direction: Direction) -> Edge | None:
        """The edge on the `direction` side of square (x, y)."""
        if direction is Direction.N:
            return self.h_edges[y][x]
        if direction is Direction.S:
            return self.h_edges[y + 1][x]
        if direction is Direction.W:
            return self.v_edges[y][x]
        return self.v_edges[y][x + 1]

    def squares(self, x: int, y: int) -> tuple[Square, ...]:
        """The places a fighter can stand in cell (x, y): none, one, or two beside a diagonal wall."""
        cell = self.cells[y][x]
        if cell.terrain is Terrain.SOLID:
            return ()
        if cell.diagonal is not None:
            a, b = cell.diagonal.sides
            return (Square(x, y, a), Square(x, y, b))
        return (Square(x, y),)

    def all_squares(self) -> list[Square]:
        """Every place a fighter can stand, row by row from the north, west to east in a row."""
        return list(self._all_squares)

    @cached_property
    def _all_squares(self) -> tuple[Square, ...]:
        # Worked out once (a board never changes): a teleport card is offered to nearly every square, at every roll.
        return tuple(s for y in range(self.height) for x in range(self.width) for s in self.squares(x, y))

    def cells_of(self, terrain: Terrain) -> list[tuple[int, int]]:
        return [(x, y) for y in range(self.height) for x in range(self.width) if self.cells[y][x].terrain is terrain]

    @cached_property
    def respawn_points(self) -> dict[int, Square]:
        """Respawn point number → its square, in number order."""
        found = {
            cell.respawn: Square(x, y)
            for y, row in enumerate(self.cells)
            for x, cell in enumerate(row)
            if cell.respawn is not None
        }
        return dict(sorted(found.items()))

    @cached_property
    def teleporters(self) -> tuple[Square, ...]:
        return tuple(Square(x, y) for x, y in self.cells_of(Terrain.TELEPORTER))

    def in_main_street(self, square: Square) -> bool:
        return any(square in rect for rect in self.main_street)

    @cached_property
    def geometry(self) -> Geometry:
        """Movement, jumps and line of sight over this board (built once, then cached)."""
        return _GEOMETRY[0](self)
