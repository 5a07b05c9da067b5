"""How seats look at the table: a colour and a glyph each, and what the set-up screen hands over.

A seat's colour is saved by its name (`bright_red`, …) and drawn as an exact RGB value chosen so
that each colour system keeps the six apart: in true colour as they are, in 256 colours as six
different cube entries, and in 16 colours as the six *bright* ANSI colours, which no map feature
uses (glyphs.py keeps features on the normal eight and the greys). A bright colour and a normal one
of the same hue look alike in many 16-colour palettes, so there a piece on the map is a block of its
seat's colour, which no feature is (`piece_style`). The ANSI names themselves are
not drawn: Textual turns them into its own theme's RGB first, where red and magenta are one
colour. With `NO_COLOR` every fighter is bold white, the brightest thing on the map, and the
glyph tells seats apart. Glyphs are single-width ASCII characters that no map square uses, so
colour-blind players and monochrome terminals still tell fighters apart.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from functools import lru_cache

from rich.color import Color, ColorParseError
from rich.style import Style

from fragtui.engine.config import GameConfig
from fragtui.saves.format import SeatLook
from fragtui.saves.looks import COLOURS, GLYPHS, default_look

__all__ = [
    "COLOURS",
    "DEFAULT_NAMES",
    "GLYPHS",
    "SEAT_RGB",
    "TableSetup",
    "default_look",
    "no_color",
    "piece_style",
    "seat_style",
    "sixteen_colours",
]

SEAT_RGB: dict[str, str] = {
    "bright_red": "#ff5f5f",
    "bright_cyan": "#5fffff",
    "bright_yellow": "#ffff5f",
    "bright_magenta": "#ff5fff",
    "bright_green": "#5fff5f",
    "bright_blue": "#5f87ff",
}
"""What each seat colour is drawn as. Each value is the 256-colour cube entry nearest its ANSI
namesake, so a 256-colour terminal shows it exactly and a 16-colour one falls back to that very
bright ANSI colour (tests/tui/test_colour_systems.py renders all three systems)."""

BLOCK_GLYPH = "#000000"
"""A piece's glyph on its block of colour in 16 colours (`piece_style`): black, not bold (a terminal that draws
bold as bright would make it grey)."""
PLAIN_SEAT = Style(color="#ffffff", bold=True)
"""Every fighter under `NO_COLOR`: bold and the brightest grey, so no seat is dim; glyphs tell them apart."""

DEFAULT_NAMES: tuple[str, ...] = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
"""Names a seat starts with, so Enter, Enter, Enter starts a game; players type their own."""


def no_color() -> bool:
    """Whether the player asked for no colour (`NO_COLOR` set, even empty, as Textual reads it).

    Asked of the app being drawn when there is one (Textual's `App.no_color`, read from the
    environment when it started): under `fragtui serve` one process draws for many players, and
    each one's NO_COLOR is his client's (fragtui/serve/app.py), not the server's. Outside an app,
    the process's environment. Textual is looked up only if already loaded: no app runs without it.
    """
    context = sys.modules.get("textual._context")
    app = context.active_app.get(None) if context is not None else None
    if app is not None:
        return bool(app.no_color)
    return "NO_COLOR" in os.environ


def sixteen_colours() -> bool:
    """Whether the terminal being drawn for has 16 colours (TERM=xterm): the app's console says, which under
    `fragtui serve` is the client's (fragtui/serve/app.py), unless the app draws for no terminal and says in
    what colours (`drawn_in_colours`: a recording, fragtui/tui/cast.py). Outside an app: no."""
    context = sys.modules.get("textual._context")
    app = context.active_app.get(None) if context is not None else None
    if app is None:
        return False
    drawn_in: str | None = getattr(app, "drawn_in_colours", None)  # (an app drawing for no terminal: a recording)
    return (drawn_in or app.console.color_system) == "standard"


def piece_style(colour: str) -> Style:
    """How a seat's piece is drawn on the map: as its glyph and name are (`seat_style`), but in 16 colours a
    block of the seat's colour with the glyph dark on it.

    In 16 colours a seat's bright colour and a map feature's normal one of the same hue (bright cyan and
    a power-up's cyan, bright yellow and a door's yellow, bright magenta and a teleporter's magenta) are
    near twins in many terminals' palettes; no feature has a background, so a block of colour is a piece's
    alone. In 256 colours and true colour the seats' colours differ from every feature's as they are."""
    if no_color() or not sixteen_colours():
        return seat_style(colour)
    return _block(colour)


@lru_cache(maxsize=64)
def _block(colour: str) -> Style:
    try:
        return Style(color=BLOCK_GLYPH, bgcolor=Color.parse(SEAT_RGB.get(colour, colour)), bold=False)
    except ColorParseError:
        return PLAIN_SEAT


def seat_style(colour: str) -> Style:
    """How a seat's glyph and name are drawn: its colour, bold (bold white under `NO_COLOR`)."""
    return PLAIN_SEAT if no_color() else _coloured_seat(colour)


@lru_cache(maxsize=64)
def _coloured_seat(colour: str) -> Style:
    """A seat colour's style; a name the terminal does not know (a hand-edited save) draws white."""
    try:
        return Style(color=Color.parse(SEAT_RGB.get(colour, colour)), bold=True)
    except ColorParseError:
        return PLAIN_SEAT


@dataclass(frozen=True)
class TableSetup:
    """Everything the new-game screen decides: the set-up screen dismisses with one of these."""

    config: GameConfig
    """Seats (names, fighter designs, in turn order), map and frag target."""
    seed: int
    """The dice seed: the one typed in, or a random one when the field was left empty."""
    looks: list[SeatLook] = field(default_factory=list)
    """Colour, glyph and human/computer for each seat, in seat order."""
