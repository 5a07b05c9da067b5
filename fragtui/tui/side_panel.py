"""The game's and the replay's shared layout: the map on the left, a side panel of parts on the right.

On a wide terminal the side panel shows every part; below `WIDE` columns it shows one group of
parts at a time, Tab moving to the next, so an 80×24 terminal still reads well.

The map takes the columns its board needs and no more; the side panel takes the rest (at least
`SIDE_MIN` columns), so a small map leaves no empty band and a hand or a log gets the room. A part
taller than its room scrolls, with a scrollbar that says so: nothing is cut off unseen.

The log (`#log`, a `GameLog`) is the side panel's last part and always keeps a quarter of it: the parts
above it sit in `#side-top`, which takes what they need up to three quarters and scrolls beyond (a Frag
Deadlands sheet and a hand of four long cards once pushed the log below the screen at 120×40). On a
narrow screen the log is a group of its own, a key away.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.screen import Screen

from fragtui.tui.map_view import MapView

__all__ = ["SIDE_MIN", "WIDE", "SidePanelScreen"]

WIDE = 110
"""At this width and more, the side panel shows everything at once; below, one group at a time."""
SIDE_MIN = {True: 36, False: 48}
"""The side panel's least width, narrow (True) and wide: the record sheet's lines fit in it."""
SCROLLBAR = 2
"""Columns kept beside the map for its vertical scrollbar."""


class SidePanelScreen(Screen[None]):
    """A screen whose `#side` panel holds the parts named in `PARTS`."""

    PARTS: ClassVar[dict[str, int]] = {}
    """Each part of the side panel (a widget id) and the group it shows in on a narrow screen."""

    DEFAULT_CSS = """
    SidePanelScreen { layout: vertical; }
    SidePanelScreen #map { width: 1fr; height: 1fr; }
    SidePanelScreen #side { width: 1fr; min-width: 36; height: 1fr; border-left: solid $panel-lighten-2; }
    SidePanelScreen #side-top { height: auto; max-height: 75%; }
    SidePanelScreen #side.narrow #side-top { max-height: 100%; }
    SidePanelScreen #sheet { height: auto; padding: 0 1; }
    SidePanelScreen #scores { height: auto; padding: 0 1; border-top: solid $panel-lighten-2; }
    SidePanelScreen #log { height: 1fr; padding: 0 1; border-top: solid $panel-lighten-2; }
    """

    panel = 0
    """Which group of parts shows on a narrow screen (Tab moves on)."""

    def on_resize(self, event: events.Resize) -> None:
        self.fit_width(event.size.width)

    def fit_width(self, width: int) -> None:
        """Give the map the columns its board needs (the side panel the rest); group the parts below `WIDE`."""
        narrow = width < WIDE
        self.set_class(narrow, "-narrow")
        self.query_one("#side").set_class(narrow, "narrow")
        board_map = self.query_one("#map", MapView)
        board_map.styles.width = max(1, min(board_map.virtual_size.width + SCROLLBAR, width - SIDE_MIN[narrow]))
        self._show_panels(narrow)

    def _show_panels(self, narrow: bool) -> None:
        for widget_id, group in self.PARTS.items():
            self.query_one(f"#{widget_id}").display = not narrow or group == self.panel

    def action_next_panel(self) -> None:
        self.panel = (self.panel + 1) % (max(self.PARTS.values(), default=0) + 1)
        self._show_panels(self.query_one("#side").has_class("narrow"))
