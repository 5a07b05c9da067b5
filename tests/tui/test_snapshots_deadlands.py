"""Snapshots of the Frag Deadlands screens at 80x24 and 120x40: the set-up with a fighter for each seat, and
the game screen with the fighter's sheet, markers on the map and a path into a beast's tentacle. (The poker
draw's are in test_poker_screen.py.)

Accept a deliberate change after looking at it: `pytest tests/tui/test_snapshots_deadlands.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from fragtui.saves.looks import default_look
from fragtui.table import Table
from fragtui.tui.app import FragApp
from tests.tui.deadlands import west

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
TO_SEAT_ONES_FIGHTER = ["ctrl+n", *["tab"] * 7]
"""From the rules, seat 1's name, then its colour, glyph, kind, three stats and its fighter."""


@SIZES
def test_new_game_screen_with_fighters(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """D-FTR-01: Frag Deadlands chosen, each seat a different fighter, seat 1's portrait shown."""
    keys = ["n", "ctrl+o", "right", *TO_SEAT_ONES_FIGHTER, "right"]
    assert snap_compare(FragApp(), press=keys, terminal_size=size)


@SIZES
def test_deadlands_game_screen(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The Agency Operative's sheet, Bob's held attack and Cat on the gallows, the path into a tentacle."""
    table = Table(west(), [default_look(n) for n in range(3)])
    assert snap_compare(FragApp(table), press=["enter", "right", "enter"], terminal_size=size)
