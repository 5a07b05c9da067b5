"""Map files: parse the text format of docs/map-format.md into a `Board`, and print it back.

`parse_map` collects every problem it finds (so a map designer sees them all at once) and raises
one `MapFormatError` whose message is the first problem, `file:line:col: what is wrong`.
`format_map` writes the canonical text of a board; parsing it gives the same board again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from fragtui.content.resources import data_dir, read_bounded
from fragtui.engine.board import (
    Beast,
    Board,
    Cell,
    Diagonal,
    Direction,
    Edge,
    EdgeFeature,
    Rect,
    Square,
    Terrain,
)
from fragtui.engine.config import DEFAULT_RULESET, RULE_SYSTEMS
from fragtui.errors import MapFormatError, shown

# What each character means in a square's position.
CELL_SYMBOLS: dict[str, Cell] = {
    ".": Cell(terrain=Terrain.FLOOR),
    "#": Cell(terrain=Terrain.SOLID),
    "~": Cell(terrain=Terrain.ACID),
    ":": Cell(terrain=Terrain.GRATE),
    "T": Cell(terrain=Terrain.TELEPORTER),
    "W": Cell(terrain=Terrain.WEAPON_POWER_UP),
    "G": Cell(terrain=Terrain.GADGET_POWER_UP),
    "P": Cell(terrain=Terrain.POWER_UP),
    "J": Cell(terrain=Terrain.JUMP_PAD),
    "M": Cell(terrain=Terrain.MOUTH),
    "t": Cell(terrain=Terrain.TENTACLE),
    "H": Cell(terrain=Terrain.GALLOWS),
    "D": Cell(terrain=Terrain.DOOR),
    "^": Cell(terrain=Terrain.DOOR, door=Direction.N),
    "v": Cell(terrain=Terrain.DOOR, door=Direction.S),
    "<": Cell(terrain=Terrain.DOOR, door=Direction.W),
    ">": Cell(terrain=Terrain.DOOR, door=Direction.E),
    "K": Cell(terrain=Terrain.HILL),
    "F": Cell(terrain=Terrain.FLAG),
    ",": Cell(terrain=Terrain.ROUGH),
    "c": Cell(terrain=Terrain.SOFT_COVER),
    "C": Cell(terrain=Terrain.HARD_COVER),
    "/": Cell(terrain=Terrain.DIAGONAL_WALL, diagonal=Diagonal.SLASH),
    "\\": Cell(terrain=Terrain.DIAGONAL_WALL, diagonal=Diagonal.BACKSLASH),
    **{str(n): Cell(terrain=Terrain.RESPAWN_POINT, respawn=n) for n in range(1, 10)},
}

# What each character means on an edge, by the edge's orientation.
H_EDGE_SYMBOLS: dict[str, Edge | None] = {
    " ": None,
    "-": Edge(feature=EdgeFeature.WALL),
    "d": Edge(feature=EdgeFeature.DOOR),
    "^": Edge(feature=EdgeFeature.DOOR, one_way=Direction.N),
    "v": Edge(feature=EdgeFeature.DOOR, one_way=Direction.S),
    "w": Edge(feature=EdgeFeature.WINDOW),
}
V_EDGE_SYMBOLS: dict[str, Edge | None] = {
    " ": None,
    "|": Edge(feature=EdgeFeature.WALL),
    "d": Edge(feature=EdgeFeature.DOOR),
    "<": Edge(feature=EdgeFeature.DOOR, one_way=Direction.W),
    ">": Edge(feature=EdgeFeature.DOOR, one_way=Direction.E),
    "w": Edge(feature=EdgeFeature.WINDOW),
}
CORNER_SYMBOLS = frozenset("+-| ")
_SYMBOL_OF_CELL = {cell: ch for ch, cell in CELL_SYMBOLS.items()}


def cell_symbol(cell: Cell) -> str:
    """The map-file symbol of a square (the beast it belongs to is worked out, not written)."""
    if cell.beast is not None:
        cell = cell.model_copy(update={"beast": None})
    return _SYMBOL_OF_CELL[cell]


HEADER_KEYS = ("name", "description", "players", "ruleset", "main street")
_HEADER_LINE = re.compile(r"^([A-Za-z][A-Za-z ]*?)\s*:\s*(.*)$")
_RECT = re.compile(r"^(\d+)\s*,\s*(\d+)\s+(\d+)\s*,\s*(\d+)$")
_MAX_ERRORS = 50
MAX_SIDE = 64
"""The most squares a map may have across or down (docs/map-format.md): the shipped maps are at
most 30, and the board drawn, the routes and the lines of sight all grow with the area."""
MAX_MAP_BYTES = 256 * 1024
"""The largest map file read: a 64×64 grid is about 17 kB, the rest is room for comments. A
longer file is refused before it is read (a save may name any map file)."""


class _Problems:
    """Collects problems with their positions; raises them together at the end."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[MapFormatError] = []

    def add(self, line: int | None, column: int | None, message: str) -> None:
        if len(self.found) < _MAX_ERRORS:
            self.found.append(MapFormatError(message, self.path, line, column))

    def raise_if_any(self) -> None:
        if self.found:
            first = self.found[0]
            raise MapFormatError(first.message, first.path, first.line, first.column, self.found)


