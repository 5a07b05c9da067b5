"""Snapshots of the screens players meet most: set-up, hand-off and the game (fixed seed, fixed size).

Plain `def` tests (pytest-textual-snapshot runs the app itself). The pictures live in
`__snapshots__/`; after a deliberate change to a screen, look at the new picture and accept it
with `pytest tests/tui/test_snapshots.py --snapshot-update`. Textual is pinned in the test
extras, so a new Textual release cannot fail these by itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.actions import Place
from fragtui.engine.frag.design import FighterDesign
from fragtui.table import Table
from fragtui.tui.app import FragApp

SEED = 7
DESIGNS = [FighterDesign(health=3, speed=2, accuracy=2), FighterDesign(health=2, speed=4, accuracy=1)]


@pytest.fixture(autouse=True)
def _empty_saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No unfinished game in the saves folder, so the title menu is always the same."""
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))


def _table(*, placed: bool) -> Table:
    seats = tuple(Seat(name=name, fighter=DESIGNS[n % 2]) for n, name in enumerate(["Ann", "Bob", "Cat", "Dan"]))
    game = new_game(GameConfig(map="foundry", seats=seats), SEED)
    if placed:
        while game.state.pending:
            game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    return Table(game)


def test_new_game_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(), press=["n"], terminal_size=(120, 40))


def test_hand_off_screen_shows_only_public_information(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_table(placed=True)), terminal_size=(120, 40))


def test_game_screen_after_the_movement_roll(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_table(placed=True)), press=["enter", "r", "down", "down"], terminal_size=(120, 40))


def test_game_screen_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_table(placed=True)), press=["enter", "r"], terminal_size=(80, 24))
