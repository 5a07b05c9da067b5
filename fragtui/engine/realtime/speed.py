"""A Speed total spread over the ten segments (J-RT-03), and spread again when Speed changes (J-RT-09).

Real-Time Frag gives a fighter his movement points a little at a time: the seed's table
(`speed_table.SPEED_TABLE`) says how many in each segment for a rolled total of 1 to 20, and "movement
higher than 20 is possible by using the above chart. Merely add appropriate values". Which totals to add is
not said (36 could be 18 + 18 or 17 + 19, each spread differently); ruling J-RT-03 (docs/rulings.md) takes
as many 20s as fit and then the rest, which is the split of the seed's own example (36 = 16 + 20): every
whole 20 is two points in every segment, and only the rest is spread unevenly.
"""

from __future__ import annotations

from fragtui.engine.realtime.speed_table import SEGMENTS, SPEED_TABLE, TABLE_MOST

__all__ = ["NO_POINTS", "parts", "respread", "spread"]

NO_POINTS = (0,) * SEGMENTS
"""The spread of a total of 0 (a Speed brought to nothing by cards): no points in any segment."""


def parts(total: int) -> tuple[int, ...]:
    """The totals of the table whose rows are added for `total` (ruling J-RT-03): as many 20s as fit, then
    what is left if anything is (36 → 20, 16; 40 → 20, 20; 7 → 7; 0 → none)."""
    if total < 0:
        raise ValueError(f"a Speed total is never below 0 (cards stop at 0, F-META-03), got {total}")
    whole, rest = divmod(total, TABLE_MOST)
    return (TABLE_MOST,) * whole + ((rest,) if rest else ())


def spread(total: int) -> tuple[int, ...]:
    """The movement points of segments 1–10 for a rolled Speed total (J-RT-03): its row of the seed's table,
    or for more than 20 the rows of its `parts` added segment by segment. Always ten numbers summing to
    `total`. Worked out once per total (`_SPREADS`): every fighter's Speed roll of every turn asks it."""
    known = _SPREADS.get(total)
    if known is None:
        known = _spread(total)  # (a total below 0 raises here, and is never kept)
        if total < _KEPT_TOTALS:
            _SPREADS[total] = known
    return known


_KEPT_TOTALS = 1_000
"""Totals below this are kept in `_SPREADS` (a roll of Speed dice with cards added stays far below it)."""

_SPREADS: dict[int, tuple[int, ...]] = {}
"""Each total's spread (`spread`), by total, once worked out: a tuple, so handed out again as it is."""


def _spread(total: int) -> tuple[int, ...]:
    """`spread` worked out: the rows of the total's `parts` added segment by segment."""
    points = NO_POINTS
    for part in parts(total):
        row = SPEED_TABLE[part]
        points = tuple(a + b for a, b in zip(points, row, strict=True))
    return points


def respread(points: tuple[int, ...], total: int, segment: int) -> tuple[int, ...]:
    """The segments' points after a Speed change in `segment` (1–10) rerolled to `total` (J-RT-09).

    Ruling J-RT-09: segments 1 to `segment` keep their points (the segment in which Speed changed runs on
    with what it had: its Movement step may be over, a wound comes in Combat); every later segment takes its
    entry of the new total's own spread, as if that total had been rolled at the turn's start. The seed's
    "the new Speed sum being used for the remaining segments" is read as using the table's row of the new
    sum there, not squeezing the whole sum into fewer segments: the table is the only spread the seed gives,
    and a fighter who slows down at segment 9 must not get a whole turn's points in the last one.
    """
    if len(points) != SEGMENTS:
        raise ValueError(f"a spread has {SEGMENTS} segments, got {len(points)}: {points}")
    if not 1 <= segment <= SEGMENTS:
        raise ValueError(f"segments are numbered 1 to {SEGMENTS}, got {segment}")
    return points[:segment] + spread(total)[segment:]
