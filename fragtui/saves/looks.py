"""How seats look unless their players choose: plain data a save records, with no drawing in it.

The set-up screen starts every seat from `default_look`, and so does `fragtui simulate` when it
saves its games, which must not load the interface (or Rich) to do it: the look is only names,
and the drawing of them (`fragtui.tui.seats`) stays with the interface.
"""

from __future__ import annotations

from fragtui.saves.format import SeatLook

__all__ = ["COLOURS", "GLYPHS", "default_look"]

COLOURS: tuple[str, ...] = (
    "bright_red",
    "bright_cyan",
    "bright_yellow",
    "bright_magenta",
    "bright_green",
    "bright_blue",
)
"""Seat colours in the order new seats get them (the names a save keeps): far apart on the colour
wheel, and each readable on a dark background in 16 colours."""

GLYPHS: tuple[str, ...] = ("@", "&", "%", "$", "*", "+")
"""Fighter glyphs in the order new seats get them; none is a map symbol (docs/map-format.md)."""


def default_look(seat: int) -> SeatLook:
    """The colour and glyph seat `seat` gets unless its player picks others."""
    return SeatLook(colour=COLOURS[seat % len(COLOURS)], glyph=GLYPHS[seat % len(GLYPHS)])
