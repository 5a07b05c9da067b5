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

import heapq
import math
from bisect import bisect_right
from collections.abc import Callable, Collection, Hashable, Iterable
from itertools import accumulate
from typing import Any, Generic, NamedTuple, TypeVar

from fragtui.engine.board import Board, Direction, EdgeFeature, Square, Terrain

__all__ = [
    "COVER",
    "FOOT",
    "MOUNTED",
    "BitTable",
    "bit_indices",
    "bit_table",
    "cover_of",
    "distance",
    "in_cover",
    "neighbours",
    "nth_bit",
    "reach_bits",
    "reachable",
    "square_at",
    "square_bit",
    "square_bits",
    "squares_of",
    "standable",
    "walk_field",
]

T = TypeVar("T")

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


class _Reach:
    """A board's squares as the bits of one int, for `reachable` and `reach_bits`: built once per board.

    A square is bit `x * height + y` (column by column), so that ascending bits run in (x, y) order, the order a
    Move's destinations are offered in. A Move is worked out for every square at once, cost layer by cost layer
    (`layers`), with a shift and a mask per direction of step instead of a loop over squares: a Move over the
    largest map costs tens of microseconds instead of hundreds, and Ruthless asks for one or two at every decision.

    The two ways a Move may go (R-MOVE-01: over open ground only, within the open allowance; or through rough
    ground, within the rough one) are worked out together in one int: the open way in the low `size` bits, the
    rough way in the bits above them (`layers`), each direction's mask holding both halves. A Move is walked in
    the bits of the columns it can reach only (`window`), and its answer put back in the board's.
    """

    def __init__(self, board: Board) -> None:
        height = board.height
        size = board.width * height
        self.height = height
        self.size = size
        self.squares: tuple[Square, ...] = tuple(Square(i // height, i % height) for i in range(size))
        """Each bit's square."""
        self.square_table = BitTable(self.squares.__getitem__)
        """The squares of any bits (`squares_of`)."""
        self.square_bit = {square: 1 << index for index, square in enumerate(self.squares)}
        """Each square's bit (`square_bit`): made once, where `1 << index` would make a board-wide int anew."""
        self.tables: dict[Hashable, BitTable[Any]] = {}
        """Other things by the bit of their square, kept for the board (`bit_table`)."""
        masks: dict[tuple[int, int], int] = {}
        for (x, y), steps in _steps(board).items():
            bit = 1 << (x * height + y)
            for nx, ny, _, rough in steps:
                way = (nx - x, ny - y)
                masks[way] = masks.get(way, 0) | bit << size | (0 if rough else bit)
        self.masks = masks
        """The squares a step may leave from, by the step's (dx, dy): open steps in the low half, every step
        (rough ones too) in the high half."""
        self.low = (1 << size) - 1
        """The low half's bits (the open way's)."""
        self.windows: dict[tuple[int, int], _Window] = {}
        """`window`'s answers, by first and last column."""
        self.regions: dict[tuple[int, float, float], _Free] = {}
        """`reaches`' answers, by start and allowance."""
        self.answers: dict[tuple[int, float, float, int], int] = {}
        """`reach_bits`'s answers, by start, allowance and the blocked squares on the core (`core`)."""
        self.costs: dict[tuple[int, float, float, int], dict[Square, float]] = {}
        """`reachable`'s answers, by the same keys."""

    def bits(self, squares: Iterable[Square | None]) -> int:
        """The bits of `squares` (None: left out), each read off `square_bit` (a Ruthless model stands on a whole
        square only)."""
        bit = self.square_bit
        found = 0
        for square in squares:
            if square is not None:
                found |= bit[square]
        return found

    def window(self, origin: int, allowance: tuple[float, float]) -> _Window:
        """The columns a Move from bit `origin` within `allowance` can reach (a step to another column costs at
        least a square), as a `_Window`: made once per first and last column."""
        height = self.height
        column, reach = origin // height, int(max(allowance))
        first, last = max(0, column - reach), min(self.size // height - 1, column + reach)
        found = self.windows.get((first, last))
        if found is None:
            offset, size = first * height, (last - first + 1) * height
            low = (1 << size) - 1
            first_column = (1 << height) - 1
            edge = first_column | first_column << size  # (both halves)
            leaving_first, leaving_last = edge, edge << (size - height)

            def mask(step: tuple[int, int]) -> int:
                full = self.masks.get(step, 0)
                both = (full >> offset) & low | ((full >> (self.size + offset)) & low) << size
                if step[0] > 0:
                    both &= ~leaving_last
                elif step[0] < 0:
                    both &= ~leaving_first
                return both

            found = self.windows[(first, last)] = _Window(
                offset, size, low, height,
                mask((1, 0)), mask((-1, 0)), mask((0, 1)), mask((0, -1)),
                mask((1, 1)), mask((1, -1)), mask((-1, 1)), mask((-1, -1)),
            )  # fmt: skip
        return found

    def layers(self, origin: int, allowance: tuple[float, float], walls: int, free: _Free | None = None) -> list[int]:
        """The squares first reached at each cost (in half squares: 2 straight, 3 diagonal), both ways at once
        (the open way in the low half, the rough way in the high half), never into `walls`, in the bits of the
        Move's window (`_Free.window`).

        Worked out from the layers with nobody in the way (`reaches`, kept for each start): a wall first met at
        cost c changes no layer below c + 2, since a way through it costs at least two more half squares. So those
        layers are the free ones with the walls taken out, and only the costs above are walked (`_walk`). `free`:
        `reaches(origin, allowance)`, if the caller has it."""
        if free is None:
            free = self.reaches(origin, allowance)
        if not walls:
            return list(free.layers)
        window = free.window
        walls = (walls >> window.offset) & window.low
        both = walls | walls << window.size
        keep = self._unchanged(free, both)
        found = [layer ^ (layer & both) for layer in free.layers[:keep]]
        if keep < len(free.layers):
            self._walk(window, found[-3] if keep >= 3 else 0, found[-2], found[-1], keep,
                       free.reached[keep - 1] | both, allowance, found)  # fmt: skip
        return found

    def spread(self, origin: int, allowance: tuple[float, float], walls: int, free: _Free | None = None) -> int:
        """Every square a Move from bit `origin` may end on, never into `walls` (bits on the core), either way:
        `layers`' union, worked out without keeping the layers walked (what the legal actions ask).

        A model standing still while others move near him (most of the Moves asked at a decision) is walked from
        the nearest of them on, not from his own square. `free`: `reaches(origin, allowance)`, if the caller has it."""
        if free is None:
            free = self.reaches(origin, allowance)
        window = free.window
        size, low = window.size, window.low
        walls = (walls >> window.offset) & low
        both = walls | walls << size
        keep = self._unchanged(free, both)
        layers = free.layers
        if keep < len(layers):
            diagonal = layers[keep - 3] if keep >= 3 else 0
            straight, last = layers[keep - 2], layers[keep - 1]
            out = free.reached[keep - 1] | both
            unreached = self._walk(window, diagonal ^ (diagonal & both), straight ^ (straight & both),
                                   last ^ (last & both), keep, out, allowance, [])  # fmt: skip
            every = (low | low << size) ^ unreached ^ both
        else:
            every = free.reached[-1] ^ (free.reached[-1] & both)
        return (every & low | every >> size) << window.offset & ~(1 << origin)

    @staticmethod
    def _unchanged(free: _Free, both: int) -> int:
        """How many of the free layers a Move with `both` (walls, both halves) in the way shares with them, the walls
        taken out: those below the cost of the nearest wall + 2 (`layers`). (Counted up from the start: the nearest
        wall is most often a few costs away, sooner found so than by halving.)"""
        reached = free.reached
        for first, squares in enumerate(reached):
            if squares & both:
                return min(first + 2, len(reached))
        return len(reached)

    @staticmethod
    def _walk(
        window: _Window,
        diagonal: int,
        straight: int,
        last: int,
        cost: int,
        out: int,
        allowance: tuple[float, float],
        layers: list[int],
    ) -> int:
        """Walk on from `cost` (`diagonal`, `straight` and `last`: the layers of cost - 3, - 2 and - 1) to the
        allowance's end, never into `out` (the squares reached, and the walls, both halves), in `window`'s bits:
        each new layer put on `layers`; the squares left unreached, both halves, returned.

        (The hottest loop of the legal actions: the squares not yet reached are kept as a positive mask,
        `unreached`, rather than `& ~reached`, which makes Python build a negative int of the whole window at every
        cost; and a cost with no diagonal step to take skips those. The ints span the window's columns only, not
        the board's: a foot Move on the largest map needs 13 of its 28, and a shift or a mask costs by the digit.)"""
        size, height = window.size, window.height
        open_limit, rough_limit = int(allowance[0] * 2), int(allowance[1] * 2)
        low = window.low
        high = low << size
        unreached = (high | low) ^ out
        east, west, south, north = window.east, window.west, window.south, window.north
        south_east, north_east = window.south_east, window.north_east
        south_west, north_west = window.south_west, window.north_west
        across, up, down = height, height - 1, height + 1
        put = layers.append
        # Up to the shorter allowance both ways go on; past it, only the way with the longer one (its half kept).
        phases = ((min(open_limit, rough_limit), high | low), (open_limit, low), (rough_limit, high))
        closed = 0  # (the squares of the half given up: unreached all the same)
        for end, way in phases if open_limit != rough_limit else phases[:1]:
            if end < cost:
                continue
            closed |= unreached ^ (unreached & way)
            unreached &= way
            for _ in range(cost, end + 1):
                new = (
                    (straight & east) << across
                    | (straight & west) >> across
                    | (straight & south) << 1
                    | (straight & north) >> 1
                )
                if diagonal:
                    new |= (
                        (diagonal & south_east) << down
                        | (diagonal & north_east) << up
                        | (diagonal & south_west) >> up
                        | (diagonal & north_west) >> down
                    )
                new &= unreached
                put(new)
                unreached ^= new
                diagonal, straight, last = straight, last, new
            cost = end + 1
        return unreached | closed

    def reaches(self, origin: int, allowance: tuple[float, float]) -> _Free:
        """A Move from bit `origin` with nobody in the way, worked out once (all forgotten past `_REGIONS` starts)."""
        key = (origin, allowance[0], allowance[1])
        found = self.regions.get(key)
        if found is None:
            window = self.window(origin, allowance)
            size, low, offset = window.size, window.low, window.offset
            here = origin - offset
            start = 1 << here | 1 << (here + size)
            layers = [start, 0]
            self._walk(window, 0, start, 0, 2, start, allowance, layers)
            open_limit, rough_limit = int(allowance[0] * 2), int(allowance[1] * 2)
            inner = 0
            reached: list[int] = []
            every = 0
            for cost, layer in enumerate(layers):
                if cost <= open_limit - 2:
                    inner |= layer & low
                if cost <= rough_limit - 2:
                    inner |= layer >> size
                every |= layer
                reached.append(every)
            if len(self.regions) >= _REGIONS:
                self.regions.clear()
            region = (every & low | every >> size) << offset & ~(1 << origin)
            core = inner << offset & ~(1 << origin)
            found = self.regions[key] = _Free(region, core, tuple(layers), tuple(reached), window)
        return found


class _Window(NamedTuple):
    """The columns a Move can reach (`_Reach.window`), as bits of their own: the Move's walk shifts and masks
    ints of these columns only, both halves (the open way's low `size` bits, the rough way's above them)."""

    offset: int
    """The board's bit of the window's first square (its bit 0)."""
    size: int
    """The window's squares: one half's bits."""
    low: int
    """The low half's bits."""
    height: int
    """The board's height: a column's bits."""
    east: int
    """The squares a step east may leave from, both halves (as `_Reach.masks`); none of the last column, so that
    no step could shift a square into the other half. (A guard: a Move reaches the window's last column with its
    allowance spent, so none steps on from there.)"""
    west: int
    """The same for a step west (none of the first column)."""
    south: int
    """The same for a step south."""
    north: int
    """The same for a step north."""
    south_east: int
    """The same for a diagonal step (none of the last column)."""
    north_east: int
    """The same (none of the last column)."""
    south_west: int
    """The same (none of the first column)."""
    north_west: int
    """The same (none of the first column)."""


class _Free(NamedTuple):
    """A Move from one square with nobody in the way (`_Reach.reaches`)."""

    region: int
    """The squares it could end on."""
    core: int
    """The squares of the region it could go on from: those reached at least one step (2 half squares) within
    the allowance, either way. A model on any other square of the region blocks that square only: a Move that went
    on from it would cost more than its allowance, and a model in the way only makes a Move dearer. So only models
    on the core change where else a Move may end (`reach_bits`' cache key)."""
    layers: tuple[int, ...]
    """The squares first reached at each cost, both halves, in the window's bits (`_Reach.layers`)."""
    reached: tuple[int, ...]
    """The squares reached by each cost, both halves, in the window's bits: the layers' running union."""
    window: _Window
    """The columns the Move can reach (`_Reach.window`): the bits of `layers` and `reached`."""


_REGIONS = 2048
"""Starts and allowances whose free layers `_Reach.reaches` keeps per board (a few kilobytes each; a board has at
most two allowances a square on foot and two mounted, most never met)."""

_REACHES: dict[int, tuple[Board, _Reach]] = {}
_ANSWERS = 4096
"""`reach_bits`'s and `reachable`'s answers kept per board, each (all forgotten when full)."""


def _reach(board: Board) -> _Reach:
    known = _REACHES.get(id(board))
    if known is None or known[0] is not board:
        known = _REACHES[id(board)] = (board, _Reach(board))
    return known[1]


def square_bits(board: Board, squares: Iterable[Square | None]) -> int:
    """`squares` as `reach_bits` counts them (None: left out), e.g. the squares models stand on."""
    return _reach(board).bits(squares)


def square_bit(board: Board) -> dict[Square, int]:
    """Each whole square's bit, as `square_bits` counts them (a table: the rules ask for the models' squares at every
    decision)."""
    return _reach(board).square_bit


def reach_bits(board: Board, start: Square, allowance: tuple[float, float], blocked: int) -> int:
    """The squares a Move from `start` may end on (R-MOVE-01), as bits (`squares_of` reads them): `reachable`'s
    squares, `blocked` given as bits (`square_bits`; `start` among them is left out: the mover's own square). For
    the legal actions, which need no costs."""
    reach = _reach(board)
    origin = start.x * reach.height + start.y
    free = reach.reaches(origin, allowance)
    walls = blocked & free.core
    if not walls:
        return free.region & ~blocked
    key = (origin, allowance[0], allowance[1], walls)
    found = reach.answers.get(key)
    if found is None:
        found = reach.spread(origin, allowance, walls, free)
        if len(reach.answers) >= _ANSWERS:
            reach.answers.clear()
        reach.answers[key] = found
    return found & ~blocked  # (the models on the region's edge: each blocks his own square only, `_Free.core`)


_CHUNK = 8
"""Bits read at a time by `bit_indices` and `BitTable`: a byte (a table of every 16-bit chunk's bits would take a
third of a second to build at import, for no gain measured)."""
_CHUNK_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(bit for bit in range(_CHUNK) if value >> bit & 1) for value in range(1 << _CHUNK)
)
"""The bits set in each chunk's value, lowest first."""


def _chunks(bits: int) -> tuple[int, bytes]:
    """`bits` as bytes, lowest first, from the first that is not empty: (its number, the bytes). (A Move's squares
    lie in a band of columns: the bytes below it are skipped at once.)"""
    first = ((bits & -bits).bit_length() - 1) // _CHUNK if bits else 0
    bits >>= first * _CHUNK
    return first, bits.to_bytes((bits.bit_length() + 7) // 8, "little")


def bit_indices(bits: int) -> list[int]:
    """The bits set in `bits`, lowest first (a byte at a time: most bytes of a Move's squares are empty or full)."""
    found: list[int] = []
    first, chunks = _chunks(bits)
    for chunk, value in enumerate(chunks, first):
        if value:
            base = chunk * _CHUNK
            found += [base + bit for bit in _CHUNK_BITS[value]]
    return found


_CHUNK_COUNTS = bytes(len(bits) for bits in _CHUNK_BITS)
"""How many bits each chunk's value has set (a `bytes.translate` table)."""


def nth_bit(bits: int, n: int) -> int:
    """The `n`-th bit set in `bits` (0: the lowest), 0 <= n < bits.bit_count(): found by the running count of each
    byte's bits (C loops all: a Move's squares are picked one of a hundred without reading the rest)."""
    first, chunks = _chunks(bits)
    counts = list(accumulate(chunks.translate(_CHUNK_COUNTS)))
    chunk = bisect_right(counts, n)
    before = counts[chunk - 1] if chunk else 0
    return (first + chunk) * _CHUNK + _CHUNK_BITS[chunks[chunk]][n - before]


class BitTable(Generic[T]):
    """Something for each bit (`item(index)`), read off the set bits of an int in bit order: a chunk of the int
    at a time, each chunk's items made once and kept (a Move's squares as squares, or as MoveTo actions)."""

    def __init__(self, item: Callable[[int], T]) -> None:
        self.item = item
        """What a bit stands for."""
        self.known: dict[int, tuple[T, ...]] = {}
        """The items of each chunk met, by where it is (above the bits) and its value."""
        self.items: dict[int, T] = {}
        """Each bit's item, made once: a chunk's value not met before is put together from these (making an
        item, a pydantic action, costs a hundred times more than finding it)."""

    def of(self, bits: int) -> list[T]:
        """The items of the bits set in `bits`, lowest bit first."""
        found: list[T] = []
        known = self.known
        first, chunks = _chunks(bits)
        for chunk, value in enumerate(chunks, first):
            if value:
                key = chunk << _CHUNK | value
                items = known.get(key)
                if items is None:
                    items = known[key] = self._chunk(chunk * _CHUNK, value)
                found += items
        return found

    def one(self, index: int) -> T:
        """Bit `index`'s item."""
        item = self.items.get(index)
        if item is None:
            item = self.items[index] = self.item(index)
        return item

    def _chunk(self, base: int, value: int) -> tuple[T, ...]:
        """The items of a chunk's bits `value`, its lowest bit `base`."""
        one = self.one
        return tuple([one(base + bit) for bit in _CHUNK_BITS[value]])


def squares_of(board: Board, bits: int) -> list[Square]:
    """The squares of `bits`, in (x, y) order: the order `reachable` gives them."""
    return _reach(board).square_table.of(bits)


def square_at(board: Board, index: int) -> Square:
    """The square of bit `index` (`square_bits`' numbering)."""
    return _reach(board).squares[index]


def bit_table(board: Board, key: Hashable, item: Callable[[Square], T]) -> BitTable[T]:
    """The board's `BitTable` named `key` (made the first time, with `item` for each square): things that
    depend on the square only, such as one model's MoveTo actions, read off a Move's bits in every game on it."""
    reach = _reach(board)
    table = reach.tables.get(key)
    if table is None:
        squares = reach.squares
        table = reach.tables[key] = BitTable(lambda index: item(squares[index]))
    return table


def reachable(
    board: Board, start: Square, allowance: tuple[float, float], blocked: Collection[Square]
) -> dict[Square, float]:
    """Every square a Move from `start` may end on, with what it costs (R-MOVE-01), in (x, y) order: over open
    ground only within the open allowance, or through rough ground within the rough one; never through `blocked`.

    Costs are counted in half squares (a straight step 2, a diagonal 3), so the layers of `_Reach.layers` give
    them exactly: a square costs the first layer it is in, either way."""
    reach = _reach(board)
    origin = start.x * reach.height + start.y
    free = reach.reaches(origin, allowance)
    walls = reach.bits(blocked) & free.region
    key = (origin, allowance[0], allowance[1], walls)
    known = reach.costs.get(key)
    if known is not None:
        return dict(known)
    window = free.window
    size, low, offset = window.size, window.low, window.offset
    cost_of: dict[int, int] = {}
    for cost, layer in enumerate(reach.layers(origin, allowance, walls, free)):
        if cost:
            for index in bit_indices(((layer & low) | layer >> size) << offset):
                if index not in cost_of:
                    cost_of[index] = cost
    squares = reach.squares
    answer = {squares[index]: cost_of[index] / 2 for index in sorted(cost_of)}
    if len(reach.costs) >= _ANSWERS:
        reach.costs.clear()
    reach.costs[key] = answer
    return dict(answer)


def walk_field(board: Board, starts: Iterable[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """The walk from the nearest of `starts` to every square a path reaches: the length of the shortest path by the
    board's steps (`neighbours`: walls and rocks in the way, a diagonal 1½), a step into rough ground counting
    double (a Move through it goes half as far, R-MOVE-01); models are left out. The steps are symmetric, so it is
    the walk to `starts` as well. Dijkstra's: the strongbox's placing and home edges, and the bots' goals."""
    best: dict[tuple[int, int], float] = {start: 0.0 for start in starts}
    queue = [(0.0, start) for start in best]
    heapq.heapify(queue)
    while queue:
        cost, (x, y) = heapq.heappop(queue)
        if cost > best[(x, y)]:
            continue
        for nx, ny, step, rough in _neighbours(board, x, y):
            total = cost + step * (2 if rough else 1)
            if total < best.get((nx, ny), math.inf):
                best[(nx, ny)] = total
                heapq.heappush(queue, (total, (nx, ny)))
    return best


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
