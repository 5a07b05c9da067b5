"""The walk the benchmarks' cursors take (`fragtui.bench.ui.zigzag`), and the endless one of the serve bench's
scripted players (`zigzag_keys`)."""

from __future__ import annotations

import itertools

import pytest

from fragtui.bench.ui import zigzag, zigzag_keys

STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


@pytest.mark.parametrize(("width", "height", "start"), [(28, 28, (0, 0)), (5, 3, (4, 2)), (2, 2, (1, 0))])
def test_every_key_moves_the_cursor_on_the_board_and_the_walk_reaches_all_four_sides(
    width: int, height: int, start: tuple[int, int]
) -> None:
    x, y = start
    seen = set()
    for key in zigzag(width, height, 4 * width * height, start=start):
        dx, dy = STEPS[key]
        x, y = x + dx, y + dy
        assert 0 <= x < width and 0 <= y < height
        seen.add((x, y))
    assert {x for x, _ in seen} >= {0, width - 1} and {y for _, y in seen} >= {0, height - 1}


def test_the_endless_walk_is_the_same_walk_made_as_it_is_taken() -> None:
    """The scripted players' keys are made one at a time: nineteen lists of a million keys made at once held their
    process for 3 s as they began to play, and the keys they then owed came in one burst."""
    keys = zigzag_keys(28, 28, start=(3, 5))
    assert list(itertools.islice(keys, 1000)) == zigzag(28, 28, 1000, start=(3, 5))
    assert next(keys) == zigzag(28, 28, 1001, start=(3, 5))[-1]


def test_a_board_too_small_to_walk_is_refused() -> None:
    with pytest.raises(ValueError, match="2×2"):
        next(zigzag_keys(1, 5))
