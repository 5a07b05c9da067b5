"""Snapshots of a Frag Tag mode's game screen at 80x24 and 120x40 (J-TAG-03): keep-away, Ann holding the
flag (her glyph reversed, `flag` beside her), the scoreboard's line of the mode and everyone's points.

Accept a deliberate change after looking at it: `pytest tests/tui/test_snapshots_tag.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from fragtui.saves.looks import default_look
from fragtui.table import Table
from fragtui.tui.app import FragApp
from tests.rules.tag.common import tag_game

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@pytest.mark.rule("J-TAG-03")
@SIZES
def test_keep_away_game_screen(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Ann holds the flag with 3 points, Bob 1; the cursor on the flag's holder."""
    game = tag_game(
        "frag", "keep-away", ann="6,4", cat="9,11", objective='holder = "Ann"\npoints = { Ann = 3, Bob = 1 }'
    )
    table = Table(game, [default_look(n) for n in range(3)])
    table.unlock(0)
    assert snap_compare(FragApp(table), terminal_size=size)


@pytest.mark.rule("J-TAG-04")
@SIZES
def test_king_of_the_hill_game_screen(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The hill on the flag square, nobody on it; Bob has 2 points."""
    game = tag_game("frag", "king-of-the-hill", ann="4,4", cat="9,11", objective="points = { Bob = 2 }", movement=2)
    table = Table(game, [default_look(n) for n in range(3)])
    table.unlock(0)
    assert snap_compare(FragApp(table), terminal_size=size)
