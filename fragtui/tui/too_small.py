"""What a terminal too small to play in shows: one notice, not a broken screen.

Below 20 columns or 6 rows no screen of fragtui fits: Textual still lays every widget out, and
what reached the terminal was the pieces that happened to land on it (a title's first letters,
half a footer key). A player, or an SSH client that starts tiny and is enlarged, sees instead
"Window too small" over the whole screen, until the window is large enough again; the screens
underneath keep their state and come back as they were.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

__all__ = ["LEAST", "TooSmallNotice", "mind_the_size"]

LEAST = Size(20, 6)
"""The least terminal fragtui draws its screens in (the narrowest dialog's words, one menu line)."""


class TooSmallNotice(Static):
    """The notice laid over a whole screen while the terminal is smaller than `LEAST`."""

    DEFAULT_CSS = """
    TooSmallNotice {
        overlay: screen;
        position: absolute;
        offset: 0 0;
        width: 100vw;
        height: 100vh;
        background: $background;
        color: $text;
        content-align: center middle;
        text-align: center;
    }
    """

    def __init__(self) -> None:
        super().__init__(f"Window too small: make it at least {LEAST.width}×{LEAST.height}", markup=False)


def fits(size: Size) -> bool:
    """Whether a terminal of `size` shows fragtui's screens."""
    return size.width >= LEAST.width and size.height >= LEAST.height


def mind_the_size(app: App[Any], screen: Screen[Any] | None = None, size: Size | None = None) -> None:
    """Cover `screen` (by default the one on top) while `app`'s terminal (`size`, by default the app's)
    is too small; uncover every screen once it is large enough again. Called on each resize (with
    the new size: the app learns it after its handlers) and each screen that comes to the top."""
    if fits(size if size is not None else app.size):
        for stacked in app.screen_stack:
            for notice in stacked.query(TooSmallNotice):
                notice.remove()
        return
    target = screen if screen is not None else app.screen
    if not target.query(TooSmallNotice):
        target.mount(TooSmallNotice())
