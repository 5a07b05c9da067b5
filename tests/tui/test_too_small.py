"""A terminal under 20×6 shows "Window too small", not the pieces of a screen (issue 31, item 11)."""

from __future__ import annotations

from textual.pilot import Pilot

from fragtui.table import Table
from fragtui.tui.app import FragApp, MapBrowser, TitleScreen
from fragtui.tui.too_small import LEAST, TooSmallNotice
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, visible_text


def notices(app: FragApp) -> list[int]:
    return [len(screen.query(TooSmallNotice)) for screen in app.screen_stack]


async def _settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


async def test_a_tiny_terminal_shows_the_notice_and_nothing_else() -> None:
    app = FragApp()
    async with app.run_test(size=(18, 5)) as pilot:
        await _settle(pilot)
        shown = visible_text(app)
        assert "Window too small" in " ".join(shown.split())
        assert "Quit" not in shown and "New game" not in shown and "█" not in shown


async def test_the_notice_goes_when_the_terminal_grows_and_comes_back_on_any_screen() -> None:
    app = FragApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        assert notices(app) == [0, 0]
        await pilot.resize_terminal(LEAST.width - 1, 24)
        await _settle(pilot)
        assert isinstance(app.screen, TitleScreen) and app.screen.query(TooSmallNotice)
        await pilot.press("m")  # a screen opened meanwhile is covered too
        await _settle(pilot)
        assert isinstance(app.screen, MapBrowser) and app.screen.query(TooSmallNotice)
        await pilot.resize_terminal(80, LEAST.height - 1)
        await _settle(pilot)
        assert app.screen.query(TooSmallNotice)
        await pilot.resize_terminal(*LEAST)
        await _settle(pilot)
        assert notices(app) == [0, 0, 0], "every screen uncovered at 20×6"
        assert "Window too small" not in visible_text(app)


async def test_a_game_screen_is_covered_and_comes_back_as_it_was() -> None:
    app = FragApp(Table(game_from(DUEL)))
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        before = type(app.screen)
        await pilot.resize_terminal(12, 4)
        await _settle(pilot)
        assert "Window too small" in " ".join(visible_text(app).split())
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert type(app.screen) is before and not app.screen.query(TooSmallNotice)
