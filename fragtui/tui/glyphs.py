"""How a board is drawn in the terminal: one single-width glyph and one role per character cell.

The picture is the map file's own grid (so players and map designers see the same thing), with
box-drawing lines for walls and their junctions. Roles name what a glyph stands for and
`role_style` gives each its colour, and with NO_COLOR or in 16 colours the glyphs alone still tell
every feature apart.

Feature colours are exact RGB values (not ANSI names, which Textual turns into its theme's RGB,
where red and magenta are one colour) that fall in 16 colours on the *normal* eight ANSI colours
and the greys, never on the six bright ones the seats use (seats.py). None is bold: terminals
that draw bold as bright would turn a bold red W into the red seat's colour.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from rich.style import Style

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
    JUMP_PAD = "jump pad"
    RESPAWN = "respawn"
    BEAST = "beast"
    GALLOWS = "gallows"
    OBJECTIVE = "objective"
    COVER = "cover"


ROLE_RGB: dict[Role, str] = {
    Role.FLOOR: "#606060",
    Role.WALL: "#bcbcbc",
    Role.DOOR: "#c08000",
    Role.WINDOW: "#00aaaa",
    Role.SOLID: "#505050",
    Role.ACID: "#20b020",
    Role.GRATE: "#707070",
    Role.TELEPORTER: "#b040b0",
    Role.WEAPON: "#d02828",
    Role.GADGET: "#20b0b0",
    Role.POWER_UP: "#2c2cd0",
    Role.JUMP_PAD: "#c08000",
    Role.RESPAWN: "#ffffff",
    Role.BEAST: "#20b020",
    Role.GALLOWS: "#d02828",
    Role.OBJECTIVE: "#c08000",
    Role.COVER: "#a06000",
}
"""Each feature's colour. In 16 colours: greys, white, and ANSI red, green, yellow, blue, magenta and
cyan — the seats have the bright six to themselves."""

PLAIN_RGB: dict[Role, str] = {
    Role.FLOOR: "#606060",
    Role.SOLID: "#505050",
    Role.GRATE: "#707070",
    Role.WALL: "#bcbcbc",
}
"""Under `NO_COLOR`: the background greys as they are, every other feature one light grey, not bold,
so the bold white fighters stand out and the glyph says which feature it is."""

COUNTER_RGB = "#ffffff"
"""Counters (blood, weapon piles, dropped cards) are pieces, not features: bold white, like nothing on the map."""


@lru_cache(maxsize=64)
def role_style(role: Role, *, plain: bool = False) -> Style:
    """How a feature is drawn: its colour, or its grey under `NO_COLOR` (`plain`).

    Respawn points alone are bold: they are white already, so bold cannot brighten them into a seat.
    """
    if plain:
        return Style(color=PLAIN_RGB.get(role, "#d0d0d0"))
    return Style(color=ROLE_RGB[role], bold=role is Role.RESPAWN)


def counter_style() -> Style:
    """How a counter is drawn on the map."""
    return Style(color=COUNTER_RGB, bold=True)


_TERRAIN_ROLE = {
    Terrain.FLOOR: Role.FLOOR,
    Terrain.SOLID: Role.SOLID,
    Terrain.ACID: Role.ACID,
    Terrain.GRATE: Role.GRATE,
    Terrain.TELEPORTER: Role.TELEPORTER,
    Terrain.WEAPON_POWER_UP: Role.WEAPON,
    Terrain.GADGET_POWER_UP: Role.GADGET,
    Terrain.POWER_UP: Role.POWER_UP,
    Terrain.JUMP_PAD: Role.JUMP_PAD,
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


def _cell_glyph(cell: Cell, plain: frozenset[Terrain] = frozenset()) -> Glyph:
    if cell.terrain in plain:
        return "·", Role.FLOOR
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


def board_glyphs(board: Board, plain: frozenset[Terrain] = frozenset()) -> list[list[Glyph]]:
    """The whole picture: (2·height+1) rows of (2·width+1) glyphs; squares of the `plain` terrains drawn as the
    floor (features the game played makes no use of: `Ruleset.unplayed_terrain`)."""
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
                row.append(_cell_glyph(board.cells[y][x], plain))
        rows.append(row)
    return rows


def describe_square(
    board: Board,
    x: int,
    y: int,
    *,
    points: str = "respawn point",
    plain: frozenset[Terrain] = frozenset(),
    hill: bool = False,
) -> str:
    """A line for the status bar: where the cursor is and what is printed there, in the game's words: its
    numbered points called `points` (`Ruleset.map_points`), its `plain` terrains the floor they are drawn as.

    `hill`: King of the Hill's hill is on the square (J-TAG-04). On a map with no hill square it starts
    on the flag's, which means nothing in that mode: the square is called the hill, not "flag"."""
    cell = board.cells[y][x]
    if cell.terrain in plain:
        what = str(Terrain.FLOOR)
    elif cell.respawn is not None:
        what = f"{points} {cell.respawn}"
    elif hill and cell.terrain in (Terrain.FLAG, Terrain.HILL):
        what = "hill"
    else:
        what = describe_cell(cell)
    extras = []
    if cell.beast is not None:
        extras.append(f"beast {cell.beast + 1}")
    if board.in_main_street(Square(x, y)):
        extras.append("Main Street")
    return f"{x},{y}  {what}" + (f"  ({', '.join(extras)})" if extras else "")


def legend(board: Board, points: str = "respawn point") -> list[tuple[Glyph, str]]:
    """What each glyph on this board means, in the order of the map format's legend; the numbered
    points called `points` (`Ruleset.map_points`: Ruthless deploys posses around them)."""
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
            entries.append(((f"1-{count}", Role.RESPAWN), f"{points}s"))
            continue
        entries.append((_cell_glyph(cell), describe_cell(cell)))
    entries += [
        (("─│", Role.WALL), "wall"),
        (("═║", Role.DOOR), "two-way door"),
        (("^v<>", Role.DOOR), "one-way door, passed going the arrow's way"),
        (("┄┆", Role.WINDOW), "window: stops movement, not sight"),
    ]
    return entries
