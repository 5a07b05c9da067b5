"""Moving in a Real-Time Frag segment: costs by facing, jumps over segments, part-way squares (J-RT-05..08).

A fighter's Movement step in one segment, as pure functions over a `Footing` (his square, facing, the points
this segment left him, and a move under way). `legal_orders` says what he may order, `carry_out` checks one
order and gives the footing after it, and `open_segment` / `close_segment` pay a jump in the air and throw
away the points a segment did not use. The board's own tests decide what a step or a jump may cross
(`Geometry.step`, `Geometry.jump`: walls, doors, windows, diagonal walls, as in Frag, F-JUMP-03); where
other fighters stand is the ruleset's to add (`blocked`, and the clashes of simultaneous moves).

Costs (J-RT-06), by the way the fighter faces (`facing.Way`):

    forward   step 1 a square   jump up to Speed squares, 2 a square
    backward,
    left,
    right     step 2 a square   jump up to half Speed (rounded down) squares, 4 a square
    turning   1 per quarter turn (J-RT-05)

The rulings (docs/rulings.md, J-RT-05..08): a move that costs more than the points left is paid in part and
recorded (`Progress`), the fighter staying on the square he left until he arrives; a jump may span segments,
its later segments' points going to it first, and must land by the end of its third segment (and of the turn).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Collection
from enum import StrEnum
from fractions import Fraction
from typing import Annotated, Literal, Self, TypeAlias, cast
from weakref import ReferenceType, WeakKeyDictionary, ref

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fragtui.engine.actions import ActionModel, register_action
from fragtui.engine.board import Board, Direction, Square
from fragtui.engine.geometry import MIN_JUMP, Geometry
from fragtui.engine.kept import kept_by_identity
from fragtui.engine.realtime.facing import Way, heading, turn_cost
from fragtui.engine.realtime.speed_table import SEGMENTS
from fragtui.engine.unvalidated import as_validated
from fragtui.errors import IllegalActionError

__all__ = [
    "HOP_COST",
    "JUMP_COSTS",
    "JUMP_SEGMENTS",
    "STEP_COSTS",
    "Face",
    "Footing",
    "Hop",
    "Jump",
    "Motion",
    "Order",
    "Progress",
    "Step",
    "carry_out",
    "close_segment",
    "footing_of",
    "jump_cost",
    "jump_reach",
    "legal_orders",
    "may_order",
    "open_segment",
    "order_text",
    "points_ahead",
]

STEP_COSTS = {Way.FORWARD: 1, Way.BACKWARD: 2, Way.LEFT: 2, Way.RIGHT: 2}
"""Movement points per square of a step, by its way from the fighter's facing (J-RT-06)."""
JUMP_COSTS = {Way.FORWARD: 2, Way.BACKWARD: 4, Way.LEFT: 4, Way.RIGHT: 4}
"""Movement points per square of a jump, by its way from the fighter's facing (J-RT-06)."""
JUMP_SEGMENTS = 3
"""No jump lasts more than three segments: the one it begins in and the next two (J-RT-06)."""
HOP_COST = 1
"""A teleporter hop costs 1 point, whatever the facing, as in Frag (F-MAP-05; ruling J-RT-06)."""


def jump_reach(speed: int, way: Way) -> int:
    """The longest jump `way` for a fighter of Speed score `speed` (J-RT-06): his Speed forward, half of it
    rounded down backward or to a side. (A jump is of 2 squares at least, F-JUMP-01.)"""
    return speed if way is _FORWARD else speed // 2


def jump_cost(way: Way, squares: int) -> int:
    """Points for a jump of `squares` squares `way` (J-RT-06): the seed's 4 forward for 8, 3 right for 12."""
    return JUMP_COSTS[way] * squares


def points_ahead(points: tuple[int, ...], segment: int) -> int:
    """The points of the segments after `segment` that a jump begun in it may still use (J-RT-06): the next
    two, or fewer at the turn's end (ruling: a jump lands within the turn it began in)."""
    if len(points) != SEGMENTS or not 1 <= segment <= SEGMENTS:
        raise ValueError(f"a spread of {SEGMENTS} segments and a segment 1..{SEGMENTS}: got {points}, {segment}")
    return sum(points[segment : segment + JUMP_SEGMENTS - 1])


