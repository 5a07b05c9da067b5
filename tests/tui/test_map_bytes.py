"""What a cursor move on the map costs on the wire, at 256 colours: the issue's goal is under 2 KB.

The app is rendered for real (fragtui.bench.ui's recording driver: Textual's headless mode renders nothing) and the
bytes of each move's frames are counted. That count is deterministic, unlike a time, so it can be a test.

A move that scrolls the map is exempt from the per-move bound: Textual redraws a scrolled widget in full, so such a
move costs the visible map, whatever MapView does. It is held to the bound through the median of a walk that
scrolls (see docs/performance.md, "Interface").
"""

from __future__ import annotations

import statistics

import pytest

from fragtui.bench.ui import BYTES_GOAL, largest_map, map_host, walk_host

MOVES = 60
"""Enough for the zig-zag walk to scroll the largest map at both sizes."""


@pytest.mark.parametrize("size", [(160, 50), (80, 24)], ids=["160x50", "80x24"])
async def test_a_cursor_move_sends_under_2_kb_at_256_colours(size: tuple[int, int]) -> None:
    run = await walk_host(map_host(largest_map()), size, MOVES, colours="256")
    assert len(run.moves) == MOVES
    still = [move.bytes for move in run.moves if not move.scrolled]
    assert any(move.scrolled for move in run.moves), "the walk should scroll the map"
    assert still, "the walk should also move without scrolling"
    worst = max(still)
    assert worst < BYTES_GOAL, f"a cursor move that does not scroll sent {worst} bytes"
    median = statistics.median(move.bytes for move in run.moves)
    assert median < BYTES_GOAL, f"the median cursor move sent {median} bytes"
