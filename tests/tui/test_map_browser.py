"""The interface as a player meets it today: the title screen and the map browser (Pilot)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from fragtui.content.maps import load_named_map, map_names
from fragtui.tui.app import FragApp, MapBrowser, TitleScreen
from fragtui.tui.glyphs import Role, board_glyphs
from fragtui.tui.map_view import MapView


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_title_then_browse_maps_and_move_the_cursor(size: tuple[int, int]) -> None:
    app = FragApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MapBrowser)
        view = app.screen.query_one(MapView)
        first = load_named_map(map_names()[0])
        assert view.board == first
        await pilot.press("tab")
        assert app.focused is view
        await pilot.press("right", "right", "down", "l", "j")
        await pilot.pause()
        assert view.cursor == (3, 2)
        status = app.screen.query_one("#map-status", Static)
        assert str(status.render()).startswith("3,2")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_choosing_another_map_shows_it() -> None:
    app = FragApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        maps = app.screen.query_one("#map-list", OptionList)
        assert maps.option_count == len(map_names())
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.query_one(MapView).board == load_named_map(map_names()[1])


def test_every_feature_has_a_distinct_single_width_glyph() -> None:
    for name in map_names():
        board = load_named_map(name)
        rows = board_glyphs(board)
        assert len(rows) == 2 * board.height + 1
        assert all(len(row) == 2 * board.width + 1 for row in rows)
        assert all(len(ch) == 1 for row in rows for ch, _ in row)
    pocket = board_glyphs(load_named_map("pocket"))
    roles = {role for row in pocket for _, role in row}
    assert {Role.WALL, Role.RESPAWN, Role.WEAPON, Role.GADGET, Role.TELEPORTER, Role.ACID} <= roles


async def test_a_broken_map_is_reported_not_a_traceback(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.map"
    broken.write_text("name: broken\n+-+-+\n|1 Q|\n+-+-+\n")
    monkeypatch.setattr("fragtui.content.maps.map_paths", lambda: [broken])  # the browser imports it when opened
    app = FragApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        info = app.screen.query_one("#map-info", Static)
        assert "broken.map:3:4: unknown symbol 'Q'" in str(info.render())


async def test_a_ruthless_map_is_described_in_ruthless_words() -> None:
    """Main Street is drawn for Ruthless: its numbered points are deployment points and its room is in
    posses; the browser and the cursor said "respawn points" and "players", Frag's words."""
    stem = "main-street"
    assert load_named_map(stem).ruleset == "ruthless"
    app = FragApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        maps = app.screen.query_one("#map-list", OptionList)
        maps.highlighted = map_names().index(stem)
        await pilot.pause()
        info = str(app.screen.query_one("#map-info", Static).render())
        assert "posses" in info and "deployment points" in info
        assert "respawn" not in info and "players" not in info
        view = app.screen.query_one(MapView)
        point = next(iter(view.board.respawn_points.values()))
        view.move_cursor_to((point.x, point.y))
        await pilot.pause()
        status = str(app.screen.query_one("#map-status", Static).render())
        assert "respawn" not in status, "the point as a Ruthless game's cursor calls it"


def test_maps_check_describes_each_map_in_its_own_systems_words(capsys: pytest.CaptureFixture[str]) -> None:
    from fragtui.cli import main
    from fragtui.content.maps import map_paths

    paths = {path.stem: str(path) for path in map_paths()}
    assert main(["maps", "check", paths["main-street"], paths["foundry"]]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "posses" in out[0] and "deployment points" in out[0] and "respawn" not in out[0]
    assert "players" in out[1] and "respawn points" in out[1]