# -- orders ----------------------------------------------------------------------------------------------


class _Order(ActionModel):
    """An order of the Movement step: an action as the kernel's are (frozen, a notation, a pasteable repr such
    as `Step(way='right', squares=2)`), registered with the kernel (`register_action`) so that a game's log, its
    saves and the kernel's parser know it. Its JSON kinds are its own (`rt-step`, not Frag's `step`), and its
    notation names a way from the facing (`step right 2`), which none of Frag's does (`step e`)."""


def _way(word: str) -> Way | None:
    """The way a word of a notation names (`forward`, `back`), or None."""
    word = word.lower()
    if word == "back":
        return Way.BACKWARD
    return next((way for way in Way if way.value == word), None)


@register_action
class Face(_Order):
    """Turn to face a direction of the map, 1 point a quarter turn (J-RT-05)."""

    kind: Literal["rt-face"] = "rt-face"
    facing: Direction
    """The facing turned to: N, E, S or W (the map's up, right, down, left)."""

    def __str__(self) -> str:
        return f"face {self.facing}"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        """`face n`."""
        if head == "face" and len(rest) == 1 and rest[0].lower() in {d.value for d in Direction}:
            return cls(facing=Direction(rest[0].lower()))
        return None


@register_action
class Step(_Order):
    """Walk `squares` squares in a straight line `way` from the facing, paying square by square (J-RT-06/07)."""

    kind: Literal["rt-step"] = "rt-step"
    way: Way
    """Forward (1 a square), or backward, left or right (2 a square), from the fighter's facing."""
    squares: int = Field(default=1, ge=1)
    """Squares walked; the last may be reached only part-way when the points run out (J-RT-07)."""

    def __str__(self) -> str:
        return f"step {self.way}" + (f" {self.squares}" if self.squares != 1 else "")

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        """`step forward`, `step right 2`."""
        if head != "step" or not 1 <= len(rest) <= 2:
            return None
        way = _way(rest[0])
        if way is None or (len(rest) == 2 and not rest[1].isdigit()):
            return None
        return cls(way=way, squares=int(rest[1]) if len(rest) == 2 else 1)


@register_action
class Jump(_Order):
    """Jump in a straight line `way` from the facing, over up to three segments (J-RT-06)."""

    kind: Literal["rt-jump"] = "rt-jump"
    way: Way
    """Forward (up to Speed squares, 2 a square), or backward, left or right (up to half Speed, 4 a square)."""
    squares: int = Field(ge=MIN_JUMP)
    """Squares jumped: 2 at least (F-JUMP-01)."""

    def __str__(self) -> str:
        return f"jump {self.way} {self.squares}"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        """`jump forward 3`."""
        if head != "jump" or len(rest) != 2 or not rest[1].isdigit():
            return None
        way = _way(rest[0])
        return None if way is None else cls(way=way, squares=int(rest[1]))


@register_action
class Hop(_Order):
    """From a teleporter square to another, for 1 point, facing kept (F-MAP-05; ruling J-RT-06)."""

    kind: Literal["rt-hop"] = "rt-hop"
    to: Square
    """The teleporter square arrived at."""

    def __str__(self) -> str:
        return f"hop to {self.to}"

    @classmethod
    def parse(cls, head: str, rest: list[str]) -> Self | None:
        """`hop to 3,4` (Frag's own hop is `hop 3,4`)."""
        if head == "hop" and len(rest) == 2 and rest[0] == "to":
            return cls(to=Square.parse(rest[1]))
        return None


Order: TypeAlias = Annotated[Face | Step | Jump | Hop, Field(discriminator="kind")]
"""One order of a fighter's Movement step."""


# -- where a fighter is ----------------------------------------------------------------------------------


class Motion(StrEnum):
    """What kind of move is under way."""

    STEP = "step"
    JUMP = "jump"


