"""The screen's cells as a player sees them, for tests that hold a widget of ours to Textual's own."""

from __future__ import annotations

from typing import Any

from textual.app import App

Cell = tuple[str, str | None, str | None, bool, bool]
"""A cell as a player sees it: the character, its colour and background, bold, dim (a blank's colour, bold
and dim cannot be seen, so they are not compared)."""


def screen_cells(app: App[Any], rows: range | list[int]) -> list[Cell]:
    """The cells of `rows` of the app's screen (negative rows count from the bottom), row after row."""
    strips = app.screen._compositor.render_strips()
    cells: list[Cell] = []
    for row in rows:
        for segment in strips[row]:
            style = segment.style
            for character in segment.text:
                seen = character != " " and style is not None
                cells.append(
                    (
                        character,
                        str(style.color) if seen and style.color else None,  # type: ignore[union-attr]
                        str(style.bgcolor) if style is not None and style.bgcolor else None,
                        bool(seen and style.bold),  # type: ignore[union-attr]
                        bool(seen and style.dim),  # type: ignore[union-attr]
                    )
                )
    return cells
