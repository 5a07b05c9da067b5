"""The header at the top of a screen: the app's icon, the screen's title, as Textual's `Header` draws them.

Why not Textual's `Header`: it is three widgets (the icon, the title's label, the clock's space), each styled,
laid out and drawn: 3 % of the instructions of a launch to the title (39 M of 1,334 M, cachegrind; issue 30,
"Start"). Here it is one line of text, the same cells in the same colours (tests/tui/test_title_header.py
compares every cell with Textual's header, tall or not, with a sub-title, cut narrow).

It also cannot fail as Textual's did: its title label was updated by a watcher that ran a moment after the
title changed, and when the screen closed in that moment (Enter at the set-up starts the game and the form is
dismissed; a session ends as a screen opens) the label had already been removed and `query_one` raised
`NoMatches` into the app, a traceback for a player who only pressed Enter quickly. Here there is no label to
lose: a change of title only redraws the header.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["TitleHeader"]

ICON_WIDTH = 8
"""Columns of the icon on the left (Textual's `HeaderIcon`: docked left, 8 wide, padded 1 on each side)."""
CLOCK_WIDTH = 10
"""Columns kept blank on the right (Textual's `HeaderClockSpace`), so the title is centred as it is there."""


class TitleHeader(Widget):
    """The screen's header: the icon (a click opens the command palette), the title and sub-title centred;
    a click elsewhere makes it three lines tall, and another one line again."""

    COMPONENT_CLASSES = {"title-header--icon-hover"}
    DEFAULT_CSS = """
    TitleHeader {
        dock: top;
        width: 100%;
        background: $panel;
        color: $foreground;
        height: 1;
        text-wrap: nowrap;
        text-overflow: clip;
        .title-header--icon-hover { background: $foreground 10%; }
    }
    TitleHeader.-tall {
        height: 3;
    }
    """
    ALLOW_SELECT = False

    tall = reactive(False)
    """Three lines tall (a click on the header toggles it), as Textual's `Header.tall`."""
    icon = reactive("⭘")
    """The character at the top left."""

    def __init__(self, show_clock: bool = False, *, id: str | None = None) -> None:
        """`show_clock`: accepted for `Header`'s signature; the game shows no clock (its space is kept blank)."""
        super().__init__(id=id)
        self._icon_hovered = False
        """The pointer is over the icon (drawn lit, as `HeaderIcon:hover`)."""

    def on_mount(self) -> None:
        for watched in (self.app, self.screen):
            self.watch(watched, "title", self._retitled, init=False)
            self.watch(watched, "sub_title", self._retitled, init=False)

    def _retitled(self) -> None:
        """A title changed: drawn again (nothing to query, so nothing to miss on a screen closing)."""
        self.refresh()

    def watch_tall(self, tall: bool) -> None:
        self.set_class(tall, "-tall")

    def format_title(self) -> Content:
        """The title and sub-title as Textual's header shows them (`App.format_title`, the screen's own first)."""
        screen, app = self.screen, self.app
        title = screen.title if screen.title is not None else app.title
        sub_title = screen.sub_title if screen.sub_title is not None else app.sub_title
        return app.format_title(title, sub_title)

    def render(self) -> Content:
        width = self.size.width
        middle = max(0, width - ICON_WIDTH - CLOCK_WIDTH)
        icon = Content(f" {self.icon}").pad_right(ICON_WIDTH - 2)
        if self._icon_hovered:
            lit = self.get_component_rich_style("title-header--icon-hover").bgcolor
            if lit is not None:
                icon = icon.stylize(f"on {lit.name}")
        title = self.format_title()
        if title.cell_length > middle:
            title = title.truncate(middle, ellipsis=True)
        left = (middle - title.cell_length) // 2  # (centred between the icon and the clock's space)
        blank = Content(" " * ICON_WIDTH)
        if not self.has_class("-tall"):
            return self._line(icon, left, title, width)
        # Tall, Textual's header keeps the title on its first line and centres the icon on the second.
        return Content("\n").join([self._line(blank, left, title, width), self._line(icon, 0, Content(""), width)])

    @staticmethod
    def _line(icon: Content, left: int, title: Content, width: int) -> Content:
        line = Content.assemble(icon, " " * left, title)
        return line.pad_right(max(0, width - line.cell_length)).truncate(width)

    # -- the pointer ----------------------------------------------------------------------------

    def _on_icon(self, x: int) -> bool:
        return x < ICON_WIDTH

    async def on_click(self, event: events.Click) -> None:
        event.stop()
        if self._on_icon(event.x) and self.app.ENABLE_COMMAND_PALETTE:
            await self.run_action("app.command_palette")
        else:
            self.toggle_class("-tall")

    def on_mouse_move(self, event: events.MouseMove) -> None:
        on_icon = self._on_icon(event.x) and self.app.ENABLE_COMMAND_PALETTE
        if on_icon != self._icon_hovered:
            self._icon_hovered = on_icon
            self.tooltip = "Open the command palette" if on_icon else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._icon_hovered:
            self._icon_hovered = False
            self.tooltip = None
            self.refresh()
