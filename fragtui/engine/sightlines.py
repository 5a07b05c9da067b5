"""Every line of sight of a map, worked out once and shipped with the game: read here, for any system.

A map's walls never change, so the walls part of every line of sight between two whole squares (`Sight.walls_clear`,
F-ATK-02) can be worked out once for every pair (`python -m fragtui.engine.ruthless.sightlines`, a few seconds a
map) and stored in `sight_tables/<digest>.bin`, named by the digest of everything that answer depends on
(`Sight.walls_fingerprint`). A board whose digest has no file (a new or edited map) has no table, and its lines of
sight are walked as before: a table is never used for a board it was not made for. Ruthless reads whole rows of it
(R-SHOOT-01: models never block sight); `Sight.line_of_sight` reads a pair's bit before it walks the geometry
(Frag's targets, every fighter's, every Combat step of Real-Time Frag).

The file: for each square (bit `x * height + y`) the squares it sees, as `width * height` bits, little-endian, one
after the other; zlib-compressed. A square nobody can stand on (rock, a square split by a diagonal wall) sees nothing
and is marked so (`SightTable.rows` None), and is asked of the geometry as before.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from fragtui.engine.board import Board, Square

if TYPE_CHECKING:
    from fragtui.engine.sight import Sight

__all__ = ["TABLES", "SightTable", "decode_rows", "read_table", "sight_table", "table_path"]

TABLES = Path(__file__).with_name("sight_tables")
"""Where the tables are shipped (one file a map, by digest)."""


class SightTable:
    """The lines of sight between every two whole squares of one board: `rows[i] >> j & 1` when square `i` sees
    square `j` (bits numbered `x * height + y`); a row is None for a square nobody stands on."""

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
    return TABLES / f"{board.geometry.sight.walls_fingerprint()}.bin"


def decode_rows(width: int, height: int, data: bytes) -> tuple[int | None, ...]:
    """A table file's rows (see the module's docstring) for a board of `width` by `height` squares."""
    size = width * height
    row_bytes = (size + 8) // 8
    raw = zlib.decompress(data)
    if len(raw) != row_bytes * size:
        raise ValueError(f"a sight table of {len(raw)} bytes, not {row_bytes * size}")
    flag = 1 << size
    rows = (int.from_bytes(raw[i * row_bytes : (i + 1) * row_bytes], "little") for i in range(size))
    return tuple(None if row & flag else row for row in rows)


def read_table(sight: Sight) -> SightTable | None:
    """The shipped table of `sight`'s board (by its walls' digest), or None when none was made for it."""
    path = TABLES / f"{sight.walls_fingerprint()}.bin"
    if not path.is_file():
        return None
    return SightTable(sight.height, decode_rows(sight.width, sight.height, path.read_bytes()))


def sight_table(board: Board) -> SightTable | None:
    """`board`'s shipped table (read once per board, `Sight.table`), or None when none was made for this board."""
    return board.geometry.sight.table
