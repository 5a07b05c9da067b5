"""`KeyFooter` draws what Textual's `Footer` draws, cell for cell, and works as it does (issue 30, "Start").

The footer of every screen is one line of text, not a widget per key (tui/footer.py says why). What a player
sees must not change: the same characters in the same colours, bold and dim, compact or not, with the command
palette's key on the right or without it, cut at a narrow width, the keys changing with the focus and a key
that does not work now drawn dim. A click on a key presses it (a disabled one rings the bell).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Footer, Static

from fragtui.tui.footer import KeyFooter
from tests.tui.cells import Cell, screen_cells


class Focused(Static, can_focus=True):
    """A widget with a key of its own: the footer shows it only while it has the focus."""

    BINDINGS = [Binding("x", "extra", "Extra key")]


class Plain(Static, can_focus=True):
    pass


class Keys(App[None]):
    """The keys of a screen: shown and hidden ones, two keys for one action, one that does not work now."""

    BINDINGS = [
        Binding("q", "pressed('q')", "Quit"),
        Binding("n", "pressed('n')", "New game"),
        Binding("m", "pressed('n')", "Also a new game"),  # (an action is shown once, by its first key)
        Binding("d", "off", "Disabled one"),
        Binding("h", "pressed('h')", "Hidden", show=False),
        Binding("question_mark", "pressed('?')", "Help"),
    ]

    def __init__(self, footer: Widget, *, palette: bool = True) -> None:
        super().__init__()
        self.footer = footer
        self.ENABLE_COMMAND_PALETTE = palette
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Focused("first", id="first")
        yield Plain("second", id="second")
        yield self.footer

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "off" else True  # None: shown, dim, and not run

    def action_pressed(self, key: str) -> None:
        self.pressed.append(key)


def foot(app: App[Any]) -> list[Cell]:
    """The bottom line of the screen, cell by cell."""
    return screen_cells(app, [-1])


async def drawn(footer: Widget, width: int, palette: bool, focus: str) -> list[Cell]:
    app = Keys(footer, palette=palette)
    async with app.run_test(size=(width, 6)) as pilot:
        app.query_one(f"#{focus}").focus()
        await pilot.pause()
        await pilot.pause()
        return foot(app)


@pytest.mark.parametrize("compact", [False, True], ids=["wide", "compact"])
@pytest.mark.parametrize("width", [80, 40, 16])
@pytest.mark.parametrize("palette", [True, False], ids=["palette", "no-palette"])
async def test_the_footer_draws_every_cell_textuals_footer_draws(compact: bool, width: int, palette: bool) -> None:
    for focus in ("first", "second"):
        ours = await drawn(KeyFooter(compact=compact), width, palette, focus)
        textuals = await drawn(Footer(compact=compact), width, palette, focus)
        assert "".join(cell[0] for cell in ours) == "".join(cell[0] for cell in textuals)
        assert ours == textuals


async def test_the_keys_follow_the_focus_and_a_key_that_does_not_work_is_dim() -> None:
    app = Keys(KeyFooter())
    async with app.run_test(size=(100, 6)) as pilot:
        footer = app.query_one(KeyFooter)
        shown = {True: ["Extra key", "Quit", "New game", "Disabled one", "Help"], False: []}
        shown[False] = shown[True][1:]
        for focus, extra in (("first", True), ("second", False), ("first", True)):
            app.query_one(f"#{focus}").focus()
            await pilot.pause()
            await pilot.pause()
            assert [entry.description for entry in footer.entries] == shown[extra]
            line = "".join(cell[0] for cell in foot(app))
            assert ("x Extra key" in line) is extra
        disabled = next(entry for entry in footer.entries if entry.description == "Disabled one")
        assert not disabled.enabled
        line = foot(app)
        text = "".join(cell[0] for cell in line)
        quit_key, disabled_key = line[text.index("q Quit")], line[text.index("d Disabled one")]
        assert disabled_key[1] != quit_key[1]  # (Textual draws dim as a fainter colour, as it does on its footer)


async def test_a_click_on_a_key_presses_it_and_one_that_does_not_work_rings_the_bell() -> None:
    app = Keys(KeyFooter())
    bells: list[bool] = []
    app.bell = lambda: bells.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=(100, 6)) as pilot:
        app.query_one("#second").focus()
        await pilot.pause()
        line = "".join(cell[0] for cell in foot(app))
        await pilot.click(KeyFooter, offset=(line.index("New game"), 0))
        await pilot.click(KeyFooter, offset=(line.index("q Quit"), 0))
        await pilot.click(KeyFooter, offset=(line.index("Disabled"), 0))
        await pilot.pause()
        assert app.pressed == ["n", "q"]
        assert bells == [True]


async def test_the_pointer_over_a_key_lights_it_and_the_palettes_shows_its_tooltip() -> None:
    app = Keys(KeyFooter())
    async with app.run_test(size=(100, 6)) as pilot:
        app.query_one("#second").focus()
        await pilot.pause()
        before = foot(app)
        text = "".join(cell[0] for cell in before)
        at = text.index("New game")
        await pilot.hover(KeyFooter, offset=(at, 0))
        await pilot.pause()
        lit = foot(app)
        assert lit[at][2] != before[at][2]  # its background lit
        quit_at = text.index("Quit")
        assert lit[quit_at] == before[quit_at]  # the others as they were
        footer = app.query_one(KeyFooter)
        assert footer.palette is not None
        await pilot.hover(KeyFooter, offset=(text.index("palette"), 0))
        await pilot.pause()
        assert footer.tooltip == footer.palette.tooltip and footer.palette.tooltip
        assert foot(app)[at] == before[at]  # the key left is drawn as before
