"""Footers that fit: a screen's keys, most needed first, as many as the terminal's width holds.

Textual's footer cuts whatever passes the right edge, mid-word. A screen whose keys are all always
available (the replay) lists them most needed first and calls `fit_footer` when its width changes:
the keys that would not fit leave the footer (they still work, and the help lists them), so what
shows is whole words, and Help and Leave, listed first, are never cut.

`SteadyFooter` is Textual's footer rebuilt only when what it shows has changed (see the class).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["PALETTE_MARK", "SteadyFooter", "fit_footer", "footer_width"]


class SteadyFooter(Footer):
    """Textual's footer, rebuilt once for a burst of binding updates, and only when its keys changed.

    Textual's footer removes and mounts all its keys again after every binding update, and styles
    each new key twice (its `compact` watcher). The title's first showing sent it three updates
    with the same keys each time: three rebuilds, and two more frames of an unchanged footer
    (issue 30, "Start"; docs/performance.md). Here an update asks for one rebuild after the next
    refresh, that rebuild happens only if the keys it would show differ from those shown, and a
    key is made with its final `compact` value. What is drawn is what Textual's footer draws
    (tests/tui/test_title_start.py, test_snapshots_title.py).
    """

    _pending = False
    """A rebuild is asked for, after the next refresh."""
    _shown: object = None
    """What the keys were built from (`_showing()`), at the last compose."""

    def _showing(self) -> object:
        """All that `Footer.compose` reads to build the keys (not `compact`: the keys are bound to it)."""
        if not self._bindings_ready:
            return None
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING
        keys = tuple(
            (key, binding, app.get_key_display(binding), enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette  # (a hidden key is not drawn: focusing a list adds only hidden ones)
        )
        return (self.show_command_palette, app.ENABLE_COMMAND_PALETTE, palette, keys)

    def compose(self) -> ComposeResult:
        # Textual's footer composes empty, then again once the screen first says its bindings changed: a
        # second build of every key and another frame before a screen stands still (the title's launch).
        # The screen's bindings are there to read as soon as the footer is composed on it, so the keys are
        # built at once, and the screen's first update finds them unchanged.
        self.set_reactive(Footer._bindings_ready, True)
        self._shown = self._showing()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # A key starts `compact` and takes the footer's value when mounted (the palette's key stays
                # compact): each change restyles the key. Made with its final value and class, it is styled once.
                bound = widget._reactive_connect is not None and "compact" in widget._reactive_connect
                compact = self.compact if bound else widget.compact
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._pending:
            self._pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._pending = False
        if self.is_attached and self._showing() != self._shown:
            await self.recompose()


PALETTE_MARK = 14
"""Columns the command palette's mark ("▏^p palette") takes on the right of the footer."""


def footer_width(key_display: str, description: str) -> int:
    """Columns one key takes in a compact footer: the key, a space, what it does, a space."""
    return len(key_display) + len(description) + 2


def fit_footer(screen: Screen[Any], width: int) -> None:
    """Show in `screen`'s footer the first of its footer keys that fit in `width` columns; hide the rest."""
    wanted: dict[str, bool] = screen.__dict__.setdefault("_footer_wanted", {})
    room = width - PALETTE_MARK
    # The screen's own dict, but its lists are shared with the class: each is replaced, never changed.
    bindings = screen._bindings.key_to_bindings
    fits: dict[str, bool] = {}
    for key, group in list(bindings.items()):
        shown = []
        for binding in group:
            show = wanted.setdefault(f"{key} {binding.action}", binding.show)
            if show:
                if binding.action not in fits:  # the footer shows an action once, by its first key
                    display = binding.key_display or screen.app.get_key_display(binding)
                    cost = footer_width(display, binding.description)
                    fits[binding.action] = cost <= room
                    room -= cost if fits[binding.action] else 0
                show = fits[binding.action]
            shown.append(replace(binding, show=show))
        bindings[key] = shown
    screen.refresh_bindings()
