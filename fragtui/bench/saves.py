"""Saves benchmark: loading and verifying a long save, and its size. Prints figures, asserts nothing.

Run: `python -m fragtui.bench` (all the benchmarks) or `python -m fragtui.bench.saves [--runs N]`.

The save is `long_save()`: a seeded game of random legal actions on the largest map, 4 players, with a frag
target nobody reaches, cut at exactly 5,000 actions. *Load and verify* is what `fragtui` does to open it: read
the JSON from disk, check its shape, and replay every action through the checked `apply`, comparing the dice
and the state hashes with those saved (`fragtui.saves.loading.load_game`). Each run is timed in a new Python
process, from just before `load_game` to just after it, so it includes what a player's first load pays (the
map and the cards read, their fingerprints, the board's caches filled) and leaves out Python's start and the
imports. The figure is the median of the runs.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from fragtui.bench.engine import random_game
from fragtui.saves.format import SaveFile, save_of
from fragtui.saves.store import write_save

__all__ = ["LONG_SAVE_ACTIONS", "figures", "long_save", "time_load"]

LONG_SAVE_ACTIONS = 5_000
"""Actions in the long save."""

_LOAD_SCRIPT = """
import sys, time
from fragtui.saves.loading import load_game
start = time.perf_counter()
load_game(sys.argv[1])
print(time.perf_counter() - start)
"""


def long_save(actions: int = LONG_SAVE_ACTIONS) -> SaveFile:
    """The save of a seeded random game on the largest map, exactly `actions` actions long (the same every call).

    The game's frag target is too high to reach in that many actions; a game that ended sooner would be a
    RuntimeError (it does not, for the seed used).
    """
    game, rng = random_game()
    while len(game.log) < actions:
        legal = game.legal_actions()
        if not legal:
            raise RuntimeError(f"the benchmark game ended after {len(game.log)} actions, before {actions}")
        game.apply(rng.choice(legal))
    return save_of(game)


def time_load(path: Path) -> float:
    """Seconds `load_game(path)` takes in a new Python process (its start and imports left out)."""
    result = subprocess.run([sys.executable, "-c", _LOAD_SCRIPT, str(path)], capture_output=True, text=True, check=True)
    return float(result.stdout.strip().splitlines()[-1])


def figures(runs: int) -> Iterator[str]:
    """One printable line per figure, each timing the median of `runs` runs."""
    save = long_save()
    with tempfile.TemporaryDirectory(prefix="fragtui-bench-") as folder:
        path = Path(folder) / "long.json"
        write_save(save, path)
        size = path.stat().st_size
        seconds = statistics.median(time_load(path) for _ in range(max(1, runs)))
    actions = len(save.actions)
    yield f"load and verify a {actions:,}-action save: {seconds:.2f} s (read, replay, check every hash; new process)"
    yield f"size of a {actions:,}-action save: {size / 1024:.0f} KB ({size:,} bytes, as written, indent 1)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.saves", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed (default 5)")
    args = parser.parse_args(argv)
    for line in figures(args.runs):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
