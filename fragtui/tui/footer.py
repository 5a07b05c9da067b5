"""Footers that fit: a screen's keys, most needed first, as many as the terminal's width holds.

Textual's footer cuts whatever passes the right edge, mid-word. A screen whose keys are all always
available (the replay) lists them most needed first and calls `fit_footer` when its width changes:
the keys that would not fit leave the footer (they still work, and the help lists them), so what
shows is whole words, and Help and Leave, listed first, are never cut.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.screen import Screen

__all__ = ["PALETTE_MARK", "fit_footer", "footer_width"]

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
