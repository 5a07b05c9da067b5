"""The Textual application: the title screen and the map browser.

Screens call the engine and the content loaders; widgets only draw what they are given.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from fragtui import __version__
from fragtui.content.maps import load_map, map_paths
from fragtui.engine.board import Board
from fragtui.errors import MapFormatError
from fragtui.tui.glyphs import describe_square, legend
from fragtui.tui.map_view import STYLES, MapView

TITLE_ART = r"""
 ███████ ██████   █████   ██████
 ██      ██   ██ ██   ██ ██
 █████   ██████  ███████ ██   ███
 ██      ██   ██ ██   ██ ██    ██
 ██      ██   ██ ██   ██  ██████
"""


class TitleScreen(Screen[None]):
    """The first screen: what there is to do."""

    BINDINGS = [Binding("q", "app.quit", "Quit"), Binding("m", "maps", "Maps")]

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="title-box"):
            yield Static(TITLE_ART, id="title-art")
            yield Static(
                "The first-person shooter without a computer. Hot-seat games for 4–6 players "
                "are on their way; for now, walk the arenas.",
                id="title-blurb",
            )
            yield OptionList(
                Option("Browse the maps", id="maps"),
                Option("Quit", id="quit"),
                id="title-menu",
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "maps":
            self.action_maps()
        elif event.option.id == "quit":
            self.app.exit()

    def action_maps(self) -> None:
        self.app.push_screen(MapBrowser())


class MapBrowser(Screen[None]):
    """Every shipped map, drawn as it will be played, with the square under the cursor named."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("tab", "app.focus_next", "Switch list/map", show=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.boards: dict[str, Board] = {}
        self.problems: list[str] = []
        for path in map_paths():
            try:
                self.boards[path.stem] = load_map(path)
            except MapFormatError as exc:
                self.problems.append(str(exc))

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        if not self.boards:
            yield Static("No map could be loaded:\n" + "\n".join(self.problems), id="map-info")
            yield Footer()
            return
        first = next(iter(self.boards.values()))
        with Horizontal():
            with Vertical(id="map-side"):
                yield OptionList(*(Option(board.name, id=stem) for stem, board in self.boards.items()), id="map-list")
                yield Static(id="map-info")
            with Vertical(id="map-main"):
                yield MapView(first, id="map-view")
                yield Static(id="map-status")
        yield Footer()

    def on_mount(self) -> None:
        if not self.boards:
            return
        self.query_one("#map-list", OptionList).highlighted = 0
        self._show(next(iter(self.boards)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self._show(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one(MapView).focus()

    def on_map_view_cursor_moved(self, event: MapView.CursorMoved) -> None:
        x, y = event.square
        self.query_one("#map-status", Static).update(describe_square(event.view.board, x, y))

    def _show(self, stem: str) -> None:
        board = self.boards[stem]
        view = self.query_one(MapView)
        if view.board is not board:
            view.board = board
        info = Text()
        info.append(f"{board.name}\n", style="bold")
        info.append(f"{board.description}\n" if board.description else "")
        info.append(
            f"{board.width}×{board.height}, {board.players_min}–{board.players_max} players, "
            f"ruleset {board.ruleset}\n\n"
        )
        for (glyph, role), text in legend(board):
            info.append(f"{glyph:<4}", style=STYLES[role])
            info.append(f" {text}\n")
        for problem in self.problems:
            info.append(f"\n{problem}", style="red")
        self.query_one("#map-info", Static).update(info)
        self.query_one("#map-status", Static).update(describe_square(board, *view.cursor))


class FragApp(App[None]):
    """fragtui in the terminal."""

    TITLE = "fragtui"
    SUB_TITLE = f"Frag in the terminal · {__version__}"
    CSS = """
    #title-box { align: center middle; }
    #title-art { width: auto; color: $accent; text-style: bold; margin: 1 0; }
    #title-blurb { width: 60; margin: 0 0 1 0; }
    #title-menu { width: 40; height: auto; }
    #map-side { width: 34; }
    #map-list { height: auto; max-height: 12; }
    #map-info { height: 1fr; padding: 0 1; overflow-y: auto; }
    #map-main { width: 1fr; }
    #map-view { height: 1fr; }
    #map-status { height: 1; padding: 0 1; background: $panel; }
    """

    def on_mount(self) -> None:
        self.push_screen(TitleScreen())


def run() -> int:
    FragApp().run()
    return 0