class Progress(BaseModel):
    """A move paid in part (J-RT-07): a step toward the next square, or a jump in the air.

    Ruling J-RT-07: until it is paid in full the fighter is still on the square he left (`Footing.square`),
    for range, line of sight, being attacked and attacking; he has not entered the square ahead. A step's
    progress is one square's: the points paid of its cost (a fighter with 1 point stepping sideways is half
    way). A jump's is the whole jump's.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    motion: Motion
    """A step or a jump."""
    way: Way
    """Its way from the fighter's facing when it was ordered (the facing does not change while it is under way)."""
    heading: Direction
    """Its direction on the map."""
    path: tuple[Square, ...] = Field(min_length=1)
    """The squares ahead, in order, the last the one arrived at: one for a step; for a jump every square
    it passes over and then the landing square."""
    cost: int = Field(ge=2)
    """Points the whole move costs (a step's square, or the whole jump)."""
    paid: int = Field(ge=1)
    """Points paid toward it so far: at least 1, less than `cost`."""
    began: int = Field(ge=1, le=SEGMENTS)
    """The segment it was ordered in (a jump lands by the end of segment `began` + 2, J-RT-06)."""

    @model_validator(mode="after")
    def _part_paid(self) -> Progress:
        if self.paid >= self.cost:
            raise ValueError(f"a move paid in full ({self.paid} of {self.cost}) is no longer under way")
        return self

    @property
    def to(self) -> Square:
        """Where the move arrives."""
        return self.path[-1]

    @property
    def owed(self) -> int:
        """Points still to pay before he arrives."""
        return self.cost - self.paid

    @property
    def done(self) -> Fraction:
        """How much of the move is paid, 0 to 1 (a half-way sidestep is 1/2): what the map shows."""
        return Fraction(self.paid, self.cost)

    @property
    def last_segment(self) -> int:
        """The last segment a jump may still be paid in: its third, or the turn's last (J-RT-06)."""
        return min(self.began + JUMP_SEGMENTS - 1, SEGMENTS)

    def __str__(self) -> str:
        return f"{self.motion} {self.way} to {self.to}, {self.paid} of {self.cost} points paid"


