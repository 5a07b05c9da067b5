"""Benchmark: the replay viewer and undo in a long game. Prints figures, asserts nothing.

    python -m fragtui.bench.replay [--runs N]

On a 5,000-action save (`fragtui.bench.saves.long_save`): opening it in the viewer (the checked
replay that also indexes it), seeking to its middle from its end, stepping back and forward one
action anywhere in it, and undoing one step late in the game with and without the copies the
interface keeps (`Game.quick_undo`). Each figure is the median of its runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator

from fragtui.bench.saves import long_save
from fragtui.engine.actions import Hop, Jump, Step
from fragtui.engine.game import Game
from fragtui.saves.format import SaveFile
from fragtui.saves.replay import Replay

__all__ = ["figures"]


def _median(samples: list[float]) -> float:
    return statistics.median(samples)


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _seek(replay: Replay, position: int) -> float:
    """Seconds for the viewer to show `position`, from wherever it is now."""
    start = time.perf_counter()
    replay.at(position)
    return time.perf_counter() - start


def _undo_cost(save: SaveFile, quick: bool) -> float:
    """Seconds to take back one step in the last turn of the save that has one (a fresh game each time)."""
    replay = Replay(save)
    log = replay.log
    last_step = max(n for n, entry in enumerate(log) if isinstance(entry.action, Step | Jump | Hop))
    game = Game(replay.game.initial.model_copy(deep=True), replay.game.board, replay.game.cards)
    game.quick_undo = quick
    for entry in log[: last_step + 1]:
        game.apply(entry.action, entry.seat)
    if not game.undoable():
        raise RuntimeError("the last step of the long save cannot be undone (it rolled or drew)")
    return _timed(game.undo)


def figures(runs: int = 5) -> Iterator[str]:
    """One line per figure, each the median of `runs` runs."""
    save = long_save()
    actions = len(save.actions)
    opening = _median([_timed(lambda: Replay(save)) for _ in range(runs)])
    yield f"replay: open (check and index) a {actions:,}-action save: {opening:.2f} s"
    replay = Replay(save)
    middle = actions // 2
    seeks = []
    for _ in range(runs):
        replay.at(actions)
        seeks.append(_seek(replay, middle))
    yield f"replay: seek from the end to the middle: {1000 * _median(seeks):.1f} ms"
    rng = random.Random(1)
    back, forward = [], []
    for _ in range(200):
        position = rng.randrange(1, actions)
        replay.at(position)
        back.append(_seek(replay, position - 1))
        forward.append(_seek(replay, position))
    p99 = statistics.quantiles(back, n=100)[98]
    yield f"replay: step back one action: median {1000 * _median(back):.2f} ms, p99 {1000 * p99:.1f} ms"
    yield f"replay: step forward one action: median {1000 * _median(forward):.2f} ms"
    quick = _median([_undo_cost(save, quick=True) for _ in range(runs)])
    full = _median([_undo_cost(save, quick=False) for _ in range(min(runs, 3))])
    yield f"undo one step late in a {actions:,}-action game: {1000 * quick:.1f} ms (full replay: {1000 * full:.0f} ms)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (the median is printed)")
    args = parser.parse_args()
    for line in figures(args.runs):
        print(line, flush=True)


if __name__ == "__main__":
    main()
