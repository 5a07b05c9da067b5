"""The shipped tables of every line of sight (`fragtui.engine.sightlines`, written by
`fragtui.engine.ruthless.sightlines`) say what the exact geometry says (R-SHOOT-01: models do not block sight, so a
map's lines of sight never change), and a table is used only for the board it was made for.

The full check of every pair is `python -m fragtui.engine.ruthless.sightlines --check` (a few seconds); here each
map's table is checked for every pair from a spread of squares, and whole for the largest map.
"""

from __future__ import annotations

import pytest

from fragtui.content.maps import format_map, load_named_map, parse_map
from fragtui.engine.board import Square
from fragtui.engine.ruthless.grid import standable
from fragtui.engine.ruthless.sightlines import MAPS, compute_rows, sight_table, table_path


@pytest.mark.parametrize("name", MAPS)
def test_a_shipped_table_says_what_the_geometry_says(name: str) -> None:
    """R-SHOOT-01: for every 7th square (every square on the largest map), its line of sight to every square of
    the map read off the table equals the geometry's walk (`Sight.walls_clear`, asked afresh on a new board: not
    `line_of_sight`, which reads the table itself)."""
    board = load_named_map(name)
    table = sight_table(board)
    assert table is not None, f"no sight table shipped for {name}: run python -m fragtui.engine.ruthless.sightlines"
    fresh = load_named_map(name).geometry
    squares = [Square(x, y) for x in range(board.width) for y in range(board.height) if standable(board, x, y)]
    stride = 1 if name == "desert" else 7
    for a in squares[::stride]:
        for b in squares:
            assert table.sees(a, b) is fresh.sight.walls_clear(a, b), (a, b)


def test_a_table_is_used_only_for_the_board_it_was_made_for() -> None:
    """An edited map (one wall more) has another digest, so no table: its lines of sight are walked as before
    and the old table's answer across the new wall is not given."""
    board = load_named_map("main-street")
    assert sight_table(board) is not None
    lines = format_map(board).splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("+") and i > 5)  # an edge row inside the map
    edited = lines[row][:1] + "-" * (len(lines[row]) - 2) + lines[row][-1:]
    changed = parse_map("\n".join([*lines[:row], edited, *lines[row + 1 :]]) + "\n")
    assert table_path(changed) != table_path(board)
    assert sight_table(changed) is None


def test_compute_rows_are_symmetric_and_see_themselves() -> None:
    """Sight is symmetric (the geometry's tests hold it to that) and a square sees itself; rock sees nothing."""
    board = load_named_map("main-street")
    rows = compute_rows(board)
    height = board.height
    for i, row in enumerate(rows):
        if row is None:
            assert not standable(board, i // height, i % height)
            continue
        assert row >> i & 1
        for j, other in enumerate(rows):
            if other is not None:
                assert (row >> j & 1) == (other >> i & 1)
