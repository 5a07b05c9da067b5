"""The map widget: draws a board with Textual's Line API, with marks on top and a square cursor.

The board's picture is built once as rows of `Segment`s. What the game puts on it — fighters,
counters, squares reachable this turn, the proposed path, attack targets — comes in as *layers*:
named dicts from a square to a mark. Setting a layer works out which squares changed, rebuilds
only their rows, and refreshes only those cells; moving the cursor refreshes the two cells it
left and entered. A key press therefore costs a few cells on the terminal, not a screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from fragtui.engine.board import Board, Terrain
from fragtui.tui.glyphs import Role, board_glyphs, role_style
from fragtui.tui.seats import no_color

__all__ = ["CURSOR", "LAYERS", "STYLES", "MapView", "Mark", "cursor_style"]


class _RoleStyles(Mapping[Role, Style]):
    """Each feature's style for the app being drawn: its colour, or its grey under that app's
    `NO_COLOR` (`no_color`: one process serves players with and without colours)."""

    def __getitem__(self, role: Role) -> Style:
        return role_style(role, plain=no_color())

    def __iter__(self) -> Iterator[Role]:
        return iter(Role)

    def __len__(self) -> int:
        return len(Role)


STYLES: Mapping[Role, Style] = _RoleStyles()
"""Each feature's style as drawn now (glyphs.py chooses the colours; the map reads `NO_COLOR` when
it is given a board, as Textual reads it when the app starts)."""
CURSOR = Style(reverse=True)
"""The cursor reverses the square's colours: visible in 16 colours and with NO_COLOR alike. On a square
drawn reversed already (a Frag Tag mode's mark, a hanged fighter under NO_COLOR) it underlines it instead,
so the mark stays in sight under the cursor, which starts each turn on the active fighter (`cursor_style`)."""
CURSOR_ON_REVERSED = Style(underline=True, bold=True)

BIG_STEP = 5
"""Squares a Shift+arrow moves the cursor: a 20-square map is crossed in four keys."""

LAYERS: tuple[str, ...] = ("reach", "path", "target", "counters", "objective", "fighters")
"""Layer names, bottom first. A higher layer's glyph hides a lower one's; styles are combined. (The
objective, a Frag Tag mode's flag or hill, lies over counters: a fragged holder drops the flag onto his
own leftovers, and the flag is what the table looks for.)"""
PLAIN_LAYERS: dict[str, Style] = {
    "reach": Style(underline=True),
    "path": Style(bold=True, italic=True, underline2=True),
    "target": Style(bold=True, blink=True),
}
"""Under `NO_COLOR` the highlight layers are drawn with these text attributes, whatever background
their marks ask for: a background turned grey would hide the glyph instead of marking it."""


def cursor_style(style: Style) -> Style:
    """A square's style under the cursor: reversed, or underlined where the square is reversed already."""
    return style + (CURSOR_ON_REVERSED if style.reverse else CURSOR)


@dataclass(frozen=True)
class Mark:
    """What a layer puts on a square: a glyph in place of the map's (or None to keep it), and a style."""

    glyph: str | None
    """A single-width character drawn in the square, or None to keep what is below."""
    style: Style
    """Added on top of the styles below (a background for highlights, a colour for fighters)."""
    on_highlight: Style | None = None
    """Drawn instead of `style` over a highlight of the layers below (a reachable square, the path, a
    target): a piece drawn as a block of colour (16 colours, `seats.piece_style`) would hide the highlight,
    so there it is drawn in its colour on the highlight."""


class MapView(ScrollView, can_focus=True):
    """A scrollable picture of a board with a square cursor and layers of marks."""

    BINDINGS = [
        Binding("up,k", "move(0, -1)", "Up", show=False),
        Binding("down,j", "move(0, 1)", "Down", show=False),
        Binding("left,h", "move(-1, 0)", "Left", show=False),
        Binding("right,l", "move(1, 0)", "Right", show=False),
        Binding("shift+up,K", f"move(0, -{BIG_STEP})", "Up 5", show=False),
        Binding("shift+down,J", f"move(0, {BIG_STEP})", "Down 5", show=False),
        Binding("shift+left,H", f"move(-{BIG_STEP}, 0)", "Left 5", show=False),
        Binding("shift+right,L", f"move({BIG_STEP}, 0)", "Right 5", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "edge(-1)", "Row start", show=False),
        Binding("end", "edge(1)", "Row end", show=False),
        Binding("ctrl+home", "corner(-1)", "Top left", show=False),
        Binding("ctrl+end", "corner(1)", "Bottom right", show=False),
    ]

    DEFAULT_CSS = """
    MapView {
        background: $surface;
    }
    """

    cursor: reactive[tuple[int, int]] = reactive((0, 0), always_update=False, repaint=False)
    """The square under the cursor, as (x, y). No repaint of its own: the watcher refreshes two cells."""

    class CursorMoved(Message):
        """Posted when the cursor moves to another square."""

        def __init__(self, view: MapView, square: tuple[int, int]) -> None:
            self.view = view
            self.square = square
            super().__init__()

    class SquareChosen(Message):
        """Posted when a square is clicked, or chosen with Enter when the host binds it."""

        def __init__(self, view: MapView, square: tuple[int, int]) -> None:
            self.view = view
            self.square = square
            super().__init__()

    def __init__(
        self, board: Board, *, name: str | None = None, id: str | None = None, plain: frozenset[Terrain] = frozenset()
    ) -> None:
        super().__init__(name=name, id=id)
        self.unplayed = plain
        """Terrains drawn as the floor: features the game played makes no use of (`Ruleset.unplayed_terrain`)."""
        self._base: list[list[Segment]] = []
        self._layers: dict[str, dict[tuple[int, int], Mark]] = {layer: {} for layer in LAYERS}
        self._rows: dict[int, tuple[list[Segment], Strip]] = {}
        self._plain = False
        """`NO_COLOR` was set when the board was given: highlights become text attributes (`PLAIN_LAYERS`)."""
        self.board = board

    # -- the board and its layers ---------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @board.setter
    def board(self, board: Board) -> None:
        self._board = board
        plain = self._plain = no_color()
        glyphs = board_glyphs(board, self.unplayed)
        self._base = [[Segment(ch, role_style(role, plain=plain)) for ch, role in row] for row in glyphs]
        self._layers = {layer: {} for layer in LAYERS}
        self._rows = {}
        self.virtual_size = Size(2 * board.width + 1, 2 * board.height + 1)
        self.set_reactive(MapView.cursor, (0, 0))
        self.refresh()

    def marks(self, name: str) -> Mapping[tuple[int, int], Mark]:
        """The marks of one layer (read-only view)."""
        return self._layers[name]

    def set_layer(self, name: str, marks: Mapping[tuple[int, int], Mark]) -> None:
        """Replace one layer's marks, redrawing only the squares whose marks changed."""
        old = self._layers[name]
        new = dict(marks)
        changed = {sq for sq in old.keys() | new.keys() if old.get(sq) != new.get(sq)}
        self._layers[name] = new
        self._redraw(changed)

    def _redraw(self, squares: Iterable[tuple[int, int]]) -> None:
        squares = list(squares)
        for _, y in squares:
            self._rows.pop(2 * y + 1, None)
        for square in squares:
            self._refresh_square(square)

    def _refresh_square(self, square: tuple[int, int]) -> None:
        scroll_x, scroll_y = self.scroll_offset
        x, y = square
        self.refresh(Region(2 * x + 1 - scroll_x, 2 * y + 1 - scroll_y, 1, 1))

    def _square_segment(self, x: int, y: int) -> Segment:
        base = self._base[2 * y + 1][2 * x + 1]
        glyph, style = base.text, base.style or Style()
        highlighted = False
        for name in LAYERS:
            mark = self._layers[name].get((x, y))
            if mark is not None:
                if mark.glyph is not None:
                    glyph = mark.glyph
                if self._plain:
                    style += PLAIN_LAYERS.get(name, mark.style)
                else:
                    style += mark.on_highlight if highlighted and mark.on_highlight is not None else mark.style
                highlighted = highlighted or name in PLAIN_LAYERS
        return Segment(glyph, style)

    def _row(self, row: int) -> tuple[list[Segment], Strip]:
        """The row's segments and strip with the layers drawn in (cached until a mark on it changes)."""
        cached = self._rows.get(row)
        if cached is None:
            segments = self._base[row]
            if row % 2 == 1:
                y = row // 2
                marked = {x for layer in self._layers.values() for (x, my) in layer if my == y}
                if marked:
                    segments = list(segments)
                    for x in marked:
                        segments[2 * x + 1] = self._square_segment(x, y)
            # Neighbouring cells of one style become one segment: about half the bytes per line sent.
            cached = self._rows[row] = (segments, Strip(segments).simplify())
        return cached

    # -- drawing --------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        if row >= len(self._base):
            return Strip.blank(self.size.width, self.rich_style)
        segments, strip = self._row(row)
        cx, cy = self.cursor
        if row == 2 * cy + 1:
            segments = list(segments)
            cell = segments[2 * cx + 1]
            segments[2 * cx + 1] = Segment(cell.text, cursor_style(cell.style or Style()))
            strip = Strip(segments)
        return strip.crop_extend(scroll_x, scroll_x + self.size.width, self.rich_style)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """Forget the whole-widget repaint Textual asks for when a layout resizes the map: that layout paints it.

        When the map's height changes in a layout (at 80 columns the turn line wraps to two lines after the roll
        for movement, and back to one at the end of the turn), `Screen._refresh_layout` first takes the widgets'
        pending repaint regions (`Compositor.update_widgets`), then reflows; the reflow calls this method, and
        Textual's `ScrollView._size_updated` marks the whole widget for repaint (`_set_dirty()`). The reflow
        itself marks the map's old and new regions dirty on the compositor (its geometry changed), and the same
        layout paints them. But the widget's own repaint region stays behind, untaken until the map is next
        refreshed: the next cursor move, which then repaints the whole map and its scrollbar — 11.6 KB at
        80x24 instead of 0.6 KB (docs/performance.md). Clearing it here loses nothing: `_set_dirty()` has just
        replaced every region pending before with the whole widget, and the layout paints the whole widget.

        Only in a layout (`layout` True, from `Compositor.reflow`): the scroll fast path (`reflow_visible`, with
        `layout` False) is left as Textual has it.
        """
        resized = self._size != size
        result = super()._size_updated(size, virtual_size, container_size, layout)
        if resized and layout:
            self._repaint_regions.clear()
        return result

    def watch_cursor(self, old: tuple[int, int], new: tuple[int, int]) -> None:
        if self._in_view(new):
            self._refresh_square(old)
            self._refresh_square(new)
        else:
            self._scroll_to_cursor(new)
        self.post_message(self.CursorMoved(self, new))

    def _in_view(self, square: tuple[int, int]) -> bool:
        """Whether the square and the walls around it are on screen."""
        scroll_x, scroll_y = self.scroll_offset
        width, height = self.scrollable_content_region.size
        x, y = 2 * square[0], 2 * square[1]
        return scroll_x <= x and x + 3 <= scroll_x + width and scroll_y <= y and y + 3 <= scroll_y + height

    def _scroll_to_cursor(self, square: tuple[int, int]) -> None:
        """Bring the cursor's square to the middle of the view.

        A scroll redraws the whole widget; scrolling by half a view rather than one square at a
        time makes that rare when the cursor walks along the edge.
        """
        width, height = self.scrollable_content_region.size
        self.scroll_to(
            x=max(0, 2 * square[0] + 1 - width // 2),
            y=max(0, 2 * square[1] + 1 - height // 2),
            animate=False,
            immediate=True,
        )
        self.refresh()

    def action_move(self, dx: int, dy: int) -> None:
        x, y = self.cursor
        nx = min(max(x + dx, 0), self.board.width - 1)
        ny = min(max(y + dy, 0), self.board.height - 1)
        self.cursor = (nx, ny)

    def action_page(self, direction: int) -> None:
        """PgUp/PgDn: a screenful of squares up or down (the view scrolls with the cursor)."""
        rows = max(1, self.scrollable_content_region.height // 2 - 1)
        self.action_move(0, direction * rows)

    def action_edge(self, direction: int) -> None:
        """Home/End: the first or last square of the cursor's row."""
        self.cursor = (0 if direction < 0 else self.board.width - 1, self.cursor[1])

    def action_corner(self, direction: int) -> None:
        """Ctrl+Home/Ctrl+End: the map's first or last square."""
        self.cursor = (0, 0) if direction < 0 else (self.board.width - 1, self.board.height - 1)

    def cycle_to(self, squares: list[tuple[int, int]], step: int = 1) -> tuple[int, int] | None:
        """Move to the square after (or, `step` -1, before) the cursor's in `squares`, round the end.

        From a square not in the list, the first (or the last) is taken. Returns where the cursor went.
        """
        if not squares:
            return None
        if self.cursor in squares:
            square = squares[(squares.index(self.cursor) + step) % len(squares)]
        else:
            square = squares[0 if step > 0 else -1]
        self.move_cursor_to(square)
        return square

    def move_cursor_to(self, square: tuple[int, int]) -> None:
        """Put the cursor on a square (e.g. the active fighter's at the start of his turn)."""
        if self.board.in_bounds(*square):
            self.cursor = square

    def on_click(self, event: Click) -> None:
        x = (event.x + int(self.scroll_x) - 1) // 2
        y = (event.y + int(self.scroll_y) - 1) // 2
        if self.board.in_bounds(x, y):
            self.cursor = (x, y)
            if event.chain >= 2:
                self.post_message(self.SquareChosen(self, (x, y)))
