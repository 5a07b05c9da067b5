"""Every line of sight of a Ruthless map, worked out once and shipped with the game (R-SHOOT-01).

Why: in Ruthless every decision lists each model's shots at every enemy in reach, and models wander all over the
map, so a game meets a few lines of sight it never asked about before at nearly every decision, each an exact
geometry walk (`Sight.walls_clear`, F-ATK-02's ruling) that cost about a sixth of a decision's time. Models do not
block sight (ruling R-SHOOT-01), so a map's lines of sight never change: they are worked out for every pair of
squares once (`python -m fragtui.engine.ruthless.sightlines`, a few seconds a map) and stored in
`fragtui/engine/sight_tables/<digest>.bin` (read by the kernel, `fragtui.engine.sightlines`, which every system's
lines of sight use), named by the digest of everything the walls answer depends on
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

from fragtui.engine.board import Board, Square
from fragtui.engine.ruthless.grid import standable
from fragtui.engine.sightlines import TABLES, SightTable, decode_rows, sight_table, table_path

__all__ = ["SightTable", "compute_rows", "sight_table", "table_path"]

HERE = TABLES
"""Where the tables are shipped (one file a map, by digest): the kernel's `fragtui/engine/sight_tables`."""
MAPS = ("desert", "town", "main-street", "dry-creek")
"""The maps Ruthless plays on (`RuthlessRules.maps_for`: the Ruthless and Deadlands maps) whose tables are shipped."""


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
    return decode_rows(board.width, board.height, data)


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
