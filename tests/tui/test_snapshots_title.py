"""Snapshots of the title screen a new player meets first, at 80×24 and 120×40.

The pictures were made before the title's start was made cheaper (issue 30, "Start": the menu built once per
showing, no argparse for a bare `fragtui`), from main as it was, and the title drawn now must match them: the
start is quicker and looks the same. When the footer and the header became one line of text each (`KeyFooter`,
`TitleHeader`), the pictures were made again: the SVG groups the text differently, and every cell (character,
colour, background) was checked to be the same as before. After a deliberate change to the title, look at the new
picture and accept it with `pytest tests/tui/test_snapshots_title.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.tui.app import FragApp

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@pytest.fixture(autouse=True)
def _empty_saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A new player: nothing saved, so the menu is New game, New tournament, Browse the maps, Help, Quit."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))


@SIZES
def test_title_screen_of_a_new_player(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(), terminal_size=size)
