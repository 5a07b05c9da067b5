"""What the title does on its way to the screen, kept to what it needs (issue 30, "Start").

The title reads the saves folder once each time it is shown (it read it twice on every showing: on mount and
again on resume), and its footer is built once, not once per binding update (three at the first showing,
each remounting every key, styled twice). `SteadyFooter` still follows the keys as they change, and lays
its keys out as Textual's footer does, compact or not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

import fragtui.tui.app as app_module
from fragtui.tui.app import FragApp, TitleScreen
from fragtui.tui.footer import SteadyFooter


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, int]:
    """A new player's data folder; counts of the title's reads of the saves and of its footer's builds (its first
    compose and every rebuild)."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    counts = {"saves": 0, "tournaments": 0, "footer": 0}
    all_saves, unfinished_tournaments = app_module.all_saves, app_module.unfinished_tournaments
    compose = SteadyFooter.compose

    def saves() -> Any:
        counts["saves"] += 1
        return all_saves()

    def tournaments() -> Any:
        counts["tournaments"] += 1
        return unfinished_tournaments()

    def built(self: SteadyFooter) -> Any:
        counts["footer"] += 1
        yield from compose(self)

    monkeypatch.setattr(app_module, "all_saves", saves)
    monkeypatch.setattr(app_module, "unfinished_tournaments", tournaments)
    monkeypatch.setattr(SteadyFooter, "compose", built)
    return counts


async def test_the_title_reads_the_saves_folder_once_each_time_it_is_shown(counted: dict[str, int]) -> None:
    app = FragApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert (counted["saves"], counted["tournaments"]) == (1, 1)
        await pilot.press("question_mark")  # the help, and back: the title is shown again, and reads again
        await pilot.pause()
        assert not isinstance(app.screen, TitleScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert (counted["saves"], counted["tournaments"]) == (2, 2)


async def test_the_titles_footer_is_built_once(counted: dict[str, int]) -> None:
    app = FragApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(SteadyFooter)
        keys = [key.description for key in footer.query(FooterKey)]
        assert keys == ["Quit", "New game", "Tournament", "Maps", "Replays", "Help", "palette"]
        assert counted["footer"] == 1


class Keys(App[None]):
    """A footer over two widgets, the first with a key of its own: the footer's keys change with the focus."""

    def __init__(self, footer: type[Footer], *, compact: bool) -> None:
        super().__init__()
        self.footer, self.compact = footer, compact

    def compose(self) -> ComposeResult:
        yield Focused(id="first")
        yield Plain(id="second")
        yield self.footer(compact=self.compact)


class Focused(Static, can_focus=True):
    BINDINGS = [Binding("x", "nothing", "Extra key")]


class Plain(Static, can_focus=True):
    pass


async def _layout(footer: type[Footer], compact: bool, *, focus: str) -> list[tuple[str, bool, Any]]:
    app = Keys(footer, compact=compact)
    async with app.run_test(size=(80, 10)) as pilot:
        app.query_one(f"#{focus}").focus()
        await pilot.pause()
        await pilot.pause()
        return [(key.description, key.has_class("-compact"), key.region) for key in app.query(FooterKey)]


@pytest.mark.parametrize("compact", [False, True], ids=["wide", "compact"])
async def test_a_steady_footer_lays_out_the_keys_textuals_footer_does(compact: bool) -> None:
    for focus in ("first", "second"):
        assert await _layout(SteadyFooter, compact, focus=focus) == await _layout(Footer, compact, focus=focus)


async def test_a_steady_footer_follows_the_keys_as_the_focus_moves() -> None:
    app = Keys(SteadyFooter, compact=False)
    async with app.run_test(size=(80, 10)) as pilot:
        app.query_one("#first").focus()
        await pilot.pause()
        await pilot.pause()
        assert "Extra key" in [key.description for key in app.query(FooterKey)]
        app.query_one("#second").focus()
        await pilot.pause()
        await pilot.pause()
        assert "Extra key" not in [key.description for key in app.query(FooterKey)]
        app.query_one("#first").focus()
        await pilot.pause()
        await pilot.pause()
        assert "Extra key" in [key.description for key in app.query(FooterKey)]
