"""Real-Time Frag's movement points by segment: the seed's speed table (J-RT-03) and a Speed change (J-RT-09).

The table is the rule, so it is checked against a copy of the seed's own text made for this test (`SEED_TEXT`,
laid out as the seed prints it: the column headings are the rolled totals, the rows the segments, "---" for
none) and, when ../shared/ is beside the checkout, against the seed file itself. The module keeps it the other
way round (a row per total); transposing one into the other must give the same numbers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fragtui.engine.dice import Dice
from fragtui.engine.realtime.speed import NO_POINTS, parts, respread, spread
from fragtui.engine.realtime.speed_table import SEGMENTS, SPEED_TABLE, TABLE_MOST

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT.parent / "shared" / "seeds" / "003_2fba01190b7ad9b0.txt"
"""The seed of Real-Time Frag; CI has ../shared/ beside the checkout, a bare clone may not."""

SEED_TEXT = """
    1   2   3   4   5   6   7   8   9   10
1   --- --- --- --- --- --- --- --- --- 1
2   --- --- --- --- 1   1   1   1   1   1
3   --- --- 1   1   --- --- 1   1   1   1
4   --- --- --- --- 1   1   --- 1   1   1
5   --- 1   --- 1   --- 1   1   1   1   1
6   --- --- --- --- 1   --- 1   --- 1   1
7   --- --- 1   --- --- 1   --- 1   1   1
8   --- --- --- 1   1   --- 1   1   1   1
9   --- --- --- --- --- 1   1   1   1   1
10  1   1   1   1   1   1   1   1   1   1

    11  12  13  14  15  16  17  18  19  20
1   1   1   1   1   1   1   1   1   1   2
2   1   1   1   1   2   2   2   2   2   2
3   1   1   2   2   1   1   2   2   2   2
4   1   1   1   1   2   2   1   2   2   2
5   1   2   1   2   1   2   2   2   2   2
6   1   1   1   1   2   1   2   1   2   2
7   1   1   2   1   1   2   1   2   2   2
8   1   1   1   2   2   1   2   2   2   2
9   1   1   1   1   1   2   2   2   2   2
10  2   2   2   2   2   2   2   2   2   2
"""
"""The seed's table "Movement Points by Speed Roll and Segment", copied by hand from the seed for this test."""


def read_seed_table(text: str) -> dict[int, tuple[int, ...]]:
    """Rolled total → points of segments 1–10, read from the seed's layout: a heading line of totals, then
    one line per segment (its number first), for each of the table's two blocks."""
    table: dict[int, tuple[int, ...]] = {}
    totals: list[int] = []
    rows: list[list[int]] = []
    for line in text.splitlines():
        cells = line.split()
        if not cells:
            continue
        if line[:1].isspace():  # a heading: the totals of the columns below
            totals, rows = [int(cell) for cell in cells], []
            continue
        rows.append([0 if cell == "---" else int(cell) for cell in cells[1:]])
        assert int(cells[0]) == len(rows), f"segment rows in order: {line!r}"
        if len(rows) == SEGMENTS:
            for column, total in enumerate(totals):
                table[total] = tuple(row[column] for row in rows)
    return table


def test_the_table_is_the_seeds_read_down_its_columns__J_RT_03() -> None:
    """Every total 1–20 has the seed's points in each segment 1–10 (the seed's columns, not its rows)."""
    copied = read_seed_table(SEED_TEXT)
    assert sorted(copied) == list(range(1, TABLE_MOST + 1))
    assert dict(SPEED_TABLE) == copied
    assert SPEED_TABLE[2] == (0, 0, 0, 0, 1, 0, 0, 0, 0, 1)  # total 2: segments 5 and 10, not segment 2's row
    assert SPEED_TABLE[16] == (1, 2, 1, 2, 2, 1, 2, 1, 2, 2)


def test_the_table_is_the_seed_files_own__J_RT_03() -> None:
    """The seed file's table, tabs and all, read the same way, is the module's."""
    if not SEED.is_file():
        pytest.skip(f"{SEED} is not beside this checkout")
    text = SEED.read_text(encoding="utf-8")
    start = text.index("Movement Points by Speed Roll and Segment")
    block = text[start : text.index("Movement higher than 20", start)].split("\n", 1)[1]
    assert read_seed_table(block) == dict(SPEED_TABLE)


