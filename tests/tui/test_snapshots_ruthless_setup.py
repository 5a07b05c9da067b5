"""Snapshots of the set-up screen with Ruthless chosen, at 80x24 and 120x40: each seat leads a posse (seat 1's
posse stepped to the Hired Guns, its cards shown), and the posse builder over it (R-SEQ-02).

Accept a deliberate change after looking at it: `pytest tests/tui/test_snapshots_ruthless_setup.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from fragtui.engine.rulesets import ruleset_names
from fragtui.tui.app import FragApp

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
TO_SEAT_ONES_POSSE = ["ctrl+n", *["tab"] * 4]
"""From the rules, seat 1's name, then its colour, glyph, kind and its posse (the stats are hidden)."""


def _to_ruthless() -> list[str]:
    """The keys from the title to the Rules field showing Ruthless (the registry's order is the order imported)."""
    return ["n", "ctrl+o", *["right"] * ruleset_names().index("ruthless")]


@SIZES
def test_new_game_screen_with_posses(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Ruthless chosen: a posse for each seat, seat 1's stepped on to the Hired Guns and its cards shown."""
    keys = [*_to_ruthless(), *TO_SEAT_ONES_POSSE, "right"]
    assert snap_compare(FragApp(), press=keys, terminal_size=size)


@SIZES
def test_posse_builder(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """`b` on seat 1's posse: the builder with the Harlan Gang taken, the other seats' gunfighters marked, and
    the refusal of one who would take the posse over the budget."""
    keys = [*_to_ruthless(), *TO_SEAT_ONES_POSSE, "b", *["down"] * 10, "space"]
    assert snap_compare(FragApp(), press=keys, terminal_size=size)
