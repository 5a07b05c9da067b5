"""Six seats told apart from each other and from the map's features in every colour system (issue 13).

Each test plays a six-player game into the game screen and renders the screen exactly as Textual
sends it to a terminal (`LayoutUpdate.render_segments` with a console of the colour system asked
for), then reads the escape codes back cell by cell. So what is checked is what a terminal with
TERM=xterm (16 colours), TERM=xterm-256color (256) or COLORTERM=truecolor receives, after Textual's
own filters (its ANSI theme turns red and magenta into one colour, which is how two seats once
looked alike), and under NO_COLOR what its monochrome filter leaves.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any

import pytest
from rich.ansi import AnsiDecoder
from rich.color import Color, ColorType
from rich.console import Console
from rich.style import Style
from textual.app import App

from fragtui.serve.colours import style_codes
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.glyphs import Role, board_glyphs
from fragtui.tui.map_view import MapView, Mark
from fragtui.tui.play_screen import TARGET
from fragtui.tui.seats import GLYPHS
from tests.conftest import game_from

SIX = """
    # Six fighters in the top left of the Foundry, beside respawn point 1, grates, a door,
    # acid, a gadget power-up and a teleporter: everything a seat's colour could be mistaken for.
    map = "foundry"
    seed = 5
    [[fighter]]
    name = "Ann"
    at = "0,0"
    [[fighter]]
    name = "Bob"
    at = "3,1"
    [[fighter]]
    name = "Cat"
    at = "5,2"
    [[fighter]]
    name = "Dan"
    at = "8,3"
    [[fighter]]
    name = "Eve"
    at = "10,4"
    [[fighter]]
    name = "Fay"
    at = "12,5"
    """

FEATURES = {Role.ACID, Role.DOOR, Role.GADGET, Role.GRATE, Role.RESPAWN, Role.TELEPORTER, Role.WEAPON, Role.WALL}
"""The map features this corner shows (each checked to be on screen), with the floor."""

_MOVE = re.compile(r"\x1b\[\d+;\d+H")


@dataclass(frozen=True)
class Cell:
    """One character cell as the terminal receives it."""

    char: str
    style: Style


def terminal_cells(app: App[Any], system: str | None) -> list[list[Cell]]:
    """The screen as Textual would write it to a terminal of `system` colours, decoded back into cells."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True, color_system=system, legacy_windows=False
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    # Written as a served session writes them (`style_codes`), not by Textual: Rich keeps a style's escape codes
    # on the `Style`, made for whatever colour system asked first, so after another test's app had drawn a seat
    # in 256 colours the 16-colour check of Frag Tag's marks read 256 colours.
    colours = console._color_system
    lines = []
    for row in update.strips:
        line = []
        for strip in row:
            for text, style, _ in strip:
                codes = style_codes(style, colours) if style is not None and colours is not None else ""
                line.append(f"\x1b[{codes}m{text}\x1b[0m" if codes else text)
        lines.append("".join(line))
    raw = "\n".join(lines)
    rows: list[list[Cell]] = []
    decoder = AnsiDecoder()
    for line in raw.split("\n"):
        text = decoder.decode_line(_MOVE.sub("", line))
        cells = [Cell(text.plain[i], Style.null()) for i in range(len(text.plain))]
        for span in text.spans:
            style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
            for i in range(span.start, span.end):
                cells[i] = Cell(cells[i].char, cells[i].style + style)
        rows.append(cells)
    assert len(rows) == height and all(len(row) == width for row in rows)
    return rows


def seen_colour(style: Style) -> tuple[str, int | tuple[int, int, int]]:
    """The colour a terminal shows for a cell's text: bold ANSI 0-7 shown bright, as xterm does by default."""
    color = style.color
    assert color is not None, "every map cell is drawn in a colour"
    if color.type is ColorType.STANDARD:
        assert color.number is not None
        return "ansi", color.number + 8 if style.bold and color.number < 8 else color.number
    if color.type is ColorType.EIGHT_BIT:
        assert color.number is not None
        return "256", color.number
    assert color.triplet is not None
    return "rgb", tuple(color.triplet)


