"""The header (`fragtui.tui.title_header`): what Textual's `Header` draws, cell for cell; it follows the
screen's title; a title changed as its screen closes raises nothing; a click on the icon opens the command
palette and one elsewhere makes the header tall."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static

from fragtui.tui.title_header import TitleHeader
from tests.tui.cells import Cell, screen_cells


class _Titled(Screen[None]):
    def __init__(self, header: Widget | None = None, title: str = "", sub_title: str = "") -> None:
        super().__init__()
        self.header = header if header is not None else TitleHeader(show_clock=False)
        self.wanted = (title, sub_title)

    def compose(self) -> ComposeResult:
        yield self.header
        yield Static("body")

    def on_mount(self) -> None:
        self.title, self.sub_title = self.wanted


async def drawn(header: Widget, width: int, title: str, sub_title: str, tall: bool) -> list[Cell]:
    app: App[None] = App()
    async with app.run_test(size=(width, 8)) as pilot:
        await app.push_screen(_Titled(header, title, sub_title))
        await pilot.pause()
        if tall:
            await pilot.click(type(header), offset=(width // 2, 0))
            await pilot.pause()
        return screen_cells(app, range(3 if tall else 1))


@pytest.mark.parametrize("width", [120, 40, 24])
@pytest.mark.parametrize(
    ("title", "sub_title"),
    [("fragtui", ""), ("New game", "Frag Deadlands"), ("A title much too long for a narrow header", "and more")],
    ids=["title", "sub-title", "too-long"],
)
@pytest.mark.parametrize("tall", [False, True], ids=["one-line", "tall"])
async def test_the_header_draws_every_cell_textuals_header_draws(
    width: int, title: str, sub_title: str, tall: bool
) -> None:
    ours = await drawn(TitleHeader(show_clock=False), width, title, sub_title, tall)
    textuals = await drawn(Header(show_clock=False), width, title, sub_title, tall)
    assert "".join(cell[0] for cell in ours) == "".join(cell[0] for cell in textuals)
    assert ours == textuals


async def test_the_title_shows_and_follows_the_screens_title() -> None:
    app: App[None] = App()
    async with app.run_test(size=(60, 5)) as pilot:
        screen = _Titled(title="fragtui")
        await app.push_screen(screen)
        await pilot.pause()
        assert "fragtui" in str(screen.query_one(TitleHeader).render())
        screen.title = "New game"
        await pilot.pause()
        assert "New game" in str(screen.query_one(TitleHeader).render())


async def test_a_title_changed_as_the_screen_closes_is_not_an_error() -> None:
    """Textual's own `Header` raised `NoMatches` here (the set-up dismissed by Enter while its title changed)."""
    app: App[None] = App()
    async with app.run_test(size=(60, 5)) as pilot:
        screen = _Titled()
        await app.push_screen(screen)
        await pilot.pause()
        screen.title = "changed while closing"
        app.pop_screen()
        await pilot.pause()
        assert app.return_code is None and not app._exception


async def test_a_click_on_the_icon_opens_the_palette_and_one_elsewhere_makes_the_header_tall() -> None:
    app: App[None] = App()
    async with app.run_test(size=(60, 8)) as pilot:
        await app.push_screen(_Titled(title="fragtui"))
        await pilot.pause()
        header = app.screen.query_one(TitleHeader)
        await pilot.click(TitleHeader, offset=(30, 0))
        await pilot.pause()
        assert header.has_class("-tall") and header.region.height == 3
        await pilot.click(TitleHeader, offset=(30, 0))
        await pilot.pause()
        assert not header.has_class("-tall") and header.region.height == 1
        await pilot.click(TitleHeader, offset=(1, 0))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
