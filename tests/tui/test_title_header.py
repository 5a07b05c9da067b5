"""The header's title, updated while its screen closes, raises nothing (`fragtui.tui.title_header`)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets._header import HeaderTitle

from fragtui.tui.title_header import TitleHeader


class _Titled(Screen[None]):
    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)


async def test_the_title_shows_and_follows_the_screens_title() -> None:
    app: App[None] = App()
    async with app.run_test(size=(60, 5)) as pilot:
        screen = _Titled()
        await app.push_screen(screen)
        screen.title = "New game"
        await pilot.pause()
        assert "New game" in str(screen.query_one(HeaderTitle).render())


async def test_a_title_changed_as_the_label_goes_is_dropped_not_raised() -> None:
    """Textual's own `Header` raised `NoMatches` here (the set-up dismissed by Enter while its title changed)."""
    app: App[None] = App()
    async with app.run_test(size=(60, 5)) as pilot:
        screen = _Titled()
        await app.push_screen(screen)
        await pilot.pause()
        await screen.query_one(HeaderTitle).remove()
        screen.title = "changed while closing"
        await pilot.pause()
        assert app.return_code is None and not app._exception
