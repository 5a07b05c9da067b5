"""Frag Deadlands benchmark: decisions per second in random games, the first-player poker draw. Prints only.

Run: `python -m fragtui.bench.deadlands [--runs N]` (or through `python -m fragtui.bench`, which calls `figures`).
docs/performance.md ("Frag Deadlands") keeps the figures and the goals (issue 16): at least 10,000 decisions per
second on one core, as Frag, and the poker draw under 50 ms.

- *Decisions per second*, measured as `fragtui.bench.engine` measures Frag: a decision is one
  `Game.legal_actions()` and one `Game.apply()` (both timed; the seeded random pick is not), `DECISIONS` of them in
  a game of 6 players on The Deadlands Desert that will not end (frag target 99), each seat a different fighter
  (`DeadlandsRules.random_seats`). The first game on a freshly loaded board, and a second game on the board it
  warmed. Each figure twice: on the wall clock, as Frag's bench measures, and on the process's CPU clock, which a
  busy shared machine disturbs far less. Frag on the same map with as many players, measured the same way in the
  same run, is the yardstick (Frag's own bench plays 4 players).
- *The first-player poker draw* (D-CARD-04): from `Game.new` (decks shuffled, cards dealt, the draw begun) to the
  first player known and every player's card kept, each player choosing his decks and his keeper at random; the
  engine's time only, as above. 6 players, so 30 cards drawn and six hands ranked. Printed: the median over
  `POKER_GAMES` games of the total, and of the draw's decisions alone (without `Game.new`); and the first draw of
  a new process (a subprocess per run), which also builds the hand evaluator's tables on its first hand.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence

from fragtui.bench.engine import fresh_board, time_decisions
from fragtui.bench.engine import random_game as engine_random_game
from fragtui.content.library import cards_for
from fragtui.engine.board import Board
from fragtui.engine.config import make_config
from fragtui.engine.deadlands.kinds import DeadlandsDecisionKind
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset

__all__ = ["DECISIONS", "MAP", "PLAYERS", "POKER_GAMES", "figures", "poker_draw_seconds", "random_game"]

RULESET = "deadlands"
"""The ruleset benchmarked."""
MAP = "desert"
"""The Deadlands Desert: the largest map, with its beasts (28x28)."""
PLAYERS = 6
"""Players in the benchmark games: as many as Frag Deadlands has fighters."""
DECISIONS = 5_000
"""Decisions timed per game."""
FRAG_TARGET = 99
"""High enough that no random game of `DECISIONS` decisions ends."""
SEED = 7
"""The benchmark games' seed: the same decisions every run."""
POKER_GAMES = 25
"""Poker draws timed per run (each a new game)."""
POKER = frozenset({DeadlandsDecisionKind.POKER_DRAW, DeadlandsDecisionKind.POKER_KEEP})
"""The decisions of the first-player poker draw."""


def random_game(seed: int = SEED, *, board: Board | None = None, players: int = PLAYERS) -> tuple[Game, random.Random]:
    """A new Frag Deadlands game on the desert that will not end soon, and the generator that plays it."""
    rng = random.Random(seed)
    seats = find_ruleset(RULESET).random_seats(rng, players)
    config = make_config(ruleset=RULESET, map=MAP, frag_target=FRAG_TARGET, seats=seats)
    return Game.new(config, seed, board=board or fresh_board(MAP), cards=cards_for(config)), rng


def cpu_decisions(game: Game, rng: random.Random, decisions: int) -> float:
    """`time_decisions` on the process's CPU clock: the seconds of CPU this process spent in the engine,
    which other work on a shared machine does not add to (it still slows the caches a little)."""
    clock = time.process_time
    spent = 0.0
    for _ in range(decisions):
        start = clock()
        actions = game.legal_actions()
        spent += clock() - start
        if not actions:
            break
        action = rng.choice(actions)
        start = clock()
        game.apply(action)
        spent += clock() - start
    return spent


def frag_game(seed: int, board: Board) -> tuple[Game, random.Random]:
    """The same measure's yardstick: a Frag game on the same map with as many players (Frag's own bench
    plays 4)."""
    return engine_random_game(seed, board=board, players=PLAYERS)


