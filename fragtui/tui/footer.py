"""Footers that fit: a screen's keys, most needed first, as many as the terminal's width holds.

Textual's footer cuts whatever passes the right edge, mid-word. A screen whose keys are all always
available (the replay) lists them most needed first and calls `fit_footer` when its width changes:
the keys that would not fit leave the footer (they still work, and the help lists them), so what
shows is whole words, and Help and Leave, listed first, are never cut.

`KeyFooter` is the footer of every screen: it draws what Textual's `Footer` draws, as one line of text
instead of a widget for each key (see the class).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

__all__ = ["PALETTE_MARK", "FooterEntry", "KeyFooter", "fit_footer", "footer_width"]


@dataclass(frozen=True)
class FooterEntry:
    """One key as the footer shows it: what Textual's footer makes a `FooterKey` widget of."""

    key: str
    """The key pressed (what a click on the entry simulates)."""
    display: str
    """The key as shown (`App.get_key_display`: "^p", "?", "esc")."""
    description: str
    """What the key does, in the footer's words."""
    enabled: bool
    """Whether the key works now: a disabled one is drawn dim, and a click on it rings the bell."""
    tooltip: str
    """Shown while the pointer rests on the entry."""


class KeyFooter(Widget, can_focus=False):
    """A screen's keys at its foot, drawn as Textual's `Footer` draws them, as one line of text.

    Why not Textual's footer: it is a container with a widget for each key (`FooterKey`), and builds all of
    them again whenever the screen's bindings change, each key styled (twice, for its `compact`), mounted,
    laid out and rendered. That was 8.5 % of the instructions of a launch to the title (114 M of 1,334 M,
    cachegrind) and, at a game screen whose keys change with the decision, a tenth of a screen test's
    work (issue 30, "Start"; docs/performance.md). Here the keys are a list, read from the screen's
    bindings when they change, and a change only redraws the line: the same text in the same colours
    (`tests/tui/test_key_footer.py` compares every cell with Textual's footer), the same keys in the same
    order (the first key of each action, the command palette's on the right), a click on a key presses it,
    the pointer over a key lights it and shows its tooltip.
    """

    COMPONENT_CLASSES = {
        "footer-key--item",
        "footer-key--key",
        "footer-key--description",
        "footer-key--edge",
        "footer-key--hover",
    }
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: clip;
        color: $footer-foreground;
        background: $footer-background;
        .footer-key--item { background: $footer-item-background; }
        .footer-key--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--edge { color: $foreground 20%; }
        .footer-key--hover { background: $block-hover-background; }
    }
    """
    ALLOW_SELECT = False

    compact = reactive(False)
    """Less space: no padding around a key, one space between keys (Textual's `Footer.compact`)."""
    show_command_palette = reactive(True)
    """Whether the command palette's key is shown on the right (when the app has a palette)."""

    def __init__(
        self,
        *,
        compact: bool = False,
        show_command_palette: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(KeyFooter.compact, compact)
        self.set_reactive(KeyFooter.show_command_palette, show_command_palette)
        self.entries: tuple[FooterEntry, ...] = ()
        """The keys shown on the left, in order."""
        self.palette: FooterEntry | None = None
        """The command palette's key, shown on the right; None when there is none to show."""
        self._spans: list[tuple[int, int, FooterEntry]] = []
        """Where each key was drawn: (first column, column after it, key), for the pointer and clicks."""
        self._hovered: FooterEntry | None = None
        """The key under the pointer."""

    # -- the keys -------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.read_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen is self.screen and self.is_attached:
            self.read_keys()

    def watch_show_command_palette(self) -> None:
        if self.is_mounted:
            self.read_keys()

    def read_keys(self) -> None:
        """The keys to show, read from the screen's bindings (as `Footer.compose` reads them); redrawn if changed."""
        app = self.app
        active = self.screen.active_bindings
        first: dict[str, FooterEntry] = {}  # the first shown key of each action, in order
        for _node, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in first:
                first[binding.action] = FooterEntry(
                    binding.key, app.get_key_display(binding), binding.description, enabled, tooltip
                )
        palette: FooterEntry | None = None
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, tooltip = found
                palette = FooterEntry(
                    binding.key,
                    app.get_key_display(binding),
                    binding.description,
                    enabled,
                    binding.tooltip or binding.description,
                )
        entries = tuple(first.values())
        if entries != self.entries or palette != self.palette:
            self.entries, self.palette = entries, palette
            self.refresh()

    # -- drawing --------------------------------------------------------------------------------

    def _entry_text(self, entry: FooterEntry, hovered: bool, compact: bool) -> Text:
        """One key as a `FooterKey` renders it: the key, then what it does, over the key's own background."""
        # Textual's paddings: the key " k " and the words "words " when wide; "k" and " words" when compact.
        key_pad, before, after = ("", " ", "") if compact else (" ", "", " ")
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        if entry.description:
            text = Text.assemble(
                (f"{key_pad}{entry.display}{key_pad}", key_style),
                (f"{before}{entry.description}{after}", description_style),
            )
        else:
            text = Text.assemble((entry.display, key_style))
        base = self.get_component_rich_style("footer-key--item")
        if not entry.enabled:
            base += Style(dim=True)
        text.stylize_before(base)
        if hovered:  # (`FooterKey:hover` lights the key's background, which its parts let show through)
            text.stylize(Style(bgcolor=self.get_component_rich_style("footer-key--hover").bgcolor))
        return text

    def render(self) -> Text:
        width = self.size.width
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, FooterEntry]] = []
        gap = " " if self.compact else ""  # (a compact footer's keys have a margin of one on their right)
        for entry in self.entries:
            start = line.cell_len
            line.append_text(self._entry_text(entry, entry == self._hovered, self.compact))
            spans.append((start, line.cell_len, entry))
            line.append(gap)
        palette = self.palette
        if palette is not None:
            # Textual docks the palette's key on the right, over the keys: compact (it is not bound to the
            # footer's `compact`) behind a thin edge, then a space of its own padding, or, in a compact footer, of
            # its margin, through which the keys' line shows (the column there is the keys', not the palette's).
            key = self._entry_text(palette, palette == self._hovered, compact=True)
            edge = Text("▏", self.get_component_rich_style("footer-key--edge"))
            if self.compact:
                line.pad_right(width)
                last = line[width - 1 : width] if width >= 1 else Text()
            else:
                last = Text(" ", self.get_component_rich_style("footer-key--item"))
            room = max(0, width - key.cell_len - 2)
            line.truncate(room, pad=True)
            spans = [(a, min(b, room), entry) for a, b, entry in spans if a < room]
            spans.append((room + 1, room + 1 + key.cell_len, palette))
            line.append_text(edge)
            line.append_text(key)
            line.append_text(last)
        self._spans = spans
        return line

    def watch_compact(self) -> None:
        self.refresh()

    # -- the pointer ----------------------------------------------------------------------------

    def _entry_at(self, x: int) -> FooterEntry | None:
        return next((entry for start, end, entry in self._spans if start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hovered = self._entry_at(event.x)
        if hovered != self._hovered:
            self._hovered = hovered
            self.tooltip = (hovered.tooltip or None) if hovered is not None else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.tooltip = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        entry = self._entry_at(event.x)
        if entry is None:
            return
        if entry.enabled:
            self.app.simulate_key(entry.key)
        else:
            self.app.bell()


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
            if show and screen.check_action(binding.action.partition("(")[0], ()) is False:
                show = False  # (a key its screen says does not apply here: it is not worth the footer's room)
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
