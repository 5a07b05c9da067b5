"""Issue 30, item 20, on the title screen: a save's file name is chosen by whoever put it in the folder.

A file called `x<ESC>]0;pwned<BEL>.json` retitled the terminal's window when the Replays list drew it.
"""

from __future__ import annotations

import json

from fragtui.saves.format import save_of
from fragtui.saves.store import saves_dir, write_save
from fragtui.tui.app import FragApp
from tests.saves.duel import pocket_duel
from tests.tui.test_game_screen import visible_text

HOSTILE = "x\x1b]0;pwned\x07"


async def test_the_replays_list_and_the_bad_saves_note_show_a_hostile_file_name_escaped() -> None:
    folder = saves_dir()
    write_save(save_of(pocket_duel(1)), folder / f"{HOSTILE}.json")
    (folder / f"{HOSTILE}-bad.json").write_text(json.dumps({"format": 1}))
    app = FragApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        title = visible_text(app)
        assert "x\\x1b]0;pwned\\x07-bad.json cannot be read" in title and "\x1b" not in title
        await pilot.press("w")
        await pilot.pause()
        replays = visible_text(app)
        assert "Replay which game?" in replays
        assert "x\\x1b]0;pwned\\x07 · pocket · 1 actions" in replays and "\x1b" not in replays
