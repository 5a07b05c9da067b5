"""Saves benchmark: loading and verifying a long save, and its size. Prints figures, asserts nothing.

Run: `python -m fragtui.bench` (all the benchmarks) or `python -m fragtui.bench.saves [--runs N]`.

The save is `long_save()`: a seeded game of random legal actions on the largest map, 4 players, with a frag
target nobody reaches, cut at exactly 5,000 actions. *Load and verify* is what `fragtui` does to open it: read
the JSON from disk, check its shape, and replay every action through the checked `apply`, comparing the dice
and the state hashes with those saved (`fragtui.saves.loading.load_game`). Each run is timed in a new Python
process, from just before `load_game` to just after it, so it includes what a player's first load pays (the
map and the cards read, their fingerprints, the board's caches filled) and leaves out Python's start and the
imports. The figure is the median of the runs.

`--large MB …` adds what `fragtui verify` costs on a save of about that many megabytes (issue 30, item 22):
the long save's first `LARGE_SEED_ACTIONS` actions repeated until the file is that large, written compact,
so the replay refuses the first repeat. Each is verified in a new Python process, which prints its peak
resident memory (`VmHWM` in /proc/self/status, the interpreter and its imports included), its CPU time and the
wall time of the verify.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from fragtui.bench.engine import random_game
from fragtui.saves.format import SaveFile, save_of
from fragtui.saves.store import write_save

__all__ = [
    "LARGE_SEED_ACTIONS",
    "LONG_SAVE_ACTIONS",
    "figures",
    "large_save",
    "long_save",
    "measure_verify",
    "time_load",
]

LONG_SAVE_ACTIONS = 5_000
"""Actions in the long save."""

_LOAD_SCRIPT = """
import sys, time
from fragtui.saves.loading import load_game
start = time.perf_counter()
load_game(sys.argv[1])
print(time.perf_counter() - start)
"""


LARGE_SEED_ACTIONS = 200
"""The actions of the long save that a large save repeats."""

_VERIFY_SCRIPT = """
import resource, sys, time
from pathlib import Path
from fragtui.cli import main
start, cpu = time.perf_counter(), time.process_time()
code = main(["verify", sys.argv[1]])
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
status = Path("/proc/self/status")
lines = status.read_text().splitlines() if status.exists() else []
peaks = [line.split()[1] for line in lines if line.startswith("VmHWM:")]
peak = int(peaks[0]) if peaks else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(code, wall, cpu, peak)
"""
"""(Linux's `VmHWM` is this process's own peak; `ru_maxrss` also counts the parent it was forked from, which
holds the large save's text, so it is the fallback only where there is no /proc.)"""


def large_save(megabytes: float) -> tuple[str, int]:
    """A save's text of about `megabytes` MB, and how many actions it holds: the long save's first
    `LARGE_SEED_ACTIONS` actions repeated, so that the replay refuses action `LARGE_SEED_ACTIONS + 1`."""
    data = json.loads(long_save(LARGE_SEED_ACTIONS).model_dump_json())
    seed = data["actions"]
    each = len(json.dumps(seed)) / len(seed)
    actions = max(len(seed) + 1, int(megabytes * 1_000_000 / (each + 1)))
    data["actions"] = [seed[n % len(seed)] for n in range(actions)]
    return json.dumps(data), actions


def measure_verify(path: Path) -> tuple[int, float, float, int]:
    """`fragtui verify path` in a new Python process: its exit status, wall and CPU seconds, and peak memory (KB)."""
    result = subprocess.run([sys.executable, "-c", _VERIFY_SCRIPT, str(path)], capture_output=True, text=True)
    code, wall, cpu, peak = result.stdout.strip().splitlines()[-1].split()
    return int(code), float(wall), float(cpu), int(peak)


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


def figures(runs: int, large: Sequence[float] = ()) -> Iterator[str]:
    """One printable line per figure, each timing the median of `runs` runs (and each `large` save verified once)."""
    save = long_save()
    with tempfile.TemporaryDirectory(prefix="fragtui-bench-") as folder:
        path = Path(folder) / "long.json"
        write_save(save, path)
        size = path.stat().st_size
        seconds = statistics.median(time_load(path) for _ in range(max(1, runs)))
    actions = len(save.actions)
    yield f"load and verify a {actions:,}-action save: {seconds:.2f} s (read, replay, check every hash; new process)"
    yield f"size of a {actions:,}-action save: {size / 1024:.0f} KB ({size:,} bytes, as written, indent 1)"
    for megabytes in large:
        text, count = large_save(megabytes)
        with tempfile.TemporaryDirectory(prefix="fragtui-bench-") as folder:
            path = Path(folder) / "large.json"
            path.write_text(text)
            size = path.stat().st_size
            code, wall, cpu, peak = measure_verify(path)
        yield (
            f"verify a {size / 1e6:.1f} MB save of {count:,} actions (refused at action {LARGE_SEED_ACTIONS + 1}, "
            f"exit {code}): peak {peak / 1024:,.0f} MB resident ({peak * 1024 / size:.1f}× the file), "
            f"{cpu:.2f} s CPU, {wall:.2f} s wall"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.saves", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed (default 5)")
    parser.add_argument(
        "--large", type=float, nargs="+", default=[], metavar="MB", help="also verify saves of about these sizes"
    )
    args = parser.parse_args(argv)
    for line in figures(args.runs, args.large):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
