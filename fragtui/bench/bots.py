"""Bots benchmark: whole games between heuristic bots, and the time one decision takes. Prints, asserts nothing.

Run: `python -m fragtui.bench.bots [--runs N]` (or through `python -m fragtui.bench`, which calls `figures`).

Each figure is the median over `runs` seeded runs (seeds 1, 2, …), so a figure moves only when the code does
(or the machine):

- a 4-player game to 3 frags on Foundry, and a 6-player one on the largest map that holds six
  (most squares to stand on: The Deadlands Desert, 28×28), every seat a heuristic bot, from `Game.new` to
  the winning frag: the bots' thinking and the engine's work together (goal for 6 players:
  under 0.5 s);
- the time of one heuristic decision, p50 and p99 over every decision of a run's 6-player game
  (goal: p99 under 20 ms);
- the same two for Frag Deadlands: a 6-player game on the same map, six distinct fighters
  (`DeadlandsRules.random_seats`), and its decisions. A decision is `bot.decide(window)`, the view and forecasts it asks
  for included; decisions with one legal action count too, as the interface waits for them.

A process pays once per map for studying it and for warming the engine's caches (line of sight,
moves): a warm-up game on the Desert is played first and not counted, and the median leaves out
Foundry's first run, as a long game would.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from fragtui.bots import BotWindow, make_bot, play_game
from fragtui.bots.bot import Bot
from fragtui.content.library import board_named, new_game
from fragtui.content.maps import map_names
from fragtui.engine.actions import Action
from fragtui.engine.config import make_config
from fragtui.engine.rulesets import find_ruleset

__all__ = ["figures", "largest_map", "main"]

FRAG_TARGET = 3
"""Frags that win each benchmark game."""


@dataclass
class Timed:
    """A bot whose every decision is timed (the wrapper adds a clock read on each side)."""

    bot: Bot
    """The bot timed."""
    times: list[float] = field(default_factory=list)
    """Seconds per decision, in order."""

    @property
    def name(self) -> str:
        return self.bot.name

    def decide(self, window: BotWindow) -> Action:
        start = time.perf_counter()
        action = self.bot.decide(window)
        self.times.append(time.perf_counter() - start)
        return action


def largest_map(players: int) -> str:
    """The shipped map with the most squares a fighter can stand on, among those with room for
    `players` (The Deadlands Desert: 781 of its 28×28; Foundry, as wide, has more rock)."""
    fitting = [name for name in map_names() if len(board_named(name).respawn_points) >= players]
    return max(fitting, key=lambda name: (len(board_named(name).all_squares()), name))


def _game_seconds(map_name: str, players: int, seed: int, ruleset: str = "frag") -> tuple[float, list[float], int]:
    """(seconds for the whole game, each decision's seconds, turns) of one seeded all-heuristic game."""
    # Frag's seats are drawn as they always were here (the same generator, the same designs), so its figures
    # stay comparable; Frag Deadlands' deal six distinct fighters.
    rng = random.Random(f"bench/{map_name}/{players}/{seed}")
    seats = find_ruleset(ruleset).random_seats(rng, players)
    config = make_config(ruleset=ruleset, map=map_name, frag_target=FRAG_TARGET, seats=seats)
    bots = [Timed(make_bot("heuristic", seed * 10 + n)) for n in range(players)]
    start = time.perf_counter()
    game = new_game(config, seed)
    report = play_game(game, bots)
    seconds = time.perf_counter() - start
    return seconds, [t for bot in bots for t in bot.times], report.turns


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def figures(runs: int) -> Iterator[str]:
    """The benchmark's lines, each the median over `runs` runs."""
    runs = max(1, runs)
    four = "foundry"
    six = largest_map(6)
    _game_seconds(six, 6, 0)  # study the map, warm the caches (see the module's docstring)
    games4 = [_game_seconds(four, 4, seed) for seed in range(1, runs + 1)]
    yield f"4-player heuristic game to {FRAG_TARGET} frags: {statistics.median(g[0] for g in games4):.3f} s"
    games6 = [_game_seconds(six, 6, seed) for seed in range(1, runs + 1)]
    yield f"6-player heuristic game to {FRAG_TARGET} frags: {statistics.median(g[0] for g in games6):.3f} s"
    p50 = statistics.median(_percentile(g[1], 0.50) for g in games6)
    p99 = statistics.median(_percentile(g[1], 0.99) for g in games6)
    yield f"heuristic decision p50: {1000 * p50:.2f} ms"
    yield f"heuristic decision p99: {1000 * p99:.2f} ms"
    _game_seconds(six, 6, 0, "deadlands")
    wild = [_game_seconds(six, 6, seed, "deadlands") for seed in range(1, runs + 1)]
    turns = statistics.median(g[2] for g in wild)
    yield (
        f"6-player Frag Deadlands heuristic game to {FRAG_TARGET} frags: "
        f"{statistics.median(g[0] for g in wild):.3f} s ({turns:.0f} turns)"
    )
    p50 = statistics.median(_percentile(g[1], 0.50) for g in wild)
    p99 = statistics.median(_percentile(g[1], 0.99) for g in wild)
    yield f"Frag Deadlands heuristic decision p50: {1000 * p50:.2f} ms, p99: {1000 * p99:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.bots", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; each figure is their median")
    args = parser.parse_args(argv)
    for line in figures(args.runs):
        print(line, flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
