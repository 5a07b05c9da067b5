"""Every line of sight of a Ruthless map, worked out once and shipped with the game (R-SHOOT-01).

Why: in Ruthless every decision lists each model's shots at every enemy in reach, and models wander all over the
map, so a game meets a few lines of sight it never asked about before at nearly every decision, each an exact
geometry walk (`Sight.walls_clear`, F-ATK-02's ruling) that cost about a sixth of a decision's time. Models do not
block sight (ruling R-SHOOT-01), so a map's lines of sight never change: they are worked out for every pair of
squares once (`python -m fragtui.engine.ruthless.sightlines`, a few seconds a map) and stored in
`sight_tables/<digest>.bin`, named by the digest of everything the walls answer depends on
(`Sight.walls_fingerprint`). A board whose digest has no file (a new or edited map) has no table, and its lines of
sight are walked as before: a table is never used for a board it was not made for.

The file: for each square (bit `x * height + y`, as `grid` numbers them) the squares it sees, as `width * height`
bits, little-endian, one after the other; zlib-compressed. A square nobody can stand on (rock, a square split by a
diagonal wall) sees nothing and is marked so (`SightTable.rows` None), and is asked of the geometry as before.
"""

from __future__ import annotations

import argparse
import zlib
from collections.abc import Sequence
from pathlib import Path

from fragtui.engine.board import Board, Square
from fragtui.engine.ruthless.grid import standable

__all__ = ["SightTable", "compute_rows", "sight_table", "table_path"]

HERE = Path(__file__).with_name("sight_tables")
"""Where the tables are shipped (one file a map, by digest)."""
MAPS = ("desert", "town", "main-street", "dry-creek")
"""The maps Ruthless plays on (`RuthlessRules.maps_for`: the Ruthless and Deadlands maps) whose tables are shipped."""


class SightTable:
    """The lines of sight between every two whole squares of one board: `rows[i] >> j & 1` when square `i` sees
    square `j` (bits numbered as `grid`'s); a row is None for a square nobody stands on."""

    def __init__(self, height: int, rows: tuple[int | None, ...]) -> None:
        self.height = height
        """The board's height (a square's bit is `x * height + y`)."""
        self.rows = rows
        """What each square sees, as bits (None: a square nobody can stand on, not in the table)."""

    def sees(self, a: Square, b: Square) -> bool | None:
        """Whether `a` sees `b`, or None when the table cannot say (a half square, or one nobody stands on)."""
        if a.side is not None or b.side is not None:
            return None
        height = self.height
        row = self.rows[a.x * height + a.y]
        there = b.x * height + b.y
        if row is None or self.rows[there] is None:
            return None
        return bool(row >> there & 1)

    def row(self, square: Square) -> int | None:
        """What `square` sees, as bits (`bit` numbers them), or None when the table cannot say."""
        return None if square.side is not None else self.rows[square.x * self.height + square.y]

    def bit(self, square: Square) -> int | None:
        """`square`'s bit in the rows, or None when the table has no row for it (`sees` could not say)."""
        if square.side is not None:
            return None
        index = square.x * self.height + square.y
        return None if self.rows[index] is None else index


def table_path(board: Board) -> Path:
    """The file of `board`'s table (whether it exists or not)."""
    return HERE / f"{board.geometry.sight.walls_fingerprint()}.bin"


def compute_rows(board: Board) -> tuple[int | None, ...]:
    """Every whole square's lines of sight, worked out by the exact geometry (symmetric: each pair walked once)."""
    height = board.height
    sight = board.geometry.sight
    squares = [x * height + y if standable(board, x, y) else None for x in range(board.width) for y in range(height)]
    rows: list[int | None] = [None if index is None else 1 << index for index in squares]
    whole = [index for index in squares if index is not None]
    for at, first in enumerate(whole):
        a = Square(first // height, first % height)
        for second in whole[at + 1 :]:
            if sight.walls_clear(a, Square(second // height, second % height)):
                rows[first] = (rows[first] or 0) | 1 << second
                rows[second] = (rows[second] or 0) | 1 << first
    return tuple(rows)


def _encode(board: Board, rows: tuple[int | None, ...]) -> bytes:
    size = board.width * board.height
    width = (size + 8) // 8  # one more bit than squares: the last marks a square nobody stands on
    flag = 1 << size
    return zlib.compress(b"".join((flag if row is None else row).to_bytes(width, "little") for row in rows), 9)


def _decode(board: Board, data: bytes) -> tuple[int | None, ...]:
    size = board.width * board.height
    width = (size + 8) // 8
    raw = zlib.decompress(data)
    if len(raw) != width * size:
        raise ValueError(f"a sight table of {len(raw)} bytes, not {width * size}")
    flag = 1 << size
    rows = (int.from_bytes(raw[i * width : (i + 1) * width], "little") for i in range(size))
    return tuple(None if row & flag else row for row in rows)


_TABLES: dict[int, tuple[Board, SightTable | None]] = {}


def sight_table(board: Board) -> SightTable | None:
    """`board`'s shipped table (read once per board object), or None when none was made for this board."""
    known = _TABLES.get(id(board))
    if known is None or known[0] is not board:
        path = table_path(board)
        table = SightTable(board.height, _decode(board, path.read_bytes())) if path.is_file() else None
        known = _TABLES[id(board)] = (board, table)
    return known[1]


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with --check, verify) the tables of the maps Ruthless plays on."""
    from fragtui.content.maps import load_named_map

    parser = argparse.ArgumentParser(prog="python -m fragtui.engine.ruthless.sightlines", description=main.__doc__)
    parser.add_argument("--check", action="store_true", help="verify the shipped tables instead of writing them")
    parser.add_argument("maps", nargs="*", default=list(MAPS), help="map names (default: every Ruthless map)")
    args = parser.parse_args(argv)
    wrong = 0
    for name in args.maps:
        board = load_named_map(name)
        rows = compute_rows(board)
        path = table_path(board)
        if args.check:
            ok = path.is_file() and _decode(board, path.read_bytes()) == rows
            wrong += not ok
            print(f"{name}: {path.name} {'as the geometry says' if ok else 'MISSING OR WRONG'}")
        else:
            HERE.mkdir(exist_ok=True)
            path.write_bytes(_encode(board, rows))
            print(f"{name}: {path.name}, {path.stat().st_size:,} bytes")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
