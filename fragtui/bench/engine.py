"""Engine benchmark: decisions per second in random games, and replaying a log. Prints figures, asserts nothing.

Run: `python -m fragtui.bench` (all the benchmarks) or `python -m fragtui.bench.engine [--runs N]`.
docs/performance.md ("Engine") explains the method and keeps the figures.

A *decision* is what a player or a bot does once: ask `Game.legal_actions()`, pick one, `Game.apply()` it. The
figure times exactly those two calls (`time.perf_counter()` around each; the seeded random pick is outside the
clock), on the largest map with 4 players, in a game whose frag target is too high to be reached, so every decision
of the run is a real one. No invariant is checked (the test suite's harness does that; here it would be timed too).

A board keeps what it has worked out as it is played on (the moves from a square, line of sight between two
squares), so the first game on it pays for filling those caches and later games less. Each run therefore
loads the map anew and times two games of `DECISIONS` decisions on it: the first (seed `SEED`), as a new process's
first game or an opened save sees the engine, and a second one (seed `SEED + 1`) on the board the first has
warmed, as every later game of a session (or of `fragtui simulate`) sees it. Replaying a log is timed on a freshly
loaded board too.

The garbage collector runs as usual while the clock runs, but a full collection is made just before it starts:
loading a map leaves many young objects behind, and the collections that first go through them would otherwise
add about a sixth to the time of a run of 5,000 decisions (measured), a cost of loading the map, not of deciding.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Iterator, Sequence

from fragtui.bots import make_bot
from fragtui.bots.match import play_game
from fragtui.content.library import board_named, card_set
from fragtui.content.maps import load_named_map
from fragtui.engine.board import Board
from fragtui.engine.config import make_config
from fragtui.engine.frag.design import all_designs
from fragtui.engine.game import Game
from fragtui.engine.rulesets import OptionValue

__all__ = [
    "DECISIONS",
    "FRAG_TARGET",
    "MAP",
    "PLAYERS",
    "REAL_TIME",
    "SEED",
    "bot_game_seconds",
    "figures",
    "fresh_board",
    "random_game",
]

MAP = "desert"
"""The largest map (28×28; The Deadlands Desert and Foundry tie on squares, and the interface bench uses Desert)."""
PLAYERS = 4
"""Players in the benchmark games."""
DECISIONS = 5_000
"""Decisions timed per run."""
FRAG_TARGET = 99
"""High enough that no random game of `DECISIONS` decisions ends (the configuration allows at most 99)."""
SEED = 7
"""The benchmark games' seed: the same decisions every run and on every machine."""


def fresh_board(name: str = MAP) -> Board:
    """The map loaded anew from its file, so its per-board caches are empty (not the shared `board_named` one)."""
    return load_named_map(name)


def random_game(
    seed: int = SEED,
    *,
    board: Board | None = None,
    players: int = PLAYERS,
    options: dict[str, OptionValue] | None = None,
) -> tuple[Game, random.Random]:
    """A new game on the largest map that will not end soon, and the generator that plays it.

    On `board` if given (it must be the largest map), else on a freshly loaded copy of it; `options`: the
    configuration's (Real-Time Frag's `real-time`), none by default.
    """
    rng = random.Random(seed)
    designs = all_designs()
    config = make_config(
        map=MAP,
        frag_target=FRAG_TARGET,
        seats=[{"name": f"P{n + 1}", "fighter": rng.choice(designs)} for n in range(players)],
        options=options or {},
    )
    return Game.new(config, seed, board=board or fresh_board(), cards=card_set()), rng


def time_decisions(game: Game, rng: random.Random, decisions: int) -> float:
    """Play `decisions` random decisions (fewer if the game ends); the seconds spent in the engine."""
    clock = time.perf_counter
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


def decisions_per_second(options: dict[str, OptionValue] | None = None) -> tuple[float, float]:
    """One run: on a freshly loaded board, (the first game's, a second game's) decisions per second (`options`:
    the games', Real-Time Frag's `real-time`)."""
    board = fresh_board()
    rates = []
    for seed in (SEED, SEED + 1):
        game, rng = random_game(seed, board=board, options=options)
        gc.collect()  # the garbage of loading the map (or of the last game) is not the decisions' to pay
        spent = time_decisions(game, rng, DECISIONS)
        rates.append(len(game.log) / spent)
    return rates[0], rates[1]


def replay_per_second(log_of: Game) -> float:
    """One run: the game's log applied again from its initial state through the checked `apply`, on a fresh board."""
    game = Game(log_of.initial.model_copy(deep=True), fresh_board(), log_of.cards)
    gc.collect()
    start = time.perf_counter()
    for entry in log_of.log:
        game.apply(entry.action, entry.seat)
    spent = time.perf_counter() - start
    if game.state != log_of.state:
        raise AssertionError("the replay diverged from the game it replays")  # a bug, not a slow engine
    return len(log_of.log) / spent


REAL_TIME: dict[str, OptionValue] = {"real-time": True}
"""Real-Time Frag's option (J-RT-01..10), timed beside Frag's games in the same run."""
BOT_GAME_TARGET = 3
"""The frag target of the timed game of computer players."""


def bot_game_seconds(seed: int, options: dict[str, OptionValue] | None = None) -> tuple[float, int]:
    """One 4-player game of heuristic bots to `BOT_GAME_TARGET` frags on the largest map (already loaded): its wall
    time in seconds (the bots' thinking with the engine's), and its actions."""
    rng = random.Random(seed)
    config = make_config(
        map=MAP,
        frag_target=BOT_GAME_TARGET,
        seats=[{"name": f"P{n + 1}", "fighter": rng.choice(all_designs())} for n in range(PLAYERS)],
        options=options or {},
    )
    game = Game.new(config, seed, board=board_named(MAP), cards=card_set())
    bots = [make_bot("heuristic", seed * 10 + n) for n in range(PLAYERS)]
    gc.collect()
    start = time.perf_counter()
    report = play_game(game, bots)
    return time.perf_counter() - start, report.actions


def figures(runs: int) -> Iterator[str]:
    """One printable line per figure, each the median of `runs` runs."""
    what = f"random legal actions, {MAP}, {PLAYERS} players, {DECISIONS:,} a game"
    for title, options in (("", None), ("Real-Time Frag ", REAL_TIME)):
        samples = [decisions_per_second(options) for _ in range(max(1, runs))]
        first = statistics.median(sample[0] for sample in samples)
        second = statistics.median(sample[1] for sample in samples)
        yield f"{title}decisions per second: {second:.0f} (a second game on the board: {what})"
        yield f"{title}decisions per second, first game on a freshly loaded board: {first:.0f}"
    for title, options in (("", None), ("Real-Time Frag ", REAL_TIME)):
        games = [bot_game_seconds(SEED + n, options) for n in range(max(1, runs))]
        seconds = statistics.median(game[0] for game in games)
        actions = statistics.median(game[1] for game in games)
        yield (
            f"{title}4-player game of heuristic bots to {BOT_GAME_TARGET} frags, {MAP}: {seconds:.2f} s wall time "
            f"(median of {len(games)} games, {actions:.0f} actions)"
        )
    recorded, rng = random_game()
    while len(recorded.log) < DECISIONS and recorded.decider() is not None:
        recorded.apply(rng.choice(recorded.legal_actions()))
    rate = statistics.median(replay_per_second(recorded) for _ in range(max(1, runs)))
    yield f"actions per second replaying a log: {rate:.0f} ({len(recorded.log):,} actions, fresh board, no hashes)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.engine", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is printed (default 5)")
    args = parser.parse_args(argv)
    for line in figures(args.runs):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
