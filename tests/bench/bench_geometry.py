"""Benchmark: how fast the board geometry answers, on every shipped map. Prints figures, asserts nothing.

Run: .venv/bin/python tests/bench/bench_geometry.py
"""

from __future__ import annotations

import statistics
import time

from fragtui.content.maps import load_map, map_paths
from fragtui.engine.board import Board


def _median_seconds(fn, repeat: int = 5) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench(board: Board, name: str) -> None:
    squares = board.all_squares()
    starts = list(board.respawn_points.values())
    load = _median_seconds(lambda: load_map(f"maps/{name}.map"), 3)
    pairs = [(a, b) for a in squares[::7] for b in squares[::11]][:20_000]

    def sight_uncached() -> None:
        board.geometry.sight._walls_clear.clear()
        for a, b in pairs:
            board.geometry.line_of_sight(a, b)

    los = _median_seconds(sight_uncached, 3) / len(pairs)
    reach = _median_seconds(lambda: [board.geometry.reachable(s, 24, max_jump=4) for s in starts]) / len(starts)
    print(
        f"{name:<10} {board.width}x{board.height}  load+validate {load * 1000:6.1f} ms  "
        f"line of sight {los * 1e6:5.1f} us/call (uncached)  "
        f"reachable(24 points, jumps 4) {reach * 1000:5.2f} ms"
    )


if __name__ == "__main__":
    for path in map_paths():
        bench(load_map(path), path.stem)
