"""Each served session's output in its own client's colours, without Rich's shared cache.

Rich keeps a style's escape codes on the style the first time it is rendered, whatever the
colour system (`Style._ansi`; Textual's `Strip.render` writes it there too and keeps the
rendered line on the strip), and the apps of one process share styles: Textual and fragtui
cache them (`Style.__add__`, `Strip.blank`, the map's role styles). Rendered the usual way, a
16-colour client drawn after a true-colour one would be sent true-colour codes its terminal
cannot show, and the other way round (fragtui/tui/cast.py met the same fault in recordings).

So a served app turns Textual's screen updates into bytes itself (`ServedApp._display` wraps
each update in `OwnColours`): it walks the update's segments (Textual's own
`__rich_console__`: cursor moves and styled text) and writes each style's codes from a cache of
its own, worked out in the client's colour system as Rich's downgrade would, never read from or
written to the style. Nothing shared is touched, so no session (and no other code in the
process, such as a benchmark measuring bytes) sees another's colours.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import CompositorUpdate

__all__ = ["OwnColours", "SessionColours", "style_codes"]

_ATTRIBUTE_CODES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "51", "52", "53")
"""The SGR code of each of Rich's style attribute bits, in bit order (Rich's `Style._style_map`)."""
CACHE_LIMIT = 4096
"""Styles whose codes a session keeps; past it the cache starts again (a game uses a few hundred)."""


def style_codes(style: Style, system: ColorSystem | None) -> str:
    """The SGR parameters of `style` in `system` (None: a terminal without colours, attributes only).

    The same codes as `Style._make_ansi_codes` and Textual's `Strip.render_ansi`, without
    storing them on the style.
    """
    codes: list[str] = []
    attributes = style._attributes & style._set_attributes
    if attributes:
        codes.extend(code for bit, code in enumerate(_ATTRIBUTE_CODES) if attributes & (1 << bit))
    if system is not None:
        if style._color is not None:
            codes.extend(style._color.downgrade(system).get_ansi_codes())
        if style._bgcolor is not None:
            codes.extend(style._bgcolor.downgrade(system).get_ansi_codes(foreground=False))
    return ";".join(codes)


class SessionColours:
    """One session's escape codes, style by style, in its client's colour system."""

    def __init__(self, system: ColorSystem | None) -> None:
        self.system = system
        """The client's colours: standard (16), 256, true colour, or None (no colours)."""
        self._codes: dict[Style, str] = {}

    def encode(self, segments: Iterable[Segment]) -> str:
        """Segments as terminal output: control segments as they are, styled text with its codes."""
        written: list[str] = []
        append = written.append
        codes = self._codes
        system = self.system
        for text, style, control in segments:
            if control or style is None or not text:
                append(text)
                continue
            ansi = codes.get(style)
            if ansi is None:
                if len(codes) >= CACHE_LIMIT:
                    codes.clear()
                ansi = codes[style] = style_codes(style, system)
            styled = f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text
            if style._link:
                styled = f"\x1b]8;id={style._link_id};{style._link}\x1b\\{styled}\x1b]8;;\x1b\\"
            append(styled)
        return "".join(written)


class OwnColours(CompositorUpdate):
    """A Textual screen update, rendered with a session's own colours (see the module's docstring)."""

    def __init__(self, update: CompositorUpdate, colours: SessionColours) -> None:
        self.update = update
        self.colours = colours

    def render_segments(self, console: Console) -> str:
        return self.colours.encode(self.update.__rich_console__(console, console.options))  # type: ignore[attr-defined]
