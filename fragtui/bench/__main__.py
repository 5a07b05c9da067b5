"""`python -m fragtui.bench [--quick] [--runs N]`: every headless benchmark's figures, a section per module.

The engine (`fragtui.bench.engine`), Frag Deadlands (`fragtui.bench.deadlands`), Ruthless
(`fragtui.bench.ruthless`), saves (`fragtui.bench.saves`), the replay viewer (`fragtui.bench.replay`) and the
bots (`fragtui.bench.bots`), in that order; a module that is not there (yet) is named and skipped. Each figure is
the median of its runs. The interface has its own command, `python -m fragtui.bench.ui`.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import sys
from collections.abc import Sequence

SECTIONS = (
    ("engine", "fragtui.bench.engine"),
    ("Frag Deadlands", "fragtui.bench.deadlands"),
    ("Ruthless", "fragtui.bench.ruthless"),
    ("saves", "fragtui.bench.saves"),
    ("replay viewer", "fragtui.bench.replay"),
    ("bots", "fragtui.bench.bots"),
)
"""(heading, module): every module has `figures(runs: int) -> Iterator[str]`."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed (default 5)")
    parser.add_argument("--quick", action="store_true", help="one run per figure: a smoke run, not figures")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else max(1, args.runs)
    print(f"Python {platform.python_version()} on {platform.machine()}, {runs} run{'s' * (runs != 1)} per figure")
    for heading, name in SECTIONS:
        print(f"\n== {heading} ({name}) ==", flush=True)
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise  # the module is there but something it needs is not: a real error
            print("not there: skipped")
            continue
        for line in module.figures(runs):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
