"""Set-up screen benchmark: the CPU time of building the new-game screen, and of a key typed into it. Prints figures.

Run: `python -m fragtui.bench.setup_screen [--runs N] [--quick]`. docs/performance.md ("The set-up screen") explains
the method and keeps the figures.

A *build* is what a player waits for after `n` on the title, and what the set-up tests pay for every test: a new
headless app (`App.run_test`, no terminal) that pushes `NewGameScreen` with the defaults (Frag, four seats, the
first map that fits) and lets it settle (`Pilot.pause` twice: composed, mounted, laid out, drawn, its footer built).
The figure is the CPU time of the process from making the app to the screen settled (`time.process_time()`, which
counts this process alone whatever else the machine runs, so it is steadier than the wall clock on a shared
machine), the median of `runs` builds after one build left out (the first pays for loading the maps and for
Textual's first stylesheet).

A *key* is a digit typed into the dice seed, the field a player types most into: `Pilot.press` and a pause, the CPU
time of each, the median of `2 * runs` digits, and the layouts of the screen it caused (each one lays out all of the
screen's widgets). Nothing is asserted; it lives outside tests/ so pytest never times anything.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from textual.app import App
from textual.geometry import Size
from textual.screen import Screen

from fragtui.tui.setup import NewGameScreen

__all__ = ["SIZES", "build_seconds", "figures", "seed_key"]

SIZES: tuple[tuple[int, int], ...] = ((120, 40), (80, 24))
"""The issue's size and the classic terminal."""


class _Host(App[None]):
    """A bare app that opens the set-up screen, as the title's `n` does."""

    def on_mount(self) -> None:
        self.push_screen(NewGameScreen(recall_last=False))


async def _build(size: tuple[int, int]) -> float:
    start = time.process_time()
    async with _Host().run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        return time.process_time() - start


def build_seconds(size: tuple[int, int], runs: int) -> list[float]:
    """CPU seconds of `runs` builds of the set-up screen at `size`, after one that is not counted."""

    async def builds() -> list[float]:
        await _build(size)
        return [await _build(size) for _ in range(runs)]

    return asyncio.run(builds())


def seed_key(size: tuple[int, int], keys: int) -> tuple[list[float], float]:
    """CPU seconds of each of `keys` digits typed into the seed, and the screen's layouts a digit."""
    layouts = 0
    laid_out = Screen._refresh_layout

    def counting(screen: Screen[Any], size: Size | None = None, scroll: bool = False) -> None:
        nonlocal layouts
        layouts += 1
        laid_out(screen, size, scroll)

    async def typing() -> list[float]:
        nonlocal layouts
        async with _Host().run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+r")
            await pilot.pause()
            layouts, times = 0, []
            for n in range(keys):
                start = time.process_time()
                await pilot.press(str(n % 10))
                await pilot.pause()
                times.append(time.process_time() - start)
            return times

    Screen._refresh_layout = counting  # type: ignore[method-assign,assignment]
    try:
        times = asyncio.run(typing())
    finally:
        Screen._refresh_layout = laid_out  # type: ignore[method-assign]
    return times, layouts / keys


def figures(runs: int = 5) -> Iterator[str]:
    """One line per figure and size, each the median of its runs."""
    for size in SIZES:
        builds = build_seconds(size, runs)
        shown = ", ".join(f"{t:.2f}" for t in builds)
        yield f"set-up screen build, {size[0]}x{size[1]}: median {statistics.median(builds):.2f} s CPU ({shown})"
    for size in SIZES:
        times, layouts = seed_key(size, 2 * runs)
        median = statistics.median(times) * 1000
        yield f"a digit typed into the seed, {size[0]}x{size[1]}: median {median:.0f} ms CPU, {layouts:.1f} layouts"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.setup_screen", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="builds per size; the median is printed (default 7)")
    parser.add_argument("--quick", action="store_true", help="one build per size: a smoke run, not figures")
    args = parser.parse_args(argv)
    for line in figures(1 if args.quick else max(1, args.runs)):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