def load_map(path: str | Path) -> Board:
    """Read and parse a map file; any problem, unreadable file included, is a `MapFormatError`."""
    path = Path(path)
    try:
        text = read_bounded(path, MAX_MAP_BYTES, "map").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MapFormatError(f"not a UTF-8 text file ({exc.reason})", path) from None
    except OSError as exc:
        raise MapFormatError(exc.strerror or "cannot be read", path) from None
    except ValueError as exc:
        raise MapFormatError(str(exc), path) from None
    return parse_map(text, str(path))


def parse_map(text: str, path: str = "<string>") -> Board:
    """Parse map text (see docs/map-format.md) into a validated `Board`."""
    problems = _Problems(path)
    if len(text) > MAX_MAP_BYTES:
        problems.add(None, None, f"the map is {len(text):,} characters long; a map holds at most {MAX_MAP_BYTES:,}")
        problems.raise_if_any()
    lines = text.splitlines()
    header, grid_start = _parse_header(lines, problems)
    if grid_start is None:
        problems.add(len(lines) or 1, 1, "no grid: the grid starts with a line beginning with '+'")
        problems.raise_if_any()
        raise AssertionError  # pragma: no cover
    grid_end = grid_start
    while grid_end < len(lines) and lines[grid_end].strip():
        grid_end += 1
    for n in range(grid_end, len(lines)):
        stripped = lines[n].strip()
        if stripped and not stripped.startswith("#"):
            problems.add(n + 1, 1, "text after the grid (the grid ends at the first blank line)")
            break
    grid = [line.rstrip("\r") for line in lines[grid_start:grid_end]]
    board = _parse_grid(grid, grid_start, header, problems)
    problems.raise_if_any()
    assert board is not None
    _check_reachable(board, grid_start, problems)
    problems.raise_if_any()
    return board


