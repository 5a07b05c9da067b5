"""What the title does on its way to the screen, kept to what it needs (issue 30, "Start").

The title reads the saves folder once each time it is shown (it read it twice on every showing: on mount and
again on resume), and its footer draws its keys once: a binding update that leaves the keys as they were
redraws nothing (Textual's footer remounted every key at each of the three updates of the first showing).
How `KeyFooter` draws and follows the keys is tests/tui/test_key_footer.py's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import fragtui.tui.app as app_module
from fragtui.tui.app import FragApp, TitleScreen
from fragtui.tui.footer import KeyFooter


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, int]:
    """A new player's data folder; counts of the title's reads of the saves and of its footer's redraws for
    keys that changed."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))
    counts = {"saves": 0, "tournaments": 0, "footer": 0}
    all_saves, unfinished_tournaments = app_module.all_saves, app_module.unfinished_tournaments
    read_keys = KeyFooter.read_keys

    def saves() -> Any:
        counts["saves"] += 1
        return all_saves()

    def tournaments() -> Any:
        counts["tournaments"] += 1
        return unfinished_tournaments()

    def read(self: KeyFooter) -> None:
        before = (self.entries, self.palette)
        read_keys(self)
        counts["footer"] += (self.entries, self.palette) != before

    monkeypatch.setattr(app_module, "all_saves", saves)
    monkeypatch.setattr(app_module, "unfinished_tournaments", tournaments)
    monkeypatch.setattr(KeyFooter, "read_keys", read)
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


async def test_the_titles_footer_draws_its_keys_once(counted: dict[str, int]) -> None:
    app = FragApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        assert footer.palette is not None
        keys = [key.description for key in (*footer.entries, footer.palette)]
        assert keys == ["Quit", "New game", "Tournament", "Maps", "Replays", "Help", "palette"]
        assert counted["footer"] == 1  # the keys read when mounted; the updates that followed found them the same
