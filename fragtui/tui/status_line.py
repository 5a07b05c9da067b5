"""The one-line bars above and under the map, given the rows their words need so nothing a player needs is cut.

A bar of one fixed row was cut at 120 columns ("… (twice to go) · a:"). `show` wraps the words at the
bar's width and gives it as many rows as they take, up to `most`; a part a player can do without (a
reminder of the keys, which the footer and the help also give) is `spare`, shown only where it fits
whole. The bar's height is set only when its number of rows changes, and at one width it only grows: a
layout pass changes the map's height, which repaints the whole map (30 KB at 80x24), and a bar going from
two rows to one and back as the cursor crosses the map would cost that on every move.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from rich.text import Text
from textual.widgets import Static

__all__ = ["MOST_ROWS", "rows_needed", "show"]

MOST_ROWS = 3
"""The most rows a bar takes, on the smallest screen: the map keeps the rest."""

_WIDTH: WeakKeyDictionary[Static, int] = WeakKeyDictionary()
"""The width each bar's height was last set at: at the same width it does not shrink."""


def _width(line: Static) -> int:
    """The bar's width for its words (before the bar is laid out: the screen's, less its padding)."""
    return line.content_size.width or max(1, line.app.size.width - line.styles.gutter.width)


def rows_needed(line: Static, text: Text) -> int:
    """How many rows `text` takes wrapped at the bar's width."""
    return len(text.wrap(line.app.console, _width(line)))


def show(line: Static, text: Text, *, spare: Text | None = None, most: int = MOST_ROWS) -> None:
    """Put `text` (and `spare` after it, when the whole fits in `most` rows) in the bar, as tall as it needs."""
    rows = rows_needed(line, text)
    if spare is not None and spare.plain:
        whole = text + spare
        whole_rows = rows_needed(line, whole)
        if whole_rows <= max(rows, most):
            text, rows = whole, whole_rows
    height = line.styles.height
    now = height.cells if height is not None and height.cells else 1
    width = _width(line)
    rows = max(1, min(rows, most))
    if _WIDTH.get(line) == width:
        rows = max(rows, now)  # (the module's docstring says why it does not shrink)
    _WIDTH[line] = width
    if rows != now or height is None:
        line.styles.height = rows
    line.update(text, layout=False)
