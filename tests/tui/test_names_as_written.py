"""A player's name, and a save's path, are shown exactly as typed: never read as Rich markup.

A name like "[red]Eve" would otherwise lose its brackets (or colour the screen), and one with an
unknown tag would raise a markup error in the middle of a game.
"""

from __future__ import annotations

from pathlib import Path

from fragtui.engine.actions import EndTurn
from fragtui.table import Table
from fragtui.tui.app import FragApp
from fragtui.tui.dialogs import ConfirmDialog, HandoffScreen
from tests.conftest import game_from
from tests.tui.test_game_screen import WIDE, visible_text

ODD_NAMES = """
    map = "pocket"
    turn = "[bold red]Ann"
    phase = "action"

    [[fighter]]
    name = "[bold red]Ann"
    at = "2,3"

    [[fighter]]
    name = "Bob [/]"
    at = "2,8"
    """


async def test_names_that_look_like_markup_are_shown_as_typed(tmp_path: Path) -> None:
    table = Table(game_from(ODD_NAMES), save_path=tmp_path / "[saves]" / "game.json")
    app = FragApp(table)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert "[bold red]Ann" in visible_text(app)
        table.act(EndTurn())  # Bob's turn: the hand-off names him as typed
        app.screen.next_prompt()  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        shown = visible_text(app)
        assert "Pass the keyboard to" in shown and "Bob [/]: press Enter" in shown
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("q")  # the quit question names the save's path, brackets and all
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "[saves]" in visible_text(app)