def _parse_header(lines: list[str], problems: _Problems) -> tuple[dict[str, object], int | None]:
    header: dict[str, object] = {"main street": []}
    seen: set[str] = set()
    for n, raw in enumerate(lines):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if raw.startswith("+"):
            if "name" not in header:
                problems.add(1, 1, "the map has no 'name:' line before the grid")
            return header, n
        match = _HEADER_LINE.match(line)
        if match is None:
            problems.add(n + 1, 1, f"expected 'key: value' or the grid, found {shown(line)}")
            continue
        key, value = match.group(1).lower(), match.group(2).strip()
        if key not in HEADER_KEYS:
            problems.add(n + 1, 1, f"unknown key {shown(key)} (known: {', '.join(HEADER_KEYS)})")
            continue
        if key in seen and key != "main street":
            problems.add(n + 1, 1, f"{shown(key)} given twice")
            continue
        seen.add(key)
        column = raw.find(value, raw.index(":")) + 1 if value else len(raw) + 1
        if key == "players":
            found = re.fullmatch(r"(\d+)\s*(?:-\s*(\d+))?", value)
            if found is None:
                problems.add(n + 1, column, f"players must be a number or a range like 4-6, not {shown(value)}")
                continue
            low = int(found.group(1))
            high = int(found.group(2) or low)
            if not 2 <= low <= high:
                problems.add(n + 1, column, f"players range {shown(value)} must be at least 2 and low-high")
                continue
            header["players"] = (low, high, n + 1)
        elif key == "ruleset":
            if value not in RULE_SYSTEMS:
                problems.add(n + 1, column, f"ruleset must be one of {', '.join(RULE_SYSTEMS)}, not {shown(value)}")
                continue
            header["ruleset"] = value
        elif key == "main street":
            rect = _RECT.match(value)
            if rect is None:
                problems.add(n + 1, column, f"main street must be 'x1,y1 x2,y2', not {shown(value)}")
                continue
            x1, y1, x2, y2 = (int(g) for g in rect.groups())
            streets = header["main street"]
            assert isinstance(streets, list)
            streets.append((Rect(x1=min(x1, x2), y1=min(y1, y2), x2=max(x1, x2), y2=max(y1, y2)), n + 1))
        else:
            if not value:
                problems.add(n + 1, column, f"{shown(key)} is empty")
                continue
            if not value.isprintable():  # the map's name and description are shown to players as they are
                problems.add(n + 1, column, f"{shown(key)} {shown(value)} holds a control character")
                continue
            header[key] = value
    return header, None