@pytest.mark.parametrize("total", range(1, TABLE_MOST + 1))
def test_each_total_up_to_20_is_spread_over_ten_segments_summing_to_it__J_RT_03(total: int) -> None:
    points = spread(total)
    assert len(points) == SEGMENTS
    assert sum(points) == total
    assert points == SPEED_TABLE[total]
    assert parts(total) == (total,)


def test_the_seeds_example_36_is_16_and_20_added__J_RT_03() -> None:
    """ "You can generate a speed of 36 by adding 16 and 20 together (3, 4, 3, 4, 4, 3, 4, 3, 4, 4)"."""
    assert parts(36) == (20, 16)
    assert spread(36) == (3, 4, 3, 4, 4, 3, 4, 3, 4, 4)


@pytest.mark.parametrize(
    ("total", "split", "points"),
    [
        (21, (20, 1), (2, 2, 2, 2, 2, 2, 2, 2, 2, 3)),
        (25, (20, 5), (2, 3, 2, 3, 2, 3, 2, 3, 2, 3)),
        (30, (20, 10), (3,) * 10),
        (40, (20, 20), (4,) * 10),
        (41, (20, 20, 1), (4, 4, 4, 4, 4, 4, 4, 4, 4, 5)),
        (57, (20, 20, 17), (5, 6, 6, 5, 6, 6, 5, 6, 6, 6)),
    ],
)
def test_a_total_above_20_takes_20s_first_then_the_rest__J_RT_03_ruling(
    total: int, split: tuple[int, ...], points: tuple[int, ...]
) -> None:
    assert parts(total) == split
    assert spread(total) == points
    assert sum(spread(total)) == total


def test_every_total_to_120_sums_to_itself_and_no_segment_gets_more_than_its_share_plus_one__J_RT_03() -> None:
    """Ruling J-RT-03's split keeps the spread even: every whole 20 is 2 in every segment."""
    for total in range(0, 121):
        points = spread(total)
        assert sum(points) == total and len(points) == SEGMENTS
        assert max(points) - min(points) <= 1, (total, points)


def test_a_speed_of_nothing_gives_no_points_and_a_negative_total_is_a_bug__J_RT_03() -> None:
    assert spread(0) == NO_POINTS == (0,) * 10 and parts(0) == ()
    with pytest.raises(ValueError, match="never below 0"):
        spread(-1)


def test_a_speed_roll_with_scripted_dice_is_spread_by_the_table__J_RT_03() -> None:
    """Speed 4 rolled 6, 6, 1, 3 is 16: the seed's 16 row; a card's +20 makes it the example's 36."""
    dice = Dice.scripted([6, 6, 1, 3])
    total = dice.roll(4, "Speed").total
    assert spread(total) == (1, 2, 1, 2, 2, 1, 2, 1, 2, 2)
    assert spread(total + 20) == (3, 4, 3, 4, 4, 3, 4, 3, 4, 4)


def test_a_speed_change_respreads_the_segments_after_it_by_the_new_totals_row__J_RT_09() -> None:
    """Ruling J-RT-09: from 16 (1, 2, 1, 2, 2, 1, 2, 1, 2, 2), wounded in segment 4 and rolling 5 again:
    segments 1–4 keep theirs, 5–10 take 5's (0, 1, 0, 1, 0, 1, 0, 1, 0, 1) entries there."""
    dice = Dice.scripted([4, 1])
    old = spread(16)
    total = dice.roll(2, "Speed again").total
    assert total == 5
    assert respread(old, total, 4) == (1, 2, 1, 2, 0, 1, 0, 1, 0, 1)


def test_a_speed_change_in_the_first_segment_keeps_it_and_in_the_last_changes_nothing__J_RT_09() -> None:
    assert respread(spread(10), 20, 1) == (1, 2, 2, 2, 2, 2, 2, 2, 2, 2)
    assert respread(spread(10), 40, 10) == spread(10)
    assert respread(spread(3), 36, 5) == (0, 0, 1, 0, 0, 3, 4, 3, 4, 4)


def test_a_respread_is_checked__J_RT_09() -> None:
    with pytest.raises(ValueError, match="10 segments"):
        respread((1, 2, 3), 5, 2)
    with pytest.raises(ValueError, match="numbered 1 to 10"):
        respread(spread(5), 5, 0)
    with pytest.raises(ValueError, match="numbered 1 to 10"):
        respread(spread(5), 5, 11)


def test_the_table_cannot_be_changed_in_play__J_RT_03() -> None:
    """The table is read-only data: a game cannot rewrite a row by accident."""
    with pytest.raises(TypeError):
        SPEED_TABLE[21] = (0,) * 10  # type: ignore[index]
