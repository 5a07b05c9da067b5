"""Snapshots of the screens issue 13 reshaped, at 80x24 and 120x40: set-up, dialogs, the hand, the help,
and the map under NO_COLOR.

Accept a deliberate change after looking at it: `pytest tests/tui/test_snapshots_looks.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from fragtui.content.library import new_game
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.design import FighterDesign
from fragtui.table import Table
from fragtui.tui.app import FragApp
from tests.conftest import game_from
from tests.tui.test_cut_text import CARDS
from tests.tui.test_game_screen import DUEL

SMALL, WIDE = (80, 24), (120, 40)
SIZES = pytest.mark.parametrize("size", [SMALL, WIDE], ids=["80x24", "120x40"])


def _placing() -> FragApp:
    seats = tuple(
        Seat(name=n, fighter=FighterDesign(health=3, speed=2, accuracy=2)) for n in ("Ann", "Bob", "Cat", "Dan")
    )
    return FragApp(Table(new_game(GameConfig(map="foundry", seats=seats), 7)))


@SIZES
def test_new_game_screen_with_jump_keys(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(), press=["n", "ctrl+f"], terminal_size=size)


@SIZES
def test_attack_dialog_beside_the_map(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(Table(game_from(DUEL))), press=["enter", "r", "a"], terminal_size=size)


@SIZES
def test_card_dialog_wraps_card_texts(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(Table(game_from(CARDS))), press=["enter", "r", "c"], terminal_size=size)


@SIZES
def test_hand_of_five_and_a_small_map(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    keys = ["enter", "r"] + (["tab"] if size == SMALL else [])
    assert snap_compare(FragApp(Table(game_from(CARDS))), press=keys, terminal_size=size)


@SIZES
def test_placement_dialog_covers_no_respawn_point(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(_placing(), press=["enter", "down"], terminal_size=size)


@SIZES
def test_help_in_two_columns(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(FragApp(Table(game_from(DUEL))), press=["enter", "question_mark"], terminal_size=size)


@SIZES
def test_game_under_no_color(snap_compare, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(FragApp(Table(game_from(DUEL))), press=["enter", "r"], terminal_size=size)
