"""The log beside the map, wrapped to the width it has now.

Textual's `RichLog` wraps a line once, at the width the log has when the line is written, and keeps
the wrapped pieces: a terminal narrowed from 120 to 80 columns then crops every line at the new
edge ("Dan opens a shootout on Bob wit"), and the middle of a line wrapped at 120 columns is lost
past the edge. A line written while the log is hidden (one group of the side panel at a time, on
a small screen) is wrapped at the log's least width. `GameLog` keeps the lines it was given and
wraps them again whenever its width changes, so every word of every line kept stays readable.
"""

from __future__ import annotations

from collections import deque
from typing import Self

from rich.console import RenderableType
from rich.measure import measure_renderables
from textual import events
from textual.widgets import RichLog

__all__ = ["GameLog"]

KEPT = 1000
"""Lines kept to wrap again (each may take several rows); older ones are in the save."""


class GameLog(RichLog):
    """A `RichLog` that wraps its lines again when its width changes (see the module's docstring)."""

    def __init__(self, *, id: str | None = None, max_lines: int = 2000) -> None:
        super().__init__(id=id, wrap=True, markup=False, max_lines=max_lines, min_width=20)
        self._kept: deque[RenderableType] = deque(maxlen=KEPT)
        """The lines as written, to wrap again."""
        self.wrapped_at = 0
        """The width the rows on screen were wrapped at (0: not yet, or while hidden)."""

    def write(  # type: ignore[override]  # the same call, the line kept first
        self,
        content: RenderableType,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        if not self._size_known:  # held back by `RichLog`, which writes it through here once the size is known
            super().write(content, width, expand, shrink, scroll_end, animate)
            return self
        self._kept.append(content)
        if width is None:
            width = self._fitted_width(content)
        super().write(content, width, expand, shrink, scroll_end, animate)
        self.wrapped_at = self.scrollable_content_region.width
        return self

    def _fitted_width(self, content: RenderableType) -> int:
        """The width `RichLog` would wrap `content` at, measured against the log's own width only.

        `RichLog` measures a line with the app's console, whose width is the terminal the *process*
        was started in (or `COLUMNS`), not the screen being drawn: a recording made under a narrow
        terminal, or a table served over SSH from one, would wrap the log's lines narrower than the
        log. Measured here against the log's width, the same game draws the same rows anywhere."""
        room = self.scrollable_content_region.width
        console = self.app.console
        renderable = self._make_renderable(content)
        widest = measure_renderables(console, console.options.update_width(max(room, 1)), [renderable]).maximum
        return max(min(widest, room), self.min_width)

    def clear(self) -> Self:
        self._kept.clear()
        self.wrapped_at = 0
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        """A new width (the terminal resized, the log shown again, its scrollbar come): wrap every line again.

        Called before `RichLog`'s own handler, which writes the lines held back until the first size is
        known (they are wrapped at that size: nothing to do here then)."""
        width = self.scrollable_content_region.width
        if not self._size_known or not width or width == self.wrapped_at:
            return
        kept = list(self._kept)
        at_end = self.is_vertical_scroll_end
        super().clear()
        self._kept.clear()
        for line in kept:
            self.write(line, scroll_end=at_end)
        self.wrapped_at = width