async def _map_cells(
    system: str | None, *keys: str
) -> tuple[dict[str, Cell], dict[Role, list[Cell]], FragApp, list[Cell]]:
    """The six fighters' cells by glyph, the features' cells by role and the reachable squares' cells,
    on the game screen at 120x40 after the hand-off and `keys`."""
    app = FragApp(Table(game_from(SIX)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", *keys)  # past the hand-off to Ann
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        view = screen.query_one("#map", MapView)
        view.move_cursor_to((27, 27))  # the cursor's reverse video off the corner, which stays in view
        view.scroll_to(0, 0, animate=False, immediate=True)
        await pilot.pause()
        cells = terminal_cells(app, system)
        x0, y0 = view.content_region.x, view.content_region.y
        fighters = {}
        for f in screen.game.state.players:
            assert f.square is not None
            cell = cells[y0 + 2 * f.square.y + 1][x0 + 2 * f.square.x + 1]
            fighters[cell.char] = cell
        reach = [cells[y0 + 2 * sq.y + 1][x0 + 2 * sq.x + 1] for sq in screen.routes if sq.x < 28 and sq.y < 12]
        occupied = {(f.square.x, f.square.y) for f in screen.game.state.players if f.square is not None}
        occupied |= {(sq.x, sq.y) for sq in screen.routes}
        features: dict[Role, list[Cell]] = {}
        for ty, row in enumerate(board_glyphs(screen.game.board)[:24]):
            for tx, (char, role) in enumerate(row[:57]):
                if (tx % 2 and ty % 2 and (tx // 2, ty // 2) in occupied) or char == " ":
                    continue
                cell = cells[y0 + ty][x0 + tx]
                assert cell.char == char, f"{tx},{ty}: {cell.char!r} drawn where the map has {char!r}"
                features.setdefault(role, []).append(cell)
    return fighters, features, app, reach


TERMINALS = {
    "standard": {"TERM": "xterm"},
    "256": {"TERM": "xterm-256color"},
    "truecolor": {"TERM": "xterm-256color", "COLORTERM": "truecolor"},
}
"""The environment of a terminal of each colour system, as the app reads it when it starts."""


def _terminal(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("COLORTERM", raising=False)
    for name, value in TERMINALS[system].items():
        monkeypatch.setenv(name, value)


def seen_background(style: Style) -> int | None:
    """The ANSI colour of a cell's background in 16 colours (None: the terminal's own, or black)."""
    color = style.bgcolor
    if color is None or color.type is not ColorType.STANDARD or color.number in (None, 0):
        return None
    return color.number


@pytest.mark.parametrize("system", ["standard", "256", "truecolor"])
async def test_six_seats_differ_from_each_other_and_from_the_map(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """16 colours (TERM=xterm), 256 and true colour: six seat colours, none a map feature's colour."""
    _terminal(system, monkeypatch)
    fighters, features, _, _ = await _map_cells(system)
    assert sorted(fighters) == sorted(GLYPHS)
    assert features.keys() >= FEATURES
    if system == "standard":  # a block of the seat's colour: a background, which no feature has (issue 30)
        blocks = {glyph: seen_background(cell.style) for glyph, cell in fighters.items()}
        assert sorted(blocks.values()) == [9, 10, 11, 12, 13, 14], f"six bright blocks: {blocks}"  # type: ignore[type-var]
        for role, cells in features.items():
            for cell in cells:
                assert seen_background(cell.style) is None, f"{role} {cell.char!r} is drawn on a coloured block"
        return
    seat_colours = {glyph: seen_colour(cell.style) for glyph, cell in fighters.items()}
    assert len(set(seat_colours.values())) == 6, f"two seats look alike in {system}: {seat_colours}"
    for role, cells in features.items():
        for cell in cells:
            colour = seen_colour(cell.style)
            assert colour not in seat_colours.values(), f"{role} {cell.char!r} has a seat's colour {colour} in {system}"


async def test_in_16_colours_no_seat_shares_its_hue_with_a_map_feature(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30, item 19: TERM=xterm drew bright cyan, yellow and magenta seats beside the normal cyan power-up,
    yellow door and magenta teleporter, near twins in many palettes (bright or not, one hue). What a cell is
    seen as, told by hue alone: its glyph's hue and its background's; no feature is seen as any seat is."""
    _terminal("standard", monkeypatch)
    fighters, features, app, _ = await _map_cells("standard")
    assert app.console.color_system == "standard"

    def hues(style: Style) -> tuple[int, int | None]:
        number = seen_colour(style)[1]
        block = seen_background(style)
        assert isinstance(number, int)
        return number % 8, block % 8 if block is not None else None

    seats = {glyph: hues(cell.style) for glyph, cell in fighters.items()}
    assert len(set(seats.values())) == 6, seats
    for role, cells in features.items():
        for cell in cells:
            assert hues(cell.style) not in seats.values(), f"{role} {cell.char!r} is seen as a seat is: {seats}"


def _grey(cell: Cell) -> int:
    assert cell.style.color is not None and cell.style.color.triplet is not None
    red, green, blue = cell.style.color.triplet
    assert red == green == blue, "NO_COLOR leaves only greys"
    return red


async def test_no_color_seats_are_bold_white_and_told_apart_by_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR: every fighter is bold and the brightest grey (none dim), features plain; glyphs tell seats apart."""
    monkeypatch.setenv("NO_COLOR", "1")
    fighters, features, app, reach = await _map_cells("truecolor", "r")
    assert app.no_color
    assert sorted(fighters) == sorted(GLYPHS), "six different glyphs"
    for glyph, cell in fighters.items():
        assert cell.style.bold, f"fighter {glyph} is bold"
        assert _grey(cell) == 255, f"fighter {glyph} is drawn white, not a dim grey"
    for role, cells in features.items():
        for cell in cells:
            assert not cell.style.bold, f"{role} {cell.char!r} is not bold under NO_COLOR: only pieces are"
            assert _grey(cell) < 255
    assert reach, "Ann rolled and may move"
    floor = features[Role.FLOOR][0].style.bgcolor
    for cell in reach:  # a grey background would hide the glyph: reachable squares are underlined instead
        assert cell.style.underline and cell.style.bgcolor == floor, cell


def test_seat_colours_stay_known_to_saves() -> None:
    """The colours a save names are still the six ANSI names (old saves load and look the same)."""
    from fragtui.tui.seats import COLOURS, SEAT_RGB, seat_style

    assert set(COLOURS) == set(SEAT_RGB)
    assert seat_style("no-such-colour").color == Color.parse("#ffffff")


async def test_in_16_colours_a_target_under_a_piece_stays_in_sight(monkeypatch: pytest.MonkeyPatch) -> None:
    """A piece's block would hide the red of a target marked under it: over a highlight the piece is drawn in
    its colour on the highlight, as in every other colour system."""
    _terminal("standard", monkeypatch)
    app = FragApp(Table(game_from(SIX)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        bob = screen.game.state.players[1].square
        assert bob is not None
        screen.map.set_layer("target", {(bob.x, bob.y): Mark(None, TARGET)})
        screen.map.move_cursor_to((27, 27))
        screen.map.scroll_to(0, 0, animate=False, immediate=True)
        await pilot.pause()
        x0, y0 = screen.map.content_region.x, screen.map.content_region.y
        cell = terminal_cells(app, "standard")[y0 + 2 * bob.y + 1][x0 + 2 * bob.x + 1]
        assert cell.char == "&"
        assert seen_background(cell.style) == 1, "the target's red"
        assert seen_colour(cell.style)[1] in range(9, 15), "Bob's own bright colour on it"
