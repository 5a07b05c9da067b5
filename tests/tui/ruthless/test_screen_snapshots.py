"""Snapshots of the Ruthless game screen at 120x40 and 80x24 (fixed seed): the activation with the posses'
cards and the chosen model's moves, its ranges, and the shot list with the odds.

After a deliberate change, look at the new pictures and accept them with
`pytest tests/tui/ruthless/test_screen_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.ruthless.rules import RuthlessRules
from fragtui.table import Table
from fragtui.tui.app import FragApp
from tests.tui.ruthless.test_screen import duel

TO_THE_ACTIVATION = ["enter", "enter", "enter", "enter", "enter", "enter"]
"""Hand-off and pick for each of the two players, the reveal, the hand-off to the first to act."""


def keys(*pressed: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """The keys pressed one at a time, each waited on until the app is idle: pressed all at once, a key could land
    while a hand-off was still being dismissed on a busy machine, and the picture caught the hand-off."""

    async def press(pilot: Pilot[None]) -> None:
        for key in pressed:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()

    return press


@pytest.fixture(autouse=True)
def _empty_saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FRAGTUI_DATA_DIR", str(tmp_path))


def _table() -> Table:
    seats = RuthlessRules.random_seats(random.Random(3), 2)
    config = make_config(ruleset="ruthless", map="main-street", seats=seats, options={})
    return Table(new_game(config, 5))


def test_the_activation_at_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_table()), run_before=keys(*TO_THE_ACTIVATION), terminal_size=(120, 40))


def test_the_activation_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_table()), run_before=keys(*TO_THE_ACTIVATION), terminal_size=(80, 24))


def test_the_ranges_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(_table()), run_before=keys(*TO_THE_ACTIVATION, "r"), terminal_size=(80, 24))


def test_the_shot_list_with_its_odds_at_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Marshal Reyes rides forward, then `s`: each target with the chance, the need and the modifiers."""
    moved = [*["right"] * 11, "enter", "s"]
    assert snap_compare(FragApp(_table()), run_before=keys(*TO_THE_ACTIVATION, *moved), terminal_size=(120, 40))


def test_the_shot_list_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    moved = [*["right"] * 11, "enter", "s"]
    assert snap_compare(FragApp(_table()), run_before=keys(*TO_THE_ACTIVATION, *moved), terminal_size=(80, 24))


def test_a_snap_shot_window_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Chet shoots at Doc: Bob, called to the keyboard, may take the shot, snap-shoot first or duck."""
    pressed = [*TO_THE_ACTIVATION, "s", "enter", "enter"]
    assert snap_compare(FragApp(Table(duel())), run_before=keys(*pressed), terminal_size=(80, 24))


def test_the_hand_off_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Only public words: whose turn, the turn line, one line a posse."""
    assert snap_compare(FragApp(_table()), run_before=keys("enter", "enter"), terminal_size=(80, 24))
