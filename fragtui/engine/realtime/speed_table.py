"""The seed's table "Movement Points by Speed Roll and Segment" (J-RT-03), as data and nothing else.

Real-Time Frag spreads the movement points of a rolled Speed total over the turn's ten segments by a fixed
table rather than by a formula: the table is the rule, so it is copied here exactly and the arithmetic on it
lives in `fragtui.engine.realtime.speed`. In the seed the table's column headings are the rolled totals (1 to
10, then 11 to 20) and its rows are the segments 1 to 10 ("---" for none); here it is turned round, one row
per total, because a fighter looks up his own total. Each row sums to its total, and 16's row plus 20's row
gives the seed's own example, 36 → 3, 4, 3, 4, 4, 3, 4, 3, 4, 4 (tests/rules/realtime/test_speed.py).
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["SEGMENTS", "SPEED_TABLE", "TABLE_MOST"]

SEGMENTS = 10
"""Segments in a Real-Time Frag turn (J-RT-01)."""

TABLE_MOST = 20
"""The largest total the table lists; a larger one adds rows (J-RT-03, `speed.spread`)."""

SPEED_TABLE: MappingProxyType[int, tuple[int, ...]] = MappingProxyType(
    {
        # total: points in segments 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
        1: (0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
        2: (0, 0, 0, 0, 1, 0, 0, 0, 0, 1),
        3: (0, 0, 1, 0, 0, 0, 1, 0, 0, 1),
        4: (0, 0, 1, 0, 1, 0, 0, 1, 0, 1),
        5: (0, 1, 0, 1, 0, 1, 0, 1, 0, 1),
        6: (0, 1, 0, 1, 1, 0, 1, 0, 1, 1),
        7: (0, 1, 1, 0, 1, 1, 0, 1, 1, 1),
        8: (0, 1, 1, 1, 1, 0, 1, 1, 1, 1),
        9: (0, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        10: (1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        11: (1, 1, 1, 1, 1, 1, 1, 1, 1, 2),
        12: (1, 1, 1, 1, 2, 1, 1, 1, 1, 2),
        13: (1, 1, 2, 1, 1, 1, 2, 1, 1, 2),
        14: (1, 1, 2, 1, 2, 1, 1, 2, 1, 2),
        15: (1, 2, 1, 2, 1, 2, 1, 2, 1, 2),
        16: (1, 2, 1, 2, 2, 1, 2, 1, 2, 2),
        17: (1, 2, 2, 1, 2, 2, 1, 2, 2, 2),
        18: (1, 2, 2, 2, 2, 1, 2, 2, 2, 2),
        19: (1, 2, 2, 2, 2, 2, 2, 2, 2, 2),
        20: (2, 2, 2, 2, 2, 2, 2, 2, 2, 2),
    }
)
"""Rolled Speed total (1–20) → the movement points of segments 1–10, in segment order (the seed's table,
read down each of its columns)."""