def decisions_per_second(
    make: Callable[[int, Board], tuple[Game, random.Random]], timer: Callable[[Game, random.Random, int], float]
) -> tuple[float, float]:
    """One run: on a freshly loaded board, (the first game's, a second game's) decisions per second."""
    board = fresh_board(MAP)
    rates = []
    for seed in (SEED, SEED + 1):
        game, rng = make(seed, board)
        gc.collect()
        spent = timer(game, rng, DECISIONS)
        rates.append(len(game.log) / spent)
    return rates[0], rates[1]


def _deadlands_game(seed: int, board: Board) -> tuple[Game, random.Random]:
    return random_game(seed, board=board)


def _in_poker(game: Game) -> bool:
    pending = game.state.pending
    return bool(pending) and pending[-1].kind in POKER


def poker_draw_seconds(seed: int, board: Board) -> tuple[float, float, int]:
    """(seconds from `Game.new` to the end of the poker draw, seconds of the draw's decisions alone,
    decisions) for one game whose players draw and keep at random."""
    rng = random.Random(seed)
    seats = find_ruleset(RULESET).random_seats(rng, PLAYERS)
    config = make_config(ruleset=RULESET, map=MAP, frag_target=FRAG_TARGET, seats=seats)
    cards = cards_for(config)
    clock = time.perf_counter
    gc.collect()
    start = clock()
    game = Game.new(config, seed, board=board, cards=cards)
    setup = clock() - start
    spent = 0.0
    decisions = 0
    while _in_poker(game):
        start = clock()
        actions = game.legal_actions()
        spent += clock() - start
        action = rng.choice(actions)
        start = clock()
        game.apply(action)
        spent += clock() - start
        decisions += 1
    return setup + spent, spent, decisions


_COLD = """
import time
from fragtui.bench.deadlands import MAP, poker_draw_seconds
from fragtui.bench.engine import fresh_board
board = fresh_board(MAP)
total, draw, decisions = poker_draw_seconds(1, board)
print(total, draw, decisions)
"""


def cold_poker_draw() -> tuple[float, float]:
    """The first poker draw of a new process, as a player starting a game meets it (the evaluator's tables
    built by its first hand ranked): (from `Game.new`, its decisions alone), in seconds."""
    done = subprocess.run([sys.executable, "-c", _COLD], capture_output=True, text=True, check=True)
    total, draw, _ = done.stdout.split()
    return float(total), float(draw)


def figures(runs: int) -> Iterator[str]:
    """One printable line per figure, each the median of `runs` runs."""
    runs = max(1, runs)
    what = f"random legal actions, {MAP}, {PLAYERS} players, {DECISIONS:,} a game"
    for label, make in (("Deadlands", _deadlands_game), ("Frag (yardstick)", frag_game)):
        for clock, timer in (("wall clock", time_decisions), ("CPU time", cpu_decisions)):
            samples = [decisions_per_second(make, timer) for _ in range(runs)]
            first = statistics.median(s[0] for s in samples)
            second = statistics.median(s[1] for s in samples)
            yield (
                f"{label} decisions per second, {clock}: {second:.0f} a second game on the board, "
                f"{first:.0f} the first on a freshly loaded one ({what})"
            )
    board = fresh_board(MAP)
    poker_draw_seconds(0, board)  # the first hand ranked builds the evaluator's tables: a process pays it once
    totals, draws, counts = [], [], []
    for run in range(runs):
        timed = [poker_draw_seconds(1000 * run + n, board) for n in range(1, POKER_GAMES + 1)]
        totals.append(statistics.median(t[0] for t in timed))
        draws.append(statistics.median(t[1] for t in timed))
        counts.append(statistics.median(t[2] for t in timed))
    yield (
        f"first-player poker draw, Game.new to the first player: {1000 * statistics.median(totals):.2f} ms "
        f"({PLAYERS} players, {statistics.median(counts):.0f} decisions, random draws and keeps)"
    )
    yield f"first-player poker draw, its decisions alone: {1000 * statistics.median(draws):.2f} ms"
    cold = [cold_poker_draw() for _ in range(runs)]
    yield (
        f"first-player poker draw, the first of a new process: {1000 * statistics.median(c[0] for c in cold):.2f} ms "
        f"from Game.new, {1000 * statistics.median(c[1] for c in cold):.2f} ms its decisions alone"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.deadlands", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed (default 5)")
    args = parser.parse_args(argv)
    for line in figures(args.runs):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
