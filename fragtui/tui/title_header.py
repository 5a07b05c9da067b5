"""The header at the top of a screen, safe to close while its title is being set.

Textual's `Header` updates its title label from a watcher that runs a moment after the title
changes. When the screen closes in that moment (Enter at the set-up starts the game and the form
is dismissed; a session ends as a screen opens) the label has already been removed, and the
watcher's `query_one` raised `NoMatches` into the app: a traceback for a player who only pressed
Enter quickly (seen when `a a Enter` arrived in one read). Here that late update is dropped: a
header being removed has no title left to show.
"""

from __future__ import annotations

from contextlib import suppress

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

__all__ = ["TitleHeader"]


class TitleHeader(Header):
    """`Header`, whose title update is dropped once its label has gone (see the module's docstring)."""

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # `Header._on_mount` would add its own watchers, which do not expect the label gone
        Widget._on_mount(self, event)

        async def set_title() -> None:
            if not self.is_attached:
                return
            with suppress(NoMatches, NoScreen):  # the label, or the screen, removed first as the screen closes
                self.query_one(HeaderTitle).update(self.format_title())

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)