def _parse_grid(grid: list[str], grid_start: int, header: dict[str, object], problems: _Problems) -> Board | None:
    """Read the squares and edges; report ragged rows, unknown symbols and a broken border."""

    def pos(row: int, col: int) -> tuple[int, int]:
        return grid_start + row + 1, col + 1

    if len(grid) < 3:
        problems.add(*pos(0, 0), "the grid needs at least one row of squares between two border lines")
        return None
    if len(grid) % 2 == 0:
        problems.add(*pos(len(grid) - 1, 0), "the grid must end with a border line (it has an even number of lines)")
        return None
    expected = len(grid[0])
    if expected < 3 or expected % 2 == 0:
        problems.add(*pos(0, 0), f"the top border is {expected} characters long; it must be odd and at least 3")
        return None
    width, height = (expected - 1) // 2, (len(grid) - 1) // 2
    if width > MAX_SIDE or height > MAX_SIDE:
        problems.add(*pos(0, 0), f"the map is {width}×{height} squares; a map is at most {MAX_SIDE}×{MAX_SIDE} squares")
        return None
    for row, line in enumerate(grid):
        if len(line) != expected:
            problems.add(
                *pos(row, min(len(line), expected)),
                f"ragged row: {len(line)} characters, expected {expected} like the first line of the grid",
            )
    if problems.found:
        return None

    cells: list[list[Cell]] = []
    h_edges: list[list[Edge | None]] = []
    v_edges: list[list[Edge | None]] = []
    respawn_seen: dict[int, tuple[int, int]] = {}
    for row, line in enumerate(grid):
        if row % 2 == 0:
            edges_row: list[Edge | None] = []
            border = row in (0, len(grid) - 1)
            for col, ch in enumerate(line):
                if col % 2 == 0:
                    if ch not in CORNER_SYMBOLS:
                        problems.add(
                            *pos(row, col), f"unknown symbol {shown(ch)} at a corner (use '+', '-', '|' or a space)"
                        )
                    continue
                edge = _edge(ch, H_EDGE_SYMBOLS, V_EDGE_SYMBOLS, "horizontal", pos(row, col), problems)
                if border and (edge is None or edge.feature is not EdgeFeature.WALL):
                    problems.add(*pos(row, col), "the map's border must be wall ('-' here)")
                edges_row.append(edge)
            h_edges.append(edges_row)
        else:
            cells_row: list[Cell] = []
            edges_row = []
            for col, ch in enumerate(line):
                if col % 2 == 0:
                    edge = _edge(ch, V_EDGE_SYMBOLS, H_EDGE_SYMBOLS, "vertical", pos(row, col), problems)
                    if col in (0, len(line) - 1) and (edge is None or edge.feature is not EdgeFeature.WALL):
                        problems.add(*pos(row, col), "the map's border must be wall ('|' here)")
                    edges_row.append(edge)
                    continue
                cell = CELL_SYMBOLS.get(ch)
                if cell is None:
                    problems.add(
                        *pos(row, col), f"unknown symbol {shown(ch)} in a square (see the legend in docs/map-format.md)"
                    )
                    cell = CELL_SYMBOLS["."]
                if cell.respawn is not None:
                    if cell.respawn in respawn_seen:
                        first = respawn_seen[cell.respawn]
                        problems.add(
                            *pos(row, col),
                            f"respawn point {cell.respawn} appears twice (first at line {first[0]}, column {first[1]})",
                        )
                    else:
                        respawn_seen[cell.respawn] = pos(row, col)
                cells_row.append(cell)
            cells.append(cells_row)
            v_edges.append(edges_row)

    numbers = sorted(respawn_seen)
    if len(numbers) < 2:
        problems.add(*pos(0, 0), f"the map needs at least two respawn points, it has {len(numbers)}")
    else:
        missing = [n for n in range(1, numbers[-1] + 1) if n not in respawn_seen]
        if missing:
            problems.add(
                *pos(0, 0),
                f"respawn points must be numbered 1 to {numbers[-1]} without gaps; "
                f"missing {', '.join(map(str, missing))}",
            )
    teleporters = [(x, y) for y, r in enumerate(cells) for x, c in enumerate(r) if c.terrain is Terrain.TELEPORTER]
    if len(teleporters) == 1:
        x, y = teleporters[0]
        problems.add(
            *pos(2 * y + 1, 2 * x + 1), "teleporter without a partner: a map needs no teleporter or at least two"
        )

    beasts = _find_beasts(cells, problems, pos)
    if beasts:
        for index, beast in enumerate(beasts):
            for x, y in (beast.mouth, *beast.tentacles):
                cells[y][x] = cells[y][x].model_copy(update={"beast": index})

    streets: list[Rect] = []
    street_specs = header.get("main street", [])
    assert isinstance(street_specs, list)
    for rect, line_no in street_specs:
        if rect.x2 >= width or rect.y2 >= height:
            problems.add(
                line_no, 1, f"main street {rect.x1},{rect.y1} {rect.x2},{rect.y2} lies outside the {width}×{height} map"
            )
        streets.append(rect)
    # Without a 'players' line the map is offered to as many players as it has respawn points (up to 6).
    players = header.get("players", (2, max(2, min(6, len(numbers))), None))
    assert isinstance(players, tuple)
    if isinstance(players[2], int) and numbers and players[1] > numbers[-1]:
        problems.add(
            players[2],
            1,
            f"recommended for up to {players[1]} players but the map has only {numbers[-1]} respawn points",
        )
    if problems.found:
        return None
    return Board(
        name=str(header.get("name", "")),
        description=str(header.get("description", "")),
        players_min=players[0],
        players_max=players[1],
        ruleset=str(header.get("ruleset", DEFAULT_RULESET)),
        width=width,
        height=height,
        cells=tuple(tuple(r) for r in cells),
        h_edges=tuple(tuple(r) for r in h_edges),
        v_edges=tuple(tuple(r) for r in v_edges),
        main_street=tuple(streets),
        beasts=tuple(beasts),
    )


