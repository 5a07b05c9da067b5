"""Ruthless benchmark: decisions per second in random games of four posses on the largest map. Prints only.

Run: `python -m fragtui.bench.ruthless [--runs N]` (or through `python -m fragtui.bench`, which calls `figures`).
docs/performance.md ("Ruthless") keeps the method and the figures; the goal (issue 19) is at least 10,000
decisions per second on one core, as Frag's.

A *decision* is measured as `fragtui.bench.engine` measures Frag's: one `Game.legal_actions()` and one
`Game.apply()`, both timed (`time.perf_counter()` around each); the seeded random pick is outside the clock, and
no invariant is checked. The legal actions are what the engine offers every caller: an immutable sequence in which
each model's Moves are counted and the one picked is made when it is read (`fragtui.engine.legal`); a caller that
reads them all, as the interface and the bots do, makes them all.

The games: four posses, each a different fixed posse of the shipped roster (`RuthlessRules.random_seats`), on The
Deadlands Desert (28x28, the largest map Ruthless plays on: `RuthlessRules.maps_for` is the Ruthless and the
Deadlands maps), the showdown scenario with no sundown.

A showdown ends when a posse skedaddles, and random posses skedaddle within a few hundred decisions, far fewer
than the `DECISIONS` a run counts. So a run plays game after game: when one ends, the next seed's game is set up
(outside the clock: setting up a table is not a decision) and the counting goes on in it, until `DECISIONS`
decisions are timed. The seeds of a run are `SEED`, `SEED + 1`, ... so every run plays the same decisions.

As Frag's bench does, each run loads the map anew (its per-board caches empty) and times two such batches on it:
the first (seeds from `SEED`), as a new process or an opened save meets the engine, and a second (seeds from
`WARM_SEED`) on the board the first has warmed, as every later game of a session or of `fragtui simulate` does.
Each batch is timed on the wall clock and, because the machine these figures come from is shared, on the process's
CPU clock as well (which other work on the machine hardly disturbs). A full garbage collection is made before each
batch's clock starts (the garbage of loading the map is not the decisions' to pay).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence

from fragtui.bench.engine import fresh_board
from fragtui.content.library import cards_for
from fragtui.engine.board import Board
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.ruthless.rules import SCENARIO, SUNDOWN, RuthlessRules

__all__ = ["DECISIONS", "MAP", "PLAYERS", "SEED", "WARM_SEED", "figures", "random_game", "time_batch"]

MAP = "desert"
"""The Deadlands Desert: 28x28, the largest of the maps Ruthless plays on (Deadlands Town is 30x24, Main Street
30x16, Dry Creek 28x18)."""
PLAYERS = 4
"""Posses in the benchmark games (Ruthless's most)."""
DECISIONS = 5_000
"""Decisions timed per batch (over as many games as it takes)."""
SEED = 7
"""The first game's seed in a batch on a freshly loaded board; the next game plays `SEED + 1`, and so on."""
WARM_SEED = 1_007
"""The first seed of the second batch, on the board the first batch warmed (other games than the first's)."""


def random_game(seed: int, *, board: Board | None = None, players: int = PLAYERS) -> tuple[Game, random.Random]:
    """A new showdown without sundown on the desert, four random fixed posses, and the generator that plays it."""
    rng = random.Random(seed)
    seats = RuthlessRules.random_seats(rng, players)
    config = make_config(ruleset=RuthlessRules.key, map=MAP, seats=seats, options={SCENARIO: "showdown", SUNDOWN: 0})
    return Game.new(config, seed, board=board or fresh_board(MAP), cards=cards_for(config)), rng


def time_batch(board: Board, first_seed: int, decisions: int, clock: Callable[[], float]) -> tuple[float, int]:
    """Play `decisions` random decisions on `board`, game after game from `first_seed` (a game that ends makes
    way for the next seed's); (the seconds spent in the engine on `clock`, the games begun)."""
    spent = 0.0
    counted = 0
    seed = first_seed
    game, rng = random_game(seed, board=board)
    games = 1
    gc.collect()
    while counted < decisions:
        start = clock()
        actions = game.legal_actions()
        spent += clock() - start
        if not actions:  # the showdown is over (the call that said so is timed, but is no decision)
            seed += 1
            game, rng = random_game(seed, board=board)
            games += 1
            continue
        action = rng.choice(actions)
        start = clock()
        game.apply(action)
        spent += clock() - start
        counted += 1
    return spent, games


def decisions_per_second(clock: Callable[[], float]) -> tuple[float, float, int]:
    """One run on a freshly loaded board: (the first batch's, the second batch's) decisions per second, and the
    games the first batch took."""
    board = fresh_board(MAP)
    first, games = time_batch(board, SEED, DECISIONS, clock)
    second, _ = time_batch(board, WARM_SEED, DECISIONS, clock)
    return DECISIONS / first, DECISIONS / second, games


def figures(runs: int) -> Iterator[str]:
    """One printable line per figure, each the median of `runs` runs (the best beside it)."""
    runs = max(1, runs)
    what = f"random legal actions, {MAP}, {PLAYERS} posses, showdown without sundown, {DECISIONS:,} a batch"
    for label, clock in (("wall clock", time.perf_counter), ("CPU time", time.process_time)):
        samples = [decisions_per_second(clock) for _ in range(runs)]
        warm = [sample[1] for sample in samples]
        cold = [sample[0] for sample in samples]
        yield (
            f"Ruthless decisions per second, {label}: {statistics.median(warm):.0f} on a warmed board "
            f"(best {max(warm):.0f}), {statistics.median(cold):.0f} on a freshly loaded one (best {max(cold):.0f}); "
            f"{samples[0][2]} games a batch ({what})"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.ruthless", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed (default 5)")
    args = parser.parse_args(argv)
    for line in figures(args.runs):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
