"""How a board is drawn in the terminal: one single-width glyph and one role per character cell.

The picture is the map file's own grid (so players and map designers see the same thing), with
box-drawing lines for walls and their junctions. Roles name what a glyph stands for; the map view
turns them into colours, and with NO_COLOR or in 16 colours the glyphs alone still tell every
feature apart.
"""

from __future__ import annotations

from enum import StrEnum

from fragtui.content.maps import CELL_SYMBOLS, cell_symbol, describe_cell
from fragtui.engine.board import Board, Cell, Diagonal, Edge, EdgeFeature, Square, Terrain


class Role(StrEnum):
    FLOOR = "floor"
    WALL = "wall"
    DOOR = "door"
    WINDOW = "window"
    SOLID = "solid"
    ACID = "acid"
    GRATE = "grate"
    TELEPORTER = "teleporter"
    WEAPON = "weapon"
    GADGET = "gadget"
    POWER_UP = "power-up"
    RESPAWN = "respawn"
    BEAST = "beast"
    GALLOWS = "gallows"
    OBJECTIVE = "objective"
    COVER = "cover"


_TERRAIN_ROLE = {
    Terrain.FLOOR: Role.FLOOR,
    Terrain.SOLID: Role.SOLID,
    Terrain.ACID: Role.ACID,
    Terrain.GRATE: Role.GRATE,
    Terrain.TELEPORTER: Role.TELEPORTER,
    Terrain.WEAPON_POWER_UP: Role.WEAPON,
    Terrain.GADGET_POWER_UP: Role.GADGET,
    Terrain.POWER_UP: Role.POWER_UP,
    Terrain.RESPAWN_POINT: Role.RESPAWN,
    Terrain.TENTACLE: Role.BEAST,
    Terrain.MOUTH: Role.BEAST,
    Terrain.GALLOWS: Role.GALLOWS,
    Terrain.DOOR: Role.DOOR,
    Terrain.HILL: Role.OBJECTIVE,
    Terrain.FLAG: Role.OBJECTIVE,
    Terrain.ROUGH: Role.COVER,
    Terrain.SOFT_COVER: Role.COVER,
    Terrain.HARD_COVER: Role.COVER,
    Terrain.DIAGONAL_WALL: Role.WALL,
}

# Junction glyphs by which arms (north, south, west, east) carry a wall, door or window.
_JUNCTION = {
    (False, False, False, False): " ",
    (True, False, False, False): "╵",
    (False, True, False, False): "╷",
    (False, False, True, False): "╴",
    (False, False, False, True): "╶",
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (True, True, True, True): "┼",
}

Glyph = tuple[str, Role]


def _cell_glyph(cell: Cell) -> Glyph:
    if cell.diagonal is Diagonal.SLASH:
        return "╱", Role.WALL
    if cell.diagonal is Diagonal.BACKSLASH:
        return "╲", Role.WALL
    if cell.terrain is Terrain.SOLID:
        return "░", Role.SOLID
    if cell.terrain is Terrain.FLOOR:
        return "·", Role.FLOOR
    return cell_symbol(cell), _TERRAIN_ROLE[cell.terrain]


def _edge_glyph(edge: Edge | None, horizontal: bool) -> Glyph:
    if edge is None:
        return " ", Role.FLOOR
    if edge.feature is EdgeFeature.WALL:
        return ("─" if horizontal else "│"), Role.WALL
    if edge.feature is EdgeFeature.WINDOW:
        return ("┄" if horizontal else "┆"), Role.WINDOW
    if edge.one_way is not None:
        return {"n": "^", "s": "v", "w": "<", "e": ">"}[edge.one_way.value], Role.DOOR
    return ("═" if horizontal else "║"), Role.DOOR


def board_glyphs(board: Board) -> list[list[Glyph]]:
    """The whole picture: (2·height+1) rows of (2·width+1) glyphs."""
    rows: list[list[Glyph]] = []
    for ty in range(2 * board.height + 1):
        row: list[Glyph] = []
        y = ty // 2
        for tx in range(2 * board.width + 1):
            x = tx // 2
            if ty % 2 == 0 and tx % 2 == 0:
                arms = (
                    y > 0 and board.v_edges[y - 1][x] is not None,
                    y < board.height and board.v_edges[y][x] is not None,
                    x > 0 and board.h_edges[y][x - 1] is not None,
                    x < board.width and board.h_edges[y][x] is not None,
                )
                row.append((_JUNCTION[arms], Role.WALL))
            elif ty % 2 == 0:
                row.append(_edge_glyph(board.h_edges[y][x], horizontal=True))
            elif tx % 2 == 0:
                row.append(_edge_glyph(board.v_edges[y][x], horizontal=False))
            else:
                row.append(_cell_glyph(board.cells[y][x]))
        rows.append(row)
    return rows


def describe_square(board: Board, x: int, y: int) -> str:
    """A line for the status bar: where the cursor is and what is printed there."""
    cell = board.cells[y][x]
    what = describe_cell(cell)
    extras = []
    if cell.beast is not None:
        extras.append(f"beast {cell.beast + 1}")
    if board.in_main_street(Square(x, y)):
        extras.append("Main Street")
    return f"{x},{y}  {what}" + (f"  ({', '.join(extras)})" if extras else "")


def legend(board: Board) -> list[tuple[Glyph, str]]:
    """What each glyph on this board means, in the order of the map format's legend."""
    used = {cell_symbol(cell) for row in board.cells for cell in row}
    entries: list[tuple[Glyph, str]] = []
    respawns_done = False
    for ch, cell in CELL_SYMBOLS.items():
        if ch not in used:
            continue
        if cell.respawn is not None:
            if respawns_done:
                continue
            respawns_done = True
            count = len(board.respawn_points)
            entries.append(((f"1-{count}", Role.RESPAWN), "respawn points"))
            continue
        entries.append((_cell_glyph(cell), describe_cell(cell)))
    entries += [
        (("─│", Role.WALL), "wall"),
        (("═║", Role.DOOR), "two-way door"),
        (("^v<>", Role.DOOR), "one-way door, passed going the arrow's way"),
        (("┄┆", Role.WINDOW), "window: stops movement, not sight"),
    ]
    return entries
