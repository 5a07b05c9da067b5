"""A plain-text picture of a map for people: `fragtui maps show NAME`.

The grid is the canonical map text (so what you see is what you would write), framed with
column and row numbers and followed by a legend of the symbols the map uses.
"""

from __future__ import annotations

from collections import Counter

from fragtui.content.maps import CELL_SYMBOLS, describe_symbols, format_map
from fragtui.engine.board import Board, Terrain

EDGE_LEGEND = (
    "-  |  wall on the edge between two squares",
    "d     two-way door on an edge",
    "^ v < >  one-way door on an edge (passed in the arrow's direction)",
    "w     window on an edge (stops movement, not sight)",
)


def render_map(board: Board) -> str:
    grid = [line for line in format_map(board).splitlines() if line[:1] in "+| "]
    width = len(grid[0])
    tens = "".join(str(x // 10) if x >= 10 and i % 2 else " " for i, x in _columns(width))
    units = "".join(str(x % 10) if i % 2 else " " for i, x in _columns(width))
    lines = [
        board.name,
        *([board.description] if board.description else []),
        f"{board.width}×{board.height} squares, for {board.players_min}-{board.players_max} players, "
        f"ruleset {board.ruleset}",
        _features(board),
        "",
    ]
    margin = "    "
    if board.width > 9:
        lines.append(margin + tens.rstrip())
    lines.append(margin + units.rstrip())
    for row, line in enumerate(grid):
        label = f"{row // 2:>3} " if row % 2 else margin
        lines.append(label + line)
    used = {ch for line in grid[1::2] for ch in line[1::2]}
    order = [ch for ch in CELL_SYMBOLS if ch in used]
    lines += ["", "Legend:", *("  " + entry for entry in describe_symbols(order)), *("  " + e for e in EDGE_LEGEND)]
    return "\n".join(lines) + "\n"


def _columns(width: int) -> list[tuple[int, int]]:
    return [(i, (i - 1) // 2) for i in range(width)]


def _features(board: Board) -> str:
    counts = Counter(cell.terrain for row in board.cells for cell in row)
    parts = [f"respawn points: {len(board.respawn_points)}"]
    for terrain in (
        Terrain.WEAPON_POWER_UP,
        Terrain.GADGET_POWER_UP,
        Terrain.POWER_UP,
        Terrain.JUMP_PAD,
        Terrain.TELEPORTER,
        Terrain.ACID,
        Terrain.DOOR,
        Terrain.DIAGONAL_WALL,
        Terrain.GALLOWS,
        Terrain.GRATE,
        Terrain.HILL,
        Terrain.FLAG,
        Terrain.ROUGH,
        Terrain.SOFT_COVER,
        Terrain.HARD_COVER,
    ):
        if counts[terrain]:
            parts.append(f"{terrain}: {counts[terrain]}")
    if board.beasts:
        parts.append(f"beasts: {len(board.beasts)}")
    if board.main_street:
        parts.append("Main Street")
    return ", ".join(parts)
