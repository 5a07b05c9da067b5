"""How seats look at the table: a colour and a glyph each, and what the set-up screen hands over.

Colours are the 16 ANSI names, so a 16-colour terminal shows them as chosen and a 256-colour or
true-colour one shows the same hues. Glyphs are single-width ASCII characters that no map square
uses, so colour-blind players, `NO_COLOR` and monochrome terminals still tell fighters apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fragtui.engine.config import GameConfig
from fragtui.saves.format import SeatLook

__all__ = ["COLOURS", "DEFAULT_NAMES", "GLYPHS", "TableSetup", "default_look"]

COLOURS: tuple[str, ...] = (
    "bright_red",
    "bright_cyan",
    "bright_yellow",
    "bright_magenta",
    "bright_green",
    "bright_blue",
)
"""Seat colours in the order new seats get them: far apart on the colour wheel, and each readable
on a dark background in 16 colours."""

GLYPHS: tuple[str, ...] = ("@", "&", "%", "$", "*", "+")
"""Fighter glyphs in the order new seats get them; none is a map symbol (docs/map-format.md)."""

DEFAULT_NAMES: tuple[str, ...] = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
"""Names a seat starts with, so Enter, Enter, Enter starts a game; players type their own."""


def default_look(seat: int) -> SeatLook:
    """The colour and glyph seat `seat` gets unless its player picks others."""
    return SeatLook(colour=COLOURS[seat % len(COLOURS)], glyph=GLYPHS[seat % len(GLYPHS)])


@dataclass(frozen=True)
class TableSetup:
    """Everything the new-game screen decides: the set-up screen dismisses with one of these."""

    config: GameConfig
    """Seats (names, fighter designs, in turn order), map and frag target."""
    seed: int
    """The dice seed: the one typed in, or a random one when the field was left empty."""
    looks: list[SeatLook] = field(default_factory=list)
    """Colour, glyph and human/computer for each seat, in seat order."""