class Footing(BaseModel):
    """One fighter in a segment's Movement step: where he stands, which way he faces, what he may spend."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    square: Square
    """The square he stands on, and counts as standing on while a move is under way (ruling J-RT-07)."""
    facing: Direction
    """The way he faces (J-RT-05)."""
    points: int = Field(ge=0)
    """Movement points left in this segment (lost when it ends, J-RT-08)."""
    progress: Progress | None = None
    """A move paid in part, if one is under way (J-RT-07)."""

    @property
    def in_the_air(self) -> bool:
        """Whether a jump is under way: until it lands, his points go to it and he may order nothing else."""
        return self.progress is not None and self.progress.motion is _MOTION_JUMP


_FOOTINGS: dict[tuple[Square, Direction, int, Progress | None], Footing] = {}
"""Every footing made so far (`footing_of`), by its fields."""

# Enum members read on the hot paths below, kept as module globals: in Python 3.11 a member read off its enum
# (`Status.IN_PLAY`) goes through the enum metaclass's attribute hook, several times dearer than a global.
_MOTION_JUMP = Motion.JUMP
_MOTION_STEP = Motion.STEP
_FORWARD = Way.FORWARD


def footing_of(square: Square, facing: Direction, points: int, progress: Progress | None = None) -> Footing:
    """The footing of these fields, made once: a footing is immutable, and the same few are met again and again
    (each fighter's as a segment opens and closes, and after each order he gives)."""
    key = (square, facing, points, progress)
    found = _FOOTINGS.get(key)
    if found is None:
        if len(_FOOTINGS) > 65_536:
            _FOOTINGS.clear()
        found = _FOOTINGS[key] = _new_footing(square, facing, points, progress)
    return found


_FOOTING_FIELDS = frozenset(Footing.model_fields)
"""Every field of a footing: all given whenever one is made (`_new_footing`)."""


def _new_footing(square: Square, facing: Direction, points: int, progress: Progress | None) -> Footing:
    """`Footing(square=square, facing=facing, points=points, progress=progress)`: the same footing, made without
    pydantic's validation when every value already is what validating it would keep (a `Square`, which its
    validator hands back as it is; a `Direction`; a plain `int` of 0 or more; None or a `Progress`, never validated
    again), as pydantic writes it (the fields in their order, all four set, no extra, no private values); anything
    else is validated as ever, and refused as ever. (Made about once a decision, each order's footing after it.)"""
    values = {"square": square, "facing": facing, "points": points, "progress": progress}
    if (
        type(square) is not Square
        or type(facing) is not Direction
        or type(points) is not int
        or points < 0
        or (progress is not None and type(progress) is not Progress)
    ):
        return Footing(**values)
    return as_validated(Footing, values, set(_FOOTING_FIELDS))


_PROGRESS_FIELDS = frozenset(Progress.model_fields)
"""Every field of a move under way: all given whenever one is made (`_new_progress`)."""


def _new_progress(
    motion: Motion, way: Way, heading: Direction, path: tuple[Square, ...], cost: int, paid: int, began: int
) -> Progress:
    """`Progress(motion=motion, way=way, heading=heading, path=path, cost=cost, paid=paid, began=began)`: the same
    move under way, made without pydantic's validation when every value already is what validating it keeps (the
    enums' own members, a tuple of `Square`s, plain `int`s) and within its bounds (a cost of 2 or more, part of it
    paid, a segment of the turn), as `_new_footing` makes a footing; anything else is validated as ever, and refused
    as ever. (Made whenever a step is paid in part or a jump takes off.)"""
    values = {
        "motion": motion,
        "way": way,
        "heading": heading,
        "path": path,
        "cost": cost,
        "paid": paid,
        "began": began,
    }
    if (
        type(motion) is not Motion
        or type(way) is not Way
        or type(heading) is not Direction
        or type(path) is not tuple
        or not path
        or any(type(square) is not Square for square in path)
        or type(cost) is not int
        or type(paid) is not int
        or type(began) is not int
        or not 1 <= paid < cost
        or not 1 <= began <= SEGMENTS
    ):
        return Progress(**values)
    return as_validated(Progress, values, set(_PROGRESS_FIELDS))


# -- the orders a fighter may give -----------------------------------------------------------------------


def _walk(
    board: Board, square: Square, direction: Direction, most: int, blocked: Collection[tuple[int, int]]
) -> list[Square]:
    """The squares of a straight walk from `square`, as far as `most` squares or the first that stops a step."""
    geometry = board.geometry
    found: list[Square] = []
    here = square
    while len(found) < most:
        there = geometry.step(here, direction)
        if there is None or (there.x, there.y) in blocked:
            break
        found.append(there)
        here = there
    return found


def _continuing(footing: Footing, way: Way) -> int:
    """Points already paid toward the first square of a step `way`: those of a step part-way in that way."""
    progress = footing.progress
    if progress is not None and progress.motion is _MOTION_STEP and progress.way is way:
        return progress.paid
    return 0


def legal_orders(
    board: Board,
    footing: Footing,
    *,
    speed: int,
    segment: int,
    points: tuple[int, ...],
    blocked: Collection[tuple[int, int]] = (),
    ahead: int | None = None,
) -> list[Order]:
    """Every order `footing`'s fighter may give now, in segment `segment` of a turn spread as `points`.

    `speed` is his Speed score (with cards), which bounds his jumps; `points` the spread of his Speed roll
    (J-RT-03, J-RT-09), whose next segments may pay for a jump begun now. Nothing while a jump is under way
    (it takes his points until it lands) or with no point left. Steps: every number of squares he can at
    least begin (`Step.squares`); jumps: those that land by the end of their third segment.

    In that order: the turns (by `Direction`), then for each way (by `Way`) its steps and its jumps (shortest
    first), then the teleporter hops. What the board allows from a square (how far a walk goes, which jumps
    land) is worked out once per board, square and set of blocked squares (`_lines`), and each way's orders once
    per facing there too (`_ways`); the orders themselves are made once each (`_order_of`), an order being
    immutable. `ahead`: `points_ahead(points, segment)` when the caller has it already.
    """
    left = footing.points
    progress = footing.progress
    if left < 1 or (progress is not None and progress.motion is _MOTION_JUMP):
        return []
    facing = footing.facing
    faces = _FACE_RUNS[facing]
    found: list[Order] = list(faces[left if left < len(faces) else -1])
    if ahead is None:
        ahead = points_ahead(points, segment)
    lines = _lines(board, footing.square, blocked)
    ways = lines[2].get(facing)
    if ways is None:
        ways = lines[2][facing] = _ways(lines[0], facing)
    continuing = progress.way if progress is not None else None
    for way, each, per_square, walk, steps, jumps, run, forward in ways:
        if walk:
            paid = progress.paid if way is continuing and progress is not None else 0
            # The nth square is begun when the first n - 1 are paid: (n - 1) * each - paid < points.
            squares = (left + paid - 1) // each + 1
            found.extend(steps if squares >= walk else steps[:squares])
        if jumps:
            reach = speed if forward else speed // 2  # (`jump_reach`)
            within = (left + ahead) // per_square
            if within < reach:
                reach = within
            if reach >= jumps[0]:
                found.extend(run if reach >= jumps[-1] else run[: bisect_right(jumps, reach)])
    found.extend(lines[1])
    return found


_Way: TypeAlias = tuple[Way, int, int, int, tuple["Step", ...], tuple[int, ...], tuple["Jump", ...], bool]
"""One way from a square for one facing (`_ways`): the way, its cost a square stepped and jumped, how many
squares a walk goes, the steps of one square to all of them, the lengths of the jumps that land (shortest first)
and their orders, and whether it is forward (a jump's reach, `jump_reach`)."""


def _ways(lines: dict[Direction, tuple[int, tuple[int, ...]]], facing: Direction) -> tuple[_Way, ...]:
    """For a fighter facing `facing` on a square whose walks and jumps are `lines` (`_lines`), each way (by `Way`)
    with its orders made: what `legal_orders` slices by the points he has, worked out once a square and facing
    rather than looked up way by way at every footing."""
    found = []
    for way, direction, each, per_square in _HEADINGS[facing]:
        walk, jumps = lines[direction]
        steps = _steps(way, walk) if walk > 0 else ()
        run = _JUMP_RUNS.get((way, jumps))
        if run is None:
            run = _JUMP_RUNS[(way, jumps)] = tuple(cast("Jump", _order_of(Jump, way, n)) for n in jumps)
        found.append((way, each, per_square, max(walk, 0), steps, jumps, run, way is _FORWARD))
    return tuple(found)


@kept_by_identity(4096)
def order_text(order: Order) -> str:
    """`str(order)`, worked out once an order: the orders handed out are made once each (`_order_of`, `_FACES`,
    `_lines`' hops), and every segment's orders are told in the log (`steps forward 2, face n`)."""
    return str(order)


def may_order(footing: Footing) -> bool:
    """Whether `footing`'s fighter may order anything (`legal_orders` not empty), without making the orders: a
    point left and no jump in the air, for then a quarter turn (1 point, J-RT-05) is always his to order."""
    progress = footing.progress
    return footing.points >= 1 and (progress is None or progress.motion is not _MOTION_JUMP)


_FACES: dict[Direction, tuple[tuple[int, Face], ...]] = {
    facing: tuple(
        (turn_cost(facing, direction), Face(facing=direction)) for direction in Direction if direction is not facing
    )
    for facing in Direction
}
"""For each facing, the turns he may order from it (by `Direction`) and what each costs (J-RT-05)."""

_FACE_RUNS: dict[Direction, tuple[tuple[Face, ...], ...]] = {
    facing: tuple(
        tuple(face for cost, face in faces if cost <= points) for points in range(max(cost for cost, _ in faces) + 1)
    )
    for facing, faces in _FACES.items()
}
"""For each facing, the turns he may order with 0, 1, ... points (the last entry: with as many as the dearest
costs, or more), in `_FACES`' order."""

_HEADINGS: dict[Direction, tuple[tuple[Way, Direction, int, int], ...]] = {
    facing: tuple((way, heading(facing, way), STEP_COSTS[way], JUMP_COSTS[way]) for way in Way) for facing in Direction
}
"""For each facing, each way (by `Way`) with its direction on the map, its cost a square stepped and jumped."""

_ORDERS: dict[tuple[type, Way, int], Step | Jump] = {}
"""Every step and jump order made so far, by kind, way and squares: the same immutable order handed out again."""

_STEP_RUNS: dict[tuple[Way, int], tuple[Step, ...]] = {}
"""The steps of one to n squares `way`, by (way, n)."""

_JUMP_RUNS: dict[tuple[Way, tuple[int, ...]], tuple[Jump, ...]] = {}
"""The jumps `way` of each length that lands from a square (`_lines`, shortest first), by (way, lengths): a
fighter's jumps are the first of them, as many as his reach allows (one slice, not an order looked up each)."""


def _order_of(kind: type[Step] | type[Jump], way: Way, squares: int) -> Step | Jump:
    key = (kind, way, squares)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = kind(way=way, squares=squares)
    return order


def _steps(way: Way, squares: int) -> tuple[Step, ...]:
    run = _STEP_RUNS.get((way, squares))
    if run is None:
        run = _STEP_RUNS[(way, squares)] = tuple(cast("Step", _order_of(Step, way, n)) for n in range(1, squares + 1))
    return run


_Lines: TypeAlias = tuple[
    dict[Direction, tuple[int, tuple[int, ...]]], tuple[Hop, ...], dict[Direction, tuple["_Way", ...]]
]
"""From one square: for each direction, how many squares a walk goes and the lengths of the jumps that land
(shortest first); the teleporter hops; and for each facing met there, its ways with their orders (`_ways`,
filled as `legal_orders` meets the facings)."""

_Known: TypeAlias = dict[tuple[Square, frozenset[tuple[int, int]]], _Lines]

_Runs: TypeAlias = dict[tuple[Square, Direction, frozenset[tuple[int, int]]], int]
"""From a square, in a direction, with blocked squares: how many squares a straight line goes (`_run`)."""

_LINES: WeakKeyDictionary[Geometry, tuple[_Known, _Runs, _Runs]] = WeakKeyDictionary()
"""By board (its geometry, kept as long as the board): what `_lines` worked out, by square and blocked squares,
and the lengths of its walks and of its jumps' lines (`_run`), by square, direction and blocked squares (a
board's walls never change)."""

_LAST_LINES: list[tuple[ReferenceType[Geometry], tuple[_Known, _Runs, _Runs]]] = []
"""The board last asked about (a weak reference to its geometry) and its entry of `_LINES`: a game asks about one
board, and a weak dictionary's look-up is dear."""


def _lines(board: Board, square: Square, blocked: Collection[tuple[int, int]]) -> _Lines:
    """What the board allows from `square`, `blocked` squares neither entered nor passed over: worked out once.

    For each direction, how many squares a walk goes (`_walk`'s length) and the lengths of the jumps that land
    (`Geometry.jumps`: from `MIN_JUMP` to as far as the jump's line goes); each found by `_run`, which works out
    every square of a line at once, so that a square first met in a game costs a look-up per direction rather
    than a walk to the wall."""
    stop = blocked if type(blocked) is frozenset else frozenset(blocked)
    geometry = board.geometry
    if _LAST_LINES and _LAST_LINES[0][0]() is geometry:
        known, walks, leaps = _LAST_LINES[0][1]
    else:
        entry = _LINES.setdefault(geometry, ({}, {}, {}))
        known, walks, leaps = entry
        _LAST_LINES[:] = [(ref(geometry), entry)]
    key = (square, stop)
    found = known.get(key)
    if found is None:
        if len(known) > 16_384:
            known.clear()
            walks.clear()
            leaps.clear()
        lines = {
            direction: (
                _run(walks, geometry.step, square, direction, stop, None),
                tuple(range(MIN_JUMP, _run(leaps, geometry.leap, square, direction, stop, geometry.lands_only) + 1)),
            )
            for direction in Direction
        }
        hops = tuple(Hop(to=to) for to in geometry.hops(square) if (to.x, to.y) not in stop)
        found = known[key] = (lines, hops, {})
    return found


def _run(
    runs: _Runs,
    step: Callable[[Square, Direction], Square | None],
    square: Square,
    direction: Direction,
    stop: frozenset[tuple[int, int]],
    lands_only: Callable[[Square], bool] | None,
) -> int:
    """How many squares a straight line goes from `square` `direction`, each square of it one `step` on from the
    last, to the first that `step` refuses or that is in `stop`; for a jump's line, to the first square he may
    land on but not pass over too (`lands_only`: a diagonal wall's half, an in-square door; `Geometry.jumps`).

    The squares of one line share it (from the next square it goes one fewer), so the length is kept for every
    square met on the way (`runs`), and a line is walked at most once per board, direction and blocked squares."""
    chain: list[Square] = []
    here = square
    length = runs.get((here, direction, stop))
    while length is None:
        chain.append(here)
        there = step(here, direction)
        if there is None or (there.x, there.y) in stop:
            length = -1  # (the last square of the chain goes no farther)
        elif lands_only is not None and lands_only(there):
            length = 0  # (the last square of the chain goes one farther, and no more)
        else:
            here = there
            length = runs.get((here, direction, stop))
    for met in reversed(chain):
        length += 1
        runs[(met, direction, stop)] = length
    return length


def carry_out(
    board: Board,
    footing: Footing,
    order: Order,
    *,
    speed: int,
    segment: int,
    points: tuple[int, ...],
    blocked: Collection[tuple[int, int]] = (),
) -> Footing:
    """The footing after `order`, checked: an order `legal_orders` would not give raises `IllegalActionError`.

    Any order but the step under way drops a step paid in part (ruling J-RT-07: he never left his square;
    the points paid are lost). A step walks square by square while the points last and records the next
    square paid in part; a jump lands now if this segment's points pay it, else it is under way.
    """
    if footing.in_the_air:
        raise IllegalActionError(f"a jump is under way ({footing.progress}): he may order nothing until he lands")
    if footing.points < 1:
        raise IllegalActionError("no movement points left in this segment")
    if isinstance(order, Face):
        return _face(footing, order)
    if isinstance(order, Step):
        return _step(board, footing, order, segment, blocked)
    if isinstance(order, Jump):
        return _jump(board, footing, order, speed, segment, points, blocked)
    return _hop(board, footing, order, blocked)


def _face(footing: Footing, order: Face) -> Footing:
    cost = turn_cost(footing.facing, order.facing)
    if cost == 0:
        raise IllegalActionError(f"he already faces {order.facing}")
    if cost > footing.points:
        raise IllegalActionError(f"turning to face {order.facing} costs {cost} points, {footing.points} left")
    return footing_of(footing.square, order.facing, footing.points - cost)


def _step(board: Board, footing: Footing, order: Step, segment: int, blocked: Collection[tuple[int, int]]) -> Footing:
    direction = heading(footing.facing, order.way)
    each = STEP_COSTS[order.way]
    paid = _continuing(footing, order.way)
    path = _walk(board, footing.square, direction, order.squares, blocked)
    if len(path) < order.squares:
        raise IllegalActionError(f"{order}: something stops the walk after {len(path)} square(s)")
    if (order.squares - 1) * each - paid >= footing.points:
        raise IllegalActionError(f"{order}: {footing.points} point(s) do not reach the last square")
    square, left = footing.square, footing.points
    for there in path:
        owed = each - paid
        if owed > left:
            progress = _new_progress(_MOTION_STEP, order.way, direction, (there,), each, paid + left, segment)
            return footing_of(square, footing.facing, 0, progress)
        square, left, paid = there, left - owed, 0
    return footing_of(square, footing.facing, left)


def _jump(
    board: Board,
    footing: Footing,
    order: Jump,
    speed: int,
    segment: int,
    points: tuple[int, ...],
    blocked: Collection[tuple[int, int]],
) -> Footing:
    reach = jump_reach(speed, order.way)
    if order.squares > reach:
        raise IllegalActionError(f"{order}: a jump {order.way} reaches {reach} squares at Speed {speed}")
    direction = heading(footing.facing, order.way)
    landing = board.geometry.jump(footing.square, direction, order.squares, blocked)
    if landing is None:
        raise IllegalActionError(f"{order}: something on the line stops the jump")
    cost = jump_cost(order.way, order.squares)
    if cost <= footing.points:
        return footing_of(landing, footing.facing, footing.points - cost)
    ahead = points_ahead(points, segment)
    if cost > footing.points + ahead:
        raise IllegalActionError(
            f"{order} costs {cost}: {footing.points} now and {ahead} in the next segments do not land it"
            f" within {JUMP_SEGMENTS} segments"
        )
    # Passed-over squares are whole squares in line (a jump never passes over a diagonal wall, F-JUMP-03).
    over = tuple(
        Square(footing.square.x + direction.dx * n, footing.square.y + direction.dy * n)
        for n in range(1, order.squares)
    )
    progress = _new_progress(_MOTION_JUMP, order.way, direction, (*over, landing), cost, footing.points, segment)
    return footing_of(footing.square, footing.facing, 0, progress)


def _hop(board: Board, footing: Footing, order: Hop, blocked: Collection[tuple[int, int]]) -> Footing:
    if order.to not in board.geometry.hops(footing.square) or (order.to.x, order.to.y) in blocked:
        raise IllegalActionError(f"{order}: no teleporter hop from {footing.square} leads there")
    return footing_of(order.to, footing.facing, footing.points - HOP_COST)


# -- segments --------------------------------------------------------------------------------------------


def open_segment(footing: Footing, points: int) -> Footing:
    """The footing as a segment's Movement step opens with `points` (his entry of the spread, J-RT-03).

    A jump in the air takes them first (ruling J-RT-06): if they pay it he lands, and keeps what is left for
    other orders in this segment; if not, they all go to it.
    """
    if points < 0:
        raise ValueError(f"a segment gives no fewer than 0 points, got {points}")
    progress = footing.progress
    if progress is None or progress.motion is not _MOTION_JUMP:
        return footing_of(footing.square, footing.facing, points, progress)
    if points >= progress.owed:
        return footing_of(progress.to, footing.facing, points - progress.owed)
    if points == 0:
        return footing_of(footing.square, footing.facing, 0, progress)
    return footing_of(footing.square, footing.facing, 0, progress.model_copy(update={"paid": progress.paid + points}))


def close_segment(footing: Footing, segment: int) -> tuple[Footing, int]:
    """End segment `segment`'s movement (J-RT-08): the footing after it, and the points it lost.

    Points not spent are lost. A step paid in part stays recorded for the next segment, but not past the
    turn's end (ruling J-RT-07: every turn starts on a whole square). A jump not paid by the end of its last
    segment (`Progress.last_segment`: only when his Speed fell after it began, J-RT-09) falls short
    (ruling J-RT-06): he lands on the farthest square of its line that the points paid cover, or stays put
    if they cover none.
    """
    if not 1 <= segment <= SEGMENTS:
        raise ValueError(f"segments are numbered 1 to {SEGMENTS}, got {segment}")
    lost = footing.points
    progress = footing.progress
    square = footing.square
    if progress is not None and progress.motion is _MOTION_JUMP and segment >= progress.last_segment:
        covered = progress.paid * len(progress.path) // progress.cost
        square = progress.path[covered - 1] if covered else footing.square
        progress = None
    elif progress is not None and segment == SEGMENTS:
        progress = None
    return footing_of(square, footing.facing, 0, progress), lost
