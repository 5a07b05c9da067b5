"""Ruthless bots benchmark: the heuristic posse against the random one, and the time one heuristic decision
takes. Prints, asserts nothing.

Run: `python -m fragtui.bench.ruthless_bots [--games N] [--quick]`.

- *win rate*: on each Ruthless map (main-street, dry-creek), `games` two-posse showdowns (sundown at turn 12,
  the default), heuristic against random; the heuristic bot takes seat 0 in the even games and seat 1 in the
  odd ones, and the posses are the ruleset's random pick per game (`RuthlessRules.random_seats`, seeded), so
  neither the seat nor the posse favours it. A draw (no winner: the action cap) counts as a loss. The figure
  is given with ± 1.96 standard errors (the normal approximation to the binomial).
- *four posses*: on each map, `games // 2` games of one heuristic posse against three random ones (its seat
  going round); a fair share would be 25%.
- *decision time*: every decision of a heuristic bot in a four-posse game on the largest Ruthless map,
  every seat heuristic (p50, p99, max over all decisions of `runs` games; decisions with one legal action
  count too). A warm-up game first, not counted (the engine's caches, the bot's cover table). Given twice:
  the whole call, and the bot's own thinking (the engine's legal actions, which it works out for every
  decider, human or bot, worked out before the clock starts; the view and the forecasts stay inside).
"""

from __future__ import annotations

import argparse
import math
import os
import random
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

__all__ = ["decision_times", "figures", "main", "ruthless_maps", "win_rate"]

RULESET = "ruthless"


@dataclass
class Timed:
    """A bot whose every decision is timed."""

    bot: Bot
    """The bot timed."""
    times: list[float] = field(default_factory=list)
    """Seconds per decision, in order, from the call to `decide` to its answer."""
    thinking: list[float] = field(default_factory=list)
    """The same with the engine's legal actions worked out before the clock starts: the engine works them out
    for every decider (`Game.apply` checks against them), so what is left is the bot's own (its view, its
    forecasts, its thinking)."""

    @property
    def name(self) -> str:
        return self.bot.name

    def decide(self, window: BotWindow) -> Action:
        start = time.perf_counter()
        window.legal_actions()
        ready = time.perf_counter()
        action = self.bot.decide(window)
        end = time.perf_counter()
        self.times.append(end - start)
        self.thinking.append(end - ready)
        return action


def ruthless_maps() -> list[str]:
    """The maps drawn for Ruthless, by name."""
    return sorted(name for name in map_names() if board_named(name).ruleset == RULESET)


def _game(
    map_name: str, kinds: list[str], seed: int, timed: bool = False
) -> tuple[int | None, list[float], list[float]]:
    """One seeded game: its winner (None: nobody) and, if `timed`, every heuristic decision's seconds (whole,
    and its thinking alone: `Timed`)."""
    rng = random.Random(f"ruthless-bots/{map_name}/{seed}")
    seats = find_ruleset(RULESET).random_seats(rng, len(kinds))
    config = make_config(ruleset=RULESET, map=map_name, seats=seats)
    game = new_game(config, seed)
    bots: list[Bot] = [make_bot(kind, seed * 16 + n) for n, kind in enumerate(kinds)]
    clocks = [Timed(bot) for bot in bots] if timed else []
    report = play_game(game, clocks or bots)
    heuristic = [clock for clock in clocks if clock.name == "heuristic"]
    return report.winner, [t for c in heuristic for t in c.times], [t for c in heuristic for t in c.thinking]


def win_rate(map_name: str, games: int, players: int = 2) -> tuple[int, int]:
    """(heuristic wins, games) over `games` games of one heuristic posse against `players - 1` random ones,
    the heuristic seat going round."""
    wins = 0
    for seed in range(1, games + 1):
        seat = seed % players
        kinds = ["random"] * players
        kinds[seat] = "heuristic"
        winner, _, _ = _game(map_name, kinds, seed)
        wins += winner == seat
    return wins, games


def decision_times(map_name: str, runs: int) -> tuple[list[float], list[float]]:
    """Every decision's seconds over `runs` four-posse all-heuristic games on `map_name`: whole, and the bot's
    thinking alone (`Timed`)."""
    _game(map_name, ["heuristic"] * 4, 0, timed=True)  # warm-up
    times: list[float] = []
    thinking: list[float] = []
    for seed in range(1, runs + 1):
        _, whole, own = _game(map_name, ["heuristic"] * 4, seed, timed=True)
        times.extend(whole)
        thinking.extend(own)
    return times, thinking


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def largest_map() -> str:
    """The Ruthless map with the most squares to stand on."""
    return max(ruthless_maps(), key=lambda name: (len(board_named(name).all_squares()), name))


def figures(games: int, runs: int) -> Iterator[str]:
    """The benchmark's lines."""
    total = [0, 0]
    for map_name in ruthless_maps():
        wins, played = win_rate(map_name, games)
        total[0] += wins
        total[1] += played
        yield f"{map_name}: heuristic beats random in {_rate(wins, played)} of {played} games"
    yield f"all maps: heuristic beats random in {_rate(total[0], total[1])} of {total[1]} games"
    for map_name in ruthless_maps():
        wins, played = win_rate(map_name, max(1, games // 2), players=4)
        yield f"{map_name}, 1 heuristic and 3 random posses: it wins {_rate(wins, played)} of {played} (fair: 25%)"
    where = largest_map()
    times, thinking = decision_times(where, runs)
    for what, values in (("whole decision", times), ("the bot's own thinking", thinking)):
        yield (
            f"heuristic decision, 4 posses on {where} ({len(values)} decisions, {runs} games), {what}: "
            f"p50 {1000 * _percentile(values, 0.5):.2f} ms, p99 {1000 * _percentile(values, 0.99):.2f} ms, "
            f"max {1000 * max(values):.2f} ms"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    yield f"(machine load average over the last minute: {load:.2f}, {os.cpu_count()} cores)"


def _rate(wins: int, games: int) -> str:
    """`83.0% ± 5.2%`: the share and 1.96 standard errors."""
    share = wins / games
    spread = 1.96 * math.sqrt(share * (1 - share) / games)
    return f"{100 * share:.1f}% ± {100 * spread:.1f}%"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fragtui.bench.ruthless_bots", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="heuristic-against-random games per map (100)")
    parser.add_argument("--runs", type=int, default=20, help="four-posse games timed (20)")
    parser.add_argument("--quick", action="store_true", help="10 games per map, 1 timed game")
    args = parser.parse_args(argv)
    games, runs = (10, 1) if args.quick else (max(1, args.games), max(1, args.runs))
    for line in figures(games, runs):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
