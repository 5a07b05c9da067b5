"""Moving the map cursor far in a few keys (issue 13, interface item 7): big steps, pages, row ends,
and jumps to each fighter, counter and power-up square in turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.table import Table
from fragtui.tui.app import FragApp
from tests.conftest import game_from
from tests.tui.test_game_screen import DUEL, SMALL, WIDE, Keys, game_screen, visible_text

LEFTOVERS = (
    DUEL
    + """
    [[counter]]
    blood = true
    at = "9,1"

    [[counter]]
    blood = true
    at = "6,10"
    """
)


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize("size", [SMALL, WIDE])
async def test_big_steps_pages_and_row_ends(size: tuple[int, int]) -> None:
    app = FragApp(Table(game_from(DUEL)))
    async with app.run_test(size=size) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        view = game_screen(app).map
        assert view.cursor == (2, 3)  # Ann's square on the 12×12 pocket map
        await keys.press("shift+down", "shift+right")
        assert view.cursor == (7, 8)
        await keys.press("shift+down")
        assert view.cursor == (7, 11)  # held at the map's edge
        await keys.press("home")
        assert view.cursor == (0, 11)
        await keys.press("end")
        assert view.cursor == (11, 11)
        await keys.press("pageup")
        assert view.cursor[0] == 11 and view.cursor[1] <= 11 - 4  # a screenful: several rows at once
        await keys.press("pagedown", "pagedown")
        assert view.cursor == (11, 11)
        await keys.press("ctrl+home")
        assert view.cursor == (0, 0)
        await keys.press("L", "J")  # the same big steps without the arrows
        assert view.cursor == (5, 5)


async def test_f_g_w_jump_to_each_fighter_counter_and_power_up_in_turn() -> None:
    app = FragApp(Table(game_from(LEFTOVERS)))
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        view = game_screen(app).map
        fighters = []
        for _ in range(4):
            await keys.press("f")
            fighters.append(view.cursor)
        # From Ann's square (the active fighter's), on to Bob and Cat, and round to Ann again.
        assert fighters == [(2, 9), (4, 7), (2, 3), (2, 9)]
        await keys.press("F")
        assert view.cursor == (2, 3)
        await keys.press("F")
        assert view.cursor == (4, 7)
        await keys.press("g")
        assert view.cursor == (9, 1)
        assert "blood" in visible_text(app)  # the square line says what is there
        await keys.press("g")
        assert view.cursor == (6, 10)
        await keys.press("g")
        assert view.cursor == (9, 1)  # round again
        power_ups = []
        for _ in range(4):
            await keys.press("w")
            power_ups.append(view.cursor)
        assert power_ups == [(5, 0), (2, 5), (9, 6), (6, 8)]  # W, G, G, W in reading order
        await keys.press("W")
        assert view.cursor == (9, 6)


async def test_g_on_a_map_without_counters_says_so() -> None:
    app = FragApp(Table(game_from(DUEL)))
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(app, pilot)
        await keys.start()
        await keys.hand_to("Ann")
        view = game_screen(app).map
        await keys.press("g")
        assert view.cursor == (2, 3)
        assert "There is no counter on the map." in visible_text(app)
