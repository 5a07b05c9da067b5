"""The map widget: draws a board with Textual's Line API and moves a cursor over its squares.

Rows are built once per board as `Strip`s and cached; moving the cursor refreshes only the two
rows it left and entered, so a key press costs two lines, not a screen.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from fragtui.engine.board import Board
from fragtui.tui.glyphs import Role, board_glyphs

STYLES: dict[Role, Style] = {
    Role.FLOOR: Style(color="bright_black"),
    Role.WALL: Style(color="white"),
    Role.DOOR: Style(color="yellow", bold=True),
    Role.WINDOW: Style(color="cyan"),
    Role.SOLID: Style(color="bright_black"),
    Role.ACID: Style(color="bright_green", bold=True),
    Role.GRATE: Style(color="bright_black"),
    Role.TELEPORTER: Style(color="magenta", bold=True),
    Role.WEAPON: Style(color="red", bold=True),
    Role.GADGET: Style(color="blue", bold=True),
    Role.POWER_UP: Style(color="bright_blue", bold=True),
    Role.RESPAWN: Style(color="bright_white", bold=True),
    Role.BEAST: Style(color="green"),
    Role.GALLOWS: Style(color="bright_red"),
    Role.OBJECTIVE: Style(color="bright_yellow", bold=True),
    Role.COVER: Style(color="yellow"),
}
CURSOR = Style(reverse=True)


class MapView(ScrollView, can_focus=True):
    """A scrollable picture of a board with a square cursor."""

    BINDINGS = [
        Binding("up,k", "move(0, -1)", "Up", show=False),
        Binding("down,j", "move(0, 1)", "Down", show=False),
        Binding("left,h", "move(-1, 0)", "Left", show=False),
        Binding("right,l", "move(1, 0)", "Right", show=False),
    ]

    DEFAULT_CSS = """
    MapView {
        background: $surface;
    }
    """

    cursor: reactive[tuple[int, int]] = reactive((0, 0), always_update=False)
    """The square under the cursor, as (x, y)."""

    class CursorMoved(Message):
        """Posted when the cursor moves to another square."""

        def __init__(self, view: MapView, square: tuple[int, int]) -> None:
            self.view = view
            self.square = square
            super().__init__()

    def __init__(self, board: Board, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self._rows: list[Strip] = []
        self._segments: list[list[Segment]] = []
        self.board = board

    @property
    def board(self) -> Board:
        return self._board

    @board.setter
    def board(self, board: Board) -> None:
        self._board = board
        glyphs = board_glyphs(board)
        self._segments = [[Segment(ch, STYLES[role]) for ch, role in row] for row in glyphs]
        self._rows = [Strip(segments) for segments in self._segments]
        self.virtual_size = Size(2 * board.width + 1, 2 * board.height + 1)
        self.set_reactive(MapView.cursor, (0, 0))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        if row >= len(self._rows):
            return Strip.blank(self.size.width, self.rich_style)
        cx, cy = self.cursor
        if row == 2 * cy + 1:
            segments = list(self._segments[row])
            ch, style = segments[2 * cx + 1].text, segments[2 * cx + 1].style
            segments[2 * cx + 1] = Segment(ch, (style or Style()) + CURSOR)
            strip = Strip(segments)
        else:
            strip = self._rows[row]
        return strip.crop_extend(scroll_x, scroll_x + self.size.width, self.rich_style)

    def watch_cursor(self, old: tuple[int, int], new: tuple[int, int]) -> None:
        _scroll_x, scroll_y = self.scroll_offset
        for _, y in (old, new):
            self.refresh(Region(0, 2 * y + 1 - scroll_y, self.size.width, 1))
        self.scroll_to_region(Region(2 * new[0], 2 * new[1], 3, 3), animate=False, immediate=True)
        self.post_message(self.CursorMoved(self, new))

    def action_move(self, dx: int, dy: int) -> None:
        x, y = self.cursor
        nx = min(max(x + dx, 0), self.board.width - 1)
        ny = min(max(y + dy, 0), self.board.height - 1)
        self.cursor = (nx, ny)

    def on_click(self, event: object) -> None:
        offset = getattr(event, "offset", None)
        if isinstance(offset, Offset):
            x = (offset.x + int(self.scroll_x) - 1) // 2
            y = (offset.y + int(self.scroll_y) - 1) // 2
            if self.board.in_bounds(x, y):
                self.cursor = (x, y)