def _edge(
    ch: str,
    symbols: dict[str, Edge | None],
    other: dict[str, Edge | None],
    orientation: str,
    where: tuple[int, int],
    problems: _Problems,
) -> Edge | None:
    if ch in symbols:
        return symbols[ch]
    if ch in ("<", ">", "^", "v"):
        problems.add(
            *where,
            f"door without a direction across this {orientation} edge: {shown(ch)} points along it "
            f"(use {' or '.join(repr(k) for k, e in symbols.items() if e and e.one_way)})",
        )
    elif ch in other:
        problems.add(
            *where,
            f"{shown(ch)} belongs on a {'vertical' if orientation == 'horizontal' else 'horizontal'} edge; "
            f"a {orientation} edge takes {' '.join(repr(k) for k in symbols if k != ' ')} or a space",
        )
    else:
        problems.add(
            *where,
            f"unknown symbol {shown(ch)} on a {orientation} edge (expected {' '.join(repr(k) for k in symbols)})",
        )
    return None


def _find_beasts(
    cells: list[list[Cell]], problems: _Problems, pos: Callable[[int, int], tuple[int, int]]
) -> list[Beast]:
    """Group tentacles with the mouth they touch (8-neighbourhood through tentacles)."""
    height, width = len(cells), len(cells[0])
    kind = {Terrain.TENTACLE, Terrain.MOUTH}
    seen: set[tuple[int, int]] = set()
    beasts: list[Beast] = []
    for y in range(height):
        for x in range(width):
            if (x, y) in seen or cells[y][x].terrain not in kind:
                continue
            group: list[tuple[int, int]] = []
            stack = [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                group.append((cx, cy))
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        nx, ny = cx + dx, cy + dy
                        if (
                            0 <= nx < width
                            and 0 <= ny < height
                            and (nx, ny) not in seen
                            and cells[ny][nx].terrain in kind
                        ):
                            seen.add((nx, ny))
                            stack.append((nx, ny))
            group.sort(key=lambda c: (c[1], c[0]))
            mouths = [c for c in group if cells[c[1]][c[0]].terrain is Terrain.MOUTH]
            tentacles = tuple(c for c in group if cells[c[1]][c[0]].terrain is Terrain.TENTACLE)
            gx, gy = group[0]
            if len(mouths) != 1:
                what = "no mouth ('M')" if not mouths else f"{len(mouths)} mouths touching"
                problems.add(
                    *pos(2 * gy + 1, 2 * gx + 1), f"a beast needs exactly one mouth among its tentacles: found {what}"
                )
                continue
            if not tentacles:
                mx, my = mouths[0]
                problems.add(*pos(2 * my + 1, 2 * mx + 1), "a beast's mouth with no tentacles ('t') around it")
                continue
            beasts.append(Beast(mouth=mouths[0], tentacles=tentacles))
    return beasts


def _check_reachable(board: Board, grid_start: int, problems: _Problems) -> None:
    """Every respawn point, power-up, jump pad, teleporter, gallows, hill, flag and mouth must lie in one
    region that a fighter can walk around in both ways; otherwise someone can be trapped."""
    geometry = board.geometry
    points = board.respawn_points
    start = points[1]
    region = geometry.connected(start) & geometry.connected_to(start)
    important = (
        Terrain.RESPAWN_POINT,
        Terrain.WEAPON_POWER_UP,
        Terrain.GADGET_POWER_UP,
        Terrain.POWER_UP,
        Terrain.JUMP_PAD,
        Terrain.TELEPORTER,
        Terrain.GALLOWS,
        Terrain.HILL,
        Terrain.FLAG,
        Terrain.MOUTH,
    )
    for y, row in enumerate(board.cells):
        for x, cell in enumerate(row):
            if cell.terrain in important and Square(x, y) not in region:
                what = f"respawn point {cell.respawn}" if cell.respawn else str(cell.terrain)
                problems.add(
                    grid_start + 2 * y + 2,
                    2 * x + 2,
                    f"{what} cannot be reached from respawn point 1 and back: a fighter could be trapped",
                )


def format_map(board: Board) -> str:
    """The canonical text of a board; `parse_map(format_map(b)) == b`."""
    h_symbol = {edge: ch for ch, edge in H_EDGE_SYMBOLS.items()}
    v_symbol = {edge: ch for ch, edge in V_EDGE_SYMBOLS.items()}
    out = [f"name: {board.name}"]
    if board.description:
        out.append(f"description: {board.description}")
    out.append(f"players: {board.players_min}-{board.players_max}")
    if board.ruleset != DEFAULT_RULESET:  # the header is written only where it says something
        out.append(f"ruleset: {board.ruleset}")
    out.extend(f"main street: {r.x1},{r.y1} {r.x2},{r.y2}" for r in board.main_street)
    for y in range(board.height + 1):
        line = []
        for x in range(board.width + 1):
            line.append(_corner(board, x, y))
            if x < board.width:
                line.append(h_symbol[board.h_edges[y][x]])
        out.append("".join(line))
        if y == board.height:
            break
        line = []
        for x in range(board.width + 1):
            line.append(v_symbol[board.v_edges[y][x]])
            if x < board.width:
                line.append(cell_symbol(board.cells[y][x]))
        out.append("".join(line))
    return "\n".join(out) + "\n"


def _corner(board: Board, x: int, y: int) -> str:
    """'+' where a wall, door or window ends at the corner, a space elsewhere."""
    touching = [
        board.h_edges[y][x - 1] if x > 0 else None,
        board.h_edges[y][x] if x < board.width else None,
        board.v_edges[y - 1][x] if y > 0 else None,
        board.v_edges[y][x] if y < board.height else None,
    ]
    return "+" if any(touching) else " "


def map_paths() -> list[Path]:
    """The map files shipped with fragtui, sorted by file name."""
    return sorted(data_dir("maps").glob("*.map"))


def map_names() -> list[str]:
    return [p.stem for p in map_paths()]


def find_map(name: str) -> Path:
    """The shipped map called `name` (its file name without `.map`), or a path to any map file."""
    candidate = Path(name)
    if candidate.suffix == ".map" and candidate.exists():
        return candidate
    for path in map_paths():
        if path.stem == name:
            return path
    raise MapFormatError(f"no map called {shown(name)}; the maps are: {', '.join(map_names())}")


def load_named_map(name: str) -> Board:
    return load_map(find_map(name))


def describe_cell(cell: Cell) -> str:
    """What a square's symbol means, in words, for legends."""
    if cell.respawn is not None:
        return f"respawn point {cell.respawn}"
    if cell.door is not None:
        return f"one-way door inside the square, passed going {cell.door.name}"
    if cell.diagonal is Diagonal.SLASH:
        return "wall running diagonally, south-west to north-east corner"
    if cell.diagonal is Diagonal.BACKSLASH:
        return "wall running diagonally, north-west to south-east corner"
    if cell.terrain is Terrain.DOOR:
        return "two-way door inside the square"
    return str(cell.terrain)


def describe_symbols(symbols: Iterable[str]) -> list[str]:
    """Legend lines for the given square symbols, in the order given (respawn points as one line)."""
    symbols = [ch for ch in symbols if ch in CELL_SYMBOLS]
    numbers = [ch for ch in symbols if ch.isdigit()]
    lines = []
    for ch in symbols:
        if ch not in numbers:
            lines.append(f"{ch}  {describe_cell(CELL_SYMBOLS[ch])}")
        elif ch == numbers[0]:
            span = ch if len(numbers) == 1 else f"{ch}-{numbers[-1]}"
            lines.append(f"{span}  respawn points")
    return lines
